"""A bot deciding in another process: the bot and its Turn go as bytes, the action and the bot
come back the same way.

A Turn holds only what its seat may know (`bots.match.turn_for`), so it is all a process
deciding for that seat is sent. The bot travels with its generators and memory, and comes back
moved on exactly as if it had decided where it was sent from: the same seeds play the same
moves. This module imports nothing of the server, so a worker process stays small.
"""

from __future__ import annotations

import contextlib
import importlib
import os
import pickle
from typing import TYPE_CHECKING

from hiddenhand.engine import games

if TYPE_CHECKING:
    from hiddenhand.bots.base import Bot, Turn
    from hiddenhand.engine import Action


def ship(bot: Bot, turn: Turn) -> bytes:
    """The bot and its Turn as bytes (PicklingError, TypeError or AttributeError for a bot
    that cannot travel, say one built in a closure)."""
    return pickle.dumps((bot, turn), protocol=pickle.HIGHEST_PROTOCOL)


def decide_shipped(shipped: bytes) -> bytes:
    """In the worker: the bot decides its Turn; its action and the bot itself go back."""
    bot, turn = pickle.loads(shipped)
    action = bot.decide(turn)
    return pickle.dumps((action, bot), protocol=pickle.HIGHEST_PROTOCOL)


def landed(answer: bytes) -> tuple[Action, Bot]:
    """The action and the bot as it is after deciding, from the worker's answer."""
    decided: tuple[Action, Bot] = pickle.loads(answer)
    return decided


def start_worker(modules: list[str], niceness: int) -> None:
    """In each worker process, once: step aside for the process it serves (`niceness`), and
    load every game it may be sent (a game registers its bots and its evaluation, which
    searches use, as it is imported)."""
    if niceness:
        with contextlib.suppress(AttributeError, OSError):  # no such thing here, or not allowed
            os.nice(niceness)
    games()
    for module in modules:
        importlib.import_module(module)
