"""The lobby's HTTP calls: JSON in, JSON out, every field checked before anything is built.

Bodies are decoded into small typed structs (unknown fields, wrong types and oversized lists are
refused by the decoder), then checked for meaning (seat counts, bots, the clock) by the lobby,
all before a table is allocated. A call about one table runs where that table is played
(`table_calls`, `placement`).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Annotated, Any, TypeVar

import msgspec
from starlette.requests import ClientDisconnect, Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from hiddenhand.engine import HiddenhandError, games, get_game
from hiddenhand.server.accounts import IDENTITY_PREFIX
from hiddenhand.server.botturns import standin_spec
from hiddenhand.server.chat import ChatRefused, clean_name
from hiddenhand.server.errors import Refused
from hiddenhand.server.guards import address_of
from hiddenhand.server.guests import GUEST_COOKIE, GuestIds
from hiddenhand.server.lobby import game_info
from hiddenhand.server.placement import Placement
from hiddenhand.server.plaintext import NotPlain, check_plain_data
from hiddenhand.server.sessions import SESSION_COOKIE, Sessions
from hiddenhand.server.table_calls import CALLS, Asker, Query, Short, start_if_only_bots_wait
from hiddenhand.tutorials import tutorial_of

OptionValue = str | int | float | bool


class NewTable(msgspec.Struct, forbid_unknown_fields=True):
    """`POST /api/tables`."""

    game: Annotated[str, msgspec.Meta(max_length=64)]
    players: int | None = None
    bots: Annotated[list[Short | None], msgspec.Meta(max_length=64)] | None = None
    options: Annotated[dict[Short, OptionValue], msgspec.Meta(max_length=32)] = {}
    clock: int | None = None
    name: Short | None = None
    thoughts: bool = False
    """Show the spectators what each bot thought (a table of bots only)."""


class NewTutorial(msgspec.Struct, forbid_unknown_fields=True):
    """`POST /api/tutorials/{game}`: the name the person plays under (a guest's)."""

    name: Short | None = None


Body = TypeVar("Body", bound=msgspec.Struct)


def signed_in(request: Request) -> int | None:
    """The account whose live session the request's cookie is (looked up once a request)."""
    if hasattr(request.state, "account"):
        cached: int | None = request.state.account
        return cached
    sessions: Sessions | None = getattr(request.app.state, "sessions", None)
    account = None if sessions is None else sessions.read(request.cookies.get(SESSION_COOKIE))
    request.state.account = account
    return account


def guest_id(request: Request) -> str:
    """The guest id the request's cookie was signed for, or a new one that `reply` will set
    (a cookie the server did not sign is no guest id: `guests`)."""
    guests: GuestIds = request.app.state.guests
    guest = guests.read(request.cookies.get(GUEST_COOKIE))
    if guest is not None:
        return guest
    if not hasattr(request.state, "new_guest"):
        request.state.new_guest = guests.issue()
    return str(request.state.new_guest[0])


def the_guest(request: Request) -> str:
    """Who is asking: the signed-in account (the same from any browser), else the guest."""
    account = signed_in(request)
    if account is not None:
        return f"{IDENTITY_PREFIX}{account}"
    return guest_id(request)


def with_guest(request: Request, response: Response) -> Response:
    """Give a visitor without a valid guest cookie one (their identity across tables)."""
    guest_id(request)
    new = getattr(request.state, "new_guest", None)
    if new:
        response.set_cookie(
            GUEST_COOKIE, new[1], max_age=365 * 86400, samesite="lax", httponly=True
        )
    return response


def reply(request: Request, data: Any, status: int = 200) -> Response:
    headers = {"Connection": "close"} if status == 413 else None
    return with_guest(request, JSONResponse(data, status_code=status, headers=headers))


async def body_of(request: Request, kind: type[Body]) -> Body:
    """The request's JSON body as `kind`, or Refused saying what is wrong with it.

    Read in pieces and given up past the limit (the body-limit guard refuses a declared length
    before this is reached; this covers bodies sent without one). No string in it, keys
    included, may hold a control character (`plaintext`)."""
    limit = request.app.state.limits.body_bytes
    raw = bytearray()
    try:
        async for chunk in request.stream():
            raw += chunk
            if len(raw) > limit:
                raise Refused(f"the request body is over the limit of {limit} bytes", 413)
    except ClientDisconnect:
        raise Refused("the request was cut off before its body ended") from None
    try:
        body = msgspec.json.decode(bytes(raw) or b"{}", type=kind)
    except msgspec.ValidationError as exc:
        raise Refused(f"bad request: {not_plain(bytes(raw)) or exc}") from None
    except (msgspec.DecodeError, RecursionError, UnicodeDecodeError):
        raise Refused("the request is not valid JSON") from None
    try:
        check_plain_data(msgspec.to_builtins(body))
    except NotPlain as exc:
        raise Refused(f"bad request: {exc}") from None
    return body


def not_plain(raw: bytes) -> str | None:
    """Why a body the decoder refused holds control characters, if it does: said first, so no
    refusal repeats one back (an unknown field named with a NUL, say)."""
    try:
        check_plain_data(msgspec.json.decode(raw))
    except NotPlain as exc:
        return str(exc)
    except (msgspec.DecodeError, RecursionError, UnicodeDecodeError):
        pass
    return None


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


def routes(place: Placement) -> list[Route]:
    lobby = place.lobby

    async def list_games(request: Request) -> Any:
        return [game_info(g) for g in games().values()]

    async def list_tables(request: Request) -> Any:
        """`?game=` one game's tables; `?mine=1` the tables where the asker holds a seat."""
        game = request.query_params.get("game") or None
        if game is not None:
            game = get_game(game[:64]).id
        mine = request.query_params.get("mine") in ("1", "true")
        holder = the_guest(request) if mine else None
        account = signed_in(request)
        avoid = frozenset() if account is None else lobby.moderation.avoided(account)
        return await place.listing(game=game, holder=holder, avoid=avoid)

    async def create_table(request: Request) -> Any:
        body = await body_of(request, NewTable)
        game = get_game(body.game)
        guest, address = the_guest(request), address_of(request.scope)
        players = game.usual_players if body.players is None else body.players
        if not game.min_players <= players <= game.max_players:
            raise Refused(f"{game.title} takes {game.seat_range} players, not {players}")
        bots: list[str | None] = [None] * players if body.bots is None else body.bots
        if body.name is not None:
            try:
                clean_name(body.name)  # refused before the table is made, not after
            except ChatRefused as exc:
                raise Refused(str(exc)) from None
        lobby.check_quota(guest, address)
        table = lobby.create(
            game.id,
            body.options,
            players,
            bots,
            body.clock,
            (guest, address),
            show_thoughts=body.thoughts,
        )
        result: dict[str, Any] = {"id": table.id}
        if body.name is not None and any(s.bot is None for s in table.seats):
            seat = table.sit(body.name, guest, address=address)
            result["you"] = {"seat": seat, "token": table.seats[seat].token}
        if all(s.bot is not None for s in table.seats):
            table.start()
        start_if_only_bots_wait(table)
        result["table"] = table.public()
        return result

    async def create_tutorial(request: Request) -> Any:
        """A game's tutorial at a table of its own: the person seated, the bots following
        the script, the game started; answers the table and the person's seat."""
        game = get_game(request.path_params["game"][:64])
        tutorial = tutorial_of(game.id)
        if tutorial is None:
            raise Refused(f"{game.title} has no tutorial", 404)
        body = await body_of(request, NewTutorial)
        name = body.name or "Guest"
        try:
            clean_name(name)
        except ChatRefused as exc:
            raise Refused(str(exc)) from None
        guest, address = the_guest(request), address_of(request.scope)
        lobby.check_quota(guest, address)
        bots: list[str | None] = [standin_spec(game)] * tutorial.players
        bots[tutorial.seat] = None
        options = dict(tutorial.options)
        creator = (guest, address)
        table = lobby.create(game.id, options, tutorial.players, bots, 0, creator, tutorial)
        seat = table.sit(name, guest, seat=tutorial.seat, address=address)
        table.start()
        you = {"seat": seat, "token": table.seats[seat].token}
        return {"id": table.id, "you": you, "table": table.public()}

    def on_table(name: str) -> Endpoint:
        """The table call `name`, run wherever its table is played."""
        kind = CALLS[name][0]

        async def call(request: Request) -> Any:
            if kind is Query:
                body: Any = Query(
                    request.query_params.get("seat"), request.query_params.get("step")
                )
            else:
                body = None if kind is None else await body_of(request, kind)
            asker = Asker(the_guest(request), address_of(request.scope))
            return await place.call(request.path_params["table"], name, asker, body)

        return handled(call)

    thinker = lobby.thinker

    async def thoughts(request: Request) -> Any:
        """`GET /api/tables/{t}/thoughts?step=K`: what the bot deciding at step K of a
        finished game thought (`thinking`)."""
        table_id = request.path_params["table"]
        step = request.query_params.get("step")
        if step is not None and step.isascii() and step.isdigit() and len(step) <= 9:
            kept = thinker.kept(table_id, int(step))
            if kept is not None:
                return kept
        asker = Asker(the_guest(request), address_of(request.scope))
        decision = await place.call(table_id, "decision", asker, Query(None, step))
        return await thinker.thoughts(table_id, decision["record"].encode(), decision["step"])

    return [
        Route("/api/games", handled(list_games)),
        Route("/api/tables", handled(list_tables), methods=["GET"]),
        Route("/api/tables", handled(create_table), methods=["POST"]),
        Route("/api/tutorials/{game}", handled(create_tutorial), methods=["POST"]),
        Route("/api/tables/{table}", on_table("show")),
        *(
            Route(f"/api/tables/{{table}}/{name}", on_table(name), methods=["POST"])
            for name in ("join", "leave", "start", "hand-to-bot", "rematch", "return")
        ),
        Route("/api/tables/{table}/record", on_table("record")),
        Route("/api/tables/{table}/replay", on_table("replay")),
        Route("/api/tables/{table}/summary", on_table("summary")),
        Route("/api/tables/{table}/thoughts", handled(thoughts)),
    ]
