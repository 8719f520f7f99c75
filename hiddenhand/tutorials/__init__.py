"""Tutorials: one scripted first game per game, played against bots on a fixed deal.

Each game's tutorial is data (`goodcop`, `noir`, `infected`): the deal, the person's seat, and
the moves in order, the person's with a hint that points at the board and the rules that apply
(`script`). The server plays the script at a tutorial table (`server.lessons`); the lobby starts
one with a click.
"""

from __future__ import annotations

from hiddenhand.tutorials.script import Move, ScriptError, Step, Tutorial, expand

__all__ = ["Move", "ScriptError", "Step", "Tutorial", "expand", "tutorial_of", "tutorials"]


def tutorials() -> dict[str, Tutorial]:
    """Every tutorial, by the id of its game."""
    from hiddenhand.tutorials import goodcop, infected, noir

    return {t.game: t for t in (goodcop.TUTORIAL, noir.TUTORIAL, infected.TUTORIAL)}


def tutorial_of(game: str) -> Tutorial | None:
    """The tutorial of a game, if it has one."""
    return tutorials().get(game)
