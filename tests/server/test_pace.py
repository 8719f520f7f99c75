"""The pace of a table, in process: every seat asked is listed before anyone answers, the server
passes for a person whose only answer is a pass, its answers (bots', passes, plays) come at drawn
times that do not depend on the answer, and "auto-pass until my turn" answers reactions."""

from __future__ import annotations

import asyncio
import json
import time
from pathlib import Path
from typing import Any

from hiddenhand.engine import Action, State, get_game
from hiddenhand.server.action_log import Row
from hiddenhand.server.pace import (
    TURN_SPREAD,
    WINDOW_SPREAD,
    is_reaction,
    one_answer,
    only_pass,
)
from hiddenhand.server.seats import Seat
from hiddenhand.server.storage import Storage
from hiddenhand.server.tables import Table
from tests.server.play import step_counts

DELAY = 0.25
STEPS = 80
"""How far the Good Cop table (seed 7, 241 steps to its end) is played where a third of the
game is enough: some 10 turns and 50 answers in a window, in a third of its drawn time."""


class Recorder:
    """A connection that keeps what it is sent, with the time it arrived."""

    def __init__(self, seat: int | None) -> None:
        self.seat = seat
        self.got: list[tuple[float, dict[str, Any]]] = []
        self.table: Table | None = None
        self.autopass = False

    def send(self, text: str) -> None:
        message = json.loads(text)
        self.got.append((time.monotonic(), message))
        table = self.table
        if table is None or self.seat is None:
            return
        if message["type"] == "prefs" and self.autopass and not message["prefs"]["autopass"]:
            asyncio.get_running_loop().call_soon(table.set_prefs, self.seat, True)
        if message["type"] == "state" and message["legal"] and not message["outcome"]:
            first = message["legal"][0]["id"]
            loop = asyncio.get_running_loop()
            loop.call_soon(self._answer, table, first, message["step"])

    def _answer(self, table: Table, action: int, step: int) -> None:
        if table.status == "playing" and table.steps.seen_by(self.seat) == step:
            table.act(self.seat, action, step=step)  # type: ignore[arg-type]

    def states(self) -> list[tuple[float, dict[str, Any]]]:
        return [(t, m) for t, m in self.got if m["type"] == "state"]


class UnevenStorage(Storage):
    """A store where every other group of actions takes most of a bot's delay to write."""

    def __init__(self, url: str) -> None:
        super().__init__(url)
        self.writes = 0

    async def write_actions(self, rows: list[Row]) -> set[str]:
        self.writes += 1
        if self.writes % 2:
            await asyncio.sleep(DELAY * 0.8)
        return await super().write_actions(rows)


def goodcop_table(
    tmp_path: Path, autopass: bool = False, store: type[Storage] = Storage, clock: int = 0
) -> tuple[Table, Recorder, Recorder]:
    game = get_game("goodcop")
    seats = [Seat(name="Pat", autopass=autopass)] + [Seat(bot="heuristic") for _ in range(5)]
    table = Table(
        id="pace",
        game=game,
        options=game.options({}),
        seats=seats,
        seed=7,
        clock=clock,
        storage=store(f"sqlite:///{tmp_path / 'pace.sqlite3'}"),
        bot_delay=DELAY,
    )
    person, watcher = Recorder(0), Recorder(None)
    person.autopass = autopass
    table.save()
    table.attach(person, 0)
    table.attach(watcher, 0)
    return table, person, watcher


async def play(
    table: Table, person: Recorder, seconds: float = 240, steps: int | None = None
) -> None:
    """Play the table to its end, or only until `steps` actions were taken (a test that needs
    a few dozen answers of each kind need not wait through a whole game's drawn times)."""
    person.table = table
    table.start()
    deadline = time.monotonic() + seconds

    def done() -> bool:
        if table.status == "over":
            return True
        return steps is not None and table.state is not None and len(table.state.history) >= steps

    while not done() and time.monotonic() < deadline:
        await asyncio.sleep(0.05)
    while not table.storage.actions.saved(table.id) and time.monotonic() < deadline:
        await asyncio.sleep(0.01)  # the last action is being written; it is sent once it is
    table.close()
    assert done(), "the table did not get that far in time"


def test_every_seat_asked_is_listed_and_clocked_before_anyone_answers(tmp_path: Path) -> None:
    """The frame that asks a window lists every seat the engine asks, holding a playable card
    or not, and runs the clock of the person among them even when the server will pass for
    them: who is asked, and who is on the clock, tell nothing of any hand."""
    table, person, watcher = goodcop_table(tmp_path, clock=30)
    asyncio.run(play(table, person, steps=STEPS))
    assert table.state is not None
    record = table.state.record()
    replay = record.start()
    frames = {m["step"]: m for _, m in reversed(watcher.states())}  # the first of each step
    served_for_person = 0
    for step, (seat, action_id) in enumerate(record.actions):
        frame = frames[step]
        pending = replay.pending()
        assert frame["to_move"] == sorted(pending), f"step {step}: not every seat asked is listed"
        if 0 in pending:
            assert "0" in frame["deadlines"], f"step {step}: the person is asked but not clocked"
            served_for_person += one_answer(replay.legal(0)) is not None
        assert {int(k) for k in frame["deadlines"]} <= {0}, "only the person has a clock"
        replay.act(seat, action_id)
    assert served_for_person > 3, "the person never had a lone pass: the test proves nothing"


def test_no_prompt_with_one_answer_reaches_a_person_and_answers_come_at_drawn_times(
    tmp_path: Path,
) -> None:
    """The server's answers (a bot's pass or play, the person's lone pass) all come a drawn
    time after the question was shown, within the spread of its kind (one seat asked, or a
    window), never at once: a pass gives no more away than a play."""
    table, person, watcher = goodcop_table(tmp_path)
    asyncio.run(play(table, person, steps=STEPS))
    offered = [m["legal"] for _, m in person.states() if m["legal"]]
    assert offered and not any(all(a["kind"] == "pass" for a in legal) for legal in offered)
    assert not any(len(legal) == 1 for legal in offered)
    answers = gaps(table, watcher)
    window_passes = [took for kind, several, took in answers if several and kind == "pass"]
    window_plays = [took for kind, several, took in answers if several and kind != "pass"]
    turns = [took for kind, several, took in answers if not several]
    assert len(window_passes) > 10 and turns, "too few answers of each kind to say anything"
    for low, kind in ((WINDOW_SPREAD[0], window_passes + window_plays), (TURN_SPREAD[0], turns)):
        assert min(kind) >= DELAY * low * 0.9, "a server answer came before its drawn time"
    window_passes.sort()  # a busy machine may hold one up: the median stays within the spread
    assert window_passes[len(window_passes) // 2] < DELAY * WINDOW_SPREAD[1] * 1.5


def test_a_bot_waits_from_when_the_table_was_shown_not_from_when_it_moved(
    tmp_path: Path,
) -> None:
    """A state that took long to save is shown late: the bot's next answer still comes its
    whole drawn time after it, not a moment later."""
    table, person, watcher = goodcop_table(tmp_path, store=UnevenStorage)
    asyncio.run(play(table, person, steps=STEPS))
    turns = [took for _, several, took in gaps(table, watcher) if not several]
    assert len(turns) > 3
    assert min(turns) >= DELAY * TURN_SPREAD[0] * 0.9, "a bot's answer came too soon"


def seen_by_others(state: State, seat: int, action: Action) -> bool:
    """Would anyone but `seat` learn something from this action? Tried on a copy."""
    events = state.clone().act(seat, action)
    return any(e.audience is None or e.audience - {seat} for e in events)


def gaps(table: Table, watcher: Recorder) -> list[tuple[str, bool, float]]:
    """Every answer the server gave (the person's own choices left out): its kind, whether
    several seats were asked, and how long after its seat was asked it reached the watcher. A
    seat is asked anew when it was not asked before, when it has just acted, and after any move
    but a pass. Replays the record beside the times the watcher saw each step arrive."""
    assert table.state is not None
    record = table.state.record()
    replay = record.start()
    seen = watcher.states()
    steps = step_counts(record)  # the watcher counts the steps everyone saw
    reached = [(t, steps.index(None, m["step"])) for t, m in seen]
    last = max(at for _, at in reached if at is not None)  # a game stopped early: seen so far
    arrived = [
        min(t for t, at in reached if at is not None and at >= step) for step in range(last + 1)
    ]
    first = replay.pending()
    asked: dict[int, tuple[int, bool]] = {s: (0, len(first) > 1) for s in first}
    answers: list[tuple[str, bool, float]] = []
    for step, (seat, action_id) in enumerate(record.actions[:last]):
        action = replay.space[action_id]
        by_server = seat != 0 or one_answer(replay.legal(seat)) is not None
        replay.act(seat, action)
        if steps.seen_by(None, step + 1) == steps.seen_by(None, step):
            continue  # a part of a move nobody else saw: the move's last part is its answer
        asked_step, several = asked[seat]
        if by_server:
            answers.append((action.kind, several, arrived[step + 1] - arrived[asked_step]))
        kept = asked if action.kind == "pass" else {}
        pending = replay.pending()
        asked = {
            s: kept[s] if s in kept and s != seat else (step + 1, len(pending) > 1) for s in pending
        }
    return answers


def test_auto_pass_answers_reactions_until_the_person_s_turn(tmp_path: Path) -> None:
    table, person, _ = goodcop_table(tmp_path, autopass=True)
    asyncio.run(play(table, person))  # the person's first reaction card comes late in the game
    prompts = [m["legal"] for _, m in person.states() if m["legal"]]
    assert prompts
    assert not any(is_reaction_json(legal) for legal in prompts)
    assert table.state is not None
    record = table.state.record()
    replay = record.start()
    answered = 0
    for seat, action_id in record.actions:
        legal = replay.legal(seat)
        if seat == 0 and is_reaction(legal) and not only_pass(legal):
            answered += 1
            assert replay.space[action_id].kind == "pass"
        replay.act(seat, action_id)
    assert answered, "the person never held a card to react with: the test proves nothing"
    turned_off = [m for _, m in person.got if m["type"] == "prefs"]
    assert turned_off and turned_off[0]["prefs"] == {"autopass": False}


def is_reaction_json(legal: list[dict[str, Any]]) -> bool:
    kinds = {a["kind"] for a in legal}
    return "pass" in kinds and kinds <= {"pass", "play"}


def test_a_reaction_is_a_pass_with_cards_to_play_and_nothing_else() -> None:
    state = get_game("goodcop").start(6, [], seed=3)
    space = state.space
    pass_, play = space.get("pass"), next(a for a in space if a.kind == "play")
    arm = space.get("arm")
    assert only_pass([pass_]) and not only_pass([pass_, play]) and not only_pass([])
    assert is_reaction([pass_, play]) and is_reaction([pass_])
    assert not is_reaction([pass_, arm]) and not is_reaction([play])


def test_the_server_gives_a_person_s_only_answer_at_a_bot_s_pace(tmp_path: Path) -> None:
    """One stone on the pile: the person's only move is to take it, so nobody asks them."""
    from tests.bots.fixtures import STONES

    table = Table(
        id="one-answer",
        game=STONES,
        options=STONES.options({"stones": 1}),
        seats=[Seat(name="Pat"), Seat(bot="random")],
        seed=3,
        clock=0,
        storage=Storage(f"sqlite:///{tmp_path / 'one.sqlite3'}"),
        bot_delay=DELAY,
    )
    person = Recorder(0)
    table.save()
    table.attach(person, 0)
    started = time.monotonic()
    asyncio.run(play(table, person, seconds=20))
    assert table.state is not None and table.state.record().actions == [[0, 0]]
    assert not any(m["legal"] for _, m in person.states()), "the person was asked anyway"
    took = time.monotonic() - started
    assert took >= DELAY * TURN_SPREAD[0] * 0.9, "the answer went faster than a bot's"
    assert one_answer(table.state.space) is None and one_answer([]) is None
