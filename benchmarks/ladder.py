"""The strength ladder: every adjacent pair of levels head to head, on the same deals.

    python benchmarks/ladder.py [--game noir] [--pairs easy-medium,hard-expert]
        [--games noir=400 --games goodcop=300] [--option mode=standard] [--seed 7000]
        [--jobs 2] [--json FILE]

For each game (NOIR with 2 players, Good Cop Bad Cop with 6, The Infected with 4) and each pair
of adjacent levels (`hiddenhand.bots.registry.LEVELS`), the higher level takes one seat among
bots of the lower one; every deal is played once per seat of the higher level (the lineup
rotated over the seats), so both levels sit in every seat of every deal and meet every role it
hands out. With 2 players that is a head-to-head match with the seats swapped.

Printed per pair: the higher level's win rate per seat and the lower level's in the same games
(Wilson 95% intervals), the difference, and a two-sided p-value from a paired test over deals:
per deal, the higher level's win rate over its seats minus the lower level's; the mean of those
differences against zero (normal approximation; deals are independent, seats of one game are
not, which this test respects). Also the CPU milliseconds per decision of each level. `--option`
plays every game measured with that option (a NOIR mode, a Good Cop Bad Cop Zombies design), so
the ladder can be checked per mode and design.
"""

from __future__ import annotations

import argparse
import itertools
import json
import math
import statistics
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from rich.console import Console
from rich.table import Table

from hiddenhand.bots.arena import GameResult, Tally, run_games, schedule, wilson
from hiddenhand.bots.registry import LEVELS, level_specs
from hiddenhand.cli.app import games_progress
from hiddenhand.engine import OptionError, get_game

PLAYERS = {"noir": 2, "goodcop": 6, "infected": 4}
GAMES = {"noir": 400, "goodcop": 300, "infected": 200}
"""Games per pair by default (a multiple of the players: every deal in every rotation)."""
PAIRS = tuple(itertools.pairwise(LEVELS))


@dataclass
class Step:
    """One pair of adjacent levels in one game: the numbers of the table's row."""

    game: str
    players: int
    lower: str
    upper: str
    options: tuple[str, ...] = ()
    upper_tally: Tally = field(default_factory=Tally)
    lower_tally: Tally = field(default_factory=Tally)
    upper_by_role: dict[str, Tally] = field(default_factory=dict)
    differences: list[float] = field(default_factory=list)
    errors: int = 0
    cpu_ms: dict[str, float] = field(default_factory=dict)

    @property
    def p(self) -> float:
        """Two-sided p-value that the mean per-deal difference is zero."""
        n = len(self.differences)
        if n < 2:
            return 1.0
        sd = statistics.stdev(self.differences)
        if sd == 0:
            return 0.0 if statistics.fmean(self.differences) else 1.0
        z = statistics.fmean(self.differences) / (sd / math.sqrt(n))
        return math.erfc(abs(z) / math.sqrt(2))

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "players": self.players,
            "options": list(self.options),
            "lower": self.lower,
            "upper": self.upper,
            "specs": {  # a level's spec; a pair may also name bot specs of its own
                name: level_specs(self.game).get(name, name) for name in (self.lower, self.upper)
            },
            "upper_seat": self.upper_tally.to_json(),
            "lower_seat": self.lower_tally.to_json(),
            "upper_by_role": {r: t.to_json() for r, t in sorted(self.upper_by_role.items())},
            "deals": len(self.differences),
            "p": float(f"{self.p:.3g}"),
            "errors": self.errors,
            "cpu_ms_per_decision": self.cpu_ms,
        }


def fold(
    game: str,
    players: int,
    lower: str,
    upper: str,
    results: Sequence[GameResult],
    options: Sequence[str] = (),
) -> Step:
    """The pair's numbers from its games, deal by deal (a deal: one game per rotation)."""
    step = Step(game, players, lower, upper, tuple(options))
    by_deal: dict[int, list[GameResult]] = {}
    timing: dict[str, list[float]] = {}
    for result in results:
        if result.error:
            step.errors += 1
            continue
        by_deal.setdefault(result.seed, []).append(result)
        for bot, (n, secs) in result.timing.items():
            total = timing.setdefault(bot, [0.0, 0.0])
            total[0] += n
            total[1] += secs
    for games in by_deal.values():
        up, up_n, low, low_n = 0, 0, 0, 0
        for result in games:
            for seat in result.seats:
                if seat.bot == upper:
                    up += seat.won
                    up_n += 1
                    step.upper_tally.add(seat.won)
                    step.upper_by_role.setdefault(seat.role, Tally()).add(seat.won)
                else:
                    low += seat.won
                    low_n += 1
                    step.lower_tally.add(seat.won)
        if up_n and low_n:
            step.differences.append(up / up_n - low / low_n)
    step.cpu_ms = {
        bot: round(1000 * secs / n, 2) if n else 0.0 for bot, (n, secs) in sorted(timing.items())
    }
    return step


def measure(
    game_id: str,
    lower: str,
    upper: str,
    games: int,
    seed: int,
    jobs: int,
    console: Console,
    options: Sequence[str] = (),
) -> Step:
    game = get_game(game_id)
    players = PLAYERS[game_id]
    parsed = game.options(list(options) or None)  # main has refused bad ones
    games -= games % players
    deals = schedule(players, [upper, lower], games, seed)
    with games_progress(f"{title(game_id, options)}: {upper} vs {lower}", console) as progress:
        task = progress.add_task("games", total=len(deals))
        results = run_games(
            game,
            parsed,
            deals,
            seed,
            jobs,
            lambda _: progress.advance(task),
        )
    return fold(game_id, players, lower, upper, results, options)


def title(game_id: str, options: Sequence[str]) -> str:
    """The game's id, with the options it was played with."""
    return f"{game_id} ({', '.join(options)})" if options else game_id


def p_text(p: float) -> str:
    """The p-value as printed: below 1e-6 the normal approximation is not to be read closely."""
    return "< 1e-6" if p < 1e-6 else f"{p:.2g}"


def percent(tally: Tally) -> str:
    low, high = wilson(tally.wins, tally.games)
    return f"{100 * tally.rate:.1f}% [{100 * low:.1f}, {100 * high:.1f}]"


def table(steps: Sequence[Step]) -> Table:
    out = Table(title="The ladder: each level against the one below, on the same deals")
    for column in ("game", "players", "higher", "lower", "higher wins", "lower wins", "games"):
        out.add_column(column)
    out.add_column("difference", justify="right")
    out.add_column("p", justify="right")
    out.add_column("ms CPU/decision (higher, lower)", justify="right")
    out.add_column("higher by role")
    for s in steps:
        out.add_row(
            title(s.game, s.options),
            str(s.players),
            s.upper,
            s.lower,
            percent(s.upper_tally),
            percent(s.lower_tally),
            str(s.upper_tally.games),
            f"{100 * (s.upper_tally.rate - s.lower_tally.rate):+.1f}",
            p_text(s.p),
            f"{s.cpu_ms.get(s.upper, 0):.1f}, {s.cpu_ms.get(s.lower, 0):.1f}",
            ", ".join(
                f"{role} {100 * t.rate:.1f}% ({t.wins}/{t.games})"
                for role, t in sorted(s.upper_by_role.items())
            ),
        )
    return out


def markdown(steps: Sequence[Step]) -> str:
    lines = [
        "| game | players | higher | lower | higher wins | lower wins | games | difference | p |",
        "|---|---|---|---|---|---|---|---|---|",
    ]
    for s in steps:
        lines.append(
            f"| {title(s.game, s.options)} | {s.players} | {s.upper} | {s.lower} | "
            f"{percent(s.upper_tally)} | {percent(s.lower_tally)} | {s.upper_tally.games} | "
            f"{100 * (s.upper_tally.rate - s.lower_tally.rate):+.1f} | {p_text(s.p)} |"
        )
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", action="append", choices=sorted(PLAYERS), default=[])
    parser.add_argument(
        "--pairs", default="", help="e.g. easy-medium,hard-expert (default: all); bot specs too"
    )
    parser.add_argument("--games", action="append", default=[], help="GAME=N games per pair")
    parser.add_argument(
        "--option", action="append", default=[], help="key=value for every game (repeatable)"
    )
    parser.add_argument("--seed", type=int, default=7000)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--json", default="", help="write the figures here after every pair")
    args = parser.parse_args(argv)
    counts = dict(GAMES)
    for item in args.games:
        name, _, number = item.partition("=")
        counts[name] = int(number)
    pairs = [tuple(p.split("-")) for p in args.pairs.split(",") if p] or list(PAIRS)
    games = args.game or sorted(PLAYERS)
    for game_id in games:
        game = get_game(game_id)
        try:
            game.validate(PLAYERS[game_id], game.options(args.option or None))
        except OptionError as exc:
            parser.error(f"{game_id}: {exc}")
    console = Console()
    steps: list[Step] = []
    for game_id in games:
        for lower, upper in pairs:
            step = measure(
                game_id,
                lower,
                upper,
                counts[game_id],
                args.seed,
                args.jobs,
                console,
                args.option,
            )
            steps.append(step)
            console.print(table([step]))
            if args.json:
                with open(args.json, "w") as out:
                    json.dump([s.to_json() for s in steps], out, indent=1)
    console.print(table(steps))
    console.print(markdown(steps))


if __name__ == "__main__":
    main()
