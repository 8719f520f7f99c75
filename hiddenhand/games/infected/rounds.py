"""The round overview, the hand limit, the infections phase and the check victory phase.

"1. Action phase 2. Use item phase 3. Threat phase 4. Threat end phase 5. Infections phase
6. Check victory phase"; then the Leader card passes to the next player and a new round begins.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hiddenhand.engine.events import Event, private
from hiddenhand.engine.text import article
from hiddenhand.games.infected import mechanics
from hiddenhand.games.infected.draft import kinds_in
from hiddenhand.games.infected.flow import CYCLE, Phase, Turn
from hiddenhand.games.infected.limits import HAND_LIMIT, INFECTED_HAND_LIMIT

if TYPE_CHECKING:
    from hiddenhand.engine.actions import Action
    from hiddenhand.engine.state import Pending
    from hiddenhand.games.infected.rules import InfectedState


def new_round(st: InfectedState) -> None:
    st.round += 1
    st.destroy_held = st.leader_vote_held = False
    st.emit(
        Event(
            "round",
            f"round {st.round}: {{p{st.leader}}} has the Leader card",
            data={"round": st.round},
        )
    )
    st.todo = list(CYCLE)


def next_leader(st: InfectedState) -> None:
    """ "Give Leader card to the player next to the current leader and new turn begins"."""
    mechanics.pass_leader(
        st,
    )
    st.todo = ["round"]


# -- the hand limit -----------------------------------------------------------------------------


def hand_limit(st: InfectedState) -> None:
    """ "If ... player has more cards than their hand limit allows, he must discard"."""
    if any(len(h) > HAND_LIMIT for h in st.hands):
        st.phase = Phase.DISCARD
        st.running = False


def _discard_legal(st: InfectedState) -> Pending:
    discard, item_of = st.actions.discard, st.cards.item_of
    return {
        s: [discard[k] for k in sorted(kinds_in(st.hands[s], item_of))]
        for s in range(st.n)
        if len(st.hands[s]) > HAND_LIMIT
    }


def _discard(st: InfectedState, seat: int, action: Action) -> None:
    mechanics.discard_from_hand(st, seat, int(action.args[0]))
    if all(len(h) <= HAND_LIMIT for h in st.hands):
        st.running = True


DISCARDS = Turn(_discard_legal, _discard)


# -- the infections phase -------------------------------------------------------------------------


def infections(st: InfectedState) -> None:
    """The exposed infected may take wound cards from characters, up to 3 zombie cards."""
    for s in range(st.n):
        if (
            st.exposed[s]
            and len(st.zhand[s]) < INFECTED_HAND_LIMIT
            and any(st.wounds[o] for o in st.active())
        ):
            st.infector = s
            st.phase = Phase.INFECT
            st.running = False
            return


def _infect_legal(st: InfectedState) -> Pending:
    take = st.actions.take_wound
    return {st.infector: [take[s] for s in st.active() if st.wounds[s]] + [st.actions.take_done]}


def _take_wound(st: InfectedState, seat: int, action: Action) -> None:
    if action.kind == "take_done":
        st.running = True
        return
    victim = int(action.args[0])
    card = st.wounds[victim].pop()
    st.zhand[seat].append(card)
    st.emit(Event("take_wound", f"{{p{seat}}} takes a wound card from {{p{victim}}}"))
    st.emit(Event("zombie_card", f"you take {article(st.kind_z(card).name)}", private(seat)))
    if len(st.zhand[seat]) >= INFECTED_HAND_LIMIT or not any(st.wounds[s] for s in st.active()):
        st.running = True


INFECTIONS = Turn(_infect_legal, _take_wound)


# -- check victory ---------------------------------------------------------------------------------


def check_victory(st: InfectedState) -> None:
    """In the end game, the humans win once they have collected enough resources."""
    if st.end_game and st.enough_resources():
        mechanics.finish(st, "humans", f"the survivors hold {st.n} resources of every type")
