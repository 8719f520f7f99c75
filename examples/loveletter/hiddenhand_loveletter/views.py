"""What a seat sees, declared once as a Struct: its own hand, every public pile, and the cards
it saw others hold; once the game is over, every hand."""

from __future__ import annotations

from typing import TYPE_CHECKING

import msgspec

from hiddenhand_loveletter.cards import name

if TYPE_CHECKING:
    from hiddenhand_loveletter.rules import LoveLetterState


class LoveLetterView(msgspec.Struct, frozen=True):
    round: int
    tokens: list[int]
    tokens_to_win: int
    turn: int
    deck: int
    """Cards left in the deck."""
    face_up: list[str]
    discards: list[list[str]]
    out: list[bool]
    protected: list[bool]
    ruled_out: list[list[str]]
    """Cards a Guard named and missed on each player since they last drew."""
    hand: list[str] | None
    """Your hand (None for a spectator)."""
    seen: list[str | None] | None
    """The card you saw each other player hold, while it is still theirs (None: not seen)."""
    hands: list[list[str]] | None
    """Every hand, once the game is over."""
    to_move: list[int]


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
