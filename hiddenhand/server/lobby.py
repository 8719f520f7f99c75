"""The lobby: the games on offer, the tables, and the HTTP calls that create, join and start them.

Everything here is driven by the game registry, so a game added later appears on its own: its
options come from `Options.fields()`, its bots from `bot_names(game)`.
"""

from __future__ import annotations

import logging
import secrets
from pathlib import Path
from typing import Any

import msgspec
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from hiddenhand.bots.base import bot_names, make_bot
from hiddenhand.engine import Game, HiddenhandError, games, get_game
from hiddenhand.server.storage import Storage
from hiddenhand.server.tables import Seat, Table, TableError, standin_spec

RENDERERS = Path(__file__).resolve().parent.parent / "web" / "static" / "games"
"""A game with a file `<id>.js` here is drawn by it; any other by the generic renderer."""
GUEST_COOKIE = "hh_guest"
log = logging.getLogger("hiddenhand.server")
MAX_CLOCK = 600
MAX_BODY = 16 * 1024


def game_info(game: Game) -> dict[str, Any]:
    """A game as the lobby shows it: title, summary, seats, options with choices, bots."""
    options = []
    for f in game.options_type.fields().values():
        kind = "bool" if f.type is bool else "int" if f.type is int else "str"
        choices = f.choices
        options.append(
            {
                "name": f.name,
                "type": "choice" if choices is not None and f.type is not bool else kind,
                "choices": list(choices) if choices is not None and f.type is not bool else None,
                "default": f.default,
                "help": f.help,
            }
        )
    return {
        "id": game.id,
        "title": game.title,
        "summary": game.summary,
        "min_players": game.min_players,
        "max_players": game.max_players,
        "default_players": game.usual_players,
        "options": options,
        "bots": bot_names(game),
        "standin": standin_spec(game),
        "renderer": (RENDERERS / f"{game.id}.js").is_file(),
    }


class Lobby:
    """Every table this process owns, by id; finished ones are loaded from storage on demand."""

    def __init__(self, storage: Storage, bot_delay: float = 0.0) -> None:
        self.storage = storage
        self.bot_delay = bot_delay
        self.tables: dict[str, Table] = {}

    def restore(self) -> int:
        """Bring back every unfinished table by replaying its record; returns how many."""
        for stored in self.storage.load_unfinished():
            try:
                table = Table.restore(stored, self.storage, self.bot_delay)
            except Exception:  # an unknown game or a record that no longer replays
                log.exception("table %s (%s) cannot be restored; skipped", stored.id, stored.game)
                continue
            self.tables[table.id] = table
            table.ready()
        return len(self.tables)

    def get(self, table_id: str) -> Table | None:
        table = self.tables.get(table_id)
        if table is None and 0 < len(table_id) <= 32:
            stored = self.storage.load(table_id)
            if stored is not None:
                try:
                    table = Table.restore(stored, self.storage, self.bot_delay)
                except Exception:
                    log.exception("table %s (%s) cannot be restored", stored.id, stored.game)
                    return None
                self.tables[table_id] = table
        return table

    def create(
        self,
        game_id: str,
        options: dict[str, Any],
        players: int,
        bots: list[str | None],
        clock: int,
    ) -> Table:
        """A new open table; raises HiddenhandError with a reason if the settings are wrong."""
        game = get_game(game_id)
        parsed = game.options(options)
        game.validate(players, parsed)
        if len(bots) != players:
            raise TableError(f"say for each of the {players} seats whether a bot plays it")
        for seat, spec in enumerate(bots):
            if spec is not None:
                make_bot(game, spec, seat)
        if not 0 <= clock <= MAX_CLOCK:
            raise TableError(f"the turn clock is off (0) or 1-{MAX_CLOCK} seconds")
        table = Table(
            id=secrets.token_urlsafe(6),
            game=game,
            options=parsed,
            seats=[Seat(bot=spec) for spec in bots],
            seed=secrets.randbelow(2**31),
            clock=clock,
            storage=self.storage,
            bot_delay=self.bot_delay,
        )
        self.tables[table.id] = table
        table.save()
        return table

    def listing(self) -> list[dict[str, Any]]:
        for table_id in [i for i, t in self.tables.items() if t.status == "over" and not t.clients]:
            self.tables.pop(table_id).close()  # finished and unwatched: storage keeps it
        live = [t for t in self.tables.values() if t.status != "over"]
        live.sort(key=lambda t: (t.status != "open", -t.created))
        return [t.public() for t in live[:100]]

    def close(self) -> None:
        for table in self.tables.values():
            table.close()


# -- HTTP ---------------------------------------------------------------------------------


class Refused(Exception):
    def __init__(self, message: str, status: int = 400) -> None:
        super().__init__(message)
        self.status = status


def the_guest(request: Request) -> str:
    """The guest id from the cookie, or a new one that `reply` will set."""
    guest = request.cookies.get(GUEST_COOKIE, "")
    if 16 <= len(guest) <= 64 and guest.isalnum():
        return guest
    if not hasattr(request.state, "new_guest"):
        request.state.new_guest = secrets.token_hex(16)
    return str(request.state.new_guest)


def with_guest(request: Request, response: Response) -> Response:
    """Give a visitor without a guest cookie one (their identity across tables)."""
    the_guest(request)
    new = getattr(request.state, "new_guest", None)
    if new:
        response.set_cookie(GUEST_COOKIE, new, max_age=365 * 86400, samesite="lax", httponly=True)
    return response


def reply(request: Request, data: Any, status: int = 200) -> Response:
    return with_guest(request, JSONResponse(data, status_code=status))


async def body_of(request: Request) -> dict[str, Any]:
    raw = await request.body()
    if len(raw) > MAX_BODY:
        raise Refused("the request is too large", 413)
    try:
        data = msgspec.json.decode(raw) if raw else {}
    except msgspec.DecodeError:
        raise Refused("the request is not valid JSON") from None
    if not isinstance(data, dict):
        raise Refused("the request must be a JSON object")
    return data


def routes(lobby: Lobby) -> list[Route]:
    def table_or_404(request: Request) -> Table:
        table = lobby.get(request.path_params["table"])
        if table is None:
            raise Refused(f"there is no table {request.path_params['table']!r}", 404)
        return table

    def you(request: Request, table: Table) -> dict[str, Any] | None:
        seat = table.seat_of_guest(the_guest(request))
        if seat is None:
            return None
        return {"seat": seat, "token": table.seats[seat].token}

    def seat_by_token(table: Table, data: dict[str, Any]) -> int:
        token = data.get("token")
        seat = table.seat_of(token) if isinstance(token, str) else None
        if seat is None:
            raise Refused("that seat token is not valid at this table", 403)
        return seat

    def handled(handler: Any) -> Any:
        async def endpoint(request: Request) -> Response:
            try:
                return reply(request, await handler(request))
            except Refused as exc:
                return reply(request, {"error": str(exc)}, exc.status)
            except HiddenhandError as exc:
                return reply(request, {"error": str(exc)}, 400)

        return endpoint

    async def list_games(request: Request) -> Any:
        return [game_info(g) for g in games().values()]

    async def list_tables(request: Request) -> Any:
        return lobby.listing()

    async def create_table(request: Request) -> Any:
        data = await body_of(request)
        game_id = data.get("game")
        if not isinstance(game_id, str):
            raise Refused("say which game the table plays")
        try:
            game = get_game(game_id)
        except HiddenhandError as exc:
            raise Refused(str(exc)) from None
        players = data.get("players", game.usual_players)
        bots = data.get("bots", [None] * players if isinstance(players, int) else [])
        options = data.get("options", {})
        clock = data.get("clock", 0)
        if not isinstance(players, int) or isinstance(players, bool):
            raise Refused("players is a number of seats")
        if not isinstance(bots, list) or not all(b is None or isinstance(b, str) for b in bots):
            raise Refused("bots is a list with a bot name or null for each seat")
        if not isinstance(options, dict):
            raise Refused("options is an object of name: value")
        if not isinstance(clock, int) or isinstance(clock, bool):
            raise Refused("clock is a number of seconds (0 for none)")
        table = lobby.create(game_id, options, players, bots, clock)
        result: dict[str, Any] = {"id": table.id}
        name = data.get("name")
        if isinstance(name, str) and any(s.bot is None for s in table.seats):
            seat = table.sit(name, the_guest(request))
            result["you"] = {"seat": seat, "token": table.seats[seat].token}
        if all(s.bot is not None for s in table.seats):
            table.start()
        result["table"] = table.public()
        return result

    async def show_table(request: Request) -> Any:
        table = table_or_404(request)
        return {"table": table.public(), "you": you(request, table), "game": game_info(table.game)}

    async def join_table(request: Request) -> Any:
        table = table_or_404(request)
        data = await body_of(request)
        name, seat = data.get("name"), data.get("seat")
        if not isinstance(name, str):
            raise Refused("a name is needed to sit down")
        if seat is not None and (not isinstance(seat, int) or isinstance(seat, bool)):
            raise Refused("seat is a seat number")
        seat = table.sit(name, the_guest(request), seat)
        return {"you": {"seat": seat, "token": table.seats[seat].token}, "table": table.public()}

    async def leave_table(request: Request) -> Any:
        table = table_or_404(request)
        table.leave(seat_by_token(table, await body_of(request)))
        return {"table": table.public()}

    async def start_table(request: Request) -> Any:
        table = table_or_404(request)
        seat_by_token(table, await body_of(request))
        table.start()
        return {"table": table.public()}

    async def record_of(request: Request) -> Any:
        table = table_or_404(request)
        if table.state is None or table.status != "over":
            raise Refused("the record is published when the game is over", 409)
        record = table.state.record()
        record.marks = dict(table.marks)
        return msgspec.to_builtins(record)

    return [
        Route("/api/games", handled(list_games)),
        Route("/api/tables", handled(list_tables), methods=["GET"]),
        Route("/api/tables", handled(create_table), methods=["POST"]),
        Route("/api/tables/{table}", handled(show_table)),
        Route("/api/tables/{table}/join", handled(join_table), methods=["POST"]),
        Route("/api/tables/{table}/leave", handled(leave_table), methods=["POST"]),
        Route("/api/tables/{table}/start", handled(start_table), methods=["POST"]),
        Route("/api/tables/{table}/record", handled(record_of)),
    ]
