"""Each of the 19 equipment cards, and when equipment may be played."""

from collections import Counter

from hiddenhand.games.goodcop.equipment import BASE_EQUIPMENT, PlantedEvidence
from hiddenhand.games.goodcop.phases import ACTION, END_OF_TURN, SHOOTING, START
from tests.games.goodcop.helpers import armed, arrange, card, choices, close_window, do, kinds

TABLE = ["AHC", "KCC", "HHC", "CCH", "HCH"]  # Ana Agent, Bea Kingpin, Cal, Dee, Eli


def test_the_deck_has_19_cards_of_18_titles():
    counts = Counter(BASE_EQUIPMENT.titles[t] for t in BASE_EQUIPMENT.deck)
    assert len(BASE_EQUIPMENT.deck) == 19 and len(BASE_EQUIPMENT.titles) == 18
    assert counts["Defibrillator"] == 2 and all(
        n == 1 for title, n in counts.items() if title != "Defibrillator"
    )


# -- timing ------------------------------------------------------------------------------------


def test_game_start_window_asks_every_holder():
    state = arrange(TABLE, hands=[["Coffee"], [], ["Med Kit"]], start_window=True)
    assert state.phase == START and set(state.pending()) == {0, 2}
    # Med Kit has no use (nobody wounded), but Cal is still asked: hand counts are public
    assert choices(state, 2) == {("pass",)}
    assert choices(state, 0) == {("pass",), ("play", "Coffee")}
    do(state, 0, "pass")
    do(state, 2, "pass")
    assert state.phase == ACTION


def test_after_a_card_resolves_everyone_is_asked_again():
    state = arrange(TABLE, hands=[["Coffee"], ["Smoke Grenade"], ["Med Kit"]], start_window=True)
    do(state, 2, "pass")
    do(state, 1, "play", "Smoke Grenade")
    assert set(state.pending()) == {0, 2}


def test_end_of_turn_window_then_next_player():
    state = arrange(TABLE, hands=[[], ["Coffee"]])
    do(state, 0, "investigate", 2, 0)
    close_window(state)
    assert state.phase == END_OF_TURN or state.turn == 1
    close_window(state)
    assert state.turn == 1 and state.phase == ACTION


def test_own_turn_play_then_still_take_an_action():
    state = arrange(TABLE, hands=[["Smoke Grenade"]])
    assert ("play", "Smoke Grenade") in choices(state, 0)
    do(state, 0, "play", "Smoke Grenade")
    assert state.phase == ACTION and state.turn == 0 and "investigate" in kinds(state, 0)


def test_shot_reactions_only_when_a_shot_is_announced():
    state = arrange(TABLE, hands=[["Restraining Order"], ["Riot Shield"]])
    assert ("play", "Restraining Order") not in choices(state, 0)
    armed(state, 0, 1)
    do(state, 0, "investigate", 2, 0)
    assert ("play", "Riot Shield") not in choices(state, 1)


def test_hand_limit_no_equipment_until_discarded():
    state = arrange(TABLE, hands=[["Coffee"]], deck=["Smoke Grenade"])
    do(state, 0, "equip")
    assert kinds(state, 0) == {"discard"}


# -- the cards ---------------------------------------------------------------------------------


def test_blackmail_swaps_two_cards_of_two_other_players_who_see_what_they_get():
    state = arrange(TABLE, hands=[["Blackmail"]])
    do(state, 0, "play", "Blackmail")
    assert not any(a[0] == "card" and a[2] == 0 for a in choices(state, 0))  # not your own
    do(state, 0, "card", "Blackmail", 2, 0)
    assert not any(a[2] == 2 for a in choices(state, 0))  # a different player
    state.face_up |= 1 << state.cards[3][1]  # a face-up card stays face-up when it moves
    do(state, 0, "card", "Blackmail", 3, 1)
    assert card(state, 2, 2, 0) == "crooked" and card(state, 3, 3, 1) == "honest"
    assert state.view(None)["players"][2]["cards"][0]["revealed"]
    assert card(state, 0, 3, 1) is None  # the blackmailer learns nothing of the hidden one


def test_blackmail_needs_two_other_living_players():
    state = arrange(["AHC", "KCC", "HHC", "CCH"], hands=[["Blackmail"]])
    state.alive[2] = False
    state.alive[3] = False
    state.rearranged()
    assert ("play", "Blackmail") not in choices(state, 0)


def test_coffee_takes_the_next_turn():
    state = arrange(TABLE, hands=[[], [], [], ["Coffee"]])
    do(state, 0, "investigate", 1, 1)
    do(state, 3, "play", "Coffee")
    close_window(state)
    close_window(state)
    assert state.turn == 3
    do(state, 3, "investigate", 1, 1)
    close_window(state)
    close_window(state)
    assert state.turn == 4  # order continues from Dee


def test_defibrillator_revives_an_eliminated_non_leader_other_than_you():
    state = arrange(TABLE, hands=[["Defibrillator"]])
    state.alive[2] = False
    state.alive[0] = False  # not yourself (and you could not play it dead anyway)
    state.alive[0] = True
    state.rearranged()
    do(state, 0, "play", "Defibrillator")
    assert choices(state, 0) == {("target", "Defibrillator", 2)}
    do(state, 0, "target", "Defibrillator", 2)
    assert state.alive[2]


def test_defibrillator_cannot_revive_a_leader_or_nobody():
    state = arrange(TABLE, hands=[["Defibrillator"]])
    assert ("play", "Defibrillator") not in choices(state, 0)


def test_evidence_bag_moves_a_hand_card_and_the_receiver_sees_it():
    state = arrange(TABLE, hands=[["Evidence Bag"], ["Coffee"], ["Med Kit"]])
    do(state, 0, "play", "Evidence Bag")
    do(state, 0, "evidence", 1, "hand")
    assert ("target", "Evidence Bag", 1) not in choices(state, 0)
    do(state, 0, "target", "Evidence Bag", 2)
    assert state.view(2)["hand"] == ["Med Kit", "Coffee"] and state.over_limit == 2
    assert kinds(state, 2) == {"discard"}
    assert state.view(0)["hand"] == []


def test_evidence_bag_moves_planted_evidence_and_teams_follow():
    state = arrange(TABLE, hands=[["Evidence Bag"]])
    state.placed[PlantedEvidence.index] = 2
    with state.collecting():  # set up by hand: nobody is told
        state.update_teams()
    assert state.view(2)["team"] == "crooked"
    do(state, 0, "play", "Evidence Bag")
    do(state, 0, "evidence", 2, "Planted Evidence")
    do(state, 0, "target", "Evidence Bag", 3)
    assert state.view(2)["team"] == "honest" and state.view(3)["team"] == "honest"
    assert state.view(None)["players"][3]["front"] == ["Planted Evidence"]


def test_k9_unit_makes_an_armed_player_drop_their_gun():
    state = arrange(TABLE, hands=[["K-9 Unit"]])
    assert ("play", "K-9 Unit") not in choices(state, 0)
    armed(state, 1, 0)
    do(state, 0, "play", "K-9 Unit")
    do(state, 0, "target", "K-9 Unit", 1)
    assert not state.view(None)["players"][1]["armed"] and state.guns == 5


def test_metal_detector_looks_at_one_hidden_card_of_each_other_armed_player():
    state = arrange(TABLE, hands=[["Metal Detector"]])
    armed(state, 1, 0)
    armed(state, 3, 0)
    armed(state, 0, 1)
    do(state, 0, "play", "Metal Detector")
    assert {a[2] for a in choices(state, 0)} == {1}
    do(state, 0, "card", "Metal Detector", 1, 0)
    do(state, 0, "card", "Metal Detector", 3, 2)
    assert card(state, 0, 1, 0) == "kingpin" and card(state, 0, 3, 2) == "honest"
    assert state.task is None


def test_planted_evidence_flips_honest_and_crooked():
    state = arrange(TABLE, hands=[["Planted Evidence"]])
    events = do(state, 0, "play", "Planted Evidence")
    events += do(state, 0, "target", "Planted Evidence", 2)
    assert state.view(2)["team"] == "crooked"
    told = [e for e in events if e.kind == "team"]
    assert len(told) == 1 and told[0].audience == frozenset({2})


def test_planted_evidence_on_a_leader_changes_nothing():
    state = arrange(TABLE, hands=[["Planted Evidence"]])
    do(state, 0, "play", "Planted Evidence")
    do(state, 0, "target", "Planted Evidence", 1)
    assert state.view(1)["team"] == "crooked"
    assert state.view(None)["players"][1]["front"] == ["Planted Evidence"]


def test_polygraph_both_players_see_all_of_each_others_cards():
    state = arrange(TABLE, hands=[["Polygraph"]])
    do(state, 0, "play", "Polygraph")
    do(state, 0, "target", "Polygraph", 3)
    assert [card(state, 0, 3, s) for s in range(3)] == ["crooked", "crooked", "honest"]
    assert [card(state, 3, 0, s) for s in range(3)] == ["agent", "honest", "crooked"]
    assert card(state, 1, 3, 0) is None


def test_restraining_order_makes_the_shooter_aim_elsewhere_and_still_shoot():
    state = arrange(TABLE, hands=[[], [], ["Restraining Order"]])
    armed(state, 0, 2)
    do(state, 0, "shoot", 2)
    assert state.phase == SHOOTING
    do(state, 2, "play", "Restraining Order")
    assert choices(state, 0) == {("target", "Restraining Order", p) for p in (1, 3, 4)}
    do(state, 0, "target", "Restraining Order", 3)
    close_window(state)
    assert state.alive[2] and not state.alive[3]


def test_restraining_order_needs_three_living_players():
    state = arrange(["AHC", "KCC", "HHC", "CCH"], hands=[[], ["Restraining Order"]])
    state.alive[2] = state.alive[3] = False
    armed(state, 0, 1)
    do(state, 0, "shoot", 1)
    assert choices(state, 1) == {("pass",)}


def test_smoke_grenade_reverses_the_turn_order():
    state = arrange(TABLE, hands=[["Smoke Grenade"]])
    do(state, 0, "play", "Smoke Grenade")
    do(state, 0, "investigate", 1, 0)
    close_window(state)
    close_window(state)
    assert state.turn == 4 and state.view(None)["direction"] == "counterclockwise"


def test_surveillance_camera_investigates_the_investigator_back():
    state = arrange(TABLE, hands=[[], [], ["Surveillance Camera"]], turn=2)
    do(state, 2, "play", "Surveillance Camera")
    assert state.view(None)["players"][2]["front"] == ["Surveillance Camera"]
    do(state, 2, "investigate", 0, 0)
    close_window(state)
    close_window(state)
    assert state.turn == 3
    do(state, 3, "investigate", 2, 1)
    assert set(state.pending()) == {2}
    assert choices(state, 2) == {("card", "Surveillance Camera", 3, s) for s in range(3)}
    do(state, 2, "card", "Surveillance Camera", 3, 0)
    assert card(state, 2, 3, 0) == "crooked"


def test_taser_takes_a_gun_on_your_own_turn_which_cannot_fire_this_turn():
    state = arrange(TABLE, hands=[["Taser"], [], [], ["Coffee"]])
    assert ("play", "Taser") not in choices(state, 0)  # nobody is armed
    armed(state, 1, 0)
    do(state, 0, "play", "Taser")
    do(state, 0, "target", "Taser", 1)
    assert choices(state, 0) == {("aim", p) for p in (1, 2, 3, 4)}
    do(state, 0, "aim", 1)
    assert (
        state.view(None)["players"][0]["aim"] == 1 and not state.view(None)["players"][1]["armed"]
    )
    assert state.phase == ACTION and "shoot" not in kinds(state, 0) and "arm" not in kinds(state, 0)


def test_taser_only_on_your_own_turn_and_unarmed():
    state = arrange(TABLE, hands=[["Coffee"], ["Taser"]])
    armed(state, 2, 0)
    do(state, 0, "investigate", 2, 0)
    assert ("play", "Taser") not in choices(state, 1)
    state = arrange(TABLE, hands=[["Taser"]])
    armed(state, 0, 1)
    armed(state, 2, 0)
    assert ("play", "Taser") not in choices(state, 0)


def test_truth_serum_reveals_any_hidden_card():
    state = arrange(TABLE, hands=[["Truth Serum"]])
    do(state, 0, "play", "Truth Serum")
    do(state, 0, "card", "Truth Serum", 1, 0)
    assert card(state, None, 1, 0) == "kingpin"


def test_wiretap_looks_at_one_card_each_of_two_different_players():
    state = arrange(TABLE, hands=[["Wiretap"]])
    do(state, 0, "play", "Wiretap")
    do(state, 0, "card", "Wiretap", 1, 2)
    assert not any(a[2] == 1 for a in choices(state, 0))
    do(state, 0, "card", "Wiretap", 4, 0)
    assert card(state, 0, 1, 2) == "crooked" and card(state, 0, 4, 0) == "honest"


def test_disguise_stops_investigations():
    state = arrange(TABLE, hands=[["Disguise"]], turn=0)
    do(state, 0, "play", "Disguise")
    do(state, 0, "target", "Disguise", 1)
    assert not any(a[0] == "investigate" and a[1] == 1 for a in choices(state, 0))


def test_med_kit_removes_a_wounded_token():
    state = arrange(TABLE, hands=[["Med Kit"]])
    assert ("play", "Med Kit") not in choices(state, 0)
    state.wounded |= 1 << state.cards[1][0]
    state.face_up |= 1 << state.cards[1][0]
    state.rearranged()
    do(state, 0, "play", "Med Kit")
    do(state, 0, "target", "Med Kit", 1)
    assert state.wounded == 0


def test_riot_shield_the_target_deflects_to_a_neighbour():
    state = arrange(TABLE, hands=[[], [], ["Riot Shield"], ["Riot Shield"]][:3])
    armed(state, 0, 2)
    do(state, 0, "shoot", 2)
    do(state, 2, "play", "Riot Shield")
    assert choices(state, 2) == {("target", "Riot Shield", 1), ("target", "Riot Shield", 3)}
    do(state, 2, "target", "Riot Shield", 3)
    close_window(state)
    assert state.alive[2] and not state.alive[3]


def test_riot_shield_only_for_the_target():
    state = arrange(TABLE, hands=[[], ["Riot Shield"]])
    armed(state, 0, 2)
    do(state, 0, "shoot", 2)
    assert choices(state, 1) == {("pass",)}


def test_walkie_talkie_every_armed_player_aims_at_the_chosen_player():
    state = arrange(TABLE, hands=[["Walkie Talkie"]])
    armed(state, 1, 0)
    armed(state, 2, 0)
    armed(state, 3, 4)
    do(state, 0, "play", "Walkie Talkie")
    do(state, 0, "target", "Walkie Talkie", 3)
    aims = [p["aim"] for p in state.view(None)["players"]]
    assert aims == [None, 3, 3, 4, None]  # Dee cannot aim at herself


def test_another_card_during_a_shot_lets_the_shooter_choose_again():
    state = arrange(TABLE, hands=[[], ["Smoke Grenade"]])
    armed(state, 0, 2)
    do(state, 0, "shoot", 2)
    do(state, 1, "play", "Smoke Grenade")
    close_window(state)
    assert state.phase == ACTION and state.turn == 0 and state.alive[2]
    assert ("shoot", 2) in choices(state, 0) and "investigate" in kinds(state, 0)


def test_after_a_lone_win_every_team_follows_the_team_rules():
    """Seed 004: "If, at any time, a player has both the Agent and the Kingpin cards, that player
    wins alone." The others keep the teams their cards give them: "If the majority of your
    Integrity cards are "Honest" and you do not have the Kingpin card" you are Honest."""
    state = arrange(["AHH", "KHH", "CCC", "CCH"], hands=[[], [], ["Blackmail"]], turn=2)
    do(state, 2, "play", "Blackmail")
    do(state, 2, "card", "Blackmail", 0, 1)
    do(state, 2, "card", "Blackmail", 1, 0)
    assert state.outcome() is not None and state.outcome().winners == {0}
    shown = [p["team"] for p in state.view(None)["players"]]
    assert shown == ["lone", "honest", "crooked", "crooked"]  # seat 1 now holds three Honest
    assert state.roles() == ["lone", "honest", "crooked", "crooked"]
