"""Where a game's randomness comes from: a seed, and generators derived from it by a keyed hash.

A seen card or a rolled die must tell nothing about the seed or about what comes next, so a
game's generator is `KeyedRandom`: BLAKE2b keyed with a key derived from the seed, run over a
counter. Nothing a seat observes narrows the key down, and without the key no output can be
predicted. Every other generator a game needs (a bot's, a second stream) takes its own key from
`derive(seed, purpose)`, so one stream tells nothing about another either.

Records made before keyed seeding are replayed with the scheme they were made with:
`SEQUENTIAL`, one Mersenne Twister seeded with the seed and drawn from in order.
"""

from __future__ import annotations

import random
import struct
from collections.abc import Callable, MutableSequence, Sequence
from hashlib import blake2b
from typing import TYPE_CHECKING, Any, TypeVar

from hiddenhand.engine.errors import OptionError

if TYPE_CHECKING:
    from _typeshed import SupportsLenAndGetItem

T = TypeVar("T")

KEYED = "keyed"
"""Every generator is a keyed hash of the seed (the default for every new game)."""
SEQUENTIAL = "sequential"
"""One Mersenne Twister seeded with the seed: how records made before keyed seeding replay."""
SCHEMES = (KEYED, SEQUENTIAL)

_WORDS = struct.Struct("<8Q")

GeneratorState = tuple[Any, ...]
"""What a generator's `getstate()` returns: immutable, so copies may share it."""


def seed_key(seed: int) -> bytes:
    """The 32-byte key every generator of a game is derived from; any integer is a seed."""
    return blake2b(str(seed).encode(), digest_size=32, person=b"hiddenhand-seed").digest()


def content_seed(content: bytes) -> int:
    """A 64-bit seed made of some content (what a seat knows, say): the same content, the same
    seed, and the seed tells nothing more than the content."""
    return int.from_bytes(blake2b(content, digest_size=8).digest(), "little")


def derive(seed: int, purpose: str) -> int:
    """A 128-bit number for one purpose ("bot 3", say) that tells nothing about the seed."""
    digest = blake2b(purpose.encode(), key=seed_key(seed), digest_size=16).digest()
    return int.from_bytes(digest, "little")


def choose(getrandbits: Callable[[int], int], seq: Sequence[T]) -> T:
    """`random.Random.choice(seq)` of the generator whose `getrandbits` this is: the same draw
    (the library's `_randbelow` by rejection, word for word), made in compiled code where the
    library's runs in the interpreter. Bots draw their random picks through it."""
    n = len(seq)
    if not n:
        raise IndexError("Cannot choose from an empty sequence")
    k = n.bit_length()
    r = getrandbits(k)
    while r >= n:
        r = getrandbits(k)
    return seq[r]


class KeyedRandom(random.Random):
    """A `random.Random` whose output is BLAKE2b(key, counter), eight 64-bit words at a time.

    Everything `random.Random` offers (shuffle, choice, randrange, sample, random) works on it.
    Copying one is cheap (a key, a counter and a few buffered words), which keeps clones cheap.
    """

    _key: bytes
    _block: int
    _words: list[int]

    def __init__(self, key: bytes) -> None:
        self._key = key
        self._block = 0
        self._words = []

    def seed(self, a: Any = None, version: int = 2) -> None:
        raise TypeError("a KeyedRandom is keyed when it is made; it cannot be reseeded")

    def _refill(self) -> list[int]:
        self._block += 1
        block = self._block.to_bytes(8, "little")
        self._words.extend(_WORDS.unpack(blake2b(block, key=self._key, digest_size=64).digest()))
        return self._words

    def _word(self) -> int:
        return (self._words or self._refill()).pop()

    def getrandbits(self, k: int) -> int:
        if 0 <= k <= 64:
            return (self._words or self._refill()).pop() >> (64 - k)
        if k < 0:
            raise ValueError("number of bits must be non-negative")
        value = 0
        for _ in range((k + 63) // 64):
            value = value << 64 | self._word()
        return value >> (-k % 64)

    def _randbelow(self, n: int) -> int:
        """A number below n (n > 0): shuffle, choice, randrange and sample all come here.

        Below 2**32 one 64-bit word is scaled (`word * n >> 64`), which is uniform to within
        n / 2**64 (under one part in four billion) and never rejects; above, by rejection."""
        if n < 0x1_0000_0000:
            return (self._words or self._refill()).pop() * n >> 64
        k = n.bit_length()
        r = self.getrandbits(k)
        while r >= n:
            r = self.getrandbits(k)
        return r

    def random(self) -> float:
        return (self._word() >> 11) * (1.0 / 9007199254740992.0)

    # `random.Random`'s own shuffle and choice, line for line (the same draws in the same
    # order, so the same games), here so that they run compiled: the rules shuffle and pick
    # at nearly every draw.

    def shuffle(self, x: MutableSequence[Any]) -> None:
        randbelow = self._randbelow
        for i in range(len(x) - 1, 0, -1):
            j = randbelow(i + 1)
            x[i], x[j] = x[j], x[i]

    def choice(self, seq: SupportsLenAndGetItem[T]) -> T:
        if not len(seq):
            raise IndexError("Cannot choose from an empty sequence")
        return seq[self._randbelow(len(seq))]

    def randbytes(self, n: int) -> bytes:
        return self.getrandbits(n * 8).to_bytes(n, "little")

    def getstate(self) -> Any:
        """(key, counter, buffered words): what `setstate` takes back."""
        return self._key, self._block, tuple(self._words)

    def setstate(self, state: Any) -> None:
        self._key, self._block, words = state
        self._words = list(words)

    def copy(self) -> KeyedRandom:
        # Through __init__: compiled, `KeyedRandom.__new__` alone runs it and wants the key.
        other = KeyedRandom(self._key)
        other._block, other._words = self._block, list(self._words)
        return other

    def __reduce__(self) -> tuple[Any, ...]:
        return _keyed_random, self.getstate()


def _keyed_random(key: bytes, block: int, words: tuple[int, ...]) -> KeyedRandom:
    rng = KeyedRandom(key)
    rng.setstate((key, block, words))
    return rng


def game_generator(seed: int, scheme: str = KEYED) -> random.Random:
    """The generator a new game deals and plays with."""
    if scheme == SEQUENTIAL:
        return random.Random(seed)
    if scheme != KEYED:
        raise OptionError(f"unknown seeding scheme {scheme!r}; schemes are: {', '.join(SCHEMES)}")
    return KeyedRandom(seed_key(seed))


def fresh_generator(rng: random.Random) -> KeyedRandom:
    """A new generator keyed from `rng`: a determinized copy's unknown future."""
    return KeyedRandom(rng.getrandbits(128).to_bytes(16, "little"))


def fresh_generator_state(rng: random.Random) -> GeneratorState:
    """The state of `fresh_generator(rng)`, for a copy that builds it only if it draws."""
    return rng.getrandbits(128).to_bytes(16, "little"), 0, ()


def generator_from(state: GeneratorState) -> random.Random:
    """A generator that draws what the one whose `getstate()` gave `state` would draw next."""
    if isinstance(state[0], bytes):
        rng: random.Random = KeyedRandom(state[0])
    else:
        rng = random.Random.__new__(random.Random)  # no OS seeding: setstate overwrites it
    rng.setstate(state)
    return rng


def copy_generator(rng: random.Random) -> random.Random:
    """An independent generator that will draw exactly what `rng` draws next."""
    if isinstance(rng, KeyedRandom):
        return rng.copy()
    other = random.Random.__new__(random.Random)  # no OS seeding: setstate overwrites it
    other.setstate(rng.getstate())
    return other


_MASK = (1 << 64) - 1


def counter_pick(key: bytes | int, counter: int, n: int) -> int:
    """A number below n, the `counter`-th of a stream that is a key and a counter only: copies
    of a game share the key and need no generator of their own (Good Cop's unseen deck order
    and dice). A bytes key is a keyed hash (BLAKE2b); an int key is splitmix64, as games dealt
    with sequential seeding drew."""
    if isinstance(key, bytes):
        digest = blake2b(counter.to_bytes(8, "little"), key=key, digest_size=8).digest()
        return int.from_bytes(digest, "little") % n
    z = (key + counter * 0x9E3779B97F4A7C15) & _MASK
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return (z ^ (z >> 31)) % n


def bot_seed(seed: int, seat: int) -> int:
    """The seed of the bot at `seat`: its own stream, from which the game's seed cannot be found."""
    return derive(seed, f"bot {seat}")
