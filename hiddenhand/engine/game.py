"""A Game: what a game module registers. The registry finds every game under hiddenhand.games."""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import TYPE_CHECKING, Any

from hiddenhand.engine.actions import ActionSpace
from hiddenhand.engine.errors import OptionError, UnknownGame
from hiddenhand.engine.options import Options

if TYPE_CHECKING:
    from rich.console import RenderableType

    from hiddenhand.bots.base import BotFactory
    from hiddenhand.engine.state import State

DEFAULT_NAMES = ("Ana", "Bea", "Cal", "Dee", "Eli", "Fay", "Gus", "Hal", "Ida", "Jon")


@dataclass(frozen=True)
class Game:
    """One game as the platform sees it.

    `new_state(players, options, seed)` builds the opening state; `action_space(n, options)`
    lists every action a table of n seats can ever see (it is cached, so keep it pure);
    `check(n, options)` may reject option combinations that depend on the seat count.
    """

    id: str
    title: str
    min_players: int
    max_players: int
    options_type: type[Options]
    new_state: Callable[[Sequence[str], Any, int], State]
    action_space: Callable[[int, Any], ActionSpace]
    summary: str = ""
    default_players: int = 0
    check: Callable[[int, Any], None] | None = None
    bots: Mapping[str, BotFactory] = field(default_factory=dict)
    render_view: Callable[[Mapping[str, Any], Sequence[str]], RenderableType] | None = None
    evaluate: Callable[[State, int], float | None] | None = None
    """An estimate in [0, 1] of a seat's chance to win an unfinished game, for search bots that
    cut their rollouts short, or None where the game cannot judge this moment (in the middle of
    a fight, say): the rollout then plays on. Called on determinized samples only, so it may
    read their internals."""

    def options(self, pairs: Any = None) -> Options:
        """Parse options for this game from `key=value` strings, a mapping, or None."""
        if isinstance(pairs, self.options_type):
            return pairs
        return self.options_type.parse(pairs)

    def validate(self, players: int, options: Options) -> None:
        """Raise OptionError unless this seat count and these options make a game."""
        if not self.min_players <= players <= self.max_players:
            raise OptionError(f"{self.title} takes {self.seat_range} players, not {players}")
        if self.check is not None:
            self.check(players, options)

    @property
    def usual_players(self) -> int:
        """The seat count tools use when none is given."""
        return self.default_players or self.min_players

    @property
    def seat_range(self) -> str:
        if self.min_players == self.max_players:
            return str(self.min_players)
        return f"{self.min_players}-{self.max_players}"

    def start(
        self,
        players: int | Sequence[str],
        options: Options | Mapping[str, Any] | Sequence[str] | None = None,
        seed: int = 0,
    ) -> State:
        """A new game: players are a count or a list of names; options are parsed if needed."""
        names = list(DEFAULT_NAMES[:players]) if isinstance(players, int) else list(players)
        if isinstance(players, int) and players > len(DEFAULT_NAMES):
            names = [f"Player {i + 1}" for i in range(players)]
        opts = self.options(options)
        self.validate(len(names), opts)
        return self.new_state(names, opts, seed)


_registry: dict[str, Game] = {}


def register(game: Game) -> Game:
    """Add a game to the registry (game modules call this at import)."""
    _registry[game.id] = game
    return game


@cache
def _discover() -> None:
    import hiddenhand.games as pkg

    for info in pkgutil.iter_modules(pkg.__path__, pkg.__name__ + "."):
        if info.ispkg:
            importlib.import_module(info.name)


def games() -> dict[str, Game]:
    """Every registered game, by id."""
    _discover()
    return dict(sorted(_registry.items()))


def get_game(game_id: str) -> Game:
    """The game with this id, or UnknownGame naming the ones that exist."""
    _discover()
    try:
        return _registry[game_id]
    except KeyError:
        known = ", ".join(sorted(_registry)) or "none"
        raise UnknownGame(f"unknown game {game_id!r}; games are: {known}") from None
