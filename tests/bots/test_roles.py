"""Every game's roles() at the end agree with who won: the per-role statistics rest on it."""

import pytest

from hiddenhand.bots.base import make_bot
from hiddenhand.bots.match import play
from hiddenhand.engine import get_game

SIDES = {
    "goodcop": {"honest": {"honest", "agent"}, "crooked": {"crooked", "kingpin"}, "lone": {"lone"}},
    "noir": {"killer": {"killer"}, "inspector": {"inspector"}},
    "infected": {"humans": {"human"}, "zombies": {"infected"}},
}


@pytest.mark.parametrize("game_id", sorted(SIDES))
def test_winners_hold_the_winning_side_s_roles_and_losers_do_not(game_id):
    game = get_game(game_id)
    n = game.usual_players
    seen = set()
    for seed in range(12):
        bots = [make_bot(game, "heuristic", s, seed) for s in range(n)]
        result = play(game.start(n, None, seed), bots)
        roles = list(result.state.roles())
        assert len(roles) == n
        winning = SIDES[game_id].get(result.outcome.side)
        if winning is None:  # a draw: nobody won
            assert not result.outcome.winners
            continue
        for seat, role in enumerate(roles):
            assert (role in winning) == (seat in result.outcome.winners), (seed, roles)
        seen.update(roles)
    assert seen == set().union(*SIDES[game_id].values()) - {"lone"}
