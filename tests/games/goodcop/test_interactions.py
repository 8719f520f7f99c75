"""The tricky interactions between cards, and the equipment deck running out."""

from hiddenhand.engine import get_game
from hiddenhand.games.goodcop.cards import EQUIPMENT_DECK, TITLES
from hiddenhand.games.goodcop.options import GoodCopOptions
from hiddenhand.games.goodcop.phases import ACTION, END_OF_TURN
from tests.games.goodcop.helpers import armed, arrange, card, choices, close_window, do, kinds

TABLE = ["AHC", "KCC", "HHC", "CCH", "HCH"]


def test_restraining_order_then_riot_shield_on_one_shot():
    g = arrange(TABLE, hands=[[], ["Restraining Order"], [], ["Riot Shield"]])
    armed(g, 0, 1)
    do(g, 0, "shoot", 1)
    do(g, 1, "play", "Restraining Order")
    do(g, 0, "target", "Restraining Order", 3)  # Ana must aim at Dee instead
    assert g.view(None)["shot"] == {"shooter": 0, "target": 3}
    do(g, 3, "play", "Riot Shield")  # Dee, now the target, deflects to a neighbour
    do(g, 3, "target", "Riot Shield", 4)
    close_window(g)
    assert g.alive[1] and g.alive[3] and not g.alive[4]
    assert g.phase != ACTION or g.turn != 0  # the shot happened: no new action


def test_riot_shield_then_restraining_order_on_one_shot():
    g = arrange(TABLE, hands=[[], [], ["Riot Shield"], [], ["Restraining Order"]])
    armed(g, 0, 2)
    do(g, 0, "shoot", 2)
    do(g, 2, "play", "Riot Shield")
    do(g, 2, "target", "Riot Shield", 3)
    do(g, 4, "play", "Restraining Order")
    assert ("target", "Restraining Order", 3) not in choices(g, 0)
    do(g, 0, "target", "Restraining Order", 2)
    close_window(g)
    assert not g.alive[2] and g.alive[3]


def test_riot_shield_can_send_the_shot_back_to_the_shooter():
    g = arrange(["AHC", "KCC", "HHC", "CCH"], hands=[[], [], [], ["Riot Shield"]], turn=2)
    g.alive[1] = True
    armed(g, 2, 3)
    do(g, 2, "shoot", 3)
    do(g, 3, "play", "Riot Shield")
    do(g, 3, "target", "Riot Shield", 2)
    close_window(g)
    assert not g.alive[2] and g.alive[3]


def test_k9_after_restraining_order_the_shot_does_not_happen():
    g = arrange(TABLE, hands=[[], ["Restraining Order"], ["K-9 Unit"]])
    armed(g, 0, 1)
    do(g, 0, "shoot", 1)
    do(g, 1, "play", "Restraining Order")
    do(g, 0, "target", "Restraining Order", 3)
    do(g, 2, "play", "K-9 Unit")
    do(g, 2, "target", "K-9 Unit", 0)
    close_window(g)
    assert all(g.alive) and not g.view(None)["players"][0]["armed"]
    assert not (g.phase == ACTION and g.turn == 0)  # the action was spent


def test_coffee_with_smoke_grenade():
    g = arrange(TABLE, hands=[[], [], ["Coffee"], ["Smoke Grenade"]])
    do(g, 0, "investigate", 1, 0)
    do(g, 2, "play", "Coffee")
    do(g, 3, "play", "Smoke Grenade")
    close_window(g)
    close_window(g)
    assert g.turn == 2  # Coffee: Cal goes next
    do(g, 2, "investigate", 1, 1)
    close_window(g)
    close_window(g)
    assert g.turn == 1  # and play continues from Cal, now counterclockwise


def test_coffee_before_the_first_turn_takes_the_first_turn():
    g = arrange(TABLE, hands=[[], [], [], ["Coffee"]], start_window=True, turn=0)
    do(g, 3, "play", "Coffee")
    assert g.turn == 3 and g.phase == ACTION


def test_blackmail_making_a_lone_winner():
    g = arrange(TABLE, hands=[[], [], ["Blackmail"]], turn=2)
    do(g, 2, "play", "Blackmail")
    do(g, 2, "card", "Blackmail", 0, 1)  # Ana's honest card
    do(g, 2, "card", "Blackmail", 1, 0)  # for Bea's Kingpin
    outcome = g.outcome()
    assert outcome is not None and outcome.side == "lone" and outcome.winners == {0}
    assert "Agent and the Kingpin" in outcome.reason and g.pending() == {}


def test_blackmail_moves_the_wounded_token_with_the_leader_card_and_teams_change():
    g = arrange(TABLE, hands=[["Blackmail"]])
    kingpin = g.cards[1][0]
    g.wounded |= 1 << kingpin
    g.up |= 1 << kingpin
    events = do(g, 0, "play", "Blackmail")
    events += do(g, 0, "card", "Blackmail", 1, 0)
    events += do(g, 0, "card", "Blackmail", 2, 0)
    cal = g.view(None)["players"][2]["cards"][0]
    assert cal == {"card": "kingpin", "revealed": True, "wounded": True}
    assert g.view(2)["team"] == "crooked" and g.view(1)["team"] == "crooked"
    told = {next(iter(e.audience)) for e in events if e.kind == "team"}
    assert told == {2}


def test_disguise_against_surveillance_camera():
    g = arrange(TABLE, hands=[[], ["Disguise"], ["Surveillance Camera"]], turn=1)
    do(g, 1, "play", "Disguise")
    do(g, 1, "target", "Disguise", 1)
    g.placed[TITLES.index("Surveillance Camera")] = 2
    g.hand[2] = []
    do(g, 1, "investigate", 2, 0)
    assert g.task is None  # the camera cannot investigate a disguised player


def test_disguise_against_polygraph_and_metal_detector():
    g = arrange(TABLE, hands=[["Polygraph"]])
    g.placed[TITLES.index("Disguise")] = 1
    g.rearranged()
    do(g, 0, "play", "Polygraph")
    assert ("target", "Polygraph", 1) not in choices(g, 0)
    g = arrange(TABLE, hands=[["Metal Detector"]])
    g.placed[TITLES.index("Disguise")] = 1
    armed(g, 1, 0)
    assert ("play", "Metal Detector") not in choices(g, 0)  # the only armed player is disguised
    armed(g, 3, 0)
    do(g, 0, "play", "Metal Detector")
    assert {a[2] for a in choices(g, 0)} == {3}


def test_defibrillator_revived_player_takes_turns_again_with_cards_face_up():
    g = arrange(TABLE, hands=[[], [], [], ["Defibrillator"]])
    armed(g, 0, 2)
    do(g, 0, "shoot", 2)
    close_window(g)
    assert not g.alive[2] and g.phase == END_OF_TURN
    do(g, 3, "play", "Defibrillator")
    do(g, 3, "target", "Defibrillator", 2)
    cal = g.view(None)["players"][2]
    assert cal["alive"] and all(c["revealed"] for c in cal["cards"])
    assert not cal["armed"] and cal["hand"] == 0
    assert g.turn == 1
    do(g, 1, "investigate", 0, 0)
    assert g.turn == 2 and "arm" in kinds(g, 2)


def g_title(c):
    return EQUIPMENT_DECK[c]


def test_planted_evidence_on_a_player_who_then_receives_a_leader():
    g = arrange(TABLE, hands=[["Planted Evidence"], [], [], [], ["Blackmail"]])
    do(g, 0, "play", "Planted Evidence")
    do(g, 0, "target", "Planted Evidence", 2)
    assert g.view(2)["team"] == "crooked"
    g.turn = 4
    g.phase = ACTION
    g.rearranged()
    do(g, 4, "play", "Blackmail")
    do(g, 4, "card", "Blackmail", 0, 0)  # the Agent
    do(g, 4, "card", "Blackmail", 2, 1)
    assert g.view(2)["team"] == "honest"  # the Agent decides, evidence or not
    assert g.view(0)["team"] == "honest"  # Ana: Honest, Crooked and Cal's Honest card


def test_discard_pile_is_reshuffled_into_a_new_deck():
    g = arrange(TABLE, hands=[["Coffee"]])
    g.discards, g.deck, g.loose = g.deck[:-1], g.deck[-1:], 1
    do(g, 0, "equip")
    do(g, 0, "discard", g.view(0)["hand"][0])
    assert g.view(None)["deck"] == 0
    do(g, 0, "reveal", 0)
    close_window(g)
    close_window(g)
    do(g, 1, "equip")
    assert g.view(None)["deck"] == 19 - 1 - 1  # all discards came back, Bea drew one
    assert g.view(None)["discard"] == []


def test_discard_under_the_deck_option():
    g = arrange(TABLE, hands=[["Smoke Grenade"]], options=GoodCopOptions(discard="bottom"))
    deck = len(g.deck)
    do(g, 0, "play", "Smoke Grenade")
    assert g.view(None)["discard"] == [] and g.view(None)["deck"] == deck + 1
    assert TITLES[g_title(g.deck[0])] == "Smoke Grenade"


def test_guns_option_players_minus_two():
    game = get_game("goodcop")
    g = game.start(5, {"guns": "players-minus-2"}, seed=1)
    assert g.view(None)["guns_in_centre"] == 3
    assert "arm" in kinds(arrange(TABLE, options=GoodCopOptions(guns="players-minus-2")), 0)


def test_an_investigated_card_stays_known_when_it_moves():
    g = arrange(TABLE, hands=[[], [], [], [], ["Blackmail"]])
    do(g, 0, "investigate", 1, 0)
    close_window(g)
    g.turn = 4
    g.phase = ACTION
    g.rearranged()
    do(g, 4, "play", "Blackmail")
    do(g, 4, "card", "Blackmail", 1, 0)
    do(g, 4, "card", "Blackmail", 3, 2)
    assert card(g, 0, 3, 2) == "kingpin" and card(g, 0, 1, 0) is None
