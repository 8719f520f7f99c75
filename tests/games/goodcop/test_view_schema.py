"""Every view matches its declared shape, and the browser client reads only declared keys."""

import random

import msgspec
import pytest

from hiddenhand.engine import get_game
from hiddenhand.games.goodcop.view_schema import validated, view_schema
from tests.games.client_reads import undeclared_reads

READS = {
    "view": "GoodCopView",
    "p": "Cop",
    "c": "IntegrityCard",
    "d": "Dice",
    "view.resolving": "Resolving",
    "view.shot": "Shot",
}
"""The client's names for the parts of a view, and the part each names."""


@pytest.mark.parametrize("zombies", ["off", "dice", "infect", "simple"])
@pytest.mark.parametrize("players", [4, 6, 8])
def test_every_view_of_seeded_games_matches_its_declaration(zombies: str, players: int) -> None:
    game = get_game("goodcop")
    rng = random.Random(players)
    ended = 0
    for seed in range(2):
        state = game.start(players, [f"zombies={zombies}"], seed)
        while True:
            for seat in [*range(players), None]:
                view = state.view(seat)
                assert msgspec.to_builtins(validated(view)) == view
            pending = state.pending()
            if not pending:
                break
            seat = rng.choice(sorted(pending))
            state.act(seat, rng.choice(pending[seat]))
        ended += validated(state.view(None)).outcome is not None
    assert ended == 2


def test_an_undeclared_key_is_refused() -> None:
    view = get_game("goodcop").start(5, [], 1).view(0)
    with pytest.raises(msgspec.ValidationError, match="secret"):
        validated({**view, "secret": 1})


def test_a_card_of_an_unknown_kind_is_refused() -> None:
    view = get_game("goodcop").start(5, [], 1).view(0)
    view["players"][0]["cards"][0]["card"] = "mayor"
    with pytest.raises(msgspec.ValidationError):
        validated(view)


def test_the_browser_client_reads_only_declared_keys() -> None:
    reads, wrong = undeclared_reads("goodcop.js", READS, view_schema())
    assert wrong == []
    assert reads > 30
