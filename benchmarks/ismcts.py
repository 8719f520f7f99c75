"""The ISMCTS bot on every registered game: its speed, and its strength against `heuristic`.

    python benchmarks/ismcts.py speed [--seconds 10] [--bot ismcts]
    python benchmarks/ismcts.py workload GAME --players N [--decisions 30] [--seeds 0] [--rounds 3]
    python benchmarks/ismcts.py versus GAME --players N [--games 500] [--jobs 2] [--bot SPEC]

`speed` prints iterations and decisions per second (one process, one core). `workload` times a
fixed piece of work instead: the bot in every seat plays the first `--decisions` searches of the
games dealt from `--seeds`, and the CPU time of the searches is what is timed, best of
`--rounds`. With an iteration budget the same code plays the same moves (the printed digest
says so), so two versions of the code can be compared on the same searches on a shared machine.
`versus` puts the bot in one seat among `heuristic` bots, replays the same deals with
`heuristic` in that seat, and prints the seat's win rates role by role as a Markdown table (the
one docs/bots.md quotes).
"""

from __future__ import annotations

import argparse
import hashlib
import os

from rich.console import Console
from rich.table import Table

from hiddenhand.bots.arena import Comparison, compare_in_seat
from hiddenhand.bots.base import make_bot
from hiddenhand.bots.match import SeatLogs, decide
from hiddenhand.cli.app import games_progress
from hiddenhand.cli.bench import measure_bot
from hiddenhand.engine import games, get_game

SPEED_SEATS = {"goodcop": (4, 6, 8), "noir": (2,), "infected": (4,)}


def speed(seconds: float, bot: str) -> None:
    console = Console()
    table = Table(
        title=f"{bot} in every seat, one process ({os.cpu_count()} cores, load "
        f"{os.getloadavg()[0]:.2f})"
    )
    columns = ("game", "players", "iterations/CPU s", "decisions/CPU s", "iterations/search")
    for column in columns:
        table.add_column(column, justify="right" if column != "game" else "left")
    with console.status("measuring"):
        for game in games().values():
            for players in SPEED_SEATS.get(game.id, (game.usual_players,)):
                result = measure_bot(game, players, game.options(None), bot, seconds)
                table.add_row(
                    game.id,
                    str(players),
                    f"{result.get('iterations_per_cpu_s', 0.0):,.0f}",
                    f"{result['decisions_per_cpu_s']:,.1f}",
                    f"{result.get('iterations_per_search', 0.0):,.0f}",
                )
    console.print(table)


def workload(
    game_id: str, players: int, decisions: int, seeds: list[int], rounds: int, bot: str
) -> None:
    game = get_game(game_id)
    best = 0.0
    for _ in range(rounds):
        iterations, cpu, searches = 0, 0.0, 0
        digest = hashlib.sha256()
        for seed in seeds:
            state = game.start(players, game.options(None), seed)
            bots = [make_bot(game, bot, seat, seed) for seat in range(players)]
            logs = SeatLogs(players)
            while state.pending() and sum(getattr(b, "searches", 0) for b in bots) < decisions:
                seat = min(state.pending())
                action = decide(state, seat, bots[seat], logs.of(seat))
                digest.update(action.id.to_bytes(4, "little"))
                logs.add(state.act(seat, action))
            iterations += sum(getattr(b, "iterations_done", 0) for b in bots)
            cpu += sum(getattr(b, "search_seconds", 0.0) for b in bots)
            searches += sum(getattr(b, "searches", 0) for b in bots)
        rate = iterations / cpu if cpu else 0.0
        best = max(best, rate)
        print(
            f"{game_id} {players}p: {searches} searches, {iterations} iterations in {cpu:.3f} s "
            f"of CPU: {rate:,.0f} per CPU second (moves {digest.hexdigest()[:12]})"
        )
    print(f"best of {rounds}: {best:,.0f} iterations per CPU second")


def markdown(comparison: Comparison, game: str, players: int) -> str:
    def cell(entry: dict[str, object]) -> str:
        low, high = entry["ci95"]  # type: ignore[misc]
        return f"{100 * entry['rate']:.1f}% [{100 * low:.1f}, {100 * high:.1f}] ({entry['games']})"  # type: ignore[operator]

    lines = [
        f"| {game} {players}p role | {comparison.baseline} in the seat | "
        f"{comparison.challenger} in the seat | difference | p |",
        "|---|---|---|---|---|",
    ]
    for row in comparison.rows():
        lines.append(
            f"| {row['role']} | {cell(row['baseline'])} | {cell(row['challenger'])} | "
            f"{100 * row['difference']:+.1f} | {row['p']:.2g} |"
        )
    return "\n".join(lines)


def versus(game_id: str, players: int, count: int, jobs: int, bot: str, seed: int) -> None:
    console = Console()
    game = get_game(game_id)
    with games_progress(f"{game_id} x{players}", console) as progress:
        task = progress.add_task("games", total=2 * count)
        comparison = compare_in_seat(
            game,
            players,
            game.options(None),
            bot,
            "heuristic",
            count,
            seed,
            jobs,
            lambda _: progress.advance(task),
        )
    timing = comparison.report.timing.get(bot, {})
    print(markdown(comparison, game_id, players))
    print(
        f"\n{count} games, seed {seed}; {bot}: {timing.get('cpu_ms_per_decision', 0):.1f} ms per "
        f"decision over {timing.get('decisions', 0):.0f} decisions; errors "
        f"{len(comparison.report.errors) + len(comparison.control.errors)}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)
    s = sub.add_parser("speed")
    s.add_argument("--seconds", type=float, default=10.0)
    s.add_argument("--bot", default="ismcts")
    v = sub.add_parser("versus")
    v.add_argument("game")
    v.add_argument("--players", type=int, required=True)
    v.add_argument("--games", type=int, default=500)
    v.add_argument("--jobs", type=int, default=2)
    v.add_argument("--seed", type=int, default=0)
    v.add_argument("--bot", default="ismcts")
    w = sub.add_parser("workload")
    w.add_argument("game")
    w.add_argument("--players", type=int, required=True)
    w.add_argument("--decisions", type=int, default=30, help="searches per game")
    w.add_argument("--seeds", default="0", help="deals, comma-separated")
    w.add_argument("--rounds", type=int, default=3)
    w.add_argument("--bot", default="ismcts:iterations=100")
    args = parser.parse_args()
    if args.command == "speed":
        speed(args.seconds, args.bot)
    elif args.command == "workload":
        seeds = [int(s) for s in args.seeds.split(",")]
        workload(args.game, args.players, args.decisions, seeds, args.rounds, args.bot)
    else:
        versus(args.game, args.players, args.games, args.jobs, args.bot, args.seed)


if __name__ == "__main__":
    main()
