"""How fast a table moves: which prompts the server answers itself, and which actions wait.

People follow a game by what they see, so a bot waits (`bot_delay`) only before an action that
tells someone else something; a pass, or a choice only its own seat learns of, goes at once.
A person is never shown a prompt with one answer (a lone "pass", say): the server answers it for
them at the speed a bot would, so that being asked reveals nothing about what they hold.
"""

from __future__ import annotations

from collections.abc import Sequence

from hiddenhand.engine import Action, State
from hiddenhand.engine.actions import one_answer
from hiddenhand.server.seats import Seat

__all__ = [
    "ends_autopass",
    "is_reaction",
    "one_answer",
    "only_pass",
    "pass_of",
    "seen_by_others",
    "server_answers",
]

PASS = "pass"
REACTION_KINDS = frozenset({PASS, "play"})
"""A prompt made of these kinds (with a pass among them) is a reaction: playing a card out of
turn, or not. "Auto-pass until my turn" answers such prompts with the pass."""


def only_pass(legal: Sequence[Action]) -> bool:
    """The prompt has no answer but "pass"."""
    return bool(legal) and all(a.kind == PASS for a in legal)


def is_reaction(legal: Sequence[Action]) -> bool:
    """The prompt offers a pass and nothing but cards to play out of turn."""
    kinds = {a.kind for a in legal}
    return PASS in kinds and kinds <= REACTION_KINDS


def pass_of(legal: Sequence[Action]) -> Action:
    return next(a for a in legal if a.kind == PASS)


def seen_by_others(state: State, seat: int, action: Action) -> bool:
    """Would anyone but `seat` learn something from this action? Tried on a copy."""
    if action.kind == PASS:
        return False
    trial = state.clone()
    events = trial.act(seat, action)
    return any(e.audience is None or e.audience - {seat} for e in events)


def server_answers(person: Seat, legal: Sequence[Action]) -> bool:
    """The server decides this prompt: a bot's seat, a prompt with one answer (a lone "pass",
    say), or a reaction of a person who asked to pass them."""
    if person.played_by_bot:
        return True
    return one_answer(legal) is not None or (person.autopass and is_reaction(legal))


def ends_autopass(person: Seat, legal: Sequence[Action]) -> bool:
    """A person passing reactions is asked something else: their turn has come, and with it the
    end of "auto-pass until my turn"."""
    return (
        person.autopass
        and not person.played_by_bot
        and not (is_reaction(legal) or only_pass(legal))
    )
