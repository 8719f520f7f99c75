"""The game states' written-out clones (`engine.clone_source`): up to date with the declared
fields and compiled with the rules."""

from __future__ import annotations

from typing import Any

import pytest

from hiddenhand import native
from hiddenhand.engine.clone_source import (
    COMMAND,
    NATIVE_CLONES,
    function_name,
    load_class,
    main,
    module_source,
    stale_modules,
)


def test_the_written_clones_are_what_the_declared_fields_make_now():
    stale = stale_modules()
    assert not stale, f"{', '.join(stale)}: a state's fields changed; run `{COMMAND}`"


def test_the_written_clones_are_compiled_by_the_native_build():
    missing = set(NATIVE_CLONES) - set(native.NATIVE_MODULES)
    assert not missing, f"add {sorted(missing)} to hiddenhand.native.NATIVE_MODULES"


def test_a_stale_module_is_named_with_the_command_that_writes_it(
    tmp_path: Any, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
):
    module = "hiddenhand.games.noir.clones"
    written = tmp_path / "clones.py"
    written.write_text(module_source(NATIVE_CLONES[module]).replace("    other.turn = ", "#"))
    monkeypatch.setattr(
        "hiddenhand.engine.clone_source.NATIVE_CLONES", {module: NATIVE_CLONES[module]}
    )
    monkeypatch.setattr("hiddenhand.engine.clone_source.module_path", lambda _m: str(written))
    assert main([]) == 1
    assert f"{module} is stale: run {COMMAND}" in capsys.readouterr().out
    assert main(["--write"]) == 0
    assert written.read_text() == module_source(NATIVE_CLONES[module])
    assert main([]) == 0


def test_each_written_function_is_named_after_its_class():
    names = [function_name(load_class(s)) for specs in NATIVE_CLONES.values() for s in specs]
    assert names == [
        "clone_noir_state",
        "clone_good_cop",
        "clone_zombie_good_cop",
        "clone_infected_state",
    ]
