"""Regenerate docs/balance/: a balance report for every setup the rules allow, at two levels.

    python benchmarks/balance_reports.py [--games 200] [--hard-games noir=60 ...]
        [--only noir] [--setup infected-4p-standard] [--missing] [--jobs 2] [--out docs/balance]

A setup is a game, a seat count and the option that names its mode: NOIR's `mode`, Good Cop
Bad Cop's Zombies design (`zombies`, off included) and The Infected's `variant` (one player plays
the cooperative game only). Each setup is played by `hiddenhand balance` twice, every seat
`medium` and every seat `hard`, with the seed fixed, and gets one Markdown report with both
sections, the JSON of each run and a chart of each. docs/balance/README.md is rewritten with a
summary table of every setup found in the output folder (so `--only` keeps the others' rows);
the text above its summary marker is kept.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import os
import resource
import shlex
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

from hiddenhand.balance.markdown import pct, report_markdown
from hiddenhand.cli import app
from hiddenhand.engine import get_game
from hiddenhand.engine.errors import OptionError

AXES = {"noir": "mode", "goodcop": "zombies", "infected": "variant"}
"""The option that names a game's mode, design or variant."""
VALUES = {
    "noir": ("classic", "standard", "citizens-arrest"),
    "goodcop": ("off", "dice", "infect", "simple"),
    "infected": ("standard", "cooperative", "infection-spreads", "all-okay"),
}
LEVELS = ("medium", "hard")
HARD_GAMES = {"noir": 60, "goodcop": 24, "infected": 8}
"""Games per setup at `hard` by default: the search costs 0.3-4 s of CPU a game, and the whole
generation is sized to about 25 CPU-minutes."""
MEDIUM_GAMES = 200
SEED = 30_000
SUMMARY = "<!-- summary: everything below is rewritten by benchmarks/balance_reports.py -->"


@dataclass(frozen=True)
class Setup:
    game: str
    players: int
    value: str

    @property
    def slug(self) -> str:
        return f"{self.game}-{self.players}p-{self.value}"

    @property
    def option(self) -> str:
        return f"{AXES[self.game]}={self.value}"


def setups(only: Sequence[str] = ()) -> Iterator[Setup]:
    """Every game, seat count and mode the rules allow (checked by the game's own validation)."""
    for game_id, values in VALUES.items():
        if only and game_id not in only:
            continue
        game = get_game(game_id)
        for players in range(game.min_players, game.max_players + 1):
            for value in values:
                if game_id == "infected" and players == 1 and value != "cooperative":
                    continue  # one player always plays the cooperative game
                try:
                    game.validate(players, game.options([f"{AXES[game_id]}={value}"]))
                except OptionError:
                    continue
                yield Setup(game_id, players, value)


def command(setup: Setup, level: str, games: int, jobs: int) -> list[str]:
    return [
        "balance",
        setup.game,
        "--players",
        str(setup.players),
        "--option",
        setup.option,
        "--bots",
        level,
        "--games",
        str(games),
        "--seed",
        str(SEED),
        "--jobs",
        str(jobs),
    ]


def run_setup(setup: Setup, games: Mapping[str, int], jobs: int, out: Path) -> None:
    """Both levels of one setup through `hiddenhand balance`, then its Markdown report."""
    runs: list[tuple[str, dict[str, Any], str | None]] = []
    for level in LEVELS:
        stem = f"{setup.slug}-{level}"
        args = command(setup, level, games[level], jobs)
        args += ["--json", str(out / f"{stem}.json"), "--plot", str(out / f"{stem}.png")]
        printed = io.StringIO()
        with contextlib.redirect_stdout(printed):
            try:
                app(args, prog_name="hiddenhand", standalone_mode=False)
            except SystemExit as exc:  # an error the command reported
                raise SystemExit(f"{shlex.join(args)} failed:\n{printed.getvalue()}") from exc
        runs.append((level, json.loads((out / f"{stem}.json").read_text()), f"{stem}.png"))
    shown = "hiddenhand " + shlex.join(command(setup, "LEVEL", 0, 1)[:-4]).replace(
        "--games 0", "--games K"
    )
    report = report_markdown(runs, shown, "benchmarks/balance_reports.py")
    (out / f"{setup.slug}.md").write_text(report)


def summary_rows(out: Path) -> list[list[str]]:
    """One row per report in `out`: the setup, each level's games, side win rates and the most
    common end."""
    rows = []
    order = {s.slug: k for k, s in enumerate(setups())}
    for md in sorted(out.glob("*-*p-*.md"), key=lambda p: (order.get(p.stem, len(order)), p.stem)):
        setup = next((s for s in setups() if s.slug == md.stem), None)
        for level in LEVELS:
            path = out / f"{md.stem}-{level}.json"
            if not path.exists():
                continue
            data = json.loads(path.read_text())
            sides = "; ".join(f"{side} {pct(e)}" for side, e in data["sides"].items())
            end, entry = next(iter(data["ends"].items()))
            rows.append(
                [
                    f"[{data['title']}]({md.name})",
                    str(data["players"]),
                    setup.option if setup else md.stem,
                    level,
                    str(data["finished"]),
                    sides,
                    f"{end} ({100 * entry['share']:.0f}%)",
                    f"{data['length']['decisions']['median']:g}",
                ]
            )
    return rows


def write_readme(out: Path) -> None:
    header = [
        "report",
        "players",
        "setup",
        "bots",
        "games",
        "win rate by side [95% CI]",
        "most common end",
        "median decisions",
    ]
    lines = [
        "| " + " | ".join(header) + " |",
        "|" + "|".join("---" for _ in header) + "|",
        *("| " + " | ".join(row) + " |" for row in summary_rows(out)),
    ]
    readme = out / "README.md"
    head = readme.read_text().partition(SUMMARY)[0] if readme.exists() else "# Balance\n\n"
    readme.write_text(f"{head}{SUMMARY}\n\n" + "\n".join(lines) + "\n")


def _cpu_seconds() -> float:
    """CPU time of this process and of the worker processes it has waited for."""
    own, workers = (
        resource.getrusage(resource.RUSAGE_SELF),
        resource.getrusage(resource.RUSAGE_CHILDREN),
    )
    return own.ru_utime + own.ru_stime + workers.ru_utime + workers.ru_stime


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=MEDIUM_GAMES, help="games at medium")
    parser.add_argument(
        "--hard-games",
        action="append",
        default=[],
        metavar="GAME=K",
        help=f"games at hard for a game (default {HARD_GAMES})",
    )
    parser.add_argument("--only", action="append", default=[], choices=sorted(AXES))
    parser.add_argument(
        "--setup",
        action="append",
        default=[],
        metavar="SLUG",
        help="only these setups, named as their reports are (infected-4p-standard)",
    )
    parser.add_argument(
        "--missing", action="store_true", help="only the setups without a report in --out"
    )
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--out", type=Path, default=Path("docs/balance"))
    args = parser.parse_args(argv)
    hard = dict(HARD_GAMES)
    for pair in args.hard_games:
        game, _, count = pair.partition("=")
        if game not in hard or not count.isdigit() or int(count) < 1:
            parser.error(f"--hard-games takes GAME=K with GAME one of {', '.join(hard)}")
        hard[game] = int(count)
    args.out.mkdir(parents=True, exist_ok=True)
    known = {s.slug for s in setups()}
    if unknown := sorted(set(args.setup) - known):
        parser.error(f"no setup named {', '.join(unknown)}; the setups: {', '.join(sorted(known))}")
    todo = [
        s
        for s in setups(args.only)
        if not (args.missing and (args.out / f"{s.slug}.md").exists())
        and (not args.setup or s.slug in args.setup)
    ]
    console = Console()
    started = _cpu_seconds()
    with Progress(
        TextColumn("[bold]balance reports[/] {task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        console=console,
    ) as progress:
        task = progress.add_task("", total=len(todo))
        for setup in todo:
            progress.update(task, description=setup.slug)
            run_setup(setup, {"medium": args.games, "hard": hard[setup.game]}, args.jobs, args.out)
            progress.advance(task)
    write_readme(args.out)
    spent = _cpu_seconds() - started
    console.print(f"{len(todo)} reports written to {args.out} in {spent / 60:.1f} CPU-minutes")


if __name__ == "__main__":
    os.nice(10)  # a background job on a shared machine
    main()
