"""The options of a game of Love Letter."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from hiddenhand.engine import Options, option
from hiddenhand_loveletter.cards import TOKENS_TO_WIN


@dataclass(frozen=True)
class LoveLetterOptions(Options):
    tokens: int = option(
        0,
        "tokens of affection that win the game (0: the rulebook's 7, 5 or 4 for 2, 3 or 4 players)",
        low=0,
        high=13,
    )


ACTIONS_PER_TOKEN: Final = {2: 12, 3: 25, 4: 33}
"""A long game's actions per token of affection needed, by seat count: the 99.9th percentile
of 2,000 games of random play each (81, 121 and 129 actions to 7, 5 and 4 tokens; hiddenhand's
`benchmarks/game_lengths.py --import hiddenhand_loveletter --game loveletter --bot random`)."""


def long_game(players: int, options: LoveLetterOptions) -> int:
    """How many actions a long game takes (`Game.long_game_actions`: learning environments
    cut a game at ten times it)."""
    return ACTIONS_PER_TOKEN[players] * (options.tokens or TOKENS_TO_WIN[players])
