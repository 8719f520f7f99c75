"""Votes: destroying a member of the group, and choosing a new Leader (lead by vote).

A vote is called as part of a secret action-phase choice and held after the actions; every
survivor votes secretly, the target too, and the votes are shown together.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hiddenhand.engine.events import Event
from hiddenhand.games.infected import mechanics
from hiddenhand.games.infected.flow import Phase, Window
from hiddenhand.games.infected.intents import vote_of
from hiddenhand.games.infected.limits import VOTES_TO_DESTROY

if TYPE_CHECKING:
    from hiddenhand.engine.actions import Action
    from hiddenhand.games.infected.draft import Draft
    from hiddenhand.games.infected.rules import InfectedState


def called_votes(st: InfectedState) -> None:
    """Hold the destroy vote called this action phase, then the Leader vote, one at a time."""
    if st.destroy_call is not None:
        _caller, target = st.destroy_call
        st.destroy_call = None
        st.destroy_held = True
        st.vote_kind, st.vote_target = "destroy", target
        st.emit(Event("vote", f"vote: destroy {{p{target}}}?"))
        st.todo.insert(0, "votes")
        st.open_window(Phase.VOTE, st.active())
    elif st.leader_call is not None:
        _caller, target = st.leader_call
        st.leader_call = None
        st.leader_vote_held = True
        st.vote_kind, st.vote_target = "leader", target
        st.emit(Event("vote", f"vote: make {{p{target}}} the Leader?"))
        st.open_window(Phase.VOTE, st.active())


def _vote(st: InfectedState, seat: int, d: Draft, action: Action) -> None:
    d.intents.append(vote_of(action.args[0] == "yes"))
    d.done = True


def _count(st: InfectedState, order: list[int], window: dict[int, Draft]) -> None:
    yes = [s for s in order if window[s].intents[0] == vote_of(True)]
    no = [s for s in order if s not in yes]
    target = st.vote_target
    tally = ", ".join(f"{{p{s}}} {'for' if s in yes else 'against'}" for s in order)
    st.emit(Event("votes", f"the votes: {tally}", data={"yes": yes, "no": no}))
    if st.vote_kind == "destroy":
        _destroy(st, target, len(yes) >= VOTES_TO_DESTROY.get(st.n, st.n))
    elif len(yes) > len(no) or (len(yes) == len(no) and st.leader in yes):
        st.leader = target  # the Leader's vote counts 1½ in a tie
        st.emit(Event("leader", f"{{p{target}}} becomes the Leader by vote"))
    else:
        st.emit(Event("leader_kept", f"{{p{st.leader}}} stays the Leader"))


def _destroy(st: InfectedState, target: int, passed: bool) -> None:
    """Destroying a character shows its blood sample: the infected destroyed, the humans win;
    a clean survivor destroyed, the infected wins."""
    if not passed:
        st.emit(Event("spared", f"{{p{target}}} is not destroyed"))
        return
    sample = st.samples[target][0]
    st.samples_up[target] = True
    st.emit(
        Event(
            "destroyed",
            f"{{p{target}}} is destroyed and shows a {sample} blood sample",
            data={"seat": target},
        )
    )
    if sample == "virus":
        mechanics.finish(st, "humans", "the infected was destroyed")
    else:
        mechanics.finish(st, "zombies", "a clean survivor was destroyed")


VOTES = Window(lambda st, seat, d: list(st.actions.votes), _vote, _count)
