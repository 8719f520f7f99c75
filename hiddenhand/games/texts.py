"""Card texts and rules references for the browser and the terminal: each game package may say
what its cards do and how a turn goes in a `texts` module (`card_texts(options) -> {name: text}`,
and optionally `GOAL`, `turn(options)` and `card_sections(options)`); a game without one has no
card texts, and its reference is its summary. A game may also say what each of its choices
means at a seat, from that seat's view (`explain_choice(action, view, names)`): the terminal's
`? N` shows it."""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping, Sequence
from types import ModuleType
from typing import Any

from hiddenhand.engine import Action, Game

ChoiceExplainer = Callable[[Action, Mapping[str, Any], Sequence[str]], list[tuple[str, str]]]


def _texts_module(game: Game) -> ModuleType | None:
    package = game.new_state.__module__.rpartition(".")[0]
    name = f"{package}.texts"
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as exc:
        if exc.name == name:
            return None
        raise


def card_texts(game: Game, options: Any) -> dict[str, str]:
    module = _texts_module(game)
    if module is None:
        return {}
    texts: dict[str, str] = module.card_texts(options)
    return texts


def choice_explainer(game: Game) -> ChoiceExplainer | None:
    """What the game says of a choice at a seat, from the seat's view (None: it says nothing
    more than the choice's own words and the cards it names)."""
    module = _texts_module(game)
    explain: ChoiceExplainer | None = getattr(module, "explain_choice", None)
    return explain


def goal(game: Game) -> str:
    """How the game is won, in a line: the lobby's short rules."""
    module = _texts_module(game)
    if module is not None and hasattr(module, "GOAL"):
        return str(module.GOAL)
    first = " ".join(game.summary.split()).split(". ")[0].rstrip(".")
    return f"{first}." if first else ""


def rules_reference(game: Game, options: Any) -> dict[str, Any]:
    """Everything needed to play at a table: the goal, the turn step by step, and every card's
    text by kind (all from the game's `texts` module)."""
    module = _texts_module(game)
    turn = list(module.turn(options)) if module is not None and hasattr(module, "turn") else []
    if module is not None and hasattr(module, "card_sections"):
        sections = module.card_sections(options)
    else:
        sections = [("Cards", card_texts(game, options))] if module is not None else []
    return {
        "goal": goal(game),
        "turn": turn or [line for line in game.summary.split("\n") if line.strip()],
        "sections": [
            {"title": title, "cards": [{"name": n, "text": t} for n, t in texts.items()]}
            for title, texts in sections
            if texts
        ],
    }
