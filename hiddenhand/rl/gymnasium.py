"""One seat learning against hiddenhand bots, as a single-agent Gymnasium environment.

    from hiddenhand.rl.gymnasium import SeatEnv
    env = SeatEnv("noir", opponents="heuristic")       # flat Box observation, action_masks()

Single-agent libraries (Stable-Baselines3, sb3-contrib's MaskablePPO) take it as it is: the
observation is the seat's tensor followed by its action mask (`observation="dict"` gives
PettingZoo's dict instead), `action_masks()` returns the mask, and by default an illegal
action ends the episode with `illegal_reward` rather than raising, as a random sample from the
action space may be illegal. The other seats are played by bots that see only what their seat
may know; their actions run between the learner's steps.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import gymnasium
import numpy as np

from hiddenhand.bots.base import Bot, make_bot
from hiddenhand.bots.match import SeatLogs, decide
from hiddenhand.engine import Options
from hiddenhand.rl.pettingzoo import (
    HiddenhandEnv,
    IllegalPolicy,
    Observation,
    ObservationFormat,
)

Step = tuple[Observation, float, bool, bool, dict[str, Any]]


class SeatEnv(gymnasium.Env[Observation, np.int64]):
    """A hiddenhand table from one seat: the learner's decisions are the steps, bots play the
    other seats, and the reward is the learner's payoff at the end (+1 win, -1 loss, 0 draw or
    truncation).

    `seat`: the learner's seat, or None for the game's engine seed modulo the seat count (so
    the learner plays every seat, and every role the deal gives it). `opponents`: one bot spec
    for every other seat, or one per seat (the learner's entry is ignored). A deal the bots
    finish before the learner's first decision is skipped for the next one.
    """

    def __init__(
        self,
        game: str,
        players: int | None = None,
        options: Options | Sequence[str] | None = None,
        *,
        seat: int | None = None,
        opponents: str | Sequence[str] = "random",
        max_steps: int | None = None,
        observation: ObservationFormat = "flat",
        illegal: IllegalPolicy = "terminate",
        illegal_reward: float = -1.0,
        render_mode: str | None = None,
    ) -> None:
        self.env = HiddenhandEnv(
            game,
            players,
            options,
            render_mode,
            max_steps=max_steps,
            observation=observation,
            illegal=illegal,
            illegal_reward=illegal_reward,
        )
        players = self.env.episode.players
        if seat is not None and not 0 <= seat < players:
            raise ValueError(f"seat must be in 0..{players - 1}, not {seat}")
        specs = [opponents] * players if isinstance(opponents, str) else list(opponents)
        if len(specs) != players:
            raise ValueError(f"opponents must name one bot per seat ({players}), not {specs}")
        for spec in specs:  # an unknown bot is refused here, not at the first reset
            make_bot(self.env.episode.game, spec, 0)
        self.specs = specs
        self.fixed_seat = seat
        self.seat = seat or 0
        self.render_mode = render_mode
        self.metadata = {"render_modes": ["ansi"]}
        self.observation_space = self.env.observation_space("player_0")
        self.action_space = self.env.action_space("player_0")
        self._bots: dict[int, Bot] = {}
        self._logs = SeatLogs(players)

    @property
    def learner(self) -> str:
        return self.env.possible_agents[self.seat]

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Observation, dict[str, Any]]:
        super().reset(seed=seed)
        while True:
            self.env.reset(seed=seed)
            seed = None
            episode = self.env.episode
            fixed = self.fixed_seat
            self.seat = self.env.game_seed % episode.players if fixed is None else fixed
            self._bots = {
                s: make_bot(episode.game, spec, s, self.env.game_seed)
                for s, spec in enumerate(self.specs)
                if s != self.seat
            }
            self._logs = SeatLogs(episode.players)
            if not self._play_bots():
                return self.env.observe(self.learner), {"seat": self.seat}

    def _play_bots(self) -> bool:
        """Let the bots act until the learner decides; True if the episode ended meanwhile."""
        env = self.env
        while not self._ended():
            agent = env.agent_selection
            if agent == self.learner:
                return False
            seat = env.possible_agents.index(agent)
            action = decide(env.episode.state, seat, self._bots[seat], self._logs.of(seat))
            env.step(action.id)
            self._logs.add(env.events)
        return True

    def _ended(self) -> bool:
        return self.env.terminations[self.learner] or self.env.truncations[self.learner]

    def step(self, action: np.int64 | int) -> Step:
        env = self.env
        env.step(int(action))
        self._logs.add(env.events)
        self._play_bots()
        learner = self.learner
        info: dict[str, Any] = dict(env.infos.get(learner, {}))
        return (
            env.observe(learner),
            float(env.rewards[learner]),
            env.terminations[learner],
            env.truncations[learner],
            info,
        )

    def action_masks(self) -> np.ndarray:
        """The learner's legal actions as booleans (what MaskablePPO asks for)."""
        return self.env.action_mask(self.seat).astype(bool)

    def render(self) -> str | None:
        return self.env.render()
