"""An estimate of who wins an unfinished game of The Infected, for search cut-offs.

The survivors win by holding enough resources of every type once the zombie deck has run out,
or by destroying the infected; the infected wins when the deck runs out a second time or a clean
survivor is destroyed. The estimate reads the race between the two: resources gathered against
those needed, the zombie deck left, which exhaustion the game is in, the survivors' wounds, and
how exposed the infected is. The weights of a logistic model over these were fitted on games
between heuristic bots. It is only ever called on a determinized sample, so it may read the
sample's hidden blood samples.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from hiddenhand.games.infected.cards import ZOMBIE_DECK_SIZE

if TYPE_CHECKING:
    from hiddenhand.engine.state import State
    from hiddenhand.games.infected.rules import InfectedState

WEIGHTS = (-2.517, 1.257, 0.042, 2.706, -12.262, 6.338, 0.001, 7.146, 6.820)
"""Bias, then the weight of each feature of `features`, towards the survivors."""


def features(game: InfectedState) -> tuple[float, ...]:
    """Resources (mean and scarcest type, as fractions of those needed), zombie deck left, the
    end game and the scarcest type in it, survivors' wounds per seat, the infected exposed, and
    failed tests the infected has shown."""
    need = game.n
    held = [min(len(pile), need) / need for pile in game.resources]
    infected = [s for s in range(game.n) if game.is_infected(s)]
    survivors = [s for s in range(game.n) if s not in infected and not game.exposed[s]]
    end = 1.0 if game.end_game else 0.0
    return (
        sum(held) / len(held),
        min(held),
        len(game.zdeck) / ZOMBIE_DECK_SIZE,
        end,
        end * min(held),
        sum(len(game.wounds[s]) for s in survivors) / game.n,
        float(any(game.exposed[s] for s in infected)),
        float(sum(game.shown_fails[s] for s in infected)),
    )


def survivors_chance(game: InfectedState) -> float:
    """The estimated chance that the survivors win."""
    x = WEIGHTS[0] + sum(w * f for w, f in zip(WEIGHTS[1:], features(game), strict=True))
    return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, x))))


def evaluate(state: State, seat: int) -> float:
    """The estimated chance that `seat` wins, in [0, 1]."""
    game: InfectedState = state  # type: ignore[assignment]
    if game.result is not None:
        return 1.0 if seat in game.result.winners else 0.0
    chance = survivors_chance(game)
    return 1.0 - chance if game.is_infected(seat) else chance
