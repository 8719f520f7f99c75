"""The engine contract, exercised through the High Card fixture game."""

import json
import random

import pytest

from hiddenhand.bots.base import RandomBot, make_bot, parse_bot_spec
from hiddenhand.bots.match import SeatLogs, play, turn_for
from hiddenhand.engine import (
    Event,
    IllegalAction,
    OptionError,
    Record,
    RecordError,
    UnknownGame,
    get_game,
    render,
)
from hiddenhand.engine.checks import PropertyFailure, check_secrecy, run_checks
from tests.engine.toy import HighCard, HighCardOptions


@pytest.fixture
def game():
    return get_game("highcard")


def test_unknown_game_names_the_known_ones():
    with pytest.raises(UnknownGame, match="highcard"):
        get_game("chess")


def test_options_parse_types_defaults_and_errors(game):
    assert game.options(None) == HighCardOptions()
    opts = game.options(["turns=4", "ties=nobody"])
    assert opts.turns == 4 and opts.ties == "nobody"
    assert opts.changed() == {"turns": 4, "ties": "nobody"}
    with pytest.raises(OptionError, match="unknown option 'colour'.*turns"):
        game.options(["colour=red"])
    with pytest.raises(OptionError, match="share\\|nobody"):
        game.options(["ties=maybe"])
    with pytest.raises(OptionError, match="key=value"):
        game.options(["turns"])
    with pytest.raises(OptionError, match="int"):
        game.options(["turns=many"])
    with pytest.raises(OptionError, match="2-5 players, not 7"):
        game.start(7)
    with pytest.raises(OptionError, match="at least 1"):
        game.start(3, ["turns=0"])


def test_actions_have_text_json_and_stable_ids(game):
    state = game.start(3, seed=1)
    space = state.space
    peek = space.get("peek", 2)
    assert str(peek) == "peek at seat 2's card"
    assert peek.describe(state.players) == "peek at Cal's card"
    assert space.parse(json.loads(json.dumps(peek.to_json()))) is peek
    assert space.parse(peek.id) is peek
    assert space.parse({"kind": "peek", "args": [2]}) is peek
    assert hash(peek) == peek.id and peek == space[peek.id]
    with pytest.raises(AttributeError):
        peek.id = 3  # type: ignore[misc]
    for bad in (None, "x", True, -1, 99, {"id": 1, "kind": "call"}, {"kind": "fly"}):
        with pytest.raises(IllegalAction):
            space.parse(bad)
    assert space.mask([peek]) == [a is peek for a in space]


def test_act_rejects_bad_seats_and_actions_without_change(game):
    state = game.start(3, seed=2)
    before = [state.view(s) for s in range(3)]
    with pytest.raises(IllegalAction, match="Bea is not asked"):
        state.act(1, state.space.get("call"))
    with pytest.raises(IllegalAction, match="no seat 9"):
        state.act(9, 0)
    with pytest.raises(IllegalAction, match="no action has id 42"):
        state.act(0, 42)
    with pytest.raises(IllegalAction, match="not a legal action") as refused:
        state.act(0, state.space.get("peek", 0))
    assert refused.value.__context__ is None  # no internal lookup's traceback chained to it
    assert [state.view(s) for s in range(3)] == before and state.history == []


def test_act_takes_a_legal_action_id_as_the_action_itself(game):
    by_id, by_action = game.start(3, seed=2), game.start(3, seed=2)
    peek = by_action.space.get("peek", 1)
    assert by_id.act(0, peek.id) == by_action.act(0, peek)
    assert by_id.history == by_action.history == [(0, peek.id)]
    assert by_id.view(0) == by_action.view(0)


def test_act_refuses_an_illegal_id_and_a_bool_without_change(game):
    state = game.start(3, seed=2)
    assert state.space[0] in state.legal(0)  # "call": False == 0, but a bool is no action id
    for bad in (False, state.space.get("peek", 0).id):
        with pytest.raises(IllegalAction, match="not a legal action") as refused:
            state.act(0, bad)
        assert refused.value.__context__ is None
    assert state.history == []


def test_events_have_audiences_and_logs_filter_them(game):
    state = game.start(3, seed=3)
    events = state.act(0, state.space.get("peek", 1))
    public, secret = events
    assert public.visible_to(None) and public.visible_to(2)
    assert secret.visible_to(0) and not secret.visible_to(1) and not secret.visible_to(None)
    logs = SeatLogs(3)
    logs.add(events)
    assert logs.of(0) == [public, secret] and logs.of(1) == [public] and logs.of(None) == [public]
    assert render("{p0} sees {p2}", ["A", "B", "C"]) == "A sees C"
    assert Event("x", "{p1} waves").describe() == "seat 1 waves"


def test_view_depends_on_seat_and_reveals_at_the_end(game):
    state = game.start(3, seed=4)
    state.act(0, state.space.get("peek", 2))
    assert state.view(0)["cards"][2] is not None
    assert state.view(1)["cards"][2] is None and state.view(None)["cards"] == [None] * 3
    state.act(1, state.space.get("call"))
    assert None not in state.view(None)["cards"]
    assert state.outcome() is not None and state.pending() == {}
    with pytest.raises(IllegalAction, match="over"):
        state.act(2, 0)


def test_roles_are_refused_until_the_game_is_over(game):
    state = game.start(3, seed=12)
    with pytest.raises(IllegalAction, match="once the game is over"):
        state.roles()
    state.act(0, state.space.get("call"))
    assert state.roles() is None  # High Card has no roles


def test_clone_is_independent(game):
    state = game.start(3, seed=5)
    copy = state.clone()
    copy.act(0, copy.space.get("call"))
    assert state.history == [] and not state.over and copy.over


def test_determinize_keeps_what_the_seat_knows(game):
    state = game.start(4, seed=6)
    state.act(0, state.space.get("peek", 3))
    rng = random.Random(0)
    check_secrecy(state, rng)
    samples = {tuple(state.determinize(0, rng).cards) for _ in range(50)}
    assert all(s[0] == state.cards[0] and s[3] == state.cards[3] for s in samples)
    assert len(samples) > 1


def test_secrecy_check_catches_a_leaky_view(game, monkeypatch):
    state = game.start(3, seed=7)
    monkeypatch.setattr(HighCard, "view", lambda self, seat: {"cards": list(self.cards)})
    with pytest.raises(PropertyFailure, match="changed what seat"):
        check_secrecy(state, random.Random(1))


def test_record_replays_exactly_and_rejects_garbage(game):
    state = game.start(3, ["turns=6"], seed=8)
    result = play(state, [RandomBot(s, 8) for s in range(3)])
    record = Record.from_json(result.state.record().to_json())
    again = record.replay()
    assert again.outcome() == result.outcome
    assert [again.view(s) for s in range(3)] == [result.state.view(s) for s in range(3)]
    with pytest.raises(RecordError):
        Record.from_json(b"{not json")
    with pytest.raises(RecordError, match="does not replay"):
        Record(game="highcard", options={}, players=["a", "b"], seed=1, actions=[[1, 0]]).replay()
    with pytest.raises(RecordError, match="cannot start"):
        Record(game="highcard", options={"x": 1}, players=["a", "b"], seed=1).replay()


def test_properties_hold_over_many_seeds(game):
    for seed in range(200):
        run_checks(game, 2 + seed % 4, game.options(None), seed)


def test_bots_get_turns_without_the_true_state(game):
    state = game.start(3, seed=9)
    bot = make_bot(game, "random", 0, 9)
    turn = turn_for(state, 0, bot, [])
    assert turn.sample is None and turn.view is None and list(turn.legal) == list(state.legal(0))
    assert parse_bot_spec("ismcts:iterations=50:seed=2") == (
        "ismcts",
        {"iterations": "50", "seed": "2"},
    )
    with pytest.raises(OptionError, match="bots are: .*random"):
        make_bot(game, "genius", 0)
    with pytest.raises(OptionError, match="key=value"):
        parse_bot_spec("random:fast")


def test_same_seed_same_game(game):
    def run(seed: int) -> list[list[int]]:
        state = game.start(4, seed=seed)
        return play(state, [RandomBot(s, seed) for s in range(4)]).state.record().actions

    assert run(11) == run(11)
    assert any(run(11) != run(s) for s in range(12, 20))


@pytest.mark.parametrize("game_id", ["noir", "goodcop", "infected"])
def test_act_legal_plays_as_act(game_id):
    """Searches apply moves taken from `pending()` without the checks: the same game follows."""
    import hiddenhand.games  # noqa: F401 - registers the games

    game = get_game(game_id)
    rng = random.Random(game_id)
    for seed in range(3):
        checked = game.start(game.usual_players, seed=seed)
        trusted = checked.clone()
        while checked.pending():
            pending = checked.pending()
            assert pending == trusted.pending()
            seat = rng.choice(sorted(pending))
            action = rng.choice(pending[seat])
            checked.act(seat, action)
            trusted.act_legal(seat, action)
            assert trusted.history == checked.history
        assert not trusted.pending()
        assert trusted.view(None) == checked.view(None)
        assert trusted.outcome() == checked.outcome()
