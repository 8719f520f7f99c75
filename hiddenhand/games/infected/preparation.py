"""Preparation: the decks, characters chosen in turns, blood samples, 9 items, 2 equipped.

"The last person to choose his character becomes the Leader"; the table's vote on who starts
choosing is left to the seed.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from hiddenhand.engine.events import Event, private
from hiddenhand.games.infected import mechanics
from hiddenhand.games.infected.flow import Phase, Turn, Window
from hiddenhand.games.infected.intents import Equip
from hiddenhand.games.infected.limits import STARTING_EQUIPS, STARTING_ITEMS
from hiddenhand.games.infected.options import minor_removals

if TYPE_CHECKING:
    from hiddenhand.engine.actions import Action
    from hiddenhand.engine.state import Pending
    from hiddenhand.games.infected.draft import Draft
    from hiddenhand.games.infected.rules import InfectedState


def setup_decks(state: InfectedState) -> None:
    """Shuffle both decks; some setups and `harder` remove minor threats."""
    rng = state.rng
    state.zdeck = list(state.cards.zombie_deck)
    rng.shuffle(state.zdeck)
    removals = minor_removals(state.n, state.options)
    if removals:
        minor = [c for c in state.zdeck if not state.kind_z(c).major]
        for card in rng.sample(minor, removals):
            state.zdeck.remove(card)
            state.zremoved.append(card)
    state.ideck = list(range(len(state.cards.item_of)))
    rng.shuffle(state.ideck)


def deal_samples(state: InfectedState) -> None:
    """Blood sample cards set-up, by variant and number of players."""
    n, variant = state.n, state.variant
    if variant == "cooperative":
        return
    if variant == "standard":
        pool = ["clean"] * (2 if n <= 3 else 3) + ["virus"]
    else:  # all-okay and infection-spreads: one more clean card
        pool = ["clean"] * n + ["virus"]
    state.rng.shuffle(pool)
    for seat in range(n):
        state.samples[seat] = [pool.pop()]
    if variant == "infection-spreads":
        state.spare = pool.pop()
    state.samples_away = pool


def _deal(state: InfectedState) -> None:
    deal_samples(state)
    state.emit(Event("deal", "blood sample cards and 9 item cards are dealt"))
    for seat in range(state.n):
        if state.samples[seat]:
            sample = state.samples[seat][0]
            state.emit(
                Event("sample", f"your blood sample is {sample}", private(seat), {"sample": sample})
            )
        for _ in range(STARTING_ITEMS):
            card = mechanics.pop_item(
                state,
            )
            if card is not None:
                state.hands[seat].append(card)
    state.open_window(Phase.SETUP, range(state.n))


# -- choosing characters, in turns ----------------------------------------------------------


def _character_legal(state: InfectedState) -> Pending:
    seat = state.choose_order[sum(1 for c in state.character if c >= 0)]
    taken = set(state.character)
    characters = state.actions.character
    return {seat: [characters[c] for c in range(len(state.cards.characters)) if c not in taken]}


def _choose_character(state: InfectedState, seat: int, action: Action) -> None:
    state.character[seat] = int(action.args[0])
    name = state.cards.characters[state.character[seat]].name
    state.emit(Event("character", f"{{p{seat}}} chooses the {name}", data={"seat": seat}))
    if all(c >= 0 for c in state.character):
        state.emit(Event("leader", f"{{p{state.leader}}} chose last and becomes the Leader"))
        _deal(state)


CHARACTERS: Final = Turn(_character_legal, _choose_character)


# -- equipping 2 items, all at once ----------------------------------------------------------


def _equip_choices(state: InfectedState, seat: int, d: Draft) -> list[Action]:
    equip = state.actions.equip
    return [a for k in sorted(d.avail) for a in equip[k]]


def _choose_equip(state: InfectedState, seat: int, d: Draft, action: Action) -> None:
    k = int(action.args[0])
    d.take(k)
    d.intents.append(Equip(((k, int(action.args[1])),), ()))
    d.done = len(d.intents) == STARTING_EQUIPS or not d.avail


def _reveal_equipment(state: InfectedState, order: list[int], window: dict[int, Draft]) -> None:
    for s in order:
        for intent in window[s].intents:
            assert isinstance(intent, Equip)
            mechanics.equip(state, s, intent.items, (), fresh=False)
    state.emit(Event("ready", "every player has equipped 2 items"))
    state.todo = ["round"]


STARTING_EQUIPMENT: Final = Window(_equip_choices, _choose_equip, _reveal_equipment)
