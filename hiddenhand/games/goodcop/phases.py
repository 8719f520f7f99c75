"""The phases of a Good Cop Bad Cop turn, which of them are reaction windows, and gun states."""

START, ACTION, REVEAL, AIM, AFTER_INVESTIGATE, SHOOTING, END_OF_TURN, OVER, ROLLED = range(9)
PHASE_NAMES = (
    "game start",
    "action",
    "reveal",
    "take aim",
    "after investigate",
    "shooting",
    "end of turn",
    "over",
    "dice rolled",
)
# ROLLED (Zombies): a Bite's zombie dice lie on the table, to be re-rolled (Zombie Serum) or kept.
WINDOWS = frozenset((START, AFTER_INVESTIGATE, SHOOTING, END_OF_TURN, ROLLED))

UNARMED = -1
"""The aim of a player without a gun (a player aiming at themself holds a gun not yet aimed)."""
