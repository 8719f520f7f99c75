"""Tournaments: many seeded games between bots, rotated over seats and roles, with statistics.

The schedule is fixed by the seed alone. Bots are listed as a lineup; a lineup shorter than the
table is filled with its last bot (`ismcts,heuristic` at six seats: one ismcts, five heuristic).
Each deal (game seed) is played once per rotation of the lineup over the seats, so every bot
meets every seat, and with it every role the deal hands out, on the same cards.

Games run in worker processes (spawned) or in this one; each game depends on its index and the
seed only, and the statistics are folded in index order, so the numbers do not depend on the
number of workers. Decision times are measured too, but kept apart: they are not reproducible.
"""

from __future__ import annotations

import importlib
import math
import multiprocessing
import time
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass, field
from typing import Any, Protocol, TypeVar

from hiddenhand.bots.base import Bot, Turn, make_bot
from hiddenhand.bots.match import play
from hiddenhand.engine.actions import Action
from hiddenhand.engine.game import Game, get_game
from hiddenhand.engine.options import Options
from hiddenhand.engine.state import State

Z95 = 1.959963984540054


@dataclass(frozen=True)
class Deal:
    """One scheduled game: its index, the game seed and the bot spec of every seat."""

    index: int
    seed: int
    seats: tuple[str, ...]


def schedule(players: int, bots: Sequence[str], games: int, seed: int) -> list[Deal]:
    """K games: deal d = seed + k // R is played under rotation k % R of the lineup."""
    if not bots:
        raise ValueError("a tournament needs at least one bot")
    lineup = list(bots) + [bots[-1]] * (players - len(bots))
    rotations = len(lineup) if len(set(lineup)) > 1 else 1
    deals = []
    for k in range(games):
        turn = k % rotations
        seats = tuple(lineup[(s + turn) % len(lineup)] for s in range(players))
        deals.append(Deal(k, seed + k // rotations, seats))
    return deals


@dataclass(frozen=True)
class SeatResult:
    bot: str
    role: str
    won: bool


@dataclass(frozen=True)
class GameResult:
    """What one game contributes: each seat's bot, role and result (or the error)."""

    index: int
    seed: int
    seats: tuple[SeatResult, ...] = ()
    side: str = ""
    steps: int = 0
    error: str = ""
    timing: dict[str, tuple[int, float]] = field(default_factory=dict, compare=False)


class _Timed(Bot):
    """Wraps a bot to measure its decision times (kept out of the reproducible results).

    The time is the process's CPU time: on a shared machine, wall time would count the waits
    for a core as thinking."""

    def __init__(self, inner: Bot) -> None:
        self.inner = inner
        self.seat = inner.seat
        self.rng = inner.rng
        self.name = inner.name  # type: ignore[misc]
        self.uses_view = inner.uses_view  # type: ignore[misc]
        self.uses_sample = inner.uses_sample  # type: ignore[misc]
        self.decisions = 0
        self.seconds = 0.0

    def decide(self, turn: Turn) -> Action:
        started = time.process_time()
        action = self.inner.decide(turn)
        self.seconds += time.process_time() - started
        self.decisions += 1
        return action


def seat_roles(final: State) -> list[str]:
    """Each seat's role at the end, from the game's `roles()` hook ("all" if it has none)."""
    roles = final.roles()
    if roles is None:
        return ["all"] * len(final.players)
    return list(roles)


def play_deal(game: Game, options: Options, deal: Deal, bot_seed: int) -> GameResult:
    """Play one scheduled game; a failure is returned as the error, not raised."""
    try:
        state = game.start(len(deal.seats), options, deal.seed)
        bots = [
            _Timed(make_bot(game, spec, seat, bot_seed)) for seat, spec in enumerate(deal.seats)
        ]
        result = play(state, bots)
    except Exception as exc:  # a rules or bot bug: reported with the seed, never hidden
        return GameResult(deal.index, deal.seed, error=f"{type(exc).__name__}: {exc}")
    roles = seat_roles(result.state)
    seats = tuple(
        SeatResult(spec, roles[s], s in result.outcome.winners) for s, spec in enumerate(deal.seats)
    )
    timing: dict[str, tuple[int, float]] = {}
    for bot, spec in zip(bots, deal.seats, strict=True):
        n, secs = timing.get(spec, (0, 0.0))
        timing[spec] = (n + bot.decisions, secs + bot.seconds)
    return GameResult(deal.index, deal.seed, seats, result.outcome.side, result.steps, "", timing)


# -- worker processes -------------------------------------------------------------------------


class Indexed(Protocol):
    """What a played deal returns: anything that says which deal it was."""

    @property
    def index(self) -> int: ...


ResultT = TypeVar("ResultT", bound=Indexed)
PlayDeal = Callable[[Game, Options, Deal, int], ResultT]
"""Plays one deal with a bot seed; a module-level function, so that workers can import it."""

_worker: dict[str, Any] = {}


def _init_worker(
    module: str, game_id: str, options: dict[str, Any], seed: int, play_one: PlayDeal[Any]
) -> None:
    importlib.import_module(module)  # registers the game (also games outside hiddenhand.games)
    game = get_game(game_id)
    _worker.update(game=game, options=game.options(options), seed=seed, play_one=play_one)


def _play_in_worker(deal: Deal) -> Any:
    play_one = _worker["play_one"]
    return play_one(_worker["game"], _worker["options"], deal, _bot_seed(_worker["seed"], deal))


def _bot_seed(seed: int, deal: Deal) -> int:
    return seed * 1_000_003 + deal.index


def run_games(
    game: Game,
    options: Options,
    deals: Sequence[Deal],
    seed: int,
    jobs: int = 1,
    progress: Callable[[ResultT], None] | None = None,
    play_one: PlayDeal[ResultT] = play_deal,  # type: ignore[assignment]
) -> list[ResultT]:
    """Play every deal with `play_one` (by default: bots, roles and results), in `jobs` spawned
    processes or here; results come back in index order."""
    results: list[ResultT | None] = [None] * len(deals)

    def done(result: ResultT) -> None:
        results[result.index - deals[0].index] = result
        if progress is not None:
            progress(result)

    if jobs <= 1 or len(deals) <= 1:
        for deal in deals:
            done(play_one(game, options, deal, _bot_seed(seed, deal)))
    else:
        module = type(game.start(len(deals[0].seats), options, deals[0].seed)).__module__
        context = multiprocessing.get_context("spawn")
        with ProcessPoolExecutor(
            max_workers=jobs,
            mp_context=context,
            initializer=_init_worker,
            initargs=(module, game.id, options.to_json(), seed, play_one),
        ) as pool:
            futures = [pool.submit(_play_in_worker, deal) for deal in deals]
            for future in as_completed(futures):
                done(future.result())
    return [r for r in results if r is not None]


# -- statistics -------------------------------------------------------------------------------


def wilson(wins: int, games: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for a win rate (95% by default)."""
    if games == 0:
        return (0.0, 1.0)
    p = wins / games
    denominator = 1 + z * z / games
    centre = (p + z * z / (2 * games)) / denominator
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / denominator
    return (max(0.0, centre - half), min(1.0, centre + half))


@dataclass
class Tally:
    """Wins out of games, with the rate and its 95% interval."""

    games: int = 0
    wins: int = 0

    def add(self, won: bool) -> None:
        self.games += 1
        self.wins += won

    @property
    def rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    def to_json(self) -> dict[str, Any]:
        low, high = wilson(self.wins, self.games)
        return {
            "games": self.games,
            "wins": self.wins,
            "rate": round(self.rate, 4),
            "ci95": [round(low, 4), round(high, 4)],
        }


def ratings(results: Sequence[GameResult]) -> dict[str, dict[str, float]]:
    """Openskill (Plackett-Luce) ratings of the bots, games folded in index order.

    Every seat is a one-player team ranked first if it won; a bot that holds several seats of a
    game moves by the mean of its seats' updates.
    """
    from openskill.models import PlackettLuce

    model = PlackettLuce()
    rating = {}
    for result in results:
        if result.error:
            continue
        for seat in result.seats:
            if seat.bot not in rating:
                rating[seat.bot] = model.rating(name=seat.bot)
        if len({s.won for s in result.seats}) < 2:
            continue  # everybody won or nobody did: no ranking to learn from
        teams = [
            [model.rating(mu=rating[s.bot].mu, sigma=rating[s.bot].sigma)] for s in result.seats
        ]
        ranks = [1.0 if s.won else 2.0 for s in result.seats]
        rated = model.rate(teams, ranks=ranks)
        moves: dict[str, list[tuple[float, float]]] = {}
        for seat, team in zip(result.seats, rated, strict=True):
            moves.setdefault(seat.bot, []).append((team[0].mu, team[0].sigma))
        for bot, new in moves.items():
            old = rating[bot]
            mu = old.mu + sum(m - old.mu for m, _ in new) / len(new)
            sigma = min(s for _, s in new)
            rating[bot] = model.rating(mu=mu, sigma=sigma, name=bot)
    return {
        bot: {"mu": round(r.mu, 3), "sigma": round(r.sigma, 3), "ordinal": round(r.ordinal(), 3)}
        for bot, r in sorted(rating.items())
    }


@dataclass
class Report:
    """A tournament's numbers: per bot, per bot and role, per side, ratings and errors."""

    game: str
    players: int
    options: dict[str, Any]
    bots: list[str]
    games: int
    seed: int
    by_bot: dict[str, Tally]
    by_role: dict[str, dict[str, Tally]]
    sides: dict[str, int]
    ratings: dict[str, dict[str, float]]
    errors: list[str]
    mean_steps: float
    timing: dict[str, dict[str, float]] = field(default_factory=dict)

    def to_json(self, timing: bool = True) -> dict[str, Any]:
        out: dict[str, Any] = {
            "game": self.game,
            "players": self.players,
            "options": self.options,
            "bots": self.bots,
            "games": self.games,
            "seed": self.seed,
            "by_bot": {b: t.to_json() for b, t in self.by_bot.items()},
            "by_role": {
                b: {r: t.to_json() for r, t in roles.items()} for b, roles in self.by_role.items()
            },
            "sides": self.sides,
            "ratings": self.ratings,
            "errors": self.errors,
            "mean_steps": self.mean_steps,
        }
        if timing:
            out["timing"] = self.timing
        return out


def summarize(
    game: Game,
    players: int,
    options: Options,
    bots: Sequence[str],
    seed: int,
    results: Sequence[GameResult],
) -> Report:
    """Fold game results, in index order, into a Report."""
    by_bot: dict[str, Tally] = {}
    by_role: dict[str, dict[str, Tally]] = {}
    sides: dict[str, int] = {}
    errors: list[str] = []
    steps = finished = 0
    decisions: dict[str, list[float]] = {}
    for result in sorted(results, key=lambda r: r.index):
        if result.error:
            errors.append(f"game {result.index} (seed {result.seed}): {result.error}")
            continue
        finished += 1
        steps += result.steps
        sides[result.side] = sides.get(result.side, 0) + 1
        for seat in result.seats:
            by_bot.setdefault(seat.bot, Tally()).add(seat.won)
            by_role.setdefault(seat.bot, {}).setdefault(seat.role, Tally()).add(seat.won)
        for bot, (n, secs) in result.timing.items():
            total = decisions.setdefault(bot, [0.0, 0.0])
            total[0] += n
            total[1] += secs
    return Report(
        game=game.id,
        players=players,
        options=options.changed(),
        bots=list(bots),
        games=len(results),
        seed=seed,
        by_bot=dict(sorted(by_bot.items())),
        by_role={b: dict(sorted(r.items())) for b, r in sorted(by_role.items())},
        sides=dict(sorted(sides.items())),
        ratings=ratings(results),
        errors=errors,
        mean_steps=round(steps / finished, 2) if finished else 0.0,
        timing={
            bot: {"decisions": n, "cpu_ms_per_decision": round(1000 * s / n, 3) if n else 0.0}
            for bot, (n, s) in sorted(decisions.items())
        },
    )


def tournament(
    game: Game,
    players: int,
    options: Options,
    bots: Sequence[str],
    games: int,
    seed: int,
    jobs: int = 1,
    progress: Callable[[GameResult], None] | None = None,
) -> Report:
    """Schedule, play and summarize a tournament."""
    deals = schedule(players, bots, games, seed)
    results = run_games(game, options, deals, seed, jobs, progress)
    return summarize(game, players, options, bots, seed, results)


@dataclass
class Comparison:
    """One seat, two bots, the same deals: the baseline's and the challenger's results there."""

    challenger: str
    baseline: str
    baseline_by_role: dict[str, Tally]
    challenger_by_role: dict[str, Tally]
    report: Report
    control: Report

    def rows(self) -> list[dict[str, Any]]:
        """Per role, then all roles: both win rates, intervals, the difference and p-value."""
        out = []
        roles = sorted(set(self.baseline_by_role) | set(self.challenger_by_role))
        total_b, total_c = Tally(), Tally()
        for role in [*roles, "all roles"]:
            if role == "all roles":
                b, c = total_b, total_c
            else:
                b = self.baseline_by_role.get(role, Tally())
                c = self.challenger_by_role.get(role, Tally())
                total_b.games += b.games
                total_b.wins += b.wins
                total_c.games += c.games
                total_c.wins += c.wins
            out.append(
                {
                    "role": role,
                    "baseline": b.to_json(),
                    "challenger": c.to_json(),
                    "difference": round(c.rate - b.rate, 4),
                    "p": float(f"{two_proportion_p(c, b):.3g}"),
                }
            )
        return out

    def to_json(self, timing: bool = True) -> dict[str, Any]:
        return {
            "challenger": self.challenger,
            "baseline": self.baseline,
            "seat": self.rows(),
            "tournament": self.report.to_json(timing),
            "control": self.control.to_json(timing),
        }


def compare_in_seat(
    game: Game,
    players: int,
    options: Options,
    challenger: str,
    baseline: str,
    games: int,
    seed: int,
    jobs: int = 1,
    progress: Callable[[GameResult], None] | None = None,
) -> Comparison:
    """Put `challenger` in one seat among `baseline` bots, and `baseline` in that seat on the
    same deals with the same seeds; compare that seat's win rate role by role."""
    deals = schedule(players, [challenger, baseline], games, seed)
    if challenger == baseline:
        raise ValueError("the challenger and the baseline must differ")
    control = [Deal(d.index, d.seed, (baseline,) * players) for d in deals]
    results = run_games(game, options, deals, seed, jobs, progress)
    controls = run_games(game, options, control, seed, jobs, progress)
    by_index = {r.index: r for r in controls}
    baseline_by_role: dict[str, Tally] = {}
    challenger_by_role: dict[str, Tally] = {}
    for deal, result in zip(deals, results, strict=True):
        other = by_index[deal.index]
        if result.error or other.error:
            continue
        seat = deal.seats.index(challenger)
        mine, theirs = result.seats[seat], other.seats[seat]
        challenger_by_role.setdefault(mine.role, Tally()).add(mine.won)
        baseline_by_role.setdefault(theirs.role, Tally()).add(theirs.won)
    return Comparison(
        challenger,
        baseline,
        dict(sorted(baseline_by_role.items())),
        dict(sorted(challenger_by_role.items())),
        summarize(game, players, options, [challenger, baseline], seed, results),
        summarize(game, players, options, [baseline], seed, controls),
    )


def two_proportion_p(a: Tally, b: Tally) -> float:
    """Two-sided p-value that two win rates are equal (pooled z-test)."""
    if not a.games or not b.games:
        return 1.0
    pooled = (a.wins + b.wins) / (a.games + b.games)
    se = math.sqrt(pooled * (1 - pooled) * (1 / a.games + 1 / b.games))
    if se == 0:
        return 1.0
    z = (a.rate - b.rate) / se
    return math.erfc(abs(z) / math.sqrt(2))


def roles_seen(report: Report) -> Iterator[str]:
    """Every role any bot played, sorted."""
    yield from sorted({r for roles in report.by_role.values() for r in roles})
