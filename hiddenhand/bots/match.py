"""Playing games with bots: one turn at a time, one seat's knowledge at a time.

`SeatLogs` keeps what each seat has seen; `turn_for` builds the Turn a bot is handed (never the
state itself); `play` runs a whole game. The server, the terminal and the tools share these.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from hiddenhand.bots.base import Bot, Turn
from hiddenhand.engine.actions import Action
from hiddenhand.engine.errors import HiddenhandError
from hiddenhand.engine.events import Event
from hiddenhand.engine.state import Outcome, State


class SeatLogs:
    """The events each seat (and a spectator, as None) has been allowed to see."""

    def __init__(self, seats: int) -> None:
        self.by_seat: list[list[Event]] = [[] for _ in range(seats)]
        self.spectator: list[Event] = []

    def add(self, events: Sequence[Event]) -> None:
        for event in events:
            if event.audience is None:
                self.spectator.append(event)
                for log in self.by_seat:
                    log.append(event)
            else:
                for seat in event.audience:
                    self.by_seat[seat].append(event)

    def of(self, seat: int | None) -> list[Event]:
        return self.spectator if seat is None else self.by_seat[seat]


def turn_for(state: State, seat: int, bot: Bot, log: Sequence[Event]) -> Turn:
    """The Turn for `bot` at `seat`: legal actions, log, and what the bot asked for."""
    return Turn(
        game=state.game,
        seat=seat,
        players=state.players,
        legal=tuple(state.legal(seat)),
        log=log,
        view=state.view(seat) if bot.uses_view else None,
        sample=state.determinize(seat, bot.rng) if bot.uses_sample else None,
    )


def decide(state: State, seat: int, bot: Bot, log: Sequence[Event]) -> Action:
    """Ask a bot for its action and check that it is legal."""
    action = bot.decide(turn_for(state, seat, bot, log))
    if action not in state.legal(seat):
        raise HiddenhandError(f"bot {bot.name} at seat {seat} chose an illegal action: {action!r}")
    return action


class GameTooLong(HiddenhandError):
    """A game that did not end within the step limit (a liveness failure)."""


@dataclass
class MatchResult:
    """A finished game: its final state, outcome and length."""

    state: State
    outcome: Outcome
    steps: int
    logs: SeatLogs = field(repr=False)


def play(state: State, bots: Sequence[Bot], max_steps: int = 200_000) -> MatchResult:
    """Play a game to its end with one bot per seat; seats in a window decide in seat order."""
    logs = SeatLogs(len(state.players))
    steps = 0
    while True:
        pending = state.pending()
        if not pending:
            break
        if steps >= max_steps:
            raise GameTooLong(f"no outcome after {max_steps} actions")
        seat = min(pending)
        action = decide(state, seat, bots[seat], logs.of(seat))
        logs.add(state.act(seat, action))
        steps += 1
    outcome = state.outcome()
    if outcome is None:
        raise HiddenhandError("the game has no pending seats but no outcome")
    return MatchResult(state, outcome, steps, logs)
