"""A small run of the load benchmark so it keeps working (the full run is not a test)."""

from __future__ import annotations

import json
import subprocess
import sys

from tests.server.conftest import ROOT


def test_the_load_benchmark_runs_and_reports() -> None:
    out = subprocess.run(
        [
            sys.executable,
            "benchmarks/load.py",
            "--game",
            "highcard",
            "--import",
            "tests.engine.toy",
            "--avoid",
            "call",
            "--tables",
            "4",
            "--seats",
            "3",
            "--rate",
            "5",
            "--seconds",
            "2",
            "--max-seconds",
            "1",
            "--json",
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    report = json.loads(out.stdout.strip().splitlines()[-1])
    assert report["connections"] == 12
    assert report["paced"]["actions"] > 0 and report["paced"]["errors"] == 0
    assert report["paced"]["error_messages"] == {}
    assert report["paced"]["p99_ms"] >= report["paced"]["p50_ms"] > 0
    assert report["flat_out"]["actions"] > 0
