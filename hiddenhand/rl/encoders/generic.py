"""The observation every game gets without writing an encoder: its view Struct, field by field.

The layout is read from the type of the view (`State.typed_view`, a msgspec Struct), once per
table configuration; each field becomes one segment of the tensor, in declaration order:

- a `bool` is one value, 1 or 0;
- an `int` or `float` with both bounds declared (`Annotated[int, Meta(ge=0, le=13)]`) is one
  value scaled to 0..1; with a lower bound only, the distance above it; with no bound, two
  values: its positive part and its negative part (every value of the tensor is at least 0);
- a `Literal` (of strings or numbers) or an `Enum` is one-hot over its values;
- a seat (`hiddenhand.engine.view_types.Seat`) is one-hot over the seats relative to the owner
  (0 is the owner, 1 the next seat);
- an optional field (`X | None`) is a presence bit, then X (zeros when absent);
- a list marked `PerSeat` has one row per seat, relative to the owner (the owner's row first);
- a list of seats is a set: one bit per relative seat;
- any other list (or `tuple[X, ...]`, or set, sorted) keeps its first `max_length` entries
  (its declared `Meta(max_length=...)`, else `DEFAULT_CAP`), one row each: a presence bit,
  then the entry; a fixed tuple (`tuple[X, Y]`) is its entries one after the other;
- a nested Struct is its fields one after the other; a dict with `Literal` or `Enum` keys is
  one row per key: a presence bit, then the value.

Anything else (free text, a union of several types, a dict with free keys) carries no fixed
shape and is left out; `GenericEncoder.skipped` names such fields. The encoder has no memory:
it reads the seat's view alone, so a game whose seats must remember what they were told says
so in its view (as the rules would let a player take notes).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence
from functools import cache
from typing import Any

import msgspec
import msgspec.inspect as mi
import numpy as np

from hiddenhand.engine import Event, Game, Options
from hiddenhand.engine.view_types import MARK
from hiddenhand.rl.encoder import Encoder
from hiddenhand.rl.layout import Layout

DEFAULT_CAP = 8
"""Entries kept of a list that declares no `max_length`."""


class Part(ABC):
    """How one value of a view's type becomes `width` numbers of the tensor."""

    width: int
    what: str

    @abstractmethod
    def write(self, value: Any, out: np.ndarray, at: int, seat: int) -> None:
        """Write `value` at `out[at:at + width]` (zeros already there), as `seat` sees it."""

    def shape(self) -> tuple[int, ...]:
        return (self.width,)


class Flag(Part):
    def __init__(self) -> None:
        self.width, self.what = 1, "1 if true"

    def write(self, value: Any, out: np.ndarray, at: int, seat: int) -> None:
        if value:
            out[at] = 1.0


class Scaled(Part):
    """A number between declared bounds, as 0..1."""

    def __init__(self, low: float, high: float) -> None:
        self.low, self.span = low, max(high - low, 1e-9)
        self.width, self.what = 1, f"{low:g}..{high:g} as 0..1"

    def write(self, value: Any, out: np.ndarray, at: int, seat: int) -> None:
        out[at] = min(max((value - self.low) / self.span, 0.0), 1.0)


class Above(Part):
    """A number with a lower bound only: how far above it."""

    def __init__(self, low: float) -> None:
        self.low = low
        self.width, self.what = 1, f"the value less {low:g}"

    def write(self, value: Any, out: np.ndarray, at: int, seat: int) -> None:
        out[at] = max(value - self.low, 0.0)


class Signed(Part):
    """A number with no declared bound: its positive part, then its negative part."""

    def __init__(self) -> None:
        self.width, self.what = 2, "the value's positive part, then its negative part"

    def write(self, value: Any, out: np.ndarray, at: int, seat: int) -> None:
        if value > 0:
            out[at] = value
        elif value < 0:
            out[at + 1] = -value


class OneHot(Part):
    def __init__(self, values: Sequence[Any]) -> None:
        self.index = {value: i for i, value in enumerate(values)}
        self.width = len(values)
        self.what = "one of " + ", ".join(str(v) for v in values)

    def write(self, value: Any, out: np.ndarray, at: int, seat: int) -> None:
        i = self.index.get(value)
        if i is not None:
            out[at + i] = 1.0


class SeatHot(Part):
    """A seat, one-hot relative to the owner."""

    def __init__(self, players: int) -> None:
        self.players = players
        self.width, self.what = players, "a seat, relative to yours (0: you)"

    def write(self, value: Any, out: np.ndarray, at: int, seat: int) -> None:
        if 0 <= value < self.players:
            out[at + (value - seat) % self.players] = 1.0


class SeatSet(Part):
    """A list of seats as one bit per seat, relative to the owner."""

    def __init__(self, players: int) -> None:
        self.players = players
        self.width, self.what = players, "seats, one bit each, relative to yours (0: you)"

    def write(self, value: Any, out: np.ndarray, at: int, seat: int) -> None:
        for other in value:
            if 0 <= other < self.players:
                out[at + (other - seat) % self.players] = 1.0


class Present(Part):
    """An optional value: a presence bit, then the value."""

    def __init__(self, inner: Part) -> None:
        self.inner = inner
        self.width = 1 + inner.width
        self.what = f"present?, then {inner.what}"

    def write(self, value: Any, out: np.ndarray, at: int, seat: int) -> None:
        if value is not None:
            out[at] = 1.0
            self.inner.write(value, out, at + 1, seat)


class PerSeatRows(Part):
    """One row per seat, the owner's first."""

    def __init__(self, inner: Part, players: int) -> None:
        self.inner, self.players = inner, players
        self.width = players * inner.width
        self.what = f"per seat, relative to yours: {inner.what}"

    def shape(self) -> tuple[int, ...]:
        return (self.players, self.inner.width)

    def write(self, value: Any, out: np.ndarray, at: int, seat: int) -> None:
        players, inner, width = self.players, self.inner, self.inner.width
        for other, entry in enumerate(value[:players]):
            inner.write(entry, out, at + ((other - seat) % players) * width, seat)


class Capped(Part):
    """The first `cap` entries of a list, one row each: a presence bit, then the entry."""

    def __init__(self, inner: Part, cap: int) -> None:
        self.inner, self.cap = inner, cap
        self.row = 1 + inner.width
        self.width = cap * self.row
        self.what = f"up to {cap} entries: present?, then {inner.what}"

    def shape(self) -> tuple[int, ...]:
        return (self.cap, self.row)

    def write(self, value: Any, out: np.ndarray, at: int, seat: int) -> None:
        row, inner = self.row, self.inner
        if isinstance(value, set | frozenset):
            value = sorted(value)  # a set's entries in one order, whatever its history
        for i, entry in enumerate(value):
            if i == self.cap:
                break
            out[at + i * row] = 1.0
            inner.write(entry, out, at + i * row + 1, seat)


class Sequential(Part):
    """Parts one after the other, read from a tuple's entries or a Struct's fields."""

    def __init__(self, parts: Sequence[tuple[str | int, Part]], what: str) -> None:
        self.parts = list(parts)
        self.width = sum(part.width for _, part in self.parts)
        self.what = what

    def write(self, value: Any, out: np.ndarray, at: int, seat: int) -> None:
        for key, part in self.parts:
            entry = value[key] if isinstance(key, int) else getattr(value, key)
            part.write(entry, out, at, seat)
            at += part.width


class Keyed(Part):
    """A dict with a known set of keys: one row per key, a presence bit then the value."""

    def __init__(self, keys: Sequence[Any], inner: Part) -> None:
        self.keys, self.inner = list(keys), inner
        self.row = 1 + inner.width
        self.width = len(self.keys) * self.row
        self.what = f"per key ({', '.join(map(str, self.keys))}): present?, then {inner.what}"

    def shape(self) -> tuple[int, ...]:
        return (len(self.keys), self.row)

    def write(self, value: Any, out: np.ndarray, at: int, seat: int) -> None:
        for i, key in enumerate(self.keys):
            if key in value:
                out[at + i * self.row] = 1.0
                self.inner.write(value[key], out, at + i * self.row + 1, seat)


class Unshaped(Exception):
    """A type the generic encoder gives no fixed shape to (the field is left out)."""


def _choices(kind: mi.Type) -> list[Any] | None:
    """The values of a Literal or an Enum type, else None."""
    if isinstance(kind, mi.LiteralType):
        return list(kind.values)
    if isinstance(kind, mi.EnumType):
        return list(kind.cls)
    return None


def _number(kind: mi.IntType | mi.FloatType) -> Part:
    step = 1 if isinstance(kind, mi.IntType) else 0  # an int above 3 is at least 4
    low = kind.ge
    if low is None and kind.gt is not None:
        low = kind.gt + step
    high = kind.le
    if high is None and kind.lt is not None:
        high = kind.lt - step
    if low is not None and high is not None:
        return Scaled(low, high)
    if low is not None:
        return Above(low)
    return Signed()


def part_of(kind: mi.Type, players: int, path: str, skipped: dict[str, str]) -> Part:
    """The part a value of this type (at `path` in the view) becomes; Unshaped if it has no
    fixed shape. A Struct's unshaped fields are left out of it and named in `skipped`."""
    mark = None
    if isinstance(kind, mi.Metadata):
        mark = (kind.extra or {}).get(MARK)
        kind = kind.type
    if mark == "seat":
        return SeatHot(players)
    if isinstance(kind, mi.BoolType):
        return Flag()
    if isinstance(kind, mi.IntType | mi.FloatType):
        return _number(kind)
    values = _choices(kind)
    if values is not None:
        return OneHot(values)
    if isinstance(kind, mi.UnionType):
        others = [t for t in kind.types if not isinstance(t, mi.NoneType)]
        if len(others) == 1 and len(others) < len(kind.types):
            return Present(part_of(others[0], players, path, skipped))
        literals = [_choices(t) for t in others]
        if all(v is not None for v in literals):  # Literal["a"] | Literal["b"] | None
            flat = OneHot([v for vs in literals for v in vs or ()])
            return Present(flat) if len(others) < len(kind.types) else flat
        raise Unshaped(f"a union of {len(others)} types")
    if isinstance(kind, mi.StructType):
        return _struct(kind, players, path, skipped)
    if isinstance(kind, mi.TupleType):
        parts = [
            (i, part_of(t, players, f"{path}[{i}]", skipped)) for i, t in enumerate(kind.item_types)
        ]
        return Sequential(parts, "; ".join(f"{p.what}" for _, p in parts))
    if isinstance(kind, mi.ListType | mi.SetType | mi.FrozenSetType | mi.VarTupleType):
        return _listed(kind, players, mark == "per-seat", path, skipped)
    if isinstance(kind, mi.DictType):
        keys = _choices(kind.key_type)
        if keys is None:
            raise Unshaped("a dict with free keys")
        return Keyed(keys, part_of(kind.value_type, players, f"{path}[]", skipped))
    raise Unshaped(type(kind).__name__.removesuffix("Type").lower() or "an unknown type")


def _is_seat(kind: mi.Type) -> bool:
    return isinstance(kind, mi.Metadata) and (kind.extra or {}).get(MARK) == "seat"


def _listed(
    kind: mi.ListType | mi.SetType | mi.FrozenSetType | mi.VarTupleType,
    players: int,
    per_seat: bool,
    path: str,
    skipped: dict[str, str],
) -> Part:
    if _is_seat(kind.item_type) and not per_seat:
        return SeatSet(players)
    item = part_of(kind.item_type, players, f"{path}[]", skipped)
    if per_seat:
        return PerSeatRows(item, players)
    return Capped(item, kind.max_length or DEFAULT_CAP)


def _struct(kind: mi.StructType, players: int, path: str, skipped: dict[str, str]) -> Part:
    parts: list[tuple[str | int, Part]] = []
    for field in kind.fields:
        where = f"{path}.{field.name}" if path else field.name
        try:
            parts.append((field.name, part_of(field.type, players, where, skipped)))
        except Unshaped as why:
            skipped[where] = str(why)
    return Sequential(parts, ", ".join(str(name) for name, _ in parts))


class ViewLayout:
    """A view Struct type laid out for one seat count: a segment per field it can shape."""

    def __init__(self, view_type: type[msgspec.Struct], players: int) -> None:
        self.layout = Layout()
        self.fields: list[tuple[str, Part, int]] = []
        self.skipped: dict[str, str] = {}
        """Fields (dotted paths; `[]` an entry of a list) left out, with their type."""
        info = mi.type_info(view_type)
        assert isinstance(info, mi.StructType)
        for field in info.fields:
            try:
                part = part_of(field.type, players, field.name, self.skipped)
            except Unshaped as why:
                self.skipped[field.name] = str(why)
                continue
            if part.width == 0:
                continue
            offset = self.layout.add(field.name, *part.shape(), what=part.what)
            self.fields.append((field.name, part, offset))


@cache
def view_layout(view_type: type[msgspec.Struct], players: int) -> ViewLayout:
    return ViewLayout(view_type, players)


@cache
def view_type(game: Game, players: int, options: Options) -> type[msgspec.Struct]:
    """The Struct type of the game's views (read from a view of a game dealt for it)."""
    view = game.start(players, options, 0).typed_view(0)
    if not isinstance(view, msgspec.Struct):
        raise TypeError(
            f"{game.id}'s typed_view gives a {type(view).__name__}, not a msgspec Struct: "
            "declare its view as a Struct, or register an encoder for it "
            "(hiddenhand.rl.register_encoder)"
        )
    return type(view)


class GenericEncoder(Encoder):
    """An encoder read from a view Struct type (see the module's rules); no memory.

    `GenericEncoder.of(game, players, options, seat)` reads the type from the game's views."""

    def __init__(
        self, view: type[msgspec.Struct], players: int, options: Options, seat: int
    ) -> None:
        super().__init__(players, options, seat)
        shaped = view_layout(view, players)
        self.layout = shaped.layout
        self.fields = shaped.fields
        self.skipped = shaped.skipped
        """Fields of the view left out, with why (their type has no fixed shape)."""

    @classmethod
    def of(cls, game: Game, players: int, options: Options, seat: int) -> GenericEncoder:
        """The generic encoder of one seat of a table of `game`."""
        return cls(view_type(game, players, options), players, options, seat)

    def reset(self) -> None:
        pass

    def fold(self, event: Event) -> None:
        pass

    def encode(self, view: Any, out: np.ndarray) -> None:
        seat = self.seat
        for name, part, offset in self.fields:
            part.write(getattr(view, name), out, offset, seat)
