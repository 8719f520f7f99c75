"""Small helpers that make Good Cop Bad Cop scenarios read like the rules."""

from __future__ import annotations

from typing import Any

from hiddenhand.engine import Event
from hiddenhand.games.goodcop.phases import WINDOWS
from hiddenhand.games.goodcop.rules import GoodCop
from hiddenhand.games.goodcop.scenario import arrange

__all__ = ["armed", "arrange", "card", "choices", "close_window", "do", "kinds", "texts"]


def do(state: GoodCop, seat: int, kind: str, *args: Any) -> list[Event]:
    """Seat plays the action of this kind and arguments (it must be legal)."""
    return state.act(seat, state.space.get(kind, *args))


def choices(state: GoodCop, seat: int) -> set[tuple[Any, ...]]:
    """The seat's legal actions as (kind, *args) tuples."""
    return {(a.kind, *a.args) for a in state.legal(seat)}


def kinds(state: GoodCop, seat: int) -> set[str]:
    return {a.kind for a in state.legal(seat)}


def close_window(state: GoodCop) -> None:
    """Everyone asked in the current window passes (one window, not the ones after it)."""
    phase, turn = state.phase, state.turn
    while (
        state.phase == phase
        and state.turn == turn
        and phase in WINDOWS
        and state.task is None
        and state.over_limit < 0
        and state.pending()
    ):
        seat = min(state.pending())
        do(state, seat, "pass")


def card(state: GoodCop, viewer: int | None, seat: int, slot: int) -> str | None:
    """What the viewer's view shows of a card."""
    return state.view(viewer)["players"][seat]["cards"][slot]["card"]


def texts(events: list[Event], names: tuple[str, ...]) -> list[str]:
    return [e.describe(names) for e in events]


def armed(state: GoodCop, seat: int, target: int) -> None:
    """Give a seat a gun from the centre aimed at target, as Arm and Take Aim would."""
    state.guns -= 1
    state.aim[seat] = target
    state.rearranged()
