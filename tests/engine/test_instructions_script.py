"""benchmarks/instructions.py: what it counts is the same work in both builds (its ratio is
only meaningful then), and it plays what it says."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

SCRIPT = Path(__file__).resolve().parents[2] / "benchmarks" / "instructions.py"


def inner(*args: str, pure: bool) -> int:
    env = {**os.environ, "PYTHONHASHSEED": "0", "HIDDENHAND_PURE": "1" if pure else "0"}
    run = subprocess.run(
        [sys.executable, str(SCRIPT), "--inner", *args],
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    return int(run.stdout.split()[-1])


@pytest.mark.parametrize("what", ["playouts", "ismcts"])
def test_both_builds_play_the_same_steps(what):
    compiled = inner("noir", "2", "2", what, "play", pure=False)
    assert compiled > 0
    assert inner("noir", "2", "2", what, "play", pure=True) == compiled


def test_the_start_run_deals_without_playing():
    assert inner("noir", "2", "2", "playouts", "start", pure=False) == 0
