"""The terminal drawing of a NOIR view: the grid, the seat's identity and what it has deduced."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from hiddenhand.tui.renderers import register_renderer

LEGEND = (
    "[bold reverse yellow] you [/]  [bold red]? candidate[/]  [green]+ innocent[/]  "
    "[dim strike]x deceased[/]"
)


def _cell(view: Mapping[str, Any], suspect: int, candidates: set[int]) -> Text:
    name = view["suspects"][suspect]
    revealed = view.get("revealed") or {}
    if suspect in set(view["deceased"]):
        return Text(f"x {name}", style="dim strike")
    if suspect == view["identity"]:
        return Text(f"* {name}", style="bold reverse yellow")
    if suspect in (revealed.get("killer"), revealed.get("inspector")):
        role = "K" if suspect == revealed.get("killer") else "I"
        return Text(f"{role} {name}", style="bold magenta")
    if suspect in candidates:
        return Text(f"? {name}", style="bold red")
    if suspect in set(view["innocent"]):
        return Text(f"+ {name}", style="green")
    return Text(f"  {name}")


def render_view(view: Mapping[str, Any], names: Sequence[str]) -> RenderableType:
    """Rows and columns are numbered from 1, as the actions name them."""
    suspects = view["suspects"]
    candidates = set(view["candidates"] or ())
    grid = view["grid"]
    table = Table(show_header=True, header_style="bold", box=None, padding=(0, 1))
    table.add_column("")
    for c in range(len(grid[0]) if grid else 0):
        table.add_column(f"col {c + 1}")
    for r, row in enumerate(grid):
        table.add_row(f"row {r + 1}", *(_cell(view, s, candidates) for s in row))
    roles = view["roles"]
    lines: list[RenderableType] = [
        Text(
            f"Killer: {names[roles['killer']]}   Inspector: {names[roles['inspector']]}   "
            f"mode: {view['mode']}   disguise: {view['disguise']}   "
            f"turn {view['turn']}/{view['turn_limit']}",
            style="bold",
        ),
        table,
        Text.from_markup(LEGEND),
        Text(
            f"kills {view['kills']}/{view['kills_to_win']}   evidence deck {view['deck']}   "
            f"Inspector's hand {view['hand_size']}"
        ),
    ]
    you = view["you"]
    if view["identity"] is not None:
        lines.append(Text(f"You are the {you}: {suspects[view['identity']]}", style="yellow"))
    elif you == "inspector":
        lines.append(Text("Choose your secret identity from your cards.", style="yellow"))
    if view["hand"] is not None:
        lines.append(
            Text("Your evidence: " + (", ".join(suspects[s] for s in view["hand"]) or "none"))
        )
    if view["candidates"] is not None:
        other = "Killer" if you == "inspector" else "Inspector"
        shown = ", ".join(suspects[s] for s in view["candidates"])
        lines.append(Text(f"The {other} may be ({len(candidates)}): {shown}", style="red"))
    if view["discards"]:
        lines.append(
            Text("Face up: " + ", ".join(suspects[s] for s in view["discards"]), style="green")
        )
    former = [f["suspect"] for f in view["facts"] if f["kind"] == "disguise"]
    if former:
        lines.append(
            Text(
                "The Killer was once: " + ", ".join(suspects[s] for s in former),
                style="magenta",
            )
        )
    if view["last_shift"]:
        ls = view["last_shift"]
        back = {"left": "right", "right": "left", "up": "down", "down": "up"}[ls["direction"]]
        lines.append(
            Text(f"No one may now shift {ls['line']} {ls['index'] + 1} {back}.", style="dim")
        )
    revealed = view["revealed"]
    if revealed:
        lines.append(
            Text(
                f"The Killer was {suspects[revealed['killer']]}; the Inspector was "
                + (
                    suspects[revealed["inspector"]]
                    if revealed["inspector"] is not None
                    else "nobody yet"
                ),
                style="bold magenta",
            )
        )
    return Group(*lines)


register_renderer("noir", render_view)
