"""Good Cop Bad Cop's card tables: each card takes its place once, the Zombies box extends the
base game's, and the action ids that follow a table are those stored games were played with."""

from __future__ import annotations

import hashlib
import json

import pytest

from hiddenhand.engine import ActionSpace, get_game
from hiddenhand.games.goodcop.card import CardTable, InstantCard
from hiddenhand.games.goodcop.equipment import BASE_EQUIPMENT, Coffee
from hiddenhand.games.goodcop.zombie_cards import ZOMBIES_EQUIPMENT

GAME = get_game("goodcop")

STORED_LAYOUT = {"off": "c1da5d0314ad937b", "dice": "53b54862032cff1f"}
"""A digest of every action's id, kind and arguments at 4 to 8 seats, without and with the
Zombies expansion, as stored games and trained networks read them."""


def _space(players: int, zombies: str) -> ActionSpace:
    return GAME.action_space(players, GAME.options({"zombies": zombies}))


def test_each_card_of_a_table_has_the_index_of_its_place() -> None:
    assert len(BASE_EQUIPMENT.cards) == 18 and len(ZOMBIES_EQUIPMENT.cards) == 30
    assert ZOMBIES_EQUIPMENT.cards[:18] == BASE_EQUIPMENT.cards  # the expansion extends
    for table in (BASE_EQUIPMENT, ZOMBIES_EQUIPMENT):
        assert [card.index for card in table.cards] == list(range(len(table.cards)))
        assert all(table.by_title[card.title] == card.index for card in table.cards)
        assert all(table.titles[table.deck[c]] for c in range(len(table.deck)))
    assert len(BASE_EQUIPMENT.deck) == 19 and len(ZOMBIES_EQUIPMENT.deck) == 28
    assert len(ZOMBIES_EQUIPMENT.titles) == 27  # a zombie's three choices are not dealt


def test_a_card_takes_its_place_in_one_table_only() -> None:
    with pytest.raises(ValueError, match="Coffee"):
        CardTable(Coffee)


def test_choices_resolved_like_cards_come_after_the_equipment() -> None:
    class Choice(InstantCard):  # type: ignore[type-arg]
        title = "a choice"
        copies = 0

        def start(self, state: object, user: int) -> None: ...

    class Late(Choice):
        title = "a card after it"
        copies = 1

    with pytest.raises(ValueError, match="after the equipment"):
        BASE_EQUIPMENT.extended(Choice, Late)


@pytest.mark.parametrize("zombies", ["off", "dice"])
def test_every_action_id_is_the_one_stored_games_were_played_with(zombies: str) -> None:
    digest = hashlib.sha256()
    for players in range(4, 9):
        for a in _space(players, zombies):
            layout = [players, a.id, a.kind, [str(arg) for arg in a.args]]
            digest.update(json.dumps(layout).encode())
    assert digest.hexdigest()[:16] == STORED_LAYOUT[zombies]


def test_the_choices_of_a_card_follow_the_table_box_by_box() -> None:
    """Choices of a card as it is played in table order, then the Surveillance Camera's (a
    reaction), box by box; an infection token's after every other action (appended later)."""
    space = _space(6, "dice")
    first: dict[str, int] = {}
    for a in space:
        if a.kind == "card":
            first.setdefault(str(a.args[0]), a.id)
    base = ["Blackmail", "Metal Detector", "Truth Serum", "Wiretap", "Surveillance Camera"]
    zombies = ["Transfusion Tube", "Chainsaw", "Zombie Mask", "Machete", "Alarm Clock"]
    order = [*base, *zombies, "Infect", "Equip", "Infection token"]
    assert sorted(first, key=first.__getitem__) == order
    last_order = max(a.id for a in space if a.kind == "order")
    assert first["Infection token"] > last_order
    players = [str(a.args[0]) for a in space if a.kind == "target" and a.args[1] == 0]
    assert players == [t for t in ZOMBIES_EQUIPMENT.titles if t in players]  # table order
