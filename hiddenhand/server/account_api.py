"""Accounts over HTTP: sign up, sign in, sign out (here or everywhere), who am I, sessions,
profiles and leaderboards.

A session is a row in the store named by a random cookie (`sessions.py`); nothing the server
answers carries a password hash, a key or another session's cookie. Sign-ups and sign-ins are
limited per address, and wrong passwords per address and per (address, username) with a wait
that doubles (`throttle.py`): never per username alone, so nobody can lock an owner out. The
slow password hashing runs off the event loop.
"""

from __future__ import annotations

import contextlib
import math
from typing import Annotated, Any

import msgspec
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from hiddenhand.engine import get_game
from hiddenhand.server.account_sockets import SIGNED_OUT_NEWS, AccountSockets
from hiddenhand.server.accounts import MAX_NAME, MAX_PASSWORD, Account, Accounts, name_key
from hiddenhand.server.api import (
    body_of,
    errors_as_json,
    guest_id,
    handled,
    reply,
    signed_in,
    the_guest,
)
from hiddenhand.server.chat import FloodGuard
from hiddenhand.server.errors import Refused
from hiddenhand.server.guards import address_of, header
from hiddenhand.server.guests import GUEST_COOKIE
from hiddenhand.server.placement import Placement
from hiddenhand.server.sessions import SESSION_COOKIE, Sessions
from hiddenhand.server.table_calls import Adopt, Asker
from hiddenhand.server.throttle import Backoff

MAX_REMEMBERED = 10_000
"""Addresses and names the sign-in limits remember before forgetting those at rest."""


class Credentials(msgspec.Struct, forbid_unknown_fields=True):
    """`POST /api/signup` and `/api/login`."""

    name: Annotated[str, msgspec.Meta(max_length=MAX_NAME * 4)]
    password: Annotated[str, msgspec.Meta(max_length=MAX_PASSWORD * 4)]


def account_json(account: Account) -> dict[str, Any]:
    return {"id": account.id, "name": account.name, "profile": f"/profile/{account.name}"}


def account_routes(
    place: Placement,
    accounts: Accounts,
    sessions: Sessions,
    sockets: AccountSockets | None = None,
) -> list[Route]:
    """`sockets`: the open pages of each account, told when it signs out everywhere."""
    lobby = place.lobby
    limits = lobby.limits
    attempts = FloodGuard(burst=limits.login_burst, every=limits.login_every)
    """Sign-ups and sign-ins per address, right or wrong."""
    wrong_by_address = Backoff(
        limits.login_address_failures, limits.login_backoff, limits.login_backoff_most
    )
    wrong_by_pair = Backoff(
        limits.login_free_failures, limits.login_backoff, limits.login_backoff_most
    )
    """Wrong passwords per address, and per (address, username)."""

    def admit(request: Request, name: str) -> tuple[str, tuple[str, str]]:
        """Refuse (429, saying how long to wait) an address over its limits; returns the keys
        its failures are counted under."""
        if len(attempts) > MAX_REMEMBERED:
            attempts.forget_idle()
        for backoff in (wrong_by_address, wrong_by_pair):
            if len(backoff) > MAX_REMEMBERED:
                backoff.forget_idle()
        address = address_of(request.scope)
        pair = (address, name_key(name))
        if not attempts.allow(address):
            raise Refused("too many sign-in attempts; wait a minute and try again", 429)
        wait = max(wrong_by_address.wait(address), wrong_by_pair.wait(pair))
        if wait > 0:
            raise Refused(
                f"too many wrong passwords from your address; try again in {math.ceil(wait)} s",
                429,
            )
        return address, pair

    def signed(request: Request, account: Account, data: dict[str, Any]) -> Response:
        response = reply(request, data)
        cookie = sessions.issue(
            account.id, header(request.scope, b"user-agent") or "", address_of(request.scope)
        )
        response.set_cookie(
            SESSION_COOKIE,
            cookie,
            max_age=int(sessions.seconds),
            httponly=True,
            samesite="lax",
            secure=request.url.scheme == "https",
        )
        return response

    def signed_out(request: Request, data: dict[str, Any]) -> Response:
        response = reply(request, data)
        response.delete_cookie(SESSION_COOKIE)
        return response

    def the_account(request: Request) -> int:
        account_id = signed_in(request)
        if account_id is None:
            raise Refused("sign in first", 401)
        return account_id

    async def adopt_seats(guest: str, identity: str, address: str) -> int:
        """Every seat the guest holds at a live table, in whichever process plays it, becomes
        the account's; returns how many moved."""
        moved = lobby.adopt(guest, identity)  # the tables played here, and those made here
        asker, body = Asker(guest, address), Adopt(identity)
        for table in await place.listing(game=None, holder=guest):
            if table["id"] in lobby.tables:
                continue
            with contextlib.suppress(Refused):  # it ended or moved meanwhile: no live seat
                moved += bool((await place.call(table["id"], "adopt", asker, body))["moved"])
        return moved

    async def signup(request: Request) -> Response:
        body = await body_of(request, Credentials)
        if signed_in(request) is not None:
            raise Refused("you are signed in; sign out before making another account", 409)
        admit(request, body.name)
        account = await run_in_threadpool(accounts.create, body.name, body.password)
        moved = await adopt_seats(guest_id(request), account.identity, address_of(request.scope))
        response = signed(request, account, {"account": account_json(account), "seats": moved})
        response.delete_cookie(GUEST_COOKIE)  # that guest is the account now
        return response

    async def login(request: Request) -> Response:
        body = await body_of(request, Credentials)
        address, pair = admit(request, body.name)
        try:
            account = await run_in_threadpool(accounts.verify, body.name, body.password)
        except Refused:
            wrong_by_address.failed(address)
            wrong_by_pair.failed(pair)
            raise
        wrong_by_pair.succeeded(pair)
        return signed(request, account, {"account": account_json(account)})

    async def logout(request: Request) -> Response:
        """End this browser's session in the store: its cookie, wherever copied, is refused
        from now on."""
        sessions.end(request.cookies.get(SESSION_COOKIE))
        return signed_out(request, {"account": None})

    async def logout_everywhere(request: Request) -> Response:
        account = the_account(request)
        ended = sessions.end_all(account)
        if sockets is not None:
            sockets.tell(account, SIGNED_OUT_NEWS)
        return signed_out(request, {"account": None, "ended": ended})

    async def my_sessions(request: Request) -> Any:
        listed = sessions.listed(the_account(request), request.cookies.get(SESSION_COOKIE))
        return {"sessions": listed}

    async def me(request: Request) -> Any:
        account_id = signed_in(request)
        account = None if account_id is None else accounts.get(account_id)
        return {"account": None if account is None else account_json(account)}

    async def profile(request: Request) -> Any:
        account = accounts.by_name(request.path_params["name"])
        if account is None:
            raise Refused(f"there is no player {request.path_params['name'][:40]!r}", 404)
        return {"account": account_json(account), **lobby.results.profile(account.id)}

    async def leaderboard(request: Request) -> Any:
        game = get_game(request.path_params["game"][:64])
        return {"game": game.id, "title": game.title, "players": lobby.results.leaderboard(game.id)}

    async def my_tables(request: Request) -> Any:
        """The live tables where the asker holds a seat (signed in: from any browser), in
        whichever process each is played."""
        return await place.listing(game=None, holder=the_guest(request))

    return [
        Route("/api/signup", errors_as_json(signup), methods=["POST"]),
        Route("/api/login", errors_as_json(login), methods=["POST"]),
        Route("/api/logout", errors_as_json(logout), methods=["POST"]),
        Route("/api/logout-everywhere", errors_as_json(logout_everywhere), methods=["POST"]),
        Route("/api/me", handled(me)),
        Route("/api/me/sessions", handled(my_sessions)),
        Route("/api/me/tables", handled(my_tables)),
        Route("/api/players/{name}", handled(profile)),
        Route("/api/leaderboard/{game}", handled(leaderboard)),
    ]
