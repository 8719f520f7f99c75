"""The grid of suspects: shifts with wrap-around, adjacency, and the collapse of dead lines.

The grid is always a rectangle of `rows` x `cols` cells stored row by row in `cells`; `where`
maps each suspect to its cell (or -1 once its line has been removed). Adjacency is the eight
cells around a cell on the current, compacted grid; it never wraps.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from typing import Literal

from hiddenhand.games.noir.suspects import COUNT

Axis = Literal["row", "column"]
FORWARD = {"row": "right", "column": "down"}
BACKWARD = {"row": "left", "column": "up"}


@cache
def neighbour_masks(rows: int, cols: int) -> tuple[int, ...]:
    """For each cell of a rows x cols grid, the cells of its (up to) eight neighbours as a bit
    set: with a set of suspects turned into cells once (`cell_mask`), how many of them stand
    next to a cell is one `&` away."""
    return tuple(sum(1 << j for j in near) for near in neighbour_cells(rows, cols))


@cache
def neighbour_cells(rows: int, cols: int) -> tuple[tuple[int, ...], ...]:
    """For each cell of a rows x cols grid, the cells of its (up to) eight neighbours."""
    table = []
    for r in range(rows):
        for c in range(cols):
            table.append(
                tuple(
                    rr * cols + cc
                    for rr in (r - 1, r, r + 1)
                    for cc in (c - 1, c, c + 1)
                    if (rr, cc) != (r, c) and 0 <= rr < rows and 0 <= cc < cols
                )
            )
    return tuple(table)


class Board:
    """Where every suspect is. Knows nothing of who is alive: the rules pass that in."""

    __slots__ = ("cells", "cols", "removed", "rows", "where")

    rows: int
    cols: int
    cells: list[int]
    where: list[int]
    removed: tuple[int, ...]

    def __init__(
        self, rows: int, cols: int, cells: Sequence[int], copy_of: Board | None = None
    ) -> None:
        """`copy_of`: the board this one copies, whose index of cells is copied rather than
        worked out again (a compiled class is made through its `__init__`, so `copy` is too)."""
        if copy_of is not None:
            self.rows, self.cols = rows, cols
            self.cells = list(cells)
            self.where = list(copy_of.where)
            self.removed = copy_of.removed
            return
        if len(cells) != rows * cols:
            raise ValueError(f"a {rows}x{cols} grid holds {rows * cols} suspects, not {len(cells)}")
        self.rows, self.cols = rows, cols
        self.cells = list(cells)
        self.where = [-1] * COUNT
        for i, s in enumerate(self.cells):
            self.where[s] = i
        self.removed = tuple(s for s in range(COUNT) if self.where[s] < 0)

    def __reduce__(self) -> tuple[type[Board], tuple[int, int, list[int]]]:
        """Pickled as its grid (compiled, the class has no pickling of its own)."""
        return (Board, (self.rows, self.cols, self.cells))

    def copy(self) -> Board:
        return Board(self.rows, self.cols, self.cells, self)

    def grid(self) -> list[list[int]]:
        """The suspects row by row."""
        c = self.cols
        return [self.cells[r * c : (r + 1) * c] for r in range(self.rows)]

    def on_board(self, suspect: int) -> bool:
        return self.where[suspect] >= 0

    def position(self, suspect: int) -> tuple[int, int]:
        i = self.where[suspect]
        return divmod(i, self.cols)

    def neighbours(self, suspect: int) -> list[int]:
        """The suspects in the (up to) eight cells around this one; none once it is removed."""
        i = self.where[suspect]
        if i < 0:
            return []
        cells = self.cells
        return [cells[j] for j in neighbour_cells(self.rows, self.cols)[i]]

    def near_mask(self, suspect: int) -> int:
        """The neighbours of a suspect as a bit set."""
        i = self.where[suspect]
        if i < 0:
            return 0
        cells = self.cells
        mask = 0
        for j in neighbour_cells(self.rows, self.cols)[i]:
            mask |= 1 << cells[j]
        return mask

    def near_mask_after_shift(self, suspect: int, axis: Axis, index: int, direction: str) -> int:
        """The neighbours of a suspect as a bit set once a line has shifted, the board left as
        it is: a bot weighs every shift this way without copying the board for each."""
        i = self.where[suspect]
        if i < 0:
            return 0
        dest, src = shift_map(self.rows, self.cols, axis, index, direction)
        cells = self.cells
        mask = 0
        for j in neighbour_cells(self.rows, self.cols)[dest[i]]:
            mask |= 1 << cells[src[j]]
        return mask

    def cell_after_shift(self, suspect: int, axis: Axis, index: int, direction: str) -> int:
        """The cell a suspect stands on once a line has shifted (-1 once it is removed)."""
        i = self.where[suspect]
        if i < 0:
            return i
        return shift_map(self.rows, self.cols, axis, index, direction)[0][i]

    def distance(self, a: int, b: int) -> int:
        """Moves of a king between two cells of the current grid."""
        ra, ca = divmod(a, self.cols)
        rb, cb = divmod(b, self.cols)
        return max(abs(ra - rb), abs(ca - cb))

    def adjacent(self, a: int, b: int) -> bool:
        ia, ib = self.where[a], self.where[b]
        if ia < 0 or ib < 0 or ia == ib:
            return False
        ra, ca = divmod(ia, self.cols)
        rb, cb = divmod(ib, self.cols)
        return abs(ra - rb) <= 1 and abs(ca - cb) <= 1

    def shift(self, axis: Axis, index: int, direction: str) -> None:
        """Move one row or column a step; the suspect pushed off wraps to the other end."""
        cells, where = self.cells, self.where
        moves = shift_moves(self.rows, self.cols, axis, index, direction)
        line = [cells[i] for i, _ in moves]
        for (_, j), s in zip(moves, line, strict=True):
            cells[j] = s
            where[s] = j

    def dead_lines(
        self, alive: int, rows: Sequence[int] = (), columns: Sequence[int] = ()
    ) -> tuple[list[int], list[int]]:
        """Which of the given rows and columns hold no living suspect."""
        cells, cols = self.cells, self.cols
        dead_rows = [
            r for r in rows if not any(alive >> cells[r * cols + c] & 1 for c in range(cols))
        ]
        dead_cols = [
            c
            for c in columns
            if not any(alive >> cells[r * cols + c] & 1 for r in range(self.rows))
        ]
        return dead_rows, dead_cols

    def remove(self, rows: Sequence[int], columns: Sequence[int]) -> None:
        """Take whole rows and columns off the board; the rest closes up."""
        keep_r = [r for r in range(self.rows) if r not in rows]
        keep_c = [c for c in range(self.cols) if c not in columns]
        cells = [self.cells[r * self.cols + c] for r in keep_r for c in keep_c]
        for s in self.cells:
            self.where[s] = -1
        self.rows, self.cols = len(keep_r), len(keep_c)
        self.cells = cells
        for i, s in enumerate(cells):
            self.where[s] = i
        self.removed = tuple(s for s in range(COUNT) if self.where[s] < 0)


@cache
def shift_map(
    rows: int, cols: int, axis: Axis | str, index: int, direction: str
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """A shift of a rows x cols grid, the one definition of its wrap-around: the cell each
    cell's suspect stands on afterwards, and the cell each cell's suspect comes from."""
    step = 1 if direction == FORWARD[axis] else -1
    dest = []
    for i in range(rows * cols):
        r, c = divmod(i, cols)
        if axis == "row" and r == index:
            dest.append(r * cols + (c + step) % cols)
        elif axis == "column" and c == index:
            dest.append((r + step) % rows * cols + c)
        else:
            dest.append(i)
    src = [0] * (rows * cols)
    for i, j in enumerate(dest):
        src[j] = i
    return tuple(dest), tuple(src)


@cache
def shift_moves(
    rows: int, cols: int, axis: Axis | str, index: int, direction: str
) -> tuple[tuple[int, int], ...]:
    """The (from, to) cells of the suspects a shift moves: its line."""
    dest = shift_map(rows, cols, axis, index, direction)[0]
    return tuple((i, j) for i, j in enumerate(dest) if i != j)


ShiftKey = tuple[str, int, str]
"""A shift as its action's arguments: (axis, index, direction)."""


@cache
def shift_tables(rows: int, cols: int) -> dict[ShiftKey, tuple[tuple[int, ...], tuple[int, ...]]]:
    """For every shift of a rows x cols grid and every cell i, the cells (as they are before the
    shift, a bit set) of the suspects that will stand next to the suspect on cell i once the
    line has shifted, with cell i itself; then those within two king moves of it, likewise.

    A bot weighs every shift with two table reads and a `bit_count` this way: the suspects of
    a set stand on the cells `cell_mask` gives.
    """
    near = neighbour_cells(rows, cols)
    tables: dict[ShiftKey, tuple[tuple[int, ...], tuple[int, ...]]] = {}
    for axis in ("row", "column"):
        lines = rows if axis == "row" else cols
        for index in range(lines):
            for direction in (BACKWARD[axis], FORWARD[axis]):
                dest, src = shift_map(rows, cols, axis, index, direction)
                reach = []
                within = []
                for i in range(rows * cols):
                    mask = 1 << i
                    for j in near[dest[i]]:
                        mask |= 1 << src[j]
                    reach.append(mask)
                    ri, ci = divmod(dest[i], cols)
                    two = 0
                    for j in range(rows * cols):
                        rj, cj = divmod(j, cols)
                        if max(abs(ri - rj), abs(ci - cj)) <= 2:
                            two |= 1 << src[j]
                    within.append(two)
                tables[(axis, index, direction)] = (tuple(reach), tuple(within))
    return tables


def cell_mask(board: Board, suspects: int) -> int:
    """The cells the suspects of a set stand on, as a bit set (those off the board: none)."""
    where = board.where
    mask = 0
    while suspects:
        low = suspects & -suspects
        i = where[low.bit_length() - 1]
        if i >= 0:
            mask |= 1 << i
        suspects ^= low
    return mask
