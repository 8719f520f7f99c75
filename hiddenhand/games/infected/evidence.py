"""How much the public evidence points at each seat being the infected.

One likelihood weight per seat, used both by the heuristic bot (to vote and call) and by the
determinizer (to deal the unseen blood samples), so that search plans on the same beliefs the
table's evidence supports: a blood test showing the virus doubles a seat's weight and one
showing clean halves it, a shown fail (only the infected gains by failing everyone) multiplies
it by six, and each fail claimed unseen or success shown tilts it a little.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

TEST_VIRUS: Final = 2.0
TEST_CLEAN: Final = 0.5
SHOWN_FAIL: Final = 6.0
FAIL_CLAIM: Final = 1.35
SHOWN_CLAIM: Final = 0.85


def evidence_weights(
    n: int,
    tests: Iterable[tuple[int, str]],
    shown_fails: list[int],
    fail_claims: list[int],
    shown_claims: list[int],
) -> list[float]:
    """The weight of "seat p is the infected" for every seat, from (target, shown) tests and
    the public counts of shown fails, unseen fail claims and shown claims."""
    weights = [
        SHOWN_FAIL ** shown_fails[p] * FAIL_CLAIM ** fail_claims[p] * SHOWN_CLAIM ** shown_claims[p]
        for p in range(n)
    ]
    for target, shown in tests:
        weights[target] *= TEST_VIRUS if shown == "virus" else TEST_CLEAN
    return weights
