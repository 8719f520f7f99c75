"""Moderation kept in the store: roles, bans, chat mutes, blocks, reports and the audit log.

Mutes and blocks are between accounts: an account's name is what a person recognises and
keeps, so a list of them means something next month. A guest has no name of their own (they
type one per table), so a guest cannot mute or block anyone and cannot be muted or blocked; a
guest can still be reported from a table, by the seat they hold there (the report keeps their
guest id, which lasts as long as their browser keeps its cookie). Bots cannot be reported.

Every act of an operator, from a page or the command line, is one row of the audit log.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

import msgspec
from sqlalchemy import and_, delete, or_, select, update
from sqlalchemy.exc import IntegrityError

from hiddenhand.server.accounts import Account, Accounts, account_id_of
from hiddenhand.server.errors import Refused
from hiddenhand.server.storage import (
    Storage,
    accounts_table,
    audit_table,
    relations_table,
    reports_table,
)

MUTE, BLOCK = "mute", "block"
KINDS = (MUTE, BLOCK)
OPERATOR, PLAYER = "operator", "player"
MAX_REASON_CHARS = 1000
MAX_LISTED = 200
"""Reports and audit rows a page or a command shows at most, newest first."""


@dataclass(frozen=True, slots=True)
class Standing:
    """What moderation says of one account."""

    operator: bool
    banned: bool
    muted: bool


class Moderation:
    """Reads and writes the moderation rows of a store. Calls are short and synchronous."""

    def __init__(self, storage: Storage) -> None:
        self.storage = storage
        self.accounts = Accounts(storage)

    # -- accounts ---------------------------------------------------------------------

    def named(self, name: str) -> Account:
        """The account called `name` (in any case), or Refused (404) saying there is none."""
        account = self.accounts.by_name(name)
        if account is None:
            raise Refused(f"there is no account {name[:40]!r}", 404)
        return account

    def standing(self, account_id: int) -> Standing:
        with self.storage.engine.connect() as conn:
            row = conn.execute(
                select(
                    accounts_table.c.role, accounts_table.c.banned, accounts_table.c.muted
                ).where(accounts_table.c.id == account_id)
            ).one_or_none()
        if row is None:
            return Standing(operator=False, banned=False, muted=False)
        return Standing(
            operator=row.role == OPERATOR,
            banned=row.banned is not None,
            muted=row.muted is not None,
        )

    def set_role(self, account: Account, role: str) -> bool:
        """Make the account an operator or a player again; False if it already was."""
        return self._set(account, "role", role, accounts_table.c.role != role)

    def set_banned(self, account: Account, banned: bool) -> bool:
        """Ban or unban; False if it already was. Ending its sessions is the caller's part."""
        return self._since(account, "banned", banned)

    def set_muted(self, account: Account, muted: bool) -> bool:
        """Mute the account's chat for everyone, or lift it; False if it already was."""
        return self._since(account, "muted", muted)

    def _since(self, account: Account, name: str, on: bool) -> bool:
        """Set the time column `name` to now (on) or NULL (off), if it is not so already."""
        column = accounts_table.c[name]
        changes = column.is_(None) if on else column.is_not(None)
        return self._set(account, name, time.time() if on else None, changes)

    def _set(self, account: Account, column: str, value: Any, changes: Any) -> bool:
        with self.storage.engine.begin() as conn:
            changed = conn.execute(
                update(accounts_table)
                .where(accounts_table.c.id == account.id, changes)
                .values({column: value})
            ).rowcount
        return bool(changed)

    def chat_refusal(self, identity: str | None) -> str | None:
        """Why this seat holder may not chat (an operator muted them), or None."""
        account_id = account_id_of(identity)
        if account_id is not None and self.standing(account_id).muted:
            return "an operator has muted your chat"
        return None

    # -- mutes and blocks -------------------------------------------------------------

    def relate(self, account: int, other: Account, kind: str) -> bool:
        """`account` mutes or blocks `other`; False if it already did."""
        if kind not in KINDS:
            raise Refused(f"say {' or '.join(KINDS)}, not {kind[:20]!r}")
        if other.id == account:
            raise Refused(f"you cannot {kind} yourself")
        try:
            with self.storage.engine.begin() as conn:
                conn.execute(
                    relations_table.insert().values(
                        account_id=account, other_id=other.id, kind=kind, created=time.time()
                    )
                )
        except IntegrityError:
            return False
        return True

    def unrelate(self, account: int, other: Account, kind: str) -> bool:
        """Undo a mute or a block; False if there was none."""
        with self.storage.engine.begin() as conn:
            removed = conn.execute(
                delete(relations_table).where(
                    relations_table.c.account_id == account,
                    relations_table.c.other_id == other.id,
                    relations_table.c.kind == kind,
                )
            ).rowcount
        return bool(removed)

    def relations(self, account: int) -> dict[str, list[str]]:
        """The names the account muted and blocked, each list in name order."""
        with self.storage.engine.connect() as conn:
            rows = conn.execute(
                select(relations_table.c.kind, accounts_table.c.name)
                .join(accounts_table, accounts_table.c.id == relations_table.c.other_id)
                .where(relations_table.c.account_id == account)
                .order_by(accounts_table.c.name_key)
            ).all()
        return {kind: [r.name for r in rows if r.kind == kind] for kind in KINDS}

    def hidden_chat(self, account: int) -> frozenset[str]:
        """The names whose chat lines the account is not shown: those it muted or blocked."""
        lists = self.relations(account)
        return frozenset(lists[MUTE] + lists[BLOCK])

    def blocked_with(self, identity: str, others: list[str]) -> str | None:
        """The name of an account among `others` (seat holders) that `identity` blocked or is
        blocked by, or None: those two are never seated at one table."""
        me = account_id_of(identity)
        ids = {a for a in (account_id_of(o) for o in others) if a is not None and a != me}
        if me is None or not ids:
            return None
        r = relations_table.c
        with self.storage.engine.connect() as conn:
            row = conn.execute(
                select(r.account_id, r.other_id)
                .where(
                    r.kind == BLOCK,
                    or_(
                        and_(r.account_id == me, r.other_id.in_(ids)),
                        and_(r.other_id == me, r.account_id.in_(ids)),
                    ),
                )
                .limit(1)
            ).first()
            if row is None:
                return None
            other = row.other_id if row.account_id == me else row.account_id
            name = conn.execute(
                select(accounts_table.c.name).where(accounts_table.c.id == other)
            ).scalar_one()
        return str(name)

    def avoided(self, account: int) -> frozenset[str]:
        """The identities of every account `account` blocked or is blocked by."""
        r = relations_table.c
        with self.storage.engine.connect() as conn:
            rows = conn.execute(
                select(r.account_id, r.other_id).where(
                    r.kind == BLOCK, or_(r.account_id == account, r.other_id == account)
                )
            ).all()
        ids = {row.other_id if row.account_id == account else row.account_id for row in rows}
        return frozenset(Account(id=i, name="").identity for i in ids)

    # -- reports ----------------------------------------------------------------------

    def report(
        self,
        reporter: int,
        reported: str,
        name: str,
        reason: str,
        table: str | None = None,
        chat: list[dict[str, Any]] | None = None,
        view: dict[str, Any] | None = None,
    ) -> int:
        """Store a report of `reported` (an account identity or a guest id) by the account
        `reporter`; returns its number."""
        account = account_id_of(reported)
        with self.storage.engine.begin() as conn:
            new_id = conn.execute(
                reports_table.insert().values(
                    created=time.time(),
                    reporter_id=reporter,
                    reported_id=account,
                    reported_guest=None if account is not None else reported,
                    reported_name=name[:64],
                    reason=reason,
                    table_id=table,
                    chat=msgspec.json.encode(chat or []).decode(),
                    view=msgspec.json.encode(view or {}).decode(),
                )
            ).inserted_primary_key
        assert new_id is not None
        return int(new_id[0])

    def reports(self, limit: int = MAX_LISTED) -> list[dict[str, Any]]:
        """The newest reports, as operators see them (a guest is shown as one, not by id)."""
        reporters = accounts_table.alias("reporter")
        with self.storage.engine.connect() as conn:
            rows = conn.execute(
                select(reports_table, reporters.c.name.label("reporter"))
                .join(reporters, reporters.c.id == reports_table.c.reporter_id)
                .order_by(reports_table.c.id.desc())
                .limit(limit)
            ).all()
        return [
            {
                "id": row.id,
                "created": row.created,
                "reporter": row.reporter,
                "reported": row.reported_name,
                "account": row.reported_id is not None,
                "reason": row.reason,
                "table": row.table_id,
                "chat": msgspec.json.decode(row.chat),
                "view": msgspec.json.decode(row.view),
            }
            for row in rows
        ]

    # -- the audit log ----------------------------------------------------------------

    def audit(self, operator: str, act: str, target: str, detail: str = "") -> None:
        with self.storage.engine.begin() as conn:
            conn.execute(
                audit_table.insert().values(
                    at=time.time(),
                    operator=operator[:64],
                    act=act,
                    target=target[:64],
                    detail=detail[:MAX_REASON_CHARS],
                )
            )

    def audit_log(self, limit: int = MAX_LISTED) -> list[dict[str, Any]]:
        with self.storage.engine.connect() as conn:
            rows = conn.execute(
                select(audit_table).order_by(audit_table.c.id.desc()).limit(limit)
            ).all()
        return [
            {
                "id": r.id,
                "at": r.at,
                "operator": r.operator,
                "act": r.act,
                "target": r.target,
                "detail": r.detail,
            }
            for r in rows
        ]
