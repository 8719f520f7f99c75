"""Reinforcement learning: observation tensors, PettingZoo and OpenSpiel environments.

The adapters import numpy, gymnasium, pettingzoo or pyspiel (the `rl` extra); import the
submodule you need (`hiddenhand.rl.pettingzoo`, `hiddenhand.rl.openspiel`). docs/rl.md
describes them. `register_encoder(game_id, encoder)` gives a game a hand-written observation
encoder; any other game gets the generic one, read from its view Struct.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from hiddenhand.rl.encoders import register_encoder

__all__ = ["register_encoder"]


def __getattr__(name: str) -> Any:
    """`register_encoder`, imported on first use (it needs numpy)."""
    if name == "register_encoder":
        from hiddenhand.rl.encoders import register_encoder

        return register_encoder
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
