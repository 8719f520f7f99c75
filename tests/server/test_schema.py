"""A process serves only a schema it can read: a newer one, or an older one it was told not to
migrate, is refused with a message saying what to do and exit code 2, on SQLite and PostgreSQL;
`hiddenhand migrate` brings a store up to this version's schema before its processes serve."""

from __future__ import annotations

import subprocess
import sys

import pytest
import sqlalchemy as sa
from alembic.script import ScriptDirectory

from hiddenhand.server.migrate import SchemaError, config, current, head, upgrade
from hiddenhand.server.storage import Storage, engine_url
from tests.server.conftest import ROOT

FUTURE = "9999_from_a_newer_version"


def previous() -> str:
    """The revision before this version's newest."""
    down = ScriptDirectory.from_config(config()).get_revision(head()).down_revision
    assert isinstance(down, str)
    return down


def at(url: str, revision: str) -> None:
    """Leave the store at `revision` (one this version knows, or a stamp it does not)."""
    engine = sa.create_engine(engine_url(url))
    try:
        if revision == FUTURE:
            upgrade(engine)
            with engine.begin() as conn:
                conn.execute(sa.text("UPDATE alembic_version SET version_num = :v"), {"v": FUTURE})
        else:
            upgrade(engine, revision)
    finally:
        engine.dispose()


def revision_of(url: str) -> str | None:
    engine = sa.create_engine(engine_url(url))
    try:
        return current(engine)
    finally:
        engine.dispose()


def hiddenhand(*args: str) -> subprocess.CompletedProcess[str]:
    """The command as an operator runs it; its output with Rich's line wrapping undone."""
    done = subprocess.run(
        [sys.executable, "-m", "hiddenhand", *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    done.stdout, done.stderr = " ".join(done.stdout.split()), " ".join(done.stderr.split())
    return done


def test_a_newer_schema_is_refused_and_left_as_it_is(db_url: str) -> None:
    at(db_url, FUTURE)
    for migrate in (True, False):
        with pytest.raises(SchemaError, match=f"revision {FUTURE}, which this version"):
            Storage(db_url, migrate=migrate)
    assert revision_of(db_url) == FUTURE


def test_an_older_schema_is_refused_when_told_not_to_migrate(db_url: str) -> None:
    at(db_url, previous())
    with pytest.raises(SchemaError, match="hiddenhand migrate"):
        Storage(db_url, migrate=False)
    assert revision_of(db_url) == previous()
    Storage(db_url).close()  # migrating is the default
    assert revision_of(db_url) == head()
    Storage(db_url, migrate=False).close()


def test_serve_and_migrate_refuse_a_newer_schema_with_exit_code_2(db_url: str) -> None:
    at(db_url, FUTURE)
    refused = hiddenhand("serve", "--db", db_url, "--port", "1")
    assert refused.returncode == 2
    assert "a newer version migrated it" in refused.stderr
    assert hiddenhand("migrate", "--db", db_url).returncode == 2
    assert revision_of(db_url) == FUTURE


def test_serve_refuses_an_unmigrated_store_and_migrate_brings_it_up(db_url: str) -> None:
    at(db_url, previous())
    refused = hiddenhand("serve", "--db", db_url, "--port", "1", "--no-migrate")
    assert refused.returncode == 2
    assert "hiddenhand migrate" in refused.stderr
    assert revision_of(db_url) == previous()
    assert hiddenhand("migrate", "--db", db_url, "--check").returncode == 1
    migrated = hiddenhand("migrate", "--db", db_url)
    assert migrated.returncode == 0, migrated.stderr
    assert f"migrated from {previous()} to {head()}" in migrated.stdout
    assert revision_of(db_url) == head()
    assert hiddenhand("migrate", "--db", db_url, "--check").returncode == 0
