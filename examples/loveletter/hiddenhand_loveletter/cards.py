"""The sixteen cards of Love Letter: a value, a name and how many of it the deck holds."""

from __future__ import annotations

from typing import Final, Literal, cast, get_args

GUARD, PRIEST, BARON, HANDMAID, PRINCE, KING, COUNTESS, PRINCESS = range(1, 9)
CardName = Literal["Guard", "Priest", "Baron", "Handmaid", "Prince", "King", "Countess", "Princess"]
"""A card as views and events name it."""
NAMES: Final[tuple[str, ...]] = ("", *get_args(CardName))
"""Each card's name by value (no card has value 0)."""
COPIES: Final = (0, 5, 2, 2, 2, 2, 1, 1, 1)
DECK: Final = tuple(value for value in range(1, 9) for _ in range(COPIES[value]))
"""The whole deck, lowest first (16 cards)."""
TARGETED: Final = (GUARD, PRIEST, BARON, KING)
"""Cards played on another player who is still in and not protected."""
TOKENS_TO_WIN: Final = {2: 7, 3: 5, 4: 4}
"""Tokens of affection that win the game, by seat count (the rulebook's table)."""


def name(card: int) -> CardName:
    """The name of a card, by value (1 to 8)."""
    return cast(CardName, NAMES[card])
