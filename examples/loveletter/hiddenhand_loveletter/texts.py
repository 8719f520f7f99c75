"""What the cards do and how a turn goes, for the browser's tooltips and reference and the
terminal's `?` (found by hiddenhand as the game package's `texts` module)."""

from __future__ import annotations

from hiddenhand_loveletter.options import LoveLetterOptions

GOAL = (
    "Be the last one in, or hold the highest card when the deck runs out, to win tokens of "
    "affection."
)

CARDS = {
    "Guard": "(1, five copies) Name a card other than the Guard and choose another player: if they "
    "hold it, they are out of the round.",
    "Priest": "(2, two copies) Look at another player's hand.",
    "Baron": "(3, two copies) Compare hands with another player in secret: the lower card is out "
    "of the round; on a tie nothing happens.",
    "Handmaid": "(4, two copies) Until your next turn no card can choose you.",
    "Prince": "(5, two copies) Choose a player (you may choose yourself): they discard their hand "
    "and draw a new card. Whoever discards the Princess this way is out.",
    "King": "(6, one copy) Trade hands with another player.",
    "Countess": "(7, one copy) You must play her if you also hold the King or a Prince.",
    "Princess": "(8, one copy) If you discard her, for any reason, you are out of the round.",
}


def card_texts(options: LoveLetterOptions) -> dict[str, str]:
    return dict(CARDS)


def turn(options: LoveLetterOptions) -> list[str]:
    return [
        "Draw the top card of the deck: you hold two.",
        "Play one of them face up and do what it says; a card that must choose another player "
        "does nothing when everyone else is protected or out.",
        "The round ends when one player is left, or when the deck is empty after a turn: then "
        "the highest card wins (a tie goes to the highest total of discarded cards).",
        "The round's winner takes a token of affection and begins the next round; "
        "7, 5 or 4 tokens (2, 3 or 4 players) win the game.",
    ]
