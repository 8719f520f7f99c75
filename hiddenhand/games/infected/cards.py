"""The card set as data: loading `cards.json`, checking it, and numbering every physical card.

The published card texts of The Infected are not public, so hiddenhand ships a card set of its
own, built for the rulebook's mechanics. The file names each card kind once with a count; the
loader expands the kinds into numbered cards and refuses a broken file with a message that says
what is wrong and where.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, fields
from functools import cache
from importlib import resources
from typing import Any, Final, cast

from mypy_extensions import mypyc_attr

from hiddenhand.engine.errors import HiddenhandError
from hiddenhand.games.infected.effects import ABILITIES, ITEM_EFFECTS, THREAT_EFFECTS

RESOURCES: Final = ("self-defence", "body-stuff", "misc")
"""The three resource piles, in the order the rulebook lists them."""

ZOMBIE_DECK_SIZE: Final = 54
MAJOR_THREATS: Final = 8
ITEM_DECK_SIZE: Final = 80
CHARACTER_COUNT: Final = 7
BLOOD_SAMPLES: Final = {"clean": 5, "virus": 2}


@mypyc_attr(native_class=False)  # an exception of the engine's own hierarchy
class CardSetError(HiddenhandError, ValueError):
    """The card file is missing, unreadable or breaks the rulebook's component counts."""


class _Record:
    """Pickled by its fields: compiled, a frozen dataclass cannot be unpickled field by field
    (its `__setattr__` refuses)."""

    __slots__ = ()

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        return type(self), tuple(getattr(self, f.name) for f in fields(cast(Any, self)))


@dataclass(frozen=True, slots=True)
class ZombieKind(_Record):
    """A kind of zombie card: its name, value, threat effects (handled in order) and rank."""

    name: str
    value: int
    effects: tuple[str, ...]
    major: bool
    endgame: bool


@dataclass(frozen=True, slots=True)
class ItemKind(_Record):
    """A kind of item card: value in a challenge, resource pile it feeds, and an effect or None."""

    name: str
    value: int
    resource: str
    effect: str | None


@dataclass(frozen=True, slots=True)
class Character(_Record):
    """A character card: hitpoints (advanced game), special item and once-per-game ability."""

    name: str
    hitpoints: int
    special_item: int
    ability: str


@dataclass(frozen=True, slots=True)
class CardSet(_Record):
    """Every kind and every physical card. Cards are numbered; `*_of[card]` is the card's kind."""

    zombie_kinds: tuple[ZombieKind, ...]
    item_kinds: tuple[ItemKind, ...]
    characters: tuple[Character, ...]
    zombie_of: tuple[int, ...]
    item_of: tuple[int, ...]
    zombie_deck: tuple[int, ...]
    endgame_cards: tuple[int, ...]
    clean_samples: int
    virus_samples: int

    def zombie_value(self, card: int) -> int:
        return self.zombie_kinds[self.zombie_of[card]].value

    def item_value(self, card: int) -> int:
        return self.item_kinds[self.item_of[card]].value

    def item_named(self, name: str) -> int:
        for index, kind in enumerate(self.item_kinds):
            if kind.name == name:
                return index
        raise KeyError(name)


def _need(data: dict[str, Any], key: str, kind: type, where: str) -> Any:
    if key not in data:
        raise CardSetError(f"{where}: missing field {key!r}")
    value = data[key]
    if kind is int and (isinstance(value, bool) or not isinstance(value, int)):
        raise CardSetError(f"{where}: {key!r} must be a whole number, not {value!r}")
    if kind is not int and not isinstance(value, kind):
        raise CardSetError(f"{where}: {key!r} must be a {kind.__name__}, not {value!r}")
    return value


def _list(data: dict[str, Any], key: str) -> list[dict[str, Any]]:
    value = data.get(key)
    if not isinstance(value, list) or not all(isinstance(x, dict) for x in value):
        raise CardSetError(f"the card file needs {key!r} as a list of objects")
    return value


def _zombies(
    entries: list[dict[str, Any]], section: str, endgame: bool
) -> list[tuple[ZombieKind, int]]:
    out = []
    for n, entry in enumerate(entries):
        where = f"{section}[{n}]"
        name = _need(entry, "name", str, where)
        where = f"{section}[{n}] ({name})"
        value = _need(entry, "value", int, where)
        count = _need(entry, "count", int, where)
        effects = _need(entry, "effects", list, where)
        major = _need(entry, "major", bool, where)
        if value < 0 or count < 1:
            raise CardSetError(f"{where}: value must be >= 0 and count >= 1")
        for effect in effects:
            if effect not in THREAT_EFFECTS:
                known = ", ".join(sorted(THREAT_EFFECTS))
                raise CardSetError(f"{where}: unknown threat effect {effect!r}; known: {known}")
        out.append((ZombieKind(name, value, tuple(effects), major, endgame), count))
    return out


def parse_card_set(data: Any) -> CardSet:
    """Check a decoded card file against the rulebook's counts and build the CardSet."""
    if not isinstance(data, dict):
        raise CardSetError("the card file must hold one JSON object")
    zombies = _zombies(_list(data, "zombies"), "zombies", endgame=False)
    endgame = _zombies(_list(data, "endgame_zombies"), "endgame_zombies", endgame=True)
    threats = sum(c for k, c in zombies if not k.major)
    majors = sum(c for k, c in zombies if k.major)
    if threats + majors != ZOMBIE_DECK_SIZE or majors != MAJOR_THREATS:
        raise CardSetError(
            f"the zombie deck must hold {ZOMBIE_DECK_SIZE} cards of which {MAJOR_THREATS} are "
            f"major threats; the file has {threats} threats and {majors} major threats"
        )
    if not endgame:
        raise CardSetError("the card file needs at least one endgame zombie card")
    item_kinds: list[tuple[ItemKind, int]] = []
    for n, entry in enumerate(_list(data, "items")):
        name = _need(entry, "name", str, f"items[{n}]")
        where = f"items[{n}] ({name})"
        value = _need(entry, "value", int, where)
        count = _need(entry, "count", int, where)
        resource = _need(entry, "resource", str, where)
        effect = entry.get("effect")
        if resource not in RESOURCES:
            raise CardSetError(f"{where}: resource must be one of {', '.join(RESOURCES)}")
        if effect is not None and effect not in ITEM_EFFECTS:
            known = ", ".join(sorted(ITEM_EFFECTS))
            raise CardSetError(f"{where}: unknown item effect {effect!r}; known: {known}")
        if value < 0 or count < 1:
            raise CardSetError(f"{where}: value must be >= 0 and count >= 1")
        item_kinds.append((ItemKind(name, value, resource, effect), count))
    names = [k.name for k, _ in item_kinds]
    if len(set(names)) != len(names):
        raise CardSetError("two item kinds share a name")
    if sum(c for _, c in item_kinds) != ITEM_DECK_SIZE:
        total = sum(c for _, c in item_kinds)
        raise CardSetError(f"the item deck must hold {ITEM_DECK_SIZE} cards, not {total}")
    if not any(k.effect == "blood_test" for k, _ in item_kinds):
        raise CardSetError("the item deck needs blood sample items (effect 'blood_test')")
    characters = []
    for n, entry in enumerate(_list(data, "characters")):
        name = _need(entry, "name", str, f"characters[{n}]")
        where = f"characters[{n}] ({name})"
        hitpoints = _need(entry, "hitpoints", int, where)
        special = _need(entry, "special_item", str, where)
        ability = _need(entry, "ability", str, where)
        if hitpoints < 1:
            raise CardSetError(f"{where}: hitpoints must be at least 1")
        if special not in names:
            raise CardSetError(f"{where}: special item {special!r} is not an item in the deck")
        if ability not in ABILITIES:
            known = ", ".join(sorted(ABILITIES))
            raise CardSetError(f"{where}: unknown ability {ability!r}; known: {known}")
        characters.append(Character(name, hitpoints, names.index(special), ability))
    if len(characters) != CHARACTER_COUNT:
        raise CardSetError(f"the game has {CHARACTER_COUNT} characters, not {len(characters)}")
    samples = data.get("blood_samples")
    if samples != BLOOD_SAMPLES:
        raise CardSetError(f"blood_samples must be {BLOOD_SAMPLES} (5 clean, 2 virus)")
    zombie_of: list[int] = []
    for index, (_, count) in enumerate(zombies + endgame):
        zombie_of += [index] * count
    item_of: list[int] = []
    for index, (_, count) in enumerate(item_kinds):
        item_of += [index] * count
    return CardSet(
        zombie_kinds=tuple(k for k, _ in zombies + endgame),
        item_kinds=tuple(k for k, _ in item_kinds),
        characters=tuple(characters),
        zombie_of=tuple(zombie_of),
        item_of=tuple(item_of),
        zombie_deck=tuple(range(ZOMBIE_DECK_SIZE)),
        endgame_cards=tuple(range(ZOMBIE_DECK_SIZE, len(zombie_of))),
        clean_samples=BLOOD_SAMPLES["clean"],
        virus_samples=BLOOD_SAMPLES["virus"],
    )


def parse_card_text(text: str | bytes, source: str = "card file") -> CardSet:
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise CardSetError(f"{source} is not valid JSON: {exc}") from None
    try:
        return parse_card_set(data)
    except CardSetError as exc:
        raise CardSetError(f"{source}: {exc}") from None


@cache
def card_set() -> CardSet:
    """The shipped card set, loaded and checked once."""
    try:
        text = resources.files(__package__).joinpath("cards.json").read_text("utf-8")
    except OSError as exc:
        raise CardSetError(f"cannot read the card file cards.json: {exc}") from None
    return parse_card_text(text, "cards.json")
