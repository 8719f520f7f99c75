"""The round overview, the hand limit, the infections phase and the check victory phase.

"1. Action phase 2. Use item phase 3. Threat phase 4. Threat end phase 5. Infections phase
6. Check victory phase"; then the Leader card passes to the next player and a new round begins.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from hiddenhand.engine.events import Event, private
from hiddenhand.engine.text import article
from hiddenhand.games.infected import mechanics, whereabouts
from hiddenhand.games.infected.draft import kinds_in
from hiddenhand.games.infected.flow import CYCLE, Phase, Turn
from hiddenhand.games.infected.limits import HAND_LIMIT, INFECTED_HAND_LIMIT
from hiddenhand.games.infected.space import TAKE_DONE

if TYPE_CHECKING:
    from hiddenhand.engine.actions import Action
    from hiddenhand.engine.state import Pending
    from hiddenhand.games.infected.rules import InfectedState


def new_round(state: InfectedState) -> None:
    state.round += 1
    state.destroy_held = state.leader_vote_held = False
    state.emit(
        Event(
            "round",
            f"round {state.round}: {{p{state.leader}}} has the Leader card",
            data={"round": state.round},
        )
    )
    state.todo = list(CYCLE)


def next_leader(state: InfectedState) -> None:
    """ "Give Leader card to the player next to the current leader and new turn begins"."""
    mechanics.pass_leader(
        state,
    )
    state.todo = ["round"]


# -- the hand limit -----------------------------------------------------------------------------


def hand_limit(state: InfectedState) -> None:
    """ "If ... player has more cards than their hand limit allows, he must discard"."""
    if any(len(h) > HAND_LIMIT for h in state.hands):
        state.phase = Phase.DISCARD
        state.running = False


def _discard_legal(state: InfectedState) -> Pending:
    discard, item_of = state.actions.discard, state.cards.item_of
    return {
        s: [discard[k] for k in sorted(kinds_in(state.hands[s], item_of))]
        for s in range(state.n)
        if len(state.hands[s]) > HAND_LIMIT
    }


def _discard(state: InfectedState, seat: int, action: Action) -> None:
    mechanics.discard_from_hand(state, seat, int(action.args[0]))
    if all(len(h) <= HAND_LIMIT for h in state.hands):
        state.running = True


DISCARDS: Final = Turn(_discard_legal, _discard)


# -- the infections phase -------------------------------------------------------------------------


def infections(state: InfectedState) -> None:
    """The exposed infected may take wound cards from characters, up to 3 zombie cards."""
    for s in range(state.n):
        if (
            state.exposed[s]
            and len(state.zhand[s]) < INFECTED_HAND_LIMIT
            and any(state.wounds[o] for o in state.active())
        ):
            state.infector = s
            state.phase = Phase.INFECT
            state.running = False
            return


def _infect_legal(state: InfectedState) -> Pending:
    take = state.actions.take_wound
    return {
        state.infector: [take[s] for s in state.active() if state.wounds[s]]
        + [state.actions.take_done]
    }


def _take_wound(state: InfectedState, seat: int, action: Action) -> None:
    if action.kind == TAKE_DONE:
        state.running = True
        return
    victim = int(action.args[0])
    card = state.wounds[victim].pop()
    state.zhand[seat].append(card)
    whereabouts.took_wound(state, victim, seat)
    state.emit(Event("take_wound", f"{{p{seat}}} takes a wound card from {{p{victim}}}"))
    state.emit(Event("zombie_card", f"you take {article(state.kind_z(card).name)}", private(seat)))
    if len(state.zhand[seat]) >= INFECTED_HAND_LIMIT or not any(
        state.wounds[s] for s in state.active()
    ):
        state.running = True


INFECTIONS: Final = Turn(_infect_legal, _take_wound)


# -- check victory ---------------------------------------------------------------------------------


def check_victory(state: InfectedState) -> None:
    """In the end game, the humans win once they have collected enough resources."""
    if state.end_game and state.enough_resources():
        mechanics.win(state, "humans", f"the survivors hold {state.n} resources of every type")
