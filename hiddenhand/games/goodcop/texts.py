"""What each Good Cop Bad Cop card and token says, by the name a player sees on it, and how a
turn goes: the rules reference of the table page and the terminal.

The equipment texts are the cards' own (`cards.py`); this module only gathers them, with the
integrity cards, the Zombies dice faces and the tokens, so that the browser and the terminal
show one text per name.
"""

from __future__ import annotations

from hiddenhand.games.goodcop.cards import EQUIPMENT, ZOMBIE_EQUIPMENT
from hiddenhand.games.goodcop.options import GoodCopOptions

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
        ("Equipment", {e.title: e.text for e in EQUIPMENT}),
    ]
    if options.zombies != "off":
        zombie_cards = {e.title: e.text_for(options.zombies) for e in ZOMBIE_EQUIPMENT}
        sections += [("Zombies equipment", zombie_cards), ("Tokens and dice", dict(TOKENS))]
    else:
        sections.append(("Tokens", {k: TOKENS[k] for k in ("gun", "wounded")}))
    return sections


def card_texts(options: GoodCopOptions) -> dict[str, str]:
    """Every name a player may see at this table, with what it does."""
    return {name: text for _, texts in card_sections(options) for name, text in texts.items()}
