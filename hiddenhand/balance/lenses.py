"""How a balance report reads each game: the side of a role, the end condition of an outcome,
the length of a game in turns, and the card kind an action holds or uses.

A lens reads only what is public once the game is over: the outcome, the public events and the
record (each seat's actions, which the replay of a finished game shows). A game without a lens
of its own is read by the generic one: sides are roles, the end condition is the outcome's
reason with names and numbers taken out, a turn is a public "turn" or "round" event, and no
card kinds are counted.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from hiddenhand.engine.actions import Action
from hiddenhand.engine.events import Event
from hiddenhand.engine.state import Outcome, State

SideOf = Callable[[str], str]
EndOf = Callable[[Outcome, Sequence[str], Sequence[Event]], str]
TurnsOf = Callable[[State[Any], Sequence[Event]], int]
CardOf = Callable[[Action], str | None]


def end_condition(outcome: Outcome, players: Sequence[str]) -> str:
    """The outcome's reason as a condition: seat names, "who was ..." tails, parentheses and
    numbers taken out, so that every game ended the same way reads the same."""
    reason = outcome.reason
    for name in sorted(players, key=len, reverse=True):
        reason = re.sub(rf"\b{re.escape(name)}\b", "a player", reason)
    reason = re.sub(r"\{p\d+\}", "a player", reason)
    reason = re.sub(r",\s*who (was|is)\b.*$", "", reason)
    reason = re.sub(r"\s*\([^)]*\)", "", reason)
    reason = re.sub(r"\d+", "N", reason)
    return f"{outcome.side}: {reason}"


def _generic_end(outcome: Outcome, players: Sequence[str], public: Sequence[Event]) -> str:
    return end_condition(outcome, players)


def _counted_turns(state: State[Any], public: Sequence[Event]) -> int:
    return sum(1 for e in public if e.kind in ("turn", "round"))


@dataclass(frozen=True)
class Lens:
    """How one game is read; `cards` says in words what counts as holding or using a card."""

    side_of: SideOf = str
    end_of: EndOf = _generic_end
    turns_of: TurnsOf = _counted_turns
    card_of: CardOf = lambda action: None
    turn_unit: str = "turns"
    cards: str = "no card kinds are counted for this game"


# -- NOIR -----------------------------------------------------------------------------------------

NOIR_MOVES = {
    "shift": "shift",
    "disguise": "disguise",
    "exonerate": "exonerate",
    "citizen": "citizen's arrest",
}


def _noir_end(outcome: Outcome, players: Sequence[str], public: Sequence[Event]) -> str:
    condition = end_condition(outcome, players)
    if outcome.side == "inspector":
        arrests = [e for e in public if e.kind == "arrest"]
        if arrests and arrests[-1].data.get("citizens"):
            condition += " by a citizen's arrest"
    return condition


def _noir_turns(state: State[Any], public: Sequence[Event]) -> int:
    return int(state.turn)  # type: ignore[attr-defined]


NOIR = Lens(
    end_of=_noir_end,
    turns_of=_noir_turns,
    card_of=lambda action: NOIR_MOVES.get(action.kind),
    cards="NOIR deals no card kinds to hands: its optional moves stand for them. A seat used "
    "shift, disguise, exonerate or citizen's arrest when it made that move at least once.",
)


# -- Good Cop Bad Cop -----------------------------------------------------------------------------

GOODCOP_SIDES = {"agent": "honest", "kingpin": "crooked"}

GOODCOP = Lens(
    side_of=lambda role: GOODCOP_SIDES.get(role, role),
    card_of=lambda action: str(action.args[0]) if action.kind in ("play", "discard") else None,
    cards="A seat held or used an equipment card when it played it or discarded it (both "
    "public); cards kept hidden in hand to the end are not counted.",
)


# -- The Infected ---------------------------------------------------------------------------------

INFECTED_ITEM_ACTIONS = frozenset(
    ("equip", "special_cost", "play", "swap", "give", "use", "react", "place", "discard")
)


def _infected_card(action: Action) -> str | None:
    from hiddenhand.games.infected.cards import card_set

    cards = card_set()
    if action.kind in INFECTED_ITEM_ACTIONS:
        return cards.item_kinds[int(action.args[0])].name
    if action.kind == "cover":
        return f"{cards.zombie_kinds[int(action.args[0])].name} (zombie)"
    return None


INFECTED = Lens(
    side_of=lambda role: {"human": "humans", "infected": "zombies"}.get(role, role),
    card_of=_infected_card,
    turn_unit="rounds",
    cards="A seat held or used an item kind when it equipped, played, swapped, gave, used, "
    "placed or discarded one (the replay of a finished game shows each); the infected used a "
    "zombie card when it covered a threat with it.",
)

LENSES: dict[str, Lens] = {"noir": NOIR, "goodcop": GOODCOP, "infected": INFECTED}


def lens_for(game_id: str) -> Lens:
    """The lens of a game, or the generic one."""
    return LENSES.get(game_id, Lens())
