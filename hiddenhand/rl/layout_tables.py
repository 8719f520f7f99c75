"""The tensor layouts of docs/rl.md, written from the encoders themselves.

    python -m hiddenhand.rl.layout_tables docs/rl.md           # rewrite the tables
    python -m hiddenhand.rl.layout_tables docs/rl.md --check   # fail if they drifted

The tables stand between two marker lines of the document; everything else is left alone.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path

from hiddenhand.engine import get_game
from hiddenhand.rl.encoders import ENCODERS, encoder_for
from hiddenhand.rl.layout import Layout

BEGIN = "<!-- tensor layouts: written by `python -m hiddenhand.rl.layout_tables docs/rl.md` -->"
END = "<!-- end of tensor layouts -->"


def _layout(game_id: str, players: int) -> Layout:
    game = get_game(game_id)
    return encoder_for(game_id, players, game.options(None), 0).layout


def _seats(n: int) -> str:
    return "seat" if n == 1 else "seats"


def game_tables(game_id: str) -> str:
    """One game's section: its segments at the usual seat count, and the size at every count."""
    game = get_game(game_id)
    usual = game.usual_players
    layout = _layout(game_id, usual)
    seats = range(game.min_players, game.max_players + 1)
    lines = [f"### {game.title} ({usual} {_seats(usual)}: {layout.size:,} values)", ""]
    if len(seats) > 1:
        sizes = ", ".join(f"{n} {_seats(n)} {_layout(game_id, n).size:,}" for n in seats)
        lines += [f"Values by seat count: {sizes}.", ""]
    lines += ["| segment | shape | offset | what |", "|---|---|---|---|"]
    for name, shape, offset in layout.describe():
        lines.append(f"| `{name}` | {shape} | {offset} | {layout.what[name]} |")
    return "\n".join(lines)


def spiel_table() -> str:
    """OpenSpiel's sizes per game at its usual seat count, default options."""
    from hiddenhand.rl.openspiel import load

    lines = [
        "### OpenSpiel sizes (usual seat count, default options)",
        "",
        "| game | players | actions | observation tensor | information state tensor "
        "| max_game_length |",
        "|---|---|---|---|---|---|",
    ]
    for game_id in sorted(ENCODERS):
        spiel = load(game_id)
        lines.append(
            f"| {game_id} | {spiel.num_players()} | {spiel.num_distinct_actions()} "
            f"| {spiel.observation_tensor_size():,} | {spiel.information_state_tensor_size():,} "
            f"| {spiel.max_game_length():,} |"
        )
    return "\n".join(lines)


def tables() -> str:
    """Every table, in the document's order (NOIR, Good Cop Bad Cop, The Infected, OpenSpiel)."""
    parts = [game_tables(g) for g in ("noir", "goodcop", "infected")]
    return "\n\n".join([*parts, spiel_table()])


def rewritten(document: str) -> str:
    """The document with the text between the markers replaced by `tables()`."""
    head, found, rest = document.partition(BEGIN)
    _, found_end, tail = rest.partition(END)
    if not found or not found_end:
        raise ValueError("the document has no tensor layout markers")
    return f"{head}{BEGIN}\n\n{tables()}\n\n{END}{tail}"


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("document", type=Path)
    parser.add_argument("--check", action="store_true", help="only report drift (exit 1)")
    args = parser.parse_args(argv)
    text = args.document.read_text()
    new = rewritten(text)
    if args.check:
        if new != text:
            print(f"{args.document}: tensor layouts differ from the code", file=sys.stderr)
            return 1
        return 0
    args.document.write_text(new)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
