"""Drawing a seat's view, log and choices in the terminal with Rich."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.pretty import Pretty
from rich.table import Table
from rich.text import Text

from hiddenhand.engine.actions import Action
from hiddenhand.engine.events import Event
from hiddenhand.engine.game import Game
from hiddenhand.engine.state import Outcome
from hiddenhand.tui.renderers import renderer


def view_panel(game: Game, view: Mapping[str, Any], names: Sequence[str], title: str) -> Panel:
    """The seat's view: the game's own drawing if it has one, else the data itself."""
    render = renderer(game.id)
    body: RenderableType = render(view, names) if render else Pretty(view, expand_all=False)
    return Panel(body, title=title, border_style="cyan")


def log_panel(events: Sequence[Event], names: Sequence[str], last: int = 12) -> Panel:
    shown = events[-last:]
    lines = Text()
    for i, event in enumerate(shown):
        style = "" if event.public else "italic magenta"
        lines.append(("  " if event.public else "* ") + event.describe(names), style=style)
        if i < len(shown) - 1:
            lines.append("\n")
    note = "  (* only you saw this)" if any(not e.public for e in shown) else ""
    return Panel(lines or Text("nothing yet", style="dim"), title=f"log{note}", border_style="blue")


def choices_table(actions: Sequence[Action], names: Sequence[str]) -> Table:
    table = Table(show_header=False, box=None, padding=(0, 1))
    table.add_column(justify="right", style="bold yellow")
    table.add_column()
    for i, action in enumerate(actions, 1):
        table.add_row(str(i), action.describe(names))
    return table


def outcome_panel(outcome: Outcome, names: Sequence[str], seat: int | None) -> Panel:
    winners = ", ".join(names[s] for s in sorted(outcome.winners)) or "nobody"
    verdict = ""
    if seat is not None:
        verdict = "You win!" if seat in outcome.winners else "You lose."
    body = Group(
        Text(verdict, style="bold green" if seat in outcome.winners else "bold red"),
        Text(f"{outcome.side}: {outcome.reason}"),
        Text(f"winners: {winners}"),
    )
    return Panel(body, title="game over", border_style="green")
