"""Card texts and the rules in the terminal, from the same per-game texts as the browser:
`? 3` shows the text of every card choice 3 names, `? Flare` that card's, `rules` the game's."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.text import Text

from hiddenhand.engine.actions import Action

HINT = "? N: the cards choice N names · ? NAME: a card's text · rules: how to play"


def _names(name: str, sentence: str) -> bool:
    """Whether the sentence names the card as a whole word ("Kit" is not in "Medkit")."""
    return re.search(rf"(?<!\w){re.escape(name)}(?!\w)", sentence) is not None


def card_help(
    query: str, actions: Sequence[Action], names: Sequence[str], texts: Mapping[str, str]
) -> list[tuple[str, str]]:
    """The card texts a `?` asks for: by choice number, else by name (exact, then in part)."""
    query = query.strip()
    if query.isdigit() and 1 <= int(query) <= len(actions):
        sentence = actions[int(query) - 1].describe(names)
        return [(n, t) for n, t in texts.items() if _names(n, sentence)]
    wanted = query.lower()
    exact = [(n, t) for n, t in texts.items() if n.lower() == wanted]
    return exact or [(n, t) for n, t in texts.items() if wanted and wanted in n.lower()]


def help_panel(found: Sequence[tuple[str, str]], query: str) -> Panel:
    if not found:
        return Panel(Text(f"no card text for '{query}'", style="dim"), title="card texts")
    body = Text()
    for i, (name, text) in enumerate(found):
        body.append(name, style="bold")
        body.append(f": {text}" + ("\n" if i < len(found) - 1 else ""))
    return Panel(body, title="card texts", border_style="yellow")


def rules_panel(reference: Mapping[str, Any]) -> Panel:
    """The goal and the turn step by step; the cards stay one `?` away."""
    parts: list[RenderableType] = [Text(reference["goal"], style="bold")]
    parts += [Text(f"{i}. {line}") for i, line in enumerate(reference["turn"], 1)]
    kinds = ", ".join(s["title"] for s in reference["sections"])
    if kinds:
        parts.append(Text(f"Card texts ({kinds}): type ? and a card's name.", style="dim"))
    return Panel(Group(*parts), title="how to play", border_style="yellow")
