"""How a bot level handles each item kind of The Infected: equipped, played, used for its
effect, placed as a resource, per game and per side.

    python benchmarks/infected_card_use.py [--players 4] [--variant standard] [--bots medium]
        [--games 200] [--seed 0]

The balance report's "card kinds held or used" says how the seats that touched a kind fared;
this says what the bots did with it: an item with an effect that is never used for it, or a
plain one never played, is dead weight in the card set. Counts are of decisions (a use of an
effect is the `use` or `react` action naming the kind), averaged over the games.
"""

from __future__ import annotations

import argparse
from collections import Counter

from rich.console import Console
from rich.table import Table

from hiddenhand.bots.base import make_bot
from hiddenhand.bots.match import SeatLogs, decide
from hiddenhand.engine import get_game
from hiddenhand.games.infected.cards import card_set
from hiddenhand.games.infected.space import EQUIP, PLACE, PLAY, REACT, USE

COLUMNS = {PLAY: "played", EQUIP: "equipped", USE: "used", REACT: "used", PLACE: "placed"}
"""The decisions counted, by action kind, and the column each goes to."""


def tally(players: int, variant: str, bots: str, games: int, seed: int) -> dict[str, Counter[str]]:
    """Per side ("human", "infected"), a count of (item kind, column) over the games."""
    game = get_game("infected")
    options = game.options({"variant": variant})
    counts: dict[str, Counter[str]] = {"human": Counter(), "infected": Counter()}
    names = [k.name for k in card_set().item_kinds]
    for g in range(games):
        state = game.start(players, options, seed + g)
        seats = [make_bot(game, bots, s, seed + g) for s in range(players)]
        logs = SeatLogs(players)
        while state.pending():
            seat = min(state.pending())
            action = decide(state, seat, seats[seat], logs.of(seat))
            column = COLUMNS.get(action.kind)
            if column is not None and action.args:
                side = "infected" if state.is_infected(seat) else "human"  # type: ignore[attr-defined]
                counts[side][f"{names[int(action.args[0])]}\t{column}"] += 1
            logs.add(state.act(seat, action))
    return counts


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--variant", default="standard")
    parser.add_argument("--bots", default="medium")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    counts = tally(args.players, args.variant, args.bots, args.games, args.seed)
    table = Table(
        title=f"The Infected {args.players}p {args.variant}, {args.bots}, "
        f"{args.games} games: decisions per game"
    )
    for column in ("item", "effect", "side", "equipped", "played", "used", "placed"):
        table.add_column(
            column, justify="left" if column in ("item", "effect", "side") else "right"
        )
    for kind in card_set().item_kinds:
        for side, counter in counts.items():
            cells = [counter[f"{kind.name}\t{c}"] / args.games for c in ("equipped", "played")]
            cells += [counter[f"{kind.name}\t{c}"] / args.games for c in ("used", "placed")]
            table.add_row(kind.name, kind.effect or "", side, *(f"{x:.2f}" for x in cells))
    Console().print(table)


if __name__ == "__main__":
    main()
