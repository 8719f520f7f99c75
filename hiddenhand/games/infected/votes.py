"""Votes: destroying a member of the group, and choosing a new Leader (lead by vote).

A vote is called as part of a secret action-phase choice and held after the actions; every
survivor votes secretly, the target too, and the votes are shown together.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from hiddenhand.engine.events import Event
from hiddenhand.games.infected import mechanics
from hiddenhand.games.infected.flow import Phase, Window
from hiddenhand.games.infected.intents import vote_of
from hiddenhand.games.infected.limits import VOTES_TO_DESTROY

if TYPE_CHECKING:
    from hiddenhand.engine.actions import Action
    from hiddenhand.games.infected.draft import Draft
    from hiddenhand.games.infected.rules import InfectedState


def called_votes(state: InfectedState) -> None:
    """Hold the destroy vote called this action phase, then the Leader vote, one at a time."""
    if state.destroy_call is not None:
        _caller, target = state.destroy_call
        state.destroy_call = None
        state.destroy_held = True
        state.vote_kind, state.vote_target = "destroy", target
        state.emit(Event("vote", f"vote: destroy {{p{target}}}?"))
        state.todo.insert(0, "votes")
        state.open_window(Phase.VOTE, state.active())
    elif state.leader_call is not None:
        _caller, target = state.leader_call
        state.leader_call = None
        state.leader_vote_held = True
        state.vote_kind, state.vote_target = "leader", target
        state.emit(Event("vote", f"vote: make {{p{target}}} the Leader?"))
        state.open_window(Phase.VOTE, state.active())


def _vote(state: InfectedState, seat: int, d: Draft, action: Action) -> None:
    d.intents.append(vote_of(action.args[0] == "yes"))
    d.done = True


def _count(state: InfectedState, order: list[int], window: dict[int, Draft]) -> None:
    yes = [s for s in order if window[s].intents[0] == vote_of(True)]
    no = [s for s in order if s not in yes]
    target = state.vote_target
    tally = ", ".join(f"{{p{s}}} {'for' if s in yes else 'against'}" for s in order)
    state.emit(Event("votes", f"the votes: {tally}", data={"yes": yes, "no": no}))
    if state.vote_kind == "destroy":
        _destroy(state, target, len(yes) >= VOTES_TO_DESTROY.get(state.n, state.n))
    elif len(yes) > len(no) or (len(yes) == len(no) and state.leader in yes):
        state.leader = target  # the Leader's vote counts 1½ in a tie
        state.emit(Event("leader", f"{{p{target}}} becomes the Leader by vote"))
    else:
        state.emit(Event("leader_kept", f"{{p{state.leader}}} stays the Leader"))


def _destroy(state: InfectedState, target: int, passed: bool) -> None:
    """Destroying a character shows its blood sample: the infected destroyed, the humans win;
    a clean survivor destroyed, the infected wins."""
    if not passed:
        state.emit(Event("spared", f"{{p{target}}} is not destroyed"))
        return
    sample = state.samples[target][0]
    state.samples_up[target] = True
    state.emit(
        Event(
            "destroyed",
            f"{{p{target}}} is destroyed and shows a {sample} blood sample",
            data={"seat": target},
        )
    )
    if sample == "virus":
        mechanics.win(state, "humans", "the infected was destroyed")
    else:
        mechanics.win(state, "zombies", "a clean survivor was destroyed")


VOTES: Final = Window(lambda state, seat, d: list(state.actions.votes), _vote, _count)
