"""Game lengths in actions (one seat's decision each), heuristic bots in every seat.

    python benchmarks/game_lengths.py [--games 1000]
    python benchmarks/game_lengths.py --import hiddenhand_loveletter --game loveletter --bot random

The truncation defaults of `hiddenhand.rl.limits` are set from these figures: a table's limit
is several times the 99.9th percentile, so truncation never cuts a game a sensible policy plays.
Another game's figure is what it declares as `Game.long_game_actions`.
"""

from __future__ import annotations

import argparse

import numpy as np
from rich.console import Console
from rich.progress import track
from rich.table import Table

from hiddenhand.bots.base import make_bot
from hiddenhand.bots.match import play
from hiddenhand.engine import get_game
from hiddenhand.engine.game import import_games

SEATS = {"noir": range(2, 3), "goodcop": range(4, 9), "infected": range(1, 5)}


def lengths(
    game_id: str, players: int, games: int, bot: str, options: list[str] | None = None
) -> np.ndarray:
    """The number of actions of `games` seeded games, `bot` in every seat."""
    game = get_game(game_id)
    out = np.zeros(games, dtype=np.int64)
    for seed in track(range(games), description=f"{game_id} {players}p", transient=True):
        bots = [make_bot(game, bot, seat, seed) for seat in range(players)]
        out[seed] = play(game.start(players, options, seed), bots).steps
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=1000, help="per game and seat count")
    parser.add_argument("--bot", default="heuristic", help="the bot in every seat")
    parser.add_argument("--game", action="append", help="only these games (repeatable)")
    parser.add_argument("--players", type=int, action="append", help="only these seat counts")
    parser.add_argument("--option", action="append", help="a game option key=value (repeatable)")
    parser.add_argument("--import", dest="modules", action="append", default=[], metavar="MODULE")
    args = parser.parse_args()
    import_games(args.modules)
    table = Table(title=f"actions per game, {args.bot} bots, {args.games} games each")
    for column in ("game", "players", "mean", "p50", "p99", "p99.9", "max"):
        table.add_column(column, justify="left" if column == "game" else "right")
    for game_id in args.game or SEATS:
        game = get_game(game_id)
        seats = SEATS.get(game_id, range(game.min_players, game.max_players + 1))
        for players in seats:
            if args.players and players not in args.players:
                continue
            steps = lengths(game_id, players, args.games, args.bot, args.option)
            p50, p99, p999 = np.percentile(steps, [50, 99, 99.9])
            table.add_row(
                game_id,
                str(players),
                f"{steps.mean():.0f}",
                f"{p50:.0f}",
                f"{p99:.0f}",
                f"{p999:.0f}",
                str(steps.max()),
            )
    Console().print(table)


if __name__ == "__main__":
    main()
