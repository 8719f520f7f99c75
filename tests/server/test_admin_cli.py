"""`hiddenhand admin`: the operators' commands against a store, while a server runs and after."""

from __future__ import annotations

import json
from pathlib import Path

import httpx
import pytest
from typer.testing import CliRunner

from hiddenhand.cli import app
from hiddenhand.server.storage import Storage
from tests.server.conftest import Server

runner = CliRunner()


def admin(db: str, *args: str) -> tuple[int, str]:
    result = runner.invoke(app, ["admin", *args, "--db", db])
    return result.exit_code, result.output


def test_admin_commands_list_show_end_and_refuse_bad_input(tmp_path: Path) -> None:
    db = f"sqlite:///{tmp_path / 'admin.sqlite3'}"
    srv = Server(db).start()
    try:
        table, _ = srv.create("highcard", 2, [None, None])
        with httpx.Client(base_url=srv.http) as ada:
            assert ada.post("/api/signup", json={"name": "ada", "password": "pw-pw-pw-pw"})
        code, out = admin(db, "tables")
        assert code == 0 and table in out and "playing" in out and "P0" in out
        code, out = admin(db, "show", table, "--import", "tests.engine.toy")
        assert code == 0, out
        shown = json.loads(out)
        assert set(shown) == {"table", "chat", "state"} and shown["table"]["id"] == table
        assert "token" not in out  # the spectators' view: no seat tokens, no hidden hands
        assert admin(db, "show", "nosuchtable") == (2, "error: there is no table 'nosuchtable'\n")
        code, out = admin(db, "end", table, "--import", "tests.engine.toy")
        assert code == 2 and "a server is serving this store" in out
        assert admin(db, "make-operator", "nobody") == (2, "error: there is no account 'nobody'\n")
        code, out = admin(db, "ban", "ada")
        assert code == 2 and "--reason" in out  # a ban says why
        assert admin(db, "ban", "ada", "--reason", "spam")[0] == 0
        assert admin(db, "ban", "ada", "--reason", "spam") == (2, "error: ada is banned already\n")
        assert admin(db, "unban", "ada") == (0, "unbanned ada\n")
        assert admin(db, "make-operator", "ADA") == (0, "ada is an operator\n")
        assert admin(db, "reports") == (0, "no reports\n")
    finally:
        srv.stop()
    code, out = admin(db, "end", table, "--reason", "abuse", "--import", "tests.engine.toy")
    assert (code, out) == (0, f"ended game {table}: abuse\n")
    assert admin(db, "tables") == (0, "no live tables\n")
    assert admin(db, "end", table, "--import", "tests.engine.toy") == (
        2,
        "error: that game is over already\n",
    )
    code, out = admin(db, "audit")
    assert code == 0
    for act in ("end-table", "make-operator", "unban", "ban"):
        assert act in out
    storage = Storage(db)
    try:
        stored = storage.load(table)
        assert stored is not None and stored.status == "over" and stored.meta["ended"] == "abuse"
    finally:
        storage.close()


def test_a_table_id_never_reads_as_a_command_line_option(monkeypatch: pytest.MonkeyPatch) -> None:
    """One id in 64 drawn as URL-safe text begins with "-", which `hiddenhand admin show ID`
    would take for an option: such a draw is thrown away."""
    from hiddenhand.server import lobby

    draws = iter(["-dK3xQ9z", "-_aaaaaa", "dK3xQ9z-"])
    monkeypatch.setattr(lobby.secrets, "token_urlsafe", lambda _n: next(draws))
    assert lobby.new_table_id() == "dK3xQ9z-"
