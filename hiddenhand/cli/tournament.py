"""`hiddenhand tournament`: seeded games between bots rotated over seats, with win rates."""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Any

import typer
from rich.table import Table

from hiddenhand.bots.base import make_bot
from hiddenhand.cli.app import (
    GAME_HELP,
    IMPORT_HELP,
    console,
    fail,
    game_command,
    games_progress,
    load_game,
    load_setup,
)
from hiddenhand.engine.errors import HiddenhandError

if TYPE_CHECKING:
    from hiddenhand.bots.arena import Comparison, GameResult, Report


def _interval(entry: dict[str, Any]) -> str:
    low, high = entry["ci95"]
    return f"{100 * low:.1f}–{100 * high:.1f}%"


def print_report(report: Report) -> None:
    """The tables a person reads: bots with ratings, then bots by role."""
    from hiddenhand.bots.arena import roles_seen

    data = report.to_json()
    table = Table(
        title=f"{report.game}, {report.players} players, {report.games} games, seed {report.seed}"
    )
    columns = ("bot", "seats", "wins", "win rate", "95% CI", "mu", "sigma", "ordinal", "cpu ms")
    for column in columns:
        table.add_column(column, justify="left" if column == "bot" else "right")
    for bot, entry in data["by_bot"].items():
        rating = data["ratings"].get(bot, {})
        ms = data["timing"].get(bot, {}).get("cpu_ms_per_decision", 0.0)
        table.add_row(
            bot,
            str(entry["games"]),
            str(entry["wins"]),
            f"{100 * entry['rate']:.1f}%",
            _interval(entry),
            f"{rating.get('mu', 0):.2f}",
            f"{rating.get('sigma', 0):.2f}",
            f"{rating.get('ordinal', 0):.2f}",
            f"{ms:.1f}",
        )
    console.print(table)
    roles = Table(title="win rate by role")
    roles.add_column("bot")
    for role in roles_seen(report):
        roles.add_column(role, justify="right")
    for bot, by_role in data["by_role"].items():
        cells = []
        for role in roles_seen(report):
            entry = by_role.get(role)
            cells.append(
                f"{100 * entry['rate']:.1f}% [{_interval(entry)}] n={entry['games']}"
                if entry
                else "—"
            )
        roles.add_row(bot, *cells)
    console.print(roles)
    sides = ", ".join(f"{side} {count}" for side, count in report.sides.items())
    console.print(f"outcomes: {sides}   mean actions per game: {report.mean_steps}")
    for message in report.errors[:5]:
        console.print(f"[red]{message}[/]", highlight=False)


def print_comparison(comparison: Comparison) -> None:
    """One seat, role by role: the baseline's win rate there against the challenger's."""
    table = Table(
        title=f"the seat {comparison.challenger} took, on the same deals: "
        f"{comparison.baseline} there vs {comparison.challenger} there"
    )
    for column in ("role", comparison.baseline, comparison.challenger, "difference", "p"):
        table.add_column(column, justify="left" if column == "role" else "right")
    for row in comparison.rows():
        cells = [
            f"{100 * row[who]['rate']:.1f}% [{_interval(row[who])}] n={row[who]['games']}"
            for who in ("baseline", "challenger")
        ]
        table.add_row(row["role"], *cells, f"{100 * row['difference']:+.1f}", f"{row['p']:.4f}")
    console.print(table)


def plot_report(report: Report, path: Path) -> None:
    """A bar chart of win rates by bot and role, with 95% intervals."""
    import matplotlib

    from hiddenhand.bots.arena import roles_seen

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    roles = list(roles_seen(report))
    bots = list(report.by_role)
    width = 0.8 / max(1, len(bots))
    fig, ax = plt.subplots(figsize=(max(5.0, 1.6 * len(roles) + 2), 4))
    for i, bot in enumerate(bots):
        xs, ys, low, high = [], [], [], []
        for j, role in enumerate(roles):
            tally = report.by_role[bot].get(role)
            if tally is None or not tally.games:
                continue
            entry = tally.to_json()
            xs.append(j + (i - (len(bots) - 1) / 2) * width)
            ys.append(entry["rate"])
            low.append(entry["rate"] - entry["ci95"][0])
            high.append(entry["ci95"][1] - entry["rate"])
        ax.bar(xs, ys, width, yerr=[low, high], capsize=3, label=bot)
    ax.set_xticks(range(len(roles)), roles)
    ax.set_ylim(0, 1)
    ax.set_ylabel("win rate (95% CI)")
    ax.set_title(f"{report.game}, {report.players} players, {report.games} games")
    ax.legend()
    fig.tight_layout()
    fig.savefig(path, dpi=120)
    plt.close(fig)


@game_command("tournament")
def tournament_command(
    game_id: str = typer.Argument(..., metavar="GAME", help=GAME_HELP),
    players: int | None = typer.Option(
        None, "--players", "-p", help="seats at the table (default: the game's usual count)"
    ),
    bots: str = typer.Option(
        ..., "--bots", "-b", help="A,B[,C...]: a lineup, filled with its last bot, rotated"
    ),
    games: int = typer.Option(100, "--games", "-n", min=1, help="how many games"),
    seed: int = typer.Option(0, "--seed", "-s", help="game k uses seed S+k"),
    jobs: int = typer.Option(1, "--jobs", "-j", min=1, help="worker processes"),
    option: list[str] = typer.Option([], "--option", "-o", help="key=value (repeatable)"),
    imports: list[str] = typer.Option([], "--import", help=IMPORT_HELP),
    as_json: bool = typer.Option(False, "--json", help="print one JSON object"),
    plot: Path | None = typer.Option(None, "--plot", help="write a chart (PNG) here"),
    baseline: str | None = typer.Option(
        None,
        "--baseline",
        help="with one bot in --bots: it takes one seat among BASELINE bots; the same deals are "
        "replayed with BASELINE in that seat, and that seat's win rates are compared by role",
    ),
) -> None:
    """Play K seeded games rotating bots over seats and roles; win rates, intervals, ratings."""
    from hiddenhand.bots.arena import compare_in_seat, tournament

    game = load_game(game_id, imports)
    n, options = load_setup(game, players, option)
    lineup = [s.strip() for s in bots.split(",") if s.strip()]
    if not lineup:
        fail("--bots needs at least one bot")
    if baseline is not None and (len(lineup) != 1 or lineup[0] == baseline):
        fail("--baseline takes one other bot in --bots (the challenger)")
    for spec in dict.fromkeys([*lineup, *([baseline] if baseline else [])]):  # fail fast
        try:
            make_bot(game, spec, 0, seed, (n, options))
        except HiddenhandError as exc:
            fail(str(exc))
    with games_progress(f"{game.id} x{n}", hidden=as_json) as progress:
        task = progress.add_task("games", total=games * (2 if baseline else 1))

        def advance(_: GameResult) -> None:
            progress.advance(task)

        if baseline is not None:
            comparison = compare_in_seat(
                game, n, options, lineup[0], baseline, games, seed, jobs, advance
            )
            report = comparison.report
        else:
            report = tournament(game, n, options, lineup, games, seed, jobs, advance)
    if baseline is not None:
        if as_json:
            print(json.dumps(comparison.to_json()))
        else:
            print_report(report)
            print_comparison(comparison)
        if plot is not None:
            plot_report(report, plot)
        if report.errors or comparison.control.errors:
            raise typer.Exit(1)
        return
    if as_json:
        print(json.dumps(report.to_json()))
    else:
        print_report(report)
    if plot is not None:
        plot_report(report, plot)
        if not as_json:
            console.print(f"chart written to {plot}")
    if report.errors:
        raise typer.Exit(1)
