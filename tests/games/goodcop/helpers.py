"""Small helpers that make Good Cop Bad Cop scenarios read like the rules."""

from __future__ import annotations

from typing import Any

from hiddenhand.engine import Event
from hiddenhand.games.goodcop.phases import WINDOWS
from hiddenhand.games.goodcop.rules import GoodCop
from hiddenhand.games.goodcop.scenario import arrange

__all__ = ["armed", "arrange", "card", "choices", "close_window", "do", "kinds", "texts"]


def do(g: GoodCop, seat: int, kind: str, *args: Any) -> list[Event]:
    """Seat plays the action of this kind and arguments (it must be legal)."""
    return g.act(seat, g.space.get(kind, *args))


def choices(g: GoodCop, seat: int) -> set[tuple[Any, ...]]:
    """The seat's legal actions as (kind, *args) tuples."""
    return {(a.kind, *a.args) for a in g.legal(seat)}


def kinds(g: GoodCop, seat: int) -> set[str]:
    return {a.kind for a in g.legal(seat)}


def close_window(g: GoodCop) -> None:
    """Everyone asked in the current window passes (one window, not the ones after it)."""
    phase, turn = g.phase, g.turn
    while (
        g.phase == phase
        and g.turn == turn
        and phase in WINDOWS
        and g.task is None
        and g.over_limit < 0
        and g.pending()
    ):
        seat = min(g.pending())
        do(g, seat, "pass")


def card(g: GoodCop, viewer: int | None, seat: int, slot: int) -> str | None:
    """What the viewer's view shows of a card."""
    return g.view(viewer)["players"][seat]["cards"][slot]["card"]


def texts(events: list[Event], names: tuple[str, ...]) -> list[str]:
    return [e.describe(names) for e in events]


def armed(g: GoodCop, seat: int, target: int) -> None:
    """Give a seat a gun from the centre aimed at target, as Arm and Take Aim would."""
    g.guns -= 1
    g.aim[seat] = target
    g.rearranged()
