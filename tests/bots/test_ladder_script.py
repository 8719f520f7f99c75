"""benchmarks/ladder.py: a pair measured with a mode's option plays that mode and says so, and a
bad option is a clear error before any game is played."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def ladder():
    sys.path.insert(0, str(ROOT / "benchmarks"))
    try:
        import ladder
    finally:
        sys.path.remove(str(ROOT / "benchmarks"))
    return ladder


def test_a_pair_is_measured_in_the_mode_asked_for(ladder, tmp_path, capsys, monkeypatch):
    played = []

    def run_games(game, options, *args):
        played.append(options)
        return real(game, options, *args)

    real = ladder.run_games
    monkeypatch.setattr(ladder, "run_games", run_games)
    out = tmp_path / "ladder.json"
    ladder.main(
        ["--game", "noir", "--pairs", "easy-medium", "--games", "noir=4", "--option",
         "mode=citizens-arrest", "--json", str(out)]
    )  # fmt: skip
    (step,) = json.loads(out.read_text())
    assert step["options"] == ["mode=citizens-arrest"]
    assert step["upper_seat"]["games"] == 4 and step["errors"] == 0
    assert "noir (mode=citizens-arrest)" in capsys.readouterr().out
    assert [options.mode for options in played] == ["citizens-arrest"]


def test_a_bad_option_is_refused_before_playing(ladder, capsys):
    with pytest.raises(SystemExit) as exit_:
        ladder.main(["--game", "noir", "--option", "mode=nonsense"])
    assert exit_.value.code == 2
    assert "bad value 'nonsense' for option mode" in capsys.readouterr().err
