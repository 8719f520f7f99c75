"""What a seat may wonder about in a game: the questions whose answers are hidden from it.

A game registers one reader (`register_beliefs`): given a world and a seat, it asks each of the
seat's open questions ("who is the Killer?", "what is Bea's middle card?") and answers it as that
world has it. `thoughts` calls it on determinized samples only, never on the true state, and
counts the answers: the share of the seat's imagined worlds in which each answer holds is the
seat's belief. So the questions themselves (their subjects and faces) must depend on nothing the
seat cannot know, and a reader may read a sample's internals freely.

Like the bots and evaluations of `registry`, the engine knows nothing of this; the games'
packages register their readers when imported.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, slots=True)
class Question:
    """One thing a seat cannot see, asked of every subject it concerns, as one world answers.

    `subjects` name what is asked about (suspects, cards, players: words a reader of the
    replay understands, built from what the seat may know); `faces` the possible answers the
    belief is shown for; `answers[i]` is the index in `faces` of subject i's answer in this
    world, or -1 where it is none of them (a suspect who is not the Killer)."""

    title: str
    faces: tuple[str, ...]
    subjects: tuple[str, ...]
    answers: tuple[int, ...]

    def __post_init__(self) -> None:
        if len(self.answers) != len(self.subjects):
            raise ValueError(f"{self.title}: one answer per subject")
        if any(not -1 <= a < len(self.faces) for a in self.answers):
            raise ValueError(f"{self.title}: an answer is an index of a face, or -1")

    @property
    def asked(self) -> tuple[str, tuple[str, ...], tuple[str, ...]]:
        """The question without this world's answers: the same in every world of a seat."""
        return self.title, self.faces, self.subjects


BeliefReader = Callable[[Any, int], Sequence[Question]]
"""The open questions of a seat in a world (a State of the game; empty where the seat can
see everything that matters)."""

_readers: dict[str, BeliefReader] = {}


def register_beliefs(game_id: str, reader: BeliefReader | None) -> None:
    """Set (or, with None, remove) how a game's worlds answer a seat's open questions."""
    if reader is None:
        _readers.pop(game_id, None)
    else:
        _readers[game_id] = reader


def belief_reader(game_id: str) -> BeliefReader | None:
    """The game's reader of a seat's open questions, if it registered one."""
    return _readers.get(game_id)
