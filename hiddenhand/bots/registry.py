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
