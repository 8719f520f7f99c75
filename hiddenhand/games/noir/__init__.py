"""NOIR: Killer vs. Inspector (Level 99 Games), the two-player game of hidden identities."""

from __future__ import annotations

from hiddenhand.engine import Game, register
from hiddenhand.games.noir import beliefs, bots, render  # noqa: F401  (they register themselves)
from hiddenhand.games.noir.moves import noir_space
from hiddenhand.games.noir.options import NoirOptions, check_options
from hiddenhand.games.noir.rules import NoirState

SUMMARY = """\
Twenty-five suspects stand in a 5x5 grid. One player is the Killer, one the Inspector, and
each is secretly one of the suspects.
The Killer moves first: each turn he kills a suspect next to his own (the eight cells around),
shifts a row or column one step (the end wraps around), or disguises with a card from the deck
(his old identity is found dead).
The Inspector arrests a suspect next to himself (or himself), shifts, or exonerates: he draws an
evidence card and clears a suspect who cannot be the Killer.
A shift may not undo the previous shift. Rows and columns that are all dead leave the board.
The Inspector wins by arresting the Killer. The Killer wins by killing the Inspector or by making
16 kills (the usual target). In the standard modes cleared suspects are marked innocent,
and each player must answer whether he stands next to them.
"""


NOIR = register(
    Game(
        id="noir",
        title="NOIR: Killer vs. Inspector",
        min_players=2,
        max_players=2,
        options_type=NoirOptions,
        new_state=NoirState,
        action_space=noir_space,
        summary=SUMMARY,
        default_players=2,
        check=check_options,
        zero_sum=True,
    )
)
NoirState.game = NOIR

__all__ = ["NOIR", "NoirOptions", "NoirState"]
