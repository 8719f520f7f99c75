"""Zombies: liveness and secrecy over thousands of seeded games per design, replay of the dice,
fresh dice and a consistent Infector after determinize, and what views show."""

import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hiddenhand.engine import Record, get_game
from hiddenhand.engine.checks import run_checks
from hiddenhand.games.goodcop import zombies
from hiddenhand.games.goodcop.cards import AGENT, INFECTOR, KINGPIN
from tests.games.goodcop.helpers import arrange, card

GAME = get_game("goodcop")
DESIGNS = ("dice", "infect", "simple")
# 2,000 games per design; bigger tables play longer games, so they get fewer seeds
GAMES_PER_TABLE = {4: 560, 5: 480, 6: 400, 7: 320, 8: 240}


@pytest.mark.slow
@pytest.mark.parametrize("design", DESIGNS)
@pytest.mark.parametrize("players", range(4, 9))
def test_liveness_and_secrecy_over_seeded_games(design, players):
    assert sum(GAMES_PER_TABLE.values()) == 2000
    opts = GAME.options({"zombies": design})
    every = 400 + 40 * players  # sample states (about one per game): 6,000 games stay quick
    sides: Counter[str] = Counter()
    for seed in range(GAMES_PER_TABLE[players]):
        end = run_checks(GAME, players, opts, seed, secrecy_every=every)
        outcome = end.outcome()
        assert outcome is not None
        sides[outcome.side] += 1
    assert sides["zombie"] > 0  # the zombie team does win


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    players=st.integers(4, 8),
    design=st.sampled_from(DESIGNS),
    seed=st.integers(0, 2**31 - 1),
)
def test_every_state_of_random_zombie_games_keeps_secrets(players, design, seed):
    run_checks(GAME, players, GAME.options({"zombies": design}), seed, secrecy_every=3)


def play_randomly(design: str, seed: int, steps: int = 10_000):
    state = GAME.start(6, {"zombies": design}, seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if not state.pending():
            break
        seat = rng.choice(sorted(state.pending()))
        state.act(seat, rng.choice(state.pending()[seat]))
    return state


@pytest.mark.parametrize("design", DESIGNS)
def test_a_record_replays_the_same_dice(design):
    state = play_randomly(design, 5)
    assert (state.last_roll is not None) is (design != "simple")
    data = state.record().to_json()
    replayed = Record.from_json(data).replay()
    assert replayed.outcome() == state.outcome() and replayed.last_roll == state.last_roll
    assert [replayed.view(s) for s in range(6)] == [state.view(s) for s in range(6)]


def future(state, k: int = 6) -> tuple[int, ...]:
    return tuple(zombies.roll_die(state, tuple(range(6))) for _ in range(k))


def test_clones_roll_the_same_dice_and_determinize_rolls_fresh_ones():
    state = play_randomly("dice", 2, steps=60)
    assert future(state.clone()) == future(state.clone())
    futures = {future(state.determinize(0, random.Random(k))) for k in range(20)}
    assert len(futures) == 20


@pytest.mark.parametrize("design", ["dice", "infect"])
def test_determinize_moves_an_unknown_infector_but_never_beside_a_leader(design):
    state = GAME.start(6, {"zombies": design}, seed=4)
    holder = state.owner[state.infector]
    seat = next(s for s in range(6) if s != holder and state.leader_card(s) < 0)
    places = Counter()
    for k in range(200):
        sample = state.determinize(seat, random.Random(k))
        assert sample.card_kinds.count(INFECTOR) == 1
        owner = sample.owner[sample.infector]
        assert sample.card_kinds[sample.infector] == INFECTOR and owner >= 0
        assert owner not in (sample.owner[sample.agent], sample.owner[sample.kingpin])
        assert (
            sample.card_kinds[sample.agent] == AGENT
            and sample.card_kinds[sample.kingpin] == KINGPIN
        )
        places[owner] += 1
    assert seat not in places and len(places) >= 3
    # the holder knows: their samples keep it in their hand
    for k in range(20):
        sample = state.determinize(holder, random.Random(k))
        assert sample.owner[sample.infector] == holder


def test_tokens_dice_and_zombies_are_public_and_nothing_else_leaks():
    state = arrange(["AHC", "KCC", "HHC", "CCH", "HCH"])
    assert "zombies" not in state.view(None)  # zombies off: the view is as before
    state = arrange(
        ["AHC", "KCC", "IHC", "CCH", "HCH"],
        options=GAME.options({"zombies": "dice"}),
    )
    state.infected_cards |= 1 << state.cards[3][1]
    with state.collecting():
        zombies.announce_roll(state, 3, "infection", (0,))
        zombies.become(state, 4)
    for viewer in (None, 0, 3):
        view = state.view(viewer)
        assert view["players"][3]["cards"][1]["infected"] is True
        assert view["dice"] == {"by": 3, "die": "infection", "faces": ["blank"]}
        assert view["players"][4]["zombie"] is True and view["zombies"] == "dice"
    assert card(state, 0, 2, 0) is None and state.view(0)["players"][2]["team"] is None
    assert state.view(2)["team"] == "zombie" and card(state, 2, 2, 0) == "infector"


def test_determinize_never_gives_a_zombie_a_leader_card():
    state = arrange(
        ["AHC", "KCC", "HHC", "CCH", "HCH"],
        hands=[["Blackmail"]],
        options=GAME.options({"zombies": "simple"}),
    )
    with state.collecting():
        zombies.become(state, 4)
    state.rearranged()
    state.act(0, state.space.get("play", "Blackmail"))
    state.act(0, state.space.get("card", "Blackmail", 3, 2))
    state.act(0, state.space.get("card", "Blackmail", 4, 0))  # Eli, a zombie, gets a hidden card
    for k in range(100):
        sample = state.determinize(2, random.Random(k))
        assert sample.leader_card(4) < 0
