"""Every action a Good Cop Bad Cop table can offer, built once per seat count and card table.

Texts read like the rules, with `{pN}` for a seat's name; a card's choices read the texts on its
class (`Card.player_choice`, `Card.card_choice`). `ActionCatalog` keeps direct references (by
target, slot and card) so the rules never look an action up by name on the hot path.
"""

from __future__ import annotations

from functools import cache
from itertools import permutations, product
from typing import TYPE_CHECKING, Any, Final

from hiddenhand.engine import Action, ActionArg, ActionSpace
from hiddenhand.games.goodcop.cards import KIND_NAMES, SLOTS, ZOMBIE_DICE

if TYPE_CHECKING:
    from hiddenhand.games.goodcop.card import Card, CardTable

# action kinds (Final: compiled rules compare with the text itself)
PASS: Final = "pass"
ARM: Final = "arm"
EQUIP: Final = "equip"
INVESTIGATE: Final = "investigate"
SHOOT: Final = "shoot"
AIM_AT: Final = "aim"
REVEAL_CARD: Final = "reveal"  # paying for Arm or Equip
PLAY: Final = "play"
DISCARD: Final = "discard"  # down to the hand limit
CHOOSE_PLAYER: Final = "target"  # a card being resolved asks for a player
CHOOSE_CARD: Final = "card"  # a card being resolved asks for an integrity card
TAKE_EVIDENCE: Final = "evidence"  # the Evidence Bag takes equipment from a player
BITE: Final = "bite"  # Zombies
INFECT: Final = "infect"
STOP: Final = "stop"
REROLL: Final = "die"
NAME_LEADER: Final = "name"
LAY_DOWN: Final = "order"  # the order of one's three cards, before the first turn


def arrangements(zombies: bool) -> list[tuple[str, ...]]:
    """Every left-to-right order of three integrity cards a player can hold (one of each
    leader card and of the Infector at most)."""
    kinds = KIND_NAMES if zombies else KIND_NAMES[:4]
    unique = set(KIND_NAMES[2:])
    return [faces for faces in product(kinds, repeat=3) if all(faces.count(k) <= 1 for k in unique)]


def _card_choosers(table: CardTable) -> list[Card[Any]]:
    """The cards asking for an integrity card, in the order of their actions: box by box, those
    asking as they are played, then those asking in reaction (`Card.reaction`); the appended
    ones (`Card.appended`) lie apart, after every other action."""
    return [
        card
        for box in table.boxes()
        for reaction in (False, True)
        for card in box
        if card.card_choice and card.reaction == reaction and not card.appended
    ]


def _choices(card: Card[Any], seats: range) -> list[tuple[str, tuple[ActionArg, ...], str]]:
    """Choosing each integrity card at the table for this card."""
    return [
        (
            CHOOSE_CARD,
            (card.title, p, s),
            card.card_choice.replace("{p}", f"{{p{p}}}").replace("{slot}", slot),
        )
        for p in seats
        for s, slot in enumerate(SLOTS)
    ]


class ActionCatalog:
    """The action space of one seat count and card table, and direct references into it."""

    def __init__(self, players: int, table: CardTable, zombies: bool = False) -> None:
        titles = table.titles
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
        for card in table.cards:
            if card.player_choice:
                text = card.player_choice
                items += [
                    (CHOOSE_PLAYER, (card.title, p), text.replace("{p}", f"{{p{p}}}"))
                    for p in seats
                ]
        for card in _card_choosers(table):
            items += _choices(card, seats)
        for p in seats:
            items.append((TAKE_EVIDENCE, (p, "hand"), f"take {{p{p}}}'s equipment in hand"))
            for t in table.staying:
                items.append(
                    (TAKE_EVIDENCE, (p, titles[t]), f"take {titles[t]} from in front of {{p{p}}}")
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
        for card in table.cards:
            if card.appended:
                items += _choices(card, seats)
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
            [get(CHOOSE_PLAYER, card.title, p) for p in seats] if card.player_choice else []
            for card in table.cards
        ]
        """By title index, choosing each seat for that card."""
        self.card: list[list[list[Action]]] = [
            [[get(CHOOSE_CARD, card.title, p, s) for s in range(3)] for p in seats]
            if card.card_choice
            else []
            for card in table.cards
        ]
        """By title index, seat and slot, choosing that integrity card for that card."""
        self.evidence_hand = [get(TAKE_EVIDENCE, p, "hand") for p in seats]
        self.evidence_front = {
            t: [get(TAKE_EVIDENCE, p, titles[t]) for p in seats] for t in table.staying
        }
        self.hand_orders: dict[tuple[int, ...], list[Action]] = {
            tuple(KIND_NAMES.index(face) for face in faces): [
                get(LAY_DOWN, *order) for order in dict.fromkeys(permutations(faces))
            ]
            for faces in arrangements(zombies)
        }
        """By the kinds of a hand's cards left to right, its different orders (as `permutations`
        lists them): the legal lay-downs, looked up rather than worked out at every move."""
        if zombies:
            self.bite = get(BITE)
            self.infect = get(INFECT)
            self.stop = get(STOP)
            self.die = [get(REROLL, i) for i in range(ZOMBIE_DICE)]
            self.name = [get(NAME_LEADER, "agent"), get(NAME_LEADER, "kingpin")]


@cache
def action_catalog(players: int, table: CardTable, zombies: bool = False) -> ActionCatalog:
    return ActionCatalog(players, table, zombies)
