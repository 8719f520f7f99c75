"""Raise or Pass: a tiny game of one reaction window, for the engine's window and result tests.

Every seat is asked at once: pass, or raise (spending a chip). A raise asks the others again; a
pass changes nothing the others choose among, so they stay asked as they were. When everyone
has passed the window closes: the last to raise wins, or nobody if nobody raised.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from hiddenhand.engine import Action, ActionSpace, Event, Options, Outcome, Pending
from hiddenhand.engine.seeding import KEYED
from hiddenhand.engine.window import WindowState, seat_set

PASS = "pass"
RAISE = "raise"
SPACE = ActionSpace([(PASS, (), "pass"), (RAISE, (), "raise")])
CHIPS = 2


class RaiseOrPass(WindowState[Options]):
    chips: list[int]
    last_raise: int
    legal_calls: int
    """How often `_legal` was asked (what a pass saves is visible here)."""

    def __init__(
        self, players: Sequence[str], options: Options, seed: int, seeding: str = KEYED
    ) -> None:
        super().__init__(players, options, seed, SPACE, seeding)
        self.chips = [CHIPS] * len(players)
        self.last_raise = -1
        self.legal_calls = 0
        self.ask(seat_set(range(len(players))))

    def _legal(self) -> Pending:
        self.legal_calls += 1
        both = (SPACE[0], SPACE[1])
        return {s: both if self.chips[s] else both[:1] for s in self.seats_asked()}

    def _apply(self, seat: int, action: Action) -> None:
        if action.kind == PASS:
            self.emit(Event(PASS, f"{{p{seat}}} passes"))
            self.passes(seat)
        else:
            self.chips[seat] -= 1
            self.last_raise = seat
            self.emit(Event(RAISE, f"{{p{seat}}} raises"))
            self.ask_again(but=seat)
        if not self.asked:
            self._close()

    def _close(self) -> None:
        winner = self.last_raise
        if winner < 0:
            self.finish(Outcome(frozenset(), "nobody", "nobody raised"))
        else:
            self.finish(Outcome(frozenset({winner}), "raiser", "the last raise stood"))

    def view(self, seat: int | None) -> dict[str, object]:
        return {"chips": list(self.chips), "asked": self.seats_asked()}

    def _resample(self, sample: RaiseOrPass, seat: int, rng: random.Random) -> None:
        """Nothing is hidden."""
