"""The terminal picture of a Good Cop Bad Cop view, drawn with Rich.

One row per player: whose turn it is, their three integrity cards (face-up cards in full colour,
face-down cards you know in dim italics, unknown cards as `?`), their gun and where it points, their
equipment, and what lies in front of them. Below: your team and hand, and the table's state.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rich import box
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

_CARD_STYLE = {
    "honest": "bold blue",
    "crooked": "bold red",
    "agent": "bold white on blue",
    "kingpin": "bold white on red",
    "infector": "bold black on green",
}
_SHORT = {
    "Planted Evidence": "Planted Ev.",
    "Surveillance Camera": "Camera",
    "Disguise": "Disguise",
}
_TEAM_STYLE = {
    "honest": "bold blue",
    "crooked": "bold red",
    "lone": "bold magenta",
    "zombie": "bold green",
}


def _card(card: Mapping[str, Any]) -> Text:
    face = card["card"]
    wound = " +wound" if card["wounded"] else ""
    if card.get("infected"):
        wound += " ☣"
    if face is None:
        return Text(f"  ?  {wound}", style="dim")
    label = face.capitalize() if face in ("honest", "crooked") else face.upper()
    if card["revealed"]:
        return Text(f"{label}{wound}", style=_CARD_STYLE[face])
    return Text(f"({label}){wound}", style=f"italic dim {_CARD_STYLE[face].split()[-1]}")


def render_view(view: Mapping[str, Any], names: Sequence[str]) -> RenderableType:
    """Draw a seat's view: the players table, then the viewer's own situation."""
    seat = view["seat"]
    to_move = set(view["to_move"])
    table = Table(box=box.SIMPLE_HEAD, expand=False, pad_edge=False, padding=(0, 1))
    table.add_column("", width=1, no_wrap=True)
    table.add_column("player", no_wrap=True)
    table.add_column("team", no_wrap=True)
    for slot in ("left", "middle", "right"):
        table.add_column(slot, justify="center", no_wrap=True)
    table.add_column("gun", no_wrap=True)
    table.add_column("eq", justify="center", no_wrap=True)
    table.add_column("front", no_wrap=True)
    for p, info in enumerate(view["players"]):
        marker = Text("▶", style="bold yellow") if p == view["turn"] else Text("")
        name = Text(names[p], style="bold cyan" if p == seat else "")
        if not info["alive"]:
            name.stylize("strike dim")
            name.append(" out", style="dim")
        elif info.get("zombie"):
            name.append(" ZOMBIE", style="bold green")
        if info["alive"] and p in to_move:
            name.append(" …", style="yellow")
        team = info["team"]
        team_text = Text(team, style=_TEAM_STYLE[team]) if team else Text("?", style="dim")
        weapon = "Arms " if info.get("arms") else ""
        if info["aim"] is not None:
            gun = Text(f"{weapon}→ {names[info['aim']].split(' (')[0]}", style="bold")
        elif info["armed"] or info.get("arms"):
            gun = Text(f"{weapon or 'armed'}".strip(), style="bold")
        else:
            gun = Text("-", style="dim")
        cards = [_card(c) for c in info["cards"]]
        front = ", ".join(_SHORT.get(title, title) for title in info["front"])
        table.add_row(marker, name, team_text, *cards, gun, str(info["hand"]), front)
    lines: list[RenderableType] = [table]
    status = Text()
    if view["team"] is not None:
        status.append("You are ")
        status.append(view["team"].upper(), style=_TEAM_STYLE[view["team"]])
        status.append(".  Your equipment: ")
        status.append(", ".join(view["hand"]) or "none", style="bold green")
        lines.append(status)
    table_state = (
        f"Phase: {view['phase']}.  Guns in the centre: {view['guns_in_centre']}.  "
        f"Equipment deck: {view['deck']}, discard pile: {len(view['discard'])}.  "
        f"Turn order: {view['direction']}."
    )
    if "zombies" in view:
        table_state += (
            f"  Zombies ({view['zombies']}): Arms in the centre: {view['arms_in_centre']}."
        )
    lines.append(Text(table_state, style="dim"))
    dice = view.get("dice")
    if dice is not None:
        faces = ", ".join(dice["faces"])
        lines.append(
            Text(f"Last roll ({dice['die']} die) by {names[dice['by']]}: {faces}", style="green")
        )
    if view.get("alarm") is not None:
        lines.append(Text(f"The Alarm Clock rings for {names[view['alarm']]}.", style="green"))
    if view["shot"] is not None:
        shot = view["shot"]
        lines.append(
            Text(
                f"{names[shot['shooter']]} is about to shoot {names[shot['target']]}!",
                style="bold red",
            )
        )
    if view["resolving"] is not None:
        r = view["resolving"]
        lines.append(Text(f"{names[r['by']]} is resolving {r['card']}.", style="magenta"))
    if view["coffee"] is not None:
        lines.append(Text(f"{names[view['coffee']]} takes the next turn (Coffee).", style="dim"))
    if view["outcome"] is not None:
        outcome = view["outcome"]
        winners = ", ".join(names[w] for w in outcome["winners"])
        lines.append(Text(f"{outcome['side']} wins: {winners}", style="bold green"))
    lines.append(
        Text(
            "Cards: Honest / Crooked / AGENT / KINGPIN / INFECTOR face up; (in brackets) face "
            "down but known to you; ? unknown; ☣ infection token.",
            style="dim",
        )
    )
    return Group(*lines)
