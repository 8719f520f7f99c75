"""Exact tables for the NOIR tests: the suspects in alphabetical order, row by row.

Alyss     Barrin    Clive     Deidre    Ernest
Franklin  Geneva    Horatio   Irma      Julian
Kristoph  Linus     Marion    Niel      Ophelia
Phoebe    Quinton   Ryan      Simon     Trevor
Udstad    Vladimir  Wilhelm   Yvonne    Zachary
"""

from __future__ import annotations

from typing import Any

from hiddenhand.engine import Event
from hiddenhand.games.noir import NoirOptions, NoirState
from hiddenhand.games.noir.suspects import NAMES, suspect_id

GRID = [list(NAMES[r * 5 : r * 5 + 5]) for r in range(5)]
DECK = ["Simon", "Trevor", "Udstad", "Wilhelm"]


def table(
    killer: str = "Geneva",
    inspector: str | None = "Ryan",
    hand: tuple[str, ...] = ("Alyss", "Ernest", "Zachary"),
    deck: list[str] | None = None,
    mode: str = "classic",
    **kw: Any,
) -> NoirState:
    """Killer at seat 0, Inspector at seat 1, the Killer to move unless told otherwise."""
    options = kw.pop("options", None) or NoirOptions(mode=mode)  # type: ignore[arg-type]
    grid = kw.pop("grid", GRID)
    return NoirState.arrange(
        grid, killer, inspector, hand, DECK if deck is None else deck, options=options, **kw
    )


def sid(name: str) -> int:
    return suspect_id(name)


def play(state: NoirState, kind: str, *args: Any) -> list[Event]:
    """The seat to move takes the action of this kind on these arguments (names or values)."""
    seat = next(iter(state.pending()))
    values = tuple(suspect_id(a) if isinstance(a, str) and a[0].isupper() else a for a in args)
    return state.act(seat, state.space.get(kind, *values))


def legal(state: NoirState, kind: str | None = None) -> list[str]:
    seat = next(iter(state.pending()))
    return [str(a) for a in state.legal(seat) if kind is None or a.kind == kind]


def names(suspects: list[int]) -> set[str]:
    return {NAMES[s] for s in suspects}
