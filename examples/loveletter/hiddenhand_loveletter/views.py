"""What a seat sees, declared once as a Struct: its own hand, every public pile, and the cards
it saw others hold; once the game is over, every hand.

The marks and bounds (`Seat`, `PerSeat`, `Meta`) change nothing in the view's JSON: they tell
code that reads views without knowing the game (the learning environments' generic encoder)
what each number and list means."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated

import msgspec
from msgspec import Meta

from hiddenhand.engine.view_types import PerSeat, Seat
from hiddenhand_loveletter.cards import DECK, CardName, name

if TYPE_CHECKING:
    from hiddenhand_loveletter.rules import LoveLetterState

Tokens = Annotated[int, Meta(ge=0, le=13)]
"""Tokens of affection (the `tokens` option goes up to 13)."""
Cards = Annotated[list[CardName], Meta(max_length=len(DECK))]
"""A pile of cards: at most the whole deck."""


class LoveLetterView(msgspec.Struct, frozen=True):
    round: Annotated[int, Meta(ge=1)]
    tokens: PerSeat[Tokens]
    tokens_to_win: Annotated[int, Meta(ge=1, le=13)]
    turn: Seat
    deck: Annotated[int, Meta(ge=0, le=len(DECK))]
    """Cards left in the deck."""
    face_up: Annotated[list[CardName], Meta(max_length=3)]
    discards: PerSeat[Cards]
    out: PerSeat[bool]
    protected: PerSeat[bool]
    ruled_out: PerSeat[Annotated[list[CardName], Meta(max_length=5)]]
    """Cards a Guard named and missed on each player since they last drew (five Guards)."""
    hand: Annotated[list[CardName], Meta(max_length=2)] | None
    """Your hand (None for a spectator)."""
    seen: PerSeat[CardName | None] | None
    """The card you saw each other player hold, while it is still theirs (None: not seen)."""
    hands: PerSeat[Annotated[list[CardName], Meta(max_length=2)]] | None
    """Every hand, once the game is over."""
    to_move: list[Seat]


def typed_view(state: LoveLetterState, seat: int | None) -> LoveLetterView:
    over = state.result is not None
    return LoveLetterView(
        round=state.round,
        tokens=list(state.tokens),
        tokens_to_win=state.goal,
        turn=state.turn,
        deck=len(state.deck),
        face_up=[name(c) for c in state.face_up],
        discards=[[name(c) for c in pile] for pile in state.discards],
        out=list(state.out),
        protected=list(state.protected),
        ruled_out=[[name(c) for c in cards] for cards in state.ruled_out],
        hand=None if seat is None else [name(c) for c in state.hands[seat]],
        seen=None
        if seat is None
        else [name(c) if c and t != seat else None for t, c in enumerate(state.known[seat])],
        hands=[[name(c) for c in h] for h in state.hands] if over else None,
        to_move=sorted(state.pending()),
    )
