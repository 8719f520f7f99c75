"""Every step of the flow under the name the queue uses, and every decision with the way it is
offered and carried out: the one table the rules (rules.py) run.

Each rulebook section's module defines its steps and decisions; this table names them, so the
queue names only steps that exist and every phase that waits has its rules (tests/…/test_flow).
"""

from __future__ import annotations

from typing import Final

from hiddenhand.games.infected import (
    action_phase,
    preparation,
    rounds,
    threat,
    threat_resolve,
    use_item,
    votes,
)
from hiddenhand.games.infected.flow import Phase, Step, Turn, Window

STEPS: Final[dict[str, Step]] = {
    "round": rounds.new_round,
    "action": action_phase.action_phase,
    "extra": action_phase.second_actions,
    "limit": rounds.hand_limit,
    "votes": votes.called_votes,
    "use": use_item.use_item_phase,
    "threat": threat.threat_card,
    "effect": threat.threat_effect,
    "announce": threat_resolve.announce,
    "claims": threat_resolve.claims,
    "infect": rounds.infections,
    "victory": rounds.check_victory,
    "next": rounds.next_leader,
}
"""The steps a round's queue (`todo`) names."""

WINDOWS: Final[dict[Phase, Window]] = {
    Phase.SETUP: preparation.STARTING_EQUIPMENT,
    Phase.ACTION: action_phase.ACTIONS,
    Phase.EXTRA: action_phase.ACTIONS,
    Phase.VOTE: votes.VOTES,
    Phase.USE: use_item.USES,
    Phase.REACT: threat.REACTIONS_TO_THREAT,
    Phase.CLAIM: threat_resolve.CLAIMS,
    Phase.PLACE: threat_resolve.PLACEMENTS,
}
"""Simultaneous secret decisions, by the phase that waits for them."""

TURNS: Final[dict[Phase, Turn]] = {
    Phase.CHARACTER: preparation.CHARACTERS,
    Phase.DISCARD: rounds.DISCARDS,
    Phase.INFECT: rounds.INFECTIONS,
}
"""Decisions one seat at a time, by the phase that waits for them."""
