"""Each of the 19 equipment cards, and when equipment may be played."""

from collections import Counter

from hiddenhand.games.goodcop.cards import EQUIPMENT, EQUIPMENT_DECK, TITLES
from hiddenhand.games.goodcop.phases import ACTION, END_OF_TURN, SHOOTING, START
from tests.games.goodcop.helpers import armed, arrange, card, choices, close_window, do, kinds

TABLE = ["AHC", "KCC", "HHC", "CCH", "HCH"]  # Ana Agent, Bea Kingpin, Cal, Dee, Eli


def test_the_deck_has_19_cards_of_18_titles():
    counts = Counter(TITLES[t] for t in EQUIPMENT_DECK)
    assert len(EQUIPMENT_DECK) == 19 and len(EQUIPMENT) == 18
    assert counts["Defibrillator"] == 2 and all(
        n == 1 for title, n in counts.items() if title != "Defibrillator"
    )


# -- timing ------------------------------------------------------------------------------------


def test_game_start_window_asks_every_holder():
    g = arrange(TABLE, hands=[["Coffee"], [], ["Med Kit"]], start_window=True)
    assert g.phase == START and set(g.pending()) == {0, 2}
    # Med Kit has no use (nobody wounded), but Cal is still asked: hand counts are public
    assert choices(g, 2) == {("pass",)}
    assert choices(g, 0) == {("pass",), ("play", "Coffee")}
    do(g, 0, "pass")
    do(g, 2, "pass")
    assert g.phase == ACTION


def test_after_a_card_resolves_everyone_is_asked_again():
    g = arrange(TABLE, hands=[["Coffee"], ["Smoke Grenade"], ["Med Kit"]], start_window=True)
    do(g, 2, "pass")
    do(g, 1, "play", "Smoke Grenade")
    assert set(g.pending()) == {0, 2}


def test_end_of_turn_window_then_next_player():
    g = arrange(TABLE, hands=[[], ["Coffee"]])
    do(g, 0, "investigate", 2, 0)
    close_window(g)
    assert g.phase == END_OF_TURN or g.turn == 1
    close_window(g)
    assert g.turn == 1 and g.phase == ACTION


def test_own_turn_play_then_still_take_an_action():
    g = arrange(TABLE, hands=[["Smoke Grenade"]])
    assert ("play", "Smoke Grenade") in choices(g, 0)
    do(g, 0, "play", "Smoke Grenade")
    assert g.phase == ACTION and g.turn == 0 and "investigate" in kinds(g, 0)


def test_shot_reactions_only_when_a_shot_is_announced():
    g = arrange(TABLE, hands=[["Restraining Order"], ["Riot Shield"]])
    assert ("play", "Restraining Order") not in choices(g, 0)
    armed(g, 0, 1)
    do(g, 0, "investigate", 2, 0)
    assert ("play", "Riot Shield") not in choices(g, 1)


def test_hand_limit_no_equipment_until_discarded():
    g = arrange(TABLE, hands=[["Coffee"]], deck=["Smoke Grenade"])
    do(g, 0, "equip")
    assert kinds(g, 0) == {"discard"}


# -- the cards ---------------------------------------------------------------------------------


def test_blackmail_swaps_two_cards_of_two_other_players_who_see_what_they_get():
    g = arrange(TABLE, hands=[["Blackmail"]])
    do(g, 0, "play", "Blackmail")
    assert not any(a[0] == "card" and a[2] == 0 for a in choices(g, 0))  # not your own
    do(g, 0, "card", "Blackmail", 2, 0)
    assert not any(a[2] == 2 for a in choices(g, 0))  # a different player
    g.up |= 1 << g.cards[3][1]  # a face-up card stays face-up when it moves
    do(g, 0, "card", "Blackmail", 3, 1)
    assert card(g, 2, 2, 0) == "crooked" and card(g, 3, 3, 1) == "honest"
    assert g.view(None)["players"][2]["cards"][0]["revealed"]
    assert card(g, 0, 3, 1) is None  # the blackmailer learns nothing of the hidden one


def test_blackmail_needs_two_other_living_players():
    g = arrange(["AHC", "KCC", "HHC", "CCH"], hands=[["Blackmail"]])
    g.alive[2] = False
    g.alive[3] = False
    g.rearranged()
    assert ("play", "Blackmail") not in choices(g, 0)


def test_coffee_takes_the_next_turn():
    g = arrange(TABLE, hands=[[], [], [], ["Coffee"]])
    do(g, 0, "investigate", 1, 1)
    do(g, 3, "play", "Coffee")
    close_window(g)
    close_window(g)
    assert g.turn == 3
    do(g, 3, "investigate", 1, 1)
    close_window(g)
    close_window(g)
    assert g.turn == 4  # order continues from Dee


def test_defibrillator_revives_an_eliminated_non_leader_other_than_you():
    g = arrange(TABLE, hands=[["Defibrillator"]])
    g.alive[2] = False
    g.alive[0] = False  # not yourself (and you could not play it dead anyway)
    g.alive[0] = True
    g.rearranged()
    do(g, 0, "play", "Defibrillator")
    assert choices(g, 0) == {("target", "Defibrillator", 2)}
    do(g, 0, "target", "Defibrillator", 2)
    assert g.alive[2]


def test_defibrillator_cannot_revive_a_leader_or_nobody():
    g = arrange(TABLE, hands=[["Defibrillator"]])
    assert ("play", "Defibrillator") not in choices(g, 0)


def test_evidence_bag_moves_a_hand_card_and_the_receiver_sees_it():
    g = arrange(TABLE, hands=[["Evidence Bag"], ["Coffee"], ["Med Kit"]])
    do(g, 0, "play", "Evidence Bag")
    do(g, 0, "evidence", 1, "hand")
    assert ("target", "Evidence Bag", 1) not in choices(g, 0)
    do(g, 0, "target", "Evidence Bag", 2)
    assert g.view(2)["hand"] == ["Med Kit", "Coffee"] and g.over_limit == 2
    assert kinds(g, 2) == {"discard"}
    assert g.view(0)["hand"] == []


def test_evidence_bag_moves_planted_evidence_and_teams_follow():
    g = arrange(TABLE, hands=[["Evidence Bag"]])
    g.placed[TITLES.index("Planted Evidence")] = 2
    with g.collecting():  # set up by hand: nobody is told
        g.update_teams()
    assert g.view(2)["team"] == "crooked"
    do(g, 0, "play", "Evidence Bag")
    do(g, 0, "evidence", 2, "Planted Evidence")
    do(g, 0, "target", "Evidence Bag", 3)
    assert g.view(2)["team"] == "honest" and g.view(3)["team"] == "honest"
    assert g.view(None)["players"][3]["front"] == ["Planted Evidence"]


def test_k9_unit_makes_an_armed_player_drop_their_gun():
    g = arrange(TABLE, hands=[["K-9 Unit"]])
    assert ("play", "K-9 Unit") not in choices(g, 0)
    armed(g, 1, 0)
    do(g, 0, "play", "K-9 Unit")
    do(g, 0, "target", "K-9 Unit", 1)
    assert not g.view(None)["players"][1]["armed"] and g.guns == 5


def test_metal_detector_looks_at_one_hidden_card_of_each_other_armed_player():
    g = arrange(TABLE, hands=[["Metal Detector"]])
    armed(g, 1, 0)
    armed(g, 3, 0)
    armed(g, 0, 1)
    do(g, 0, "play", "Metal Detector")
    assert {a[2] for a in choices(g, 0)} == {1}
    do(g, 0, "card", "Metal Detector", 1, 0)
    do(g, 0, "card", "Metal Detector", 3, 2)
    assert card(g, 0, 1, 0) == "kingpin" and card(g, 0, 3, 2) == "honest"
    assert g.task is None


def test_planted_evidence_flips_honest_and_crooked():
    g = arrange(TABLE, hands=[["Planted Evidence"]])
    events = do(g, 0, "play", "Planted Evidence")
    events += do(g, 0, "target", "Planted Evidence", 2)
    assert g.view(2)["team"] == "crooked"
    told = [e for e in events if e.kind == "team"]
    assert len(told) == 1 and told[0].audience == frozenset({2})


def test_planted_evidence_on_a_leader_changes_nothing():
    g = arrange(TABLE, hands=[["Planted Evidence"]])
    do(g, 0, "play", "Planted Evidence")
    do(g, 0, "target", "Planted Evidence", 1)
    assert g.view(1)["team"] == "crooked"
    assert g.view(None)["players"][1]["front"] == ["Planted Evidence"]


def test_polygraph_both_players_see_all_of_each_others_cards():
    g = arrange(TABLE, hands=[["Polygraph"]])
    do(g, 0, "play", "Polygraph")
    do(g, 0, "target", "Polygraph", 3)
    assert [card(g, 0, 3, s) for s in range(3)] == ["crooked", "crooked", "honest"]
    assert [card(g, 3, 0, s) for s in range(3)] == ["agent", "honest", "crooked"]
    assert card(g, 1, 3, 0) is None


def test_restraining_order_makes_the_shooter_aim_elsewhere_and_still_shoot():
    g = arrange(TABLE, hands=[[], [], ["Restraining Order"]])
    armed(g, 0, 2)
    do(g, 0, "shoot", 2)
    assert g.phase == SHOOTING
    do(g, 2, "play", "Restraining Order")
    assert choices(g, 0) == {("target", "Restraining Order", p) for p in (1, 3, 4)}
    do(g, 0, "target", "Restraining Order", 3)
    close_window(g)
    assert g.alive[2] and not g.alive[3]


def test_restraining_order_needs_three_living_players():
    g = arrange(["AHC", "KCC", "HHC", "CCH"], hands=[[], ["Restraining Order"]])
    g.alive[2] = g.alive[3] = False
    armed(g, 0, 1)
    do(g, 0, "shoot", 1)
    assert choices(g, 1) == {("pass",)}


def test_smoke_grenade_reverses_the_turn_order():
    g = arrange(TABLE, hands=[["Smoke Grenade"]])
    do(g, 0, "play", "Smoke Grenade")
    do(g, 0, "investigate", 1, 0)
    close_window(g)
    close_window(g)
    assert g.turn == 4 and g.view(None)["direction"] == "counterclockwise"


def test_surveillance_camera_investigates_the_investigator_back():
    g = arrange(TABLE, hands=[[], [], ["Surveillance Camera"]], turn=2)
    do(g, 2, "play", "Surveillance Camera")
    assert g.view(None)["players"][2]["front"] == ["Surveillance Camera"]
    do(g, 2, "investigate", 0, 0)
    close_window(g)
    close_window(g)
    assert g.turn == 3
    do(g, 3, "investigate", 2, 1)
    assert set(g.pending()) == {2}
    assert choices(g, 2) == {("card", "Surveillance Camera", 3, s) for s in range(3)}
    do(g, 2, "card", "Surveillance Camera", 3, 0)
    assert card(g, 2, 3, 0) == "crooked"


def test_taser_takes_a_gun_on_your_own_turn_which_cannot_fire_this_turn():
    g = arrange(TABLE, hands=[["Taser"], [], [], ["Coffee"]])
    assert ("play", "Taser") not in choices(g, 0)  # nobody is armed
    armed(g, 1, 0)
    do(g, 0, "play", "Taser")
    do(g, 0, "target", "Taser", 1)
    assert choices(g, 0) == {("aim", p) for p in (1, 2, 3, 4)}
    do(g, 0, "aim", 1)
    assert g.view(None)["players"][0]["aim"] == 1 and not g.view(None)["players"][1]["armed"]
    assert g.phase == ACTION and "shoot" not in kinds(g, 0) and "arm" not in kinds(g, 0)


def test_taser_only_on_your_own_turn_and_unarmed():
    g = arrange(TABLE, hands=[["Coffee"], ["Taser"]])
    armed(g, 2, 0)
    do(g, 0, "investigate", 2, 0)
    assert ("play", "Taser") not in choices(g, 1)
    g = arrange(TABLE, hands=[["Taser"]])
    armed(g, 0, 1)
    armed(g, 2, 0)
    assert ("play", "Taser") not in choices(g, 0)


def test_truth_serum_reveals_any_hidden_card():
    g = arrange(TABLE, hands=[["Truth Serum"]])
    do(g, 0, "play", "Truth Serum")
    do(g, 0, "card", "Truth Serum", 1, 0)
    assert card(g, None, 1, 0) == "kingpin"


def test_wiretap_looks_at_one_card_each_of_two_different_players():
    g = arrange(TABLE, hands=[["Wiretap"]])
    do(g, 0, "play", "Wiretap")
    do(g, 0, "card", "Wiretap", 1, 2)
    assert not any(a[2] == 1 for a in choices(g, 0))
    do(g, 0, "card", "Wiretap", 4, 0)
    assert card(g, 0, 1, 2) == "crooked" and card(g, 0, 4, 0) == "honest"


def test_disguise_stops_investigations():
    g = arrange(TABLE, hands=[["Disguise"]], turn=0)
    do(g, 0, "play", "Disguise")
    do(g, 0, "target", "Disguise", 1)
    assert not any(a[0] == "investigate" and a[1] == 1 for a in choices(g, 0))


def test_med_kit_removes_a_wounded_token():
    g = arrange(TABLE, hands=[["Med Kit"]])
    assert ("play", "Med Kit") not in choices(g, 0)
    g.wounded |= 1 << g.cards[1][0]
    g.up |= 1 << g.cards[1][0]
    g.rearranged()
    do(g, 0, "play", "Med Kit")
    do(g, 0, "target", "Med Kit", 1)
    assert g.wounded == 0


def test_riot_shield_the_target_deflects_to_a_neighbour():
    g = arrange(TABLE, hands=[[], [], ["Riot Shield"], ["Riot Shield"]][:3])
    armed(g, 0, 2)
    do(g, 0, "shoot", 2)
    do(g, 2, "play", "Riot Shield")
    assert choices(g, 2) == {("target", "Riot Shield", 1), ("target", "Riot Shield", 3)}
    do(g, 2, "target", "Riot Shield", 3)
    close_window(g)
    assert g.alive[2] and not g.alive[3]


def test_riot_shield_only_for_the_target():
    g = arrange(TABLE, hands=[[], ["Riot Shield"]])
    armed(g, 0, 2)
    do(g, 0, "shoot", 2)
    assert choices(g, 1) == {("pass",)}


def test_walkie_talkie_every_armed_player_aims_at_the_chosen_player():
    g = arrange(TABLE, hands=[["Walkie Talkie"]])
    armed(g, 1, 0)
    armed(g, 2, 0)
    armed(g, 3, 4)
    do(g, 0, "play", "Walkie Talkie")
    do(g, 0, "target", "Walkie Talkie", 3)
    aims = [p["aim"] for p in g.view(None)["players"]]
    assert aims == [None, 3, 3, 4, None]  # Dee cannot aim at herself


def test_another_card_during_a_shot_lets_the_shooter_choose_again():
    g = arrange(TABLE, hands=[[], ["Smoke Grenade"]])
    armed(g, 0, 2)
    do(g, 0, "shoot", 2)
    do(g, 1, "play", "Smoke Grenade")
    close_window(g)
    assert g.phase == ACTION and g.turn == 0 and g.alive[2]
    assert ("shoot", 2) in choices(g, 0) and "investigate" in kinds(g, 0)


def test_after_a_lone_win_every_team_follows_the_team_rules():
    """Seed 004: "If, at any time, a player has both the Agent and the Kingpin cards, that player
    wins alone." The others keep the teams their cards give them: "If the majority of your
    Integrity cards are "Honest" and you do not have the Kingpin card" you are Honest."""
    g = arrange(["AHH", "KHH", "CCC", "CCH"], hands=[[], [], ["Blackmail"]], turn=2)
    do(g, 2, "play", "Blackmail")
    do(g, 2, "card", "Blackmail", 0, 1)
    do(g, 2, "card", "Blackmail", 1, 0)
    assert g.outcome() is not None and g.outcome().winners == {0}
    shown = [p["team"] for p in g.view(None)["players"]]
    assert shown == ["lone", "honest", "crooked", "crooked"]  # seat 1 now holds three Honest
    assert g.roles() == ["lone", "honest", "crooked", "crooked"]
