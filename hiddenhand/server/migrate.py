"""Bring a store's schema up to date with Alembic, in place, when a store is opened.

A store made before migrations existed has the tables but no `alembic_version`; the first
revision creates only what is missing, so such a store upgrades with every row kept.

A process serves only a store at the revision it was made for (`prepare`): one at a revision
this version does not know (a newer version migrated it) is refused, and so is an older one
when the process is told not to migrate (`hiddenhand serve --no-migrate`, for a rolling
upgrade whose migrations an operator ran first with `hiddenhand migrate`). Either way a
`SchemaError` says what to do, and nothing in the store has changed.
"""

from __future__ import annotations

import logging
from pathlib import Path
from typing import TYPE_CHECKING

from sqlalchemy import Engine

if TYPE_CHECKING:
    from alembic.config import Config

MIGRATIONS = Path(__file__).resolve().parent / "migrations"
log = logging.getLogger("hiddenhand.server")
logging.getLogger("alembic").setLevel(logging.WARNING)
"""Alembic's own notes (its plugins, the dialect, each step) stay out of the server's log; it is
imported once this is set, as it logs on import."""


def config() -> Config:
    from alembic.config import Config

    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    return cfg


class SchemaError(Exception):
    """This version cannot serve the store's schema; the message says why and what to do."""


def head() -> str:
    """The newest revision this version knows: the schema its code reads and writes."""
    from alembic.script import ScriptDirectory

    revision = ScriptDirectory.from_config(config()).get_current_head()
    assert revision is not None
    return revision


def known() -> set[str]:
    """Every revision this version's migrations name."""
    from alembic.script import ScriptDirectory

    return {script.revision for script in ScriptDirectory.from_config(config()).walk_revisions()}


def prepare(engine: Engine, *, migrate: bool = True) -> None:
    """Make sure this version can serve the store: apply its pending migrations (`migrate`),
    or raise SchemaError if the store is at a revision this version does not know, or is
    behind and may not be migrated here."""
    at = current(engine)
    if at is not None and at not in known():
        raise SchemaError(
            f"the store's schema is at revision {at}, which this version of hiddenhand does not "
            f"know (it knows up to {head()}): a newer version migrated it. Run that version, "
            "or restore a backup taken before the upgrade"
        )
    if migrate:
        upgrade(engine)
    elif at != head():
        raise SchemaError(
            f"the store's schema is at revision {at or 'none'}, older than this version's "
            f"{head()}, and this process was told not to migrate (--no-migrate): run "
            "`hiddenhand migrate --db URL` first"
        )


def upgrade(engine: Engine, revision: str = "head") -> None:
    """Apply every migration the store has not had yet, in one transaction where the database
    allows it, and say so in the server's log when there were any."""
    from alembic import command

    cfg = config()
    before = current(engine)
    with engine.begin() as conn:
        if engine.dialect.name == "postgresql":  # processes starting at once upgrade in turn
            conn.exec_driver_sql("SELECT pg_advisory_xact_lock(hashtext('hiddenhand-migrate'))")
        cfg.attributes["connection"] = conn
        command.upgrade(cfg, revision)
    after = current(engine)
    if after != before:
        log.info("the store's schema was upgraded from %s to %s", before or "none", after)


def current(engine: Engine) -> str | None:
    """The revision the store is at (None: never migrated)."""
    from alembic.runtime.migration import MigrationContext

    with engine.connect() as conn:
        return MigrationContext.configure(conn).get_current_revision()
