"""The HTTP calls about one table, as functions of the table: they run where the table is.

In one process that is here. When processes share the store, a call that lands on a process not
owning the table travels to its owner (`cluster`) as its name and plain arguments, and its
answer (or refusal, with its HTTP status) comes back the same way; so each call is written once,
against a `Table`, and never asks where it runs.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Annotated, Any

import msgspec

from hiddenhand.engine import HiddenhandError, Record
from hiddenhand.games.stats import statistics
from hiddenhand.games.texts import card_texts, rules_reference
from hiddenhand.server.errors import Refused
from hiddenhand.server.lobby import Lobby, game_info
from hiddenhand.server.replays import parse_seat, parse_step, replay_step
from hiddenhand.server.seats import MAX_TOKEN_CHARS
from hiddenhand.server.tables import Table
from hiddenhand.server.thinking import decided_by_bot

Short = Annotated[str, msgspec.Meta(max_length=200)]
Token = Annotated[str, msgspec.Meta(max_length=MAX_TOKEN_CHARS)]


class Join(msgspec.Struct, forbid_unknown_fields=True):
    """`POST /api/tables/{t}/join`."""

    name: Short
    seat: int | None = None


class BySeat(msgspec.Struct, forbid_unknown_fields=True):
    """`POST /api/tables/{t}/leave`, `/start`, `/rematch` and `/return`: the seat's token."""

    token: Token


class HandOver(msgspec.Struct, forbid_unknown_fields=True):
    """`POST /api/tables/{t}/hand-to-bot`: your token, and the seat whose time ran out."""

    token: Token
    seat: int


class Adopt(msgspec.Struct, forbid_unknown_fields=True):
    """The account a guest's seat moves to when the guest signs up (not an HTTP call: the
    sign-up runs it at each table the guest holds a seat at, wherever it is played)."""

    identity: Short


class About(msgspec.Struct, forbid_unknown_fields=True):
    """The seat a report is about (not an HTTP call of its own: `moderation_api` asks the
    table, wherever it is played, who holds it and what its chat and spectators show)."""

    seat: int


class End(msgspec.Struct, forbid_unknown_fields=True):
    """Why an operator ends the table (run by `moderation_api` and `hiddenhand admin`)."""

    reason: Short


class Query(msgspec.Struct):
    """`GET /api/tables/{t}/replay`'s query: the seat watching and the step (both optional);
    `/thoughts` reads the step only."""

    seat: str | None = None
    step: str | None = None


@dataclass(frozen=True, slots=True)
class Asker:
    """Who makes a call: the guest or account, and the address it comes from."""

    guest: str
    address: str


TableCall = Callable[[Lobby, Table, Asker, Any], Any]


def you(table: Table, asker: Asker) -> dict[str, Any] | None:
    seat = table.seat_of_guest(asker.guest)
    if seat is None:
        return None
    return {"seat": seat, "token": table.seats[seat].token}


def seat_by_token(table: Table, body: BySeat | HandOver) -> int:
    seat = table.seat_of(body.token)
    if seat is None:
        raise Refused("that seat token is not valid at this table", 403)
    return seat


def finished_record(table: Table, refusal: str) -> Record:
    """The record of a finished game, with the marks of the actions the server took."""
    if table.ended is not None:
        raise Refused(f"this game was ended before its end ({table.ended}): it has no record", 409)
    if table.state is None or table.status != "over" or not table.storage.actions.saved(table.id):
        raise Refused(refusal, 409)
    record = table.state.record()
    record.marks = dict(table.marks)
    return record


def show(lobby: Lobby, table: Table, asker: Asker, _: None) -> Any:
    return {
        "table": table.public(),
        "you": you(table, asker),
        "game": game_info(table.game),
        "texts": card_texts(table.game, table.options),
        "rules": rules_reference(table.game, table.options),
    }


def start_if_only_bots_wait(table: Table) -> None:
    """A table where one person sits and bots take every other seat has nobody to wait for:
    it starts as the person sits (with two people or more, one of them says when)."""
    seats = table.seats
    people = sum(1 for s in seats if s.bot is None)
    if table.status == "open" and people == 1 and all(s.taken for s in seats):
        table.start()


def join(lobby: Lobby, table: Table, asker: Asker, body: Join) -> Any:
    seat = table.sit(body.name, asker.guest, body.seat, asker.address)
    start_if_only_bots_wait(table)
    return {"you": {"seat": seat, "token": table.seats[seat].token}, "table": table.public()}


def leave(lobby: Lobby, table: Table, asker: Asker, body: BySeat) -> Any:
    table.leave(seat_by_token(table, body))
    return {"table": table.public()}


def start(lobby: Lobby, table: Table, asker: Asker, body: BySeat) -> Any:
    seat_by_token(table, body)
    table.start()
    return {"table": table.public()}


def rematch(lobby: Lobby, table: Table, asker: Asker, body: BySeat) -> Any:
    """The same game at the same seats with a new deal: the first player to ask makes the
    table, everyone after sits down at it in the seat they had. Each seat is kept for its
    player for `Limits.rematch_seat_seconds`; the token proves who the asker played as."""
    seat = seat_by_token(table, body)
    options, bots = table.rematch_settings()
    again = lobby.get(table.rematch) if table.rematch else None
    if again is None:
        lobby.check_quota(asker.guest, asker.address)
        again = lobby.create(
            table.game.id,
            options,
            len(bots),
            bots,
            int(table.clock.seconds),
            (asker.guest, asker.address),
        )
        again.keep_seats(table.players(), lobby.limits.rematch_seat_seconds)
        table.set_rematch(again.id)
    name = table.seats[seat].name or "player"
    mine = again.seat_of_guest(asker.guest)
    if mine is None:
        returning = table.seats[seat].guest
        wanted = seat if not again.seats[seat].taken else None  # else any seat left open
        mine = again.sit(name, asker.guest, wanted, asker.address, returning=returning)
        start_if_only_bots_wait(again)
    return {
        "id": again.id,
        "you": {"seat": mine, "token": again.seats[mine].token},
        "table": again.public(),
    }


def hand_to_bot(lobby: Lobby, table: Table, asker: Asker, body: HandOver) -> Any:
    table.hand_to_bot(seat_by_token(table, body), body.seat)
    return {"table": table.public()}


def take_back(lobby: Lobby, table: Table, asker: Asker, body: BySeat) -> Any:
    table.take_back(seat_by_token(table, body))
    return {"table": table.public()}


def adopt(lobby: Lobby, table: Table, asker: Asker, body: Adopt) -> Any:
    """The asking guest's seat here, and the table if they created it, become the account's."""
    moved = table.adopt(asker.guest, body.identity)
    creator = lobby.creators.get(table.id)
    if creator is not None and creator[0] == asker.guest:
        lobby.creators[table.id] = (body.identity, creator[1])
    return {"moved": moved}


def report_context(lobby: Lobby, table: Table, asker: Asker, body: About) -> Any:
    """Who holds the seat a report is about, and the table as spectators see it with its
    chat. Refused for an empty seat, a bot's, and the asker's own."""
    if not 0 <= body.seat < len(table.seats):
        raise Refused(f"this table has seats 0 to {len(table.seats) - 1}, not {body.seat}")
    seat = table.seats[body.seat]
    if seat.bot is not None:
        raise Refused("a bot plays that seat: bots cannot be reported")
    if seat.guest is None:
        raise Refused("nobody sits in that seat")
    if seat.guest == asker.guest:
        raise Refused("you cannot report yourself")
    return {
        "holder": seat.guest,
        "name": table.display_names()[body.seat] or f"seat {body.seat + 1}",
        "view": table.spectator_view(),
    }


def end_table(lobby: Lobby, table: Table, asker: Asker, body: End) -> Any:
    """An operator ends the table: a game being played ends unrated, an open table is
    removed (`Lobby.end`)."""
    return {"ended": lobby.end(table, body.reason)}


def record_of(lobby: Lobby, table: Table, asker: Asker, _: None) -> Any:
    record = finished_record(table, "the record is published when the game is over")
    published = msgspec.to_builtins(record)
    published["seed_text"] = str(record.seed)  # JavaScript rounds integers past 2**53
    return published


def replay_of(lobby: Lobby, table: Table, asker: Asker, query: Query) -> Any:
    record = finished_record(table, "a game can be replayed once it is over")
    seat = parse_seat(query.seat, len(record.players))
    step = parse_step(query.step, len(record.actions))
    shown = replay_step(record, seat, step)
    if step < len(record.actions):
        decider = record.actions[step][0]
        by_bot = decided_by_bot(table.seats, decider, record.marks.get(step))
        shown["decides"] = {"seat": decider, "bot": by_bot}
    else:
        shown["decides"] = None
    return shown


def decision_of(lobby: Lobby, table: Table, asker: Asker, query: Query) -> Any:
    """What the thoughts at a step of a finished game are worked out from: the record (as
    JSON text), the step and the seat that decided there. Refused for the end of the game
    (nobody decides) and for a person's own decision (only bots' thoughts are shown)."""
    record = finished_record(table, "a bot's thoughts are shown once the game is over")
    steps = len(record.actions)
    step = parse_step(query.step, steps)
    if step == steps:
        raise Refused(f"the game is over at step {steps}: nobody decides there", 400)
    seat = record.actions[step][0]
    if not decided_by_bot(table.seats, seat, record.marks.get(step)):
        raise Refused("a person decided at that step: only bots' thoughts are shown", 403)
    record.marks = {}
    return {"record": record.to_json().decode(), "step": step, "seat": seat}


def summary_of(lobby: Lobby, table: Table, asker: Asker, _: None) -> Any:
    """The end of a game in figures: each player's statistics, counted from the public
    events, and each rated player's rating change (None for a guest, or while unwritten)."""
    record = finished_record(table, "the statistics are counted once the game is over")
    return {
        "names": list(record.players),
        **statistics(record).to_json(),
        "ratings": lobby.results.changes(table.id, len(record.players)),
    }


CALLS: dict[str, tuple[type[msgspec.Struct] | None, TableCall]] = {
    "show": (None, show),
    "join": (Join, join),
    "leave": (BySeat, leave),
    "start": (BySeat, start),
    "rematch": (BySeat, rematch),
    "hand-to-bot": (HandOver, hand_to_bot),
    "return": (BySeat, take_back),
    "adopt": (Adopt, adopt),
    "report": (About, report_context),
    "end": (End, end_table),
    "record": (None, record_of),
    "replay": (Query, replay_of),
    "decision": (Query, decision_of),
    "summary": (None, summary_of),
}
"""Every call by the name it travels under: the type of its body, and what it does."""


def run_call(lobby: Lobby, table: Table, name: str, asker: Asker, body: Any) -> Any:
    """Run the call `name` on `table`; `body` is its decoded body, or (from another process)
    the same as plain data."""
    kind, call = CALLS[name]
    if kind is not None and not isinstance(body, kind):
        body = msgspec.convert(body, kind)
    return call(lobby, table, asker, body)


def answer(lobby: Lobby, table: Table, name: str, asker: Asker, body: Any) -> tuple[int, Any]:
    """`run_call` as an HTTP status and a JSON body, refusals included (for another process)."""
    try:
        return 200, run_call(lobby, table, name, asker, body)
    except Refused as exc:
        return exc.status, {"error": str(exc)}
    except (HiddenhandError, msgspec.ValidationError) as exc:
        return 400, {"error": str(exc)}
