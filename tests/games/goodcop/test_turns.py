"""A turn: Investigate, Arm, Equip or Shoot; take aim; end the turn. Shots, wounds and wins."""

from hiddenhand.games.goodcop.phases import ACTION, AFTER_INVESTIGATE, AIM, END_OF_TURN, REVEAL
from tests.games.goodcop.helpers import armed, arrange, card, choices, close_window, do, kinds

TABLE = ["AHC", "KCC", "HHC", "CCH"]  # Ana Agent, Bea Kingpin, Cal honest, Dee crooked


def test_investigate_shows_one_hidden_card_to_the_investigator_only():
    g = arrange(TABLE, hands=[[], ["Med Kit"]])
    events = do(g, 0, "investigate", 1, 0)
    assert card(g, 0, 1, 0) == "kingpin"
    assert card(g, 2, 1, 0) is None and card(g, None, 1, 0) is None
    private = [e for e in events if not e.public]
    assert private and all(e.audience == frozenset({0}) for e in private)
    assert g.phase == AFTER_INVESTIGATE and set(g.pending()) == {1}


def test_investigate_only_other_living_players_hidden_cards():
    g = arrange(TABLE)
    g.up |= 1 << g.cards[1][0]
    g.alive[2] = False
    g.rearranged()
    targets = {(a[1], a[2]) for a in choices(g, 0) if a[0] == "investigate"}
    assert targets == {(1, 1), (1, 2), (3, 0), (3, 1), (3, 2)}


def test_arm_takes_a_gun_reveals_a_chosen_card_then_aims():
    g = arrange(TABLE)
    do(g, 0, "arm")
    assert g.guns == 3 and g.phase == REVEAL
    assert choices(g, 0) == {("reveal", 0), ("reveal", 1), ("reveal", 2)}
    do(g, 0, "reveal", 2)
    assert g.view(None)["players"][0]["cards"][2] == {
        "card": "crooked",
        "revealed": True,
        "wounded": False,
    }
    assert g.phase == AIM and choices(g, 0) == {("aim", 1), ("aim", 2), ("aim", 3)}
    do(g, 0, "aim", 1)
    assert g.view(None)["players"][0]["aim"] == 1
    assert g.phase == END_OF_TURN or g.turn == 1


def test_no_second_gun_and_no_gun_when_the_centre_is_empty():
    g = arrange(TABLE)
    armed(g, 0, 1)
    assert "arm" not in kinds(g, 0)
    g = arrange(TABLE)
    g.guns = 0
    g.rearranged()
    assert "arm" not in kinds(g, 0)


def test_arm_with_every_card_revealed_skips_the_reveal():
    g = arrange(TABLE)
    for c in g.cards[0]:
        g.up |= 1 << c
    g.rearranged()
    do(g, 0, "arm")
    assert g.phase == AIM


def test_equip_draws_then_reveals():
    g = arrange(TABLE, deck=["Med Kit"])
    do(g, 0, "equip")
    assert g.view(0)["hand"] == ["Med Kit"]
    assert g.phase == REVEAL
    do(g, 0, "reveal", 0)
    assert g.phase in (END_OF_TURN, ACTION)


def test_hand_limit_one_discard_before_anything_else():
    g = arrange(TABLE, hands=[["Coffee"]], deck=["Med Kit"])
    do(g, 0, "equip")
    assert set(g.pending()) == {0}
    assert choices(g, 0) == {("discard", "Coffee"), ("discard", "Med Kit")}
    do(g, 0, "discard", "Coffee")
    assert g.view(0)["hand"] == ["Med Kit"] and g.view(None)["discard"] == ["Coffee"]
    assert g.phase == REVEAL


def test_aim_only_at_living_others_and_only_in_take_aim():
    g = arrange(TABLE)
    g.alive[3] = False
    armed(g, 0, 1)
    assert "aim" not in kinds(g, 0)  # not during the action phase
    do(g, 0, "investigate", 2, 0)
    close_window(g)
    assert choices(g, 0) == {("aim", 1), ("aim", 2)}


def test_shoot_needs_a_gun_aimed_at_a_living_player():
    g = arrange(TABLE)
    assert "shoot" not in kinds(g, 0)
    armed(g, 0, 2)
    assert ("shoot", 2) in choices(g, 0)
    g.alive[2] = False
    g.rearranged()
    assert "shoot" not in kinds(g, 0)


def test_shot_non_leader_is_eliminated_reveals_drops_gun_discards_hand_keeps_front():
    g = arrange(TABLE, hands=[[], [], ["Coffee"], []])
    armed(g, 0, 2)
    armed(g, 2, 1)
    g.placed[6] = 2  # Planted Evidence in front of Cal
    with g.collecting():
        g.update_teams()
    do(g, 0, "shoot", 2)
    close_window(g)
    view = g.view(None)
    cal = view["players"][2]
    assert not cal["alive"] and all(c["revealed"] for c in cal["cards"])
    assert not cal["armed"] and cal["hand"] == 0 and cal["front"] == ["Planted Evidence"]
    assert view["discard"] == ["Coffee"]
    assert not view["players"][0]["armed"]  # the shooter drops the gun
    assert view["guns_in_centre"] == 4


def test_leader_survives_the_first_shot_wounded_and_draws_equipment():
    g = arrange(TABLE, deck=["Med Kit"])
    armed(g, 0, 1)
    do(g, 0, "shoot", 1)
    close_window(g)
    bea = g.view(1)["players"][1]
    assert bea["alive"] and bea["cards"][0] == {
        "card": "kingpin",
        "revealed": True,
        "wounded": True,
    }
    assert all(c["revealed"] for c in bea["cards"])
    assert g.view(1)["hand"] == ["Med Kit"]
    assert g.outcome() is None


def test_wounded_leader_shot_again_is_eliminated_and_the_other_team_wins():
    g = arrange(TABLE)
    g.wounded |= 1 << g.cards[1][0]
    armed(g, 2, 1)
    g.turn = 2
    do(g, 2, "shoot", 1)
    close_window(g)
    outcome = g.outcome()
    assert outcome is not None and outcome.side == "honest"
    assert outcome.winners == {0, 2}
    assert g.pending() == {}


def test_agent_eliminated_crooked_win_including_eliminated_teammates():
    g = arrange(TABLE)
    g.alive[3] = False  # Dee, crooked, is already out: still wins with the team
    g.wounded |= 1 << g.cards[0][0]
    armed(g, 1, 0)
    g.turn = 1
    do(g, 1, "shoot", 0)
    close_window(g)
    assert g.outcome().side == "crooked" and g.outcome().winners == {1, 3}
    # at the end, everything is shown to everyone
    assert all(c["card"] is not None for p in g.view(None)["players"] for c in p["cards"])


def test_turn_passes_clockwise_skipping_eliminated_players():
    g = arrange(TABLE)
    g.alive[1] = False
    do(g, 0, "investigate", 2, 0)
    close_window(g)
    close_window(g)
    assert g.turn == 2 and g.phase == ACTION


def test_the_view_marks_whose_turn_and_who_is_to_move():
    g = arrange(TABLE, hands=[["Coffee"], ["Med Kit"], [], []])
    do(g, 0, "investigate", 2, 0)
    view = g.view(3)
    assert view["turn"] == 0 and view["to_move"] == [0, 1]
    assert view["phase"] == "after investigate"


def test_eliminated_players_are_not_asked_in_windows():
    g = arrange(TABLE, hands=[[], ["Coffee"], ["Med Kit"], []])
    g.alive[2] = False
    do(g, 0, "investigate", 1, 0)
    assert set(g.pending()) == {1}
