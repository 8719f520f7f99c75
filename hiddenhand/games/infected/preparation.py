"""Preparation: the decks, characters chosen in turns, blood samples, 9 items, 2 equipped.

"The last person to choose his character becomes the Leader"; the table's vote on who starts
choosing is left to the seed.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hiddenhand.engine.events import Event, private
from hiddenhand.games.infected import mechanics
from hiddenhand.games.infected.flow import Phase, Turn, Window
from hiddenhand.games.infected.intents import Equip
from hiddenhand.games.infected.limits import STARTING_EQUIPS, STARTING_ITEMS

if TYPE_CHECKING:
    from hiddenhand.engine.actions import Action
    from hiddenhand.engine.state import Pending
    from hiddenhand.games.infected.draft import Draft
    from hiddenhand.games.infected.rules import InfectedState


def setup_decks(st: InfectedState) -> None:
    """Shuffle both decks; the cooperative game and `harder` each remove 5 minor threats."""
    rng = st.rng
    st.zdeck = list(st.cards.zombie_deck)
    rng.shuffle(st.zdeck)
    removals = (5 if st.variant == "cooperative" else 0) + (5 if st.options.harder else 0)  # type: ignore[attr-defined]
    if removals:
        minor = [c for c in st.zdeck if not st.kind_z(c).major]
        for card in rng.sample(minor, removals):
            st.zdeck.remove(card)
            st.zremoved.append(card)
    st.ideck = list(range(len(st.cards.item_of)))
    rng.shuffle(st.ideck)


def deal_samples(st: InfectedState) -> None:
    """Blood sample cards set-up, by variant and number of players."""
    n, variant = st.n, st.variant
    if variant == "cooperative":
        return
    if variant == "standard":
        pool = ["clean"] * (2 if n <= 3 else 3) + ["virus"]
    else:  # all-okay and infection-spreads: one more clean card
        pool = ["clean"] * n + ["virus"]
    st.rng.shuffle(pool)
    for seat in range(n):
        st.samples[seat] = [pool.pop()]
    if variant == "infection-spreads":
        st.spare = pool.pop()
    st.samples_away = pool


def _deal(st: InfectedState) -> None:
    deal_samples(st)
    st.emit(Event("deal", "blood sample cards and 9 item cards are dealt"))
    for seat in range(st.n):
        if st.samples[seat]:
            sample = st.samples[seat][0]
            st.emit(
                Event("sample", f"your blood sample is {sample}", private(seat), {"sample": sample})
            )
        for _ in range(STARTING_ITEMS):
            card = mechanics.pop_item(
                st,
            )
            if card is not None:
                st.hands[seat].append(card)
    st.open_window(Phase.SETUP, range(st.n))


# -- choosing characters, in turns ----------------------------------------------------------


def _character_legal(st: InfectedState) -> Pending:
    seat = st.choose_order[sum(1 for c in st.character if c >= 0)]
    taken = set(st.character)
    characters = st.actions.character
    return {seat: [characters[c] for c in range(len(st.cards.characters)) if c not in taken]}


def _choose_character(st: InfectedState, seat: int, action: Action) -> None:
    st.character[seat] = int(action.args[0])
    name = st.cards.characters[st.character[seat]].name
    st.emit(Event("character", f"{{p{seat}}} chooses the {name}", data={"seat": seat}))
    if all(c >= 0 for c in st.character):
        st.emit(Event("leader", f"{{p{st.leader}}} chose last and becomes the Leader"))
        _deal(st)


CHARACTERS = Turn(_character_legal, _choose_character)


# -- equipping 2 items, all at once ----------------------------------------------------------


def _equip_choices(st: InfectedState, seat: int, d: Draft) -> list[Action]:
    equip = st.actions.equip
    return [a for k in sorted(d.avail) for a in equip[k]]


def _choose_equip(st: InfectedState, seat: int, d: Draft, action: Action) -> None:
    k = int(action.args[0])
    d.take(k)
    d.intents.append(Equip(((k, int(action.args[1])),), ()))
    d.done = len(d.intents) == STARTING_EQUIPS or not d.avail


def _reveal_equipment(st: InfectedState, order: list[int], window: dict[int, Draft]) -> None:
    for s in order:
        for intent in window[s].intents:
            assert isinstance(intent, Equip)
            mechanics.equip(st, s, intent.items, (), fresh=False)
    st.emit(Event("ready", "every player has equipped 2 items"))
    st.todo = ["round"]


STARTING_EQUIPMENT = Window(_equip_choices, _choose_equip, _reveal_equipment)
