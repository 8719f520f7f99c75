"""Information-set Monte Carlo tree search: a bot for any game, planning on determinizations only.

The search is single-observer ISMCTS (SO-ISMCTS, Cowling, Powley and Whitehouse 2012): one tree
whose edges are the moves played, walked by every iteration on a determinization of the sample
the bot was handed (`turn.sample.determinize(seat, rng)`). Everything the seat cannot know,
hidden cards, identities and the future of every deck, is resampled consistently with what it
knows, and chance (dice, draws) comes from each determinization's own fresh generator. Selection
is UCB1 corrected for availability: an action legal in some determinizations only is judged on
the iterations in which it was legal. Each seat's statistics hold that seat's reward, so every
seat in the tree plays to win for itself.

Why SO rather than MO (one tree per seat): one tree and one dictionary lookup per move is what a
few thousand iterations per second in Python allow, and in these games most moves are public,
so keying edges by the move loses little.

Three refinements make it strong at a tenth of a second per decision:
- Common random numbers at the root. Iterations come in batches: one determinization and one
  rollout seed per batch, and one iteration per legal action of the bot, each on its own copy.
  Root actions are compared on the same hidden cards and the same luck, so a handful of
  batches separates them where independent samples would need hundreds. The decision is the
  root action with the best mean over complete batches.
- Rollouts by the game's own bot (`rollout=heuristic`, the default when the game has one):
  every seat plays on in the determinized world as that bot would from that seat's view there.
  Random rollouts (`rollout=random`) are the fallback; they mislead in long games.
- Expansion threshold: a node below the root joins the tree after `expand` visits, so the few
  hundred iterations of one decision are not spent on tree moves of a random quality.

Windows (several seats asked at once: reactions, simultaneous choices, votes) are decoupled:
inside the tree every seat of a window chooses from its own statistics at the window's node,
without seeing what the others chose in the same window, and the joint choice is one edge. At
the root the bot's own seat decides first; the rest of the window is the next node. Seats of a
window act in seat order, as the match runner has them.

Rollouts stop after `depth` moves, or later, at the first moment the game can judge (its
evaluation, registered in `bots.registry`, may answer None in the middle of a fight), and after
MAX_ROLLOUT moves at the latest; an unfinished one scores each seat the game's own estimate of
its chance to win (called on the determinized world), or one half for every seat if the game
has none or cannot judge it; a finished one scores 1 for each winner and 0 for the others (one
half each if nobody wins).

With a learned guide (`guide=on`, `bots.guide`): its policy, read from the bot's own
observation at the root (its view and its log, the same in every world it could be in), picks
the `width` root actions worth comparing, and a rollout is cut after `depth` moves and scored by
the guide's values, read from the observation the bot would have in that world (its root memory
and what its seat saw during the iteration), instead of played on to the end.

Budget: `iterations` per decision, and optionally `seconds` (wall time), whichever ends first.
`iterations_to_end`, where given, replaces `iterations` when the game cannot judge the world at
the root (its evaluation answers None there, as Good Cop Bad Cop's does under Zombies): every
rollout is then played to the end, and such rewards are noisy enough to need more of them.
With an iteration budget alone the bot is reproducible: the same seed plays the same moves.
`search_seconds` counts CPU time, so iterations per second are those of one core even on a
shared machine; `search_wall_seconds` counts wall time.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np
from mypy_extensions import mypyc_attr

from hiddenhand.bots.base import Bot, Turn
from hiddenhand.bots.guide import Guide, shipped_guide
from hiddenhand.bots.options import BotOption
from hiddenhand.bots.registry import default_bot, evaluator, game_bots, seats_evaluator
from hiddenhand.engine.errors import OptionError
from hiddenhand.engine.events import visible
from hiddenhand.engine.seeding import choose, derive
from hiddenhand.rl.encoder import Encoder
from hiddenhand.rl.encoders import encoder_for

if TYPE_CHECKING:
    from hiddenhand.bots.registry import Evaluator, SeatsEvaluator
    from hiddenhand.engine.actions import Action
    from hiddenhand.engine.events import Event
    from hiddenhand.engine.game import Game
    from hiddenhand.engine.options import Options
    from hiddenhand.engine.state import State

Edge = list[float]
"""Statistics of one action at one node: [visits, reward sum, availability]."""

JointMove = tuple[tuple[int, int], ...]

SHORT_DEPTH = 10
"""Rollout moves by default where the game can evaluate the unfinished world at the cut."""
FULL_DEPTH = 400
"""Rollout moves by default where it cannot: in practice, to the end of the game."""
MAX_ROLLOUT = SHORT_DEPTH + FULL_DEPTH
"""The most moves of a rollout whatever its `depth` (then one half, if still unjudged): a later
cut (Good Cop's base game) leaves the search alone where the game never judges (its Zombies)."""
MAX_ITERATIONS = 5000
"""The most iterations a spec may ask for per decision (seconds of CPU, not hours)."""
MAX_SECONDS = 10.0
"""The longest time cap a spec may set per decision."""


@dataclass(frozen=True, slots=True)
class Deliberation:
    """What one search found at its root (`ISMCTSBot.deliberate`)."""

    legal: list[Action]
    """The root actions compared (all legal ones, or `width` of them)."""
    totals: dict[Action, float]
    """Each one's reward summed over the complete batches: its mean is `totals / batches`."""
    best_in: dict[Action, float]
    """In how many batches (determinized worlds with the same luck) each did best; a tie
    shares the batch."""
    visits: dict[Action, int]
    """The iterations that began with each, the unfinished last batch included."""
    batches: int
    preferred: Action | None
    """The rollout bot's own choice, which wins ties (None: random rollouts)."""
    choice: Action
    """What the bot plays."""


_SEEDED_ON_USE_SLOTS = ("_bot", "_rng", "_seed")


@mypyc_attr(native_class=False)  # compiled, yet what it lacks still goes to __getattr__
class _SeededOnUse:
    """Stands in for a rollout bot's generator until the bot first draws from it, then seeds
    the generator and puts it back: seeding a Mersenne Twister costs microseconds, and most
    rollout decisions draw nothing. Draws are the same as if it had been seeded at once."""

    __slots__ = _SEEDED_ON_USE_SLOTS

    def __init__(self, bot: Bot, rng: random.Random, seed: int) -> None:
        self._bot, self._rng, self._seed = bot, rng, seed

    @classmethod
    def put(cls, bot: Bot, seed: int) -> None:
        """Give `bot` its generator to be seeded with `seed` when it draws."""
        rng = bot.rng
        if isinstance(rng, _SeededOnUse):
            rng = rng._rng
        bot.rng = cls(bot, rng, seed)  # type: ignore[assignment]

    def __getattr__(self, name: str) -> object:
        if name.startswith("__") or name in _SEEDED_ON_USE_SLOTS:
            # asked by pickle or copy (or for a slot not set yet): none is the generator's
            raise AttributeError(name)
        rng = self._rng
        rng.seed(self._seed)
        self._bot.rng = rng
        return getattr(rng, name)


class Node:
    """A node of the search tree: per-seat action statistics, children by joint move, and the
    visits of joint moves whose child is not expanded yet."""

    __slots__ = ("children", "stats", "waiting")

    def __init__(self) -> None:
        self.children: dict[JointMove, Node] = {}
        self.stats: dict[int, dict[int, Edge]] = {}
        self.waiting: dict[JointMove, int] = {}


def _number(name: str, value: object, kind: type[int] | type[float], low: float) -> float:
    try:
        number = kind(str(value))
    except (TypeError, ValueError):
        raise OptionError(f"ismcts option {name} must be a number, not {value!r}") from None
    if number < low:
        raise OptionError(f"ismcts option {name} must be at least {low:g}")
    return number


@mypyc_attr(native_class=False)  # compiled methods; it still pickles to and from bot processes
class ISMCTSBot(Bot):
    """SO-ISMCTS on determinized samples.

    Options: iterations (per decision), iterations_to_end (instead, where the world cannot be
    judged at the root; 0: as iterations), seconds (time cap, 0 for none), c (exploration),
    depth (rollout moves; "auto": SHORT_DEPTH if the game has `evaluate`, else FULL_DEPTH),
    margin (how much better in mean reward another root action must be than the rollout
    bot's choice to be played instead), expand (visits before a node joins the tree),
    rollout ("heuristic" or any bot of the game, "random", or "auto": the game's heuristic if
    it has one), width (root actions compared, the rollout bot's choice among them; 0 for all),
    guide ("on": the shipped policy and values guide the search, see the module).
    """

    name = "ismcts"
    uses_sample = True
    options = (
        BotOption("iterations", int, 1, MAX_ITERATIONS, help="iterations per decision"),
        BotOption("seconds", float, 0, MAX_SECONDS, help="time cap per decision, 0 for none"),
        BotOption("c", float, 0, 10, help="UCB1 exploration below the root"),
        BotOption("depth", int, 0, FULL_DEPTH, words=("auto",), help="rollout moves"),
        BotOption("expand", int, 1, 1000, help="visits before a node joins the tree"),
        BotOption("rollout", str, words=("auto", "random"), game_bots=True, help="rollout bot"),
        BotOption("width", int, 0, 64, help="root actions compared, 0 for all"),
        BotOption("margin", float, 0, 1, help="reward a root action must gain over the advice"),
        BotOption("guide", str, words=("off", "on"), help="the learned policy and values"),
        BotOption(
            "iterations_to_end",
            int,
            0,
            MAX_ITERATIONS,
            help="iterations where rollouts must run to the end, 0 for as many",
        ),
    )

    def __init__(
        self,
        seat: int,
        seed: int = 0,
        iterations: int | str = 100,
        iterations_to_end: int | str = 0,
        seconds: float | str = 0.0,
        c: float | str = 0.7,
        depth: int | str = "auto",
        expand: int | str = 8,
        rollout: str = "auto",
        width: int | str = 0,
        margin: float | str = 0.0,
        guide: str = "off",
    ) -> None:
        super().__init__(seat, seed)
        self.iterations = int(_number("iterations", iterations, int, 1))
        self.iterations_to_end = int(_number("iterations_to_end", iterations_to_end, int, 0))
        self.seconds = float(_number("seconds", seconds, float, 0.0))
        self.c = float(_number("c", c, float, 0.0))
        self.depth = None if depth == "auto" else int(_number("depth", depth, int, 0))
        self.expand = int(_number("expand", expand, int, 1))
        self.width = int(_number("width", width, int, 0))
        self.margin = float(_number("margin", margin, float, 0.0))
        self.rollout = rollout
        if guide not in ("off", "on"):
            raise OptionError(f"ismcts option guide must be off or on, not {guide!r}")
        self.guide = guide
        self._guide: Guide | None = None
        self._memory: Encoder | None = None
        """With a guide: the bot's observation memory at the root (its real log folded)."""
        self._seen: list[Event] | None = None
        """With a guide: what the bot's seat has seen since the root in this iteration."""
        self._policies: dict[int, Bot | None] = {}
        self._adviser: Bot | None = None
        self._seed = seed
        self._rollout_rng = random.Random()
        self._luck = 0
        self._unseeded: set[int] = set()
        self.searches = 0
        self.iterations_done = 0
        self.search_seconds = 0.0
        self.search_wall_seconds = 0.0

    # -- the decision ---------------------------------------------------------------------

    def decide(self, turn: Turn) -> Action:
        if len(turn.legal) == 1:
            return turn.legal[0]
        return self.deliberate(turn).choice

    def deliberate(self, turn: Turn) -> Deliberation:
        """Search from the Turn's sample and say what was found: every root action compared,
        its mean reward over the complete batches, in how many batches it did best, and the
        action `decide` plays. The search is the same whoever asks, and moves the bot's
        generator on the same way."""
        sample = turn.sample
        if sample is None:
            raise OptionError("ismcts needs a determinized sample in its Turn")
        cpu, wall = time.process_time(), time.perf_counter()
        deadline = wall + self.seconds if self.seconds else math.inf
        root = Node()
        preferred = self._preferred(turn)
        priors = self.root_priors(turn) if self.guide == "on" else None
        legal = self._candidates(list(turn.legal), preferred, priors)
        totals = dict.fromkeys(legal, 0.0)
        best_in = dict.fromkeys(legal, 0.0)
        done = batches = 0
        budget = self._budget(sample)
        while done < budget:
            world = sample.determinize(self.seat, self.rng)
            luck = self.rng.randrange(2**62)
            batch = []
            for action in legal:
                reward = self._iterate(root, world.clone(), action, luck)
                batch.append(reward)
                done += 1
                if time.perf_counter() >= deadline:
                    break
            if len(batch) < len(legal):
                break
            batches += 1
            top = max(batch)
            winners = [a for a, reward in zip(legal, batch, strict=True) if reward == top]
            for action, reward in zip(legal, batch, strict=True):
                totals[action] += reward
            for action in winners:
                best_in[action] += 1.0 / len(winners)
        self.searches += 1
        self.iterations_done += done
        self.search_seconds += time.process_time() - cpu
        self.search_wall_seconds += time.perf_counter() - wall
        best = max(totals.values())
        if preferred in totals and best - totals[preferred] <= self.margin * max(
            1, done // len(legal)
        ):
            choice = preferred
        else:
            choice = next(a for a in legal if totals[a] == best)
        edges = root.stats.get(self.seat, {})
        visits = {a: int(edges[a.id][0]) if a.id in edges else 0 for a in legal}
        return Deliberation(legal, totals, best_in, visits, batches, preferred, choice)

    def _budget(self, sample: State) -> int:
        """The iterations of this decision: `iterations_to_end` where the game cannot judge
        the world at the root, else `iterations`."""
        if self.iterations_to_end and self.guide != "on":
            evaluate = evaluator(sample.game.id)
            if evaluate is None or evaluate(sample, self.seat) is None:
                return self.iterations_to_end
        return self.iterations

    def _candidates(
        self, legal: list[Action], preferred: Action | None, priors: dict[int, float] | None
    ) -> list[Action]:
        """The root actions to compare: all, or `width` of them including the preferred one
        (with a guide, those its policy likes best; else drawn at random)."""
        if not self.width or len(legal) <= self.width:
            return legal
        others = [a for a in legal if a != preferred]
        wanted = self.width - (preferred is not None)
        if priors is not None:
            ranked = sorted([(-priors[a.id], i) for i, a in enumerate(others)])
            chosen = [others[i] for _, i in ranked[:wanted]]
        else:
            chosen = self.rng.sample(others, wanted)
        keep = {a.id for a in chosen} | ({preferred.id} if preferred is not None else set())
        return [a for a in legal if a.id in keep]

    def _preferred(self, turn: Turn) -> Action | None:
        """The rollout bot's own choice: always a candidate, and it wins ties.

        Asked of a bot of its own that sees every real turn, since game bots may remember
        what their log told them; the rollout bots only ever see determinized worlds."""
        assert turn.sample is not None
        if self._adviser is None:
            self._adviser = self._make_policy(turn.sample, self.seat)
            if self._adviser is None:
                return None
        return self._ask(self._adviser, turn.sample, self.seat, turn.legal, turn.log)

    # -- the guide --------------------------------------------------------------------------

    def check_table(self, game: Game, players: int, options: Options) -> None:
        if self.guide == "on":
            _table_guide(game, players, options)

    def root_priors(self, turn: Turn) -> dict[int, float]:
        """The guide's policy over the legal actions at the root, from the bot's own
        observation (its view and its log: nothing else), and its memory kept for the leaves."""
        sample = turn.sample
        assert sample is not None
        players = len(sample.players)
        if self._guide is None:
            self._guide = _table_guide(sample.game, players, sample.options)
        memory = encoder_for(sample.game.id, players, sample.options, self.seat)
        memory.reset()
        for event in turn.log:
            memory.fold(event)
        self._memory = memory
        legal = [a.id for a in turn.legal]
        weights = self._guide.priors(self._observe(memory, sample), legal)
        return dict(zip(legal, (float(w) for w in weights), strict=True))

    def _observe(self, memory: Encoder, state: State) -> np.ndarray:
        out = np.zeros(memory.size, dtype=np.float32)
        memory.encode(memory.seat_view(state, self.seat), out)
        return out

    def _guided_values(self, state: State) -> list[float]:
        """Every seat's chance to win in this world as the bot would see it there: its root
        memory with what it saw since folded in, read by the guide's value head."""
        assert self._guide is not None and self._memory is not None and self._seen is not None
        memory = self._memory.clone()
        for event in self._seen:
            memory.fold(event)
        return self._guide.values(self._observe(memory, state), self.seat)

    def _play(self, state: State, seat: int, action: Action) -> None:
        """One move in an iteration; with a guide, what the bot's seat saw of it is kept."""
        seen = self._seen
        if seen is None:
            state.act_legal(seat, action)
            return
        seen.extend(visible(state.act(seat, action), self.seat))

    # -- one iteration ----------------------------------------------------------------------

    def _iterate(self, root: Node, state: State, first: Action, luck: int) -> float:
        """Play `first`, descend the tree, roll out, back up; return the bot's reward."""
        self._reseed(luck)
        if self.guide == "on":
            self._seen = []
        path: list[tuple[dict[int, Edge], int, int]] = []
        table = root.stats.setdefault(self.seat, {})
        edge = table.get(first.id)
        if edge is None:
            edge = table[first.id] = [0.0, 0.0, 0.0]
        edge[2] += 1.0
        events = state.act(self.seat, first)
        if self._seen is not None:
            self._seen.extend(visible(events, self.seat))
        path.append((table, self.seat, first.id))
        key: JointMove = ((self.seat, first.id),)
        node = self._child(root, key)
        pending = state.pending()
        while node is not None and pending:
            window = set(pending)
            joint: list[tuple[int, int]] = []
            seat = min(pending)
            while True:
                table = node.stats.setdefault(seat, {})
                action = self._select(table, pending[seat])
                self._play(state, seat, action)
                joint.append((seat, action.id))
                path.append((table, seat, action.id))
                window.discard(seat)
                pending = state.pending()
                if not pending or not window or not window.issuperset(pending):
                    break
                seat = min(pending)
            node = self._child(node, tuple(joint))
        rewards = self._rollout(state)
        for table, seat, action_id in path:
            edge = table[action_id]
            edge[0] += 1.0
            edge[1] += rewards[seat]
        return rewards[self.seat]

    def _child(self, node: Node, key: JointMove) -> Node | None:
        """The child along `key`, created on its `expand`-th visit; None until then."""
        child = node.children.get(key)
        if child is not None:
            return child
        seen = node.waiting.get(key, 0) + 1
        if seen >= self.expand:
            node.waiting.pop(key, None)
            child = node.children[key] = Node()
            return child
        node.waiting[key] = seen
        return None

    def _select(self, table: dict[int, Edge], legal: Sequence[Action]) -> Action:
        """UCB1 with availability counts; an action never tried here is tried first."""
        untried: list[Action] = []
        best: Action | None = None
        best_score = -math.inf
        c = self.c
        for action in legal:
            edge = table.get(action.id)
            if edge is None:
                edge = table[action.id] = [0.0, 0.0, 0.0]
            edge[2] += 1.0
            if edge[0] == 0.0:
                untried.append(action)
            elif not untried:
                score = edge[1] / edge[0] + c * math.sqrt(math.log(edge[2]) / edge[0])
                if score > best_score:
                    best, best_score = action, score
        if untried:
            return choose(self._rollout_rng.getrandbits, untried) if untried[1:] else untried[0]
        assert best is not None
        return best

    # -- rollouts ---------------------------------------------------------------------------

    def _reseed(self, luck: int) -> None:
        """Every root action of a batch rolls out with the same luck (common random numbers).

        A rollout bot's generator is seeded (with `luck + seat`) when the iteration first asks
        it, not here: seeding costs microseconds and many seats never move in a short rollout.
        """
        self._rollout_rng.seed(luck)
        self._luck = luck
        self._unseeded = {seat for seat, bot in self._policies.items() if bot is not None}

    def _policy(self, state: State, seat: int) -> Bot | None:
        """The rollout bot of a seat (None: random moves)."""
        bot = self._policies.get(seat)
        if bot is None and seat not in self._policies:
            bot = self._policies[seat] = self._make_policy(state, seat)
        return bot

    def _make_policy(self, state: State, seat: int) -> Bot | None:
        name = self.rollout
        if name == "auto":
            name = default_bot(state.game.id)
        if name == "random":
            return None
        own = game_bots(state.game.id)
        factory = own.get(name)
        if factory is None:
            known = ", ".join(["random", *sorted(own)])
            raise OptionError(f"ismcts cannot roll out with {name!r}; it can with: {known}")
        return factory(seat, derive(self._seed, f"rollout policy {self.seat}:{seat}"))

    def _ask(
        self, bot: Bot, state: State, seat: int, legal: Sequence[Action], log: Sequence[Event]
    ) -> Action:
        """What the rollout bot plays at `seat` in this (determinized) world."""
        if bot.decides_in_world and not log:
            return bot.decide_in(state, seat, legal)
        view = state.view(seat) if bot.uses_view else None
        sample = state.determinize(seat, self._rollout_rng) if bot.uses_sample else None
        return bot.decide(Turn(state.game, seat, state.players, legal, log, view, sample))

    def _rollout(self, state: State) -> list[float]:
        """The rollout policy plays on for `depth` moves, then until the game can judge the
        world (at most MAX_ROLLOUT moves in all); every seat's reward."""
        draw = self._rollout_rng.getrandbits  # `choose` makes the library's choice, compiled
        unseeded = self._unseeded
        policies = self._policies
        pending = state.pending()
        evaluate = evaluator(state.game.id)
        every_seat = seats_evaluator(state.game.id)
        depth = self.depth
        if depth is None:  # cut where the world can be judged
            depth = self.depth = SHORT_DEPTH if evaluate or self.guide == "on" else FULL_DEPTH
        steps: int = depth  # a plain int from here: compiled, a native counter
        last = steps - MAX_ROLLOUT  # `steps` when MAX_ROLLOUT moves have been played
        while pending:
            if steps <= 0 and self._seen is not None:
                return self._guided_values(state)
            if steps <= 0:
                if evaluate is None or steps <= last:
                    return [0.5] * len(state.players)
                judged = self._judge(state, evaluate, every_seat)
                if judged is not None:
                    return judged
            seat = min(pending)
            legal = pending[seat]
            if len(legal) > 1:
                bot = policies.get(seat)
                if bot is None and seat not in policies:
                    bot = self._policy(state, seat)
            else:
                bot = None
            if bot is None:
                action = choose(draw, legal)
            else:
                if seat in unseeded:
                    unseeded.discard(seat)
                    _SeededOnUse.put(bot, self._luck + seat)
                if bot.decides_in_world:  # `_ask` with no log, without the call
                    action = bot.decide_in(state, seat, legal)
                else:
                    action = self._ask(bot, state, seat, legal, ())
            self._play(state, seat, action)
            pending = state.pending()
            steps -= 1
        outcome = state.outcome()
        players = len(state.players)
        if outcome is None or not outcome.winners:
            return [0.5] * players
        return [1.0 if s in outcome.winners else 0.0 for s in range(players)]

    def _judge(
        self, state: State, evaluate: Evaluator, every_seat: SeatsEvaluator | None
    ) -> list[float] | None:
        """Every seat's estimate of the cut world (by `every_seat` if the game has one), or
        None where the game cannot judge it."""
        if every_seat is not None:
            judged = every_seat(state)
            return None if judged is None else [float(x) for x in judged]
        mine = evaluate(state, self.seat)
        if mine is None:
            return None
        seats = range(len(state.players))
        return [mine if s == self.seat else _judged(evaluate(state, s)) for s in seats]


def _table_guide(game: Game, players: int, options: Options) -> Guide:
    """The guide shipped for such a table, or OptionError: none is, or it reads other tensors
    (another seat count or option changes the observation or the action space)."""
    guide = shipped_guide(game.id, players)
    if guide is None:
        raise OptionError(f"no guide is shipped for {game.id} with {players} players")
    size = encoder_for(game.id, players, options, 0).size
    if (guide.inputs, guide.actions) != (size, len(game.action_space(players, options))):
        raise OptionError(
            f"the guide shipped for {game.id} with {players} players reads another observation "
            "than these options give"
        )
    return guide


def _judged(estimate: float | None) -> float:
    return 0.5 if estimate is None else estimate
