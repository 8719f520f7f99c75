"""Exhausting the zombie deck: the first time begins the end game, the second ends the game.

"If this is the second time when zombie deck is exhausted, and humans have not collected enough
resources the game is over and zombies have won."
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hiddenhand.engine.events import Event
from hiddenhand.games.infected import mechanics
from hiddenhand.games.infected.cards import RESOURCES
from hiddenhand.games.infected.mechanics import DeckExhausted

if TYPE_CHECKING:
    from hiddenhand.games.infected.rules import InfectedState


def exhausted(st: InfectedState) -> None:
    """The zombie deck ran out: the end game begins, or the game ends."""
    st.exhaustions += 1
    st.window = {}
    st.running = True
    if st.exhaustions >= 2:
        st.emit(Event("exhausted", "the zombie deck is exhausted for the second time"))
        if st.enough_resources():
            mechanics.finish(st, "humans", f"the survivors hold {st.n} resources of every type")
        else:
            mechanics.finish(st, "zombies", "the zombie deck ran out a second time")
        return
    st.emit(Event("exhausted", "the zombie deck is exhausted: the end game begins"))
    st.end_game = True
    st.cover = st.jammed = False
    # a. the turn ends, the challenge is lost, the Leader card moves on
    mechanics.discard_threat(
        st,
    )
    for s in range(st.n):
        st.hidden_discard.extend(st.piles[s])
        st.piles[s] = []
    mechanics.pass_leader(
        st,
    )
    # b. resources into hands
    if not any(st.resources):
        mechanics.finish(st, "zombies", "no resources were collected before the end game")
        return
    _resources_into_hands(st)
    # c, d. a new deck from the discard pile and the endgame zombie cards
    st.zdeck = st.zdiscard + list(st.cards.endgame_cards)
    st.zdiscard = []
    st.rng.shuffle(st.zdeck)
    st.known_top = [0] * st.n
    st.emit(
        Event("shuffle", "the zombie discard pile and the endgame zombie cards form a new deck")
    )
    try:
        # e. blood samples face up; the infected is exposed.  f. infection spreads
        for s in range(st.n):
            if st.samples[s]:
                st.samples_up[s] = True
                st.emit(Event("sample_shown", f"{{p{s}}} shows a {st.samples[s][0]} blood sample"))
        for s in st.order_from_leader():
            if st.is_infected(s):
                mechanics.expose(st, s, "the blood samples are turned up")
        if st.spare is not None:
            _spread(st)
    except DeckExhausted:
        exhausted(st)
        return
    # g. a new turn
    st.todo = ["limit", "round"]


def _resources_into_hands(st: InfectedState) -> None:
    """ "Starting from Leader, each player must take 3 collected resource cards of different
    types and put them to his hand"; with `carried_resources` they still count as collected."""
    carry = st.options.carried_resources  # type: ignore[attr-defined]
    for s in st.order_from_leader():
        taken = []
        for r in range(len(RESOURCES)):
            if st.resources[r]:
                card = st.resources[r].pop()
                st.hands[s].append(card)
                if carry:
                    st.carried[r].append(card)
                taken.append(st.item_name(card))
        if taken:
            st.emit(Event("resources", f"{{p{s}}} takes {', '.join(taken)} into hand"))


def _spread(st: InfectedState) -> None:
    """Infection spreads: the remaining sample goes to the most wounded, the Leader first."""
    spare, st.spare = st.spare, None
    assert spare is not None
    order = st.order_from_leader()
    most = max(len(st.wounds[s]) for s in order)
    seat = next(s for s in order if len(st.wounds[s]) == most)
    st.samples[seat].append(spare)
    st.samples_up[seat] = True
    st.emit(Event("spread", f"the remaining blood sample goes to {{p{seat}}}: it is {spare}"))
    if spare == "virus":
        mechanics.expose(st, seat, "the infection spreads")
