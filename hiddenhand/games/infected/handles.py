"""Direct handles on the shared Action objects, so legal-move lists are built without lookups."""

from __future__ import annotations

from functools import cache

from hiddenhand.engine.actions import Action
from hiddenhand.games.infected.cards import card_set
from hiddenhand.games.infected.options import InfectedOptions
from hiddenhand.games.infected.space import infected_space


class ActionHandles:
    """The action space of one configuration, indexed by kind, card kind and seat."""

    def __init__(self, players: int, options: InfectedOptions) -> None:
        space = infected_space(players, options)
        cards = card_set()
        items = range(len(cards.item_kinds))
        seats = range(players)
        get = space.get
        self.character = [get("character", c) for c in range(len(cards.characters))]
        self.equip = [[get("equip", k, 1), get("equip", k, 0)] for k in items]
        self.equip_done = get("equip_done")
        self.unequip = [get("unequip", i) for i in (0, 1)]
        self.call_destroy = get("call_destroy")
        self.destroy_target = [get("destroy_target", s) for s in seats]
        self.call_leader = get("call_leader")
        self.leader_target = [get("leader_target", s) for s in seats]
        self.ability = get("ability")
        self.ability_target = [get("ability_target", s) for s in seats]
        self.special = get("special")
        self.special_cost = [get("special_cost", k) for k in items]
        self.play = [get("play", k) for k in items]
        self.draw = get("draw")
        self.swap = [get("swap", k) for k in items]
        self.draw2 = get("draw2")
        self.give = [[get("give", k, s) for s in seats] for k in items]
        self.give_done = get("give_done")
        self.heal = get("heal")
        self.pass_ = get("pass")
        self.zombify = get("zombify")
        self.use = [get("use", k) for k in items]
        self.use_none = get("use_none")
        self.test_target = [get("test_target", s) for s in seats]
        self.react = [get("react", k) for k in items]
        self.cover = [get("cover", z) for z in range(len(cards.zombie_kinds))]
        self.react_none = get("react_none")
        self.claims: tuple[Action, ...] = tuple(
            get("claim", c) for c in ("success", "fail", "show")
        )
        self.place = [get("place", k) for k in items]
        self.place_none = get("place_none")
        self.votes: tuple[Action, ...] = (get("vote", "yes"), get("vote", "no"))
        self.discard = [get("discard", k) for k in items]
        self.take_wound = [get("take_wound", s) for s in seats]
        self.take_done = get("take_done")


@cache
def action_handles(players: int, options: InfectedOptions) -> ActionHandles:
    return ActionHandles(players, options)
