"""Non-interference of what a table publishes: the frame that asks (who is listed, who is on the
clock, the events), and when the server answers for each seat, are the same in every world
`determinize` could draw, for every game (`server.frames`)."""

from __future__ import annotations

import asyncio

import pytest

from hiddenhand.engine import get_game
from hiddenhand.engine.checks import PropertyFailure
from hiddenhand.server.frames import check_public_frames
from hiddenhand.server.seats import Seat

PERSON, AUTOPASS, BOT = Seat(name="P"), Seat(name="A", autopass=True), Seat(bot="heuristic")

CASES = [
    ("goodcop", 6, {}, [PERSON, AUTOPASS, BOT, PERSON, BOT, PERSON], 2),
    ("goodcop", 5, {"zombies": "dice"}, [PERSON, PERSON, AUTOPASS, BOT, PERSON], 3),
    ("noir", 2, {}, [PERSON, BOT], 4),
    ("infected", 4, {}, [PERSON, AUTOPASS, PERSON, BOT], 2),
    ("infected", 3, {"variant": "cooperative"}, [PERSON, PERSON, BOT], 3),
]


@pytest.mark.parametrize(("game_id", "players", "options", "seats", "every"), CASES)
def test_what_a_table_publishes_is_the_same_in_every_world(
    game_id: str,
    players: int,
    options: dict[str, str],
    seats: list[Seat],
    every: int,
) -> None:
    game = get_game(game_id)
    checked = asyncio.run(
        check_public_frames(game, players, game.options(options), 11, seats, every=every, worlds=2)
    )
    assert checked > 10


def test_the_check_fails_a_server_that_answers_a_lone_pass_before_the_frame(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The server this check was written against: it played a person's lone pass before anyone
    was sent the frame, so the frame listed only the people holding a playable card."""
    from hiddenhand.server.tables import Table

    flush = Table._flush

    def answer_lone_passes_first(table: Table) -> None:
        state = table.state
        assert state is not None
        for seat, legal in sorted(state.pending().items()):
            if len(legal) == 1 and legal[0].kind == "pass" and not table.seats[seat].bot:
                table.act(seat, legal[0].id, auto=True)
                break
        flush(table)

    monkeypatch.setattr(Table, "_flush", answer_lone_passes_first)
    game = get_game("goodcop")
    with pytest.raises(PropertyFailure, match="to_move"):
        asyncio.run(check_public_frames(game, 6, game.options({}), 11, [PERSON] * 6, worlds=3))
