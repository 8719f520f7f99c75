"""What each Good Cop Bad Cop card and token says, by the name a player sees on it, and how a
turn goes: the rules reference of the table page and the terminal.

The equipment texts are the cards' own (`Card.text`, on each card's class); this module only
gathers them, with the integrity cards, the Zombies dice faces and the tokens, so that the
browser and the terminal show one text per name. `explain_choice` says what a choice does, for
the terminal's `? N`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from hiddenhand.engine import Action
from hiddenhand.games.goodcop.actions import (
    AIM_AT,
    ARM,
    BITE,
    DISCARD,
    EQUIP,
    INFECT,
    INVESTIGATE,
    LAY_DOWN,
    NAME_LEADER,
    PASS,
    PLAY,
    REROLL,
    REVEAL_CARD,
    SHOOT,
    STOP,
)
from hiddenhand.games.goodcop.equipment import BASE_EQUIPMENT
from hiddenhand.games.goodcop.options import GoodCopOptions
from hiddenhand.games.goodcop.zombie_cards import ZOMBIES_EQUIPMENT

INTEGRITY = {
    "Honest": "Integrity card. With no leader card, you are honest if most of your cards are.",
    "Crooked": "Integrity card. With no leader card, you are crooked if most of your cards are.",
    "Agent": "The honest leader: you are honest. Honest cops win when the Kingpin is out. "
    "Survives the first shot, wounded.",
    "Kingpin": "The crooked leader: you are crooked. Crooked cops win when the Agent is out. "
    "Survives the first shot, wounded.",
    "Infector": "Zombies: its holder turns into a zombie once it is exposed.",
}
TOKENS = {
    "gun": "Armed: on your turn you may shoot the player you aim at.",
    "wounded": "A leader shot once: the next shot eliminates.",
    "zombie": "A zombie: plays for the zombie team and bites with its Arms.",
    "arms": "Zombie die face: an Arm; the zombie aims it at a player to bite.",
    "infection": "Infection token: a card carrying one can turn its holder into a zombie.",
    "blank": "Zombie die face: nothing happens.",
}
GOAL = "Honest cops win when the Kingpin is out; crooked cops win when the Agent is out."
TURN = (
    "Your three face-down integrity cards decide your team: the Agent or the Kingpin decides "
    "it, otherwise the majority of Honest or Crooked cards does. Cards change hands, and teams "
    "with them.",
    "On your turn do one thing: Investigate (look at another cop's face-down card), Arm (take a "
    "gun and reveal one of your cards), Equip (draw an equipment card and reveal one of your "
    "cards) or Shoot (fire at the cop you aim at, then put the gun back).",
    "Holding a gun, you aim at a cop at the end of your turn.",
    "A shot cop reveals every card and is out; a leader survives the first shot, wounded.",
    "Equipment (hand limit 1) is played on your turn and when others act: before the first "
    "turn, after an Investigate, when a shot is announced and at the end of every turn.",
    "Whoever holds both the Agent and the Kingpin wins alone.",
)
ZOMBIE_TURN = (
    "Zombies: shot cops (and, with dice or infect, the Infector's holder once exposed) become "
    "zombies, a third team that bites with its Arms and wins by turning a leader (simple: by "
    "eliminating one).",
)


def turn(options: GoodCopOptions) -> tuple[str, ...]:
    """How a game goes, step by step, at this table."""
    return TURN + (ZOMBIE_TURN if options.zombies != "off" else ())


def card_sections(options: GoodCopOptions) -> list[tuple[str, dict[str, str]]]:
    """Every name a player may see at this table, with what it does, by kind."""
    sections = [
        ("Integrity cards", dict(INTEGRITY)),
        ("Equipment", {card.title: card.text for card in BASE_EQUIPMENT.cards}),
    ]
    if options.zombies != "off":
        zombie_cards = {
            card.title: card.text_for(options.zombies)
            for card in ZOMBIES_EQUIPMENT.added
            if card.copies
        }
        sections += [("Zombies equipment", zombie_cards), ("Tokens and dice", dict(TOKENS))]
    else:
        sections.append(("Tokens", {k: TOKENS[k] for k in ("gun", "wounded")}))
    return sections


def card_texts(options: GoodCopOptions) -> dict[str, str]:
    """Every name a player may see at this table, with what it does."""
    return {name: text for _, texts in card_sections(options) for name, text in texts.items()}


SLOT_NAMES = ("left", "middle", "right")
CHOICES = {
    PASS: "Let this moment go by: play no equipment now.",
    ARM: "Take a gun from the centre, then reveal one of your cards; at the end of the turn "
    "you aim it at a cop.",
    EQUIP: "Draw an equipment card, then reveal one of your cards.",
    INVESTIGATE: "Look at this face-down card; only you see it.",
    SHOOT: "Fire at the cop you aim at: they reveal every card and are out (a leader survives "
    "the first shot, wounded). Your gun goes back to the centre.",
    AIM_AT: "Point your gun at this cop; the table sees where you aim.",
    REVEAL_CARD: "Turn this card of yours face up for everyone (arming and equipping cost one).",
    PLAY: "Play this equipment card now (the card's text says what it does).",
    DISCARD: "Discard this equipment card.",
    BITE: "Zombies: bite the player your Arms aim at.",
    INFECT: "Zombies: put infection tokens on up to two players' cards.",
    STOP: "Stop here.",
    REROLL: "Roll this zombie die again.",
    NAME_LEADER: "Name who you think this leader is.",
}


def explain_choice(
    action: Action, view: Mapping[str, Any], names: Sequence[str]
) -> list[tuple[str, str]]:
    """What a Good Cop Bad Cop choice does; of an order of cards, where each card will lie."""
    if action.kind == LAY_DOWN:
        faces = [str(face).capitalize() for face in action.args]
        where = ", ".join(
            f"{face} on the {slot}" for face, slot in zip(faces, SLOT_NAMES, strict=True)
        )
        return [
            (
                "This order",
                f"Your three cards lie face down, left to right: {', '.join(faces)} ({where}). "
                "Others investigate a card by where it lies (left, middle or right): what you "
                "put in the middle is what someone looking at your middle card sees.",
            )
        ]
    if action.kind in CHOICES:
        return [(action.kind.capitalize(), CHOICES[action.kind])]
    return []
