"""docs/engine.md's worked example is the example's own code: every snippet of its section on
a game in a package of its own appears, as written, in examples/loveletter."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "examples" / "loveletter"


def section() -> str:
    text = (ROOT / "docs" / "engine.md").read_text()
    start = text.index("## A game in a package of its own")
    return text[start : text.index("\n## ", start + 1)]


def test_the_snippets_are_the_examples_code():
    snippets = re.findall(r"```(python|toml)\n(.*?)```", section(), re.S)
    assert len(snippets) == 2
    sources = {
        "python": (EXAMPLE / "hiddenhand_loveletter" / "__init__.py").read_text(),
        "toml": (EXAMPLE / "pyproject.toml").read_text(),
    }
    for language, code in snippets:
        for block in code.strip().split("\n\n"):
            assert block in sources[language], block


def test_the_files_it_names_exist():
    for name in re.findall(r"`([a-z_/]+\.(?:py|js))`", section()):
        if "/" in name and not name.startswith("web/"):
            continue
        assert (EXAMPLE / "hiddenhand_loveletter" / name).is_file(), name
