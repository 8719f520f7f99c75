"""Seat rules on their own: names, free seats, addresses, hand-overs and what keeps a game
unrated (the table around them is tested through the server)."""

from __future__ import annotations

import pytest

from hiddenhand.server import seating
from hiddenhand.server.errors import TableError
from hiddenhand.server.seats import Seat


def sit(
    seats: list[Seat],
    addresses: dict[int, str],
    name: str,
    guest: str,
    wanted: int | None = None,
    address: str = "",
) -> int:
    return seating.sit(
        seats, addresses, name=name, guest=guest, wanted=wanted, address=address, per_address=2
    )


def test_people_take_free_seats_under_names_of_their_own() -> None:
    seats: list[Seat] = [Seat(), Seat(bot="random"), Seat(), Seat()]
    addresses: dict[int, str] = {}
    assert sit(seats, addresses, "  Ada  ", "g1") == 0
    assert sit(seats, addresses, "Ada", "g2", wanted=3) == 3
    assert [s.name for s in seats] == ["Ada", None, None, "Ada 2"]
    with pytest.raises(TableError, match="already have a seat"):
        sit(seats, addresses, "Bo", "g1")
    with pytest.raises(TableError, match="not free"):
        sit(seats, addresses, "Bo", "g3", wanted=1)
    with pytest.raises(TableError, match="name"):
        sit(seats, addresses, "   ", "g3")
    assert sit(seats, addresses, "Bo", "g3") == 2
    with pytest.raises(TableError, match="every seat"):
        sit(seats, addresses, "Cy", "g4")
    assert seating.seat_of_guest(seats, "g2") == 3
    assert seating.seat_of_token(seats, seats[3].token) == 3
    assert seating.seat_of_token(seats, seats[1].token) is None  # a bot's seat has no holder
    assert seating.seat_of_token(seats, "x" * 65) is None


def test_a_kept_seat_is_its_players_until_it_is_offered_to_anyone() -> None:
    seats: list[Seat] = [Seat(), Seat(), Seat(), Seat()]
    addresses: dict[int, str] = {}
    seating.keep(seats, {0: "g0", 3: "g3"}, until=100.0)
    assert [s.reserved(99.0) for s in seats] == [True, False, False, True]
    assert seats[3].public(False, 99.0)["reserved_until"] == 100_000

    def take(guest: str, wanted: int | None, now: float, returning: str | None = None) -> int:
        return seating.sit(
            seats,
            addresses,
            name=guest,
            guest=guest,
            wanted=wanted,
            address="",
            per_address=4,
            returning=returning,
            now=now,
        )

    with pytest.raises(TableError, match=r"seat 0 is kept for its player .* another 10 s"):
        take("stranger", 0, now=90.0)
    assert take("g3", None, now=90.0) == 3  # its own kept seat, not the first one open to it
    assert take("stranger", None, now=90.0) == 1
    assert take("other", None, now=90.0) == 2
    with pytest.raises(TableError, match="the free seats are kept .* another 10 s"):
        take("late", None, now=90.0)
    assert take("new-cookie", 0, now=99.9, returning="g0") == 0  # a rematch call proved g0
    assert not any(s.reserved(99.0) for s in seats)  # a taken seat is no longer kept
    seats[0] = Seat(kept_for="g0", kept_until=100.0)
    assert take("late", 0, now=100.0) == 0  # once the time is up, anyone may


def test_one_address_holds_a_limited_number_of_seats() -> None:
    seats: list[Seat] = [Seat() for _ in range(4)]
    addresses: dict[int, str] = {}
    sit(seats, addresses, "A", "g1", address="1.2.3.4")
    sit(seats, addresses, "B", "g2", address="1.2.3.4")
    with pytest.raises(TableError, match="address"):
        sit(seats, addresses, "C", "g3", address="1.2.3.4")
    assert sit(seats, addresses, "C", "g3", address="5.6.7.8") == 2
    assert addresses == {0: "1.2.3.4", 1: "1.2.3.4", 2: "5.6.7.8"}


def test_only_a_timed_out_seat_is_handed_to_a_bot_and_only_its_person_takes_it_back() -> None:
    seats = [Seat(name="A", guest="g1"), Seat(name="B", guest="g2"), Seat(bot="random")]
    names = ["A", "B", "C (bot)"]
    with pytest.raises(TableError, match="still has time"):
        seating.hand_to_bot(seats, 1, 0, names)
    with pytest.raises(TableError, match="leave"):
        seating.hand_to_bot(seats, 1, 1, names)
    with pytest.raises(TableError, match="no seat"):
        seating.hand_to_bot(seats, 1, 5, names)
    with pytest.raises(TableError, match="already plays"):
        seating.hand_to_bot(seats, 1, 2, names)
    seats[0].timed_out = True
    seating.hand_to_bot(seats, 1, 0, names)
    assert seats[0].away and seats[0].played_by_bot
    with pytest.raises(TableError, match="still at the table"):
        seating.hand_to_bot(seats, 0, 1, names)
    seating.take_back(seats, 0)
    assert not seats[0].away and not seats[0].timed_out
    with pytest.raises(TableError, match="already"):
        seating.take_back(seats, 0)


def test_a_game_is_rated_only_between_signed_in_people_with_no_bot_taking_over() -> None:
    people = [Seat(name="A", guest="account:1"), Seat(name="B", guest="account:2")]
    assert seating.unrated_because(people, bot_took_over=False) is None
    assert seating.unrated_because(people, bot_took_over=True) == "a bot took over a seat"
    guest = [people[0], Seat(name="C", guest="g3")]
    assert seating.unrated_because(guest, bot_took_over=False) == "a guest is seated"
    bot = [people[0], Seat(bot="random")]
    assert seating.unrated_because(bot, bot_took_over=False) == "a bot is seated"


def test_a_guest_who_makes_an_account_keeps_their_seat() -> None:
    seats = [Seat(name="A", guest="g1"), Seat(name="B", guest="account:7")]
    assert not seating.adopt(seats, "g1", "account:7")  # that account holds a seat here already
    assert seating.adopt(seats, "g1", "account:8") and seats[0].guest == "account:8"
    assert not seating.adopt(seats, "g1", "account:9")
