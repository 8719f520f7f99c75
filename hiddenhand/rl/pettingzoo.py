"""PettingZoo environments for every hiddenhand game.

    from hiddenhand.rl.pettingzoo import env, parallel_env
    aec = env("goodcop", players=6, options=["zombies=dice"])
    par = parallel_env("infected", players=4)

Agents are `player_0`..`player_{n-1}` (seat order). An observation is a dict, as in
PettingZoo's classic environments: `observation` (the seat's tensor, see docs/rl.md) and
`action_mask` (1 for each legal action id of the game's action space). Rewards come at the
end: +1 to each winner, -1 to every other seat, 0 to all in a draw.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv, ParallelEnv
from pettingzoo.utils import wrappers

from hiddenhand.engine import Event, Options
from hiddenhand.rl.table import Table
from hiddenhand.tui.renderers import renderer

ObsDict = dict[str, np.ndarray]


def _spaces(table: Table) -> tuple[spaces.Dict, spaces.Discrete]:
    high = np.finfo(np.float32).max
    observation = spaces.Dict(
        {
            "observation": spaces.Box(0.0, high, (table.size,), np.float32),
            "action_mask": spaces.Box(0, 1, (table.actions,), np.int8),
        }
    )
    return observation, spaces.Discrete(table.actions)


def _render(table: Table) -> str:
    """The spectator's view as text (what anyone at the table may see)."""
    render_view = renderer(table.game.id)
    if render_view is None:
        return str(table.state.view(None))
    from rich.console import Console

    console = Console(width=100, record=True, file=None, force_terminal=False)
    with console.capture() as capture:
        console.print(render_view(table.state.view(None), table.state.players))
    return capture.get()


class _Seeds:
    """The game seeds of successive resets: fixed by `reset(seed=...)`, random otherwise."""

    def __init__(self) -> None:
        self.rng = random.Random()

    def next(self, seed: int | None) -> int:
        if seed is not None:
            self.rng = random.Random(seed)
        return self.rng.randrange(2**31)


class _TableAgents:
    """What both environments share: one table, its agents and their spaces."""

    table: Table

    def _seat_agents(
        self,
        game: str,
        players: int | None,
        options: Options | Sequence[str] | None,
        render_mode: str | None,
    ) -> None:
        self.table = Table(game, players, options)
        self.render_mode = render_mode
        self.possible_agents = [f"player_{i}" for i in range(self.table.players)]
        observation, action = _spaces(self.table)
        self.observation_spaces = dict.fromkeys(self.possible_agents, observation)
        self.action_spaces = dict.fromkeys(self.possible_agents, action)
        self._seeds = _Seeds()

    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]


class HiddenhandEnv(_TableAgents, AECEnv):
    """One hiddenhand table as an AEC environment; a window of several seats (reactions,
    simultaneous choices, votes) is asked one seat at a time, in seat order."""

    def __init__(
        self,
        game: str,
        players: int | None = None,
        options: Options | Sequence[str] | None = None,
        render_mode: str | None = None,
    ) -> None:
        super().__init__()
        self._seat_agents(game, players, options, render_mode)
        self.metadata = {
            "name": f"hiddenhand_{self.table.game.id}_v0",
            "render_modes": ["ansi"],
            "is_parallelizable": False,
        }
        self._seat = {agent: i for i, agent in enumerate(self.possible_agents)}
        self.events: list[Event] = []
        """The events of the last step (all of them: hand each seat only those it may see)."""

    def observe(self, agent: str) -> ObsDict:
        seat = self._seat[agent]
        return {"observation": self.table.observe(seat), "action_mask": self.table.mask(seat)}

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        self.table.reset(self._seeds.next(seed))
        self.events = []
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self.agent_selection = self.possible_agents[self.table.to_move()]

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        table = self.table
        if action is None:
            raise ValueError(f"{agent} must choose an action")
        self._cumulative_rewards[agent] = 0.0
        self.events = table.act(self._seat[agent], int(action))
        self._clear_rewards()
        if table.over:
            for seat, reward in enumerate(table.payoffs()):
                name = self.possible_agents[seat]
                self.rewards[name] = reward
                self.terminations[name] = True
            self.infos = {a: {"outcome": table.state.outcome()} for a in self.agents}
            self._accumulate_rewards()
        else:
            self.agent_selection = self.possible_agents[table.to_move()]
        if self.render_mode == "ansi":
            self.render()

    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        return _render(self.table)

    def close(self) -> None:
        pass


class HiddenhandParallelEnv(_TableAgents, ParallelEnv):
    """One hiddenhand table as a Parallel environment: each step, every seat asked to decide
    acts at once (The Infected's simultaneous choices, votes, reaction windows).

    Every live agent gets an observation each step; a seat not asked has an all-zero mask and
    its action is ignored. The pending seats' actions are applied in seat order; if one of them
    changes what a later seat may do (a reaction that ends a window), the later seat's action
    is dropped and it is asked again with a fresh observation.
    """

    def __init__(
        self,
        game: str,
        players: int | None = None,
        options: Options | Sequence[str] | None = None,
        render_mode: str | None = None,
    ) -> None:
        self._seat_agents(game, players, options, render_mode)
        self.metadata = {
            "name": f"hiddenhand_{self.table.game.id}_parallel_v0",
            "render_modes": ["ansi"],
        }
        self.agents: list[str] = []

    def _observations(self) -> dict[str, ObsDict]:
        table = self.table
        return {
            agent: {"observation": table.observe(seat), "action_mask": table.mask(seat)}
            for seat, agent in enumerate(self.possible_agents)
        }

    def reset(
        self, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, ObsDict], dict[str, dict[str, Any]]]:
        self.table.reset(self._seeds.next(seed))
        self.agents = list(self.possible_agents)
        return self._observations(), {agent: {} for agent in self.agents}

    def step(
        self, actions: dict[str, int]
    ) -> tuple[
        dict[str, ObsDict],
        dict[str, float],
        dict[str, bool],
        dict[str, bool],
        dict[str, dict[str, Any]],
    ]:
        table = self.table
        asked = dict(table.state.pending())
        for seat in sorted(asked):
            agent = self.possible_agents[seat]
            if agent not in actions:
                raise ValueError(f"{agent} is asked to decide and sent no action")
            action = int(actions[agent])
            if action not in {a.id for a in asked[seat]}:
                raise ValueError(f"{agent} sent action {action}, which is not legal now")
            now = table.state.pending().get(seat, ())
            if any(a.id == action for a in now):
                table.act(seat, action)
        observations = self._observations()
        over = table.over
        rewards = dict(zip(self.possible_agents, table.payoffs(), strict=True))
        terminations = dict.fromkeys(self.possible_agents, over)
        truncations = dict.fromkeys(self.possible_agents, False)
        infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.possible_agents}
        if over:
            for agent in self.possible_agents:
                infos[agent]["outcome"] = table.state.outcome()
            self.agents = []
        return observations, rewards, terminations, truncations, infos

    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        return _render(self.table)

    def close(self) -> None:
        pass


def raw_env(
    game: str,
    players: int | None = None,
    options: Options | Sequence[str] | None = None,
    render_mode: str | None = None,
) -> HiddenhandEnv:
    """The bare AEC environment (no order-enforcing wrapper)."""
    return HiddenhandEnv(game, players, options, render_mode)


def env(
    game: str,
    players: int | None = None,
    options: Options | Sequence[str] | None = None,
    render_mode: str | None = None,
) -> AECEnv:
    """The AEC environment of one game, wrapped to enforce PettingZoo's calling order."""
    return wrappers.OrderEnforcingWrapper(raw_env(game, players, options, render_mode))


def parallel_env(
    game: str,
    players: int | None = None,
    options: Options | Sequence[str] | None = None,
    render_mode: str | None = None,
) -> HiddenhandParallelEnv:
    """The Parallel environment of one game (all pending seats act in one step)."""
    return HiddenhandParallelEnv(game, players, options, render_mode)
