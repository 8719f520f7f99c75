"""How the terminal draws each game's view.

A game's package registers its renderer (`register_renderer`) from its render module; a game
without one is shown as the plain view. This module imports nothing of the games, so they may
import it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from rich.console import RenderableType

Renderer = Callable[[Mapping[str, Any], Sequence[str]], RenderableType]
"""Draws a view (as `State.view` returns it) with the players' names."""

_renderers: dict[str, Renderer] = {}


def register_renderer(game_id: str, render: Renderer) -> None:
    """Set how the terminal draws this game's views."""
    _renderers[game_id] = render


def renderer(game_id: str) -> Renderer | None:
    """How the terminal draws this game's views; None: as the plain view."""
    return _renderers.get(game_id)
