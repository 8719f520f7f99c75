"""Every view matches its declared shape, and the browser client reads only declared keys."""

import random

import msgspec
import pytest

from hiddenhand.games.infected.view_schema import read_view, view_schema
from tests.games.client_reads import undeclared_reads
from tests.games.infected.helpers import GAME

READS = {
    "view": "InfectedView",
    "p": "Survivor",
    "z": "ThreatCard",
    "e": "Equipped",
    "me": "Me",
    "t": "BloodTest",
    "view.vote": "OpenVote",
}
"""The client's names for the parts of a view, and the part each names."""


@pytest.mark.parametrize(
    ("players", "options"),
    [(4, []), (3, ["variant=infection-spreads", "lead_by_vote=true"]), (2, ["advanced=true"])],
)
def test_every_view_of_random_games_matches_its_declaration(
    players: int, options: list[str]
) -> None:
    rng = random.Random(players)
    for seed in range(6):
        state = GAME.start(players, options, seed)
        while True:
            for seat in [*range(players), None]:
                read_view(state.view(seat))
            pending = state.pending()
            if not pending:
                break
            seat = rng.choice(sorted(pending))
            state.act(seat, rng.choice(pending[seat]))
        assert read_view(state.view(0)).outcome is not msgspec.UNSET


def test_an_undeclared_key_is_refused() -> None:
    view = GAME.start(4, [], 1).view(0)
    with pytest.raises(msgspec.ValidationError, match="secret"):
        read_view({**view, "secret": 1})


def test_the_browser_client_reads_only_declared_keys() -> None:
    reads, wrong = undeclared_reads("infected.js", READS, view_schema())
    assert wrong == []
    assert reads > 30
