"""Every action of NOIR, built once. Suspects move, so actions name suspects, not cells:
"kill Geneva" keeps its id wherever Geneva stands. Shifts name a line and a direction."""

from __future__ import annotations

from functools import cache
from typing import Any, Final

from hiddenhand.engine import Action, ActionArg, ActionSpace
from hiddenhand.games.noir.board import BACKWARD, FORWARD, ShiftKey
from hiddenhand.games.noir.suspects import COUNT, NAMES, SIDE

# action kinds (Final: compiled rules compare with the text itself, not a module attribute)
IDENTITY: Final = "identity"
SHIFT: Final = "shift"
KILL: Final = "kill"
DISGUISE: Final = "disguise"
ARREST: Final = "arrest"
EXONERATE: Final = "exonerate"
DISCARD: Final = "discard"
CITIZEN: Final = "citizen"
CITIZEN_ARREST: Final = "citizen-arrest"


def _items() -> list[tuple[str, tuple[ActionArg, ...], str]]:
    items: list[tuple[str, tuple[ActionArg, ...], str]] = []
    for axis in ("row", "column"):
        for index in range(SIDE):
            for direction in (BACKWARD[axis], FORWARD[axis]):
                items.append(
                    (SHIFT, (axis, index, direction), f"shift {axis} {index + 1} {direction}")
                )
    items.append((DISGUISE, (), "disguise: draw an evidence card"))
    items.append((EXONERATE, (), "exonerate: draw an evidence card, then clear one"))
    for s, name in enumerate(NAMES):
        items += [
            (IDENTITY, (s,), f"take {name} as your secret identity"),
            (KILL, (s,), f"kill {name}"),
            (ARREST, (s,), f"arrest {name}"),
            (DISCARD, (s,), f"exonerate {name}"),
            (CITIZEN, (s,), f"exonerate {name} and make a citizen's arrest next to them"),
            (CITIZEN_ARREST, (s,), f"citizen's arrest of {name}"),
        ]
    return items


SPACE = ActionSpace(_items())


def noir_space(players: int, options: Any) -> ActionSpace:
    """The action space; it is the same for every table."""
    return SPACE


def _by_suspect(kind: str) -> tuple[Action, ...]:
    return tuple(SPACE.get(kind, s) for s in range(COUNT))


IDENTITY_OF = _by_suspect(IDENTITY)
KILL_OF = _by_suspect(KILL)
ARREST_OF = _by_suspect(ARREST)
DISCARD_OF = _by_suspect(DISCARD)
CITIZEN_OF = _by_suspect(CITIZEN)
CITIZEN_ARREST_OF = _by_suspect(CITIZEN_ARREST)
DISGUISE_ACTION = SPACE.get(DISGUISE)
EXONERATE_ACTION = SPACE.get(EXONERATE)


@cache
def shifts(
    rows: int, cols: int, banned: tuple[str, int] | None, direction: str | None
) -> tuple[Action, ...]:
    """The legal shifts on a rows x cols grid.

    A line of one suspect cannot move. `banned` is the line shifted by the previous action and
    `direction` where it went: shifting it back is an undo; on a line of two either direction
    restores it, so both are barred.
    """
    out: list[Action] = []
    for axis, lines, length in (("row", rows, cols), ("column", cols, rows)):
        if length < 2:
            continue
        for index in range(lines):
            for d in (BACKWARD[axis], FORWARD[axis]):
                if banned == (axis, index) and (length == 2 or d != direction):
                    continue
                out.append(SPACE.get(SHIFT, axis, index, d))
    return tuple(out)


_AFTER: dict[int, dict[ShiftKey | None, tuple[Action, ...]]] = {}


def shifts_after(rows: int, cols: int, last: ShiftKey | None) -> tuple[Action, ...]:
    """`shifts` on a rows x cols grid after the move `last` (None: after any move but a shift).

    Asked at nearly every move of a playout or a search, so each grid's answers are kept in
    plain dicts, keyed by the grid's size and then by the last shift: cheaper to look up than
    `shifts`' own cache, whose key is built and hashed anew on every call.
    """
    grid = _AFTER.get(rows * 64 + cols)
    if grid is None:
        grid = _AFTER[rows * 64 + cols] = {None: shifts(rows, cols, None, None)}
    choices = grid.get(last)
    if choices is None:
        assert last is not None
        choices = grid[last] = shifts(rows, cols, (last[0], last[1]), last[2])
    return choices
