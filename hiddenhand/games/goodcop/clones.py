"""Native clones of GoodCop, ZombieGoodCop: one typed assignment per declared field.

Written by `python -m hiddenhand.engine.clone_source --write` from the fields the classes declare
(`engine.cloning` says how each is copied); not edited by hand. Compiled by the native build.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hiddenhand.engine.state import Blank

if TYPE_CHECKING:
    from hiddenhand.games.goodcop.rules import GoodCop
    from hiddenhand.games.goodcop.zombie_rules import ZombieGoodCop


def clone_good_cop(self: GoodCop) -> GoodCop:
    """Every field GoodCop declares, copied or shared as `engine.cloning` says."""
    other = Blank.__new__(type(self))
    other.players = self.players
    other.options = self.options
    other.seed = self.seed
    other.seeding = self.seeding
    other._rng = None
    other._rng_state = self._generator_state()
    other.space = self.space
    other.history = self.history.copy()
    other._pending = self._pending
    other._sink = None
    other.result = self.result
    other.asked = self.asked
    other.answered = self.answered
    other.actions = self.actions
    other.player_count = self.player_count
    other.card_kinds = self.card_kinds.copy()
    other.owner = self.owner.copy()
    other.cards = [x0.copy() for x0 in self.cards]
    other.face_up = self.face_up
    other.wounded = self.wounded
    other.known = self.known.copy()
    other.agent = self.agent
    other.kingpin = self.kingpin
    other.alive = self.alive.copy()
    other.aim = self.aim.copy()
    other.guns = self.guns
    other.teams = self.teams.copy()
    other.hand = [x0.copy() for x0 in self.hand]
    other.placed = self.placed.copy()
    other.deck = self.deck.copy()
    other.unordered = self.unordered
    other.draws = self.draws
    other.discards = self.discards.copy()
    other.shuffle_batch = self.shuffle_batch.copy()
    other.next_batch = self.next_batch
    other.equipment_known = self.equipment_known.copy()
    other.shuffle_seed = self.shuffle_seed
    other.turn = self.turn
    other.direction = self.direction
    other.coffee = self.coffee
    other.phase = self.phase
    other.task = self.task
    other.over_limit = self.over_limit
    other.shot_target = self.shot_target
    other.shot_locked = self.shot_locked
    other.shot_changed = self.shot_changed
    other.tased = self.tased
    return other


def clone_zombie_good_cop(self: ZombieGoodCop) -> ZombieGoodCop:
    """Every field ZombieGoodCop declares, copied or shared as `engine.cloning` says."""
    other = Blank.__new__(type(self))
    other.players = self.players
    other.options = self.options
    other.seed = self.seed
    other.seeding = self.seeding
    other._rng = None
    other._rng_state = self._generator_state()
    other.space = self.space
    other.history = self.history.copy()
    other._pending = self._pending
    other._sink = None
    other.result = self.result
    other.asked = self.asked
    other.answered = self.answered
    other.actions = self.actions
    other.player_count = self.player_count
    other.card_kinds = self.card_kinds.copy()
    other.owner = self.owner.copy()
    other.cards = [x0.copy() for x0 in self.cards]
    other.face_up = self.face_up
    other.wounded = self.wounded
    other.known = self.known.copy()
    other.agent = self.agent
    other.kingpin = self.kingpin
    other.alive = self.alive.copy()
    other.aim = self.aim.copy()
    other.guns = self.guns
    other.teams = self.teams.copy()
    other.hand = [x0.copy() for x0 in self.hand]
    other.placed = self.placed.copy()
    other.deck = self.deck.copy()
    other.unordered = self.unordered
    other.draws = self.draws
    other.discards = self.discards.copy()
    other.shuffle_batch = self.shuffle_batch.copy()
    other.next_batch = self.next_batch
    other.equipment_known = self.equipment_known.copy()
    other.shuffle_seed = self.shuffle_seed
    other.turn = self.turn
    other.direction = self.direction
    other.coffee = self.coffee
    other.phase = self.phase
    other.task = self.task
    other.over_limit = self.over_limit
    other.shot_target = self.shot_target
    other.shot_locked = self.shot_locked
    other.shot_changed = self.shot_changed
    other.tased = self.tased
    other.design = self.design
    other.zombie = self.zombie.copy()
    other.infector = self.infector
    other.infected_cards = self.infected_cards
    other.arms_in_centre = self.arms_in_centre
    other.bite_roll = self.bite_roll
    other.bitten_seat = self.bitten_seat
    other.biting = self.biting
    other.arming = self.arming
    other.aim_away_from = self.aim_away_from
    other.last_roll = self.last_roll
    other.alarm = self.alarm
    other.alarm_live = self.alarm_live
    return other
