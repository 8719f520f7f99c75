"""Every action a Good Cop Bad Cop table can offer, built once per seat count.

Texts read like the rules, with `{pN}` for a seat's name. `ActionCatalog` keeps direct references
(by target, slot and card) so the rules never look an action up by name on the hot path.
"""

from __future__ import annotations

from functools import cache
from itertools import product

from hiddenhand.engine import Action, ActionArg, ActionSpace
from hiddenhand.games.goodcop.cards import (
    ALARM_CLOCK,
    BASE_TITLES,
    BLACKMAIL,
    CARDS,
    CHAINSAW,
    CROSSBOW,
    CURE_TASK,
    DEFIBRILLATOR,
    DISGUISE,
    EVIDENCE_BAG,
    INFECT_TASK,
    K9_UNIT,
    KIND_NAMES,
    MACHETE,
    MED_KIT,
    METAL_DETECTOR,
    PLANTED_EVIDENCE,
    POLYGRAPH,
    RESTRAINING_ORDER,
    RIOT_SHIELD,
    SLOTS,
    STAYING,
    SURVEILLANCE_CAMERA,
    TASER,
    TITLES,
    TOKEN_TASK,
    TRANSFUSION_TUBE,
    TRUTH_SERUM,
    WALKIE_TALKIE,
    WIRETAP,
    ZOMBIE_DICE,
    ZOMBIE_MASK,
)

# action kinds
PASS = "pass"
ARM = "arm"
EQUIP = "equip"
INVESTIGATE = "investigate"
SHOOT = "shoot"
AIM_AT = "aim"
REVEAL_CARD = "reveal"  # paying for Arm or Equip
PLAY = "play"
DISCARD = "discard"  # down to the hand limit
CHOOSE_PLAYER = "target"  # a card being resolved asks for a player
CHOOSE_CARD = "card"  # a card being resolved asks for an integrity card
TAKE_EVIDENCE = "evidence"  # the Evidence Bag takes equipment from a player
BITE = "bite"  # Zombies
INFECT = "infect"
STOP = "stop"
REROLL = "die"
NAME_LEADER = "name"
LAY_DOWN = "order"  # the order of one's three cards, before the first turn

# Cards whose resolution asks for a player.
_TARGET_TEXTS = {
    DEFIBRILLATOR: "revive {p} with the Defibrillator",
    EVIDENCE_BAG: "give it to {p}",
    K9_UNIT: "make {p} drop their gun (K-9 Unit)",
    PLANTED_EVIDENCE: "plant evidence on {p}",
    POLYGRAPH: "use the Polygraph on {p}",
    RESTRAINING_ORDER: "aim at {p} instead (Restraining Order)",
    TASER: "take {p}'s gun with the Taser",
    DISGUISE: "put the Disguise on {p}",
    MED_KIT: "remove {p}'s Wounded token (Med Kit)",
    RIOT_SHIELD: "deflect the shot to {p} (Riot Shield)",
    WALKIE_TALKIE: "make every armed player aim at {p} (Walkie Talkie)",
}

# Cards (and the Surveillance Camera's return investigation) whose resolution asks for a card.
_CARD_TEXTS = {
    BLACKMAIL: "swap {p}'s {slot} card (Blackmail)",
    METAL_DETECTOR: "look at {p}'s {slot} card (Metal Detector)",
    TRUTH_SERUM: "reveal {p}'s {slot} card (Truth Serum)",
    WIRETAP: "look at {p}'s {slot} card (Wiretap)",
    SURVEILLANCE_CAMERA: "investigate {p}'s {slot} card back (Surveillance Camera)",
}

# Zombies cards and zombie actions (only in a table with zombies on).
_ZOMBIE_TARGET_TEXTS = {
    CROSSBOW: "shoot {p} with the Crossbow",
    CHAINSAW: "have {p} shot (Chainsaw)",
    ZOMBIE_MASK: "choose {p} (Zombie Mask)",
    MACHETE: "shoot {p} with the Machete",
    ALARM_CLOCK: "set the Alarm Clock on {p}",
}
_ZOMBIE_CARD_TEXTS = {
    TRANSFUSION_TUBE: "move an infection token with {p}'s {slot} card (Transfusion Tube)",
    CHAINSAW: "reveal {p}'s {slot} card (Chainsaw)",
    ZOMBIE_MASK: "swap {p}'s {slot} card (Zombie Mask)",
    MACHETE: "swap {p}'s {slot} card (Machete)",
    ALARM_CLOCK: "put an infection token on {p}'s {slot} card (Alarm Clock)",
    INFECT_TASK: "put an infection token on {p}'s {slot} card",
    CURE_TASK: "remove the infection token from {p}'s {slot} card",
}
_TASK_ARG = {INFECT_TASK: "Infect", CURE_TASK: "Equip", TOKEN_TASK: "Infection token"}
_TOKEN_TEXT = "put the infection token on your {slot} card"  # asked of the card's holder


def arrangements(zombies: bool) -> list[tuple[str, ...]]:
    """Every left-to-right order of three integrity cards a player can hold (one of each
    leader card and of the Infector at most)."""
    kinds = KIND_NAMES if zombies else KIND_NAMES[:4]
    unique = set(KIND_NAMES[2:])
    return [faces for faces in product(kinds, repeat=3) if all(faces.count(k) <= 1 for k in unique)]


class ActionCatalog:
    """The action space of one seat count, and direct references into it."""

    def __init__(self, players: int, zombies: bool = False) -> None:
        titles = TITLES if zombies else TITLES[:BASE_TITLES]
        target_texts = {**_TARGET_TEXTS, **_ZOMBIE_TARGET_TEXTS} if zombies else _TARGET_TEXTS
        card_texts = {**_CARD_TEXTS, **_ZOMBIE_CARD_TEXTS} if zombies else _CARD_TEXTS
        names = (*TITLES, *_TASK_ARG.values())
        items: list[tuple[str, tuple[ActionArg, ...], str]] = [
            (PASS, (), "pass"),
            (ARM, (), "arm: take a gun from the centre"),
            (EQUIP, (), "equip: draw an equipment card"),
        ]
        seats = range(players)
        for p in seats:
            for s, slot in enumerate(SLOTS):
                items.append((INVESTIGATE, (p, s), f"investigate {{p{p}}}'s {slot} card"))
        items += [(SHOOT, (p,), f"shoot {{p{p}}}") for p in seats]
        items += [(AIM_AT, (p,), f"aim at {{p{p}}}") for p in seats]
        items += [(REVEAL_CARD, (s,), f"reveal your {slot} card") for s, slot in enumerate(SLOTS)]
        items += [(PLAY, (title,), f"play {title}") for title in titles]
        items += [(DISCARD, (title,), f"discard {title}") for title in titles]
        for t, text in target_texts.items():
            items += [
                (CHOOSE_PLAYER, (TITLES[t], p), text.replace("{p}", f"{{p{p}}}")) for p in seats
            ]
        for t, text in card_texts.items():
            for p in seats:
                for s, slot in enumerate(SLOTS):
                    phrase = text.replace("{p}", f"{{p{p}}}").replace("{slot}", slot)
                    items.append((CHOOSE_CARD, (names[t], p, s), phrase))
        for p in seats:
            items.append((TAKE_EVIDENCE, (p, "hand"), f"take {{p{p}}}'s equipment in hand"))
            for t in STAYING:
                items.append(
                    (TAKE_EVIDENCE, (p, TITLES[t]), f"take {TITLES[t]} from in front of {{p{p}}}")
                )
        if zombies:
            items += [
                (BITE, (), "bite the player your Arms aim at"),
                (INFECT, (), "infect: put infection tokens on up to two players' cards"),
                (STOP, (), "stop"),
            ]
            items += [(REROLL, (i,), f"re-roll zombie die {i + 1}") for i in range(ZOMBIE_DICE)]
            items += [
                (NAME_LEADER, (k,), f"name the {k.capitalize()}") for k in ("agent", "kingpin")
            ]
        # Appended last, so the ids of every earlier action stay those of older records.
        items += [
            (LAY_DOWN, faces, f"lay your cards down, left to right: {', '.join(faces)}")
            for faces in arrangements(zombies)
        ]
        if zombies:
            for p in seats:
                for s, slot in enumerate(SLOTS):
                    text = _TOKEN_TEXT.replace("{slot}", slot)
                    items.append((CHOOSE_CARD, (names[TOKEN_TASK], p, s), text))
        self.space = ActionSpace(items)
        get = self.space.get
        self.pass_ = get(PASS)
        self.arm = get(ARM)
        self.equip = get(EQUIP)
        self.investigate = [[get(INVESTIGATE, p, s) for s in range(3)] for p in seats]
        self.shoot = [get(SHOOT, p) for p in seats]
        self.aim = [get(AIM_AT, p) for p in seats]
        self.reveal = [get(REVEAL_CARD, s) for s in range(3)]
        self.play = [get(PLAY, title) for title in titles]
        self.discard = [get(DISCARD, title) for title in titles]
        self.target: list[list[Action]] = [
            [get(CHOOSE_PLAYER, TITLES[t], p) for p in seats] if t in target_texts else []
            for t in range(len(CARDS))
        ]
        self.card: list[list[list[Action]]] = [
            [[get(CHOOSE_CARD, names[t], p, s) for s in range(3)] for p in seats]
            if t in card_texts or (zombies and t == TOKEN_TASK)
            else []
            for t in range(len(names))
        ]
        self.evidence_hand = [get(TAKE_EVIDENCE, p, "hand") for p in seats]
        self.evidence_front = {
            t: [get(TAKE_EVIDENCE, p, TITLES[t]) for p in seats] for t in STAYING
        }
        self.order: dict[tuple[str, ...], Action] = {
            faces: get(LAY_DOWN, *faces) for faces in arrangements(zombies)
        }
        if zombies:
            self.bite = get(BITE)
            self.infect = get(INFECT)
            self.stop = get(STOP)
            self.die = [get(REROLL, i) for i in range(ZOMBIE_DICE)]
            self.name = [get(NAME_LEADER, "agent"), get(NAME_LEADER, "kingpin")]


@cache
def action_catalog(players: int, zombies: bool = False) -> ActionCatalog:
    return ActionCatalog(players, zombies)
