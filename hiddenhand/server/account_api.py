"""Accounts over HTTP: sign up, sign in, sign out, who am I, profiles and leaderboards.

A session is a signed cookie (`sessions.py`); nothing the server answers carries a password
hash or the signing key. Sign-ups and sign-ins are limited per address and per username, and
the slow password hashing runs off the event loop.
"""

from __future__ import annotations

from typing import Annotated, Any

import msgspec
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from hiddenhand.engine import get_game
from hiddenhand.server.accounts import MAX_NAME, MAX_PASSWORD, Account, Accounts
from hiddenhand.server.api import (
    GUEST_COOKIE,
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
from hiddenhand.server.guards import address_of
from hiddenhand.server.lobby import Lobby
from hiddenhand.server.sessions import SESSION_COOKIE, Sessions

MAX_REMEMBERED = 10_000
"""Addresses and names the sign-in limits remember before forgetting those at rest."""


class Credentials(msgspec.Struct, forbid_unknown_fields=True):
    """`POST /api/signup` and `/api/login`."""

    name: Annotated[str, msgspec.Meta(max_length=MAX_NAME * 4)]
    password: Annotated[str, msgspec.Meta(max_length=MAX_PASSWORD * 4)]


def account_json(account: Account) -> dict[str, Any]:
    return {"id": account.id, "name": account.name, "profile": f"/profile/{account.name}"}


def account_routes(lobby: Lobby, accounts: Accounts, sessions: Sessions) -> list[Route]:
    limits = lobby.limits
    by_address = FloodGuard(burst=limits.login_burst, every=limits.login_every)
    by_name = FloodGuard(burst=limits.login_burst, every=limits.login_every)

    def throttle(request: Request, name: str) -> None:
        for guard in (by_address, by_name):
            if len(guard) > MAX_REMEMBERED:
                guard.forget_idle()
        address_ok = by_address.allow(address_of(request.scope))
        name_ok = by_name.allow(name.lower())
        if not (address_ok and name_ok):
            raise Refused("too many sign-in attempts; wait a minute and try again", 429)

    def signed(request: Request, account: Account, data: dict[str, Any]) -> Response:
        response = reply(request, data)
        secure = request.url.scheme == "https"
        response.set_cookie(
            SESSION_COOKIE,
            sessions.issue(account.id),
            max_age=int(sessions.seconds),
            httponly=True,
            samesite="lax",
            secure=secure,
        )
        return response

    async def signup(request: Request) -> Response:
        body = await body_of(request, Credentials)
        if signed_in(request) is not None:
            raise Refused("you are signed in; sign out before making another account", 409)
        throttle(request, body.name)
        account = await run_in_threadpool(accounts.create, body.name, body.password)
        guest = guest_id(request)
        moved = lobby.adopt(guest, account.identity)
        response = signed(request, account, {"account": account_json(account), "seats": moved})
        response.delete_cookie(GUEST_COOKIE)  # that guest is the account now
        return response

    async def login(request: Request) -> Response:
        body = await body_of(request, Credentials)
        throttle(request, body.name)
        account = await run_in_threadpool(accounts.verify, body.name, body.password)
        return signed(request, account, {"account": account_json(account)})

    async def logout(request: Request) -> Response:
        response = reply(request, {"account": None})
        response.delete_cookie(SESSION_COOKIE)
        return response

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
        """The live tables where the asker holds a seat (signed in: from any browser)."""
        identity = the_guest(request)
        mine = [t for t in lobby.live() if t.seat_of_guest(identity) is not None]
        return [t.public() for t in mine]

    return [
        Route("/api/signup", errors_as_json(signup), methods=["POST"]),
        Route("/api/login", errors_as_json(login), methods=["POST"]),
        Route("/api/logout", errors_as_json(logout), methods=["POST"]),
        Route("/api/me", handled(me)),
        Route("/api/me/tables", handled(my_tables)),
        Route("/api/players/{name}", handled(profile)),
        Route("/api/leaderboard/{game}", handled(leaderboard)),
    ]
