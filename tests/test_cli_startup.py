"""The command line starts without loading what only some commands use: `--help` and `play`
never import the server, its web and database libraries, password hashing or plotting."""

import json
import subprocess
import sys

import pytest

from hiddenhand.cli.serve import DEFAULT_STORE
from hiddenhand.server.storage import DEFAULT_URL

HEAVY = (
    "hiddenhand.server.app",
    "hiddenhand.server.accounts",
    "hiddenhand.server.storage",
    "hiddenhand.bots.arena",
    "starlette",
    "uvicorn",
    "sqlalchemy",
    "argon2",
    "redis",
    "psycopg",
    "matplotlib",
    "prometheus_client",
)

PROBE = """
import json, runpy, sys
sys.argv = ["hiddenhand", *json.loads(sys.argv[1])]
try:
    runpy.run_module("hiddenhand", run_name="__main__")
except SystemExit:
    pass
print(json.dumps(sorted(sys.modules)), file=sys.stderr)
"""


def loaded_by(*args: str) -> set[str]:
    done = subprocess.run(
        [sys.executable, "-c", PROBE, json.dumps(args)], capture_output=True, text=True, check=True
    )
    assert "Usage" in done.stdout
    return set(json.loads(done.stderr.strip().splitlines()[-1]))


@pytest.mark.parametrize("args", [("--help",), ("play", "--help"), ("serve", "--help")])
def test_help_loads_no_heavy_module(args):
    modules = loaded_by(*args)
    heavy = {m for m in modules if m in HEAVY or m.split(".")[0] in HEAVY}
    assert not heavy, f"hiddenhand {' '.join(args)} imports {sorted(heavy)}"
    assert "hiddenhand.cli.play" in modules  # the probe did run the command line


def test_serve_default_store_is_the_servers():
    assert DEFAULT_STORE == DEFAULT_URL
