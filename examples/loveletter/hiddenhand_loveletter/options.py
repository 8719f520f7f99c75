"""The options of a game of Love Letter."""

from __future__ import annotations

from dataclasses import dataclass

from hiddenhand.engine import Options, option


@dataclass(frozen=True)
class LoveLetterOptions(Options):
    tokens: int = option(
        0,
        "tokens of affection that win the game (0: the rulebook's 7, 5 or 4 for 2, 3 or 4 players)",
        low=0,
        high=13,
    )
