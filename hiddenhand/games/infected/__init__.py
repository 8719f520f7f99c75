"""The Infected: survivors gather resources while one of them, infected, sabotages the effort.

hiddenhand ships its own card set for it (`cards.json`): the published card texts are not
public, so the cards are designed to fit the rulebook's mechanics.
"""

from __future__ import annotations

from hiddenhand.bots.registry import register_bot, register_evaluator
from hiddenhand.engine.game import Game, register
from hiddenhand.games.infected import beliefs  # noqa: F401  (it registers the belief reader)
from hiddenhand.games.infected.bots import InfectedBot
from hiddenhand.games.infected.evaluate import evaluate, evaluate_seats
from hiddenhand.games.infected.limits import MAX_PLAYERS
from hiddenhand.games.infected.options import InfectedOptions, check_options
from hiddenhand.games.infected.render import render_view
from hiddenhand.games.infected.rules import InfectedState
from hiddenhand.games.infected.space import infected_space
from hiddenhand.tui.renderers import register_renderer

SUMMARY = """\
A group of survivors fights off zombies and gathers resources to escape, but one of them may
secretly carry the virus and work against the rest.
Each round everybody chooses an action at the same time: play an item card face down to your
challenge pile, draw, equip, trade or heal. Then the Leader turns up a zombie card; the fight
goes on until a card comes up lower than the one before it.
Then each player secretly compares their pile with the sum of the zombie cards and claims
success (and shows it, earning a resource) or fail (and discards it unseen). Anyone may lie
about a fail; a fail that is shown makes everyone fail.
Test blood samples and vote to destroy whoever you suspect: destroy the infected and the
humans win, destroy a clean survivor and the infected wins.
When the zombie deck runs out, the end game begins: the humans win once they hold as many
resources of each type as there are players, and lose if the deck runs out again."""


INFECTED = register(
    Game(
        id="infected",
        title="The Infected",
        min_players=1,
        max_players=MAX_PLAYERS,
        options_type=InfectedOptions,
        new_state=InfectedState,
        action_space=infected_space,
        summary=SUMMARY,
        default_players=4,
        check=check_options,
    )
)
InfectedState.game = INFECTED
register_bot(INFECTED.id, "heuristic", InfectedBot)
register_evaluator(INFECTED.id, evaluate, evaluate_seats)
register_renderer(INFECTED.id, render_view)
