"""A Game: what a game module registers. The registry finds every game under hiddenhand.games,
and every game an installed package names under the `hiddenhand.games` entry point group."""

from __future__ import annotations

import importlib
import pkgutil
import warnings
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING, Any, Generic

from typing_extensions import TypeVar

from hiddenhand.engine.actions import ActionSpace
from hiddenhand.engine.errors import OptionError, UnknownGame
from hiddenhand.engine.options import Options
from hiddenhand.engine.seeding import KEYED

if TYPE_CHECKING:
    from hiddenhand.engine.state import State

OptionsT = TypeVar("OptionsT", bound=Options, default=Options)

DEFAULT_NAMES = ("Ana", "Bea", "Cal", "Dee", "Eli", "Fay", "Gus", "Hal", "Ida", "Jon")


@dataclass(frozen=True)
class Game(Generic[OptionsT]):
    """One game as the platform sees it, generic over its options type.

    `new_state(players, options, seed, seeding)` builds the opening state (a State subclass
    taking those arguments); `action_space(n, options)` lists every action a table of n seats
    can ever see (it is cached, so keep it pure);
    `check(n, options)` may reject option combinations that depend on the seat count.
    Bots, evaluations and terminal drawings are registered outside the engine, in the
    registries of the bots package and of the terminal.
    """

    id: str
    title: str
    min_players: int
    max_players: int
    options_type: type[OptionsT]
    new_state: Callable[[Sequence[str], OptionsT, int, str], State[Any]]
    action_space: Callable[[int, OptionsT], ActionSpace]
    summary: str = ""
    default_players: int = 0
    check: Callable[[int, OptionsT], None] | None = None
    renderer: str = ""
    """Where the game's own browser renderer lives, as `package:path/inside/it.js` (package
    data the server serves); empty: the built-in file of that id, else the generic board."""
    zero_sum: bool = False
    """Every finished game, at every seat count, has as many winners as losers or none (a
    draw): the learning environments' returns (+1 a winner, -1 a loser) then sum to zero."""
    long_game_actions: Callable[[int, OptionsT], int] | None = None
    """How many actions (one seat's decision each) a long game of n seats takes with sensible
    play, e.g. the 99.9th percentile of `benchmarks/game_lengths.py`: learning environments
    cut a game at ten times it (`hiddenhand.rl.limits`). None: they rely on their own figures."""

    def options(self, pairs: Any = None) -> OptionsT:
        """Parse options for this game from `key=value` strings, a mapping, or None."""
        if isinstance(pairs, self.options_type):
            return pairs
        return self.options_type.parse(pairs)

    def stored_options(self, mapping: Mapping[str, Any]) -> OptionsT:
        """Options read back from a record or a saved table: what they meant when it was made."""
        return self.options_type.stored(mapping)

    def validate(self, players: int, options: OptionsT) -> None:
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
        options: OptionsT | Mapping[str, Any] | Sequence[str] | None = None,
        seed: int = 0,
        *,
        seeding: str = KEYED,
    ) -> State[Any]:
        """A new game: players are a count or a list of names; options are parsed if needed.

        `seeding` says how the seed becomes generators; only old records need another than the
        default (see `hiddenhand.engine.seeding`).
        """
        names = list(DEFAULT_NAMES[:players]) if isinstance(players, int) else list(players)
        if isinstance(players, int) and players > len(DEFAULT_NAMES):
            names = [f"Player {i + 1}" for i in range(players)]
        opts = self.options(options)
        self.validate(len(names), opts)
        return self.new_state(names, opts, seed, seeding)


_registry: dict[str, Game[Any]] = {}


def register(game: Game[OptionsT]) -> Game[OptionsT]:
    """Add a game to the registry (game modules call this at import)."""
    _registry[game.id] = game
    return game


ENTRY_POINTS = "hiddenhand.games"
"""The entry point group an installed package names its game in: the value is the module that
registers it (`loveletter = "hiddenhand_loveletter"`) or the `Game` itself (`module:GAME`)."""


@cache
def _discover() -> None:
    import hiddenhand.games as pkg

    for info in pkgutil.iter_modules(pkg.__path__, pkg.__name__ + "."):
        if info.ispkg:
            importlib.import_module(info.name)
    _discover_installed()


def _discover_installed() -> None:
    """Load the games installed packages declare; one that fails to load is skipped with a
    warning naming it, so a broken package never takes the other games down."""
    from importlib.metadata import entry_points

    for point in entry_points(group=ENTRY_POINTS):
        try:
            loaded = point.load()
        except Exception as exc:
            warnings.warn(
                f"the game {point.name!r} ({point.value}) did not load: {exc}", stacklevel=2
            )
            continue
        if isinstance(loaded, Game):
            register(loaded)


def import_games(modules: Sequence[str]) -> None:
    """Import modules that register more games (the commands' `--import MODULE`); UnknownGame
    names a module that cannot be imported."""
    for module in modules:
        try:
            importlib.import_module(module)
        except ImportError as exc:
            raise UnknownGame(f"cannot import {module}: {exc}") from None


def games() -> dict[str, Game[Any]]:
    """Every registered game, by id."""
    _discover()
    return dict(sorted(_registry.items()))


def get_game(game_id: str) -> Game[Any]:
    """The game with this id, or UnknownGame naming the ones that exist."""
    _discover()
    try:
        return _registry[game_id]
    except KeyError:
        known = ", ".join(sorted(_registry)) or "none"
        raise UnknownGame(f"unknown game {game_id!r}; games are: {known}") from None
