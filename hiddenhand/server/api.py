"""The lobby's HTTP calls: JSON in, JSON out, every field checked before anything is built.

Bodies are decoded into small typed structs (unknown fields, wrong types and oversized lists are
refused by the decoder), then checked for meaning (seat counts, bots, the clock) by the lobby,
all before a table is allocated.
"""

from __future__ import annotations

import secrets
from collections.abc import Awaitable, Callable
from typing import Annotated, Any, TypeVar

import msgspec
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from hiddenhand.engine import HiddenhandError, Record, games, get_game
from hiddenhand.games.texts import card_texts, rules_reference
from hiddenhand.server.accounts import IDENTITY_PREFIX
from hiddenhand.server.errors import Refused
from hiddenhand.server.guards import address_of
from hiddenhand.server.lobby import Lobby, game_info
from hiddenhand.server.replays import parse_seat, parse_step, replay_step
from hiddenhand.server.seats import MAX_TOKEN_CHARS
from hiddenhand.server.sessions import SESSION_COOKIE, Sessions
from hiddenhand.server.tables import Table

GUEST_COOKIE = "hh_guest"

Short = Annotated[str, msgspec.Meta(max_length=200)]
Token = Annotated[str, msgspec.Meta(max_length=MAX_TOKEN_CHARS)]
OptionValue = str | int | float | bool


class NewTable(msgspec.Struct, forbid_unknown_fields=True):
    """`POST /api/tables`."""

    game: Annotated[str, msgspec.Meta(max_length=64)]
    players: int | None = None
    bots: Annotated[list[Short | None], msgspec.Meta(max_length=64)] | None = None
    options: Annotated[dict[Short, OptionValue], msgspec.Meta(max_length=32)] = {}
    clock: int | None = None
    name: Short | None = None


class Join(msgspec.Struct, forbid_unknown_fields=True):
    """`POST /api/tables/{t}/join`."""

    name: Short
    seat: int | None = None


class BySeat(msgspec.Struct, forbid_unknown_fields=True):
    """`POST /api/tables/{t}/leave`, `/start` and `/return`: the seat's token."""

    token: Token


class HandOver(msgspec.Struct, forbid_unknown_fields=True):
    """`POST /api/tables/{t}/hand-to-bot`: your token, and the seat whose time ran out."""

    token: Token
    seat: int


Body = TypeVar("Body", bound=msgspec.Struct)


def signed_in(request: Request) -> int | None:
    """The account the request's session cookie signs for, if it is valid and unexpired."""
    sessions: Sessions | None = getattr(request.app.state, "sessions", None)
    if sessions is None:
        return None
    return sessions.read(request.cookies.get(SESSION_COOKIE))


def guest_id(request: Request) -> str:
    """The guest id from the cookie, or a new one that `reply` will set."""
    guest = request.cookies.get(GUEST_COOKIE, "")
    if 16 <= len(guest) <= 64 and guest.isascii() and guest.isalnum():
        return guest
    if not hasattr(request.state, "new_guest"):
        request.state.new_guest = secrets.token_hex(16)
    return str(request.state.new_guest)


def the_guest(request: Request) -> str:
    """Who is asking: the signed-in account (the same from any browser), else the guest."""
    account = signed_in(request)
    if account is not None:
        return f"{IDENTITY_PREFIX}{account}"
    return guest_id(request)


def with_guest(request: Request, response: Response) -> Response:
    """Give a visitor without a guest cookie one (their identity across tables)."""
    guest_id(request)
    new = getattr(request.state, "new_guest", None)
    if new:
        response.set_cookie(GUEST_COOKIE, new, max_age=365 * 86400, samesite="lax", httponly=True)
    return response


def reply(request: Request, data: Any, status: int = 200) -> Response:
    headers = {"Connection": "close"} if status == 413 else None
    return with_guest(request, JSONResponse(data, status_code=status, headers=headers))


async def body_of(request: Request, kind: type[Body]) -> Body:
    """The request's JSON body as `kind`, or Refused saying what is wrong with it.

    Read in pieces and given up past the limit (the body-limit guard refuses a declared length
    before this is reached; this covers bodies sent without one)."""
    limit = request.app.state.limits.body_bytes
    raw = bytearray()
    async for chunk in request.stream():
        raw += chunk
        if len(raw) > limit:
            raise Refused(f"the request body is over the limit of {limit} bytes", 413)
    try:
        return msgspec.json.decode(bytes(raw) or b"{}", type=kind)
    except msgspec.ValidationError as exc:
        raise Refused(f"bad request: {exc}") from None
    except (msgspec.DecodeError, RecursionError, UnicodeDecodeError):
        raise Refused("the request is not valid JSON") from None


Endpoint = Callable[[Request], Awaitable[Response]]


def errors_as_json(endpoint: Endpoint) -> Endpoint:
    """The endpoint, with any refusal answered as a JSON error."""

    async def wrapped(request: Request) -> Response:
        try:
            return await endpoint(request)
        except Refused as exc:
            return reply(request, {"error": str(exc)}, exc.status)
        except HiddenhandError as exc:
            return reply(request, {"error": str(exc)}, 400)

    return wrapped


def handled(handler: Callable[[Request], Awaitable[Any]]) -> Endpoint:
    """An endpoint answering the handler's result as JSON, and any refusal as a JSON error."""

    async def endpoint(request: Request) -> Response:
        return reply(request, await handler(request))

    return errors_as_json(endpoint)


def routes(lobby: Lobby) -> list[Route]:
    def table_or_404(request: Request) -> Table:
        table = lobby.get(request.path_params["table"])
        if table is None:
            raise Refused(f"there is no table {request.path_params['table'][:40]!r}", 404)
        return table

    def you(request: Request, table: Table) -> dict[str, Any] | None:
        seat = table.seat_of_guest(the_guest(request))
        if seat is None:
            return None
        return {"seat": seat, "token": table.seats[seat].token}

    def seat_by_token(table: Table, body: BySeat | HandOver) -> int:
        seat = table.seat_of(body.token)
        if seat is None:
            raise Refused("that seat token is not valid at this table", 403)
        return seat

    def finished_record(request: Request, refusal: str) -> Record:
        """The record of a finished game, with the marks of the actions the server took."""
        table = table_or_404(request)
        if table.state is None or table.status != "over":
            raise Refused(refusal, 409)
        record = table.state.record()
        record.marks = dict(table.marks)
        return record

    async def list_games(request: Request) -> Any:
        return [game_info(g) for g in games().values()]

    async def list_tables(request: Request) -> Any:
        """`?game=` one game's tables; `?mine=1` the tables where the asker holds a seat."""
        game = request.query_params.get("game") or None
        if game is not None:
            game = get_game(game[:64]).id
        mine = request.query_params.get("mine") in ("1", "true")
        return lobby.listing(game=game, holder=the_guest(request) if mine else None)

    async def create_table(request: Request) -> Any:
        body = await body_of(request, NewTable)
        game = get_game(body.game)
        guest, address = the_guest(request), address_of(request.scope)
        players = game.usual_players if body.players is None else body.players
        if not game.min_players <= players <= game.max_players:
            raise Refused(f"{game.title} takes {game.seat_range} players, not {players}")
        bots: list[str | None] = [None] * players if body.bots is None else body.bots
        lobby.check_quota(guest, address)
        table = lobby.create(game.id, body.options, players, bots, body.clock, (guest, address))
        result: dict[str, Any] = {"id": table.id}
        if body.name is not None and any(s.bot is None for s in table.seats):
            seat = table.sit(body.name, guest, address=address)
            result["you"] = {"seat": seat, "token": table.seats[seat].token}
        if all(s.bot is not None for s in table.seats):
            table.start()
        result["table"] = table.public()
        return result

    async def show_table(request: Request) -> Any:
        table = table_or_404(request)
        return {
            "table": table.public(),
            "you": you(request, table),
            "game": game_info(table.game),
            "texts": card_texts(table.game, table.options),
            "rules": rules_reference(table.game, table.options),
        }

    async def join_table(request: Request) -> Any:
        table = table_or_404(request)
        body = await body_of(request, Join)
        guest, address = the_guest(request), address_of(request.scope)
        seat = table.sit(body.name, guest, body.seat, address)
        return {"you": {"seat": seat, "token": table.seats[seat].token}, "table": table.public()}

    async def leave_table(request: Request) -> Any:
        table = table_or_404(request)
        table.leave(seat_by_token(table, await body_of(request, BySeat)))
        return {"table": table.public()}

    async def start_table(request: Request) -> Any:
        table = table_or_404(request)
        seat_by_token(table, await body_of(request, BySeat))
        table.start()
        return {"table": table.public()}

    async def rematch(request: Request) -> Any:
        """The same game at the same seats with a new deal: the first player to ask makes the
        table, everyone after sits down at it in the seat they had."""
        table = table_or_404(request)
        seat = seat_by_token(table, await body_of(request, BySeat))
        guest, address = the_guest(request), address_of(request.scope)
        options, bots = table.rematch_settings()
        again = lobby.get(table.rematch) if table.rematch else None
        if again is None:
            lobby.check_quota(guest, address)
            again = lobby.create(
                table.game.id, options, len(bots), bots, int(table.clock.seconds), (guest, address)
            )
            table.set_rematch(again.id)
        name = table.seats[seat].name or "player"
        mine = again.seat_of_guest(guest)
        if mine is None:
            mine = again.sit(name, guest, seat, address)
        return {
            "id": again.id,
            "you": {"seat": mine, "token": again.seats[mine].token},
            "table": again.public(),
        }

    async def hand_to_bot(request: Request) -> Any:
        table = table_or_404(request)
        body = await body_of(request, HandOver)
        table.hand_to_bot(seat_by_token(table, body), body.seat)
        return {"table": table.public()}

    async def take_back(request: Request) -> Any:
        table = table_or_404(request)
        table.take_back(seat_by_token(table, await body_of(request, BySeat)))
        return {"table": table.public()}

    async def record_of(request: Request) -> Any:
        record = finished_record(request, "the record is published when the game is over")
        published = msgspec.to_builtins(record)
        published["seed_text"] = str(record.seed)  # JavaScript rounds integers past 2**53
        return published

    async def replay_of(request: Request) -> Any:
        record = finished_record(request, "a game can be replayed once it is over")
        seat = parse_seat(request.query_params.get("seat"), len(record.players))
        step = parse_step(request.query_params.get("step"), len(record.actions))
        return replay_step(record, seat, step)

    return [
        Route("/api/games", handled(list_games)),
        Route("/api/tables", handled(list_tables), methods=["GET"]),
        Route("/api/tables", handled(create_table), methods=["POST"]),
        Route("/api/tables/{table}", handled(show_table)),
        Route("/api/tables/{table}/join", handled(join_table), methods=["POST"]),
        Route("/api/tables/{table}/leave", handled(leave_table), methods=["POST"]),
        Route("/api/tables/{table}/start", handled(start_table), methods=["POST"]),
        Route("/api/tables/{table}/hand-to-bot", handled(hand_to_bot), methods=["POST"]),
        Route("/api/tables/{table}/rematch", handled(rematch), methods=["POST"]),
        Route("/api/tables/{table}/return", handled(take_back), methods=["POST"]),
        Route("/api/tables/{table}/record", handled(record_of)),
        Route("/api/tables/{table}/replay", handled(replay_of)),
    ]
