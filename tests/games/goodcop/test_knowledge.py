"""What each seat knows: views, private events, and determinized samples."""

import json
import random
from collections import Counter

from hiddenhand.engine import get_game
from hiddenhand.engine.checks import check_secrecy
from hiddenhand.games.goodcop.cards import AGENT, KINGPIN
from hiddenhand.games.goodcop.equipment import BASE_EQUIPMENT, Coffee
from hiddenhand.games.goodcop.options import GoodCopOptions
from tests.games.goodcop.helpers import arrange, close_window, do

GAME = get_game("goodcop")
TABLE = ["AHC", "KCC", "HHC", "CCH", "HCH"]


def test_spectator_sees_only_public_things():
    state = arrange(TABLE, hands=[["Coffee"], ["Med Kit"]])
    view = state.view(None)
    assert view["hand"] == [] and view["team"] is None
    assert all(c["card"] is None for p in view["players"] for c in p["cards"])
    assert all(p["team"] is None for p in view["players"])
    assert [p["hand"] for p in view["players"]] == [1, 1, 0, 0, 0]
    assert all(p["equipment"] is None for p in view["players"])
    assert [p["equipment"] for p in state.view(1)["players"]][:2] == [None, ["Med Kit"]]


def test_public_events_never_carry_a_hidden_face():
    state = arrange(TABLE, hands=[[], ["Med Kit"]])
    events = do(state, 0, "investigate", 1, 0)
    for event in events:
        if event.public:
            assert "card" not in event.data and "kingpin" not in event.describe()


def test_determinize_keeps_what_the_seat_knows_and_resamples_the_rest():
    state = arrange(TABLE, hands=[["Coffee"], ["Med Kit"], ["Taser"], ["Wiretap"], ["Disguise"]])
    do(state, 0, "investigate", 1, 1)
    rng = random.Random(1)
    faces = Counter()
    hands = Counter()
    for _ in range(300):
        sample = state.determinize(0, rng)
        assert sample.view(0) == state.view(0)
        assert [sample.card_kinds[c] for c in sample.cards[0]] == [
            state.card_kinds[c] for c in state.cards[0]
        ]
        assert sample.card_kinds[sample.cards[1][1]] == state.card_kinds[state.cards[1][1]]
        faces[sample.card_kinds[sample.cards[1][0]]] += 1
        hands[BASE_EQUIPMENT.deck[sample.hand[2][0]]] += 1
        leaders = [
            sample.owner[c] for c, k in enumerate(sample.card_kinds) if k in (AGENT, KINGPIN)
        ]
        assert len(set(leaders)) == 2 and -1 not in leaders
    assert len(faces) >= 3  # Bea's left card could be anything but her known middle card
    assert len(hands) > 5  # Cal's equipment is unknown to Ana
    assert Coffee.index not in hands  # Ana holds the only Coffee


def test_determinize_leaves_the_original_alone_and_reseeds():
    state = GAME.start(6, seed=4)
    before = [state.view(s) for s in range(6)]
    sample = state.determinize(2, random.Random(0))
    assert [state.view(s) for s in range(6)] == before
    assert sample.rng.getstate() != state.rng.getstate()


def test_a_card_given_with_evidence_bag_stays_known_to_the_giver_and_receiver():
    state = arrange(TABLE, hands=[["Evidence Bag"], ["Coffee"], ["Med Kit"]])
    do(state, 0, "play", "Evidence Bag")
    do(state, 0, "evidence", 1, "hand")
    do(state, 0, "target", "Evidence Bag", 3)
    rng = random.Random(2)
    coffee = Coffee.index
    for _ in range(50):
        by_bea = state.determinize(1, rng)
        assert [BASE_EQUIPMENT.deck[c] for c in by_bea.hand[3]] == [coffee]
    assert any(
        BASE_EQUIPMENT.deck[state.determinize(0, rng).hand[3][0]] != coffee for _ in range(50)
    )  # Ana took it blind


def test_bottom_mode_keeps_the_known_order_under_the_deck():
    state = arrange(TABLE, hands=[["Coffee"]], options=GoodCopOptions(discard="bottom"))
    do(state, 0, "play", "Coffee")
    rng = random.Random(3)
    for _ in range(30):
        assert BASE_EQUIPMENT.deck[state.determinize(2, rng).deck[0]] == Coffee.index


def test_secrecy_holds_through_every_card_in_a_scenario():
    state = arrange(TABLE, hands=[["Polygraph"], ["Wiretap"], ["Blackmail"], ["Metal Detector"]])
    rng = random.Random(5)
    check_secrecy(state, rng, "start")
    do(state, 0, "play", "Polygraph")
    do(state, 0, "target", "Polygraph", 3)
    check_secrecy(state, rng, "polygraph")
    do(state, 0, "investigate", 1, 2)
    do(state, 1, "play", "Wiretap")
    do(state, 1, "card", "Wiretap", 2, 0)
    check_secrecy(state, rng, "wiretap half way")
    do(state, 1, "card", "Wiretap", 4, 0)
    do(state, 2, "play", "Blackmail")
    do(state, 2, "card", "Blackmail", 0, 0)
    do(state, 2, "card", "Blackmail", 4, 2)
    check_secrecy(state, rng, "blackmail")
    close_window(state)
    check_secrecy(state, rng, "end")


def test_views_and_events_are_json_ready():
    state = GAME.start(7, seed=9)
    rng = random.Random(0)
    for _ in range(200):
        pending = state.pending()
        if not pending:
            break
        seat = rng.choice(sorted(pending))
        for event in state.act(seat, rng.choice(pending[seat])):
            json.dumps(event.to_json(state.players))
        for s in [None, *range(7)]:
            json.dumps(state.view(s))


def test_the_view_of_a_finished_game_shows_everything():
    state = arrange(TABLE, hands=[["Coffee"]])
    with state.collecting():  # ended by hand: nobody is told
        state.win(0, "test")
    view = state.view(None)
    assert view["players"][0]["equipment"] == ["Coffee"]
    assert all(c["card"] is not None for p in view["players"] for c in p["cards"])
    assert all(p["team"] is not None for p in view["players"])
    assert view["outcome"]["side"] == "honest"
