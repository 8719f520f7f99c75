"""The README's code example runs as printed and plays a game to its outcome."""

from __future__ import annotations

import contextlib
import io
import re
from pathlib import Path

README = Path(__file__).resolve().parents[1] / "README.md"


def test_the_readme_example_plays_a_game_to_the_end() -> None:
    blocks = re.findall(r"```python\n(.*?)```", README.read_text("utf-8"), re.DOTALL)
    assert len(blocks) == 1
    scope: dict[str, object] = {}
    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        exec(compile(blocks[0], "README.md", "exec"), scope)
    state = scope["state"]
    assert not state.pending() and state.outcome() is not None  # type: ignore[attr-defined]
    assert "Outcome(" in printed.getvalue() or "winners" in printed.getvalue()
