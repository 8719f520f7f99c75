"""`hiddenhand balance`: who wins, how, how long and with which cards, over K seeded games."""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import typer
from rich.table import Table

from hiddenhand.bots.base import make_bot
from hiddenhand.cli.app import app, console, fail, games_progress, load_game, load_setup
from hiddenhand.engine.errors import HiddenhandError


def _interval(entry: Mapping[str, Any], key: str = "rate") -> str:
    low, high = entry["ci95"]
    return f"{100 * entry[key]:.1f}% [{100 * low:.1f}–{100 * high:.1f}]"


def _rates_table(title: str, what: str, entries: Mapping[str, Mapping[str, Any]]) -> Table:
    table = Table(title=title)
    for column in (what, "games", "wins", "win rate [95% CI]"):
        table.add_column(column, justify="left" if column == what else "right")
    for key, entry in entries.items():
        table.add_row(key, str(entry["games"]), str(entry["wins"]), _interval(entry))
    return table


def print_balance(data: Mapping[str, Any]) -> None:
    """The tables a person reads, from the report's JSON."""
    console.print(_rates_table("win rate by side", "side", data["sides"]))
    console.print(_rates_table("win rate by role", "role", data["roles"]))
    console.print(_rates_table("win rate by seat", "seat", data["seats"]))
    for bot, roles in data["bots_by_role"].items():
        console.print(_rates_table(f"bot {bot}", "role", roles))
    ends = Table(title="how games end")
    for column in ("end", "games", "share [95% CI]"):
        ends.add_column(column, justify="left" if column == "end" else "right")
    for end, entry in data["ends"].items():
        ends.add_row(end, str(entry["games"]), _interval(entry, "share"))
    console.print(ends)
    length = Table(title="game length")
    keys = ("mean", "min", "p10", "p25", "median", "p75", "p90", "max")
    length.add_column("")
    for key in keys:
        length.add_column(key, justify="right")
    for name, key in ((data["length"]["turn_unit"], "turns"), ("decisions", "decisions")):
        length.add_row(name, *(f"{data['length'][key][k]:g}" for k in keys))
    console.print(length)
    if data["cards"]:
        cards = Table(title="card kinds held or used", caption=data["cards_rule"])
        for column in ("kind", "with it", "without it", "difference", "p"):
            cards.add_column(column, justify="left" if column == "kind" else "right")
        for kind, e in sorted(data["cards"].items(), key=lambda kv: kv[1]["difference"]):
            cards.add_row(
                kind,
                f"{_interval(e['with'])} n={e['with']['games']}",
                f"{_interval(e['without'])} n={e['without']['games']}",
                f"{100 * e['difference']:+.1f}",
                f"{e['p']:.3g}",
            )
        console.print(cards)
    for message in data["errors"][:5]:
        console.print(f"[red]{message}[/]", highlight=False)


@app.command("balance")
def balance_command(
    game_id: str = typer.Argument(..., metavar="GAME", help="goodcop, noir or infected"),
    players: int | None = typer.Option(
        None, "--players", "-p", help="seats at the table (default: the game's usual count)"
    ),
    option: list[str] = typer.Option([], "--option", "-o", help="key=value (repeatable)"),
    bots: str = typer.Option(
        "medium",
        "--bots",
        "-b",
        help="a level or bot for every seat, or A,B[,C...]: a lineup, filled with its last bot "
        "and rotated over the seats as a tournament rotates it",
    ),
    games: int = typer.Option(..., "--games", "-n", min=1, help="how many games"),
    jobs: int = typer.Option(1, "--jobs", "-j", min=1, help="worker processes"),
    seed: int = typer.Option(0, "--seed", "-s", help="deals come from seeds S, S+1, ..."),
    json_path: Path | None = typer.Option(None, "--json", help="write the report (JSON) here"),
    plot: Path | None = typer.Option(None, "--plot", help="write the charts (PNG) here"),
    markdown: Path | None = typer.Option(
        None, "--markdown", help="write the report (Markdown) here; the chart is linked if given"
    ),
) -> None:
    """Win rates by side, role, seat and bot with 95% intervals, end conditions, game lengths
    and card kinds, over K seeded games."""
    from hiddenhand.balance.markdown import report_markdown
    from hiddenhand.balance.plot import plot_balance
    from hiddenhand.balance.report import balance

    game = load_game(game_id)
    n, options = load_setup(game, players, option)
    lineup = [s.strip() for s in bots.split(",") if s.strip()]
    if not lineup:
        fail("--bots needs at least one bot")
    if len(lineup) > n:
        fail(f"--bots names {len(lineup)} bots for {n} seats")
    for spec in dict.fromkeys(lineup):  # fail fast, before any game is played
        try:
            make_bot(game, spec, 0, seed)
        except HiddenhandError as exc:
            fail(str(exc))
    for path in (json_path, plot, markdown):
        if path is not None and not path.parent.is_dir():
            fail(f"no such directory for {path}: {path.parent}")
    with games_progress(f"{game.id} x{n}", hidden=False) as progress:
        task = progress.add_task("games", total=games)
        report = balance(
            game, n, options, lineup, games, seed, jobs, lambda _: progress.advance(task)
        )
    data = report.to_json()
    console.print(
        f"[bold]{game.title}[/]: {n} players, options {data['options'] or 'default'}, "
        f"bots {bots}, {data['finished']} of {games} games, seed {seed}"
    )
    print_balance(data)
    if json_path is not None:
        json_path.write_text(json.dumps(data, indent=1) + "\n")
    if plot is not None:
        plot_balance(report, plot)
    if markdown is not None:
        command = f"hiddenhand balance {game.id} --players {n} --bots {bots} --games {games}"
        command += "".join(f" --option {k}={v}" for k, v in data["options"].items())
        chart = plot.name if plot is not None else None
        markdown.write_text(report_markdown([(bots, data, chart)], command))
    if report.errors:
        raise typer.Exit(1)
