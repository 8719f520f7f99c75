"""A fixed-size observation tensor cut into named segments, so encoders and readers agree."""

from __future__ import annotations

import math
from collections.abc import Iterator, Sequence

import numpy as np


class Layout:
    """Named, shaped segments of one flat float32 vector, in order.

    An encoder declares its segments once (`add`); `offsets[name]` is where a segment starts,
    and `split(tensor)` hands back named, reshaped views of one tensor for reading.
    """

    def __init__(self) -> None:
        self.segments: list[tuple[str, tuple[int, ...]]] = []
        self.offsets: dict[str, int] = {}
        self.what: dict[str, str] = {}
        """What each segment holds, in a few words (the documentation's tables are made of it)."""
        self.size = 0

    def add(self, name: str, *shape: int, what: str) -> int:
        """Append a segment (`what` says what it holds); returns its offset."""
        if name in self.offsets:
            raise ValueError(f"segment {name!r} declared twice")
        offset = self.size
        self.segments.append((name, shape))
        self.offsets[name] = offset
        self.what[name] = what
        self.size += math.prod(shape)
        return offset

    def __iter__(self) -> Iterator[tuple[str, tuple[int, ...], int]]:
        for name, shape in self.segments:
            yield name, shape, self.offsets[name]

    def split(self, tensor: np.ndarray) -> dict[str, np.ndarray]:
        """Named views of a tensor laid out this way (no copies)."""
        return {
            name: tensor[offset : offset + math.prod(shape)].reshape(shape)
            for name, shape, offset in self
        }

    def describe(self) -> list[tuple[str, str, int]]:
        """(name, shape, offset) rows, for documentation and debugging."""
        return [(name, "x".join(map(str, shape)), offset) for name, shape, offset in self]


def one_hot_index(names: Sequence[str]) -> dict[str, int]:
    """Position of each name in a vocabulary."""
    return {name: i for i, name in enumerate(names)}
