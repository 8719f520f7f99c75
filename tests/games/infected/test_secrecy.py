"""Determinizing hides what a seat cannot know and keeps what it can."""

import random

from hiddenhand.games.infected import exhaustion, mechanics
from hiddenhand.games.infected.limits import MAX_PLAYERS
from hiddenhand.games.infected.rules import InfectedState
from hiddenhand.games.infected.whereabouts import (
    DECK,
    GEAR,
    HAND,
    HIDDEN,
    PILE,
    WOUNDS,
    ZDECK,
    ZDOWN,
    ZHAND,
    ZREMOVED,
    bit,
    grouped,
    lead_of,
    locate,
    moved_unseen,
    zones_of,
)
from tests.games.infected.helpers import (
    GAME,
    act,
    bare,
    decline,
    kind,
    pass_all,
    set_equipped,
    set_hand,
    set_pile,
    stack,
    start,
    told,
)


def test_unrevealed_choices_are_resampled_and_own_kept() -> None:
    state = start(3, 1)
    bare(state)
    set_hand(state, 0, ["Chainsaw", "Rope"])
    act(state, 0, "play", kind("Chainsaw"))
    act(state, 1, "draw")
    rng = random.Random(1)
    guesses = [state.determinize(2, rng).window[0].intents for _ in range(20)]
    assert all(g != [("play", kind("Chainsaw"))] for g in guesses)
    assert all(state.determinize(2, rng).window[0].done for _ in range(5))
    mine = state.determinize(0, rng)
    assert mine.window[0].intents == state.window[0].intents


def test_face_down_items_hands_and_piles_are_resampled() -> None:
    state = start(2, 2)
    bare(state)
    set_equipped(state, 0, [("Chainsaw", False), ("Medkit", True)])
    set_pile(state, 0, ["Car Keys"])
    rng = random.Random(2)
    samples = [state.determinize(1, rng) for _ in range(30)]
    assert any(s.item_name(s.equipped[0][0][0]) != "Chainsaw" for s in samples)
    assert all(s.item_name(s.equipped[0][1][0]) == "Medkit" for s in samples)
    assert any(s.item_name(s.piles[0][0]) != "Car Keys" for s in samples)
    assert any(sorted(s.hands[0]) != sorted(state.hands[0]) for s in samples)
    own = state.determinize(0, rng)
    assert own.equipped[0][0][0] == state.equipped[0][0][0]
    assert own.hands[0] == state.hands[0]


def test_unseen_fails_stay_unseen() -> None:
    state = start(2, 3)
    bare(state)
    stack(state, ["Walker", "Crawler"])
    set_pile(state, 0, ["Chainsaw"])
    pass_all(state)
    pass_all(state)
    act(state, 0, "claim", "fail")
    assert "Chainsaw" not in str(state.view(1))
    rng = random.Random(3)
    hidden = {state.determinize(1, rng).hidden_discard[0] for _ in range(20)}
    assert len(hidden) > 1


def test_blood_samples_are_resampled_by_the_tests_seen() -> None:
    state = start(4, 4)
    bad = next(s for s in range(4) if state.is_infected(s))
    me = next(s for s in range(4) if s != bad)
    rng = random.Random(4)
    plain = sum(state.determinize(me, rng).is_infected(bad) for _ in range(600))
    state.tests += [(me, bad, "virus")] * 3
    tested = sum(state.determinize(me, rng).is_infected(bad) for _ in range(600))
    assert 120 < plain < 280  # one of three others
    assert tested > 450  # 8 times as likely: 8/10
    assert all(state.determinize(bad, rng).is_infected(bad) for _ in range(20))
    assert all(not state.determinize(bad, rng).is_infected(s) for s in range(4) if s != bad), (
        "the infected knows the others are clean"
    )


def test_blood_samples_are_resampled_by_shown_fails_and_fail_claims() -> None:
    state = start(4, 4)
    bad = next(s for s in range(4) if state.is_infected(s))
    me = next(s for s in range(4) if s != bad)
    rng = random.Random(5)
    state.shown_fails[bad] = 1
    shown = sum(state.determinize(me, rng).is_infected(bad) for _ in range(600))
    assert shown > 390  # 6 times as likely: 6/8
    state.shown_fails[bad] = 0
    state.fail_claims[bad] = 4
    claimed = sum(state.determinize(me, rng).is_infected(bad) for _ in range(600))
    assert 280 < claimed < 460  # 1.35**4 = 3.3 times as likely: 3.3/5.3


def test_the_deck_top_a_seat_looked_at_is_kept() -> None:
    state = start(2, 5)
    with told(state):
        mechanics.scout(state, 0, 2)
    top = state.zdeck[-2:]
    rng = random.Random(5)
    assert all(state.determinize(0, rng).zdeck[-2:] == top for _ in range(10))
    assert any(state.determinize(1, rng).zdeck[-2:] != top for _ in range(10))


def test_an_item_given_stays_where_the_giver_saw_it_go() -> None:
    state = start(3, 6)
    bare(state)
    set_hand(state, 0, ["Chainsaw", "Rope"])
    set_hand(state, 1, ["Map", "Medkit", "Car Keys"])
    act(state, 0, "give", kind("Chainsaw"), 1)
    act(state, 0, "give_done")
    pass_all(state, [1, 2])
    chainsaw = next(c for c in state.hands[1] if state.item_name(c) == "Chainsaw")
    rng = random.Random(6)
    assert all(chainsaw in state.determinize(0, rng).hands[1] for _ in range(40))
    assert not all(chainsaw in state.determinize(2, rng).hands[1] for _ in range(40)), (
        "seat 2 was not shown which card seat 1 got"
    )


def test_a_given_item_played_unseen_is_in_the_hand_or_the_pile() -> None:
    state = start(3, 7)
    bare(state)
    set_hand(state, 0, ["Chainsaw"])
    set_hand(state, 1, ["Map"])
    stack(state, ["Walker", "Crawler"])  # the fight goes on: a second action phase
    act(state, 0, "give", kind("Chainsaw"), 1)
    pass_all(state, [1, 2])
    assert state.phase == "action"
    chainsaw = next(c for c in state.hands[1] if state.item_name(c) == "Chainsaw")
    act(state, 1, "play", kind("Map"))
    pass_all(state, [0, 2])
    rng = random.Random(7)
    samples = [state.determinize(0, rng) for _ in range(60)]
    assert all(chainsaw in s.hands[1] + s.piles[1] for s in samples)
    assert any(chainsaw in s.hands[1] for s in samples)
    assert any(chainsaw in s.piles[1] for s in samples)


def test_an_unseen_fail_stays_in_the_discard_for_its_owner() -> None:
    state = start(2, 3)
    bare(state)
    stack(state, ["Walker", "Crawler"])
    set_pile(state, 0, ["Chainsaw"])
    chainsaw = state.piles[0][0]
    pass_all(state)
    pass_all(state)
    act(state, 0, "claim", "fail")
    rng = random.Random(8)
    assert all(state.determinize(0, rng).hidden_discard == [chainsaw] for _ in range(20))


def test_samples_depend_only_on_what_the_seat_knows() -> None:
    """Two deals seat 0 cannot tell apart (another seat's hand swapped with the deck, the
    zombie deck below the seat's knowledge reordered) give the same samples from one seed."""
    state = start(3, 9)
    other = state.clone()
    other.hands[1][0], other.ideck[0] = other.ideck[0], other.hands[1][0]
    other.zdeck[:5] = reversed(other.zdeck[:5])
    other.rearranged()
    assert other.view(0) == state.view(0) and other.view(1) != state.view(1)
    for seed in range(5):
        a = state.determinize(0, random.Random(seed))
        b = other.determinize(0, random.Random(seed))
        assert [a.view(s) for s in range(3)] == [b.view(s) for s in range(3)]
        assert (a.ideck, a.zdeck, a.hands) == (b.ideck, b.zdeck, b.hands)


def test_every_lead_holds_the_true_zone() -> None:
    """What a seat knows of where a card hidden from it lies is never narrower than the truth,
    over random games (a wrong lead would make samples contradict it)."""
    led = 0
    configs = [
        (3, ["variant=standard"]),
        (4, ["variant=infection-spreads"]),
        (4, ["advanced=true", "harder=true"]),  # seed 4 reaches the end game's new zombie deck
    ]
    for players, options in configs:
        for seed in range(6):
            state = GAME.start(players, GAME.options(options), seed)
            walk = random.Random(seed)
            while state.pending():
                for seat in range(players):
                    for card, zones in lead_of(state.whereabouts[seat]).items():
                        zone = locate(state, seat, card)
                        assert zone is None or zone in zones_of(zones), (options, seed, seat, card)
                    for card, zones in lead_of(state.zombie_whereabouts[seat]).items():
                        zone = locate(state, seat, card, zombie=True)
                        assert zone is None or zone in zones_of(zones), (options, seed, seat, card)
                        led += 1
                pending = state.pending()
                seat = walk.choice(list(pending))
                state.act(seat, walk.choice(list(pending[seat])))
    assert led, "some zombie card looked at was drawn face down"


def test_every_zone_has_a_bit_of_its_own() -> None:
    zones = [DECK, HIDDEN, ZDECK, ZREMOVED, ZDOWN] + [
        (kind, seat) for kind in (HAND, PILE, GEAR, WOUNDS, ZHAND) for seat in range(MAX_PLAYERS)
    ]
    assert sorted(bit(zone) for zone in zones) == [1 << place for place in range(len(zones))]
    assert all(zones_of(bit(zone)) == [zone] for zone in zones)


def test_a_card_moved_unseen_widens_every_lead_into_its_zone() -> None:
    state = start(3, 8)
    in_deck, elsewhere = bit(DECK), bit(HIDDEN)
    state.whereabouts = [
        grouped({1: in_deck, 2: in_deck, 3: bit(DECK) | bit(HIDDEN), 4: elsewhere}),
        grouped({1: in_deck}),
        grouped({1: in_deck}),
    ]
    moved_unseen(state, DECK, (HAND, 1), 1)
    drawn = bit(DECK) | bit((HAND, 1))
    assert lead_of(state.whereabouts[0]) == {
        1: drawn,
        2: drawn,
        3: bit(DECK) | bit(HIDDEN) | bit((HAND, 1)),
        4: elsewhere,  # a lead not into the deck is left as it was
    }
    assert state.whereabouts[0][drawn] == {1, 2}  # one group for the cards of one lead
    assert zones_of(drawn) == [DECK, (HAND, 1)]
    assert lead_of(state.whereabouts[1]) == {1: in_deck}  # seat 1 drew: it knows the card
    assert lead_of(state.whereabouts[2]) == {1: drawn}
    before = [dict(leads) for leads in state.whereabouts]
    moved_unseen(state, DECK, (HAND, 1), 1)  # a second draw by the same hand adds nothing
    assert state.whereabouts == before


def test_a_zombie_card_looked_at_and_drawn_as_a_wound_is_known_there() -> None:
    state = start(3, 10)
    with told(state):
        mechanics.scout(state, 0, 1)
        card = state.zdeck[-1]
        mechanics.wound(state, 1)
    assert state.wounds[1] == [card]
    rng = random.Random(10)
    assert all(state.determinize(0, rng).wounds[1] == [card] for _ in range(20))
    assert any(state.determinize(2, rng).wounds[1] != [card] for _ in range(20))


def _healed_game(seed: int, **options: object) -> tuple[InfectedState, list[int]]:
    """Seat 0 looks at the top 2 zombie cards, seat 1 takes them as wounds and heals the last
    one face down onto the zombie discard pile; seat 2 takes a wound of its own."""
    state = start(3, seed, **options)
    with told(state):
        mechanics.scout(state, 0, 2)
        wounds = [state.zdeck[-1], state.zdeck[-2]]
        mechanics.wound(state, 1)
        mechanics.wound(state, 1)
        mechanics.wound(state, 2)
        mechanics.heal(state, 1, 1)
    assert state.wounds[1] == wounds[:1] and state.zdiscard == wounds[1:]
    assert state.zdiscard_down == 0b1
    return state, wounds


def test_a_healed_wound_stays_face_down_on_the_discard_pile() -> None:
    """Rulebook, "Healing": "place 1 wound card to zombie discard pile": a wound nobody saw is
    still unseen on the discard pile, so a sample deals another card in its place; a seat that
    looked at it when it was drawn knows it is among that seat's wounds or the discard."""
    state, wounds = _healed_game(11)
    healed = wounds[1]
    rng = random.Random(11)
    samples = [state.determinize(2, rng) for _ in range(60)]
    assert all(s.view(2) == state.view(2) for s in samples)
    assert all(len(s.zdiscard) == 1 and s.zdiscard_down == 0b1 for s in samples)
    assert len({s.zdiscard[0] for s in samples}) > 10, "the healed card is redealt"
    assert any(healed in s.zdeck for s in samples)
    assert any(healed in s.wounds[1] + s.wounds[2] for s in samples)
    looked = [state.determinize(0, rng) for _ in range(60)]
    assert all(sorted(s.wounds[1] + s.zdiscard) == sorted(wounds) for s in looked)
    assert all(s.view(0) == state.view(0) for s in looked)


def test_the_face_down_discards_stay_unknown_in_the_end_games_deck() -> None:
    """The discard pile becomes the deck: its face-up cards are known to be in it, the healed
    wounds are not (they may be any card nobody saw), but where a seat saw them go."""
    state, wounds = _healed_game(12, variant="cooperative")
    state.resources = [[state.ideck.pop()] for _ in range(3)]
    threat = state.zdeck[0]
    with told(state):
        state.zdeck.remove(threat)
        state.zdiscard.append(threat)  # a face-up card on the discard pile
        state.zdiscard.extend(state.zdeck)
        state.zdeck.clear()
        mechanics.discard_face_down(state, state.zdiscard.pop())
        exhaustion.exhausted(state)
    assert state.end_game and state.zdiscard == [] and state.zdiscard_down == 0
    assert wounds[1] in state.zdeck and state.zremoved
    rng = random.Random(12)
    samples = [state.determinize(2, rng) for _ in range(60)]
    assert all(threat in s.zdeck for s in samples)
    assert any(wounds[1] not in s.zdeck for s in samples), "the healed wound was never seen"
    assert any(wounds[1] in s.zdeck for s in samples)
    looked = [state.determinize(0, rng) for _ in range(60)]
    assert all(set(wounds) <= set(s.wounds[1] + s.zdeck) for s in looked)


def test_zombie_cards_discarded_for_a_wound_beyond_the_hitpoints_lie_face_down() -> None:
    """Advanced game: "Instead of taking an additional wound discard 2 zombie cards": nobody
    is shown them, so a sample deals them again like every unseen zombie card."""
    state = start(3, 13, advanced="true")
    with told(state):
        for _ in range(state.hitpoints(1) + 1):
            mechanics.wound(state, 1)
    assert len(state.zdiscard) == 2 and state.zdiscard_down == 0b11
    rng = random.Random(13)
    samples = [state.determinize(0, rng) for _ in range(30)]
    assert any(s.zdiscard != state.zdiscard for s in samples)
    assert all(s.view(0) == state.view(0) for s in samples)


def test_unseen_fails_stay_unknown_in_a_reshuffled_item_deck() -> None:
    """The item discard pile becomes the deck: the cards discarded face up are known to be in
    it, a fail discarded unseen is not (but for its owner, who knows where it went)."""
    state = start(3, 3)
    bare(state)
    stack(state, ["Walker", "Crawler"])
    set_pile(state, 0, ["Chainsaw"])
    chainsaw = state.piles[0][0]
    pass_all(state)
    pass_all(state)
    act(state, 0, "claim", "fail")
    decline(state)
    assert state.hidden_discard == [chainsaw]
    state.item_discard.extend(state.ideck)
    state.ideck.clear()
    shown = list(state.item_discard)
    with told(state):
        mechanics.draw_items(state, 1, 1)
    assert state.hidden_discard == [] and chainsaw in state.ideck
    rng = random.Random(14)
    samples = [state.determinize(2, rng) for _ in range(60)]
    assert all(set(shown) - set(s.hands[1]) <= set(s.ideck) for s in samples)
    assert any(chainsaw in s.hands[0] + s.piles[0] for s in samples), "never shown to seat 2"
    own = [state.determinize(0, rng) for _ in range(30)]
    assert all(chainsaw in s.ideck + s.hands[1] for s in own)
