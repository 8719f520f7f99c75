"""What a spectator can tell of the hands from who is asked and when answers come.

    python benchmarks/spectator.py [--tables 4] [--seconds 60] [--bots ismcts:iterations=100]

Plays Good Cop Bad Cop tables in this process (six seats: two people who never answer a
question themselves, so their time runs out, and four bots), and watches them as a spectator
would. Two classifiers then guess, for each seat asked in a reaction window, whether it held a
card it could play there:
- by the frame: "listed as asked in the first frame of the window" means "holds a card";
- by the time: the best threshold on how long the seat took to pass (bots' passes only).
Each is scored by balanced accuracy (the mean of the hit rates of both classes): 0.5 is
chance, 1.0 reads every hand. A best threshold overfits a small sample, so the table also gives
what it reaches with the labels shuffled: a classifier that reads nothing scores that. The
truth comes from replaying each table's record.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import tempfile
import time
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.table import Table as RichTable

from hiddenhand.engine import get_game
from hiddenhand.server.seats import Seat
from hiddenhand.server.storage import Storage
from hiddenhand.server.tables import Table


class Watcher:
    """A spectator's connection: every state message, with the time it arrived."""

    seat = None

    def __init__(self) -> None:
        self.frames: list[tuple[float, dict[str, Any]]] = []

    def send(self, text: str) -> None:
        message = json.loads(text)
        if message["type"] == "state":
            self.frames.append((time.monotonic(), message))

    def close(self, code: int) -> None:
        pass


def balanced_accuracy(guesses: list[tuple[bool, bool]]) -> float:
    """Mean hit rate over the two classes of (guess, truth) pairs."""
    rates = []
    for truth in (True, False):
        cases = [g for g, t in guesses if t == truth]
        if cases:
            rates.append(sum(g == truth for g in cases) / len(cases))
    return sum(rates) / len(rates) if rates else float("nan")


def shuffled_baseline(samples: list[tuple[float, bool]], rounds: int = 200) -> float:
    """What `best_threshold` reaches on average when the labels are shuffled: the score of a
    classifier that knows nothing, on a sample of this size (a best threshold overfits)."""
    rng = random.Random(0)
    labels = [card for _, card in samples]
    total = 0.0
    for _ in range(rounds):
        rng.shuffle(labels)
        total += best_threshold([(t, c) for (t, _), c in zip(samples, labels, strict=True)])
    return total / rounds


def best_threshold(samples: list[tuple[float, bool]]) -> float:
    """The best balanced accuracy any threshold on the time reaches (either direction)."""
    best = 0.5
    for cut, _ in samples:
        for slow_means_card in (True, False):
            guesses = [((t > cut) == slow_means_card, card) for t, card in samples]
            best = max(best, balanced_accuracy(guesses))
    return best


def observe(
    table: Table, watcher: Watcher
) -> tuple[list[tuple[bool, bool]], list[tuple[float, bool]]]:
    """(listed, holds a card) for every seat asked at the start of a window, and (seconds to
    pass, holds a card) for every bot's pass there, from the record and the frames seen."""
    assert table.state is not None
    record = table.state.record()
    replay = record.start()
    first: dict[int, tuple[float, dict[str, Any]]] = {}
    for at, message in watcher.frames:  # a step answered before any frame shows it shows late
        for step in range(message["step"], -1, -1):
            if step in first:
                break
            first[step] = (at, message)
    listed: list[tuple[bool, bool]] = []
    timed: list[tuple[float, bool]] = []
    asked: dict[int, tuple[int, bool]] = {}
    for step, (seat, action_id) in enumerate(record.actions):
        pending = replay.pending()
        window = len(pending) > 1
        fresh = {s for s in pending if s not in asked}
        asked = {
            s: asked.get(s, (step, any(a.kind != "pass" for a in pending[s]))) for s in pending
        }
        if window and step in first:
            for s in fresh:
                card = any(a.kind != "pass" for a in pending[s])
                listed.append((s in first[step][1]["to_move"], card))
        action = replay.space[action_id]
        by_bot = table.seats[seat].bot is not None
        if window and by_bot and action.kind == "pass":
            since, card = asked[seat]
            end = step + 1
            if since in first and end in first:
                timed.append((first[end][0] - first[since][0], card))
        replay.act(seat, action)
        if action.kind != "pass":
            asked = {}
        else:
            asked.pop(seat, None)
    return listed, timed


async def run(
    tables: int, seconds: float, bots: str, delay: float, folder: Path
) -> list[tuple[Table, Watcher]]:
    game = get_game("goodcop")
    made: list[tuple[Table, Watcher]] = []
    for n in range(tables):
        seats = [Seat(name="P"), Seat(name="Q")] + [Seat(bot=bots) for _ in range(4)]
        table = Table(
            id=f"t{n}",
            game=game,
            options=game.options({}),
            seats=seats,
            seed=100 + n,
            clock=1,
            storage=Storage(f"sqlite:///{folder / f't{n}.sqlite3'}"),
            bot_delay=delay,
        )
        watcher = Watcher()
        table.save()
        table.attach(watcher, 0)
        made.append((table, watcher))
    for table, _ in made:
        table.start()
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline and any(t.status != "over" for t, _ in made):
        await asyncio.sleep(0.1)
    for table, _ in made:
        table.close()
    await asyncio.sleep(0.5)
    return made


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=4)
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--bots", default="ismcts:iterations=100")
    parser.add_argument("--delay", type=float, default=0.8, help="the tables' bot delay")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        made = asyncio.run(run(args.tables, args.seconds, args.bots, args.delay, Path(tmp)))
        listed: list[tuple[bool, bool]] = []
        timed: list[tuple[float, bool]] = []
        for table, watcher in made:
            seen, passes = observe(table, watcher)
            listed += seen
            timed += passes
    out = RichTable(
        title=f"What a spectator reads of the hands ({args.bots}, delay {args.delay} s)"
    )
    for column in ("classifier", "cases", "with a card", "balanced accuracy", "knowing nothing"):
        out.add_column(column, justify="right" if column != "classifier" else "left")
    out.add_row(
        "listed in the window's first frame",
        str(len(listed)),
        str(sum(c for _, c in listed)),
        f"{balanced_accuracy(listed):.2f}",
        "0.50",
    )
    out.add_row(
        "best threshold on a bot's time to pass",
        str(len(timed)),
        str(sum(c for _, c in timed)),
        f"{best_threshold(timed):.2f}",
        f"{shuffled_baseline(timed):.2f}",
    )
    with_card = sorted(t for t, c in timed if c)
    without = sorted(t for t, c in timed if not c)
    console = Console()
    console.print(out)
    for label, times in (("with a card", with_card), ("without", without)):
        if times:
            console.print(
                f"bots' passes {label}: median {times[len(times) // 2] * 1000:.0f} ms "
                f"({len(times)} passes)"
            )


if __name__ == "__main__":
    main()
