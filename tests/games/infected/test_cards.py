"""The card set file: counts the rulebook fixes, and clear errors for a broken file."""

import copy
import json
from importlib import resources
from typing import Any

import pytest

from hiddenhand.games.infected.cards import CardSetError, card_set, parse_card_set, parse_card_text
from hiddenhand.games.infected.effects import ABILITIES, ITEM_EFFECTS, THREAT_EFFECTS

RAW: dict[str, Any] = json.loads(
    resources.files("hiddenhand.games.infected").joinpath("cards.json").read_text("utf-8")
)


def test_shipped_set_has_the_rulebook_counts() -> None:
    cards = card_set()
    kinds = [cards.zombie_kinds[cards.zombie_of[c]] for c in cards.zombie_deck]
    assert len(kinds) == 54
    assert sum(k.major for k in kinds) == 8
    assert len(cards.item_of) == 80
    assert len(cards.characters) == 7
    assert (cards.clean_samples, cards.virus_samples) == (5, 2)
    assert cards.endgame_cards and all(
        cards.zombie_kinds[cards.zombie_of[c]].endgame for c in cards.endgame_cards
    )
    assert {"Veteran", "Redneck"} <= {c.name for c in cards.characters}


def test_every_effect_and_ability_is_used_by_some_card() -> None:
    cards = card_set()
    threats = {e for k in cards.zombie_kinds for e in k.effects}
    assert threats == set(THREAT_EFFECTS)
    assert {k.effect for k in cards.item_kinds} - {None} == set(ITEM_EFFECTS)
    assert {c.ability for c in cards.characters} == set(ABILITIES)
    assert all(k.resource in ("self-defence", "body-stuff", "misc") for k in cards.item_kinds)


def broken(change: Any) -> str:
    data = copy.deepcopy(RAW)
    change(data)
    with pytest.raises(CardSetError) as info:
        parse_card_set(data)
    return str(info.value)


def test_missing_field_is_named() -> None:
    message = broken(lambda d: d["items"][0].pop("value"))
    assert "items[0] (Chainsaw)" in message and "'value'" in message


def test_wrong_zombie_count_is_refused() -> None:
    message = broken(lambda d: d["zombies"][0].update(count=9))
    assert "54" in message


def test_unknown_effect_is_refused() -> None:
    message = broken(lambda d: d["zombies"][0].update(effects=["explode"]))
    assert "unknown threat effect 'explode'" in message


def test_unknown_item_effect_and_special_item_are_refused() -> None:
    assert "unknown item effect" in broken(lambda d: d["items"][0].update(effect="fly"))
    message = broken(lambda d: d["characters"][0].update(special_item="Laser"))
    assert "'Laser' is not an item" in message


def test_wrong_item_total_and_bad_types_are_refused() -> None:
    assert "80" in broken(lambda d: d["items"][0].update(count=1))
    assert "whole number" in broken(lambda d: d["items"][0].update(value="six"))
    assert "resource must be" in broken(lambda d: d["items"][0].update(resource="food"))
    assert "7 characters" in broken(lambda d: d["characters"].pop())
    assert "blood_samples" in broken(lambda d: d.update(blood_samples={"clean": 4}))


def test_bad_json_says_so() -> None:
    with pytest.raises(CardSetError, match="not valid JSON"):
        parse_card_text("{", "cards.json")
    with pytest.raises(CardSetError, match="one JSON object"):
        parse_card_set([])
