"""Moderation over HTTP: players report, mute and block; operators see reports, end tables,
mute for everyone, ban and unban, and read the audit log.

A player's calls need a signed-in account (401 otherwise); an operator's need an account whose
role is operator (403 for anyone else). A report from a table names a seat: the table, wherever
it is played, says who holds it and gives its chat and what its spectators see (`table_calls`),
so a report never holds a hidden card. What changes an account's open pages (a ban, a mute or a
block) is told to them at once (`account_sockets`).
"""

from __future__ import annotations

from typing import Annotated, Any

import msgspec
from starlette.requests import Request
from starlette.routing import Route

from hiddenhand.server.account_sockets import HIDDEN_NEWS, SIGNED_OUT_NEWS, AccountSockets
from hiddenhand.server.accounts import Account, Accounts
from hiddenhand.server.api import body_of, handled, signed_in
from hiddenhand.server.chat import FloodGuard
from hiddenhand.server.errors import Refused
from hiddenhand.server.guards import address_of
from hiddenhand.server.moderation import BLOCK, MAX_REASON_CHARS, MUTE
from hiddenhand.server.operators import Operators, clean_reason
from hiddenhand.server.placement import Placement
from hiddenhand.server.table_calls import About, Asker, End, Short

REPORT_BURST, REPORT_EVERY = 5.0, 60.0
"""Reports an account may send at once, then one every this many seconds."""


class ReportBody(msgspec.Struct, forbid_unknown_fields=True):
    """`POST /api/reports`: a seat at a table (from the table) or an account's name (from
    its profile), and why."""

    reason: Annotated[str, msgspec.Meta(max_length=MAX_REASON_CHARS * 4)]
    table: Short | None = None
    seat: int | None = None
    name: Short | None = None


class Why(msgspec.Struct, forbid_unknown_fields=True):
    """The body of an operator's act that needs a reason."""

    reason: Annotated[str, msgspec.Meta(max_length=MAX_REASON_CHARS * 4)] = ""


def moderation_routes(
    place: Placement, accounts: Accounts, operators: Operators, sockets: AccountSockets
) -> list[Route]:
    moderation = operators.moderation
    reports_flood = FloodGuard(burst=REPORT_BURST, every=REPORT_EVERY)

    def me(request: Request, what: str = "do this") -> Account:
        account_id = signed_in(request)
        account = None if account_id is None else accounts.get(account_id)
        if account is None:
            raise Refused(f"sign in to {what}", 401)
        return account

    def operator(request: Request) -> Account:
        account_id = signed_in(request)
        account = None if account_id is None else accounts.get(account_id)
        if account is None or not moderation.standing(account.id).operator:
            raise Refused("this is for operators only", 403)
        return account

    async def report(request: Request) -> Any:
        reporter = me(request, "report a player")
        body = await body_of(request, ReportBody)
        reason = clean_reason(body.reason)
        chat: list[dict[str, Any]] = []
        view: dict[str, Any] = {}
        if body.seat is not None:
            if body.table is None:
                raise Refused("say the table of the seat you report")
            asker = Asker(reporter.identity, address_of(request.scope))
            found = await place.call(body.table, "report", asker, About(body.seat))
            reported, name, view = found["holder"], found["name"], found["view"]
            chat = view.pop("chat")
        elif body.name is not None:
            account = moderation.named(body.name)
            if account.id == reporter.id:
                raise Refused("you cannot report yourself")
            reported, name = account.identity, account.name
        else:
            raise Refused("say whom you report: a seat at a table, or a player's name")
        if not reports_flood.allow(reporter.id):
            raise Refused("you are sending reports too fast; wait a minute", 429)
        number = moderation.report(
            reporter.id,
            reported,
            name,
            reason,
            body.table if body.seat is not None else None,
            chat,
            view,
        )
        return {"report": number, "reported": name}

    async def my_lists(request: Request) -> Any:
        account = me(request)
        return {
            **moderation.relations(account.id),
            "operator": moderation.standing(account.id).operator,
        }

    def relation(kind: str, undo: bool):  # type: ignore[no-untyped-def]
        async def change(request: Request) -> Any:
            account = me(request, f"{kind} a player")
            other = moderation.named(request.path_params["name"])
            if undo:
                moderation.unrelate(account.id, other, kind)
            else:
                moderation.relate(account.id, other, kind)
            sockets.tell(account.id, HIDDEN_NEWS)
            return moderation.relations(account.id)

        return handled(change)

    async def reports(request: Request) -> Any:
        operator(request)
        return {"reports": moderation.reports()}

    async def audit(request: Request) -> Any:
        operator(request)
        return {"audit": moderation.audit_log()}

    async def live_tables(request: Request) -> Any:
        operator(request)
        return {"tables": await place.listing(game=None, holder=None)}

    async def end_table(request: Request) -> Any:
        by = operator(request)
        body = await body_of(request, Why)
        reason = clean_reason(body.reason or "ended by an operator")
        table = request.path_params["table"]
        asker = Asker(by.identity, address_of(request.scope))
        ended = await place.call(table, "end", asker, End(reason[:200]))
        operators.ended_table(by.name, table, ended["ended"], reason)
        return {"ended": table, "what": ended["ended"]}

    async def ban(request: Request) -> Any:
        by = operator(request)
        body = await body_of(request, Why)
        account, ended = operators.ban(by.name, request.path_params["name"], body.reason)
        sockets.tell(account.id, SIGNED_OUT_NEWS)
        return {"banned": account.name, "sessions": ended}

    async def unban(request: Request) -> Any:
        by = operator(request)
        return {"unbanned": operators.unban(by.name, request.path_params["name"]).name}

    async def mute_everyone(request: Request) -> Any:
        by = operator(request)
        body = await body_of(request, Why)
        return {"muted": operators.mute(by.name, request.path_params["name"], body.reason).name}

    async def unmute_everyone(request: Request) -> Any:
        by = operator(request)
        return {"unmuted": operators.unmute(by.name, request.path_params["name"]).name}

    return [
        Route("/api/reports", handled(report), methods=["POST"]),
        Route("/api/me/moderation", handled(my_lists)),
        *(
            Route(f"/api/players/{{name}}/{verb}", relation(kind, undo), methods=["POST"])
            for kind in (MUTE, BLOCK)
            for verb, undo in ((kind, False), (f"un{kind}", True))
        ),
        Route("/api/admin/reports", handled(reports)),
        Route("/api/admin/audit", handled(audit)),
        Route("/api/admin/tables", handled(live_tables)),
        Route("/api/admin/tables/{table}/end", handled(end_table), methods=["POST"]),
        Route("/api/admin/players/{name}/ban", handled(ban), methods=["POST"]),
        Route("/api/admin/players/{name}/unban", handled(unban), methods=["POST"]),
        Route("/api/admin/players/{name}/mute", handled(mute_everyone), methods=["POST"]),
        Route("/api/admin/players/{name}/unmute", handled(unmute_everyone), methods=["POST"]),
    ]
