"""The rating people read: openskill's conservative estimate on a scale like Elo's.

What is stored is openskill's mu and sigma. What is shown is one number, worked out here and
nowhere else (profiles, their plots, leaderboards all get it from the server):

    shown = 1500 + 30 * (mu - 3 * sigma)

`mu - 3 * sigma` (the ordinal) is a rating the player is very likely above: a new player's is 0,
so everyone starts at 1500, and it rises as the system grows sure of a player, not only as they
win. 30 points per unit makes 400 points between two settled players mean odds of about 10 to 1,
as on Elo's scale. Below `PROVISIONAL_GAMES` rated games the number is marked provisional.
"""

from __future__ import annotations

BASE = 1500
"""What a new player (mu 25, sigma 25/3: ordinal 0) is shown."""
SCALE = 30
"""Shown points per unit of ordinal."""
PROVISIONAL_GAMES = 10
"""Fewer rated games than this, and the number is provisional."""


def ordinal(mu: float, sigma: float) -> float:
    return mu - 3 * sigma


def shown_rating(mu: float, sigma: float) -> int:
    """The number a player reads for a rating (mu, sigma)."""
    return round(BASE + SCALE * ordinal(mu, sigma))


def provisional(games: int) -> bool:
    return games < PROVISIONAL_GAMES
