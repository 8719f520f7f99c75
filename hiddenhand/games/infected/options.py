"""The options of The Infected: which variant, and the rulebook's optional rules."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar, Literal

from hiddenhand.engine.errors import OptionError
from hiddenhand.engine.options import Options, option


@dataclass(frozen=True)
class InfectedOptions(Options):
    variant: Literal["standard", "cooperative", "infection-spreads", "all-okay"] = option(
        "standard",
        "standard (one may be infected), cooperative (no infected), "
        "infection-spreads or all-okay (3-4 players)",
    )
    advanced: bool = option(False, "advanced game: hitpoints limit wounds")
    harder: bool = option(False, "remove 5 random (non-major) zombie cards at the start")
    cooperative_removal: Literal["balanced", "rulebook"] = option(
        "balanced",
        "zombie cards the cooperative game removes: balanced (10 with 2-4 players, 5 alone) "
        "or rulebook (the recommended 5 at any table)",
    )
    standard_removal: Literal["balanced", "rulebook"] = option(
        "balanced",
        "zombie cards the standard game removes: balanced (2 with 4 players, and with 3 from "
        "edition 2) or rulebook (none)",
    )
    lead_by_vote: bool = option(False, "the Leader card moves only by a vote (3-4 players)")
    carried_resources: bool = option(
        False, "resources taken into hands when the end game begins still count as collected"
    )
    edition: int = option(
        2,
        "the balance edition: 2 (the 3-player standard game removes 2 zombie cards too) or 1",
        low=1,
        high=2,
    )

    STORED_DEFAULTS: ClassVar[Mapping[str, Any]] = {
        "cooperative_removal": "rulebook",
        "standard_removal": "rulebook",
        "edition": 1,
    }
    """A game stored before an option existed played as the rules were then: the full deck
    in the standard game, the recommended 5 removed in the cooperative one, edition 1."""


def effective_variant(players: int, options: InfectedOptions) -> str:
    """One player always plays the cooperative game."""
    return "cooperative" if players == 1 else options.variant


def minor_removals(players: int, options: InfectedOptions) -> int:
    """Minor threats removed at set-up, the rulebook's lever on difficulty (fewer threats, a
    shorter game, harder for the survivors): `harder` removes 5 more at any table."""
    return _balance_removals(players, options) + (5 if options.harder else 0)


def _balance_removals(players: int, options: InfectedOptions) -> int:
    """The removals that tune a setup (docs/rules/the-infected.md measures each).

    The cooperative game: the rulebook recommends 5, and with this card set good players win
    70-77% of 2-4 player cooperative games with 5 removed, about half with 10. The standard game
    with 4 players, and with 3 from edition 2: `hard` survivors win above 60% with the full
    deck, 2 removed bring it inside.
    """
    variant = effective_variant(players, options)
    if variant == "cooperative":
        return 10 if options.cooperative_removal == "balanced" and players >= 2 else 5
    removes_here = players == 4 or (players == 3 and options.edition >= 2)
    if variant == "standard" and options.standard_removal == "balanced" and removes_here:
        return 2
    return 0


def check_options(players: int, options: InfectedOptions) -> None:
    """Reject variants the rulebook gives for other seat counts."""
    if options.variant in ("infection-spreads", "all-okay") and players < 3:
        raise OptionError(f"variant {options.variant} is for 3-4 players, not {players}")
    if options.lead_by_vote and players < 3:
        raise OptionError(f"lead_by_vote is for 3-4 players, not {players}")
