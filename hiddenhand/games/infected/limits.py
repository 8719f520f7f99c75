"""The rulebook's numbers: hand limits, what each player starts with, and votes needed."""

from __future__ import annotations

from typing import Final

MAX_PLAYERS: Final = 4
"""The game box: 1 to 4 players."""
HAND_LIMIT: Final = 7
"""Hand limit: "Normally players may hold up to 7 cards in their hand"."""
INFECTED_HAND_LIMIT: Final = 3
"""The exposed infected holds up to 3 zombie cards."""
STARTING_ITEMS: Final = 9
"""Preparation 6: "Each player draws 9 item cards"."""
STARTING_EQUIPS: Final = 2
"""Preparation 7: "Each player must equip 2 item cards"."""
MAX_EQUIPPED: Final = 2
"""Maximum number of equipped items: 2 for each character."""
VOTES_TO_DESTROY: Final = {2: 1, 3: 2, 4: 3}
"""Destroying a member of the group: yes votes needed by the number of players."""
