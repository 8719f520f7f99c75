"""Card effects: what each threat effect, item effect and character ability says.

The card file names effects by key; the texts here are what players read, and effect_rules.py
says what each does. Keys are the card file's whole vocabulary: a file naming an unknown key is
refused at load time.
"""

from __future__ import annotations

from typing import Final

THREAT_EFFECTS: Final[dict[str, str]] = {
    "wound_leader": "The Leader takes a wound.",
    "wound_wounded": "Every wounded character takes a wound.",
    "wound_all": "Every character takes a wound.",
    "wounded_discard": "Every wounded character discards a random item card from hand.",
    "lose_resource": "Discard 1 collected resource from the largest resource pile.",
    "raid": "Discard 1 collected resource of each type.",
    "jam": "Equipped items cannot be used in the next use item phase.",
    "leader_unequip": "The Leader discards one of their equipped items, chosen at random.",
    "wound_unarmed": "Every character with no equipped item takes a wound.",
    "idle_discard": "Every survivor with an empty challenge pile discards a random item card from "
    "hand.",
    "loot_hoarders": "Every survivor holding 6 or more item cards discards one at random.",
}
"""Threat effects, handled in the order a card lists them when the card is shown."""

USE_PHASE: Final = "use"
THREAT_SHOWN: Final = "threat"

ITEM_EFFECTS: Final[dict[str, tuple[str, str]]] = {
    "heal3": (USE_PHASE, "Heal: discard 3 wound cards from your character."),
    "heal1": (USE_PHASE, "Heal: discard 1 wound card from your character."),
    "blood_test": (USE_PHASE, "Blood sample: conduct a blood sample test on any player."),
    "scout": (USE_PHASE, "Secretly look at the top 2 cards of the zombie deck."),
    "draw2": (USE_PHASE, "Draw 2 item cards."),
    "heal2": (USE_PHASE, "Heal: discard 2 wound cards from your character."),
    "stash": (USE_PHASE, "Put this item on its resource pile; you take a wound."),
    "rally": (USE_PHASE, "Every survivor draws 1 item card."),
    "block": (
        THREAT_SHOWN,
        "May be used when a new threat card is shown: its threat effect is not handled.",
    ),
    "distract": (
        THREAT_SHOWN,
        "May be used when a new threat card is shown: it counts as 0 in this threat.",
    ),
    "suppress": (
        THREAT_SHOWN,
        "May be used when a new threat card is shown: it counts 3 less in this threat (not "
        "below 0).",
    ),
}
"""Item effects: (when the equipped item may be used, the card text). Items without an effect
are weapons and supplies: using one puts it into your challenge pile."""

ABILITIES: Final[dict[str, str]] = {
    "cover_fire": "The threat effect of the next zombie card shown is not handled.",
    "moonshine": "Heal all your wounds.",
    "demolition": "Discard a Dynamite from your hand: take a second action right after this one.",
    "triage": "Every character heals 1 wound.",
    "lab_test": "Conduct a blood sample test without an item.",
    "recon": "Secretly look at the top 3 cards of the zombie deck.",
    "supply_run": "Draw 3 item cards.",
}
"""Once-per-game abilities, used just before an action."""
