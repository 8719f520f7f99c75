"""The integrity cards of Good Cop Bad Cop as data, the teams and the Zombies dice.

Integrity cards carry a corner number: a card is used only when the table has at least that many
players. Equipment cards are classes, each with its data, texts and behaviour (`card.py`; the
base game's in `equipment.py`, the Zombies expansion's in `zombie_cards.py`).
"""

from __future__ import annotations

HONEST, CROOKED, AGENT, KINGPIN, INFECTOR = 0, 1, 2, 3, 4
KIND_NAMES = ("honest", "crooked", "agent", "kingpin", "infector")
SLOTS = ("left", "middle", "right")

# Teams (the zombie team plays only with the Zombies expansion); teams are only ever computed in
# `GoodCop.team_of`.
TEAM_HONEST, TEAM_CROOKED, TEAM_LONE, TEAM_ZOMBIE = 0, 1, 2, 3
TEAM_NAMES = ("honest", "crooked", "lone", "zombie")

# Corner numbers of the 11 Honest cards (the 11 Crooked cards carry the same ones); 0 = none.
_CORNERS = (0, 0, 0, 0, 0, 5, 5, 6, 7, 7, 8)


def integrity_deck(players: int) -> tuple[int, ...]:
    """The Honest and Crooked cards in play at this table (leaders excluded), by kind."""
    used = sum(1 for corner in _CORNERS if corner <= players)
    return (HONEST,) * used + (CROOKED,) * used


# Dice faces. The zombie die (three in the box): 1 zombie, 2 arms, 2 blank, 1 infection. The
# infection die (`dice` design): 2 infection faces of 6.
BLANK, ZOMBIE_FACE, ARMS_FACE, INFECTION_FACE = 0, 1, 2, 3
FACE_NAMES = ("blank", "zombie", "arms", "infection")
ZOMBIE_DIE = (ZOMBIE_FACE, ARMS_FACE, ARMS_FACE, BLANK, BLANK, INFECTION_FACE)
INFECTION_DIE = (INFECTION_FACE, INFECTION_FACE, BLANK, BLANK, BLANK, BLANK)
ZOMBIE_DICE = 3
