"""An estimate of who wins an unfinished game of Good Cop Bad Cop, for search cut-offs.

A team wins when the other team's leader is eliminated, so the estimate reads what brings that
closer: each leader's remaining lives (a leader survives one shot), the guns aimed at each
leader, whether each leader has been revealed, and how many players of each team are still
alive. The weights of a logistic model over these were fitted on games between heuristic bots.
It is only ever called on a determinized sample, so it may read the sample's hidden cards.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from hiddenhand.games.goodcop.cards import TEAM_CROOKED, TEAM_HONEST

if TYPE_CHECKING:
    from hiddenhand.engine.state import State
    from hiddenhand.games.goodcop.rules import GoodCop

WEIGHTS = (0.090, 1.626, 0.890, -0.908, 0.991, -1.193, 0.692)
"""Bias, then the weight of each feature of `features`, towards the honest team."""


def features(game: GoodCop) -> tuple[float, ...]:
    """Honest minus crooked: lives of the leader, guns aimed at the other leader, revealed
    leader, living team members (leaders excluded)."""
    leaders = (game.agent, game.kingpin)  # the cards, wherever this world dealt them
    agent_seat, kingpin_seat = (game.owner[card] for card in leaders)
    lives = [0.0, 0.0]
    aimed = [0.0, 0.0]
    revealed = [0.0, 0.0]
    for i, (card, seat) in enumerate(zip(leaders, (agent_seat, kingpin_seat), strict=True)):
        if seat >= 0 and game.alive[seat]:
            lives[i] = 1.0 if game.wounded >> card & 1 else 2.0
        revealed[i] = float(game.face_up >> card & 1)
        aimed[i] = float(sum(1 for s in game.living() if s != seat and game.aim[s] == seat))
    members = [0.0, 0.0]
    for s in game.living():
        if s in (agent_seat, kingpin_seat):
            continue
        team = game.team_of(s)
        if team == TEAM_HONEST:
            members[0] += 1.0
        elif team == TEAM_CROOKED:
            members[1] += 1.0
    return (
        lives[0] - lives[1],
        aimed[1],
        aimed[0],
        revealed[1],
        revealed[0],
        members[0] - members[1],
    )


def honest_chance(game: GoodCop) -> float:
    """The estimated chance that the honest team wins."""
    x = WEIGHTS[0] + sum(w * f for w, f in zip(WEIGHTS[1:], features(game), strict=True))
    return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, x))))


def evaluate_seats(state: State) -> list[float] | None:
    """`evaluate` for every seat, with the honest team's chance computed once."""
    game: GoodCop = state  # type: ignore[assignment]
    seats = range(len(game.players))
    if game.result is not None:
        return [1.0 if seat in game.result.winners else 0.0 for seat in seats]
    if not game.base_game:
        return None
    honest = honest_chance(game)
    by_team = {TEAM_HONEST: honest, TEAM_CROOKED: 1.0 - honest}
    return [by_team.get(game.team_of(seat), 0.5) for seat in seats]


def evaluate(state: State, seat: int) -> float | None:
    """The estimated chance that `seat` wins, in [0, 1] (a lone player: one half).

    With the Zombies expansion, which the weights were not fitted on, None: the world cannot be
    judged unfinished, so the search rolls out to the end (one half for every seat at the cut
    left it blind there: docs/bots.md)."""
    game: GoodCop = state  # type: ignore[assignment]
    if game.result is not None:
        return 1.0 if seat in game.result.winners else 0.0
    if not game.base_game:
        return None
    team = game.team_of(seat)
    if team == TEAM_HONEST:
        return honest_chance(game)
    if team == TEAM_CROOKED:
        return 1.0 - honest_chance(game)
    return 0.5
