"""The learned guide: its network learns what it is shown, the search uses it on the bot's own
observation only, and the training command writes weights the search loads."""

from __future__ import annotations

import pickle
import random
from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pytest
from typer.testing import CliRunner

from hiddenhand.bots import guide as guide_module
from hiddenhand.bots import train
from hiddenhand.bots.base import Turn, make_bot
from hiddenhand.bots.fit import fit_guide
from hiddenhand.bots.guide import Guide, guide_path
from hiddenhand.bots.ismcts import ISMCTSBot
from hiddenhand.bots.match import SeatLogs, decide, play
from hiddenhand.bots.selfplay import FIELDS, Lessons, self_play
from hiddenhand.bots.train import app
from hiddenhand.engine import HiddenhandError, OptionError, get_game


def taught(rows: int, inputs: int = 12, actions: int = 5, seed: int = 1) -> Lessons:
    """Lessons with a rule to learn: the teacher plays the legal action whose input is largest,
    and the owner wins when input 0 is positive."""
    rng = np.random.default_rng(seed)
    obs = rng.standard_normal((rows, inputs)).astype(np.float32)
    legal = rng.random((rows, actions)) < 0.7
    legal[np.arange(rows), rng.integers(0, actions, rows)] = True
    policy = np.zeros((rows, actions), np.float32)
    scores = np.where(legal, obs[:, :actions], -np.inf)
    policy[np.arange(rows), scores.argmax(axis=1)] = 1.0
    won = (obs[:, 0] > 0).astype(np.float32)
    values = np.stack([won, 1.0 - won], axis=1)
    return Lessons(obs, legal, policy, values)


def test_the_network_learns_the_teachers_rule_and_who_wins() -> None:
    guide, judged = fit_guide("toy", taught(6000), hidden=32, epochs=25, seed=3)
    assert judged.agreement > 0.9  # a fifth by chance
    assert judged.value_error < 0.15  # one half knowing nothing
    fresh = taught(200, seed=9)
    priors = guide.priors(fresh.obs[0], list(np.flatnonzero(fresh.legal[0])))
    assert priors.sum() == pytest.approx(1.0, abs=1e-5)
    assert np.flatnonzero(fresh.legal[0])[priors.argmax()] == fresh.policy[0].argmax()


def test_weights_written_are_the_weights_read(tmp_path: Path) -> None:
    guide, _ = fit_guide("toy", taught(300), hidden=8, epochs=1)
    assert np.array_equal(pickle.loads(pickle.dumps(guide)).w1, guide.w1)
    guide.save(tmp_path / "toy-2.npz")
    again = Guide.load(tmp_path / "toy-2.npz")
    assert (again.game_id, again.players, again.inputs, again.actions) == ("toy", 2, 12, 5)
    obs = taught(4, seed=5).obs
    for mine, theirs in zip(guide.forward(obs), again.forward(obs), strict=True):
        assert np.array_equal(mine, theirs)


@pytest.fixture
def noir_guide(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Guide]:
    """A small NOIR guide fitted to two self-play games, shipped from a temporary folder."""
    game = get_game("noir")
    options = game.options(None)
    lessons = Lessons.join(
        [self_play("noir", 2, options, "ismcts:iterations=12", 1, seed) for seed in (1, 2)]
    )
    guide, _ = fit_guide("noir", lessons, hidden=16, epochs=2)
    guide.save(guide_path("noir", 2, tmp_path))
    monkeypatch.setattr(guide_module, "GUIDES", tmp_path)
    guide_module.shipped_guide.cache_clear()
    yield guide
    guide_module.shipped_guide.cache_clear()


def test_self_play_teaches_the_deciders_tensor_its_legal_moves_and_the_outcome() -> None:
    game = get_game("noir")
    lessons = self_play("noir", 2, game.options(None), "ismcts:iterations=12", 0, 4)
    assert len(lessons) > 0
    assert np.allclose(lessons.policy.sum(axis=1), 1.0)
    assert not (lessons.policy > 0)[~lessons.legal].any()  # preferences among legal moves only
    assert set(np.unique(lessons.values)) <= {0.0, 1.0}
    assert np.allclose(lessons.values.sum(axis=1), 1.0)  # one of two wins


def test_the_guided_search_reads_only_what_its_seat_knows(noir_guide: Guide) -> None:
    """The root's priors come from the seat's observation: the same in every world that the
    seat's determinization could have drawn, though the Killer differs between them."""
    game = get_game("noir")
    rng = random.Random(3)
    state, logs = game.start(2, game.options(None), 11), SeatLogs(2)
    while len(state.legal(1)) < 2 or len(state.history) < 6:
        if state.over:
            state, logs = game.start(2, game.options(None), rng.randrange(99)), SeatLogs(2)
        seat = min(state.pending())
        logs.add(state.act(seat, rng.choice(state.legal(seat))))
    priors, others = [], set()
    for draw in range(6):
        world = state.determinize(1, random.Random(draw))
        others.add(repr(world.view(0)))
        bot = ISMCTSBot(1, 0, iterations=4, guide="on")
        turn = Turn(game, 1, state.players, tuple(state.legal(1)), logs.of(1), None, world)
        priors.append(bot.root_priors(turn))
    assert len(others) > 1  # the worlds differ in what the other seat holds
    assert all(p == priors[0] for p in priors)
    assert sum(priors[0].values()) == pytest.approx(1.0, abs=1e-5)


def test_the_guided_search_plays_legal_moves_and_the_same_game_for_the_same_seeds(
    noir_guide: Guide,
) -> None:
    game = get_game("noir")

    def moves() -> list[tuple[int, int]]:
        bots = [make_bot(game, "ismcts:iterations=20:guide=on:width=3", s, 5 + s) for s in (0, 1)]
        return play(game.start(2, game.options(None), 8), bots).state.history

    assert moves() == moves()


def test_a_game_without_a_shipped_guide_is_told_so(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(guide_module, "GUIDES", tmp_path)
    guide_module.shipped_guide.cache_clear()
    game = get_game("noir")
    bots = [make_bot(game, "ismcts:iterations=4:guide=on", s, s) for s in (0, 1)]
    with pytest.raises(OptionError, match="no guide is shipped for noir with 2"):
        play(game.start(2, game.options(None), 1), bots)
    guide_module.shipped_guide.cache_clear()
    toy, _ = fit_guide("noir", taught(50), hidden=8, epochs=1)  # trained on other tensors
    toy.save(guide_path("noir", 2, tmp_path))
    bots = [make_bot(game, "ismcts:iterations=4:guide=on", s, s) for s in (0, 1)]
    with pytest.raises(OptionError, match="reads another observation"):
        play(game.start(2, game.options(None), 1), bots)
    guide_module.shipped_guide.cache_clear()
    with pytest.raises(OptionError, match="guide takes off or on"):
        make_bot(game, "ismcts:guide=maybe", 0)


def test_a_guided_bot_is_refused_before_the_game_where_no_guide_fits() -> None:
    """Told the table, `make_bot` refuses a guided search that could not play it, so a lobby or
    a command refuses the spec at once instead of failing at its first decision."""
    goodcop, noir = get_game("goodcop"), get_game("noir")
    with pytest.raises(OptionError, match="no guide is shipped for goodcop with 6 players"):
        make_bot(goodcop, "ismcts:guide=on", 0, 0, (6, goodcop.options(None)))
    make_bot(goodcop, "ismcts", 0, 0, (6, goodcop.options(None)))  # unguided: any table
    make_bot(noir, "expert", 0, 0, (2, noir.options(["mode=standard"])))  # the shipped guide


def test_the_training_command_writes_a_guide_the_search_loads(tmp_path: Path) -> None:
    out = tmp_path / "noir-2.npz"
    result = CliRunner().invoke(
        app,
        [
            "noir",
            "--games",
            "2",
            "--teacher",
            "ismcts:iterations=8",
            "--epochs",
            "2",
            "--hidden",
            "16",
            "--out",
            str(out),
        ],
    )
    assert result.exit_code == 0, result.output
    guide = Guide.load(out)
    assert (guide.game_id, guide.players, guide.actions) == ("noir", 2, 172)
    assert "agreement" in result.output
    refused = CliRunner().invoke(app, ["noir", "--option", "mode=nonsense", "--out", str(out)])
    assert refused.exit_code == 2


def test_a_guided_bot_travels_to_a_bot_process_and_decides_the_same_again(
    noir_guide: Guide,
) -> None:
    game = get_game("noir")
    state = game.start(2, game.options(None), 3)
    seat = min(state.pending())
    bot = make_bot(game, "ismcts:iterations=10:guide=on", seat, 7)
    decide(state.clone(), seat, bot, [])
    sent = pickle.dumps(bot)
    assert len(pickle.dumps(guide_module.shipped_guide("noir", 2))) < 200  # by name
    copy = pickle.loads(sent)
    assert decide(state.clone(), seat, copy, []) == decide(state.clone(), seat, bot, [])


def test_with_a_width_the_guide_chooses_which_root_actions_are_compared(noir_guide: Guide) -> None:
    """The root actions searched are the heuristic's choice and those the policy rates highest,
    not a random draw."""
    game = get_game("noir")
    rng = random.Random(5)
    state, logs = game.start(2, game.options(None), 5), SeatLogs(2)
    while len(state.legal(seat := min(state.pending()))) <= 6:
        logs.add(state.act(seat, rng.choice(state.legal(seat))))
    bot = ISMCTSBot(seat, 2, iterations=6, guide="on", width=3)
    world = state.determinize(seat, random.Random(1))
    turn = Turn(game, seat, state.players, tuple(state.legal(seat)), logs.of(seat), None, world)
    found = bot.deliberate(turn)
    priors = bot.root_priors(turn)
    others = sorted((a for a in turn.legal if a != found.preferred), key=lambda a: -priors[a.id])
    assert set(found.legal) == {found.preferred, *others[:2]}


def test_a_time_budget_keeps_the_games_finished_and_they_are_the_same_games(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """`--minutes` stops dealing games at the deadline; the games played are the first ones, the
    same as without a budget (a fake clock passes the deadline before the third game)."""
    options = [get_game("noir").options(None).to_json()]
    unbounded, played = train.teach("noir", 2, options, "ismcts:iterations=4", 2, 3, 1)
    assert played == 2
    clock = iter([0.0, 0.0, 0.0, 61.0, 62.0])
    monkeypatch.setattr(train, "monotonic", lambda: next(clock))
    bounded, played = train.teach("noir", 2, options, "ismcts:iterations=4", 5, 3, 1, minutes=1)
    assert played == 2
    for field in FIELDS:
        assert np.array_equal(getattr(bounded, field), getattr(unbounded, field))
    clock = iter([0.0, 61.0])
    with pytest.raises(HiddenhandError, match="no self-play game finished in 1 minutes"):
        train.teach("noir", 2, options, "ismcts:iterations=4", 5, 3, 1, minutes=1)


def test_a_time_budget_over_worker_processes_keeps_the_games_in_order() -> None:
    """With a budget that is not reached, the worker processes deal the same games, in game
    order, as one process without a budget."""
    options = [get_game("noir").options(None).to_json()]
    alone, _ = train.teach("noir", 2, options, "ismcts:iterations=4", 3, 5, 1)
    pooled, played = train.teach("noir", 2, options, "ismcts:iterations=4", 3, 5, 2, minutes=10)
    assert played == 3
    for field in FIELDS:
        assert np.array_equal(getattr(pooled, field), getattr(alone, field))
