"""The game-agnostic kernel: the Game/State contract, actions, events, options and records."""

from hiddenhand.engine.actions import Action, ActionArg, ActionSpace
from hiddenhand.engine.errors import (
    HiddenhandError,
    IllegalAction,
    OptionError,
    RecordError,
    UnknownGame,
)
from hiddenhand.engine.events import EVERYONE, Event, private, visible
from hiddenhand.engine.game import DEFAULT_NAMES, Game, games, get_game, register
from hiddenhand.engine.options import Options, option
from hiddenhand.engine.record import Record
from hiddenhand.engine.state import NOBODY, Outcome, Pending, State
from hiddenhand.engine.text import render

__all__ = [
    "DEFAULT_NAMES",
    "EVERYONE",
    "NOBODY",
    "Action",
    "ActionArg",
    "ActionSpace",
    "Event",
    "Game",
    "HiddenhandError",
    "IllegalAction",
    "OptionError",
    "Options",
    "Outcome",
    "Pending",
    "Record",
    "RecordError",
    "State",
    "UnknownGame",
    "games",
    "get_game",
    "option",
    "private",
    "register",
    "render",
    "visible",
]
