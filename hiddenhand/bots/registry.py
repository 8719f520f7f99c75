"""Which bots play which game, and how each game judges an unfinished world.

A game's package registers its own bots (`register_bot`) and its evaluation
(`register_evaluator`) from its bots module when it is imported; the engine knows of neither.
This module imports nothing of the games or of the other bot modules, so any of them may
import it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from hiddenhand.bots.base import BotFactory
    from hiddenhand.engine.state import State

Evaluator = Callable[["State[Any]", int], float | None]
"""An estimate in [0, 1] of a seat's chance to win an unfinished game, for search bots that cut
their rollouts short, or None where the game cannot judge this moment (in the middle of a
fight, say): the rollout then plays on. Called on determinized samples only, so it may read
their internals."""

SeatsEvaluator = Callable[["State[Any]"], Sequence[float] | None]
"""The same estimate for every seat at once (a list indexed by seat), or None where the game
cannot judge: what a game offers when it can share the work between seats."""

_bots: dict[str, dict[str, BotFactory]] = {}
_levels: dict[str, dict[str, str]] = {}
_evaluators: dict[str, Evaluator] = {}
_seats_evaluators: dict[str, SeatsEvaluator] = {}


def register_bot(game_id: str, name: str, factory: BotFactory) -> None:
    """Offer a bot by name for one game (`make_bot` builds it from a spec naming it)."""
    _bots.setdefault(game_id, {})[name] = factory


def game_bots(game_id: str) -> dict[str, BotFactory]:
    """The bots a game registered itself, by name (the generic ones are not among them)."""
    return dict(_bots.get(game_id, {}))


def default_bot(game_id: str) -> str:
    """The bot that takes a seat when none is named: the game's heuristic if it has one."""
    return "heuristic" if "heuristic" in _bots.get(game_id, {}) else "random"


def register_evaluator(
    game_id: str, evaluate: Evaluator | None, every_seat: SeatsEvaluator | None = None
) -> None:
    """Set (or, with None, remove) how search bots judge an unfinished world of a game;
    `every_seat`, if given, must answer what `evaluate` answers seat by seat."""
    _seats_evaluators.pop(game_id, None)
    if evaluate is None:
        _evaluators.pop(game_id, None)
        return
    _evaluators[game_id] = evaluate
    if every_seat is not None:
        _seats_evaluators[game_id] = every_seat


def evaluator(game_id: str) -> Evaluator | None:
    """How search bots judge an unfinished world of this game; None if it does not."""
    return _evaluators.get(game_id)


def seats_evaluator(game_id: str) -> SeatsEvaluator | None:
    """The game's estimate for every seat at once, if it registered one."""
    return _seats_evaluators.get(game_id)


# -- the strength ladder ------------------------------------------------------------------------

LEVELS: tuple[str, ...] = ("easy", "medium", "hard", "expert")
"""The strengths a person picks a bot by, weakest first. Each names a bot spec per game; a level
can stand wherever a spec can (`make_bot(game, "hard", seat)`, `--bots hard`, a lobby seat)."""

LADDERS: dict[str, dict[str, str]] = {
    # easy: the heuristic, but a random legal move half of the time; medium: the heuristic;
    # hard: the search comparing the heuristic's move with a few others on a few samples;
    # expert: the search over every legal move with a larger budget, guided by the game's
    # learned guide where one is shipped (NOIR: rollouts cut after 4 moves and scored by its
    # values, so 180 iterations cost what 100 unguided ones did; Good Cop Bad Cop: 300 where its
    # Zombies games roll out to the end, since 100 did not separate from hard there). Good Cop
    # Bad Cop's searches roll out 400 moves before the evaluation judges the world: cut after
    # 10 (a window of six seats is six moves), hard played no better than medium. Budgets are
    # iterations (no time cap: the moves do not depend on the machine); expert stays well
    # within 0.2 s of CPU a decision. `benchmarks/ladder.py` measures every step; docs/bots.md
    # has the figures.
    "noir": {
        "easy": "sloppy:slip=0.5",
        "medium": "heuristic",
        "hard": "ismcts:iterations=40:width=5",
        "expert": "ismcts:iterations=180:guide=on:depth=4",
    },
    "goodcop": {
        "easy": "sloppy:slip=0.5",
        "medium": "heuristic",
        "hard": "ismcts:iterations=40:width=5:depth=400",
        "expert": "ismcts:iterations=100:iterations_to_end=300:depth=400",
    },
    "infected": {
        "easy": "sloppy:slip=0.5",
        "medium": "heuristic",
        "hard": "ismcts:iterations=20:width=4:margin=0.1",
        "expert": "ismcts:iterations=60",
    },
}
"""The ladder of each game hiddenhand ships, in one place."""


def register_levels(game_id: str, specs: dict[str, str]) -> None:
    """Set a game's ladder: a bot spec for every level of LEVELS."""
    missing = [level for level in LEVELS if level not in specs]
    if missing or set(specs) - set(LEVELS):
        raise ValueError(f"a ladder names exactly the levels {', '.join(LEVELS)}")
    _levels[game_id] = dict(specs)


def level_specs(game_id: str) -> dict[str, str]:
    """The bot spec of every level for a game, weakest first. A game without a ladder of its own
    gets the generic one: a random bot, its default bot, and the search with two budgets."""
    ladder = _levels.get(game_id) or LADDERS.get(game_id)
    if ladder is None:
        medium = default_bot(game_id)
        ladder = {
            "easy": "random",
            "medium": medium if medium != "random" else "ismcts:iterations=4",
            "hard": "ismcts:iterations=10",
            "expert": "ismcts:iterations=100",
        }
    return {level: ladder[level] for level in LEVELS}
