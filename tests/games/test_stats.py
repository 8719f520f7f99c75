"""End-of-game statistics: counted per seat from public events only, for every game."""

from __future__ import annotations

import random

import pytest

from hiddenhand.engine import Event, Record, get_game
from hiddenhand.games import stats


def test_good_cop_counts_each_seat_s_own_acts() -> None:
    events = [
        Event(
            "investigate", "{p1} investigates {p2}'s middle card", None, {"seat": 1, "target": 2}
        ),
        Event("investigate", "{p1} investigates {p0}'s left card", None, {"seat": 1, "target": 0}),
        Event("shot", "{p0} shoots {p1}", None, {"shooter": 0, "target": 1}),
        Event("reveal", "{p2} reveals their left card", None, {"seat": 2, "slot": 0}),
        Event("play", "{p2} plays Coffee", None, {"seat": 2, "card": "Coffee"}),
        Event("wounded", "{p1} is wounded", None, {"seat": 1}),
    ]
    rows = stats.goodcop(events, 3).rows
    assert rows[0] == {"investigations": 0, "revealed": 0, "shots": 1, "equipment": 0, "wounds": 0}
    assert rows[1] == {"investigations": 2, "revealed": 0, "shots": 0, "equipment": 0, "wounds": 1}
    assert rows[2] == {"investigations": 0, "revealed": 1, "shots": 0, "equipment": 1, "wounds": 0}


def test_noir_counts_turns_by_the_seat_the_text_names_first() -> None:
    events = [
        Event("kill", "{p0} kills Zachary", None, {"suspect": 24}),
        Event("shift", "{p1} shifts row 1 right", None, {}),
        Event("exonerate", "{p1} exonerates: he draws an evidence card", None, {}),
        Event("exonerated", "{p1} exonerates Quinton", None, {}),
        Event("arrest", "{p1} arrests Phoebe, who is not the Killer", None, {}),
        Event("disguise-failed", "{p0} tries to disguise and draws Zachary", None, {}),
    ]
    rows = stats.noir(events, 2).rows
    assert rows[0] == {
        "kills": 1,
        "arrests": 0,
        "shifts": 0,
        "exonerations": 0,
        "disguises": 1,
        "turns": 2,
    }
    assert rows[1] == {
        "kills": 0,
        "arrests": 1,
        "shifts": 1,
        "exonerations": 1,
        "disguises": 0,
        "turns": 3,
    }


def test_infected_survival_is_a_round_ended_unwounded_and_in_the_game() -> None:
    events = [
        Event("use", "{p0} uses an equipped item in the challenge pile", None, {}),
        Event("round", "round 1: {p0} has the Leader card", None, {"round": 1}),
        Event("wound", "{p1} takes a wound", None, {"seat": 1}),
        Event("blood_test", "{p2} tests {p0}'s blood", None, {"tester": 2, "target": 0}),
        Event("round", "round 2: {p1} has the Leader card", None, {"round": 2}),
        Event("react", "{p1} uses a Flare on the threat card", None, {}),
        Event("votes", "the votes", None, {"yes": [0, 1], "no": [2]}),
        Event("destroyed", "{p2} is destroyed", None, {"seat": 2}),
    ]
    rows = stats.infected(events, 3).rows
    assert [r["survived"] for r in rows] == [2, 1, 1]
    assert [r["items"] for r in rows] == [1, 1, 0]
    assert [r["tests"] for r in rows] == [0, 0, 1]
    assert [r["votes"] for r in rows] == [1, 1, 1]
    assert [r["wounds"] for r in rows] == [0, 1, 0]


def random_record(game_id: str, players: int, seed: int) -> Record:
    state = get_game(game_id).start([f"p{i}" for i in range(players)], {}, seed)
    rng = random.Random(seed)
    while pending := state.pending():
        seat = rng.choice(sorted(pending))
        state.act(seat, rng.choice(list(pending[seat])))
    return state.record()


@pytest.mark.parametrize(("game_id", "players"), [("goodcop", 5), ("noir", 2), ("infected", 4)])
def test_a_whole_game_counts_only_what_everyone_saw(game_id: str, players: int) -> None:
    record = random_record(game_id, players, 7)
    counted = stats.statistics(record)
    assert [c.key for c in counted.columns] == list(counted.rows[0])
    assert len(counted.rows) == players
    public = stats.public_events(record)
    assert public and all(e.public for e in public)
    totals = {c.key: sum(r[c.key] for r in counted.rows) for c in counted.columns}
    kinds = [e.kind for e in public]
    if game_id == "goodcop":
        assert totals["shots"] == kinds.count("shot")
        assert totals["investigations"] == kinds.count("investigate")
    elif game_id == "noir":
        assert totals["kills"] == kinds.count("kill")
        assert totals["turns"] == sum(kinds.count(k) for k in stats.NOIR_TURNS)
    else:
        assert totals["votes"] == sum(
            len(e.data["yes"]) + len(e.data["no"]) for e in public if e.kind == "votes"
        )
    assert sum(totals.values()) > 0


def test_what_only_some_seats_saw_is_never_counted() -> None:
    record = random_record("goodcop", 4, 3)
    state = record.start()
    every = [e for _s, _a, made in record.apply_to(state) for e in made]
    private = [e for e in every if not e.public]
    assert private, "a Good Cop game tells some seats secrets"
    public = stats.public_events(record)
    assert len(public) == len(every) - len(private)
    assert not {e.kind for e in public} & {"saw", "drew", "received"}


def test_a_game_without_a_counter_shows_no_columns() -> None:
    record = Record(game="no-such-game", options={}, players=["a", "b"], seed=1)
    assert stats.statistics(record).to_json() == {"columns": [], "rows": [{}, {}]}
