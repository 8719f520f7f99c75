"""A balance report: game facts folded, in index order, into win rates with Wilson intervals,
end conditions, length distributions and card-kind comparisons."""

from __future__ import annotations

import statistics
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from hiddenhand.balance.collect import GameFacts, play_for_balance
from hiddenhand.balance.lenses import lens_for
from hiddenhand.bots.arena import Tally, run_games, schedule, two_proportion_p
from hiddenhand.engine.game import Game
from hiddenhand.engine.options import Options

ALL_ROLES = "all roles"
"""The key of a bot's win rate over every seat it had."""


def distribution(values: Sequence[int]) -> dict[str, float]:
    """Mean, extremes and deciles of a game length (0s for no games)."""
    if not values:
        return {k: 0.0 for k in ("mean", "min", "p10", "p25", "median", "p75", "p90", "max")}
    ordered = sorted(values)
    cuts = statistics.quantiles(ordered, n=20, method="inclusive") if len(ordered) > 1 else []

    def at(k: int) -> float:  # the k-th 5% cut
        return float(cuts[k - 1]) if cuts else float(ordered[0])

    return {
        "mean": round(statistics.fmean(ordered), 2),
        "min": float(ordered[0]),
        "p10": at(2),
        "p25": at(5),
        "median": at(10),
        "p75": at(15),
        "p90": at(18),
        "max": float(ordered[-1]),
    }


def share(tally: Tally) -> dict[str, Any]:
    """A count out of all games as a share with its interval (an end condition's)."""
    entry = tally.to_json()
    return {"games": entry["wins"], "share": entry["rate"], "ci95": entry["ci95"]}


@dataclass
class CardTally:
    """Seats that held or used a card kind against seats of the same roles that did not."""

    with_card: Tally = field(default_factory=Tally)
    without: Tally = field(default_factory=Tally)

    def to_json(self) -> dict[str, Any]:
        return {
            "with": self.with_card.to_json(),
            "without": self.without.to_json(),
            "difference": round(self.with_card.rate - self.without.rate, 4),
            "p": float(f"{two_proportion_p(self.with_card, self.without):.3g}"),
        }


@dataclass
class BalanceReport:
    """Every number of one balance run; `facts` keeps the games for the plot."""

    game: str
    title: str
    players: int
    options: dict[str, Any]
    bots: list[str]
    games: int
    seed: int
    facts: list[GameFacts]
    turn_unit: str = "turns"
    cards_rule: str = ""

    @property
    def finished(self) -> list[GameFacts]:
        return [f for f in self.facts if not f.error]

    @property
    def errors(self) -> list[str]:
        return [f"game {f.index} (seed {f.seed}): {f.error}" for f in self.facts if f.error]

    def sides(self) -> dict[str, Tally]:
        """Each side's win rate: the share of games it won (every side any seat had, and draws)."""
        games = self.finished
        labels = {s.side for f in games for s in f.seats} | {f.winner for f in games}
        out: dict[str, Tally] = {}
        for label in sorted(labels):
            tally = out[label] = Tally()
            for f in games:
                tally.add(f.winner == label)
        return out

    def roles(self) -> dict[str, Tally]:
        """Each role's win rate over the seats that had it."""
        out: dict[str, Tally] = {}
        for f in self.finished:
            for s in f.seats:
                out.setdefault(s.role, Tally()).add(s.won)
        return dict(sorted(out.items()))

    def seat_positions(self) -> dict[str, Tally]:
        """Each seat position's win rate (seat 0 moves first where the game has a first seat)."""
        out: dict[str, Tally] = {}
        for f in self.finished:
            for k, s in enumerate(f.seats):
                out.setdefault(str(k), Tally()).add(s.won)
        return out

    def by_bot(self) -> dict[str, dict[str, Tally]]:
        """Each bot's win rate over all its seats (ALL_ROLES) and role by role."""
        out: dict[str, dict[str, Tally]] = {}
        for f in self.finished:
            for s in f.seats:
                mine = out.setdefault(s.bot, {ALL_ROLES: Tally()})
                mine[ALL_ROLES].add(s.won)
                mine.setdefault(s.role, Tally()).add(s.won)
        return {
            b: dict(sorted(r.items(), key=lambda kv: kv[0] != ALL_ROLES)) for b, r in out.items()
        }

    def ends(self) -> dict[str, Tally]:
        """Each end condition's share of the games, most frequent first."""
        games = self.finished
        labels = sorted({f.end for f in games})
        out = {label: Tally(len(games), sum(f.end == label for f in games)) for label in labels}
        return dict(sorted(out.items(), key=lambda kv: -kv[1].wins))

    def cards(self) -> dict[str, CardTally]:
        """Per card kind: seats that held or used it against seats of the same roles (among
        the roles that ever held or used it) that did not."""
        games = self.finished
        kinds = sorted({k for f in games for s in f.seats for k in s.cards})
        out: dict[str, CardTally] = {}
        for kind in kinds:
            roles = {s.role for f in games for s in f.seats if kind in s.cards}
            tally = out[kind] = CardTally()
            for f in games:
                for s in f.seats:
                    if kind in s.cards:
                        tally.with_card.add(s.won)
                    elif s.role in roles:
                        tally.without.add(s.won)
        return out

    def to_json(self) -> dict[str, Any]:
        games = self.finished
        return {
            "game": self.game,
            "title": self.title,
            "players": self.players,
            "options": self.options,
            "bots": self.bots,
            "games": self.games,
            "finished": len(games),
            "seed": self.seed,
            "errors": self.errors,
            "sides": {k: t.to_json() for k, t in self.sides().items()},
            "roles": {k: t.to_json() for k, t in self.roles().items()},
            "seats": {k: t.to_json() for k, t in self.seat_positions().items()},
            "bots_by_role": {
                b: {r: t.to_json() for r, t in roles.items()} for b, roles in self.by_bot().items()
            },
            "ends": {k: share(t) for k, t in self.ends().items()},
            "length": {
                "turn_unit": self.turn_unit,
                "turns": distribution([f.turns for f in games]),
                "decisions": distribution([f.decisions for f in games]),
            },
            "cards_rule": self.cards_rule,
            "cards": {k: t.to_json() for k, t in self.cards().items()},
        }


def balance(
    game: Game,
    players: int,
    options: Options,
    bots: Sequence[str],
    games: int,
    seed: int,
    jobs: int = 1,
    progress: Callable[[GameFacts], None] | None = None,
) -> BalanceReport:
    """Play K games (the lineup rotated over the seats as a tournament rotates it) and report."""
    deals = schedule(players, bots, games, seed)
    facts = run_games(game, options, deals, seed, jobs, progress, play_for_balance)
    lens = lens_for(game.id)
    return BalanceReport(
        game=game.id,
        title=game.title,
        players=players,
        options=options.changed(),
        bots=list(bots),
        games=games,
        seed=seed,
        facts=facts,
        turn_unit=lens.turn_unit,
        cards_rule=lens.cards,
    )
