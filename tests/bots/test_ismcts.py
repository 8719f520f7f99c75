"""The ISMCTS bot: it plans only on determinizations, is reproducible, and searches well."""

import random

import pytest

from hiddenhand.bots.base import bot_names, make_bot
from hiddenhand.bots.ismcts import ISMCTSBot
from hiddenhand.bots.match import play, turn_for
from hiddenhand.engine import OptionError, games, get_game
from hiddenhand.engine.checks import fields_of
from tests.bots.fixtures import Showdown, Stones
from tests.engine.toy import HighCard


@pytest.fixture
def highcard():
    return get_game("highcard")


def test_registered_for_every_game_with_its_options(highcard):
    assert "ismcts" in bot_names(highcard)
    bot = make_bot(highcard, "ismcts:iterations=50:seconds=0.5:c=1.2:depth=7", 1, 3)
    assert isinstance(bot, ISMCTSBot)
    assert (bot.iterations, bot.seconds, bot.c, bot.depth) == (50, 0.5, 1.2, 7)
    assert bot.uses_sample and not bot.uses_view


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("ismcts:iterations=many", "iterations takes a whole number 1-5000, not 'many'"),
        ("ismcts:iterations=0", "iterations takes a whole number 1-5000"),
        ("ismcts:iterations=1000000000", "iterations takes a whole number 1-5000"),
        ("ismcts:seconds=-1", "seconds takes a number 0-10"),
        ("ismcts:rollout=anything", "rollout takes auto or random, not .anything."),
        ("ismcts:colour=red", "no option 'colour'; its options are: iterations, seconds"),
    ],
)
def test_bad_options_are_refused_clearly(highcard, spec, message):
    with pytest.raises(OptionError, match=message):
        make_bot(highcard, spec, 0, 0)


def test_the_turn_holds_a_determinized_copy_never_the_true_state(highcard):
    state = highcard.start(3, None, 4)
    bot = make_bot(highcard, "ismcts", 0, 0)
    turn = turn_for(state, 0, bot, [])
    assert turn.sample is not None and turn.sample is not state
    assert turn.sample.cards is not state.cards and turn.sample.rng is not state.rng
    assert not any(value is state for value in fields_of(turn.sample).values())


class Poisoned:
    """Stands in for the true state's secrets: touching it fails the test."""

    def __getattr__(self, name):
        raise AssertionError(f"the bot touched the true state ({name})")

    def __iter__(self):
        raise AssertionError("the bot touched the true state")

    def __getitem__(self, key):
        raise AssertionError("the bot touched the true state")


def test_the_bot_never_touches_the_true_state_after_its_turn_is_built(highcard, monkeypatch):
    state = highcard.start(3, None, 9)
    bot = make_bot(highcard, "ismcts:iterations=300", 0, 1)
    turn = turn_for(state, 0, bot, [])
    state.cards = Poisoned()  # the secrets
    state.rng = Poisoned()  # the future of the deck
    for method in ("act", "pending", "view", "clone", "determinize", "outcome", "legal"):
        monkeypatch.setattr(state, method, Poisoned())
    assert bot.decide(turn) in turn.legal
    assert bot.iterations_done == 300


def test_decisions_depend_only_on_what_the_seat_knows(highcard):
    """Two deals that differ only in cards seat 0 has not seen give the same moves."""
    a = highcard.start(3, None, 0)
    b = a.clone()
    a.cards[1:] = [2, 3]
    b.cards[1:] = [8, 9]
    a.cards[0] = b.cards[0] = 5
    moves = []
    for state in (a, b):
        bot = make_bot(highcard, "ismcts:iterations=100", 0, 7)
        moves.append(bot.decide(turn_for(state, 0, bot, [])))
    assert moves[0] == moves[1]


def test_same_seed_same_moves_other_seed_other_games(highcard):
    def record(game_id: str, options: list[str], players: int, bot_seed: int) -> list[list[int]]:
        game = get_game(game_id)
        state = game.start(players, options, 3)
        bots = [make_bot(game, "ismcts:iterations=10", s, bot_seed) for s in range(players)]
        return play(state, bots).state.record().actions

    assert record("highcard", ["turns=8"], 4, 11) == record("highcard", ["turns=8"], 4, 11)
    first = record("stones", ["stones=30"], 2, 11)
    assert first == record("stones", ["stones=30"], 2, 11)
    assert any(first != record("stones", ["stones=30"], 2, other) for other in range(12, 20))


def test_search_finds_the_only_winning_move():
    stones = get_game("stones")
    state = stones.start(2, None, 0)  # 7 stones: take 1 to leave a multiple of 3
    for seed in range(5):
        bot = make_bot(stones, "ismcts:iterations=400:depth=10", 0, seed)
        assert bot.decide(turn_for(state, 0, bot, [])).args == (1,)


def test_search_beats_random_at_stones():
    stones = get_game("stones")
    wins = 0
    for seed in range(20):
        bots = [
            make_bot(stones, "ismcts:iterations=200", 0, seed),
            make_bot(stones, "random", 1, seed),
        ]
        wins += 0 in play(stones.start(2, None, seed), bots).outcome.winners
    assert wins == 20


def test_in_a_window_the_bot_decides_for_its_own_seat_and_finds_the_dominant_choice():
    showdown = get_game("showdown")
    state = showdown.start(2, None, 0)
    assert set(state.pending()) == {0, 1}
    for seat in (0, 1):
        bot = make_bot(showdown, "ismcts:iterations=300", seat, seat)
        turn = turn_for(state, seat, bot, [])
        assert turn.legal == tuple(state.legal(seat))
        assert bot.decide(turn).args == (3,)


def test_chance_comes_from_each_determinization():
    """Seat 0 cannot know the die: its search sees both faces across iterations."""
    showdown = get_game("showdown")
    state = showdown.start(2, None, 0)
    state.act(1, state.space.get("choose", 3))
    bot = make_bot(showdown, "ismcts:iterations=200", 0, 0)
    turn = turn_for(state, 0, bot, [])
    bonuses = set()
    for _ in range(20):
        sample = turn.sample.determinize(0, bot.rng)
        sample.act(0, sample.space.get("choose", 3))
        bonuses.add(sample.bonus)
    assert bonuses == {0, 1}
    assert bot.decide(turn).args == (3,)


def test_fixture_games_keep_the_contract():
    from hiddenhand.engine.checks import run_checks

    for game_id in ("stones", "showdown"):
        for seed in range(20):
            game = get_game(game_id)
            run_checks(game, 2, game.options(None), seed)
    assert Stones.game.id == "stones" and Showdown.game.id == "showdown" and HighCard.game


@pytest.mark.parametrize("game_id", sorted(set(games()) - {"highcard", "stones", "showdown"}))
def test_ismcts_plays_every_game_to_the_end_with_legal_moves(game_id):
    game = get_game(game_id)
    n = game.usual_players
    state = game.start(n, None, 1)
    bots = [make_bot(game, "ismcts:iterations=4:depth=8:width=3", s, 1) for s in range(n)]
    result = play(state, bots)  # play() refuses an illegal move
    assert result.outcome.winners <= set(range(n))
    assert sum(b.searches for b in bots) > 0
    assert all(b.iterations_done >= 3 * b.searches for b in bots)


@pytest.mark.parametrize(("zombies", "budget"), [("off", 10), ("dice", 30)])
def test_iterations_to_end_replace_the_budget_only_where_the_world_cannot_be_judged(
    zombies, budget
):
    """Good Cop Bad Cop's evaluation judges the base game but not Zombies, whose rollouts run
    to the end: there `iterations_to_end` is the budget, and the search is the one that budget
    gives; elsewhere `iterations` is."""
    goodcop = get_game("goodcop")
    state = goodcop.start(6, goodcop.options([f"zombies={zombies}"]), 11)
    while len(state.pending()[seat := min(state.pending())]) == 1:
        state.act(seat, state.pending()[seat][0])
    bot = make_bot(goodcop, "ismcts:iterations=10:iterations_to_end=30", seat, 5)
    plain = make_bot(goodcop, f"ismcts:iterations={budget}", seat, 5)
    thought = bot.deliberate(turn_for(state, seat, bot, []))
    same = plain.deliberate(turn_for(state, seat, plain, []))
    assert bot.iterations_done == plain.iterations_done >= budget
    assert bot.iterations_done < budget + len(thought.legal)
    assert (thought.choice, thought.totals) == (same.choice, same.totals)


def _decisions_differ(zombies: str, spec: str, long_spec: str) -> list[bool]:
    """At a few decisions of one Good Cop Bad Cop game (random moves between them), whether a
    search at `depth=auto` (the evaluation judges from move 10 on) decides otherwise (its choice
    or its totals) than the same search whose rollouts play 400 moves before they are judged."""
    goodcop = get_game("goodcop")
    state = goodcop.start(6, goodcop.options([f"zombies={zombies}"]), 11)
    rng = random.Random(3)
    differ: list[bool] = []
    while len(differ) < 3 and state.pending():
        seat = min(state.pending())
        legal = state.pending()[seat]
        if len(legal) > 1 and rng.random() < 0.3:
            cut, to_end = (make_bot(goodcop, s, seat, 5) for s in (spec, long_spec))
            a = cut.deliberate(turn_for(state, seat, cut, []))
            b = to_end.deliberate(turn_for(state, seat, to_end, []))
            differ.append((a.choice, a.totals) != (b.choice, b.totals))
        state.act(seat, rng.choice(legal))
    return differ


@pytest.mark.parametrize("zombies", ["off", "dice", "infect", "simple"])
def test_rollouts_to_the_end_change_only_the_base_game_s_search(zombies):
    """Good Cop Bad Cop's evaluation never judges a world under Zombies, so there `depth=400`
    plays the rollouts `depth=auto` played (on to MAX_ROLLOUT moves): the levels that set it
    search as they did under Zombies (and the ladder's Zombies rows stand). In the base game it
    is another search: the evaluation no longer cuts the rollouts after 10 moves."""
    differ = _decisions_differ(
        zombies, "ismcts:iterations=12:width=5", "ismcts:iterations=12:width=5:depth=400"
    )
    assert len(differ) == 3
    assert any(differ) if zombies == "off" else not any(differ)
