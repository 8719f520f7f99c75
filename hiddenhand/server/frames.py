"""The non-interference check of what a table makes public: the same in every world a seat
cannot tell from the true one.

The engine's checks (`engine.checks`) hold `view(seat)` and who is to move to `determinize`.
But a table publishes more than views: who is listed to move in the frame that asks, who is on
the clock and until when, the events that frame carries, and when the server answers for each
seat it answers for. Each of those is public too, so each must come out the same whether the
hidden cards are the true ones or any others `determinize(seat)` could draw.

`check_public_frames` plays a seeded random game and, at each step it samples, puts the true
state and several determinized worlds in turn on a real `Table`, lets it publish, and compares
what a spectator and the seat are sent, and the answer times the table drew with one seed. It
fails, naming the step, the seat and the part, on a server that answers some seats before the
frame (a lone pass, say), clocks only the people who hold something, or times a pass apart from
a play.
"""

from __future__ import annotations

import asyncio
import dataclasses
import json
import random
from collections.abc import Callable, Sequence
from typing import Any, cast

from hiddenhand.bots.match import SeatLogs
from hiddenhand.engine import Game, Options, State
from hiddenhand.engine.checks import PropertyFailure
from hiddenhand.server.clock import TurnClock
from hiddenhand.server.seats import Seat
from hiddenhand.server.storage import Storage
from hiddenhand.server.tables import Table

CLOCK_SECONDS = 30
BOT_DELAY = 0.8


class Listener:
    """A connection that keeps the state messages it is sent."""

    def __init__(self, seat: int | None) -> None:
        self.seat = seat
        self.frames: list[dict[str, Any]] = []

    def send(self, text: str) -> None:
        message = json.loads(text)
        if message["type"] == "state":
            self.frames.append(message)

    def close(self, code: int) -> None:
        pass


def _public(message: dict[str, Any], now_ms: int) -> dict[str, Any]:
    """What a frame shows, less its place in the record (a world has no past): deadlines as
    whole seconds from now."""
    deadlines = {seat: round((t - now_ms) / 1000) for seat, t in message["deadlines"].items()}
    kept = ("view", "to_move", "legal", "banks", "marks", "outcome")
    return {
        **{key: message[key] for key in kept},
        "events": [{k: v for k, v in e.items() if k != "seq"} for e in message["events"]],
        "deadlines": deadlines,
    }


class _Unwritten:
    """A store that keeps nothing and has always saved everything: a probe's states are not
    games anyone plays, and a sample has no record to write."""

    class _Actions:
        def add(self, row: object, on_failed: Callable[[], None]) -> None:
            pass

        def saved(self, table_id: str) -> bool:
            return True

        def then(self, table_id: str, callback: Callable[[], None]) -> None:
            callback()

    actions = _Actions()

    def save_table(self, stored: object) -> None:
        pass


class FrameProbe:
    """One table that a state, true or sampled, is put on to see what it would publish."""

    def __init__(self, game: Game, options: Options, seats: Sequence[Seat]) -> None:
        self.table = Table(
            id="frames",
            game=game,
            options=options,
            seats=[dataclasses.replace(s) for s in seats],
            seed=0,
            clock=CLOCK_SECONDS,
            storage=cast(Storage, _Unwritten()),
            bot_delay=BOT_DELAY,
        )
        self.table.driver.wake = lambda: None  # type: ignore[method-assign]
        """The driver is not run: the frame and the answer times it drew are what is compared."""

    async def frame(self, state: State, seat: int, draws: int) -> dict[str, Any]:
        """What a spectator and `seat` are sent as the table reaches `state`, and in how many
        seconds after that the server would answer for each seat asked."""
        table = self.table
        table.status, table.state, table.logs = "playing", state, SeatLogs(len(state.players))
        table.clock = TurnClock(CLOCK_SECONDS)
        table.driver.draws = random.Random(draws)
        table.driver.waits, table.driver.shown_at = {}, {}
        watcher, player = Listener(None), Listener(seat)
        table.audience.clients = {watcher, player}
        table._published = {}
        table._moved()
        for _ in range(100):
            if watcher.frames and player.frames:
                break
            await asyncio.sleep(0)
        else:
            raise PropertyFailure("the table published nothing")
        shown = {s: table.driver._due(s) for s in sorted(state.pending())}
        base = min(table.driver.shown_at.values(), default=0.0)
        now_ms = round(base * 1000)
        return {
            "spectator": _public(watcher.frames[0], now_ms),
            "seat": _public(player.frames[0], now_ms),
            "answers": {s: round(t - base, 6) for s, t in shown.items()},
        }


async def check_public_frames(
    game: Game,
    players: int,
    options: Options,
    seed: int,
    seats: Sequence[Seat],
    *,
    every: int = 1,
    worlds: int = 2,
    max_steps: int = 2_000,
) -> int:
    """Play one seeded random game; at every `every`-th step compare the frames of the true
    state with those of `worlds` determinized worlds of each seat. Returns the steps checked."""
    probe = FrameProbe(game, options, seats)
    state = game.start(players, options, seed)
    rng = random.Random(seed)
    where = f"{game.id} players={players} options={options.changed()} seed={seed}"
    checked = 0
    for step in range(max_steps):
        pending = state.pending()
        if not pending:
            break
        if step % every == 0:
            checked += 1
            for seat in range(players):
                truth = await probe.frame(state.clone(), seat, draws=step)
                for _ in range(worlds):
                    world = state.determinize(seat, rng)
                    seen = await probe.frame(world, seat, draws=step)
                    for part in ("spectator", "seat", "answers"):
                        _compare(truth[part], seen[part], f"{where} step={step} seat={seat}", part)
        mover = rng.choice(sorted(pending))
        state.act(mover, rng.choice(list(pending[mover])))
    return checked


_ORDER = ["to_move", "deadlines", "events", "legal", "banks", "view"]
"""The parts a failure names first: who is asked comes before what follows from it."""


def _compare(truth: dict[str, Any], world: dict[str, Any], where: str, part: str) -> None:
    if truth == world:
        return
    differing = [key for key in truth.keys() | world.keys() if truth.get(key) != world.get(key)]
    field = min(differing, key=lambda key: (_ORDER.index(key) if key in _ORDER else 99, str(key)))
    raise PropertyFailure(
        f"{where}: the {part} frame's {field!r} differs in a world determinize could draw: "
        f"{truth.get(field)!r} against {world.get(field)!r}"
    )
