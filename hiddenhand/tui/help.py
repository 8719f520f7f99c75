"""Card texts and the rules in the terminal, from the same per-game texts as the browser:
`? 3` says what choice 3 is (what the game says of it, then the text of every card it names),
`? Flare` shows that card's text, `rules` the game's."""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.text import Text

from hiddenhand.engine.actions import Action
from hiddenhand.engine.text import sentence

HINT = "? N: what choice N is · ? NAME: a card's text · rules: how to play"

Explain = Callable[[Action], list[tuple[str, str]]]
"""What a game says of one of its choices, as (title, text) pairs (a game's texts module may
offer `explain_choice(action, view, names)`)."""


def _names(name: str, text: str) -> bool:
    """Whether the text names the card as a whole word ("Kit" is not in "Medkit"), in any case
    ("lay your cards down: honest, agent, crooked" names the Honest card)."""
    return re.search(rf"(?<!\w){re.escape(name)}(?!\w)", text, re.IGNORECASE) is not None


def card_help(
    query: str,
    actions: Sequence[Action],
    names: Sequence[str],
    texts: Mapping[str, str],
    explain: Explain | None = None,
) -> list[tuple[str, str]]:
    """What a `?` asks for: by choice number, what the game says of the choice and the texts of
    the cards it names (at least the choice itself, in a sentence); else a card by name (exact,
    then in part)."""
    query = query.strip()
    if query.isdigit() and 1 <= int(query) <= len(actions):
        action = actions[int(query) - 1]
        said = action.describe(names)
        found = list(explain(action)) if explain is not None else []
        found += [(n, t) for n, t in texts.items() if _names(n, said) and (n, t) not in found]
        return found or [(f"Choice {query}", f"{sentence(said)}.")]
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
