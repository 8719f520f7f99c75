"""Observations and action masks for every seat of one table, kept in step with its events."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import numpy as np

from hiddenhand.engine import Action, Event, Game, Options, State
from hiddenhand.rl.encoder import Encoder, slots
from hiddenhand.rl.encoders import encoder_for


class Observer:
    """One encoder per seat. Feed it every event a table produces (`fold`); it hands each seat
    only the events whose audience includes it, and builds tensors from `view(seat)` alone."""

    def __init__(self, game: Game, players: int, options: Options) -> None:
        self.game = game
        self.players = players
        self.options = options
        self.encoders: list[Encoder] = [
            encoder_for(game.id, players, options, seat) for seat in range(players)
        ]
        self.size = self.encoders[0].size
        self.actions = len(game.action_space(players, options))

    def reset(self) -> None:
        for encoder in self.encoders:
            encoder.reset()

    def fold(self, events: Iterable[Event]) -> None:
        encoders = self.encoders
        for event in events:
            audience = event.audience
            if audience is None:
                for encoder in encoders:
                    encoder.fold(event)
            else:
                for seat in audience:
                    encoders[seat].fold(event)

    def observe(self, state: State, seat: int, out: np.ndarray | None = None) -> np.ndarray:
        """The seat's tensor now: its view of `state` and its memory, nothing else of `state`."""
        if out is None:
            out = np.zeros(self.size, dtype=np.float32)
        else:
            out.fill(0.0)
        encoder = self.encoders[seat]
        encoder.encode(encoder.seat_view(state, seat), out)
        return out

    def mask(self, state: State, seat: int) -> np.ndarray:
        """1 for each of the seat's legal actions (ids of the game's action space), else 0."""
        mask = np.zeros(self.actions, dtype=np.int8)
        mark(state.legal(seat), mask)
        return mask


def mark(legal: Sequence[Action], mask: np.ndarray) -> None:
    """Set the mask's cell of each legal action's id to 1."""
    cells = slots(mask)  # a write each: cheaper than a fancy index for a few actions
    for action in legal:
        cells[action.id] = 1


def offers(legal: Sequence[Action], action: int) -> bool:
    """Whether an action id is among the legal actions."""
    return any(choice.id == action for choice in legal)


def observer_for(
    game: Game, players: int, options: Options | Sequence[str] | None = None
) -> Observer:
    """An observer for a table of `game` with this seat count and these options."""
    return Observer(game, players, game.options(options))
