"""The phases of a Good Cop Bad Cop turn, which of them are reaction windows, and gun states."""

from enum import StrEnum
from typing import Final


class Phase(StrEnum):
    """Where the game stands; each value is what views show."""

    START = "game start"  # the game-start window
    ACTION = "action"
    REVEAL = "reveal"  # paying for Arm or Equip
    AIM = "take aim"
    AFTER_INVESTIGATE = "after investigate"
    SHOOTING = "shooting"  # a Shoot (or a zombie's Bite) announced, reacted to
    END_OF_TURN = "end of turn"
    OVER = "over"
    ROLLED = "dice rolled"  # Zombies: a Bite's zombie dice on the table, for Zombie Serum
    ORDER = "order cards"  # before the first turn every player lays their three cards down


# Final: compiled rules read each from a C static rather than a module's dict
START: Final = Phase.START
ACTION: Final = Phase.ACTION
REVEAL: Final = Phase.REVEAL
AIM: Final = Phase.AIM
AFTER_INVESTIGATE: Final = Phase.AFTER_INVESTIGATE
SHOOTING: Final = Phase.SHOOTING
END_OF_TURN: Final = Phase.END_OF_TURN
OVER: Final = Phase.OVER
ROLLED: Final = Phase.ROLLED
ORDER: Final = Phase.ORDER
WINDOWS: Final = frozenset((START, AFTER_INVESTIGATE, SHOOTING, END_OF_TURN, ROLLED))
"""The reaction windows: every living holder of equipment is asked to play or pass."""

UNARMED: Final = -1
"""The aim of a player without a gun (a player aiming at themself holds a gun not yet aimed)."""
