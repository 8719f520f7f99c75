"""An episode for learning: one game in play, its observer kept in step, and the payoffs.

The PettingZoo and OpenSpiel adapters, the example trainer and the benchmark all drive games
through this one class, so they agree on observations, masks and rewards. (The server's live
table, with seats, clocks and storage, is `hiddenhand.server.tables.Table`.)
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from hiddenhand.engine import Event, Game, Options, Outcome, State, get_game
from hiddenhand.rl.observer import Observer


def payoffs(outcome: Outcome | None, players: int) -> list[float]:
    """+1 for each winner and -1 for everyone else; 0 for all in a draw or an unfinished game."""
    if outcome is None or not outcome.winners:
        return [0.0] * players
    return [1.0 if seat in outcome.winners else -1.0 for seat in range(players)]


class Episode:
    """A game of one configuration, played afresh from a new seed at each `reset`."""

    def __init__(
        self,
        game: str | Game,
        players: int | None = None,
        options: Options | Sequence[str] | None = None,
    ) -> None:
        self.game = get_game(game) if isinstance(game, str) else game
        self.players = players or self.game.usual_players
        self.options = self.game.options(options)
        self.game.validate(self.players, self.options)
        self.observer = Observer(self.game, self.players, self.options)
        self.size = self.observer.size
        self.actions = self.observer.actions
        self.state: State = self.game.start(self.players, self.options, 0)

    def reset(self, seed: int) -> None:
        self.state = self.game.start(self.players, self.options, seed)
        self.observer.reset()

    def load(self, state: State) -> None:
        """Play on from a given state (its seats' memories start empty: they see it afresh)."""
        self.state = state
        self.observer.reset()

    @property
    def over(self) -> bool:
        return not self.state.pending()

    def to_move(self) -> int:
        """The seat that decides next: the lowest pending seat (a window is taken in seat
        order, one seat at a time); -1 when the game is over."""
        pending = self.state.pending()
        return min(pending) if pending else -1

    def act(self, seat: int, action: int) -> list[Event]:
        """Apply an action id (IllegalAction if it is not legal) and fold its events."""
        events = self.state.act(seat, action)
        self.observer.fold(events)
        return events

    def observe(self, seat: int, out: np.ndarray | None = None) -> np.ndarray:
        return self.observer.observe(self.state, seat, out)

    def mask(self, seat: int) -> np.ndarray:
        return self.observer.mask(self.state, seat)

    def payoffs(self) -> list[float]:
        return payoffs(self.state.outcome(), self.players)
