"""The rules of The Infected (rulebook v0.5), as a state machine.

A round is: action phase (simultaneous), use item phase, threat phase (the Leader draws a zombie
card; the fight goes on with a new action phase unless the card is lower than the previous one),
then threat resolve (use items, secret claims), infections phase, check victory, and the Leader
card moves on. The flow is a queue of named steps (`todo`, see flow.py); a step either runs by
itself or opens a decision and waits for it. Each rulebook section has its module:
preparation, action_phase, use_item, threat, threat_resolve, votes, rounds, exhaustion, and
mechanics for what happens during the game.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence
from typing import Any, Self

from hiddenhand.engine.actions import Action
from hiddenhand.engine.seeding import KEYED
from hiddenhand.engine.state import Outcome, Pending
from hiddenhand.games.infected import (  # noqa: F401 - each registers its steps and decisions
    action_phase,
    preparation,
    rounds,
    threat,
    threat_resolve,
    use_item,
    votes,
)
from hiddenhand.games.infected.draft import Draft, Stage, kinds_in
from hiddenhand.games.infected.exhaustion import exhausted
from hiddenhand.games.infected.flow import STEPS, TURNS, WINDOWS, Phase
from hiddenhand.games.infected.mechanics import DeckExhausted, Mechanics
from hiddenhand.games.infected.options import InfectedOptions

_DRAFTED = (Phase.SETUP, Phase.ACTION, Phase.EXTRA)
"""Windows whose drafts reserve cards from the hand."""


class InfectedState(Mechanics):
    """One game of The Infected: the table (board.py) and the rules that move it."""

    def __init__(
        self, players: Sequence[str], options: InfectedOptions, seed: int, seeding: str = KEYED
    ) -> None:
        super().__init__(players, options, seed, seeding)
        preparation.setup_decks(self)

    # -- decisions ---------------------------------------------------------------------------

    def _legal(self) -> Pending:
        if self.result is not None:
            return {}
        phase = self.phase
        if phase in TURNS:
            return TURNS[phase].legal(self)
        choices_of = WINDOWS[phase].choices
        out = {}
        for s, d in self.window.items():
            if not d.done:
                choices = d.choices
                if choices is None:
                    choices = d.choices = tuple(choices_of(self, s, d))
                out[s] = choices
        return out

    def continues(self, seat: int) -> bool:
        """A secret choice built in steps goes on while its draft waits for a part (a target,
        a cost, more items); back at its start, or in a one-seat decision, a move is new."""
        if self.result is not None or self.phase in TURNS:
            return False
        draft = self.window.get(seat)
        return draft is not None and not draft.done and draft.stage not in (Stage.START, Stage.DONE)

    def _apply(self, seat: int, action: Action) -> None:
        phase = self.phase
        if phase in TURNS:
            TURNS[phase].choose(self, seat, action)
        else:
            rules = WINDOWS[phase]
            d = self.window[seat]
            d.choices = None
            rules.choose(self, seat, d, action)
            if d.done and all(x.done for x in self.window.values()):
                self._guard(InfectedState._close_window)
        self._run()

    def open_window(self, phase: Phase, seats: Iterable[int], extra: bool = False) -> None:
        """Ask these seats for a simultaneous secret choice (no seats: nothing to wait for)."""
        if phase in _DRAFTED:
            item_of, hands = self.cards.item_of, self.hands
            self.window = {s: Draft(kinds_in(hands[s], item_of), extra) for s in seats}
        else:
            self.window = {s: Draft({}) for s in seats}
        self.phase = phase
        self.running = not self.window

    def _close_window(self) -> None:
        """Every seat has chosen: carry the choices out from the Leader clockwise."""
        phase, window = self.phase, self.window
        self.window = {}
        self.running = True
        order = [s for s in self.order_from_leader() if s in window]
        order += [s for s in sorted(window) if s not in order]
        WINDOWS[phase].close(self, order, window)

    def _run(self) -> None:
        """Run the flow's steps until a decision is open or the game is over."""
        while self.result is None and self.running:
            self._guard(STEPS[self.todo.pop(0)])

    def _guard(self, run: Callable[[InfectedState], None]) -> None:
        """Run a step; a zombie card drawn from an empty deck exhausts the deck instead."""
        try:
            run(self)
        except DeckExhausted:
            exhausted(self)

    # -- the contract -------------------------------------------------------------------------

    def outcome(self) -> Outcome | None:
        return self.result

    def _roles(self) -> list[str]:
        """Each seat's role, for statistics: "infected" or "human"."""
        return ["infected" if self.is_infected(s) else "human" for s in range(self.n)]

    def view(self, seat: int | None) -> dict[str, Any]:
        from hiddenhand.games.infected.views import build_view

        return build_view(self, seat)

    def _resample(self, sample: Self, seat: int, rng: random.Random) -> None:
        from hiddenhand.games.infected.sampling import resample

        resample(sample, seat, rng)
