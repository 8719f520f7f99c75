"""Every action of a table: one action plays one card with all its choices (the target, and
the Guard's guess), so a move is a single choice and its text says all of it."""

from __future__ import annotations

from functools import cache

from hiddenhand.engine import ActionSpace
from hiddenhand_loveletter.cards import BARON, GUARD, KING, NAMES, PRIEST, PRINCE, name
from hiddenhand_loveletter.options import LoveLetterOptions

PLAY = "play"
"""A card without a target: the Handmaid, the Countess, the Princess, or a targeted card when
everyone else is out of reach (it is discarded with no effect)."""
GUARD_GUESS = "guard"
PRIEST_LOOK = "priest"
BARON_COMPARE = "baron"
PRINCE_DISCARD = "prince"
KING_TRADE = "king"
TARGET_KINDS = {
    GUARD: GUARD_GUESS,
    PRIEST: PRIEST_LOOK,
    BARON: BARON_COMPARE,
    PRINCE: PRINCE_DISCARD,
    KING: KING_TRADE,
}


@cache
def loveletter_space(players: int, options: LoveLetterOptions) -> ActionSpace:
    """Plays without a target, then each targeted play by target (and guess)."""
    entries: list[tuple[str, tuple[int | str, ...], str]] = []
    for card in range(1, 9):
        text = f"play the {name(card)}"
        if card in TARGET_KINDS:
            text += " with no effect (nobody can be chosen)"
        entries.append((PLAY, (card,), text))
    for target in range(players):
        for guess in range(2, 9):
            entries.append(
                (
                    GUARD_GUESS,
                    (target, guess),
                    f"play the Guard on {{p{target}}}: guess {NAMES[guess]}",
                )
            )
        p = f"{{p{target}}}"
        entries.append((PRIEST_LOOK, (target,), f"play the Priest: look at {p}'s hand"))
        entries.append((BARON_COMPARE, (target,), f"play the Baron: compare hands with {p}"))
        entries.append((PRINCE_DISCARD, (target,), f"play the Prince: {p} discards and draws"))
        entries.append((KING_TRADE, (target,), f"play the King: trade hands with {p}"))
    return ActionSpace(entries)
