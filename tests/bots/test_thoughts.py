"""What a bot thinks is made of what its seat may know: the same in every world the seat
cannot tell from the true one, and never the truth itself."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator

import pytest

from hiddenhand.bots.base import make_bot
from hiddenhand.bots.beliefs import Question, belief_reader, register_beliefs
from hiddenhand.bots.match import SeatLogs, decide
from hiddenhand.bots.thoughts import Belief, believe, information_seed, think
from hiddenhand.engine import State, get_game
from hiddenhand.games.noir.rules import NoirState

GAMES = [("noir", 2), ("goodcop", 6), ("infected", 4)]
CANONICAL = ["noir", "goodcop", "infected"]
"""Games whose determinizer depends only on what the seat knows, in every part (The Infected's
redraws its decks and hands from the true order, so only its blood samples, the beliefs, are
the same in every world; its searches differ between worlds as independent samples would)."""


def positions(game_id: str, players: int, seed: int, every: int = 5) -> Iterator[State]:
    """Every `every`-th position of a game of heuristic bots (the game itself, moving on)."""
    game = get_game(game_id)
    state = game.start(players, game.options(None), seed)
    bots = [make_bot(game, "heuristic", s, seed) for s in range(players)]
    logs = SeatLogs(players)
    step = 0
    while state.pending() and step < 300:
        if step % every == 0:
            yield state.clone()
        seat = min(state.pending())
        logs.add(state.act(seat, decide(state, seat, bots[seat], logs.of(seat))))
        step += 1


Beliefs = Callable[[State, int], tuple[Belief, ...]]


def worlds_disagree(beliefs: Beliefs, state: State, seat: int, worlds: int = 3) -> bool:
    """Whether `beliefs` for `seat` differ between the true state and any of a few worlds
    `determinize(seat)` draws from it (which the seat cannot tell from the true one)."""
    shown = beliefs(state, seat)
    for k in range(worlds):
        world = state.determinize(seat, random.Random(f"another world {k}"))
        if beliefs(world, seat) != shown:
            return True
    return False


def fair(state: State, seat: int) -> tuple[Belief, ...]:
    return believe(state, seat, random.Random(11), 40)


@pytest.mark.parametrize(("game_id", "players"), GAMES)
def test_the_beliefs_shown_for_a_seat_are_the_same_in_every_world_it_could_be_in(
    game_id: str, players: int
):
    asked = uncertain = 0
    for seed in (1, 2):
        for state in positions(game_id, players, seed):
            for seat in range(players):
                assert not worlds_disagree(fair, state, seat), (
                    f"{game_id} seed {seed} step {len(state.history)}: seat {seat}'s beliefs "
                    "depend on more than what it knows"
                )
                shown = fair(state, seat)
                asked += bool(shown)
                uncertain += any(0 < c < 1 for b in shown for _, cs in b.rows for c in cs)
    assert asked and uncertain, f"{game_id}: no position had an open question to check"


def test_a_reading_of_the_true_state_is_caught():
    """The check above fails an analysis that reads the state it is given instead of only its
    determinized samples: the truth is the same in none of the other worlds."""
    reader = belief_reader("noir")
    assert reader is not None

    def cheating(state: State, seat: int) -> tuple[Belief, ...]:
        (question,) = reader(state, seat)
        chances = tuple(
            (s, (1.0 if a == 0 else 0.0,))
            for s, a in zip(question.subjects, question.answers, strict=True)
        )
        return (Belief(question.title, question.faces, chances),)

    caught = 0
    for state in positions("noir", 2, 1):
        inspector = 1 - state.killer_seat  # type: ignore[attr-defined]
        if bin(state.killer_candidates()).count("1") > 1:  # type: ignore[attr-defined]
            assert not worlds_disagree(fair, state, inspector)
            caught += worlds_disagree(cheating, state, inspector, worlds=8)
    assert caught


def test_noir_beliefs_spread_over_the_candidates_and_sum_to_one():
    for state in positions("noir", 2, 3):
        assert isinstance(state, NoirState)
        inspector = 1 - state.killer_seat
        (belief,) = fair(state, inspector)
        assert belief.title == "Who is the Killer?"
        chances = [c for _, (c,) in belief.rows]
        assert sum(chances) == pytest.approx(1.0)
        assert len(belief.rows) == bin(state.killer_candidates()).count("1")


def test_goodcop_beliefs_cover_every_unseen_card_and_each_sums_to_one():
    state = next(positions("goodcop", 6, 4))
    (belief,) = fair(state, 0)
    assert belief.faces[:2] == ("Honest", "Crooked")
    dealt = len(state.card_kinds)  # type: ignore[attr-defined]
    assert len(belief.rows) == dealt - 3  # every card but its own three
    assert "Ana's" not in " ".join(s for s, _ in belief.rows)  # seat 0 knows its own
    for _, chances in belief.rows:
        assert sum(chances) == pytest.approx(1.0)


def test_questions_must_not_differ_between_a_seats_worlds():
    """A reader whose subjects depend on the hidden truth is refused, not averaged."""
    reader = belief_reader("noir")
    state = next(positions("noir", 2, 1))

    def leaky(world: NoirState, seat: int) -> list[Question]:
        return [Question("Killer?", ("Killer",), (str(world.killer),), (0,))]

    try:
        register_beliefs("noir", leaky)
        with pytest.raises(RuntimeError, match="differ between its samples"):
            believe(state, 1 - state.killer_seat, random.Random(0), 50)  # type: ignore[attr-defined]
    finally:
        register_beliefs("noir", reader)


@pytest.mark.parametrize(("game_id", "players"), GAMES)
def test_thoughts_rate_the_legal_moves_and_mark_the_choice(game_id: str, players: int):
    seen = list(positions(game_id, players, 5, every=3))
    state = seen[len(seen) // 2]
    seat = min(state.pending())
    thoughts = think(state, seat, samples=30, iterations=40)
    legal = {a.id for a in state.legal(seat)}
    assert thoughts.moves and {m.action for m in thoughts.moves} <= legal
    assert thoughts.compared == len(legal)
    assert sum(m.chosen for m in thoughts.moves) == 1
    values = [m.value for m in thoughts.moves]
    assert all(0 <= v <= 1 for v in values)
    assert values[:-1] == sorted(values[:-1], reverse=True)
    assert 0 < sum(m.share for m in thoughts.moves) <= 1.0001
    data = thoughts.to_json()
    assert data["seat"] == seat and len(data["moves"]) == len(thoughts.moves)


@pytest.mark.parametrize("game_id", CANONICAL)
def test_all_a_bot_thinks_is_the_same_in_every_world_it_could_be_in(game_id: str):
    """Top moves too, where the game's determinizer is canonical throughout."""
    players = dict(GAMES)[game_id]
    checked = 0
    for state in list(positions(game_id, players, 6, every=7))[1:4]:
        seat = min(state.pending())
        shown = think(state, seat, samples=20, iterations=30)
        world = state.determinize(seat, random.Random(99))
        assert information_seed(world, seat) == information_seed(state, seat)
        assert think(world, seat, samples=20, iterations=30) == shown
        checked += 1
    assert checked == 3
