"""Bots travel by pickle to the server's bot processes and back (server.botpool), compiled or
not: every bot of every game, after it has decided, arrives able to decide the same again."""

from __future__ import annotations

import pickle

import pytest

from hiddenhand.bots import make_bot
from hiddenhand.bots.base import bot_names
from hiddenhand.bots.match import decide
from hiddenhand.engine import get_game

TABLES = [("noir", 2), ("goodcop", 5), ("infected", 4)]
LEVELS = ["easy", "medium", "hard"]


def specs(game_id: str) -> list[str]:
    names = bot_names(get_game(game_id))
    return [n for n in names if n not in ("human",)] + LEVELS


@pytest.mark.parametrize(("game_id", "players"), TABLES)
def test_every_bot_pickles_after_deciding_and_decides_the_same_again(game_id, players):
    game = get_game(game_id)
    for spec in specs(game_id):
        if spec == "ismcts":
            spec = "ismcts:iterations=20"
        state = game.start(players, game.options(None), 3)
        seat = min(state.pending())
        bot = make_bot(game, spec, seat, 7)
        decide(state.clone(), seat, bot, [])
        copy = pickle.loads(pickle.dumps(bot))
        assert type(copy) is type(bot), spec
        assert decide(state.clone(), seat, copy, []) == decide(state.clone(), seat, bot, []), spec
