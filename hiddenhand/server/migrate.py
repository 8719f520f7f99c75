"""Bring a store's schema up to date with Alembic, in place, whenever a store is opened.

A store made before migrations existed has the tables but no `alembic_version`; the first
revision creates only what is missing, so such a store upgrades with every row kept.
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
