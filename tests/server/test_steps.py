"""Each seat's step count leaves out the steps others took in secret (`server.steps`)."""

from __future__ import annotations

import asyncio
import json
import random
import time
from pathlib import Path
from typing import Any

from hiddenhand.bots.match import SeatLogs
from hiddenhand.engine import get_game
from hiddenhand.engine.sight import private_step
from hiddenhand.server.botturns import BotTurns
from hiddenhand.server.frames import Listener
from hiddenhand.server.seats import Seat
from hiddenhand.server.steps import StepCounts
from hiddenhand.server.storage import Storage
from hiddenhand.server.tables import Table
from tests.server.play import check_received, step_counts


def counts(*owners: int | None) -> StepCounts:
    steps = StepCounts()
    for owner in owners:
        steps.add(owner)
    return steps


def test_a_seat_counts_public_steps_and_its_own_never_others_secret_ones() -> None:
    steps = counts(None, 1, 1, 2, None, 1)
    assert len(steps) == 6
    assert steps.seen_by(0) == 2
    assert steps.seen_by(1) == 5
    assert steps.seen_by(2) == 3
    assert steps.seen_by(None) == 2
    assert steps.seen_by(1, 3) == 3 and steps.seen_by(2, 3) == 1


def test_a_count_maps_back_past_the_others_secret_steps_since() -> None:
    steps = counts(None, 1, 1, 2, None, 1)
    assert steps.index(0, 0) == 0
    assert steps.index(0, 1) == 4  # after the first step, three secret ones of others followed
    assert steps.index(0, 2) == 6
    assert steps.index(2, 1) == 3 and steps.index(2, 2) == 4
    assert steps.index(1, 3) == 4  # seat 2's secret step followed
    assert steps.index(0, 3) is None and steps.index(0, -1) is None


def test_taking_steps_back_forgets_them() -> None:
    steps = counts(None, 1, 2, 1)
    steps.truncate(2)
    assert len(steps) == 2
    assert steps.seen_by(0) == 1 and steps.seen_by(1) == 2 and steps.seen_by(2) == 1
    steps.add(None)
    assert steps.seen_by(2) == 2 and steps.index(2, 2) == 3


def test_marks_are_numbered_as_each_seat_counts_and_secret_ones_stay_secret() -> None:
    steps = counts(None, 1, None, 1)
    marks = {0: "away", 1: "away", 2: "left", 3: "left"}
    assert steps.marks_for(0, marks) == {0: "away", 1: "left"}
    assert steps.marks_for(1, marks) == marks
    assert steps.marks_for(None, marks) == {0: "away", 1: "left"}


def test_secret_steps_are_parts_of_a_choice_still_being_made() -> None:
    """In random games, the parts of an Infected secret choice are private to their seat (the
    last, which closes the seat's choice, is not), and so is a Good Cop card's first pick when
    its move goes on; no NOIR step ever is."""
    found = {"infected": 0, "noir": 0, "goodcop": 0}
    for game_id in found:
        game = get_game(game_id)
        for seed in range(3):
            rng = random.Random(seed)
            players = [f"p{i}" for i in range(4 if game_id != "noir" else 2)]
            state = game.start(players, game.options(), seed)
            while not state.over:
                seat, legal = rng.choice(sorted(state.pending().items()))
                before = state.clone()
                events = state.act(seat, rng.choice(list(legal)))
                if private_step(before, state, seat, events):
                    found[game_id] += 1
                    assert seat in state.pending(), "a step that ends the seat's choice is seen"
                    assert not any(e.audience is None for e in events)
    assert found["infected"] > 20
    assert found["noir"] == 0


def test_a_bot_s_secret_choice_reaches_the_others_as_one_step(tmp_path: Path) -> None:
    """Bots draft The Infected's secret choices in parts: each part goes to its seat alone, the
    others' step counts never include it, and what each seat was sent is its own view at its
    own count (`check_received`). Before, everyone was sent every part, so the count of parts
    (a give takes more than a pass) showed."""
    game = get_game("infected")
    table = Table(
        id="secret-parts",
        game=game,
        options=game.options({}),
        seats=[Seat(bot="heuristic") for _ in range(4)],
        seed=5,
        clock=0,
        storage=Storage(f"sqlite:///{tmp_path / 'parts.sqlite3'}"),
        bot_delay=0.01,
    )
    listeners = [Listener(seat) for seat in [0, 1, 2, 3, None]]
    table.save()
    for listener in listeners:
        table.attach(listener, 0)

    async def play() -> None:
        table.start()
        deadline = time.monotonic() + 120
        while table.status != "over" and time.monotonic() < deadline:
            await asyncio.sleep(0.05)
        while not table.storage.actions.saved(table.id) and time.monotonic() < deadline:
            await asyncio.sleep(0.01)
        table.close()

    asyncio.run(play())
    assert table.state is not None and table.state.over
    record = table.state.record()
    steps = step_counts(record)
    secret = len(record.actions) - steps.seen_by(None)
    assert secret > 10, "the bots made no secret choice in parts: the test proves nothing"
    for listener in listeners:
        counts = [m["step"] for m in listener.frames]
        assert counts == sorted(counts) and counts[-1] == steps.seen_by(listener.seat)
        if listener.seat is None:
            assert counts[-1] == len(record.actions) - secret
            assert not any(m.get("secret") for m in listener.frames)
        else:
            assert counts[-1] < len(record.actions), f"seat {listener.seat} counted others' parts"
    check_received(record, {None: listeners[-1].frames})  # the bots' seats show no choices
    replayed = record.start()
    views: list[list[Any]] = [[json.loads(json.dumps(replayed.view(s))) for s in range(4)]]
    for seat, action in record.actions:
        replayed.act(seat, action)
        views.append([json.loads(json.dumps(replayed.view(s))) for s in range(4)])
    for listener in listeners[:-1]:
        assert listener.seat is not None
        for m in listener.frames:
            index = steps.index(listener.seat, m["step"])
            assert index is not None and m["view"] == views[index][listener.seat]


def test_a_bot_plans_its_secret_choice_whole_so_its_time_shows_one_answer() -> None:
    """The server plans a bot's secret choice to its last part before playing the first: every
    part but the last is seen by nobody else, and the last closes the choice for all to see. So
    the parts are played together, and a choice in three parts takes the bot no longer to show
    than a pass."""
    game = get_game("infected")
    turns = BotTurns(game, seed=3, bot_seconds=1.0)
    whole = 0
    for seed in range(4):
        state, logs, rng = game.start(4, game.options({}), seed), SeatLogs(4), random.Random(seed)
        while not state.over and whole < 6:
            seat, legal = min(state.pending().items())
            plan = asyncio.run(turns.plan(state, logs, seat, Seat(bot="heuristic"), legal))
            copy, parts = state.clone(), [plan.action, *plan.then]
            for i, part in enumerate(parts):
                before = copy.clone()
                events = copy.act(seat, part)
                assert private_step(before, copy, seat, events) == (i < len(parts) - 1)
            whole += bool(plan.then)
            logs.add(state.act(seat, rng.choice(list(legal))))
    assert whole >= 6, "no bot made a choice in parts: the test proves nothing"
