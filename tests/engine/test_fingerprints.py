"""Every game plays exactly as it did: seeded fingerprints of a fixed matrix of games.

A refactor that must change no game passes these unchanged. A deliberate change to a game
(a rule, a text, a view, a determinizer) changes digests: rewrite them with
`python -m hiddenhand.engine.fingerprint --write` and say in the commit why they changed.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from hiddenhand.engine import Event, games, get_game, private
from hiddenhand.engine.fingerprint import FORMAT, Case, differences, fingerprint, load
from hiddenhand.games.goodcop.options import GoodCopOptions
from tests.engine.toy import HIGH_CARD, HighCard

DATA = Path(__file__).parent / "data" / "fingerprints.json"
MATRIX = load(DATA)
REGENERATE = "python -m hiddenhand.engine.fingerprint --write"


@pytest.mark.slow
@pytest.mark.parametrize("case", MATRIX.cases, ids=lambda c: c.label.replace(" ", "-"))
def test_every_game_of_the_matrix_plays_as_it_did(case: Case):
    assert MATRIX.format == FORMAT, f"the data file has format {MATRIX.format}: {REGENERATE}"
    diff = differences(case, case.compute(MATRIX.sample_every))
    assert not diff, (
        f"{case.label} (options {case.options}) no longer plays as it did:\n  "
        + "\n  ".join(diff)
        + "\nIf this change is meant to change the game, rewrite the digests with "
        f"`{REGENERATE}` and say why in the commit; `python -m hiddenhand.engine.fingerprint "
        f"--trace {case.game} {case.players} SEED key=value ...` on both versions names the "
        "first step that differs."
    )


def _is_real(game_id: str) -> bool:
    return get_game(game_id).new_state.__module__.startswith("hiddenhand.games.")


def test_the_matrix_covers_every_game_and_every_choice_of_its_options():
    """A new game, or a new value of a choice option, needs cases in the data file."""
    for game_id, game in games().items():
        if not _is_real(game_id):
            continue
        cases = [c for c in MATRIX.cases if c.game == game_id]
        assert cases, f"{game_id} has no fingerprints: add cases to {DATA.name}"
        for name, field in game.options_type.fields().items():
            for value in field.choices or ():
                assert any(game.options(c.options).to_json()[name] == value for c in cases), (
                    f"no {game_id} case plays {name}={value}"
                )
        seats = {c.players for c in cases}
        assert seats == set(range(game.min_players, game.max_players + 1)), game_id


# -- the digest can fail: each change below is one a refactor might make by mistake --------


class Louder(HighCard):
    """High Card with one event text changed."""

    def _apply(self, seat: int, action: Any) -> None:
        if action.kind != "call":
            return super()._apply(seat, action)
        self.turn += 1
        self.to_move = (seat + 1) % len(self.players)
        self.called = True
        self.emit(Event("call", f"{{p{seat}}} calls!"))


class Careless(HighCard):
    """High Card whose determinizer deals the unknown cards in another order."""

    def _resample(self, other: HighCard, seat: int, rng: random.Random) -> None:
        unknown = [s for s in range(len(self.players)) if s not in self.seen[seat]]
        pool = [c for c in range(1, 10) if c not in {self.cards[s] for s in self.seen[seat]}]
        rng.shuffle(pool)
        for s, card in zip(unknown, reversed(pool), strict=False):
            other.cards[s] = card


class Gossip(HighCard):
    """High Card whose private peek result goes to one more seat."""

    def _apply(self, seat: int, action: Any) -> None:
        before = self._sink
        super()._apply(seat, action)
        assert before is not None
        for i, event in enumerate(before):
            if event.kind == "saw":
                before[i] = Event(
                    event.kind,
                    event.text,
                    private([seat, (seat + 1) % len(self.players)]),
                    event.data,
                )


def _digests(cls: type[HighCard], sample_every: int = 1) -> list[str]:
    game = HIGH_CARD.__class__(**{**HIGH_CARD.__dict__, "new_state": cls})
    return [
        fingerprint(game, 3, {"turns": 8}, seed, sample_every=sample_every).digest
        for seed in range(20)
    ]


def test_the_same_game_gives_the_same_digest():
    assert _digests(HighCard) == _digests(HighCard)
    assert len(set(_digests(HighCard))) == 20  # and each seed its own


@pytest.mark.parametrize("changed", [Louder, Careless, Gossip], ids=lambda c: c.__name__)
def test_a_changed_game_gives_other_digests(changed: type[HighCard]):
    assert _digests(changed) != _digests(HighCard)


def test_only_samples_pin_down_the_determinizer():
    """Two determinizers that keep every view equal differ only in the samples' other views."""
    assert _digests(Careless, sample_every=0) == _digests(HighCard, sample_every=0)
    assert _digests(Careless, sample_every=1) != _digests(HighCard, sample_every=1)


def test_a_changed_rule_of_a_real_game_changes_its_stored_digests(monkeypatch):
    """One gun fewer in the centre: the stored Good Cop digests no longer match."""
    case = next(c for c in MATRIX.cases if c.game == "goodcop" and not c.options)
    case = Case(
        game=case.game,
        players=case.players,
        games=2,
        digests=case.digests[:2],
        steps=case.steps[:2],
    )
    assert not differences(case, case.compute(MATRIX.sample_every))
    monkeypatch.setattr(GoodCopOptions, "gun_count", lambda self, players: players - 1)
    diff = differences(case, case.compute(MATRIX.sample_every))
    assert len(diff) == 2 and diff[0].startswith("seed 0:")
