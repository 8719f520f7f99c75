"""Reaction windows: several seats asked at once, each answering in its own time.

A window asks some seats together (who reacts to an announced shot, the secret choices of a
round, a vote). Each seat is asked until it answers; the window closes when the last one has,
and the game then carries the answers out. An answer is either a pass, which changes nothing
the others choose among, so they stay asked with the very same choices, not worked out again
(`passes`), or a choice that may change theirs (`answers`). A card played in a window may ask
everyone again (`ask_again`). The window remembers who answered, so the answers can be carried
out in the table's order (`answer_order`, `clockwise_from`).

A game whose seats are asked in windows builds its state on `WindowState`, which keeps the
window as two bit sets of its own (`asked`, `answered`: plain ints, so copies share them) and
does this bookkeeping in one call per answer: a pass is most of some games' steps, so it costs
no more than the bit operations a game would write itself.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from mypy_extensions import mypyc_attr

from hiddenhand.engine.actions import ActionSpace
from hiddenhand.engine.seeding import KEYED
from hiddenhand.engine.state import OptionsT, State
from hiddenhand.native import own_abc_caches


def seat_set(seats: Iterable[int]) -> int:
    """The bit set of these seats (bit `s` for seat `s`), as `WindowState.ask` takes them."""
    mask = 0
    for seat in seats:
        mask |= 1 << seat
    return mask


@mypyc_attr(allow_interpreted_subclasses=True)
class WindowState(State[OptionsT]):
    """A state that asks seats in reaction windows: who is still asked, who answered.

    `_legal` asks the seats in `asked`; `_apply` records each answer (`passes`, `answers`) and,
    when `asked` is empty, closes the window: carries the answers out, in `answer_order` where
    the table's order matters. No window is open while `asked` is 0."""

    asked: int
    """The seats the window still asks, a bit per seat (0: none; the window is closed)."""
    answered: int
    """The seats that answered since the window opened (or last asked them again)."""

    def __init__(
        self,
        players: Sequence[str],
        options: OptionsT,
        seed: int,
        space: ActionSpace,
        seeding: str = KEYED,
    ) -> None:
        super().__init__(players, options, seed, space, seeding)
        self.asked = self.answered = 0

    def ask(self, seats: int) -> None:
        """A window opens asking these seats (a bit set, `seat_set`), none answered yet.
        Asking nobody (0) closes it: the game goes on without waiting."""
        self.asked = seats
        self.answered = 0

    def ask_again(self, but: int = -1) -> None:
        """Everyone in the window is asked again, with no answer kept (a card played in it
        gives everyone a new chance to react), but the seat `but` if one is named (whose
        answer asks the others again)."""
        seats = self.asked | self.answered
        if but >= 0:
            seats &= ~(1 << but)
        self.asked = seats
        self.answered = 0

    def passes(self, seat: int) -> None:
        """`seat` passed, which changed nothing the others choose among: it is asked no more,
        and while any seat is left they stay asked with the same choices, not worked out
        again. Called from `_apply`, as part of the pass. Answering when not asked is a bug in
        the rules, so it raises."""
        bit = 1 << seat
        asked = self.asked
        if not asked & bit:
            raise ValueError(f"seat {seat} is not asked in this window")
        asked ^= bit
        self.asked = asked
        self.answered |= bit
        if asked:
            self.keep_asking(seat)

    def answers(self, seat: int) -> None:
        """`seat` answered with a choice that may change what the others choose among: it is
        asked no more, and the others' choices are worked out again."""
        bit = 1 << seat
        if not self.asked & bit:
            raise ValueError(f"seat {seat} is not asked in this window")
        self.asked ^= bit
        self.answered |= bit

    def asks(self, seat: int) -> bool:
        """Whether the window still asks `seat`."""
        return bool(self.asked >> seat & 1)

    def seats_asked(self) -> list[int]:
        """The seats still to answer, lowest first."""
        return _members(self.asked)

    def seats_answered(self) -> list[int]:
        """The seats that answered, lowest first."""
        return _members(self.answered)

    def answer_order(self, order: Iterable[int]) -> list[int]:
        """The seats that answered, in `order` (the table's order of carrying answers out),
        any it leaves out after them, lowest first."""
        answered = self.answered
        first = [seat for seat in order if answered >> seat & 1]
        for seat in first:
            answered &= ~(1 << seat)
        return first + _members(answered)

    def clockwise_from(self, first: int) -> list[int]:
        """The seats that answered, in seat order from `first` round the table: the order in
        which answers given together are carried out (from the Leader, from the active
        player)."""
        players = len(self.players)
        return self.answer_order((first + i) % players for i in range(players))


def _members(mask: int) -> list[int]:
    out = []
    seat = 0
    while mask:
        if mask & 1:
            out.append(seat)
        mask >>= 1
        seat += 1
    return out


own_abc_caches(globals())
