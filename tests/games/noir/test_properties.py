"""Liveness and secrecy over 2,000 seeded random games per mode (the kernel's run_checks).

Each mode's 2,000 seeds are split between the two readings of a successful Disguise (option
`disguise`): the first half with the rulebook's `deceased`, the second with `innocent`.
Secrecy is sampled every 50th step to keep the suite fast; legality, clone independence and
exact replay are checked on every step of every game.
"""

import pytest

from hiddenhand.engine.checks import run_checks
from hiddenhand.games.noir import NOIR

GAMES = 2000
HALF = GAMES // 2
SPLIT = [("deceased", range(HALF)), ("innocent", range(HALF, GAMES))]


@pytest.mark.slow
@pytest.mark.parametrize("mode", ["classic", "standard", "citizens-arrest"])
@pytest.mark.parametrize(("disguise", "seeds"), SPLIT, ids=[d for d, _ in SPLIT])
def test_liveness_and_secrecy_over_seeded_games(mode, disguise, seeds):
    options = NOIR.options([f"mode={mode}", f"disguise={disguise}"])
    sides = {"killer": 0, "inspector": 0, "draw": 0}
    disguised = 0
    for seed in seeds:
        state = run_checks(NOIR, 2, options, seed, secrecy_every=50)
        sides[state.outcome().side] += 1
        disguised += any(f.kind == "disguise" for f in state.facts)
    assert sum(sides.values()) == HALF and sides["killer"] and sides["inspector"]
    assert disguised > HALF // 10  # the rule under test is really exercised


def test_secrecy_at_every_step_of_a_few_games_with_short_limits():
    for mode in ("classic", "standard", "citizens-arrest"):
        for disguise in ("deceased", "innocent"):
            short = ["kills=6", "turn_limit=40", "roles=killer-seat-1"]
            options = NOIR.options([f"mode={mode}", f"disguise={disguise}", *short])
            for seed in range(20):
                state = run_checks(NOIR, 2, options, seed, secrecy_every=1)
                assert state.outcome() is not None and state.turn <= 40
