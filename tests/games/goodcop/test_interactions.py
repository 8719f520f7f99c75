"""The tricky interactions between cards, and the equipment deck running out."""

from hiddenhand.engine import get_game
from hiddenhand.games.goodcop.equipment import BASE_EQUIPMENT, Disguise, SurveillanceCamera
from hiddenhand.games.goodcop.options import GoodCopOptions
from hiddenhand.games.goodcop.phases import ACTION, END_OF_TURN
from tests.games.goodcop.helpers import armed, arrange, card, choices, close_window, do, kinds

TABLE = ["AHC", "KCC", "HHC", "CCH", "HCH"]


def test_restraining_order_then_riot_shield_on_one_shot():
    state = arrange(TABLE, hands=[[], ["Restraining Order"], [], ["Riot Shield"]])
    armed(state, 0, 1)
    do(state, 0, "shoot", 1)
    do(state, 1, "play", "Restraining Order")
    do(state, 0, "target", "Restraining Order", 3)  # Ana must aim at Dee instead
    assert state.view(None)["shot"] == {"shooter": 0, "target": 3}
    do(state, 3, "play", "Riot Shield")  # Dee, now the target, deflects to a neighbour
    do(state, 3, "target", "Riot Shield", 4)
    close_window(state)
    assert state.alive[1] and state.alive[3] and not state.alive[4]
    assert state.phase != ACTION or state.turn != 0  # the shot happened: no new action


def test_riot_shield_then_restraining_order_on_one_shot():
    state = arrange(TABLE, hands=[[], [], ["Riot Shield"], [], ["Restraining Order"]])
    armed(state, 0, 2)
    do(state, 0, "shoot", 2)
    do(state, 2, "play", "Riot Shield")
    do(state, 2, "target", "Riot Shield", 3)
    do(state, 4, "play", "Restraining Order")
    assert ("target", "Restraining Order", 3) not in choices(state, 0)
    do(state, 0, "target", "Restraining Order", 2)
    close_window(state)
    assert not state.alive[2] and state.alive[3]


def test_riot_shield_can_send_the_shot_back_to_the_shooter():
    state = arrange(["AHC", "KCC", "HHC", "CCH"], hands=[[], [], [], ["Riot Shield"]], turn=2)
    state.alive[1] = True
    armed(state, 2, 3)
    do(state, 2, "shoot", 3)
    do(state, 3, "play", "Riot Shield")
    do(state, 3, "target", "Riot Shield", 2)
    close_window(state)
    assert not state.alive[2] and state.alive[3]


def test_k9_after_restraining_order_the_shot_does_not_happen():
    state = arrange(TABLE, hands=[[], ["Restraining Order"], ["K-9 Unit"]])
    armed(state, 0, 1)
    do(state, 0, "shoot", 1)
    do(state, 1, "play", "Restraining Order")
    do(state, 0, "target", "Restraining Order", 3)
    do(state, 2, "play", "K-9 Unit")
    do(state, 2, "target", "K-9 Unit", 0)
    close_window(state)
    assert all(state.alive) and not state.view(None)["players"][0]["armed"]
    assert not (state.phase == ACTION and state.turn == 0)  # the action was spent


def test_coffee_with_smoke_grenade():
    state = arrange(TABLE, hands=[[], [], ["Coffee"], ["Smoke Grenade"]])
    do(state, 0, "investigate", 1, 0)
    do(state, 2, "play", "Coffee")
    do(state, 3, "play", "Smoke Grenade")
    close_window(state)
    close_window(state)
    assert state.turn == 2  # Coffee: Cal goes next
    do(state, 2, "investigate", 1, 1)
    close_window(state)
    close_window(state)
    assert state.turn == 1  # and play continues from Cal, now counterclockwise


def test_coffee_before_the_first_turn_takes_the_first_turn():
    state = arrange(TABLE, hands=[[], [], [], ["Coffee"]], start_window=True, turn=0)
    do(state, 3, "play", "Coffee")
    assert state.turn == 3 and state.phase == ACTION


def test_blackmail_making_a_lone_winner():
    state = arrange(TABLE, hands=[[], [], ["Blackmail"]], turn=2)
    do(state, 2, "play", "Blackmail")
    do(state, 2, "card", "Blackmail", 0, 1)  # Ana's honest card
    do(state, 2, "card", "Blackmail", 1, 0)  # for Bea's Kingpin
    outcome = state.outcome()
    assert outcome is not None and outcome.side == "lone" and outcome.winners == {0}
    assert "Agent and the Kingpin" in outcome.reason and state.pending() == {}


def test_blackmail_moves_the_wounded_token_with_the_leader_card_and_teams_change():
    state = arrange(TABLE, hands=[["Blackmail"]])
    kingpin = state.cards[1][0]
    state.wounded |= 1 << kingpin
    state.face_up |= 1 << kingpin
    events = do(state, 0, "play", "Blackmail")
    events += do(state, 0, "card", "Blackmail", 1, 0)
    events += do(state, 0, "card", "Blackmail", 2, 0)
    cal = state.view(None)["players"][2]["cards"][0]
    assert cal == {"card": "kingpin", "revealed": True, "wounded": True}
    assert state.view(2)["team"] == "crooked" and state.view(1)["team"] == "crooked"
    told = {next(iter(e.audience)) for e in events if e.kind == "team"}
    assert told == {2}


def test_disguise_against_surveillance_camera():
    state = arrange(TABLE, hands=[[], ["Disguise"], ["Surveillance Camera"]], turn=1)
    do(state, 1, "play", "Disguise")
    do(state, 1, "target", "Disguise", 1)
    state.placed[SurveillanceCamera.index] = 2
    state.hand[2] = []
    do(state, 1, "investigate", 2, 0)
    assert state.task is None  # the camera cannot investigate a disguised player


def test_disguise_against_polygraph_and_metal_detector():
    state = arrange(TABLE, hands=[["Polygraph"]])
    state.placed[Disguise.index] = 1
    state.rearranged()
    do(state, 0, "play", "Polygraph")
    assert ("target", "Polygraph", 1) not in choices(state, 0)
    state = arrange(TABLE, hands=[["Metal Detector"]])
    state.placed[Disguise.index] = 1
    armed(state, 1, 0)
    assert ("play", "Metal Detector") not in choices(state, 0)  # the only armed player is disguised
    armed(state, 3, 0)
    do(state, 0, "play", "Metal Detector")
    assert {a[2] for a in choices(state, 0)} == {3}


def test_defibrillator_revived_player_takes_turns_again_with_cards_face_up():
    state = arrange(TABLE, hands=[[], [], [], ["Defibrillator"]])
    armed(state, 0, 2)
    do(state, 0, "shoot", 2)
    close_window(state)
    assert not state.alive[2] and state.phase == END_OF_TURN
    do(state, 3, "play", "Defibrillator")
    do(state, 3, "target", "Defibrillator", 2)
    cal = state.view(None)["players"][2]
    assert cal["alive"] and all(c["revealed"] for c in cal["cards"])
    assert not cal["armed"] and cal["hand"] == 0
    assert state.turn == 1
    do(state, 1, "investigate", 0, 0)
    assert state.turn == 2 and "arm" in kinds(state, 2)


def g_title(c):
    return BASE_EQUIPMENT.deck[c]


def test_planted_evidence_on_a_player_who_then_receives_a_leader():
    state = arrange(TABLE, hands=[["Planted Evidence"], [], [], [], ["Blackmail"]])
    do(state, 0, "play", "Planted Evidence")
    do(state, 0, "target", "Planted Evidence", 2)
    assert state.view(2)["team"] == "crooked"
    state.turn = 4
    state.phase = ACTION
    state.rearranged()
    do(state, 4, "play", "Blackmail")
    do(state, 4, "card", "Blackmail", 0, 0)  # the Agent
    do(state, 4, "card", "Blackmail", 2, 1)
    assert state.view(2)["team"] == "honest"  # the Agent decides, evidence or not
    assert state.view(0)["team"] == "honest"  # Ana: Honest, Crooked and Cal's Honest card


def test_discard_pile_is_reshuffled_into_a_new_deck():
    state = arrange(TABLE, hands=[["Coffee"]])
    state.discards, state.deck, state.unordered = state.deck[:-1], state.deck[-1:], 1
    do(state, 0, "equip")
    do(state, 0, "discard", state.view(0)["hand"][0])
    assert state.view(None)["deck"] == 0
    do(state, 0, "reveal", 0)
    close_window(state)
    close_window(state)
    do(state, 1, "equip")
    assert state.view(None)["deck"] == 19 - 1 - 1  # all discards came back, Bea drew one
    assert state.view(None)["discard"] == []


def test_discard_under_the_deck_option():
    state = arrange(TABLE, hands=[["Smoke Grenade"]], options=GoodCopOptions(discard="bottom"))
    deck = len(state.deck)
    do(state, 0, "play", "Smoke Grenade")
    assert state.view(None)["discard"] == [] and state.view(None)["deck"] == deck + 1
    assert BASE_EQUIPMENT.titles[g_title(state.deck[0])] == "Smoke Grenade"


def test_guns_option_players_minus_two():
    game = get_game("goodcop")
    state = game.start(5, {"guns": "players-minus-2"}, seed=1)
    assert state.view(None)["guns_in_centre"] == 3
    assert "arm" in kinds(arrange(TABLE, options=GoodCopOptions(guns="players-minus-2")), 0)


def test_an_investigated_card_stays_known_when_it_moves():
    state = arrange(TABLE, hands=[[], [], [], [], ["Blackmail"]])
    do(state, 0, "investigate", 1, 0)
    close_window(state)
    state.turn = 4
    state.phase = ACTION
    state.rearranged()
    do(state, 4, "play", "Blackmail")
    do(state, 4, "card", "Blackmail", 1, 0)
    do(state, 4, "card", "Blackmail", 3, 2)
    assert card(state, 0, 3, 2) == "kingpin" and card(state, 0, 1, 0) is None
