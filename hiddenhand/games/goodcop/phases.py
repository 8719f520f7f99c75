"""The phases of a Good Cop Bad Cop turn, which of them are reaction windows, and gun states."""

from enum import IntEnum


class Phase(IntEnum):
    """Where the game stands; its `label` is what views show. An IntEnum, so comparing phases
    on the hot path costs what comparing ints does."""

    START = 0  # the game-start window
    ACTION = 1
    REVEAL = 2  # paying for Arm or Equip
    AIM = 3
    AFTER_INVESTIGATE = 4
    SHOOTING = 5  # a Shoot (or a zombie's Bite) announced, reacted to
    END_OF_TURN = 6
    OVER = 7
    ROLLED = 8  # Zombies: a Bite's zombie dice on the table, for Zombie Serum
    ORDER = 9  # before the first turn every player lays their three cards down

    @property
    def label(self) -> str:
        return _LABELS[self]


_LABELS = {
    Phase.START: "game start",
    Phase.ACTION: "action",
    Phase.REVEAL: "reveal",
    Phase.AIM: "take aim",
    Phase.AFTER_INVESTIGATE: "after investigate",
    Phase.SHOOTING: "shooting",
    Phase.END_OF_TURN: "end of turn",
    Phase.OVER: "over",
    Phase.ROLLED: "dice rolled",
    Phase.ORDER: "order cards",
}

START, ACTION, REVEAL, AIM = Phase.START, Phase.ACTION, Phase.REVEAL, Phase.AIM
AFTER_INVESTIGATE, SHOOTING = Phase.AFTER_INVESTIGATE, Phase.SHOOTING
END_OF_TURN, OVER, ROLLED, ORDER = Phase.END_OF_TURN, Phase.OVER, Phase.ROLLED, Phase.ORDER
WINDOWS = frozenset((START, AFTER_INVESTIGATE, SHOOTING, END_OF_TURN, ROLLED))

UNARMED = -1
"""The aim of a player without a gun (a player aiming at themself holds a gun not yet aimed)."""
