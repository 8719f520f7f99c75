"""What each card of The Infected says, by the name a player sees on it: threat (zombie)
cards, items, characters and blood samples, and how a round goes. The effect texts are those of
`effects.py` and the numbers those of the card file, so the browser, the terminal and the rules
agree."""

from __future__ import annotations

from hiddenhand.games.infected.cards import card_set
from hiddenhand.games.infected.effects import ABILITIES, ITEM_EFFECTS, THREAT_EFFECTS
from hiddenhand.games.infected.options import InfectedOptions

SAMPLES = {
    "clean": "Blood sample: clean. A player whose samples are all clean is not infected.",
    "virus": "Blood sample: virus. A player holding one is infected and plays for the zombies.",
}

MARKS = {
    "exposed": "The exposed infected: showed the virus and plays openly for the zombies. It no "
    "longer acts with the group; it plays zombie cards on the threat and takes wound cards.",
    "destroyed": "Destroyed by the group's vote: the blood sample was shown and the game ended "
    "(the humans win if it was the virus, the infected if it was clean).",
    "infected": "Held the virus: this player played for the zombies.",
    "chosen": "Has made this window's choice; choices are shown once everyone has chosen.",
}


GOAL = (
    "The humans escape with enough resources or by destroying the infected; the infected wins "
    "when the zombie deck runs out a second time or a clean survivor is destroyed."
)
TURN = (
    "Each round everybody chooses an action at the same time: play an item card face down to "
    "your challenge pile, draw, equip, give items, heal or use your once-per-game ability.",
    "Then the Leader turns up zombie cards, one at a time, until a card comes up lower than the "
    "one before it; equipped items and zombie cards may answer a new threat card.",
    "Each player compares their pile with the sum of the threat and claims success (shows it, "
    "and the cards go on the resource piles) or fail (discards it unseen). Anyone may lie about "
    "a fail; a fail that is shown makes everyone fail, and failing costs wounds.",
    "Test blood samples and vote to destroy whoever you suspect: destroy the infected and the "
    "humans win, destroy a clean survivor and the infected wins.",
    "When the zombie deck runs out, the end game begins: the humans win once they hold as many "
    "resources of each type as there are players, and lose if the deck runs out again.",
)


def turn(options: InfectedOptions) -> tuple[str, ...]:
    """How a round goes, step by step."""
    return TURN


def card_sections(options: InfectedOptions) -> list[tuple[str, dict[str, str]]]:
    """Every card name at the table, with its value and what it does, by kind."""
    cards = card_set()
    zombies = {}
    for zombie in cards.zombie_kinds:
        effects = " ".join(THREAT_EFFECTS[e] for e in zombie.effects) or "No effect."
        major = " Major threat." if zombie.major else ""
        zombies[zombie.name] = f"Zombie, threat {zombie.value}.{major} {effects}"
    items = {}
    for item in cards.item_kinds:
        effect = ITEM_EFFECTS[item.effect][1] if item.effect else "Play it into a challenge."
        items[item.name] = f"Item, value {item.value}, {item.resource} resource. {effect}"
    characters = {}
    for character in cards.characters:
        special = cards.item_kinds[character.special_item].name
        characters[character.name] = (
            f"Character, {character.hitpoints} hitpoints, special item {special}. "
            f"Once per game: {ABILITIES[character.ability]}"
        )
    return [
        ("Characters", characters),
        ("Items", items),
        ("Zombie cards", zombies),
        ("Blood samples", dict(SAMPLES)),
        ("Marks on a survivor", dict(MARKS)),
    ]


def card_texts(options: InfectedOptions) -> dict[str, str]:
    """Every card name at the table, with its value and what it does."""
    return {name: text for _, texts in card_sections(options) for name, text in texts.items()}
