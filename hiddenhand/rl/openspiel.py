"""OpenSpiel games for hiddenhand: `hiddenhand_noir`, `hiddenhand_goodcop`, `hiddenhand_infected`.

    import pyspiel
    import hiddenhand.rl.openspiel  # registers the games
    game = pyspiel.load_game("hiddenhand_noir", {"options": "mode:standard"})

Parameters: `players` (the seat count), `options` (`key:value` pairs joined by `;`, the
game's own options) and `deals` (how many deals the opening chance node offers).

- Chance is one deal node at the start: outcome k starts the engine with seed k (so deal k is
  hiddenhand's game with seed k, and every later draw follows from it). The deal is hidden
  from every seat; a seat learns of it what its view shows.
- Windows of several seats (reactions, The Infected's simultaneous choices, votes) are taken
  one seat at a time, lowest seat first, so the game is sequential.
- Returns: +1 to each winner, -1 to every other seat, 0 to all in a draw.
- `information_state_string`: the seat's view at the deal, then at every step who acted, the
  seat's own action and the events it could see, then its current view: perfect recall.
  `observation_string`: the current view. Both tensors are the seat's observation tensor from
  `hiddenhand.rl` (its present and a fixed-size memory of its past; docs/rl.md).
- `resample_from_infostate(player, sampler)` is `determinize`: a world consistent with all the
  player knows. The player's information state is kept; the other seats start their record
  afresh at the sample (their past in that world is not known to the player).
"""

from __future__ import annotations

import json
import random
from collections.abc import Sequence
from typing import Any

import numpy as np
import pyspiel

from hiddenhand.engine import Event, Game, Options, State, get_game
from hiddenhand.rl.encoder import Encoder
from hiddenhand.rl.encoders import ENCODERS, encoder_for
from hiddenhand.rl.table import payoffs

DEALS = 10_000
"""Deals the opening chance node offers by default (seeds 0..DEALS-1)."""
NO_LIMIT = 100_000
"""A bound on game length for games whose rules set none (random play ends far sooner)."""


def parse_options(text: str) -> list[str]:
    """`mode:standard;disguise:innocent` as the engine's `key=value` strings."""
    return [part.replace(":", "=", 1) for part in text.split(";") if part.strip()]


def format_options(pairs: Sequence[str]) -> str:
    """The engine's `key=value` strings as an OpenSpiel parameter value."""
    return ";".join(p.replace("=", ":", 1) for p in pairs)


class World:
    """What one OpenSpiel state holds: the engine state, the seats' encoders and the record
    each seat's information state is read from. Copied with the engine's own `clone`."""

    def __init__(self, game: Game, players: int, options: Options, encoders: list[Encoder]) -> None:
        self.game = game
        self.players = players
        self.options = options
        self.state: State | None = None
        self.encoders = [e.clone() for e in encoders]
        self.prefix: list[tuple[str, ...]] = [() for _ in range(players)]
        self.steps: list[tuple[int, int, list[Event]]] = []
        self.said: list[list[str]] = [[] for _ in range(players)]
        """Each seat's record lines of the steps so far, made when first asked for."""

    def deal(self, seed: int) -> None:
        self.state = state = self.game.start(self.players, self.options, seed)
        self.prefix = [(_json(state.view(seat)),) for seat in range(self.players)]

    def act(self, seat: int, action: int) -> None:
        assert self.state is not None
        events = self.state.act(seat, action)
        for event in events:
            if event.audience is None:
                for encoder in self.encoders:
                    encoder.fold(event)
            else:
                for p in event.audience:
                    self.encoders[p].fold(event)
        self.steps.append((seat, action, events))

    def lines(self, seat: int) -> list[str]:
        """The seat's record: its opening view, then per step who acted, its own action (or
        None) and the events it saw."""
        said = self.said[seat]
        for actor, action, events in self.steps[len(said) :]:
            seen = [
                [e.kind, e.text, dict(e.data)]
                for e in events
                if e.audience is None or seat in e.audience
            ]
            said.append(_json([actor, action if actor == seat else None, seen]))
        return [*self.prefix[seat], *said]

    def __deepcopy__(self, memo: dict[int, Any]) -> World:
        other = World.__new__(World)
        other.game, other.players, other.options = self.game, self.players, self.options
        other.state = None if self.state is None else self.state.clone()
        other.encoders = [e.clone() for e in self.encoders]
        other.prefix = list(self.prefix)
        other.steps = list(self.steps)
        other.said = [list(lines) for lines in self.said]
        return other

    def __getstate__(self) -> dict[str, Any]:
        data = dict(vars(self))
        data["game"] = self.game.id
        return data

    def __setstate__(self, data: dict[str, Any]) -> None:
        data["game"] = get_game(data["game"])
        vars(self).update(data)


def _json(data: Any) -> str:
    return json.dumps(data, sort_keys=True, separators=(",", ":"))


class HiddenhandState(pyspiel.State):
    """One game in an OpenSpiel tree: before the deal, a chance node; then the engine's."""

    def __init__(self, game: HiddenhandGame) -> None:
        super().__init__(game)
        self.world = World(game.engine, game.players, game.engine_options, game.encoders)
        self.deals = game.deals

    def current_player(self) -> int:
        state = self.world.state
        if state is None:
            return int(pyspiel.PlayerId.CHANCE)
        pending = state.pending()
        return min(pending) if pending else int(pyspiel.PlayerId.TERMINAL)

    def _legal_actions(self, player: int) -> list[int]:
        assert self.world.state is not None
        return sorted(a.id for a in self.world.state.legal(player))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        p = 1.0 / self.deals
        return [(k, p) for k in range(self.deals)]

    def _apply_action(self, action: int) -> None:
        world = self.world
        if world.state is None:
            world.deal(action)
        else:
            world.act(self.current_player(), action)

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"deal {action}"
        space = self.world.game.action_space(self.world.players, self.world.options)
        return space[action].describe(self.world.state.players if self.world.state else None)

    def is_terminal(self) -> bool:
        state = self.world.state
        return state is not None and not state.pending()

    def returns(self) -> list[float]:
        state = self.world.state
        outcome = state.outcome() if state is not None else None
        return payoffs(outcome, self.world.players)

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> HiddenhandState:
        """A state whose world is `determinize(player_id)`: the same information state for the
        player, everything it cannot know drawn anew."""
        world = self.world
        assert world.state is not None
        try:
            seed = int(float(probability_sampler()) * 2**52)
        except TypeError:
            seed = random.randrange(2**52)
        other = self.get_game().new_initial_state()
        sample = other.world
        sample.state = world.state.determinize(player_id, random.Random(seed))
        sample.prefix = [("resampled",) for _ in range(world.players)]
        sample.prefix[player_id] = tuple(world.lines(player_id))
        sample.encoders[player_id] = world.encoders[player_id].clone()
        return other

    def __str__(self) -> str:
        state = self.world.state
        if state is None:
            return "before the deal"
        return _json(state.view(None))


class HiddenhandObserver:
    """OpenSpiel's observer: the seat's tensor (both kinds), and the view or the record."""

    def __init__(self, game: HiddenhandGame, perfect_recall: bool) -> None:
        self.perfect_recall = perfect_recall
        layout = game.encoders[0].layout
        self.tensor = np.zeros(layout.size, np.float32)
        self.dict = layout.split(self.tensor)

    def set_from(self, state: HiddenhandState, player: int) -> None:
        self.tensor.fill(0.0)
        world = state.world
        if world.state is not None:
            world.encoders[player].encode(world.state.typed_view(player), self.tensor)

    def string_from(self, state: HiddenhandState, player: int) -> str:
        world = state.world
        if world.state is None:
            return f"p{player} before the deal"
        view = _json(world.state.view(player))
        if not self.perfect_recall:
            return view
        return "\n".join([f"p{player}", *world.lines(player), view])


class HiddenhandGame(pyspiel.Game):
    """One hiddenhand game as OpenSpiel sees it; `engine` is set per registered subclass."""

    engine: Game

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = dict(params or {})
        engine = self.engine
        self.players = int(params.get("players", engine.usual_players))
        self.option_text = str(params.get("options", ""))
        self.engine_options = engine.options(parse_options(self.option_text))
        engine.validate(self.players, self.engine_options)
        self.deals = int(params.get("deals", DEALS))
        self.encoders = [
            encoder_for(engine.id, self.players, self.engine_options, seat)
            for seat in range(self.players)
        ]
        space = engine.action_space(self.players, self.engine_options)
        zero_sum = engine.id == "noir"
        limit = NO_LIMIT
        if engine.id == "noir":
            limit = 2 * int(self.engine_options.turn_limit) + 2  # type: ignore[attr-defined]
        info = pyspiel.GameInfo(
            num_distinct_actions=len(space),
            max_chance_outcomes=self.deals,
            num_players=self.players,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0 if zero_sum else None,
            max_game_length=limit,
        )
        super().__init__(_game_type(engine), info, params)

    def new_initial_state(self) -> HiddenhandState:
        return HiddenhandState(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> HiddenhandObserver:
        perfect_recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        return HiddenhandObserver(self, perfect_recall)


def _game_type(engine: Game) -> pyspiel.GameType:
    utility = pyspiel.GameType.Utility
    return pyspiel.GameType(
        short_name=f"hiddenhand_{engine.id}",
        long_name=f"hiddenhand {engine.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=utility.ZERO_SUM if engine.id == "noir" else utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=engine.max_players,
        min_num_players=engine.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={
            "players": engine.usual_players,
            "options": "",
            "deals": DEALS,
        },
    )


def register() -> dict[str, type[HiddenhandGame]]:
    """Register `hiddenhand_<game>` for every game with an observation encoder (once)."""
    registered = set(pyspiel.registered_names())
    out: dict[str, type[HiddenhandGame]] = {}
    for game_id in sorted(ENCODERS):
        engine = get_game(game_id)
        cls = type(f"Hiddenhand{game_id.capitalize()}Game", (HiddenhandGame,), {"engine": engine})
        out[game_id] = cls
        if f"hiddenhand_{game_id}" not in registered:
            pyspiel.register_game(_game_type(engine), cls)
    return out


GAMES = register()


def load(
    game: str, players: int | None = None, options: Sequence[str] = (), deals: int = DEALS
) -> pyspiel.Game:
    """The OpenSpiel game of a hiddenhand game, with engine-style options (`key=value`)."""
    engine = get_game(game)
    params: dict[str, Any] = {
        "players": players or engine.usual_players,
        "options": format_options(options),
        "deals": deals,
    }
    return pyspiel.load_game(f"hiddenhand_{game}", params)
