"""Game evaluations of unfinished worlds: in [0, 1], deterministic, read on samples only, and
they move the way the game's win conditions say."""

import pytest

from hiddenhand.bots.base import make_bot
from hiddenhand.bots.match import SeatLogs, decide, turn_for
from hiddenhand.bots.registry import evaluator, register_evaluator, seats_evaluator
from hiddenhand.engine import get_game
from hiddenhand.games.goodcop.evaluate import honest_chance
from hiddenhand.games.infected.evaluate import at_round_start, survivors_chance
from hiddenhand.games.infected.rules import InfectedState


def _advance(game_id: str, players: int, seed: int, moves: int):
    """A game played `moves` moves on by heuristic bots."""
    game = get_game(game_id)
    state = game.start(players, None, seed)
    bots = [make_bot(game, "heuristic", s, seed) for s in range(players)]
    logs = SeatLogs(players)
    for _ in range(moves):
        pending = state.pending()
        if not pending:
            break
        seat = min(pending)
        logs.add(state.act(seat, decide(state, seat, bots[seat], logs.of(seat))))
    return state, logs


def _evaluation(game_id: str):
    """The evaluation a game registered (it must have one)."""
    evaluate = evaluator(game_id)
    assert evaluate is not None
    return evaluate


def _search_with(game, evaluate, state, logs, spec: str) -> None:
    """One search by the seat to move, with `evaluate` standing in for the game's evaluation."""
    real, real_seats = evaluator(game.id), seats_evaluator(game.id)
    register_evaluator(game.id, evaluate)
    try:
        seat = min(state.pending())
        bot = make_bot(game, spec, seat, 1)
        bot.decide(turn_for(state, seat, bot, logs.of(seat)))
    finally:
        register_evaluator(game.id, real, real_seats)


@pytest.mark.parametrize(("game_id", "players"), [("goodcop", 6), ("infected", 4)])
def test_every_seat_at_once_is_the_evaluation_seat_by_seat(game_id, players):
    evaluate, every_seat = _evaluation(game_id), seats_evaluator(game_id)
    assert every_seat is not None
    judged = 0
    for seed in range(12):
        for moves in (0, 5, 20, 40, 60, 120, 400):
            state, _ = _advance(game_id, players, seed, moves)
            values = [evaluate(state, s) for s in range(players)]
            expected = None if values[0] is None else values
            assert every_seat(state) == expected
            judged += expected is not None
    assert judged > 5


@pytest.mark.parametrize(("game_id", "players"), [("goodcop", 6), ("infected", 4)])
def test_evaluation_is_a_deterministic_chance_for_every_seat(game_id, players):
    evaluate = _evaluation(game_id)
    for seed in range(6):
        for moves in (0, 20, 60):
            state, _ = _advance(game_id, players, seed, moves)
            values = [evaluate(state, s) for s in range(players)]
            assert all(v is None or 0.0 <= v <= 1.0 for v in values)
            assert values == [evaluate(state.clone(), s) for s in range(players)]
            if game_id == "goodcop":
                assert None not in values, "Good Cop Bad Cop judges any moment"


@pytest.mark.parametrize(("game_id", "players"), [("goodcop", 6), ("infected", 4)])
def test_the_search_evaluates_determinized_worlds_never_the_true_state(game_id, players):
    game = get_game(game_id)
    real = _evaluation(game.id)
    moves = 30
    state, logs = _advance(game_id, players, 3, moves)
    while len(state.pending()[min(state.pending())]) < 2:  # a decision with a choice
        moves += 1
        state, logs = _advance(game_id, players, 3, moves)
    seen = []

    def spy(world, seat):
        assert world is not state, "the true state was evaluated"
        seen.append(world)
        return real(world, seat)

    _search_with(game, spy, state, logs, "ismcts:iterations=12:depth=2")
    assert seen


def test_goodcop_a_wounded_agent_favours_the_crooked():
    state, _ = _advance("goodcop", 6, 1, 0)
    before = honest_chance(state)
    state.wounded |= 1 << 0  # the Agent's card
    assert honest_chance(state) < before
    state.wounded = 1 << 1  # the Kingpin's instead
    assert honest_chance(state) > before


def test_goodcop_the_leaders_are_found_where_a_sample_dealt_them():
    """A seat that has seen neither leader may draw worlds with the Agent on another card than
    the true deal's: the evaluation reads the world it is given."""
    import random

    state, _ = _advance("goodcop", 6, 1, 0)
    rng = random.Random(5)
    sample = next(
        s for s in (state.determinize(0, rng) for _ in range(50)) if s.agent != state.agent
    )
    before = honest_chance(sample)
    sample.wounded |= 1 << sample.agent
    assert honest_chance(sample) < before
    sample.wounded = 1 << sample.kingpin
    assert honest_chance(sample) > before


def test_goodcop_guns_on_a_leader_favour_the_other_team():
    state, _ = _advance("goodcop", 6, 2, 0)
    before = honest_chance(state)
    kingpin = state.owner[1]
    shooter = next(s for s in range(6) if s != kingpin)
    state.aim[shooter] = kingpin
    assert honest_chance(state) > before


def test_goodcop_a_finished_game_scores_its_winners():
    game = get_game("goodcop")
    state, _ = _advance("goodcop", 6, 4, 100_000)
    outcome = state.outcome()
    assert outcome is not None
    assert [_evaluation(game.id)(state, s) for s in range(6)] == [
        1.0 if s in outcome.winners else 0.0 for s in range(6)
    ]


def _round_start(seed: int, rounds: int) -> InfectedState:
    """An Infected game played on by heuristic bots to the start of a later round."""
    moves = 0
    while True:
        moves += 1
        state, _ = _advance("infected", 4, seed, moves)
        if state.round > rounds and at_round_start(state):
            return state


def test_infected_is_judged_at_round_starts_only():
    evaluate = _evaluation("infected")
    state = _round_start(5, 2)
    assert all(evaluate(state, s) is not None for s in range(4))
    seat = min(state.pending())
    state.act(seat, state.pending()[seat][0])  # a seat has chosen: the round is under way
    assert all(evaluate(state, s) is None for s in range(4))


def test_infected_resources_and_evidence_favour_the_survivors_against_the_infected():
    evaluate = _evaluation("infected")
    state = _round_start(5, 2)
    before = survivors_chance(state)
    infected = next(s for s in range(4) if state.is_infected(s))
    human = next(s for s in range(4) if not state.is_infected(s))
    assert evaluate(state, infected) == pytest.approx(1.0 - evaluate(state, human))
    richer = state.clone()
    for pile in richer.resources:
        pile.extend([0] * 4)
    assert survivors_chance(richer) > before
    suspected = state.clone()
    suspected.tests += [(human, infected, "virus")] * 2
    assert survivors_chance(suspected) > before
    framed = state.clone()
    framed.tests += [(infected, human, "virus")] * 2
    assert survivors_chance(framed) < before


def test_a_rollout_plays_on_until_the_game_can_judge():
    """Cut after one move, the Infected's rollouts go on to the next round start (or the end),
    asking the evaluation on the way and scoring only where it answered."""
    game = get_game("infected")
    real = _evaluation(game.id)
    state, logs = _advance("infected", 4, 8, 30)
    while len(state.pending()[min(state.pending())]) < 2:
        state, logs = _advance("infected", 4, 8, len(logs.spectator) + 1)
    answers: list[tuple[bool, bool]] = []

    def spy(world, seat):
        value = real(world, seat)
        answers.append((value is None, at_round_start(world) or world.outcome() is not None))
        return value

    _search_with(game, spy, state, logs, "ismcts:iterations=12:depth=1")
    assert any(none for none, _ in answers), "it asked mid-round and played on"
    assert all(judged for none, judged in answers if not none)


def test_goodcop_with_zombies_is_not_judged_unfinished_and_rolls_out_to_the_end():
    """The weights know only the base game: with the Zombies expansion the evaluation answers
    None, and a cut rollout plays on to the end of the game, scoring who won."""
    game = get_game("goodcop")
    state = game.start(6, game.options(["zombies=simple"]), 4)
    evaluate, every_seat = _evaluation("goodcop"), seats_evaluator("goodcop")
    assert every_seat is not None
    assert evaluate(state, 0) is None and every_seat(state) is None
    bot = make_bot(game, "ismcts:iterations=1:depth=1", 0, 2)
    for luck in range(3):
        world = state.clone()
        bot._reseed(luck)
        rewards = bot._rollout(world)
        assert world.outcome() is not None, "played on to the end"
        assert set(rewards) <= {0.0, 1.0} and 1.0 in rewards
    base = game.start(6, game.options(None), 4)
    assert 0.0 <= evaluate(base, 0) <= 1.0 and every_seat(base) is not None
