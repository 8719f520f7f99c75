"""An estimate of who wins an unfinished game of The Infected, for search cut-offs.

The survivors win by holding enough resources of every type once the zombie deck has run out,
or by destroying the infected; the infected wins when the deck runs out a second time or a clean
survivor is destroyed. The estimate reads the race between the two: resources gathered and in
the survivors' hands against those needed, the zombie deck left, which exhaustion the game is
in, the survivors' wounds, and how much the public evidence points at the infected. The weights
of a logistic model over these were fitted on games between heuristic bots in every seat count
and variant, with the card set as it is (benchmarks/infected_evaluation.py); refit them when
the cards change, since the search trusts them at every cut-off. It is only ever called on a
determinized sample, so it may read the sample's hidden cards and blood samples.

It judges only the start of a round: in the middle of a fight, the threat and the piles decide
what happens next and the features would be noise. Elsewhere it answers None, and a search
plays on to the next round.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from hiddenhand.games.infected.cards import RESOURCES, ZOMBIE_DECK_SIZE
from hiddenhand.games.infected.evidence import evidence_weights

if TYPE_CHECKING:
    from hiddenhand.engine.state import State
    from hiddenhand.games.infected.rules import InfectedState

WEIGHTS = (  # not Final: a compiled Final tuple of floats is left unset (mypyc)
    -4.191,
    1.668,
    0.028,
    0.591,
    2.381,
    -1.394,
    1.994,
    -0.157,
    0.156,
    -1.607,
    0.303,
    3.516,
    1.190,
    -0.305,
)
"""Bias, then the weight of each feature of `features`, towards the survivors."""


def at_round_start(state: InfectedState) -> bool:
    """Whether the game waits for the first choices of a round, before any threat card."""
    return (
        state.phase == "action"
        and not state.threat
        and all(d.stage == "start" and not d.intents and not d.done for d in state.window.values())
    )


def features(state: InfectedState) -> tuple[float, ...]:
    """Resources held (mean and scarcest type, as fractions of those needed), the scarcest type
    counting the survivors' hands too, the zombie deck left, the end game and the scarcest type
    in it, survivors' wounds and hand sizes per seat, the infected exposed, its shown fails, the
    share of the public evidence on the infected, whether anybody is infected at all (the
    cooperative game, all-okay), and one over the number of players (the goal grows with it)."""
    n = need = state.n
    held = [min(len(pile), need) / need for pile in state.resources]
    infected = [s for s in range(n) if state.is_infected(s)]
    survivors = [s for s in range(n) if s not in infected and not state.exposed[s]]
    kinds = state.cards.item_kinds
    item_of = state.cards.item_of
    in_hands = dict.fromkeys(RESOURCES, 0)
    for s in survivors:
        for card in state.hands[s]:
            in_hands[kinds[item_of[card]].resource] += 1
    reach = [
        min(len(pile) + in_hands[RESOURCES[r]], 2 * need) / need
        for r, pile in enumerate(state.resources)
    ]
    evidence = evidence_weights(
        n,
        ((target, shown) for _, target, shown in state.tests),
        state.shown_fails,
        state.fail_claims,
        state.shown_claims,
    )
    share = sum((evidence[s] for s in infected), 0.0) / sum(evidence) if infected else 0.0
    end = 1.0 if state.end_game else 0.0
    per_seat = max(1, len(survivors))
    return (
        sum(held) / len(held),
        min(held),
        min(reach),
        len(state.zdeck) / ZOMBIE_DECK_SIZE,
        end,
        end * min(held),
        sum(len(state.wounds[s]) for s in survivors) / per_seat,
        sum(len(state.hands[s]) for s in survivors) / per_seat / 7,
        float(any(state.exposed[s] for s in infected)),
        float(sum(state.shown_fails[s] for s in infected)),
        share,
        0.0 if infected else 1.0,
        1.0 / n,
    )


def survivors_chance(state: InfectedState) -> float:
    """The estimated chance that the survivors win."""
    x = WEIGHTS[0] + sum(w * f for w, f in zip(WEIGHTS[1:], features(state), strict=True))
    return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, x))))


def evaluate_seats(state: State) -> list[float] | None:
    """`evaluate` for every seat, with the survivors' chance computed once."""
    if TYPE_CHECKING:
        assert isinstance(state, InfectedState)
    seats = range(state.n)
    if state.result is not None:
        return [1.0 if seat in state.result.winners else 0.0 for seat in seats]
    if not at_round_start(state):
        return None
    chance = survivors_chance(state)
    return [1.0 - chance if state.is_infected(seat) else chance for seat in seats]


def evaluate(state: State, seat: int) -> float | None:
    """The estimated chance that `seat` wins, in [0, 1]; None mid-round (play on)."""
    if TYPE_CHECKING:
        assert isinstance(state, InfectedState)
    if state.result is not None:
        return 1.0 if seat in state.result.winners else 0.0
    if not at_round_start(state):
        return None
    chance = survivors_chance(state)
    return 1.0 - chance if state.is_infected(seat) else chance
