"""The bot API. A bot is handed a Turn and returns one of its legal actions.

A Turn never holds the true state: only the seat's legal actions, the events it has seen, and,
if the bot asks for them, `view(seat)` and a state determinized for the seat. A bot that plans
can determinize that sample again as often as it likes; every sample is consistent with what the
seat knows and nothing else. Cheating is impossible because the true state is never passed.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from hiddenhand.bots.options import BotOption, check_options
from hiddenhand.bots.registry import LEVELS, game_bots, level_specs
from hiddenhand.engine.errors import OptionError

if TYPE_CHECKING:
    from hiddenhand.engine.actions import Action
    from hiddenhand.engine.events import Event
    from hiddenhand.engine.game import Game
    from hiddenhand.engine.options import Options
    from hiddenhand.engine.state import State


@dataclass(frozen=True, slots=True)
class Turn:
    """What a bot knows when it must decide."""

    game: Game
    seat: int
    players: tuple[str, ...]
    legal: Sequence[Action]
    log: Sequence[Event]
    view: Mapping[str, Any] | None = None
    sample: State | None = None


class Bot(ABC):
    """A seat played by code. Subclasses say whether they need the view or a sample."""

    name: ClassVar[str] = "bot"
    uses_view: ClassVar[bool] = False
    uses_sample: ClassVar[bool] = False
    options: ClassVar[tuple[BotOption, ...]] = ()
    """The options its spec may set; `make_bot` refuses any other, and values out of range."""
    decides_in_world: ClassVar[bool] = False
    """It can decide from a determinized world read as its seat sees it (`decide_in`), which
    spares a search's rollouts building a view and parsing it back."""

    def __init__(self, seat: int, seed: int = 0) -> None:
        self.seat = seat
        self.rng = random.Random(f"{self.name}:{seed}:{seat}")

    @abstractmethod
    def decide(self, turn: Turn) -> Action:
        """Pick one of `turn.legal`."""

    def check_table(self, game: Game, players: int, options: Options) -> None:
        """Raise OptionError if this bot cannot play a table of `game` with these seats and
        options (a search told to use a learned guide that is not shipped for it); most bots
        play any table."""
        return None

    def decide_in(self, world: State, seat: int, legal: Sequence[Action]) -> Action:
        """Pick one of `legal` in a determinized world (never the true state: only searches
        call it, on their samples), reading only what `world.view(seat)` would show, so that it
        plays as `decide` would from that view and an empty log."""
        raise NotImplementedError(f"{self.name} decides from its Turn only")


BotFactory = Callable[..., Bot]
"""Called as factory(seat, seed, **options) -> Bot; options come from the bot spec, checked
against the factory's `options` declarations (a factory without them takes none)."""

MAX_SPEC_CHARS = 200
"""A longer spec is refused unread: no bot has that many options."""


class RandomBot(Bot):
    """Uniform over the legal actions: the baseline every other bot must beat."""

    name = "random"

    def decide(self, turn: Turn) -> Action:
        return self.rng.choice(turn.legal)


def _generic_bots() -> dict[str, BotFactory]:
    bots: dict[str, BotFactory] = {"random": RandomBot}
    try:
        from hiddenhand.bots.ismcts import ISMCTSBot
    except ImportError:
        pass
    else:
        bots["ismcts"] = ISMCTSBot
    return bots


def _wrapping_bots(game: Game) -> dict[str, BotFactory]:
    """Generic bots built around another bot of the game."""
    from hiddenhand.bots.sloppy import sloppy_factory

    return {"sloppy": sloppy_factory(game)}


def bot_names(game: Game) -> list[str]:
    """The bots that can play this game: the generic ones and the game's own."""
    return sorted({**_generic_bots(), **_wrapping_bots(game), **game_bots(game.id)})


def resolve_spec(game: Game, spec: str) -> str:
    """The bot spec a level stands for (`hard` -> `ismcts:iterations=...`), options given with
    the level set over the level's own (`hard:seconds=0.1`); any other spec as it is."""
    name, given = parse_bot_spec(spec)
    if name not in LEVELS:
        return spec
    base, own = parse_bot_spec(level_specs(game.id)[name])
    own.update(given)
    return ":".join([base, *(f"{key}={value}" for key, value in own.items())])


def parse_bot_spec(spec: str) -> tuple[str, dict[str, str]]:
    """`name` or `name:key=value:key=value` -> (name, options)."""
    if len(spec) > MAX_SPEC_CHARS:
        raise OptionError(f"a bot spec is at most {MAX_SPEC_CHARS} characters")
    name, *rest = spec.strip().split(":")
    options: dict[str, str] = {}
    for part in rest:
        key, sep, value = part.partition("=")
        if not sep or not key:
            raise OptionError(f"bot option {part!r} in {spec!r} is not of the form key=value")
        if key in options:
            raise OptionError(f"bot option {key!r} is given twice in {spec!r}")
        options[key] = value
    return name, options


def make_bot(
    game: Game, spec: str, seat: int, seed: int = 0, table: tuple[int, Options] | None = None
) -> Bot:
    """Build the bot a spec names for one seat, or raise OptionError naming the bots there are
    (or the options that bot takes, and their ranges). A level of the ladder (`easy`, ...,
    `expert`) builds the bot it stands for in this game. With `table` (seats and options), a
    bot that cannot play such a table is refused too (`Bot.check_table`)."""
    name, given = parse_bot_spec(resolve_spec(game, spec))
    factories = {**_generic_bots(), **_wrapping_bots(game), **game_bots(game.id)}
    if name not in factories:
        known = ", ".join([*sorted(factories), *LEVELS])
        raise OptionError(f"unknown bot {name[:40]!r} for {game.id}; bots are: {known}")
    factory = factories[name]
    declared: tuple[BotOption, ...] = getattr(factory, "options", ())
    bot: Bot = factory(seat, seed, **check_options(name, declared, given, game))
    if table is not None:
        bot.check_table(game, *table)
    return bot
