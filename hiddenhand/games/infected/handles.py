"""Direct handles on the shared Action objects, so legal-move lists are built without lookups.

Compiled (`hiddenhand.native`): the rules read a handle at nearly every move, which a native
class serves from a fixed slot rather than an instance dict."""

from __future__ import annotations

from functools import cache
from typing import Any

from hiddenhand.engine.actions import Action
from hiddenhand.games.infected.cards import card_set
from hiddenhand.games.infected.options import InfectedOptions
from hiddenhand.games.infected.space import (
    ABILITY,
    ABILITY_TARGET,
    CALL_DESTROY,
    CALL_LEADER,
    CHARACTER,
    CLAIM,
    COVER,
    DESTROY_TARGET,
    DISCARD,
    DRAW,
    DRAW_TWO,
    EQUIP,
    EQUIP_DONE,
    GIVE,
    GIVE_DONE,
    HEAL,
    LEADER_TARGET,
    PASS,
    PLACE,
    PLACE_NONE,
    PLAY,
    REACT,
    REACT_NONE,
    SPECIAL,
    SPECIAL_COST,
    SWAP,
    TAKE_DONE,
    TAKE_WOUND,
    TEST_TARGET,
    UNEQUIP,
    USE,
    USE_NONE,
    VOTE,
    ZOMBIFY,
    infected_space,
)


class ActionHandles:
    """The action space of one configuration, indexed by kind, card kind and seat."""

    def __init__(self, players: int, options: InfectedOptions) -> None:
        self.players = players
        self.options = options
        space = infected_space(players, options)
        cards = card_set()
        items = range(len(cards.item_kinds))
        seats = range(players)
        get = space.get
        self.character = [get(CHARACTER, c) for c in range(len(cards.characters))]
        self.equip = [[get(EQUIP, k, 1), get(EQUIP, k, 0)] for k in items]
        self.equip_done = get(EQUIP_DONE)
        self.unequip = [get(UNEQUIP, i) for i in (0, 1)]
        self.call_destroy = get(CALL_DESTROY)
        self.destroy_target = [get(DESTROY_TARGET, s) for s in seats]
        self.call_leader = get(CALL_LEADER)
        self.leader_target = [get(LEADER_TARGET, s) for s in seats]
        self.ability = get(ABILITY)
        self.ability_target = [get(ABILITY_TARGET, s) for s in seats]
        self.special = get(SPECIAL)
        self.special_cost = [get(SPECIAL_COST, k) for k in items]
        self.play = [get(PLAY, k) for k in items]
        self.draw = get(DRAW)
        self.swap = [get(SWAP, k) for k in items]
        self.draw2 = get(DRAW_TWO)
        self.give = [[get(GIVE, k, s) for s in seats] for k in items]
        self.give_done = get(GIVE_DONE)
        self.heal = get(HEAL)
        self.pass_ = get(PASS)
        self.zombify = get(ZOMBIFY)
        self.use = [get(USE, k) for k in items]
        self.use_none = get(USE_NONE)
        self.test_target = [get(TEST_TARGET, s) for s in seats]
        self.react = [get(REACT, k) for k in items]
        self.cover = [get(COVER, z) for z in range(len(cards.zombie_kinds))]
        self.react_none = get(REACT_NONE)
        self.claims: tuple[Action, ...] = tuple(get(CLAIM, c) for c in ("success", "fail", "show"))
        self.place = [get(PLACE, k) for k in items]
        self.place_none = get(PLACE_NONE)
        self.votes: tuple[Action, ...] = (get(VOTE, "yes"), get(VOTE, "no"))
        self.discard = [get(DISCARD, k) for k in items]
        self.take_wound = [get(TAKE_WOUND, s) for s in seats]
        self.take_done = get(TAKE_DONE)

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled as its configuration: unpickled, it is the shared handles of that table."""
        return (action_handles, (self.players, self.options))


@cache
def action_handles(players: int, options: InfectedOptions) -> ActionHandles:
    return ActionHandles(players, options)
