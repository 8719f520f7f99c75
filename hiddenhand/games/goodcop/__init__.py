"""Good Cop Bad Cop (Clayton Skancke, Brian Henk): honest cops against crooked cops, 4-8 players."""

from __future__ import annotations

from hiddenhand.bots.registry import register_bot, register_evaluator
from hiddenhand.engine import ActionSpace, Game, register
from hiddenhand.games.goodcop import beliefs  # noqa: F401  (it registers the belief reader)
from hiddenhand.games.goodcop.actions import action_catalog
from hiddenhand.games.goodcop.bots import HeuristicBot
from hiddenhand.games.goodcop.evaluate import evaluate, evaluate_seats
from hiddenhand.games.goodcop.new_game import new_state, state_class
from hiddenhand.games.goodcop.options import GoodCopOptions
from hiddenhand.games.goodcop.render import render_view
from hiddenhand.games.goodcop.rules import GoodCop
from hiddenhand.tui.renderers import register_renderer

SUMMARY = """\
You are a cop. Secretly, one of you leads the honest cops (the Agent) and one leads the crooked
cops (the Kingpin). Honest wins when the Kingpin is eliminated; crooked wins when the Agent is.
You hold three face-down integrity cards: the Agent or Kingpin decides your team, otherwise the
majority of Honest or Crooked cards does. Cards can change hands, and teams with them.
On your turn do one thing: Investigate (look at another player's hidden card), Arm (take a gun,
reveal one of your cards), Equip (draw an equipment card, reveal one of your cards) or Shoot
(fire at the player you aim at, then drop the gun). Holding a gun, you aim at the end of your turn.
A shot player reveals all cards and is out; a leader survives the first shot wounded.
Equipment cards (hand limit 1) can be played on your turn and when others act: before the first
turn, after an Investigate, when a shot is announced and at the end of every turn.
Whoever holds both the Agent and the Kingpin wins alone.
Option zombies=dice|infect|simple adds the Zombies expansion: shot players (and, in dice and
infect, the Infector's holder once exposed) become zombies, a third team that bites with Arms
and wins by turning (simple: eliminating) a leader."""


def _space(players: int, options: GoodCopOptions) -> ActionSpace:
    rules = state_class(options)
    return action_catalog(players, rules.card_table, not rules.base_game).space


GOODCOP = register(
    Game(
        id="goodcop",
        title="Good Cop Bad Cop",
        min_players=4,
        max_players=8,
        options_type=GoodCopOptions,
        new_state=new_state,
        action_space=_space,
        summary=SUMMARY,
        default_players=6,
    )
)
GoodCop.game = GOODCOP
register_bot(GOODCOP.id, "heuristic", HeuristicBot)
register_evaluator(GOODCOP.id, evaluate, evaluate_seats)
register_renderer(GOODCOP.id, render_view)
