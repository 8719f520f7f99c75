"""How fast a table moves, and why its timing gives nothing away.

Who is asked, for how long, and when each answer arrives are public: everyone at the table sees
them. So none of them may depend on a hidden card. The engine asks every seat a window concerns
(holding a playable card or not); the server lists them all in the same frame, runs the clock of
every person among them, and gives the answers it gives itself (a bot's move, a person's lone
pass, an auto-pass) at a time drawn afresh for each seat each time it is asked, from a
distribution that depends only on what everyone can see: whether several seats are asked at once,
and the table's bot delay. A bot thinks meanwhile; its pass and its play arrive alike.

A person is never shown a prompt with one answer (a lone "pass", say): the server answers it for
them at that drawn time, so that being asked, and answering, reveal nothing about what they hold.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from hiddenhand.engine import Action
from hiddenhand.engine.actions import one_answer
from hiddenhand.server.seats import Seat

__all__ = [
    "DEFAULT_BOT_DELAY",
    "TURN_SPREAD",
    "WINDOW_SPREAD",
    "answer_delay",
    "ends_autopass",
    "is_reaction",
    "one_answer",
    "only_pass",
    "pass_of",
    "server_answers",
]

PASS = "pass"
REACTION_KINDS = frozenset({PASS, "play"})
"""A prompt made of these kinds (with a pass among them) is a reaction: playing a card out of
turn, or not. "Auto-pass until my turn" answers such prompts with the pass."""

DEFAULT_BOT_DELAY = 0.5
"""Seconds a bot waits before its move, so people can follow: a move's motion (under 400 ms)
has ended before the next move comes, and six seats still go round in about four seconds
(`benchmarks/table_pace.py`: a person waits a median under 5 s between their decisions)."""

TURN_SPREAD = (0.75, 1.25)
"""A server answer when one seat is asked comes this many bot delays after the question (drawn
uniformly): about the bot delay, so people can follow each move."""
WINDOW_SPREAD = (0.1, 0.4)
"""...and when several seats are asked at once (a window): shorter, since a window waits for the
last of them. A searching bot still thinking when its time comes passes (`driver`), so its
thinking never shows however short this is."""


def answer_delay(draws: random.Random, bot_delay: float, several: bool) -> float:
    """Seconds from a question to the server's answer for one seat: drawn for each seat each
    time it is asked, whatever it holds and whatever it answers."""
    low, high = WINDOW_SPREAD if several else TURN_SPREAD
    return bot_delay * draws.uniform(low, high)


def only_pass(legal: Sequence[Action]) -> bool:
    """The prompt has no answer but "pass"."""
    return bool(legal) and all(a.kind == PASS for a in legal)


def is_reaction(legal: Sequence[Action]) -> bool:
    """The prompt offers a pass and nothing but cards to play out of turn."""
    kinds = {a.kind for a in legal}
    return PASS in kinds and kinds <= REACTION_KINDS


def pass_of(legal: Sequence[Action]) -> Action:
    return next(a for a in legal if a.kind == PASS)


def server_answers(person: Seat, legal: Sequence[Action]) -> bool:
    """The server decides this prompt: a bot's seat, a prompt with one answer (a lone "pass",
    say), or a reaction of a person who asked to pass them. Only the timing of the answer is
    public, and it is the same whichever of these holds (`answer_delay`)."""
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
