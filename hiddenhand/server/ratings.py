"""Ratings per game with openskill, and every account's results, written when a game ends.

Each seat is rated on its own and ranked by its side's result, as the game's rules make the
sides: every seat of the winning side (a Good Cop team, NOIR's Killer or Inspector, the humans
or the infected) ties first, every seat that stayed and lost ties second, a draw ties everyone.
Seats are not summed into teams: sides of unequal size (one infected against five humans) would
make the bigger side a near-certain winner and skew every rating.

A person who leaves a rated game (concedes, leaves, or is handed to a bot and never takes the
seat back) is ranked last, alone, below every seat that stayed, whatever the bot playing on
does; and the game never raises their rating (`rated_moves`). A seat handed to a bot makes the
game unrated for everyone else, not for the one who was away. What players read is
`ratingscale.shown_rating`.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from openskill.models import PlackettLuce
from sqlalchemy import Connection, desc, select, update

from hiddenhand.engine import HiddenhandError, get_game
from hiddenhand.server import seating
from hiddenhand.server.accounts import account_id_of
from hiddenhand.server.ratingscale import BASE, ordinal, provisional, shown_rating
from hiddenhand.server.storage import Storage, accounts_table, ratings_table, results_table

if TYPE_CHECKING:
    from hiddenhand.server.tables import Table

MODEL = PlackettLuce()
RANKS = {"won": 1.0, "lost": 2.0, "drew": 2.0, "left": 3.0}
"""A seat's rank by its result: a leaver below every seat that stayed."""


@dataclass(frozen=True, slots=True)
class Rating:
    mu: float
    sigma: float
    games: int

    @property
    def ordinal(self) -> float:
        return ordinal(self.mu, self.sigma)


def fresh() -> Rating:
    start = MODEL.rating()
    return Rating(mu=start.mu, sigma=start.sigma, games=0)


def result_of(table: Table, seat: int) -> str:
    assert table.state is not None
    return seating.result(table.seats, seat, table.state.outcome())


def _rate(before: Sequence[Rating], results: Sequence[str], seats: list[int]) -> dict[int, Rating]:
    """openskill's ratings after a game of `seats` alone, each ranked by its result."""
    teams = [[MODEL.rating(mu=before[s].mu, sigma=before[s].sigma)] for s in seats]
    after = MODEL.rate(teams, ranks=[RANKS[results[s]] for s in seats])
    return {
        s: Rating(mu=team[0].mu, sigma=team[0].sigma, games=before[s].games + 1)
        for s, team in zip(seats, after, strict=True)
    }


def rated_moves(before: Sequence[Rating], results: Sequence[str]) -> list[Rating]:
    """Each seat's rating after a game with these results ("won", "lost", "drew", "left").

    The seats that stayed are rated against each other and every leaver below them. Each
    leaver is rated alone below the seats that stayed (two leavers did not play each other to
    a tie), and a game someone left tells nothing new about them: their sigma never shrinks and
    their mu never grows for it, so their rating (mu - 3 sigma) never rises. With nobody left
    at the table there is nobody to lose to, and ratings stay where they were."""
    stayed = [s for s, r in enumerate(results) if r != "left"]
    left = [s for s, r in enumerate(results) if r == "left"]
    if not stayed or len(results) < 2:
        return [Rating(r.mu, r.sigma, r.games + 1) for r in before]
    after = _rate(before, results, stayed + left)
    for seat in left:
        alone = _rate(before, results, [*stayed, seat])[seat]
        old = before[seat]
        after[seat] = Rating(
            mu=min(alone.mu, old.mu), sigma=max(alone.sigma, old.sigma), games=old.games + 1
        )
    return [after[s] for s in range(len(results))]


def rated_seats(table: Table) -> frozenset[int]:
    """The seats whose ratings a finished table moves: every seat of a rated game; when a seat
    was handed to a bot (and the game is otherwise rated), only the seats that were gone at the
    end, who take their loss."""
    seats = table.seats
    if seating.unrated_because(seats, bot_took_over=False) is not None:
        return frozenset()
    if not table.bot_took_over:
        return frozenset(range(len(seats)))
    return frozenset(s for s, seat in enumerate(seats) if seating.gone(seat))


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
        rated = rated_seats(table)
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
                ids = [a for a in accounts if a is not None]  # every seat's: the game is rated
                before = {a: self._rating(conn, a, game) for a in ids}
                moved = rated_moves([before[a] for a in ids], results)
                after = {a: moved[s] for s, a in enumerate(ids) if s in rated}
            rows = [
                {
                    "table_id": table_id,
                    "account_id": account,
                    "game": game,
                    "seat": seat,
                    "role": roles[seat] if roles else None,
                    "result": results[seat],
                    "rated": seat in rated,
                    "mu_before": before[account].mu if seat in rated else None,
                    "sigma_before": before[account].sigma if seat in rated else None,
                    "mu_after": after[account].mu if seat in rated else None,
                    "sigma_after": after[account].sigma if seat in rated else None,
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
        """Ratings per game with their history, and every game played, newest first; every
        rating as players read it (`shown_rating`), the history starting from `start`."""
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
        history: dict[str, list[dict[str, float | int | str]]] = {}
        for row in reversed(games):
            if row.rated and row.mu_after is not None:
                history.setdefault(row.game, []).append(
                    {
                        "table": row.table_id,
                        "finished": row.finished,
                        "rating": shown_rating(row.mu_after, row.sigma_after),
                    }
                )
        return {
            "ratings": [
                {
                    "game": r.game,
                    "title": title_of(r.game),
                    "mu": r.mu,
                    "sigma": r.sigma,
                    "rating": shown_rating(r.mu, r.sigma),
                    "provisional": provisional(r.games),
                    "games": r.games,
                    "start": BASE,
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
                        shown_rating(row.mu_after, row.sigma_after)
                        - shown_rating(row.mu_before, row.sigma_before)
                        if row.rated and row.mu_after is not None
                        else None
                    ),
                    "finished": row.finished,
                    "replay": f"/replay/{row.table_id}",
                }
                for row in games
            ],
        }

    def changes(self, table_id: str, seats: int) -> list[int | None]:
        """Each seat's change of shown rating in this table's game: None where the seat was
        not rated (a guest, a bot) or its result is not written yet."""
        with self.storage.engine.connect() as conn:
            rows = conn.execute(
                select(results_table).where(results_table.c.table_id == table_id)
            ).all()
        changes: list[int | None] = [None] * seats
        for row in rows:
            if row.rated and row.mu_after is not None and 0 <= row.seat < seats:
                changes[row.seat] = shown_rating(row.mu_after, row.sigma_after) - shown_rating(
                    row.mu_before, row.sigma_before
                )
        return changes

    def leaderboard(self, game: str, limit: int = 100) -> list[dict[str, Any]]:
        """The best-rated players of a game, by ordinal (the order of the shown rating)."""
        by = ratings_table.c.mu - 3 * ratings_table.c.sigma
        with self.storage.engine.connect() as conn:
            rows = conn.execute(
                select(accounts_table.c.name, ratings_table)
                .join(accounts_table, accounts_table.c.id == ratings_table.c.account_id)
                .where(ratings_table.c.game == game)
                .order_by(desc(by), accounts_table.c.name)
                .limit(limit)
            ).all()
        return [
            {
                "rank": rank,
                "name": row.name,
                "rating": shown_rating(row.mu, row.sigma),
                "provisional": provisional(row.games),
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
