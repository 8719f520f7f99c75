"""A learned guide for the search: a small policy and value network over one seat's observation.

The network reads the tensor `hiddenhand.rl` builds for a seat (its view and the events it saw,
nothing else) and answers two things: how likely each action of the game's action space is to be
the search's choice (the policy, a prior over the legal ones), and each seat's chance to win as
that seat sees the game (the values, by seat relative to the owner: 0 is the owner). The search
(`ismcts` with `guide=on`) uses the policy to pick the root actions worth comparing and the
values to score a determinized world after a short rollout, instead of playing it to the end.

Inference is numpy alone: two hidden layers of ReLU, a few matrix products per call. The weights
ship in the package (`guides/GAME-PLAYERS.npz`), written by `python -m hiddenhand.bots.train`.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path

import numpy as np

GUIDES = Path(__file__).with_name("guides")
"""Where the shipped weights lie, one file per game and seat count."""

LAYERS = ("w1", "b1", "w2", "b2", "wp", "bp", "wv", "bv")


def guide_path(game_id: str, players: int, folder: Path | None = None) -> Path:
    return (folder or GUIDES) / f"{game_id}-{players}.npz"


@dataclass(frozen=True, eq=False)
class Guide:
    """One game's network for one seat count (float32 weights; see the module)."""

    game_id: str
    players: int
    w1: np.ndarray
    b1: np.ndarray
    w2: np.ndarray
    b2: np.ndarray
    wp: np.ndarray
    bp: np.ndarray
    wv: np.ndarray
    bv: np.ndarray

    @property
    def inputs(self) -> int:
        return int(self.w1.shape[0])

    @property
    def actions(self) -> int:
        return int(self.wp.shape[1])

    def forward(self, obs: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Policy logits (rows by action id) and win chances (rows by relative seat) of a batch
        of observations (one per row)."""
        hidden = np.maximum(obs @ self.w1 + self.b1, 0.0)
        hidden = np.maximum(hidden @ self.w2 + self.b2, 0.0)
        logits = hidden @ self.wp + self.bp
        values = 1.0 / (1.0 + np.exp(-(hidden @ self.wv + self.bv)))
        return logits, values

    def priors(self, obs: np.ndarray, legal: list[int]) -> np.ndarray:
        """The policy over the `legal` action ids (in their order), summing to one."""
        logits, _ = self.forward(obs[None, :])
        chosen = logits[0, legal]
        weights = np.exp(chosen - chosen.max())
        return np.asarray(weights / weights.sum())

    def values(self, obs: np.ndarray, owner: int) -> list[float]:
        """Every table seat's chance to win, as the owner of `obs` judges it."""
        _, values = self.forward(obs[None, :])
        relative = values[0]
        players = self.players
        return [float(relative[(seat - owner) % players]) for seat in range(players)]

    def __reduce__(self) -> tuple[object, ...]:
        """The shipped guide travels by name (a bot goes to a bot process at every decision);
        any other by its weights."""
        if shipped_guide(self.game_id, self.players) is self:
            return (shipped_guide, (self.game_id, self.players))
        return (Guide, (self.game_id, self.players, *(getattr(self, n) for n in LAYERS)))

    def save(self, path: Path) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        with path.open("wb") as out:
            np.savez_compressed(
                out,
                game=np.array(self.game_id),
                players=np.array(self.players),
                **{name: getattr(self, name).astype(np.float32) for name in LAYERS},
            )

    @classmethod
    def load(cls, path: Path) -> Guide:
        with np.load(path) as data:
            layers = {name: np.ascontiguousarray(data[name], dtype=np.float32) for name in LAYERS}
            return cls(str(data["game"]), int(data["players"]), **layers)


@cache
def shipped_guide(game_id: str, players: int) -> Guide | None:
    """The guide shipped for this game and seat count, or None where there is none."""
    path = guide_path(game_id, players)
    return Guide.load(path) if path.exists() else None
