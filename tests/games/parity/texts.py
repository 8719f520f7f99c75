"""What Parity's players read (the conformance check looks for it beside the rules)."""

from __future__ import annotations

from typing import Any

GOAL = "Guess whether the hidden number is odd or even before the other player does."


def turn(options: Any) -> list[str]:
    return ["Guess odd or even: a right guess wins, a wrong one passes the turn."]


def card_texts(options: Any) -> dict[str, str]:
    return {}
