"""NOIR's options, in a module of their own: the rules module is compiled (see setup.py), and a
frozen dataclass that extends the engine's `Options` stays an ordinary Python class."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from hiddenhand.engine import OptionError, Options, option
from hiddenhand.games.noir.suspects import COUNT


@dataclass(frozen=True)
class NoirOptions(Options):
    mode: Literal["classic", "standard", "citizens-arrest"] = option(
        "classic",
        "classic; standard: innocent markers and canvassing; citizens-arrest: standard plus "
        "citizen's arrests",
    )
    disguise: Literal["deceased", "innocent"] = option(
        "deceased",
        "what a successful Disguise does to the old identity: deceased (its suspect is turned to "
        "the deceased side, a faked death) or innocent (it stays alive, marked innocent)",
    )
    kills: int = option(16, "kills the Killer needs to win", low=1, high=COUNT - 2)
    turn_limit: int = option(
        200, "turns (one action of one player) before the game is a draw", low=2, high=10_000
    )
    roles: Literal["random", "killer-seat-0", "killer-seat-1"] = option(
        "random", "who is the Killer: random, or fixed with killer-seat-0 / killer-seat-1"
    )


def check_options(players: int, options: NoirOptions) -> None:
    """Refuse option values no game can be played with (the parser checks bounds too)."""
    if not 1 <= options.kills <= COUNT - 2:
        raise OptionError(f"kills must be from 1 to {COUNT - 2} (two identities always live)")
    if options.turn_limit < 2:
        raise OptionError("turn_limit must be at least 2 (each role needs a first turn)")
