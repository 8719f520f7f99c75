"""Shared fixtures. The High Card fixture game is registered for the kernel's own tests."""

import tests.engine.toy  # noqa: F401  (registers "highcard")
