"""The action space: every choice a table can ever offer, built once per configuration.

Card choices name card kinds ("play a Chainsaw to your challenge pile"), so texts read like the
rules and ids stay stable whatever the deal.
"""

from __future__ import annotations

from functools import cache
from typing import Final

from hiddenhand.engine.actions import ActionArg, ActionSpace
from hiddenhand.engine.text import article
from hiddenhand.games.infected.cards import card_set
from hiddenhand.games.infected.options import InfectedOptions

# action kinds
CHARACTER: Final = "character"
EQUIP: Final = "equip"
EQUIP_DONE: Final = "equip_done"
UNEQUIP: Final = "unequip"
CALL_DESTROY: Final = "call_destroy"
DESTROY_TARGET: Final = "destroy_target"
CALL_LEADER: Final = "call_leader"
LEADER_TARGET: Final = "leader_target"
ABILITY: Final = "ability"
ABILITY_TARGET: Final = "ability_target"
SPECIAL: Final = "special"
SPECIAL_COST: Final = "special_cost"
PLAY: Final = "play"
DRAW: Final = "draw"
SWAP: Final = "swap"
DRAW_TWO: Final = "draw2"
GIVE: Final = "give"
GIVE_DONE: Final = "give_done"
HEAL: Final = "heal"
PASS: Final = "pass"
ZOMBIFY: Final = "zombify"
USE: Final = "use"
USE_NONE: Final = "use_none"
TEST_TARGET: Final = "test_target"
REACT: Final = "react"
COVER: Final = "cover"
REACT_NONE: Final = "react_none"
CLAIM: Final = "claim"
PLACE: Final = "place"
PLACE_NONE: Final = "place_none"
VOTE: Final = "vote"
DISCARD: Final = "discard"
TAKE_WOUND: Final = "take_wound"
TAKE_DONE: Final = "take_done"

SLOT_NAMES: Final = ("first", "second")
CLAIMS: Final = {
    "success": "claim success and show your challenge pile",
    "fail": "claim fail and discard your challenge pile unseen",
    "show": "claim fail and show your challenge pile",
}


@cache
def infected_space(players: int, options: InfectedOptions) -> ActionSpace:
    cards = card_set()
    items = [k.name for k in cards.item_kinds]
    seats = range(players)
    out: list[tuple[str, tuple[ActionArg, ...], str]] = []
    out += [(CHARACTER, (c,), f"choose the {ch.name}") for c, ch in enumerate(cards.characters)]
    for k, name in enumerate(items):
        out.append((EQUIP, (k, 1), f"equip {article(name)} face up"))
        out.append((EQUIP, (k, 0), f"equip {article(name)} face down"))
    out.append((EQUIP_DONE, (), "equip no more"))
    out += [(UNEQUIP, (s,), f"discard your {SLOT_NAMES[s]} equipped item") for s in (0, 1)]
    out.append((CALL_DESTROY, (), "call a vote to destroy a member of the group"))
    out += [(DESTROY_TARGET, (s,), f"propose to destroy {{p{s}}}") for s in seats]
    out.append((CALL_LEADER, (), "call a vote to choose a new Leader"))
    out += [(LEADER_TARGET, (s,), f"propose {{p{s}}} as the new Leader") for s in seats]
    out.append((ABILITY, (), "use your once-per-game ability first"))
    out += [(ABILITY_TARGET, (s,), f"test {{p{s}}}'s blood (ability)") for s in seats]
    out.append((SPECIAL, (), "equip your special item first"))
    out += [
        (SPECIAL_COST, (k,), f"discard {article(name)} to equip it") for k, name in enumerate(items)
    ]
    out += [
        (PLAY, (k,), f"play {article(name)} to your challenge pile") for k, name in enumerate(items)
    ]
    out.append((DRAW, (), "draw 1 item card"))
    out += [
        (SWAP, (k,), f"discard {article(name)} to draw new cards") for k, name in enumerate(items)
    ]
    out.append((DRAW_TWO, (), "draw 2 item cards (your hand is empty)"))
    for k, name in enumerate(items):
        out += [(GIVE, (k, s), f"give {article(name)} to {{p{s}}}") for s in seats]
    out.append((GIVE_DONE, (), "give no more"))
    out.append((HEAL, (), "heal 1 wound"))
    out.append((PASS, (), "take no action"))
    out.append((ZOMBIFY, (), "finish zombification: reveal yourself as the infected"))
    out += [(USE, (k,), f"use your equipped {name}") for k, name in enumerate(items)]
    out.append((USE_NONE, (), "use no item"))
    out += [(TEST_TARGET, (s,), f"test {{p{s}}}'s blood") for s in seats]
    out += [
        (REACT, (k,), f"use your {name} on the new threat card") for k, name in enumerate(items)
    ]
    for z, zombie in enumerate(cards.zombie_kinds):
        text = f"play your {zombie.name} ({zombie.value}) on top of the new threat card"
        out.append((COVER, (z,), text))
    out.append((REACT_NONE, (), "let the new threat card be"))
    out += [(CLAIM, (c,), text) for c, text in CLAIMS.items()]
    for k, kind in enumerate(cards.item_kinds):
        out.append((PLACE, (k,), f"put your {kind.name} on the {kind.resource} pile"))
    out.append((PLACE_NONE, (), "put nothing on the resource piles"))
    out.append((VOTE, ("yes",), "vote for"))
    out.append((VOTE, ("no",), "vote against"))
    out += [
        (DISCARD, (k,), f"discard {article(name)} (hand limit)") for k, name in enumerate(items)
    ]
    out += [(TAKE_WOUND, (s,), f"take a wound card from {{p{s}}}") for s in seats]
    out.append((TAKE_DONE, (), "take no more wound cards"))
    return ActionSpace(out)
