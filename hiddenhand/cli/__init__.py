"""The `hiddenhand` command: play, simulate, bench, replay (and serve, tournament)."""

import hiddenhand.cli.tournament  # noqa: F401
from hiddenhand.cli import bench, play, replay, serve, simulate  # noqa: F401  (they register commands)
from hiddenhand.cli.app import app

__all__ = ["app"]
