"""Drawing a seat's view of The Infected in the terminal with Rich."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text


def render_view(view: Mapping[str, Any], names: Sequence[str]) -> RenderableType:
    """The table as one seat sees it: threat, resources, players, and the seat's own cards."""
    head = Text()
    head.append(f"round {view['round']}  ", style="bold")
    head.append(f"phase: {view['phase']}  leader: {names[view['leader']]}")
    if view["end_game"]:
        head.append("  END GAME", style="bold red")
    head.append(
        f"\nzombie deck {view['zombie_deck']} (discard {view['zombie_discard']})  "
        f"item deck {view['item_deck']}"
    )
    threat = Text("threat: ", style="bold")
    if view["threat"]:
        threat.append("  ".join(f"{c['name']} {c['counts']}" for c in view["threat"]), style="red")
        threat.append(f"   sum {view['threat_sum']}", style="bold red")
        threat.append(f"\n  last card: {view['threat'][-1]['text']}", style="dim")
    else:
        threat.append("none", style="dim")
    need = view["resources_needed"]
    resources = Text("resources: ", style="bold")
    resources.append(
        "  ".join(
            f"{k} {v}/{need}" for k, v in view.get("resources_collected", view["resources"]).items()
        ),
        style="green",
    )
    table = Table(box=None, padding=(0, 1))
    for column in ("player", "character", "wounds", "hand", "pile", "equipped", "blood"):
        table.add_column(column)
    for seat, p in enumerate(view["players"]):
        gear = ", ".join(
            (e["item"] or "face down") + (" (new)" if e["fresh"] else "") for e in p["equipped"]
        )
        blood = "/".join(p["blood_sample"]) if p["blood_sample"] else "?"
        name = names[seat] + (" *" if seat == view["leader"] else "")
        if p["exposed"]:
            name += f" [red](infected, {p['zombie_cards']} zombie cards)[/]"
        hp = f"/{p['hitpoints']}" if p["hitpoints"] else ""
        table.add_row(
            name, p["character"] or "-", f"{p['wounds']}{hp}", str(p["hand"]), str(p["pile"]),
            gear or "-", blood,
        )  # fmt: skip
    parts: list[RenderableType] = [head, threat, resources, table]
    if view["tests"]:
        tests = "; ".join(
            f"{names[t['tester']]} tested {names[t['target']]}: {t['shown']}"
            for t in view["tests"][-4:]
        )
        parts.append(Text(f"blood tests: {tests}", style="magenta"))
    me = view.get("me")
    if me:
        mine = Text("your hand: ", style="bold")
        mine.append(", ".join(me["hand"]) or "empty")
        mine.append("\nyour challenge pile: ", style="bold")
        mine.append(", ".join(me["pile"]) or "empty")
        if me["zombie_hand"]:
            mine.append("\nyour zombie cards: " + ", ".join(me["zombie_hand"]), style="red")
        if me["zombie_deck_top"]:
            top = ", ".join(f"{c['name']} {c['value']}" for c in me["zombie_deck_top"])
            mine.append(f"\ntop of the zombie deck: {top}", style="yellow")
        parts.append(mine)
    return Group(*parts)
