"""What a bot thinks at a decision: its best moves as its search rates them, and its beliefs.

Worked out from what the deciding seat may know and nothing else, so it can be shown beside a
replay (or to the spectators of a table of bots) without showing the truth: every world it
looks at is a `determinize(seat)` sample, its generators are seeded from the seat's own view
(never from the true state's seed or hidden cards), and the true state is read only through
`determinize(seat, ...)`, `view(seat)` and `legal(seat)`. Where a game's determinizer depends on
nothing but what the seat knows (the samples of any two states the seat cannot tell apart are
the same for the same generator), two such states give exactly the same thoughts; every game's
beliefs are tested for it (`tests/bots/test_thoughts.py`).

- Top moves: an ISMCTS search (`ismcts.ISMCTSBot.deliberate`) with a fixed budget, at least
  `MIN_BATCHES` batches of one iteration per legal move. Each move's `value` is its mean reward
  (the seat's estimated chance to win after it) and its `share` the fraction of the search's
  imagined worlds in which it did best. (The search tries every root move once in each world,
  common random numbers, so a share of visits would be the same for every move: the share of
  worlds won is what a search that spends its visits on its best moves would show.)
- Beliefs: the game's open questions for the seat (`beliefs`), answered by `SAMPLES` samples;
  each answer's chance is the share of samples in which it holds.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import msgspec

from hiddenhand.bots.base import Turn
from hiddenhand.bots.beliefs import belief_reader
from hiddenhand.bots.ismcts import MAX_ITERATIONS, ISMCTSBot
from hiddenhand.engine.seeding import content_seed, derive

if TYPE_CHECKING:
    from hiddenhand.engine.events import Event
    from hiddenhand.engine.state import State

SAMPLES = 1000
"""Determinized worlds the beliefs are counted over: a chance is known within 3 points (two
standard errors at worst), for a few hundredths of a second of CPU."""
ITERATIONS = 200
"""The search's least budget, in iterations..."""
MIN_BATCHES = 12
"""...and it runs at least this many batches (worlds) however many moves there are..."""
MAX_THOUGHT_ITERATIONS = 2400
"""...within this cap (seconds of CPU at most, in every game)."""
TOP_MOVES = 6
"""How many moves are shown, best first."""


@dataclass(frozen=True, slots=True)
class MoveThought:
    """One move the search compared."""

    action: int
    text: str
    value: float
    """Mean reward: the seat's estimated chance to win after playing it."""
    share: float
    """Fraction of the imagined worlds in which it did best (ties shared)."""
    visits: int
    chosen: bool
    """The move the search would play."""


@dataclass(frozen=True, slots=True)
class Belief:
    """One open question with the chance of each answer for each subject."""

    title: str
    faces: tuple[str, ...]
    rows: tuple[tuple[str, tuple[float, ...]], ...]
    """(subject, chance of each face), in the reader's order."""


@dataclass(frozen=True, slots=True)
class Thoughts:
    seat: int
    moves: tuple[MoveThought, ...]
    """The best `TOP_MOVES` by value, best first."""
    compared: int
    """How many moves the search compared (all the seat's legal moves)."""
    worlds: int
    """Batches the search ran: the worlds each move was tried in."""
    beliefs: tuple[Belief, ...]
    samples: int

    def to_json(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "moves": [
                {
                    "action": m.action,
                    "text": m.text,
                    "value": m.value,
                    "share": m.share,
                    "visits": m.visits,
                    "chosen": m.chosen,
                }
                for m in self.moves
            ],
            "compared": self.compared,
            "worlds": self.worlds,
            "beliefs": [
                {
                    "title": b.title,
                    "faces": list(b.faces),
                    "rows": [{"subject": s, "chances": list(c)} for s, c in b.rows],
                }
                for b in self.beliefs
            ],
            "samples": self.samples,
        }


def information_seed(state: State, seat: int) -> int:
    """A seed made of what `seat` knows and is asked now: the same for every state the seat
    cannot tell apart, and telling nothing it does not know."""
    known = [state.game.id, seat, state.view(seat), [a.id for a in state.legal(seat)]]
    return content_seed(msgspec.json.encode(known, order="sorted"))


def search_budget(moves: int) -> int:
    """The iterations of the thinking search for a seat choosing among `moves`."""
    return min(max(ITERATIONS, MIN_BATCHES * moves), MAX_THOUGHT_ITERATIONS, MAX_ITERATIONS)


def think(
    state: State,
    seat: int,
    log: Sequence[Event] = (),
    *,
    samples: int = SAMPLES,
    iterations: int | None = None,
) -> Thoughts:
    """What `seat`, asked to decide in `state`, thinks: from its view, its log (the events it
    was told) and `determinize(seat)` samples only."""
    legal = tuple(state.legal(seat))
    if not legal:
        raise ValueError(f"seat {seat} is not asked to decide")
    seed = information_seed(state, seat)
    beliefs = believe(state, seat, random.Random(derive(seed, "thoughts beliefs")), samples)
    budget = iterations if iterations is not None else search_budget(len(legal))
    bot = ISMCTSBot(seat, derive(seed, "thoughts search"), iterations=budget)
    sample = state.determinize(seat, bot.rng)
    turn = Turn(state.game, seat, state.players, legal, log, state.view(seat), sample)
    found = bot.deliberate(turn)
    batches = max(1, found.batches)
    rated = [
        MoveThought(
            action=a.id,
            text=a.describe(state.players),
            value=round(found.totals[a] / batches, 3),
            share=round(found.best_in[a] / batches, 3),
            visits=found.visits[a],
            chosen=a == found.choice,
        )
        for a in found.legal
    ]
    rated.sort(key=lambda m: (-m.value, -m.share, not m.chosen))
    top = rated[:TOP_MOVES]
    if not any(m.chosen for m in top):
        top[-1] = next(m for m in rated if m.chosen)
    return Thoughts(seat, tuple(top), len(found.legal), found.batches, beliefs, samples)


def believe(state: State, seat: int, rng: random.Random, samples: int) -> tuple[Belief, ...]:
    """The chance of each answer to each of `seat`'s open questions, over `samples` worlds
    drawn by `determinize(seat, rng)`."""
    reader = belief_reader(state.game.id)
    if reader is None or samples < 1:
        return ()
    asked: list[tuple[str, tuple[str, ...], tuple[str, ...]]] | None = None
    counts: list[list[list[int]]] = []
    for _ in range(samples):
        questions = reader(state.determinize(seat, rng), seat)
        if asked is None:
            asked = [q.asked for q in questions]
            counts = [[[0] * len(q.faces) for _ in q.subjects] for q in questions]
        elif [q.asked for q in questions] != asked:
            raise RuntimeError(
                f"{state.game.id}'s questions for seat {seat} differ between its samples: "
                "they must be made of what the seat knows"
            )
        for question, table in zip(questions, counts, strict=True):
            for row, answer in zip(table, question.answers, strict=True):
                if answer >= 0:
                    row[answer] += 1
    assert asked is not None
    return tuple(
        Belief(
            title,
            faces,
            tuple(
                (subject, tuple(round(n / samples, 4) for n in row))
                for subject, row in zip(subjects, table, strict=True)
            ),
        )
        for (title, faces, subjects), table in zip(asked, counts, strict=True)
    )
