"""Native clones of InfectedState: one typed assignment per declared field.

Written by `python -m hiddenhand.engine.clone_source --write` from the fields the classes declare
(`engine.cloning` says how each is copied); not edited by hand. Compiled by the native build.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hiddenhand.engine.state import Blank

if TYPE_CHECKING:
    from hiddenhand.games.infected.rules import InfectedState


def clone_infected_state(self: InfectedState) -> InfectedState:
    """Every field InfectedState declares, copied or shared as `engine.cloning` says."""
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
    other.cards = self.cards
    other.actions = self.actions
    other.variant = self.variant
    other.n = self.n
    other.round = self.round
    other.phase = self.phase
    other.running = self.running
    other.todo = self.todo.copy()
    other.window = {k0: x0.copy() for k0, x0 in self.window.items()}
    other.character = self.character.copy()
    other.choose_order = self.choose_order.copy()
    other.leader = self.leader
    other.ability_used = self.ability_used.copy()
    other.extra_action = self.extra_action.copy()
    other.samples = [x0.copy() for x0 in self.samples]
    other.samples_up = self.samples_up.copy()
    other.samples_away = self.samples_away.copy()
    other.spare = self.spare
    other.exposed = self.exposed.copy()
    other.infector = self.infector
    other.tests = self.tests.copy()
    other.ideck = self.ideck.copy()
    other.hands = [x0.copy() for x0 in self.hands]
    other.equipped = [[x1.copy() for x1 in x0] for x0 in self.equipped]
    other.piles = [x0.copy() for x0 in self.piles]
    other.item_discard = self.item_discard.copy()
    other.hidden_discard = self.hidden_discard.copy()
    other.whereabouts = [x0.copy() for x0 in self.whereabouts]
    other.removed_items = self.removed_items.copy()
    other.resources = [x0.copy() for x0 in self.resources]
    other.carried = [x0.copy() for x0 in self.carried]
    other.zdeck = self.zdeck.copy()
    other.zdiscard = self.zdiscard.copy()
    other.zdiscard_down = self.zdiscard_down
    other.zremoved = self.zremoved.copy()
    other.wounds = [x0.copy() for x0 in self.wounds]
    other.zhand = [x0.copy() for x0 in self.zhand]
    other.known_top = self.known_top.copy()
    other.zombie_whereabouts = [x0.copy() for x0 in self.zombie_whereabouts]
    other.threat = self.threat.copy()
    other.threat_vals = self.threat_vals.copy()
    other.blocked = self.blocked
    other.cover = self.cover
    other.jammed = self.jammed
    other.exhaustions = self.exhaustions
    other.end_game = self.end_game
    other.destroy_call = self.destroy_call
    other.leader_call = self.leader_call
    other.destroy_held = self.destroy_held
    other.leader_vote_held = self.leader_vote_held
    other.vote_kind = self.vote_kind
    other.vote_target = self.vote_target
    other.last_claims = self.last_claims
    other.shown_fails = self.shown_fails.copy()
    other.fail_claims = self.fail_claims.copy()
    other.shown_claims = self.shown_claims.copy()
    return other
