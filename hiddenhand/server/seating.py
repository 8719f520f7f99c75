"""Seat rules: who may sit where, and when a seat changes hands.

A person takes one free seat per table, under a name nobody else there uses, and people from one
address hold at most `Limits.seats_per_address` seats. During a game, the seat of a person whose
time ran out may be handed to a bot by another player, and taken back by its person. These are
the rules alone, on a table's seats: the table checks where its game stands first, then saves and
announces what changed. At a rematch's table each seat is kept for a while for the person who
held it in the game before (`Limits.rematch_seat_seconds`), then offered to anyone.
"""

from __future__ import annotations

import math
import time

from hiddenhand.engine import DEFAULT_NAMES, Outcome
from hiddenhand.server.accounts import account_id_of
from hiddenhand.server.chat import ChatRefused, clean_name
from hiddenhand.server.errors import TableError
from hiddenhand.server.seats import MAX_TOKEN_CHARS, Seat, same_token


def bot_name(seat: int) -> str:
    """What a bot playing `seat` is called."""
    name = DEFAULT_NAMES[seat] if seat < len(DEFAULT_NAMES) else f"Player {seat + 1}"
    return f"{name} (bot)"


def seat_of_token(seats: list[Seat], token: str) -> int | None:
    """The person's seat that `token` proves, if any (a bot's seat has no holder)."""
    if not 0 < len(token) <= MAX_TOKEN_CHARS:
        return None
    for index, seat in enumerate(seats):
        if seat.bot is None and same_token(seat.token, token):
            return index
    return None


def seat_of_guest(seats: list[Seat], guest: str) -> int | None:
    """The seat `guest` holds (and has not left), if any."""
    for index, seat in enumerate(seats):
        if seat.guest is not None and seat.guest == guest and not seat.left:
            return index
    return None


def sit(
    seats: list[Seat],
    addresses: dict[int, str],
    *,
    name: str,
    guest: str,
    wanted: int | None,
    address: str,
    per_address: int,
    returning: str | None = None,
    now: float | None = None,
) -> int:
    """Seat a person in a free seat (`wanted`, or the first); returns the seat. One seat per
    guest, `per_address` seats per address (`addresses` is where each person sat down from).

    A seat kept for a player of the game before (a rematch) is theirs until it is no longer
    kept: `guest`, or `returning` (whom a rematch call proved the caller to be) must be the
    one it is kept for."""
    try:
        name = clean_name(name)
    except ChatRefused as exc:
        raise TableError(str(exc)) from None
    if seat_of_guest(seats, guest) is not None:
        raise TableError("you already have a seat at this table")
    held = sum(1 for a in addresses.values() if a == address)
    if address and held >= per_address:
        raise TableError(
            f"people from your address already hold {held} seats at this table, the most "
            "one address may"
        )
    free = [i for i, s in enumerate(seats) if not s.taken]
    if not free:
        raise TableError("every seat at this table is taken")
    now = time.time() if now is None else now
    me = {guest, returning or guest}
    open_to_me = [i for i in free if not all(seats[i].kept_from(who, now) for who in me)]
    if wanted is None:
        if not open_to_me:
            raise TableError(
                "the free seats are kept for the players of the last game for another "
                f"{kept_for_seconds(seats, free, now)} s; try again then"
            )
        mine = [i for i in open_to_me if seats[i].kept_for in me]
        wanted = (mine or open_to_me)[0]
    elif wanted not in free:
        raise TableError(f"seat {wanted} is not free")
    elif wanted not in open_to_me:
        raise TableError(
            f"seat {wanted} is kept for its player of the last game for another "
            f"{kept_for_seconds(seats, [wanted], now)} s; try again then"
        )
    taken_names = {s.name for s in seats if s.name}
    unique, n = name, 2
    while unique in taken_names:
        unique, n = f"{name} {n}", n + 1
    seats[wanted] = Seat(name=unique, guest=guest)
    if address:
        addresses[wanted] = address
    return wanted


def kept_for_seconds(seats: list[Seat], which: list[int], now: float) -> int:
    """Whole seconds until the first of these kept seats is open to anyone."""
    return max(1, math.ceil(min(seats[i].kept_until for i in which) - now))


def keep(seats: list[Seat], holders: dict[int, str], until: float) -> None:
    """Keep each free seat in `holders` for that holder until `until` (a rematch's table)."""
    for index, holder in holders.items():
        if 0 <= index < len(seats) and not seats[index].taken:
            seats[index].kept_for, seats[index].kept_until = holder, until


def adopt(seats: list[Seat], guest: str, identity: str) -> bool:
    """The seat `guest` holds now belongs to `identity`, unless that one holds a seat already;
    says whether a seat moved."""
    seat = seat_of_guest(seats, guest)
    if seat is None or seat_of_guest(seats, identity) is not None:
        return False
    seats[seat].guest = identity
    return True


def hand_to_bot(seats: list[Seat], by: int, seat: int, names: list[str]) -> None:
    """The player at `by` hands `seat`, whose person ran out of time, to a bot."""
    if not 0 <= seat < len(seats):
        raise TableError(f"there is no seat {seat}")
    if by == seat:
        raise TableError("to stop playing, leave the table")
    if seats[by].played_by_bot:
        raise TableError("only a player still at the table may do this")
    target = seats[seat]
    if target.played_by_bot:
        raise TableError("a bot already plays that seat")
    if not target.timed_out:
        raise TableError(f"{names[seat]} still has time on the clock")
    target.away = True


def take_back(seats: list[Seat], seat: int) -> None:
    """The person of a seat handed to a bot plays it again."""
    if not seats[seat].away:
        raise TableError("you are playing your seat already")
    seats[seat].away = seats[seat].timed_out = False


def gone(seat: Seat) -> bool:
    """The person left the game, or was handed to a bot and did not take the seat back: the
    game counts as a loss for them whatever the bot playing on does."""
    return seat.bot is None and (seat.left or seat.away)


def result(seats: list[Seat], seat: int, outcome: Outcome | None) -> str:
    """A seat's result once the game is over: "left" (a loss), else "won", "lost", or "drew"
    when nobody won."""
    if gone(seats[seat]):
        return "left"
    if outcome is None or not outcome.winners:
        return "drew"
    return "won" if seat in outcome.winners else "lost"


def unrated_because(seats: list[Seat], bot_took_over: bool) -> str | None:
    """Why a game does not change ratings, or None if it does: only games where every seat is a
    signed-in person, and no bot ever played a seat handed to it, are rated. (Leaving a rated
    game keeps it rated: the one who left loses. After a hand-over, whoever is still away at
    the end takes their loss all the same: `ratings.rated_seats`.)"""
    if any(s.bot is not None for s in seats):
        return "a bot is seated"
    if any(s.taken and account_id_of(s.guest) is None for s in seats):
        return "a guest is seated"
    if bot_took_over:
        return "a bot took over a seat"
    return None
