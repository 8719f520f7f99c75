"""The server's side of a tutorial (`server.lessons`): who plays each step, what the person is
told, and that the person can play nothing but the hinted move."""

from __future__ import annotations

import pytest

from hiddenhand.engine import IllegalAction, State
from hiddenhand.server.lessons import Lessons
from hiddenhand.server.seats import Seat
from hiddenhand.tutorials import tutorials

TUTORIALS = sorted(tutorials())


def seats(lessons: Lessons) -> list[Seat]:
    t = lessons.tutorial
    return [Seat(name="Robin") if i == t.seat else Seat(bot="random") for i in range(t.players)]


def first_taught(lessons: Lessons) -> State:
    """The game where the person's first taught move is due, played as the server would."""
    state = lessons.tutorial.start()
    at = seats(lessons)
    while not lessons.asks_person(state, lessons.tutorial.seat):
        seat = lessons.server_seat(state, at)
        assert seat is not None, "nobody plays the next step"
        action = lessons.action(state, seat)
        assert action is not None
        state.act(seat, action)
    return state


@pytest.mark.parametrize("game", TUTORIALS)
def test_the_server_plays_every_step_but_the_taught_ones(game: str):
    lessons = Lessons(tutorials()[game])
    person = lessons.tutorial.seat
    state = lessons.tutorial.start()
    taught = 0
    while not state.over:
        if lessons.asks_person(state, person):
            assert lessons.server_seat(state, seats(lessons)) is None
            told = lessons.told(state, person)
            assert told is not None and told["next"], "a taught step comes with its hint"
            action = told["next"][0]["action"]
            taught += 1
            state.act(person, action)
            continue
        seat = lessons.server_seat(state, seats(lessons))
        assert seat is not None
        action = lessons.action(state, seat)
        assert action is not None
        state.act(seat, action)
    assert taught == lessons.tutorial.taught()


@pytest.mark.parametrize("game", TUTORIALS)
def test_the_person_may_play_only_the_hinted_move(game: str):
    lessons = Lessons(tutorials()[game])
    person = lessons.tutorial.seat
    state = first_taught(lessons)
    told = lessons.told(state, person)
    assert told is not None
    hinted = told["next"][0]["action"]
    others = [a for a in state.legal(person) if a.id != hinted]
    assert others, "the person has other choices to be kept from"
    with pytest.raises(IllegalAction, match="follow the hint"):
        lessons.check(state, person, [others[0].id])
    lessons.check(state, person, [hinted])
    bot = next(i for i in range(lessons.tutorial.players) if i != person)
    with pytest.raises(IllegalAction, match="not your move"):
        lessons.check(state, bot, [hinted])


@pytest.mark.parametrize("game", TUTORIALS)
def test_the_person_is_told_hints_with_names_and_the_end(game: str):
    lessons = Lessons(tutorials()[game])
    person = lessons.tutorial.seat
    state = first_taught(lessons)
    told = lessons.told(state, person)
    assert told is not None
    assert told["done"] == 0 and told["of"] == lessons.tutorial.taught()
    assert told["welcome"] and told["ending"] is None
    for entry in told["next"]:
        assert "{p" not in entry["hint"] and "(bot)" not in entry["hint"]
        assert entry["rules"]
    assert lessons.told(state, None) is None, "spectators are told nothing"
    others = [s for s in range(len(state.players)) if s != person]
    assert all(lessons.told(state, s) is None for s in others)
    for step in lessons.steps[len(state.history) :]:
        state.act(step.seat, step.action)
    end = lessons.told(state, person)
    assert end is not None and end["ending"] and end["next"] == []
    assert end["done"] == end["of"]


def test_a_person_who_left_is_played_by_the_server():
    lessons = Lessons(tutorials()["noir"])
    state = first_taught(lessons)
    gone = seats(lessons)
    gone[lessons.tutorial.seat].left = True
    assert lessons.server_seat(state, gone) == lessons.tutorial.seat
