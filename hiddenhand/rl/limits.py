"""How many actions a learning environment lets one game run before truncating it.

The rules of Good Cop Bad Cop allow a game that never ends (players who never shoot; see
docs/rules/good-cop-bad-cop.md), and a policy still learning finds such loops, so every
environment truncates a game after `max_steps(game, players)` actions: one seat's decision
each (a parallel step of several seats counts each of them; `wait` counts nothing).

A limit is ten times the 99.9th percentile of game lengths with the `heuristic` bot in every
seat and default options, rounded up to a hundred, so a game a sensible policy plays is never
cut. Measured with `python benchmarks/game_lengths.py --games 2000` (2,000 seeded games per
seat count; actions per game):

    game      players  mean  p50   p99  p99.9   max  limit
    noir            2    25   20    66     75   204    800
    goodcop         4   141  129   284    304   327   3100
    goodcop         5   263  234   635    675   683   6800
    goodcop         6   414  366  1076   1146  1178  11500
    goodcop         7   615  552  1655   1842  1859  18500
    goodcop         8   861  750  2337   2717  2801  27200
    infected        1   109  112   142    148   155   1500
    infected        2   121  100   295    332   335   3400
    infected        3   175  141   453    484   504   4900
    infected        4   352  346   585    623   638   6300

A game declares its own long games (`Game.long_game_actions(players, options)`); the figures
above stand for the three built-in games; a game with neither is cut at `DEFAULT_LIMIT`.
"""

from __future__ import annotations

from typing import Any

from hiddenhand.engine import get_game

FACTOR = 10
"""The limit as a multiple of the 99.9th percentile of heuristic games."""
DEFAULT_LIMIT = 10_000
"""The limit of a game that declares no long-game length and was not measured here."""

P999: dict[str, dict[int, int]] = {
    "noir": {2: 75},
    "goodcop": {4: 304, 5: 675, 6: 1146, 7: 1842, 8: 2717},
    "infected": {1: 148, 2: 332, 3: 484, 4: 623},
}
"""The 99.9th percentile of heuristic game lengths in actions, per game and seat count."""


def max_steps(game: str, players: int, options: Any = None) -> int:
    """The default truncation limit, in actions, of a game of `game` with `players` seats:
    `FACTOR` times its long games, rounded up to a hundred.

    Raises the engine's OptionError for an unknown game or a seat count it does not seat."""
    known = get_game(game)
    parsed = known.options(options)
    known.validate(players, parsed)
    if known.long_game_actions is not None:
        long_game = known.long_game_actions(players, parsed)
    elif known.id in P999:
        long_game = P999[known.id][players]
    else:
        return DEFAULT_LIMIT
    return -(-FACTOR * long_game // 100) * 100
