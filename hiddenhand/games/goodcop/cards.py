"""The cards of Good Cop Bad Cop as data: the integrity deck and the 19 equipment cards.

Integrity cards carry a corner number: a card is used only when the table has at least that many
players. Equipment cards are described by what they do and when they may be played; their effects
live in `equipment.py`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

HONEST, CROOKED, AGENT, KINGPIN, INFECTOR = 0, 1, 2, 3, 4
KIND_NAMES = ("honest", "crooked", "agent", "kingpin", "infector")
SLOTS = ("left", "middle", "right")

# Teams (the zombie team plays only with the Zombies expansion); teams are only ever computed in
# `GoodCop.team_of`.
TEAM_HONEST, TEAM_CROOKED, TEAM_LONE, TEAM_ZOMBIE = 0, 1, 2, 3
TEAM_NAMES = ("honest", "crooked", "lone", "zombie")

# Corner numbers of the 11 Honest cards (the 11 Crooked cards carry the same ones); 0 = none.
_CORNERS = (0, 0, 0, 0, 0, 5, 5, 6, 7, 7, 8)


def integrity_deck(players: int) -> tuple[int, ...]:
    """The Honest and Crooked cards in play at this table (leaders excluded), by kind."""
    used = sum(1 for corner in _CORNERS if corner <= players)
    return (HONEST,) * used + (CROOKED,) * used


When = Literal["any", "shoot", "own-turn"]


@dataclass(frozen=True, slots=True)
class Equipment:
    """One equipment title: how many copies, when it may be played, whether it stays in play."""

    title: str
    copies: int
    when: When
    stays: bool
    text: str
    simple_text: str = ""  # Zombies cards: the text of the `simple` design

    def text_for(self, design: str) -> str:
        return self.simple_text if design == "simple" and self.simple_text else self.text


EQUIPMENT: tuple[Equipment, ...] = (
    Equipment(
        "Blackmail",
        1,
        "any",
        False,
        "Swap two integrity cards of two other players; each new owner sees the card received.",
    ),
    Equipment("Coffee", 1, "any", False, "You take the next turn after the current one."),
    Equipment(
        "Defibrillator", 2, "any", False, "Bring an eliminated player (not a leader) back to life."
    ),
    Equipment(
        "Evidence Bag", 1, "any", False, "Move an equipment card from one player to another."
    ),
    Equipment("K-9 Unit", 1, "any", False, "An armed player drops their gun to the centre."),
    Equipment(
        "Metal Detector", 1, "any", False, "Look at one hidden card of every other armed player."
    ),
    Equipment(
        "Planted Evidence",
        1,
        "any",
        True,
        "Stays in front of a player: their Honest cards count as Crooked and vice versa.",
    ),
    Equipment(
        "Polygraph",
        1,
        "any",
        False,
        "You see all of another player's integrity cards; they see all of yours.",
    ),
    Equipment(
        "Restraining Order",
        1,
        "shoot",
        False,
        "When a shot is announced: the shooter must aim at someone else, then still shoots.",
    ),
    Equipment("Smoke Grenade", 1, "any", False, "Reverse the turn order."),
    Equipment(
        "Surveillance Camera",
        1,
        "any",
        True,
        "Stays in front of you: whoever investigates you is investigated back.",
    ),
    Equipment(
        "Taser",
        1,
        "own-turn",
        False,
        "Your turn, unarmed: take another player's gun and aim it; you cannot fire it this turn.",
    ),
    Equipment("Truth Serum", 1, "any", False, "Reveal any hidden integrity card."),
    Equipment("Wiretap", 1, "any", False, "Look at one hidden card each of two other players."),
    Equipment(
        "Disguise", 1, "any", True, "Stays in front of a player: nobody may investigate them."
    ),
    Equipment("Med Kit", 1, "any", False, "Remove a Wounded token."),
    Equipment(
        "Riot Shield",
        1,
        "shoot",
        False,
        "When you are about to be shot: the player on your left or right is shot instead.",
    ),
    Equipment(
        "Walkie Talkie", 1, "any", False, "Choose a player: every armed player aims at them."
    ),
)

BASE_TITLES = len(EQUIPMENT)

# The nine Zombies equipment cards, added to the deck when zombies are on. The first text is the
# `dice` / `infect` one, the second the `simple` one.
ZOMBIE_EQUIPMENT: tuple[Equipment, ...] = (
    Equipment(
        "Crossbow",
        1,
        "any",
        False,
        "Shoot another armed player who has no revealed leader card.",
        "A player aiming at you who is not wounded is shot.",
    ),
    Equipment(
        "Transfusion Tube",
        1,
        "any",
        False,
        "Move up to 3 infection tokens to other integrity cards.",
        "Swap two revealed leader cards.",
    ),
    Equipment(
        "Zombie Serum",
        1,
        "any",
        False,
        "Re-roll one zombie die just rolled.",
        "You are shot; name a leader: whoever holds that card reveals it.",
    ),
    Equipment("Flamethrower", 1, "any", False, "Every zombie is shot.", "Every zombie is shot."),
    Equipment(
        "Chainsaw",
        1,
        "any",
        False,
        "Reveal another player's hidden card: a leader, you are shot; otherwise they are.",
        "Reveal another player's hidden card: a leader, you choose a player who is not "
        "wounded to be shot; otherwise you are shot.",
    ),
    Equipment(
        "Zombie Mask",
        1,
        "any",
        False,
        "Swap a revealed leader or Infector card with another player's card.",
        "A zombie stops being one and swaps all three integrity cards with another player.",
    ),
    Equipment(
        "Machete",
        1,
        "any",
        False,
        "Swap any of a zombie's cards for revealed Honest or Crooked cards of others.",
        "An armed player with no revealed leader card is shot.",
    ),
    Equipment(
        "Weapon Crate",
        1,
        "any",
        False,
        "Every player with no hidden card may take a gun or re-aim; whoever does cannot "
        "shoot this turn.",
        "Every player with no hidden card may take a gun or re-aim; whoever takes a gun "
        "cannot shoot this turn.",
    ),
    Equipment(
        "Alarm Clock",
        1,
        "any",
        False,
        "Put an infection token on a card; every zombie aims at its holder.",
        "At the end of the chosen player's next turn, every unarmed player takes a gun and "
        "everyone armed aims at them.",
    ),
)
CARDS = EQUIPMENT + ZOMBIE_EQUIPMENT
TITLES = tuple(e.title for e in CARDS)
BY_TITLE = {e.title: i for i, e in enumerate(CARDS)}
# Each title's index, looked up by its title (so the order of the tuples above is stated once).
BLACKMAIL = BY_TITLE["Blackmail"]
COFFEE = BY_TITLE["Coffee"]
DEFIBRILLATOR = BY_TITLE["Defibrillator"]
EVIDENCE_BAG = BY_TITLE["Evidence Bag"]
K9_UNIT = BY_TITLE["K-9 Unit"]
METAL_DETECTOR = BY_TITLE["Metal Detector"]
PLANTED_EVIDENCE = BY_TITLE["Planted Evidence"]
POLYGRAPH = BY_TITLE["Polygraph"]
RESTRAINING_ORDER = BY_TITLE["Restraining Order"]
SMOKE_GRENADE = BY_TITLE["Smoke Grenade"]
SURVEILLANCE_CAMERA = BY_TITLE["Surveillance Camera"]
TASER = BY_TITLE["Taser"]
TRUTH_SERUM = BY_TITLE["Truth Serum"]
WIRETAP = BY_TITLE["Wiretap"]
DISGUISE = BY_TITLE["Disguise"]
MED_KIT = BY_TITLE["Med Kit"]
RIOT_SHIELD = BY_TITLE["Riot Shield"]
WALKIE_TALKIE = BY_TITLE["Walkie Talkie"]
CROSSBOW = BY_TITLE["Crossbow"]
TRANSFUSION_TUBE = BY_TITLE["Transfusion Tube"]
ZOMBIE_SERUM = BY_TITLE["Zombie Serum"]
FLAMETHROWER = BY_TITLE["Flamethrower"]
CHAINSAW = BY_TITLE["Chainsaw"]
ZOMBIE_MASK = BY_TITLE["Zombie Mask"]
MACHETE = BY_TITLE["Machete"]
WEAPON_CRATE = BY_TITLE["Weapon Crate"]
ALARM_CLOCK = BY_TITLE["Alarm Clock"]

# Choices made during a zombie's Infect or (`infect` design) Equip action, resolved like cards.
# A bitten or rolling player choosing the card for an infection token is resolved the same way.
INFECT_TASK, CURE_TASK, TOKEN_TASK = len(CARDS), len(CARDS) + 1, len(CARDS) + 2
TASK_NAMES = (*TITLES, "Infect", "Equip", "Infection token")

# The physical equipment deck: card id -> title index (Defibrillator appears twice). The base
# game's deck is EQUIPMENT_DECK; the Zombies expansion adds nine cards after it (ALL_DECK).
ALL_DECK: tuple[int, ...] = tuple(t for t, e in enumerate(CARDS) for _ in range(e.copies))
BASE_DECK = sum(e.copies for e in EQUIPMENT)
EQUIPMENT_DECK = ALL_DECK[:BASE_DECK]
STAYING = tuple(t for t, e in enumerate(EQUIPMENT) if e.stays)

# Dice faces. The zombie die (three in the box): 1 zombie, 2 arms, 2 blank, 1 infection. The
# infection die (`dice` design): 2 infection faces of 6.
BLANK, ZOMBIE_FACE, ARMS_FACE, INFECTION_FACE = 0, 1, 2, 3
FACE_NAMES = ("blank", "zombie", "arms", "infection")
ZOMBIE_DIE = (ZOMBIE_FACE, ARMS_FACE, ARMS_FACE, BLANK, BLANK, INFECTION_FACE)
INFECTION_DIE = (INFECTION_FACE, INFECTION_FACE, BLANK, BLANK, BLANK, BLANK)
ZOMBIE_DICE = 3
