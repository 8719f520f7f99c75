"""The options a bot takes in its spec (`name:key=value:...`), declared with types and ranges.

A spec is text that comes from a command line or from anyone on the internet, so every value is
checked against its declaration before a bot is built: an unknown option, a value of the wrong
type or outside its range is refused with a message that names what is allowed. A bot that
declares nothing takes no options.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from hiddenhand.bots.registry import game_bots
from hiddenhand.engine.errors import OptionError

if TYPE_CHECKING:
    from hiddenhand.engine.game import Game

OptionValue = int | float | str


@dataclass(frozen=True, slots=True)
class BotOption:
    """One option of a bot: a whole number, a number or a word, with its allowed values.

    `low`/`high` bound numbers (inclusive). `words` are allowed besides numbers (`auto`), or are
    the only values for a word option. `game_bots` adds the game's own bots to the words.
    """

    name: str
    kind: type[int] | type[float] | type[str]
    low: float | None = None
    high: float | None = None
    words: tuple[str, ...] = ()
    game_bots: bool = False
    help: str = ""

    def allowed(self, game: Game | None = None) -> str:
        """What this option takes, as a person reads it: `1-5000`, `auto, random or heuristic`."""
        words = list(self.allowed_words(game))
        parts = []
        if self.kind is not str:
            number = "a whole number" if self.kind is int else "a number"
            parts.append(f"{number} {self.low:g}-{self.high:g}")
        parts.extend(words)
        if len(parts) == 1:
            return parts[0]
        return ", ".join(parts[:-1]) + " or " + parts[-1]

    def allowed_words(self, game: Game | None = None) -> tuple[str, ...]:
        extra = tuple(sorted(game_bots(game.id))) if self.game_bots and game is not None else ()
        return self.words + tuple(w for w in extra if w not in self.words)

    def parse(self, bot: str, text: str, game: Game | None = None) -> OptionValue:
        """The value `text` stands for, or OptionError naming what is allowed."""
        words = self.allowed_words(game)
        if text in words:
            return text
        refused = OptionError(
            f"bot {bot} option {self.name} takes {self.allowed(game)}, not {text[:40]!r}"
        )
        if self.kind is str:
            raise refused
        try:
            number = int(text) if self.kind is int else float(text)
        except (TypeError, ValueError, OverflowError):
            raise refused from None
        if not math.isfinite(number):
            raise refused
        assert self.low is not None and self.high is not None
        if not self.low <= number <= self.high:
            raise refused
        return number


def check_options(
    bot: str, declared: Sequence[BotOption], given: dict[str, str], game: Game | None = None
) -> dict[str, OptionValue]:
    """The typed values of `given`, each checked against its declaration."""
    by_name = {o.name: o for o in declared}
    values: dict[str, OptionValue] = {}
    for key, text in given.items():
        option = by_name.get(key)
        if option is None:
            raise OptionError(f"bot {bot} has no option {key[:40]!r}; {_takes(declared)}")
        values[key] = option.parse(bot, text, game)
    return values


def _takes(declared: Iterable[BotOption]) -> str:
    names = [o.name for o in declared]
    return f"its options are: {', '.join(names)}" if names else "it takes no options"
