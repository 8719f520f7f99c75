"""Card texts served with a table (one source per game), and the lobby's list of tables."""

from __future__ import annotations

from pathlib import Path

import pytest

from hiddenhand.engine import get_game
from hiddenhand.games.goodcop.zombie_cards import ZOMBIES_EQUIPMENT
from hiddenhand.games.infected.cards import card_set
from hiddenhand.games.texts import card_texts, goal, rules_reference
from hiddenhand.server.lobby import Lobby
from hiddenhand.server.settings import Limits
from hiddenhand.server.storage import Storage


def test_every_card_of_every_game_has_its_own_text() -> None:
    goodcop = get_game("goodcop")
    texts = card_texts(goodcop, goodcop.options({"zombies": "simple"}))
    for title in ZOMBIES_EQUIPMENT.titles:
        card = ZOMBIES_EQUIPMENT.cards[ZOMBIES_EQUIPMENT.by_title[title]]
        assert texts[title] == card.text_for("simple")
    for name in ("Honest", "Crooked", "Agent", "Kingpin", "arms", "infection", "zombie"):
        assert texts[name]
    plain = card_texts(goodcop, goodcop.options({}))
    assert "Crossbow" not in plain and "arms" not in plain
    infected = get_game("infected")
    texts = card_texts(infected, infected.options({}))
    cards = card_set()
    kinds = (*cards.zombie_kinds, *cards.item_kinds, *cards.characters)
    assert all(texts[k.name] for k in kinds) and texts["clean"] and texts["virus"]
    import tests.engine.toy  # noqa: F401  (a game without a texts module)

    highcard = get_game("highcard")
    assert card_texts(highcard, highcard.options({})) == {}


def test_the_lobby_stops_listing_a_table_left_waiting(tmp_path: Path) -> None:
    lobby = Lobby(Storage(f"sqlite:///{tmp_path / 'l.sqlite3'}"), limits=Limits())
    waiting = lobby.create("noir", {}, 2, [None, "heuristic"], None)
    assert waiting.clock.seconds == 30  # a person plays: the clock is on
    later = waiting.created + Limits().listed_open_seconds + 1
    assert [t["id"] for t in lobby.listing(now=waiting.created + 60)] == [waiting.id]
    assert lobby.listing(now=later) == []
    assert lobby.get(waiting.id) is waiting  # its link still works


@pytest.mark.parametrize(
    ("game_id", "options"),
    [("goodcop", {}), ("goodcop", {"zombies": "dice"}), ("infected", {}), ("noir", {})],
)
def test_the_rules_reference_holds_the_turn_and_every_card_text(
    game_id: str, options: dict[str, str]
) -> None:
    game = get_game(game_id)
    opts = game.options(options)
    reference = rules_reference(game, opts)
    assert reference["goal"] and reference["goal"] == goal(game)
    assert len(reference["turn"]) >= 3
    listed = {c["name"]: c["text"] for s in reference["sections"] for c in s["cards"]}
    assert listed == card_texts(game, opts)
    assert all(s["title"] and s["cards"] for s in reference["sections"])


def test_a_game_without_texts_is_explained_by_its_summary() -> None:
    import tests.engine.toy  # noqa: F401  (a game without a texts module, nor a summary)

    highcard = get_game("highcard")
    assert rules_reference(highcard, highcard.options({})) == {
        "goal": "",
        "turn": [],
        "sections": [],
    }
