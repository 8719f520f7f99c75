"""Building The Infected in known situations: set-up played through, cards placed by hand."""

from __future__ import annotations

from contextlib import AbstractContextManager
from typing import Any

from hiddenhand.engine.events import Event
from hiddenhand.engine.game import get_game
from hiddenhand.games.infected.cards import card_set
from hiddenhand.games.infected.rules import InfectedState

GAME = get_game("infected")
CARDS = card_set()


def start(players: int = 4, seed: int = 0, **options: Any) -> InfectedState:
    """A game with characters chosen and 2 items equipped each: round 1, action phase."""
    state = GAME.start(players, {k: str(v) for k, v in options.items()}, seed)
    assert isinstance(state, InfectedState)
    while state.phase in ("character", "setup"):
        seat = min(state.pending())
        state.act(seat, state.pending()[seat][0])
    assert state.phase == "action"
    return state


def infected_seed(players: int = 4, seed: int = 0, **options: Any) -> int:
    """The first seed from `seed` on, in steps of 1,000, whose deal gives some seat the virus."""
    for attempt in range(100):
        state = start(players, seed + 1000 * attempt, **options)
        if any(state.is_infected(s) for s in range(players)):
            return seed + 1000 * attempt
    raise AssertionError(f"no deal with an infected seat from seed {seed}")


def start_with_infected(players: int = 4, seed: int = 0, **options: Any) -> InfectedState:
    """A game as `start` makes it in which some seat was dealt the virus."""
    return start(players, infected_seed(players, seed, **options), **options)


def told(state: InfectedState) -> AbstractContextManager[list[Event]]:
    """Collect the events of rules called directly, outside an action (`State.collecting`)."""
    return state.collecting()


def act(state: InfectedState, seat: int, kind: str, *args: Any) -> list[Event]:
    return state.act(seat, state.space.get(kind, *args))


def kind(name: str) -> int:
    return CARDS.item_named(name)


def zkind(name: str) -> int:
    return next(i for i, k in enumerate(CARDS.zombie_kinds) if k.name == name)


def _free_item(state: InfectedState, k: int) -> int:
    """A card of kind k taken out of the item deck or discard pile, else out of a hand (which
    gets another card from the deck in its place), whatever the deal."""
    for pile in (state.ideck, state.item_discard, state.hidden_discard):
        for card in pile:
            if CARDS.item_of[card] == k:
                pile.remove(card)
                return card
    for seat, hand in enumerate(state.hands):
        for i, card in enumerate(hand):
            if CARDS.item_of[card] == k:
                spare = next(c for c in state.ideck if CARDS.item_of[c] != k)
                state.ideck.remove(spare)
                hand[i] = spare
                _reopen(state, seat)
                return card
    raise AssertionError(f"no free {CARDS.item_kinds[k].name}")


def set_hand(state: InfectedState, seat: int, names: list[str]) -> None:
    """Give a seat exactly these cards (the old hand goes back into the item deck)."""
    state.ideck.extend(state.hands[seat])
    state.hands[seat] = [_free_item(state, kind(n)) for n in names]
    state.rearranged()
    _reopen(state, seat)


def set_equipped(state: InfectedState, seat: int, items: list[tuple[str, bool]]) -> None:
    state.ideck.extend(e[0] for e in state.equipped[seat])
    state.equipped[seat] = [[_free_item(state, kind(n)), int(up), 0] for n, up in items]
    refresh(state)


def set_pile(state: InfectedState, seat: int, names: list[str]) -> None:
    state.ideck.extend(state.piles[seat])
    state.piles[seat] = [_free_item(state, kind(n)) for n in names]


def _reopen(state: InfectedState, seat: int) -> None:
    from hiddenhand.games.infected.draft import Draft, kinds_in

    if seat in state.window and not state.window[seat].done:
        state.window[seat] = Draft(kinds_in(state.hands[seat], CARDS.item_of))


def zombie_card(state: InfectedState, name: str) -> int:
    """A zombie card of this kind taken from wherever it lies (deck, discard, removed)."""
    z = zkind(name)
    for pile in (state.zdeck, state.zdiscard, state.zremoved):
        for i, card in enumerate(pile):
            if CARDS.zombie_of[card] == z:
                del pile[i]
                if pile is state.zdiscard:  # the face-down marks above it move down one
                    down = state.zdiscard_down
                    state.zdiscard_down = down & ((1 << i) - 1) | down >> (i + 1) << i
                return card
    for card in CARDS.endgame_cards:
        if CARDS.zombie_of[card] == z and card not in state.zdeck:
            return card
    raise AssertionError(f"no free {name}")


def stack(state: InfectedState, names: list[str]) -> None:
    """Put these zombie cards on top of the deck, the first name drawn first."""
    cards = [zombie_card(state, n) for n in names]
    state.zdeck.extend(reversed(cards))


def pass_all(state: InfectedState, seats: list[int] | None = None) -> list[Event]:
    """Every pending seat of the action window takes no action."""
    events: list[Event] = []
    for seat in seats if seats is not None else sorted(state.pending()):
        events += act(state, seat, "pass")
    return events


def decline(state: InfectedState) -> list[Event]:
    """Every pending seat says no to the open window (use, react, place), one by one."""
    events: list[Event] = []
    nope = {"use": "use_none", "react": "react_none", "place": "place_none", "infect": "take_done"}
    while state.phase in nope and state.pending():
        seat = min(state.pending())
        events += act(state, seat, nope[state.phase])
    return events


def texts(events: list[Event]) -> list[str]:
    return [e.describe() for e in events]


def refresh(state: InfectedState) -> None:
    """Forget cached legal actions after a test changed the table by hand."""
    state.rearranged()
    for draft in state.window.values():
        draft.choices = None


def bare(state: InfectedState) -> None:
    """Nobody has equipped items (so no use item or reaction windows open by themselves)."""
    for seat in range(state.n):
        set_equipped(state, seat, [])


def to_claims(state: InfectedState, threat: list[str]) -> None:
    """Everyone passes through action phases while these zombie cards come up."""
    stack(state, threat)
    for _ in threat:
        assert state.phase == "action", state.phase
        pass_all(state)
        decline(state)
    decline(state)


def settle(state: InfectedState) -> None:
    """Players over the hand limit discard (their first choice) until nobody is."""
    while state.phase == "discard":
        seat = min(state.pending())
        state.act(seat, state.pending()[seat][0])
