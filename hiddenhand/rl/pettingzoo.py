"""PettingZoo environments for every hiddenhand game.

    from hiddenhand.rl.pettingzoo import env, parallel_env
    aec = env("goodcop", players=6, options=["zombies=dice"])
    par = parallel_env("infected", players=4, observation="flat", illegal="terminate")

Agents are `player_0`..`player_{n-1}` (seat order). The action space is the game's action ids
plus one more, `wait`: the only legal action of a seat with nothing to decide. An observation
is a dict, as in PettingZoo's classic environments (`observation`, the seat's tensor, see
docs/rl.md, and `action_mask`), or with `observation="flat"` one float32 `Box`: the tensor
followed by the mask, which SuperSuit's and Gymnasium's observation wrappers accept. Rewards
come at the end: +1 to each winner, -1 to every other seat, 0 to all in a draw; a game still
going after `max_steps` actions is truncated (0 to all).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, Literal

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv, ParallelEnv
from pettingzoo.utils import wrappers

from hiddenhand.engine import Action, Event, IllegalAction, Options
from hiddenhand.rl import limits
from hiddenhand.rl.episode import Episode
from hiddenhand.rl.observer import mark, offers
from hiddenhand.tui.renderers import renderer

Observation = np.ndarray | dict[str, np.ndarray]
ObservationFormat = Literal["dict", "flat"]
IllegalPolicy = Literal["raise", "terminate"]
Infos = dict[str, dict[str, Any]]


def _render(episode: Episode) -> str:
    """The spectator's view as text (what anyone at the table may see)."""
    render_view = renderer(episode.game.id)
    if render_view is None:
        return str(episode.state.view(None))
    from rich.console import Console

    console = Console(width=100, record=True, file=None, force_terminal=False)
    with console.capture() as capture:
        console.print(render_view(episode.state.view(None), episode.state.players))
    return capture.get()


class _Seeds:
    """The engine seeds of successive resets: `reset(seed=k)` deals the engine's game k, and
    each later reset without a seed the next one (k + 1, k + 2, ...); random until seeded."""

    def __init__(self) -> None:
        self.upcoming: int | None = None

    def next(self, seed: int | None) -> int:
        if seed is not None:
            self.upcoming = int(seed)
        elif self.upcoming is None:
            self.upcoming = random.randrange(2**63)
        current = self.upcoming
        self.upcoming = current + 1
        return current


class _EpisodeAgents:
    """What every environment shares: one `Episode`, its agents, their spaces and
    observations, the seeds, the truncation limit and what an illegal action does."""

    episode: Episode
    metadata: dict[str, Any]

    def _seat_agents(
        self,
        game: str,
        players: int | None,
        options: Options | Sequence[str] | None,
        render_mode: str | None,
        max_steps: int | None,
        observation: ObservationFormat,
        illegal: IllegalPolicy,
        illegal_reward: float,
    ) -> None:
        if observation not in ("dict", "flat"):
            raise ValueError(f"observation must be 'dict' or 'flat', not {observation!r}")
        if illegal not in ("raise", "terminate"):
            raise ValueError(f"illegal must be 'raise' or 'terminate', not {illegal!r}")
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode must be None or 'ansi', not {render_mode!r}")
        self.episode = Episode(game, players, options)
        if max_steps is None:
            max_steps = limits.max_steps(
                self.episode.game.id, self.episode.players, self.episode.options
            )
        if max_steps < 1:
            raise ValueError(f"max_steps must be at least 1, not {max_steps}")
        self.max_steps = max_steps
        self.render_mode = render_mode
        self.flat = observation == "flat"
        self.raise_illegal = illegal == "raise"
        self.illegal_reward = float(illegal_reward)
        self.wait = self.episode.actions
        """The id of `wait`, the one legal action of a seat with nothing to decide."""
        self.possible_agents = [f"player_{i}" for i in range(self.episode.players)]
        observation_space, action_space = self._spaces()
        self.observation_spaces = dict.fromkeys(self.possible_agents, observation_space)
        self.action_spaces = dict.fromkeys(self.possible_agents, action_space)
        self._seeds = _Seeds()
        self.halted = False
        """Set by an illegal action in a cycle: the game stops, the cycle ends with waits."""
        self.asked: dict[int, Sequence[Action]] | None = None
        """In a cycle: the seats asked as it began, and their choices then."""
        self.game_seed = 0
        """The engine seed of the game in play: `get_game(...).start(players, options, seed)`."""

    def _spaces(self) -> tuple[spaces.Space[Any], spaces.Discrete]:
        high = np.finfo(np.float32).max
        size, choices = self.episode.size, self.wait + 1
        action = spaces.Discrete(choices)
        if self.flat:
            return spaces.Box(0.0, high, (size + choices,), np.float32), action
        observation = spaces.Dict(
            {
                "observation": spaces.Box(0.0, high, (size,), np.float32),
                "action_mask": spaces.Box(0, 1, (choices,), np.int8),
            }
        )
        return observation, action

    def _deal(self, seed: int | None) -> None:
        self.halted = False
        self.game_seed = self._seeds.next(seed)
        self.episode.reset(self.game_seed)

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    @property
    def played(self) -> int:
        """Actions taken in this game so far (what `max_steps` limits; waits do not count)."""
        return len(self.episode.state.history)

    @property
    def truncated(self) -> bool:
        return self.played >= self.max_steps and not self.episode.over

    def _choices(self, seat: int) -> Sequence[Action]:
        """The seat's legal game actions: as the cycle began if in a cycle, none once an
        illegal action has halted the game."""
        if self.halted:
            return ()
        if self.asked is not None:
            return self.asked.get(seat, ())
        return self.episode.state.legal(seat)

    def action_mask(self, seat: int) -> np.ndarray:
        """1 for each legal action id of the seat; only `wait` if it has nothing to decide."""
        mask = np.zeros(self.wait + 1, dtype=np.int8)
        legal = self._choices(seat)
        if legal:
            mark(legal, mask)
        else:
            mask[self.wait] = 1
        return mask

    def _observe(self, seat: int, mask: np.ndarray | None = None) -> Observation:
        if mask is None:
            mask = self.action_mask(seat)
        if not self.flat:
            return {"observation": self.episode.observe(seat), "action_mask": mask}
        size = self.episode.size
        out = np.empty(size + len(mask), dtype=np.float32)
        self.episode.observe(seat, out[:size])
        out[size:] = mask
        return out

    def _legal(self, seat: int, action: int) -> bool:
        legal = self._choices(seat)
        if not legal:
            return action == self.wait
        return offers(legal, action)

    def _refusal(self, agent: str, action: int) -> IllegalAction:
        """The same error for an illegal action from every environment (the engine's type)."""
        state = self.episode.state
        if not 0 <= action <= self.wait:
            return IllegalAction(f"{agent}: no action has id {action}")
        if not self._choices(self.possible_agents.index(agent)):
            return IllegalAction(
                f"{agent} has nothing to decide now: only wait ({self.wait}) is legal"
            )
        name = "wait" if action == self.wait else str(state.space[action])
        return IllegalAction(f"{agent}: {name} is not a legal action now")

    def render(self) -> str | None:
        """The spectator's view as text (`render_mode="ansi"`); drawn only when asked."""
        if self.render_mode is None:
            return None
        return _render(self.episode)

    def close(self) -> None:
        pass


class HiddenhandEnv(_EpisodeAgents, AECEnv):
    """One hiddenhand game as an AEC environment.

    By default the seat that decides next is selected: a window of several seats (reactions,
    simultaneous choices, votes) is asked one seat at a time, in seat order, and one seat may
    act several times in a row. With `cycle=True` the seats take turns in a fixed cycle
    (`player_0` .. `player_{n-1}`, again and again) and act as in the Parallel environment:
    the seats asked as a cycle begins choose from what they were asked then (the others may
    only `wait`), an action an earlier seat's made illegal is dropped, and the game's end is
    reported at the end of the cycle: the order PettingZoo's `aec_to_parallel` needs.
    """

    def __init__(
        self,
        game: str,
        players: int | None = None,
        options: Options | Sequence[str] | None = None,
        render_mode: str | None = None,
        *,
        max_steps: int | None = None,
        observation: ObservationFormat = "dict",
        illegal: IllegalPolicy = "raise",
        illegal_reward: float = -1.0,
        cycle: bool = False,
    ) -> None:
        super().__init__()
        self._seat_agents(
            game,
            players,
            options,
            render_mode,
            max_steps,
            observation,
            illegal,
            illegal_reward,
        )
        self.cycle = cycle
        self.metadata = {
            "name": f"hiddenhand_{self.episode.game.id}_v0",
            "render_modes": ["ansi"],
            "is_parallelizable": cycle,
        }
        self._seat = {agent: i for i, agent in enumerate(self.possible_agents)}
        self._turn = 0
        self.events: list[Event] = []
        """The events of the last step (all of them: hand each seat only those it may see)."""

    def observe(self, agent: str) -> Observation:
        return self._observe(self._seat[agent])

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        self._deal(seed)
        self.events = []
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: Infos = {agent: {} for agent in self.agents}
        self.agent_selection = self.agents[0]
        self._turn = 0
        self._offenders: list[str] = []
        if self.cycle:
            self.asked = dict(self.episode.state.pending())
        self._select(self._next_agent())

    def _next_agent(self) -> str:
        if self.cycle:
            return self.possible_agents[self._turn]
        return self.possible_agents[self.episode.to_move()]

    def _select(self, agent: str) -> None:
        """Hand the turn to `agent`; with the flat observation its info holds its mask (as
        PettingZoo's tests and TerminateIllegalWrapper look for it there)."""
        if self.flat:
            self.infos[self.agent_selection].pop("action_mask", None)
            self.infos[agent]["action_mask"] = self.action_mask(self._seat[agent])
        self.agent_selection = agent

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise ValueError(f"{agent} must choose an action")
        action = int(action)
        seat = self._seat[agent]
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        if self.halted:  # an illegal action stopped the game: the cycle's others are ignored
            self.events = []
        elif not self._legal(seat, action):
            if self.raise_illegal:
                raise self._refusal(agent, action)
            self._offenders.append(agent)
            self.halted = True
            self.events = []
            if not self.cycle:
                self._end_illegally()
                return
        elif action == self.wait or not self._still_legal(seat, action):
            self.events = []
        else:
            self.events = self.episode.act(seat, action)
        if self.cycle:
            self._turn = (self._turn + 1) % len(self.possible_agents)
            if self._turn:
                self._select(self._next_agent())
                return
        if self._offenders:
            self._end_illegally()
        else:
            self._settle()

    def _settle(self) -> None:
        """End the game when it is over or truncated, else select who decides next."""
        episode = self.episode
        seat = episode.to_move()
        if seat < 0:  # nobody is asked: the game is over
            for agent, reward in zip(self.possible_agents, episode.payoffs(), strict=True):
                self.rewards[agent] = reward
            self.terminations = dict.fromkeys(self.agents, True)
            self.infos = {a: {"outcome": episode.state.outcome()} for a in self.agents}
            self._accumulate_rewards()
        elif self.played >= self.max_steps:
            self.truncations = dict.fromkeys(self.agents, True)
            self.infos = {a: {"max_steps": self.max_steps} for a in self.agents}
        elif self.cycle:
            self.asked = dict(episode.state.pending())
            self._select(self._next_agent())
        else:
            self._select(self.possible_agents[seat])

    def _still_legal(self, seat: int, action: int) -> bool:
        """False for an action chosen as a cycle began that an earlier seat's action in the
        cycle has made illegal (a reaction that closed a window): it is dropped, as in the
        Parallel environment, and the seat is asked again in the next cycle."""
        if not self.cycle:
            return True
        return offers(self.episode.state.legal(seat), action)

    def _end_illegally(self) -> None:
        """End the episode, as PettingZoo's TerminateIllegalWrapper does: a seat that sent an
        illegal action gets `illegal_reward`, every other seat 0. In a cycle the end waits for
        the cycle's last seat (the others may only wait meanwhile), as `aec_to_parallel` needs."""
        self.terminations = dict.fromkeys(self.agents, True)
        self.infos = {a: {} for a in self.agents}
        for agent in self._offenders:
            self.rewards[agent] = self.illegal_reward
            self.infos[agent]["illegal_action"] = True
        self._accumulate_rewards()


class HiddenhandParallelEnv(_EpisodeAgents, ParallelEnv):
    """One hiddenhand episode as a Parallel environment: each step, every seat asked to decide
    acts at once (The Infected's simultaneous choices, votes, reaction windows).

    Every live agent gets an observation each step; a seat not asked has only `wait` legal
    (its action may also be left out). The asked seats' actions are applied in seat order; if
    one of them changes what a later seat may do (a reaction that ends a window), the later
    seat's action is dropped and it is asked again with a fresh observation.
    """

    def __init__(
        self,
        game: str,
        players: int | None = None,
        options: Options | Sequence[str] | None = None,
        render_mode: str | None = None,
        *,
        max_steps: int | None = None,
        observation: ObservationFormat = "dict",
        illegal: IllegalPolicy = "raise",
        illegal_reward: float = -1.0,
    ) -> None:
        self._seat_agents(
            game,
            players,
            options,
            render_mode,
            max_steps,
            observation,
            illegal,
            illegal_reward,
        )
        self.metadata = {
            "name": f"hiddenhand_{self.episode.game.id}_parallel_v0",
            "render_modes": ["ansi"],
        }
        self.agents: list[str] = []

    def _observations(self, infos: Infos) -> dict[str, Observation]:
        """Every seat's observation; with the flat observation its mask goes in its info too."""
        observations = {}
        for seat, agent in enumerate(self.possible_agents):
            mask = self.action_mask(seat)
            observations[agent] = self._observe(seat, mask)
            if self.flat:
                infos[agent]["action_mask"] = mask
        return observations

    def reset(
        self, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, Observation], Infos]:
        self._deal(seed)
        self.agents = list(self.possible_agents)
        infos: Infos = {agent: {} for agent in self.agents}
        return self._observations(infos), infos

    def step(
        self, actions: dict[str, int]
    ) -> tuple[
        dict[str, Observation],
        dict[str, float],
        dict[str, bool],
        dict[str, bool],
        Infos,
    ]:
        if not self.agents:
            raise ValueError("the episode is over: call reset()")
        episode = self.episode
        asked = dict(episode.state.pending())
        chosen: dict[int, int] = {}
        illegal: list[str] = []
        for seat, agent in enumerate(self.possible_agents):
            sent = actions.get(agent)
            if sent is None:
                if seat in asked:
                    raise ValueError(f"{agent} is asked to decide and sent no action")
                continue
            action = int(sent)
            if not self._legal(seat, action):
                if self.raise_illegal:
                    raise self._refusal(agent, action)
                illegal.append(agent)
            elif seat in asked:
                chosen[seat] = action
        if illegal:
            return self._end_illegally(illegal)
        for seat, action in chosen.items():
            if offers(episode.state.legal(seat), action):
                episode.act(seat, action)
        infos: Infos = {agent: {} for agent in self.possible_agents}
        observations = self._observations(infos)
        over, truncated = episode.over, self.truncated
        rewards = dict(zip(self.possible_agents, episode.payoffs(), strict=True))
        terminations = dict.fromkeys(self.possible_agents, over)
        truncations = dict.fromkeys(self.possible_agents, truncated)
        if over:
            for agent in self.possible_agents:
                infos[agent]["outcome"] = episode.state.outcome()
        elif truncated:
            for agent in self.possible_agents:
                infos[agent]["max_steps"] = self.max_steps
        if over or truncated:
            self.agents = []
        return observations, rewards, terminations, truncations, infos

    def _end_illegally(
        self, offenders: list[str]
    ) -> tuple[
        dict[str, Observation],
        dict[str, float],
        dict[str, bool],
        dict[str, bool],
        Infos,
    ]:
        """End the episode: each seat that sent an illegal action gets `illegal_reward`, every
        other seat 0; nothing is applied."""
        rewards = {
            agent: self.illegal_reward if agent in offenders else 0.0
            for agent in self.possible_agents
        }
        infos: Infos = {agent: {} for agent in self.possible_agents}
        for agent in offenders:
            infos[agent]["illegal_action"] = True
        self.agents = []
        return (
            self._observations(infos),
            rewards,
            dict.fromkeys(self.possible_agents, True),
            dict.fromkeys(self.possible_agents, False),
            infos,
        )


def raw_env(
    game: str,
    players: int | None = None,
    options: Options | Sequence[str] | None = None,
    render_mode: str | None = None,
    **settings: Any,
) -> HiddenhandEnv:
    """The bare AEC environment (no order-enforcing wrapper); `settings` are `max_steps`,
    `observation`, `illegal`, `illegal_reward` and `cycle` (see `HiddenhandEnv`)."""
    return HiddenhandEnv(game, players, options, render_mode, **settings)


def env(
    game: str,
    players: int | None = None,
    options: Options | Sequence[str] | None = None,
    render_mode: str | None = None,
    **settings: Any,
) -> AECEnv:
    """The AEC environment of one game, wrapped to enforce PettingZoo's calling order."""
    return wrappers.OrderEnforcingWrapper(raw_env(game, players, options, render_mode, **settings))


def parallel_env(
    game: str,
    players: int | None = None,
    options: Options | Sequence[str] | None = None,
    render_mode: str | None = None,
    **settings: Any,
) -> HiddenhandParallelEnv:
    """The Parallel environment of one game (all pending seats act in one step); `settings`
    are `max_steps`, `observation`, `illegal` and `illegal_reward`."""
    return HiddenhandParallelEnv(game, players, options, render_mode, **settings)
