"""The `hiddenhand` command: play, simulate, bench, replay (and serve, tournament, backup,
restore, migrate, admin)."""

import hiddenhand.cli.tournament  # noqa: F401
from hiddenhand.cli import (  # noqa: F401  (they register commands)
    admin,
    backup,
    balance,
    bench,
    migrate,
    play,
    replay,
    serve,
    simulate,
)
from hiddenhand.cli.app import app

__all__ = ["app"]
