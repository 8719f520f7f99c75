"""Accounts: a username people recognise and a password only its argon2 hash is kept of.

Names are checked before anything is stored, and compared without case, so "Ada" and "ada"
cannot be two people. A wrong name and a wrong password are refused alike, after the same work,
so a caller cannot learn which names exist by timing the answer.
"""

from __future__ import annotations

import re
import time
import unicodedata
from dataclasses import dataclass
from functools import cache

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError
from sqlalchemy import select, update
from sqlalchemy.exc import IntegrityError

from hiddenhand.server.errors import Refused
from hiddenhand.server.names import TextRefused, person_name
from hiddenhand.server.storage import Storage, accounts_table

NAME_CHARS = re.compile(r"[A-Za-z0-9_-]+")
MIN_NAME, MAX_NAME = 3, 24
MIN_PASSWORD, MAX_PASSWORD = 8, 128

IDENTITY_PREFIX = "account:"
"""Seats taken while signed in belong to `account:<id>`; a guest id (letters and digits only)
can never look like one."""

_hasher = PasswordHasher()


@cache
def _decoy() -> str:
    """What an unknown name's password is checked against; hashed on first use, not at import
    (every command that imports the server would pay for it)."""
    return _hasher.hash("a password nobody has")


@dataclass(frozen=True, slots=True)
class Account:
    """What the server may tell about an account: never its password hash."""

    id: int
    name: str

    @property
    def identity(self) -> str:
        return f"{IDENTITY_PREFIX}{self.id}"


def account_id_of(identity: str | None) -> int | None:
    """The account a seat's identity names, or None for a guest."""
    if identity is None or not identity.startswith(IDENTITY_PREFIX):
        return None
    digits = identity[len(IDENTITY_PREFIX) :]
    return int(digits) if digits.isascii() and digits.isdigit() else None


def check_name(name: str) -> str:
    """The username in NFKC form (full-width letters become plain ones), or Refused saying
    what a username may be: no invisible characters, nothing that passes for a bot."""
    try:
        name = person_name(name, "usernames")
    except TextRefused as exc:
        raise Refused(str(exc)) from None
    if not MIN_NAME <= len(name) <= MAX_NAME or not NAME_CHARS.fullmatch(name):
        raise Refused(
            f"a username is {MIN_NAME} to {MAX_NAME} characters: letters a-z, digits, '_' and '-'"
        )
    return name


def name_key(name: str) -> str:
    """How a username is looked up: NFKC and without case, so "ＡＤＡ" finds "Ada"."""
    return unicodedata.normalize("NFKC", name).lower()


def check_password(password: str) -> str:
    if not MIN_PASSWORD <= len(password) <= MAX_PASSWORD:
        raise Refused(f"a password is {MIN_PASSWORD} to {MAX_PASSWORD} characters")
    return password


class Accounts:
    """Account rows in the store. Hashing is slow on purpose: call these off the event loop."""

    def __init__(self, storage: Storage) -> None:
        self.storage = storage

    def create(self, name: str, password: str) -> Account:
        """A new account; Refused (409) if the name is taken in any case."""
        name = check_name(name)
        digest = _hasher.hash(check_password(password))
        try:
            with self.storage.engine.begin() as conn:
                new_id = conn.execute(
                    accounts_table.insert().values(
                        name=name,
                        name_key=name_key(name),
                        password_hash=digest,
                        created=time.time(),
                    )
                ).inserted_primary_key
        except IntegrityError:
            raise Refused(f"the username {name!r} is taken", 409) from None
        assert new_id is not None
        return Account(id=int(new_id[0]), name=name)

    def verify(self, name: str, password: str) -> Account:
        """The account if the password is its own; Refused (401) otherwise, either way alike."""
        wrong = Refused("wrong username or password", 401)
        if not MIN_NAME <= len(name) <= MAX_NAME or len(password) > MAX_PASSWORD:
            raise wrong
        with self.storage.engine.connect() as conn:
            row = conn.execute(
                select(accounts_table).where(accounts_table.c.name_key == name_key(name))
            ).one_or_none()
        try:
            _hasher.verify(row.password_hash if row else _decoy(), password)
        except (VerificationError, InvalidHashError):
            raise wrong from None
        if row is None:
            raise wrong
        if row.banned is not None:
            raise Refused("this account is banned", 403)
        if _hasher.check_needs_rehash(row.password_hash):
            self._rehash(row.id, password)
        return Account(id=row.id, name=row.name)

    def _rehash(self, account_id: int, password: str) -> None:
        """Keep the hash at today's argon2 parameters, while the password is at hand."""
        with self.storage.engine.begin() as conn:
            conn.execute(
                update(accounts_table)
                .where(accounts_table.c.id == account_id)
                .values(password_hash=_hasher.hash(password))
            )

    def get(self, account_id: int) -> Account | None:
        with self.storage.engine.connect() as conn:
            row = conn.execute(
                select(accounts_table.c.id, accounts_table.c.name).where(
                    accounts_table.c.id == account_id
                )
            ).one_or_none()
        return Account(id=row.id, name=row.name) if row else None

    def by_name(self, name: str) -> Account | None:
        if not MIN_NAME <= len(name) <= MAX_NAME:
            return None
        with self.storage.engine.connect() as conn:
            row = conn.execute(
                select(accounts_table.c.id, accounts_table.c.name).where(
                    accounts_table.c.name_key == name_key(name)
                )
            ).one_or_none()
        return Account(id=row.id, name=row.name) if row else None
