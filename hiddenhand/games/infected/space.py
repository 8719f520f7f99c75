"""The action space: every choice a table can ever offer, built once per configuration.

Card choices name card kinds ("play a Chainsaw to your challenge pile"), so texts read like the
rules and ids stay stable whatever the deal.
"""

from __future__ import annotations

from functools import cache

from hiddenhand.engine.actions import ActionArg, ActionSpace
from hiddenhand.engine.text import article
from hiddenhand.games.infected.cards import card_set
from hiddenhand.games.infected.options import InfectedOptions

SLOT_NAMES = ("first", "second")
CLAIMS = {
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
    out += [("character", (c,), f"choose the {ch.name}") for c, ch in enumerate(cards.characters)]
    for k, name in enumerate(items):
        out.append(("equip", (k, 1), f"equip {article(name)} face up"))
        out.append(("equip", (k, 0), f"equip {article(name)} face down"))
    out.append(("equip_done", (), "equip no more"))
    out += [("unequip", (s,), f"discard your {SLOT_NAMES[s]} equipped item") for s in (0, 1)]
    out.append(("call_destroy", (), "call a vote to destroy a member of the group"))
    out += [("destroy_target", (s,), f"propose to destroy {{p{s}}}") for s in seats]
    out.append(("call_leader", (), "call a vote to choose a new Leader"))
    out += [("leader_target", (s,), f"propose {{p{s}}} as the new Leader") for s in seats]
    out.append(("ability", (), "use your once-per-game ability first"))
    out += [("ability_target", (s,), f"test {{p{s}}}'s blood (ability)") for s in seats]
    out.append(("special", (), "equip your special item first"))
    out += [
        ("special_cost", (k,), f"discard {article(name)} to equip it")
        for k, name in enumerate(items)
    ]
    out += [
        ("play", (k,), f"play {article(name)} to your challenge pile")
        for k, name in enumerate(items)
    ]
    out.append(("draw", (), "draw 1 item card"))
    out += [
        ("swap", (k,), f"discard {article(name)} to draw new cards") for k, name in enumerate(items)
    ]
    out.append(("draw2", (), "draw 2 item cards (your hand is empty)"))
    for k, name in enumerate(items):
        out += [("give", (k, s), f"give {article(name)} to {{p{s}}}") for s in seats]
    out.append(("give_done", (), "give no more"))
    out.append(("heal", (), "heal 1 wound"))
    out.append(("pass", (), "take no action"))
    out.append(("zombify", (), "finish zombification: reveal yourself as the infected"))
    out += [("use", (k,), f"use your equipped {name}") for k, name in enumerate(items)]
    out.append(("use_none", (), "use no item"))
    out += [("test_target", (s,), f"test {{p{s}}}'s blood") for s in seats]
    out += [
        ("react", (k,), f"use your {name} on the new threat card") for k, name in enumerate(items)
    ]
    for z, zombie in enumerate(cards.zombie_kinds):
        text = f"play your {zombie.name} ({zombie.value}) on top of the new threat card"
        out.append(("cover", (z,), text))
    out.append(("react_none", (), "let the new threat card be"))
    out += [("claim", (c,), text) for c, text in CLAIMS.items()]
    for k, kind in enumerate(cards.item_kinds):
        out.append(("place", (k,), f"put your {kind.name} on the {kind.resource} pile"))
    out.append(("place_none", (), "put nothing on the resource piles"))
    out.append(("vote", ("yes",), "vote for"))
    out.append(("vote", ("no",), "vote against"))
    out += [
        ("discard", (k,), f"discard {article(name)} (hand limit)") for k, name in enumerate(items)
    ]
    out += [("take_wound", (s,), f"take a wound card from {{p{s}}}") for s in seats]
    out.append(("take_done", (), "take no more wound cards"))
    return ActionSpace(out)
