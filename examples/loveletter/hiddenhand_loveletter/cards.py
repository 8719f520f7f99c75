"""The sixteen cards of Love Letter: a value, a name and how many of it the deck holds."""

from __future__ import annotations

from typing import Final

GUARD, PRIEST, BARON, HANDMAID, PRINCE, KING, COUNTESS, PRINCESS = range(1, 9)
NAMES: Final = (
    "",
    "Guard",
    "Priest",
    "Baron",
    "Handmaid",
    "Prince",
    "King",
    "Countess",
    "Princess",
)
COPIES: Final = (0, 5, 2, 2, 2, 2, 1, 1, 1)
DECK: Final = tuple(value for value in range(1, 9) for _ in range(COPIES[value]))
"""The whole deck, lowest first (16 cards)."""
TARGETED: Final = (GUARD, PRIEST, BARON, KING)
"""Cards played on another player who is still in and not protected."""
TOKENS_TO_WIN: Final = {2: 7, 3: 5, 4: 4}
"""Tokens of affection that win the game, by seat count (the rulebook's table)."""


def name(card: int) -> str:
    return NAMES[card]
