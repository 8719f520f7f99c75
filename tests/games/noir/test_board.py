"""The grid: shifts wrap around, adjacency is the eight cells around, dead lines collapse."""

import random

from hiddenhand.games.noir.board import BACKWARD, FORWARD, Board, neighbour_cells
from hiddenhand.games.noir.suspects import NAMES, mask_of
from tests.games.noir.tables import names, sid


def board() -> Board:
    return Board(5, 5, list(range(25)))


def row(b: Board, r: int) -> list[str]:
    return [NAMES[s] for s in b.grid()[r]]


def test_shift_row_right_wraps_the_last_suspect_to_the_front():
    b = board()
    b.shift("row", 0, "right")
    assert row(b, 0) == ["Ernest", "Alyss", "Barrin", "Clive", "Deidre"]
    assert b.position(sid("Ernest")) == (0, 0) and b.position(sid("Alyss")) == (0, 1)


def test_shift_row_left_wraps_the_first_suspect_to_the_back():
    b = board()
    b.shift("row", 1, "left")
    assert row(b, 1) == ["Geneva", "Horatio", "Irma", "Julian", "Franklin"]


def test_shift_column_down_and_up_wrap():
    b = board()
    b.shift("column", 0, "down")
    assert [NAMES[r[0]] for r in b.grid()] == ["Udstad", "Alyss", "Franklin", "Kristoph", "Phoebe"]
    b.shift("column", 0, "up")
    b.shift("column", 0, "up")
    assert [NAMES[r[0]] for r in b.grid()] == ["Franklin", "Kristoph", "Phoebe", "Udstad", "Alyss"]


def test_neighbours_are_the_eight_cells_around_and_never_wrap():
    b = board()
    assert names(b.neighbours(sid("Geneva"))) == {
        "Alyss", "Barrin", "Clive", "Franklin", "Horatio", "Kristoph", "Linus", "Marion"
    }  # fmt: skip
    assert names(b.neighbours(sid("Alyss"))) == {"Barrin", "Franklin", "Geneva"}
    assert names(b.neighbours(sid("Zachary"))) == {"Simon", "Trevor", "Yvonne"}
    assert b.near_mask(sid("Alyss")) == mask_of([sid("Barrin"), sid("Franklin"), sid("Geneva")])
    assert len(neighbour_cells(5, 5)[12]) == 8


def test_dead_lines_finds_only_wholly_deceased_lines():
    b = board()
    alive = (1 << 25) - 1
    for s in ("Alyss", "Barrin", "Clive", "Deidre", "Ernest", "Franklin", "Kristoph", "Phoebe"):
        alive &= ~(1 << sid(s))
    assert b.dead_lines(alive, range(5), range(5)) == ([0], [])
    alive &= ~(1 << sid("Udstad"))
    assert b.dead_lines(alive, range(5), range(5)) == ([0], [0])


def test_remove_closes_the_grid_and_adjacency_follows_the_smaller_grid():
    b = board()
    b.remove([0], [2])
    assert (b.rows, b.cols) == (4, 4)
    assert row(b, 0) == ["Franklin", "Geneva", "Irma", "Julian"]
    assert not b.on_board(sid("Clive")) and not b.on_board(sid("Horatio"))
    # Geneva and Irma were two columns apart; with column 3 gone they are neighbours.
    assert b.adjacent(sid("Geneva"), sid("Irma"))
    assert names(b.neighbours(sid("Franklin"))) == {"Geneva", "Kristoph", "Linus"}
    assert b.neighbours(sid("Clive")) == [] and b.near_mask(sid("Clive")) == 0


def test_the_neighbours_after_a_shift_are_those_of_the_shifted_board():
    rng = random.Random(5)
    for rows, cols in ((5, 5), (4, 5), (5, 3), (2, 2), (1, 4)):
        cells = rng.sample(range(25), rows * cols)
        b = Board(rows, cols, cells)
        for axis, lines in (("row", rows), ("column", cols)):
            for index in range(lines):
                for direction in (FORWARD[axis], BACKWARD[axis]):
                    shifted = b.copy()
                    shifted.shift(axis, index, direction)
                    for s in range(25):
                        after = b.near_mask_after_shift(s, axis, index, direction)
                        assert after == shifted.near_mask(s), (rows, cols, axis, index, s)


def test_the_cell_after_a_shift_is_where_the_shifted_board_puts_the_suspect():
    rng = random.Random(6)
    for rows, cols in ((5, 5), (3, 4), (1, 2)):
        b = Board(rows, cols, rng.sample(range(25), rows * cols))
        for axis, lines in (("row", rows), ("column", cols)):
            for index in range(lines):
                for direction in (FORWARD[axis], BACKWARD[axis]):
                    shifted = b.copy()
                    shifted.shift(axis, index, direction)
                    for s in range(25):
                        cell = b.cell_after_shift(s, axis, index, direction)
                        assert cell == shifted.where[s], (rows, cols, axis, index, s)


def test_distance_counts_king_moves():
    b = board()
    assert b.distance(0, 24) == 4 and b.distance(6, 12) == 1 and b.distance(7, 7) == 0
