"""OpenSpiel games for hiddenhand: `hiddenhand_<id>` for every game (`hiddenhand_noir`, ...).

    import pyspiel
    import hiddenhand.rl.openspiel  # registers every game registered so far
    game = pyspiel.load_game("hiddenhand_noir", {"options": "mode:standard"})

A game registered later (an `--import`ed module) is registered with `register(game_id)`, or
by `load`, which registers the game it is asked for.

Parameters: `players` (the seat count), `options` (`key:value` pairs joined by `;`, the
game's own options), `seed`, `deals` and `max_game_length`.

- The deal. `seed` k from 0 to `MAX_SEED` (OpenSpiel's integer parameters are 32-bit): no
  chance node, the first state is hiddenhand's game with seed k
  (`get_game(...).start(players, options, seed=k)`). Otherwise `deals` N > 0: one chance node
  of N outcomes, outcome k deals seed k. Otherwise (the default, `deals` 0): the seed is drawn
  from the whole 64-bit seed space, one byte per chance node (eight nodes of 256 outcomes,
  least significant byte first), so the bytes of k deal seed k. Every later draw follows from
  the seed; the deal is hidden from every seat, which learns of it what its view shows.
- Windows of several seats (reactions, The Infected's simultaneous choices, votes) are taken
  one seat at a time, lowest seat first, so the game is sequential.
- Returns: +1 to each winner, -1 to every other seat, 0 to all in a draw. The game type is
  zero-sum for a game that declares it (`Game.zero_sum`), general-sum otherwise.
- Truncation: after `max_game_length` decisions (chance nodes not counted; by default
  `hiddenhand.rl.limits.max_steps`, the environments' limit) a game still in play is terminal
  and a draw: 0 to every seat (`HiddenhandState.truncated()` tells it from a real draw).
- `information_state_string`: a compact, canonical digest of the seat's record (its view at
  the deal, then at every step who acted, its own action and the events it could see, then
  its current view): perfect recall in about 40 characters. `HiddenhandState.record(p)` is
  the readable record the digest is taken over. `observation_string`: the current view.
- `observation_tensor`: the seat's observation tensor from `hiddenhand.rl` (its present and a
  fixed-size memory of its past; docs/rl.md). `information_state_tensor`: the same, followed by
  the game's decisions so far, one row per decision up to `max_game_length`: who decided
  (relative seat, one-hot) and, for the seat's own decisions, the action.
- `resample_from_infostate(player, sampler)` is `determinize`: a world consistent with all the
  player knows. The state keeps `history()` and `move_number()` as the player saw them (its own
  actions; the deal and the other players' actions as `UNSEEN`, since the true ones would replay
  the true world) and the player's information state; the other seats start their record
  afresh at the sample (their past in that world is not known to the player).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from hashlib import blake2b
from typing import Any, NamedTuple

import msgspec
import numpy as np
import pyspiel

from hiddenhand.engine import Event, Game, Options, State, games, get_game
from hiddenhand.rl.encoder import Encoder
from hiddenhand.rl.encoders import encoder_for
from hiddenhand.rl.episode import payoffs
from hiddenhand.rl.layout import Layout
from hiddenhand.rl.limits import max_steps

DEALS = 0
"""By default the seed is drawn from the whole seed space (see `SEED_BYTES`)."""
SEED_BYTES = 8
UNSEEN = int(pyspiel.INVALID_ACTION)
"""In a resampled state's history: an action its player did not see."""


class Move(NamedTuple):
    """One entry of a resampled state's `full_history()`, as pyspiel's PlayerAction reads."""

    player: int
    action: int


"""Chance nodes of a full-space deal: one byte of a 64-bit seed each, least significant first."""
NO_SEED = -1
"""The `seed` parameter's default: the deal is chance's."""
MAX_SEED = 2**31 - 1
"""The largest `seed` an OpenSpiel integer parameter holds."""


def parse_options(text: str) -> list[str]:
    """`mode:standard;disguise:innocent` as the engine's `key=value` strings."""
    return [part.replace(":", "=", 1) for part in text.split(";") if part.strip()]


def format_options(pairs: Sequence[str]) -> str:
    """The engine's `key=value` strings as an OpenSpiel parameter value."""
    return ";".join(p.replace("=", ":", 1) for p in pairs)


def _json(data: Any) -> str:
    """Canonical JSON (sorted keys, no spaces) of a view, a view Struct or a record line."""
    return _ENCODER.encode(data).decode()


_ENCODER = msgspec.json.Encoder(order="sorted")


def _hash(previous: bytes, line: str) -> bytes:
    return blake2b(line.encode(), key=previous, digest_size=16).digest()


START = _hash(b"", "hiddenhand information state")
"""The digest chain's first link."""


class World:
    """What one OpenSpiel state holds: the engine state, the seats' encoders, the decisions so
    far and each seat's digest of its record. Copied with the engine's own `clone`."""

    def __init__(self, game: Game, players: int, options: Options, encoders: list[Encoder]) -> None:
        self.game = game
        self.players = players
        self.options = options
        self.state: State | None = None
        self.seed_bytes: list[int] = []
        self.encoders = [e.clone() for e in encoders]
        self.moves: list[tuple[int, int]] = []
        """Every decision so far: (seat, action)."""
        self.prefix: list[tuple[str, ...]] = [() for _ in range(players)]
        self.steps: list[tuple[int, int, list[Event]]] = []
        """The decisions made in this world (since the deal or the sample), with their events."""
        self.chain: list[tuple[int, bytes]] = [(0, START) for _ in range(players)]
        """Per seat: how many of `steps` its digest covers, and the digest."""
        self.earlier: list[tuple[int, int]] = []
        """In a world drawn by `resample_from_infostate`: the history before the draw as its
        player saw it (what it did not see is `UNSEEN`); the state's own history starts after."""

    def deal(self, seed: int) -> None:
        self.state = state = self.game.start(self.players, self.options, seed)
        self.prefix = [(_json(state.view(seat)),) for seat in range(self.players)]
        self.chain = [(0, _hash(START, line)) for (line,) in self.prefix]

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
        self.moves.append((seat, action))

    def _line(self, seat: int, step: tuple[int, int, list[Event]]) -> str:
        actor, action, events = step
        seen = [
            [e.kind, e.text, dict(e.data)]
            for e in events
            if e.audience is None or seat in e.audience
        ]
        return _json([actor, action if actor == seat else None, seen])

    def lines(self, seat: int) -> list[str]:
        """The seat's record: its opening view, then per step who acted, its own action (or
        None) and the events it saw."""
        return [*self.prefix[seat], *(self._line(seat, step) for step in self.steps)]

    def digest(self, seat: int) -> bytes:
        """The digest of the seat's record so far (each line hashed once, then kept)."""
        done, digest = self.chain[seat]
        for step in self.steps[done:]:
            digest = _hash(digest, self._line(seat, step))
        self.chain[seat] = (len(self.steps), digest)
        return digest

    def __deepcopy__(self, memo: dict[int, Any]) -> World:
        other = World.__new__(World)
        other.game, other.players, other.options = self.game, self.players, self.options
        other.state = None if self.state is None else self.state.clone()
        other.seed_bytes = list(self.seed_bytes)
        other.encoders = [e.clone() for e in self.encoders]
        other.moves = list(self.moves)
        other.prefix = list(self.prefix)
        other.steps = list(self.steps)
        other.chain = list(self.chain)
        other.earlier = list(self.earlier)
        return other

    def __getstate__(self) -> dict[str, Any]:
        data = dict(vars(self))
        data["game"] = self.game.id
        return data

    def __setstate__(self, data: dict[str, Any]) -> None:
        data["game"] = get_game(data["game"])
        vars(self).update(data)


class HiddenhandState(pyspiel.State):
    """One game in an OpenSpiel tree: the deal's chance nodes (if any), then the engine's."""

    def __init__(self, game: HiddenhandGame) -> None:
        super().__init__(game)
        self.world = World(game.engine, game.players, game.engine_options, game.encoders)
        self.deals = game.deals
        self.limit = game.limit
        if game.seed >= 0:
            self.world.deal(game.seed)

    def current_player(self) -> int:
        state = self.world.state
        if state is None:
            return int(pyspiel.PlayerId.CHANCE)
        pending = state.pending()
        if not pending or len(self.world.moves) >= self.limit:
            return int(pyspiel.PlayerId.TERMINAL)
        return min(pending)

    def _legal_actions(self, player: int) -> list[int]:
        assert self.world.state is not None
        return sorted(a.id for a in self.world.state.legal(player))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        if self.deals > 0:
            p = 1.0 / self.deals
            return [(k, p) for k in range(self.deals)]
        return [(b, 1.0 / 256) for b in range(256)]

    def _apply_action(self, action: int) -> None:
        world = self.world
        if world.state is not None:
            world.act(self.current_player(), action)
        elif self.deals > 0:
            world.deal(action)
        else:
            world.seed_bytes.append(action)
            if len(world.seed_bytes) == SEED_BYTES:
                world.deal(int.from_bytes(bytes(world.seed_bytes), "little"))

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"deal {action}" if self.deals > 0 else f"seed byte {action}"
        space = self.world.game.action_space(self.world.players, self.world.options)
        return space[action].describe(self.world.state.players if self.world.state else None)

    def is_terminal(self) -> bool:
        return self.current_player() == pyspiel.PlayerId.TERMINAL

    def truncated(self) -> bool:
        """The game was cut at `max_game_length` decisions before its rules ended it."""
        state = self.world.state
        return state is not None and bool(state.pending()) and self.is_terminal()

    def returns(self) -> list[float]:
        state = self.world.state
        outcome = state.outcome() if state is not None else None
        return payoffs(outcome, self.world.players)

    def record(self, player: int) -> list[str]:
        """The player's readable record (JSON lines): what its information state digests."""
        return self.world.lines(player)

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> HiddenhandState:
        """A state whose world is `determinize(player_id)`: the same information state for the
        player, everything it cannot know drawn anew; `history()` and `move_number()` kept."""
        world = self.world
        assert world.state is not None
        try:
            seed = int(float(probability_sampler()) * 2**52)
        except TypeError:
            seed = random.randrange(2**52)
        sample = World(world.game, world.players, world.options, self.get_game().encoders)
        sample.state = world.state.determinize(player_id, random.Random(seed))
        # The deal and the others' actions would replay the true world: only their order stays.
        sample.moves = [(seat, a if seat == player_id else UNSEEN) for seat, a in world.moves]
        sample.earlier = [
            (m.player, m.action if m.player == player_id else UNSEEN) for m in self.full_history()
        ]
        resampled = _hash(START, "resampled")
        sample.prefix = [("resampled",) for _ in range(world.players)]
        sample.chain = [(0, resampled) for _ in range(world.players)]
        sample.prefix[player_id] = tuple(world.lines(player_id))
        sample.chain[player_id] = (0, world.digest(player_id))
        sample.encoders[player_id] = world.encoders[player_id].clone()
        other = HiddenhandState(self.get_game())  # a fresh history: the true one stays here
        other.world = sample
        return other

    def full_history(self) -> list[Any]:
        """The actions so far. A state from `resample_from_infostate` starts with the history
        its player saw, `UNSEEN` for the deal's chance outcomes and the others' actions: the
        true ones would replay the true world (in `history()`, `serialize()` or a pickle)."""
        return [*(Move(*m) for m in self.world.earlier), *super().full_history()]

    def history(self) -> list[int]:
        return [m.action for m in self.full_history()]

    def history_str(self) -> str:
        return ", ".join(str(a) for a in self.history())

    def move_number(self) -> int:
        return len(self.world.earlier) + super().move_number()

    def __str__(self) -> str:
        state = self.world.state
        if state is None:
            return "before the deal"
        return _json(state.view(None))


def information_layout(observation: Layout, limit: int, players: int) -> Layout:
    """The information-state tensor: the observation's segments, then one row per decision
    of the game (up to `limit`): who decided, relative to the owner, and the owner's action."""
    layout = Layout()
    for name, shape, _ in observation:
        layout.add(name, *shape, what=observation.what[name])
    layout.add("decider", limit, players, what="per decision: who decided (relative seat)")
    layout.add(
        "own_action",
        limit,
        what="per decision: the owner's own action, (id + 1) / actions (0 for others')",
    )
    return layout


class HiddenhandObserver:
    """OpenSpiel's observer: the observation tensor (or with perfect recall the information
    state tensor), and the view (or the digest of the record)."""

    def __init__(self, game: HiddenhandGame, perfect_recall: bool) -> None:
        self.perfect_recall = perfect_recall
        layout = game.information_layout if perfect_recall else game.encoders[0].layout
        self.observation_size = game.encoders[0].layout.size
        self.tensor = np.zeros(layout.size, np.float32)
        self.dict = layout.split(self.tensor)
        self.actions = float(game.num_distinct_actions())

    def set_from(self, state: HiddenhandState, player: int) -> None:
        self.tensor.fill(0.0)
        world = state.world
        if world.state is None:
            return
        encoder = world.encoders[player]
        encoder.encode(encoder.seat_view(world.state, player), self.tensor)
        if self.perfect_recall and world.moves:
            players = world.players
            decider = self.dict["decider"]
            own = self.dict["own_action"]
            for t, (seat, action) in enumerate(world.moves):
                decider[t, (seat - player) % players] = 1.0
                if seat == player:
                    own[t] = (action + 1) / self.actions

    def string_from(self, state: HiddenhandState, player: int) -> str:
        world = state.world
        if world.state is None:
            return f"p{player} deal {len(world.seed_bytes)}"
        if not self.perfect_recall:
            return _json(world.state.view(player))
        view = _json(world.state.typed_view(player))
        digest = _hash(world.digest(player), view).hex()
        return f"p{player} m{len(world.moves)} {digest}"


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
        self.seed = int(params.get("seed", NO_SEED))
        if self.deals < 0:
            raise ValueError(f"deals must be 0 (the whole seed space) or more, not {self.deals}")
        limit = int(params.get("max_game_length", 0))
        if limit < 0:
            raise ValueError(f"max_game_length must be 0 (the default) or more, not {limit}")
        self.limit = limit or max_steps(engine.id, self.players, self.engine_options)
        self.encoders = [
            encoder_for(engine.id, self.players, self.engine_options, seat)
            for seat in range(self.players)
        ]
        self.information_layout = information_layout(
            self.encoders[0].layout, self.limit, self.players
        )
        space = engine.action_space(self.players, self.engine_options)
        info = pyspiel.GameInfo(
            num_distinct_actions=len(space),
            max_chance_outcomes=self.deals or 256,
            num_players=self.players,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0 if engine.zero_sum else None,
            max_game_length=self.limit,
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
        utility=utility.ZERO_SUM if engine.zero_sum else utility.GENERAL_SUM,
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
            "seed": NO_SEED,
            "max_game_length": 0,
        },
    )


GAMES: dict[str, type[HiddenhandGame]] = {}
"""The OpenSpiel game class of every game registered with OpenSpiel, by hiddenhand id."""


def register(game_id: str) -> type[HiddenhandGame]:
    """Register `hiddenhand_<game_id>` with OpenSpiel (once; again is a no-op) and return its
    class. Any registered hiddenhand game can be: its observations come from its registered
    encoder, else from the generic one. UnknownGame for a game hiddenhand does not know."""
    engine = get_game(game_id)
    known = GAMES.get(game_id)
    if known is not None:
        known.engine = engine  # the game registered under that id now
        return known
    cls = type(f"Hiddenhand{game_id.capitalize()}Game", (HiddenhandGame,), {"engine": engine})
    if f"hiddenhand_{game_id}" not in pyspiel.registered_names():
        pyspiel.register_game(_game_type(engine), cls)
    GAMES[game_id] = cls
    return cls


def register_all() -> dict[str, type[HiddenhandGame]]:
    """Register every game hiddenhand knows now (the built-in ones and the installed ones)."""
    for game_id in games():
        register(game_id)
    return dict(GAMES)


register_all()


def load(
    game: str,
    players: int | None = None,
    options: Sequence[str] = (),
    deals: int = DEALS,
    seed: int = NO_SEED,
    max_game_length: int = 0,
) -> pyspiel.Game:
    """The OpenSpiel game of a hiddenhand game, with engine-style options (`key=value`);
    the game is registered with OpenSpiel first if it is not yet."""
    if not NO_SEED <= seed <= MAX_SEED:
        raise ValueError(
            f"seed must be from 0 to {MAX_SEED} (or {NO_SEED}: chance deals), not {seed}"
        )
    engine = register(game).engine
    params: dict[str, Any] = {
        "players": players or engine.usual_players,
        "options": format_options(options),
        "deals": deals,
        "seed": seed,
        "max_game_length": max_game_length,
    }
    return pyspiel.load_game(f"hiddenhand_{game}", params)
