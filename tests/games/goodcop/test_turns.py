"""A turn: Investigate, Arm, Equip or Shoot; take aim; end the turn. Shots, wounds and wins."""

from hiddenhand.games.goodcop.phases import ACTION, AFTER_INVESTIGATE, AIM, END_OF_TURN, REVEAL
from tests.games.goodcop.helpers import armed, arrange, card, choices, close_window, do, kinds

TABLE = ["AHC", "KCC", "HHC", "CCH"]  # Ana Agent, Bea Kingpin, Cal honest, Dee crooked


def test_investigate_shows_one_hidden_card_to_the_investigator_only():
    state = arrange(TABLE, hands=[[], ["Med Kit"]])
    events = do(state, 0, "investigate", 1, 0)
    assert card(state, 0, 1, 0) == "kingpin"
    assert card(state, 2, 1, 0) is None and card(state, None, 1, 0) is None
    private = [e for e in events if not e.public]
    assert private and all(e.audience == frozenset({0}) for e in private)
    assert state.phase == AFTER_INVESTIGATE and set(state.pending()) == {1}


def test_investigate_only_other_living_players_hidden_cards():
    state = arrange(TABLE)
    state.face_up |= 1 << state.cards[1][0]
    state.alive[2] = False
    state.rearranged()
    targets = {(a[1], a[2]) for a in choices(state, 0) if a[0] == "investigate"}
    assert targets == {(1, 1), (1, 2), (3, 0), (3, 1), (3, 2)}


def test_arm_takes_a_gun_reveals_a_chosen_card_then_aims():
    state = arrange(TABLE)
    do(state, 0, "arm")
    assert state.guns == 3 and state.phase == REVEAL
    assert choices(state, 0) == {("reveal", 0), ("reveal", 1), ("reveal", 2)}
    do(state, 0, "reveal", 2)
    assert state.view(None)["players"][0]["cards"][2] == {
        "card": "crooked",
        "revealed": True,
        "wounded": False,
    }
    assert state.phase == AIM and choices(state, 0) == {("aim", 1), ("aim", 2), ("aim", 3)}
    do(state, 0, "aim", 1)
    assert state.view(None)["players"][0]["aim"] == 1
    assert state.phase == END_OF_TURN or state.turn == 1


def test_no_second_gun_and_no_gun_when_the_centre_is_empty():
    state = arrange(TABLE)
    armed(state, 0, 1)
    assert "arm" not in kinds(state, 0)
    state = arrange(TABLE)
    state.guns = 0
    state.rearranged()
    assert "arm" not in kinds(state, 0)


def test_arm_with_every_card_revealed_skips_the_reveal():
    state = arrange(TABLE)
    for c in state.cards[0]:
        state.face_up |= 1 << c
    state.rearranged()
    do(state, 0, "arm")
    assert state.phase == AIM


def test_equip_draws_then_reveals():
    state = arrange(TABLE, deck=["Med Kit"])
    do(state, 0, "equip")
    assert state.view(0)["hand"] == ["Med Kit"]
    assert state.phase == REVEAL
    do(state, 0, "reveal", 0)
    assert state.phase in (END_OF_TURN, ACTION)


def test_hand_limit_one_discard_before_anything_else():
    state = arrange(TABLE, hands=[["Coffee"]], deck=["Med Kit"])
    do(state, 0, "equip")
    assert set(state.pending()) == {0}
    assert choices(state, 0) == {("discard", "Coffee"), ("discard", "Med Kit")}
    do(state, 0, "discard", "Coffee")
    assert state.view(0)["hand"] == ["Med Kit"] and state.view(None)["discard"] == ["Coffee"]
    assert state.phase == REVEAL


def test_aim_only_at_living_others_and_only_in_take_aim():
    state = arrange(TABLE)
    state.alive[3] = False
    armed(state, 0, 1)
    assert "aim" not in kinds(state, 0)  # not during the action phase
    do(state, 0, "investigate", 2, 0)
    close_window(state)
    assert choices(state, 0) == {("aim", 1), ("aim", 2)}


def test_shoot_needs_a_gun_aimed_at_a_living_player():
    state = arrange(TABLE)
    assert "shoot" not in kinds(state, 0)
    armed(state, 0, 2)
    assert ("shoot", 2) in choices(state, 0)
    state.alive[2] = False
    state.rearranged()
    assert "shoot" not in kinds(state, 0)


def test_shot_non_leader_is_eliminated_reveals_drops_gun_discards_hand_keeps_front():
    state = arrange(TABLE, hands=[[], [], ["Coffee"], []])
    armed(state, 0, 2)
    armed(state, 2, 1)
    state.placed[6] = 2  # Planted Evidence in front of Cal
    with state.collecting():
        state.update_teams()
    do(state, 0, "shoot", 2)
    close_window(state)
    view = state.view(None)
    cal = view["players"][2]
    assert not cal["alive"] and all(c["revealed"] for c in cal["cards"])
    assert not cal["armed"] and cal["hand"] == 0 and cal["front"] == ["Planted Evidence"]
    assert view["discard"] == ["Coffee"]
    assert not view["players"][0]["armed"]  # the shooter drops the gun
    assert view["guns_in_centre"] == 4


def test_leader_survives_the_first_shot_wounded_and_draws_equipment():
    state = arrange(TABLE, deck=["Med Kit"])
    armed(state, 0, 1)
    do(state, 0, "shoot", 1)
    close_window(state)
    bea = state.view(1)["players"][1]
    assert bea["alive"] and bea["cards"][0] == {
        "card": "kingpin",
        "revealed": True,
        "wounded": True,
    }
    assert all(c["revealed"] for c in bea["cards"])
    assert state.view(1)["hand"] == ["Med Kit"]
    assert state.outcome() is None


def test_wounded_leader_shot_again_is_eliminated_and_the_other_team_wins():
    state = arrange(TABLE)
    state.wounded |= 1 << state.cards[1][0]
    armed(state, 2, 1)
    state.turn = 2
    do(state, 2, "shoot", 1)
    close_window(state)
    outcome = state.outcome()
    assert outcome is not None and outcome.side == "honest"
    assert outcome.winners == {0, 2}
    assert state.pending() == {}


def test_agent_eliminated_crooked_win_including_eliminated_teammates():
    state = arrange(TABLE)
    state.alive[3] = False  # Dee, crooked, is already out: still wins with the team
    state.wounded |= 1 << state.cards[0][0]
    armed(state, 1, 0)
    state.turn = 1
    do(state, 1, "shoot", 0)
    close_window(state)
    assert state.outcome().side == "crooked" and state.outcome().winners == {1, 3}
    # at the end, everything is shown to everyone
    assert all(c["card"] is not None for p in state.view(None)["players"] for c in p["cards"])


def test_turn_passes_clockwise_skipping_eliminated_players():
    state = arrange(TABLE)
    state.alive[1] = False
    do(state, 0, "investigate", 2, 0)
    close_window(state)
    close_window(state)
    assert state.turn == 2 and state.phase == ACTION


def test_the_view_marks_whose_turn_and_who_is_to_move():
    state = arrange(TABLE, hands=[["Coffee"], ["Med Kit"], [], []])
    do(state, 0, "investigate", 2, 0)
    view = state.view(3)
    assert view["turn"] == 0 and view["to_move"] == [0, 1]
    assert view["phase"] == "after investigate"


def test_eliminated_players_are_not_asked_in_windows():
    state = arrange(TABLE, hands=[[], ["Coffee"], ["Med Kit"], []])
    state.alive[2] = False
    do(state, 0, "investigate", 1, 0)
    assert set(state.pending()) == {1}
