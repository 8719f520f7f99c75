"""Love Letter for hiddenhand, shipped as its own package: importing it registers the game,
and its `hiddenhand.games` entry point has hiddenhand import it."""

from __future__ import annotations

from hiddenhand.engine import Game, register
from hiddenhand_loveletter.actions import loveletter_space
from hiddenhand_loveletter.options import LoveLetterOptions, long_game
from hiddenhand_loveletter.rules import LoveLetterState

SUMMARY = (
    "Sixteen cards, one in your hand: draw one, play one, and be the last suitor standing.\n"
    "Guards guess hands, Priests peek, Barons compare, Handmaids protect, Princes force a discard, "
    "the King trades, the Countess hides, and the Princess must never be discarded."
)

GAME = register(
    Game(
        id="loveletter",
        title="Love Letter",
        min_players=2,
        max_players=4,
        options_type=LoveLetterOptions,
        new_state=LoveLetterState,
        action_space=loveletter_space,
        summary=SUMMARY,
        default_players=4,
        renderer="hiddenhand_loveletter:web/loveletter.js",
        long_game_actions=long_game,
    )
)
LoveLetterState.game = GAME

__all__ = ["GAME", "LoveLetterOptions", "LoveLetterState"]
