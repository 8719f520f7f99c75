"""Native clones of NoirState: one typed assignment per declared field.

Written by `python -m hiddenhand.engine.clone_source --write` from the fields the classes declare
(`engine.cloning` says how each is copied); not edited by hand. Compiled by the native build.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hiddenhand.engine.state import Blank

if TYPE_CHECKING:
    from hiddenhand.games.noir.rules import NoirState


def clone_noir_state(self: NoirState) -> NoirState:
    """Every field NoirState declares, copied or shared as `engine.cloning` says."""
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
    other.board = self.board.copy()
    other.alive = self.alive
    other.innocent = self.innocent
    other.killer_seat = self.killer_seat
    other.killer = self.killer
    other.inspector = self.inspector
    other.hand = self.hand.copy()
    other.deck = self.deck.copy()
    other.discards = self.discards.copy()
    other.kills = self.kills
    other.turn = self.turn
    other.phase = self.phase
    other.killer_to_move = self.killer_to_move
    other.last_shift = self.last_shift
    other.source = self.source
    other.citizens_arrests = self.citizens_arrests
    other.facts = self.facts.copy()
    other.fact_views = self.fact_views.copy()
    other.killer_allowed = self.killer_allowed
    other.inspector_allowed = self.inspector_allowed
    return other
