"""Game options: a frozen dataclass per game, parsed from `key=value` strings with clear errors.

A game declares its options as a dataclass deriving from `Options`; a field's type says what it
accepts (`Literal[...]` for a choice, `int`, `bool`, `str`), its default is the default, and its
`help` metadata explains it:

    @dataclass(frozen=True)
    class GoodCopOptions(Options):
        guns: Literal["per-player", "players-minus-2"] = option("per-player", "guns on the table")
"""

from __future__ import annotations

import dataclasses
import typing
from collections.abc import Iterable, Mapping
from typing import Any, ClassVar, Literal, Self, get_args, get_origin

from hiddenhand.engine.errors import OptionError

_TRUE = {"1", "true", "yes", "on"}
_FALSE = {"0", "false", "no", "off"}


def option(default: Any, help: str = "", *, low: int | None = None, high: int | None = None) -> Any:
    """A dataclass field with a default and a one-line explanation; a whole number may be
    bounded (`low`, `high`, both included), so no value makes a game that never ends."""
    return dataclasses.field(default=default, metadata={"help": help, "low": low, "high": high})


@dataclasses.dataclass(frozen=True)
class Options:
    """Base for a game's options. Subclasses are frozen dataclasses with defaults."""

    STORED_DEFAULTS: ClassVar[Mapping[str, Any]] = {}
    """What a stored game (a record, a saved table) meant by an option it does not name.
    Stored options name every option that existed when the game was made, so a missing one
    was added later, and its value then is the behaviour before it: a default may change
    without changing how a stored game replays."""

    @classmethod
    def fields(cls) -> dict[str, OptionField]:
        hints = typing.get_type_hints(cls)
        return {
            f.name: OptionField(
                f.name,
                hints[f.name],
                f.default,
                f.metadata.get("help", ""),
                f.metadata.get("low"),
                f.metadata.get("high"),
            )
            for f in dataclasses.fields(cls)
        }

    @classmethod
    def parse(cls, pairs: Iterable[str] | Mapping[str, Any] | None = None) -> Self:
        """Build options from `key=value` strings or a mapping; unknown keys or values raise."""
        if pairs is None:
            return cls()
        known = cls.fields()
        if isinstance(pairs, Mapping):
            items = list(pairs.items())
        else:
            items = []
            for pair in pairs:
                key, sep, value = pair.partition("=")
                if not sep:
                    raise OptionError(f"option {pair!r} is not of the form key=value")
                items.append((key.strip(), value.strip()))
        values: dict[str, Any] = {}
        for key, raw in items:
            if key not in known:
                raise OptionError(f"unknown option {key!r}; {cls.describe_all()}")
            values[key] = known[key].convert(raw)
        return cls(**values)

    @classmethod
    def stored(cls, mapping: Mapping[str, Any]) -> Self:
        """Options read back from a record or a saved table (`STORED_DEFAULTS` fill the gaps)."""
        return cls.parse({**cls.STORED_DEFAULTS, **mapping})

    def to_json(self) -> dict[str, Any]:
        return dataclasses.asdict(self)

    def changed(self) -> dict[str, Any]:
        """Only the options that differ from their defaults."""
        return {
            name: getattr(self, name)
            for name, f in self.fields().items()
            if getattr(self, name) != f.default
        }

    @classmethod
    def describe_all(cls) -> str:
        fields = cls.fields()
        if not fields:
            return "this game has no options"
        return "options are: " + "; ".join(f.describe() for f in fields.values())


@dataclasses.dataclass(frozen=True)
class OptionField:
    """One option: its name, type, default and help, and how to read a value for it."""

    name: str
    type: Any
    default: Any
    help: str
    low: int | None = None
    high: int | None = None

    @property
    def choices(self) -> tuple[Any, ...] | None:
        if get_origin(self.type) is Literal:
            return get_args(self.type)
        if self.type is bool:
            return (False, True)
        return None

    def describe(self) -> str:
        if self.type is bool:
            allowed = "true|false"
        elif self.choices is not None:
            allowed = "|".join(str(c) for c in self.choices)
        elif self.type is int and (self.low is not None or self.high is not None):
            low = "" if self.low is None else self.low
            high = "" if self.high is None else self.high
            allowed = f"{low}..{high}"
        else:
            allowed = getattr(self.type, "__name__", str(self.type))
        return f"{self.name} ({allowed}, default {self.default})"

    def convert(self, raw: Any) -> Any:
        """Turn a raw value (string or JSON value) into this option's type, or raise."""
        bad = OptionError(f"bad value {raw!r} for option {self.describe()}")
        if self.type is bool:
            if isinstance(raw, bool):
                return raw
            text = str(raw).lower()
            if text in _TRUE:
                return True
            if text in _FALSE:
                return False
            raise bad
        if self.type is int:
            if isinstance(raw, bool):
                raise bad
            if isinstance(raw, int):
                value = raw
            else:
                try:
                    value = int(str(raw))
                except ValueError:
                    raise OptionError(f"{bad}: not an int") from None
            if (self.low is not None and value < self.low) or (
                self.high is not None and value > self.high
            ):
                raise bad
            return value
        choices = self.choices
        if choices is not None:
            for choice in choices:
                if str(choice) == str(raw):
                    return choice
            raise bad
        if self.type is str:
            if not isinstance(raw, str):
                raise bad
            return raw
        raise bad
