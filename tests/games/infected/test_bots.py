"""The heuristic bot: legal on both sides in every variant, and far better than random humans."""

import random
from collections.abc import Mapping
from dataclasses import replace

import pytest

from hiddenhand.bots.base import make_bot
from hiddenhand.bots.match import SeatLogs, play, turn_for
from hiddenhand.engine.errors import OptionError
from tests.games.infected.helpers import GAME


@pytest.mark.parametrize(
    ("players", "options"),
    [
        (1, []),
        (2, []),
        (3, ["variant=infection-spreads"]),
        (4, ["variant=all-okay", "advanced=true"]),
        (4, ["lead_by_vote=true", "harder=true"]),
        (3, ["variant=cooperative"]),
    ],
)
def test_heuristic_plays_legal_games_to_the_end(players: int, options: list[str]) -> None:
    for seed in range(6):
        state = GAME.start(players, options, seed)
        bots = [make_bot(GAME, "heuristic", s, seed) for s in range(players)]
        result = play(state, bots)
        assert result.outcome.side in ("humans", "zombies")


def _human_wins(spec: str, games: int) -> int:
    wins = 0
    for seed in range(games):
        state = GAME.start(4, None, 500 + seed)
        result = play(state, [make_bot(GAME, spec, s, seed) for s in range(4)])
        wins += result.outcome.side == "humans"
    return wins


@pytest.mark.slow
def test_heuristic_humans_beat_random_humans_by_a_wide_margin() -> None:
    smart = _human_wins("heuristic", 80)
    careless = _human_wins("heuristic:human=random", 80)
    assert smart >= careless + 20, (smart, careless)


def test_bot_options_are_checked() -> None:
    with pytest.raises(OptionError):
        make_bot(GAME, "heuristic:human=sometimes", 0)


def test_heuristic_plays_the_same_without_its_log() -> None:
    """Everything the heuristic reads is in its view, so the copies a search rolls out with
    (handed no log) play as the bots at the table do."""
    for seed in range(3):
        state = GAME.start(4, None, seed)
        bots = [make_bot(GAME, "heuristic", s, seed) for s in range(4)]
        logs = SeatLogs(4)
        decisions = 0
        while pending := state.pending():
            seat = min(pending)
            bot = bots[seat]
            turn = turn_for(state, seat, bot, logs.of(seat))
            luck = bot.rng.getstate()
            forgetful = bot.decide(replace(turn, log=()))
            bot.rng.setstate(luck)
            action = bot.decide(turn)
            assert action == forgetful
            decisions += len(turn.legal) > 1
            logs.add(state.act(seat, action))
        assert decisions > 50


@pytest.mark.parametrize(
    ("players", "options"),
    [(4, []), (3, ["variant=infection-spreads"]), (3, ["variant=cooperative"])],
)
def test_deciding_in_a_world_plays_as_deciding_from_the_view(
    players: int, options: list[str]
) -> None:
    """Rollouts read a lazily built view of a determinized world; it must be the view, and the
    decision the one made from the whole view."""
    from hiddenhand.games.infected.views import LazyView

    rng = random.Random(7)
    compared = 0
    for seed in range(3):
        state = GAME.start(players, options, seed)
        walkers = [make_bot(GAME, "heuristic", s, seed) for s in range(players)]
        steps = 0
        while state.pending() and steps < 400:
            seat = min(state.pending())
            legal = tuple(state.legal(seat))
            world = state.determinize(seat, rng)
            lazy = LazyView(world, seat)
            assert {k: _plain(v) for k, v in lazy.items()} == world.view(seat)
            if len(legal) > 1:
                by_view = make_bot(GAME, "heuristic", seat, seed + 1)
                in_world = make_bot(GAME, "heuristic", seat, seed + 1)
                expected = by_view.decide(turn_for(world, seat, by_view, []))
                assert in_world.decide_in(world, seat, legal) == expected
                compared += 1
            walker = walkers[seat]
            state.act(seat, walker.decide(turn_for(state, seat, walker, [])))
            steps += 1
    assert compared > 100


def _plain(value: object) -> object:
    """A lazy view's value as plain data (its players' entries are mappings of their own)."""
    if isinstance(value, list):
        return [_plain(v) for v in value]
    if isinstance(value, Mapping):
        return {k: _plain(v) for k, v in value.items()}
    return value
