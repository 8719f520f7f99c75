"""What an operator does to accounts and tables, from the operators' page or the command line:
each act is checked, done, and written to the audit log (`moderation`) in one place, so both
ways behave alike.

Banning ends every session of the account in the store at once (every request after it is
signed out, a copied cookie too) and refuses its sign-ins; telling its open pages is the
caller's part (`account_sockets`), as only a server holds them.
"""

from __future__ import annotations

from collections.abc import Callable

from hiddenhand.server.accounts import Account
from hiddenhand.server.errors import Refused
from hiddenhand.server.moderation import MAX_REASON_CHARS, OPERATOR, PLAYER, Moderation
from hiddenhand.server.sessions import Sessions


def clean_reason(reason: str) -> str:
    """A reason as it is kept: trimmed, 1 to `MAX_REASON_CHARS` characters."""
    reason = " ".join(reason.split())
    if not reason:
        raise Refused("say why")
    if len(reason) > MAX_REASON_CHARS:
        raise Refused(f"a reason is at most {MAX_REASON_CHARS} characters")
    return reason


class Operators:
    """The acts on accounts; `by` names who acts (an operator's name, or the command line)."""

    def __init__(self, moderation: Moderation, sessions: Sessions) -> None:
        self.moderation = moderation
        self.sessions = sessions

    def ban(self, by: str, name: str, reason: str) -> tuple[Account, int]:
        """Ban the account and end its sessions; returns it and how many sessions ended."""
        reason = clean_reason(reason or "no reason given")
        account = self.moderation.named(name)
        if by == account.name:
            raise Refused("you cannot ban yourself")
        if not self.moderation.set_banned(account, True):
            raise Refused(f"{account.name} is banned already", 409)
        ended = self.sessions.end_all(account.id)
        self.moderation.audit(by, "ban", account.name, reason)
        return account, ended

    def unban(self, by: str, name: str) -> Account:
        """Lift a ban: the account may sign in again."""
        return self._lift(by, name, "unban", self.moderation.set_banned, "banned")

    def mute(self, by: str, name: str, reason: str) -> Account:
        """Mute the account's chat for everyone, at every table."""
        reason = clean_reason(reason or "no reason given")
        account = self.moderation.named(name)
        if not self.moderation.set_muted(account, True):
            raise Refused(f"{account.name} is muted already", 409)
        self.moderation.audit(by, "mute", account.name, reason)
        return account

    def unmute(self, by: str, name: str) -> Account:
        """Let a muted account chat again."""
        return self._lift(by, name, "unmute", self.moderation.set_muted, "muted")

    def _lift(
        self, by: str, name: str, act: str, setter: Callable[[Account, bool], bool], what: str
    ) -> Account:
        account = self.moderation.named(name)
        if not setter(account, False):
            raise Refused(f"{account.name} is not {what}", 409)
        self.moderation.audit(by, act, account.name)
        return account

    def set_operator(self, by: str, name: str, operator: bool) -> Account:
        """Make the account an operator, or a player again."""
        account = self.moderation.named(name)
        if not self.moderation.set_role(account, OPERATOR if operator else PLAYER):
            raise Refused(
                f"{account.name} is {'an operator' if operator else 'not an operator'} already",
                409,
            )
        self.moderation.audit(by, "make-operator" if operator else "remove-operator", account.name)
        return account

    def ended_table(self, by: str, table: str, what: str, reason: str) -> None:
        """Log that a table was ended (`Lobby.end` did it where the table is played)."""
        self.moderation.audit(by, "end-table", table, f"{what}: {reason}")
