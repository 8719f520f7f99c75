"""Ratings per game with openskill, and every account's results, written when a game ends.

Each seat is a one-player team ranked first if it won and second if it lost; leaving a rated
game is a loss whatever the leaver's side did. A player's shown rating is openskill's ordinal
(mu - 3 sigma): it rises as the system grows sure of a player, not only as they win.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from openskill.models import PlackettLuce
from sqlalchemy import Connection, desc, select, update

from hiddenhand.engine import HiddenhandError, get_game
from hiddenhand.server.accounts import account_id_of
from hiddenhand.server.storage import Storage, accounts_table, ratings_table, results_table

if TYPE_CHECKING:
    from hiddenhand.server.tables import Table

MODEL = PlackettLuce()


@dataclass(frozen=True, slots=True)
class Rating:
    mu: float
    sigma: float
    games: int

    @property
    def ordinal(self) -> float:
        return self.mu - 3 * self.sigma


def fresh() -> Rating:
    start = MODEL.rating()
    return Rating(mu=start.mu, sigma=start.sigma, games=0)


def result_of(table: Table, seat: int) -> str:
    if table.seats[seat].left:
        return "left"
    assert table.state is not None
    outcome = table.state.outcome()
    return "won" if outcome is not None and seat in outcome.winners else "lost"


def rated_moves(before: list[Rating], results: list[str]) -> list[Rating]:
    """Each seat's rating after a game with these results, seat by seat."""
    teams = [[MODEL.rating(mu=r.mu, sigma=r.sigma)] for r in before]
    ranks = [1.0 if result == "won" else 2.0 for result in results]
    after = MODEL.rate(teams, ranks=ranks)
    return [
        Rating(mu=team[0].mu, sigma=team[0].sigma, games=old.games + 1)
        for team, old in zip(after, before, strict=True)
    ]


class Results:
    """Writes each finished game's results (and, for a rated game, the new ratings), and reads
    them back for profiles and leaderboards."""

    def __init__(self, storage: Storage) -> None:
        self.storage = storage

    def record(self, table: Table) -> None:
        """Write a finished table's results in a transaction of their own."""
        write = self.writer(table)
        if write is not None:
            with self.storage.engine.begin() as conn:
                write(conn)

    def writer(self, table: Table) -> Callable[[Connection], None] | None:
        """What to write for a finished table: a row per signed-in seat, and new ratings if the
        game was rated; None if nobody signed in sat at it.

        The seats' results are worked out here, as the game ends; the ratings before and after
        are read and computed in the transaction that writes the game's last action, so games
        ending one after another each start from the ratings the one before left."""
        assert table.state is not None and table.state.over
        accounts = [account_id_of(s.guest) if s.bot is None else None for s in table.seats]
        seated = [(seat, a) for seat, a in enumerate(accounts) if a is not None]
        if not seated:
            return None
        roles = table.state.roles()
        results = [result_of(table, seat) for seat in range(len(table.seats))]
        rated = table.unrated_because() is None
        game, table_id, finished = table.game.id, table.id, time.time()

        def write(conn: Connection) -> None:
            done = conn.execute(
                select(results_table.c.account_id).where(results_table.c.table_id == table_id)
            ).first()
            if done is not None:
                return
            before: dict[int, Rating] = {}
            after: dict[int, Rating] = {}
            if rated:
                ids = [a for a in accounts if a is not None]
                before = {a: self._rating(conn, a, game) for a in ids}
                moved = rated_moves([before[a] for a in ids], results)
                after = dict(zip(ids, moved, strict=True))
            rows = [
                {
                    "table_id": table_id,
                    "account_id": account,
                    "game": game,
                    "seat": seat,
                    "role": roles[seat] if roles else None,
                    "result": results[seat],
                    "rated": rated,
                    "mu_before": before[account].mu if rated else None,
                    "sigma_before": before[account].sigma if rated else None,
                    "mu_after": after[account].mu if rated else None,
                    "sigma_after": after[account].sigma if rated else None,
                    "finished": finished,
                }
                for seat, account in seated
            ]
            for account, rating in after.items():
                first = before[account].games == 0
                self._store_rating(conn, account, game, rating, first=first)
            conn.execute(results_table.insert(), rows)

        return write

    @staticmethod
    def _rating(conn: Connection, account: int, game: str) -> Rating:
        row = conn.execute(
            select(ratings_table).where(
                ratings_table.c.account_id == account, ratings_table.c.game == game
            )
        ).one_or_none()
        return Rating(mu=row.mu, sigma=row.sigma, games=row.games) if row else fresh()

    @staticmethod
    def _store_rating(
        conn: Connection, account: int, game: str, rating: Rating, *, first: bool
    ) -> None:
        values = {"mu": rating.mu, "sigma": rating.sigma, "games": rating.games}
        if first:
            conn.execute(ratings_table.insert().values(account_id=account, game=game, **values))
        else:
            conn.execute(
                update(ratings_table)
                .where(ratings_table.c.account_id == account, ratings_table.c.game == game)
                .values(**values)
            )

    def profile(self, account: int) -> dict[str, Any]:
        """Ratings per game with their history, and every game played, newest first."""
        with self.storage.engine.connect() as conn:
            ratings = conn.execute(
                select(ratings_table).where(ratings_table.c.account_id == account)
            ).all()
            games = conn.execute(
                select(results_table)
                .where(results_table.c.account_id == account)
                .order_by(desc(results_table.c.finished))
                .limit(500)
            ).all()
        history: dict[str, list[dict[str, float | str]]] = {}
        for row in reversed(games):
            if row.rated and row.mu_after is not None:
                history.setdefault(row.game, []).append(
                    {
                        "table": row.table_id,
                        "finished": row.finished,
                        "rating": round(row.mu_after - 3 * row.sigma_after, 3),
                    }
                )
        return {
            "ratings": [
                {
                    "game": r.game,
                    "title": title_of(r.game),
                    "mu": r.mu,
                    "sigma": r.sigma,
                    "rating": round(r.mu - 3 * r.sigma, 3),
                    "games": r.games,
                    "history": history.get(r.game, []),
                }
                for r in sorted(ratings, key=lambda r: r.game)
            ],
            "games": [
                {
                    "table": row.table_id,
                    "game": row.game,
                    "title": title_of(row.game),
                    "seat": row.seat,
                    "role": row.role,
                    "result": row.result,
                    "rated": row.rated,
                    "change": (
                        round(
                            (row.mu_after - 3 * row.sigma_after)
                            - (row.mu_before - 3 * row.sigma_before),
                            3,
                        )
                        if row.rated and row.mu_after is not None
                        else None
                    ),
                    "finished": row.finished,
                    "replay": f"/replay/{row.table_id}",
                }
                for row in games
            ],
        }

    def leaderboard(self, game: str, limit: int = 100) -> list[dict[str, Any]]:
        """The best-rated players of a game, by ordinal."""
        ordinal = ratings_table.c.mu - 3 * ratings_table.c.sigma
        with self.storage.engine.connect() as conn:
            rows = conn.execute(
                select(accounts_table.c.name, ratings_table)
                .join(accounts_table, accounts_table.c.id == ratings_table.c.account_id)
                .where(ratings_table.c.game == game)
                .order_by(desc(ordinal), accounts_table.c.name)
                .limit(limit)
            ).all()
        return [
            {
                "rank": rank,
                "name": row.name,
                "rating": round(row.mu - 3 * row.sigma, 3),
                "mu": row.mu,
                "sigma": row.sigma,
                "games": row.games,
            }
            for rank, row in enumerate(rows, 1)
        ]


def title_of(game_id: str) -> str:
    try:
        return get_game(game_id).title
    except HiddenhandError:
        return game_id
