"""What a Good Cop Bad Cop player wonders: the face of every integrity card it has not seen.
Asked of a determinized world (`bots.beliefs`)."""

from __future__ import annotations

from hiddenhand.bots.beliefs import Question, register_beliefs
from hiddenhand.games.goodcop.cards import KIND_NAMES, SLOTS
from hiddenhand.games.goodcop.state import GoodCopState


def card_name(world: GoodCopState, card: int) -> str:
    """Where a card lies, as everyone sees it: "Bea's middle card", or the card set aside."""
    owner = world.owner[card]
    if owner < 0:
        return "the card set aside"
    slot = world.cards[owner].index(card)
    where = SLOTS[slot] if slot < len(SLOTS) else f"card {slot + 1}"
    return f"{world.players[owner]}'s {where} card"


def _place(world: GoodCopState, card: int) -> tuple[int, int]:
    """Seat by seat, left to right; the card set aside last."""
    owner = world.owner[card]
    if owner < 0:
        return (world.player_count, card)
    return (owner, world.cards[owner].index(card))


def face_name(kind: int) -> str:
    return KIND_NAMES[kind].capitalize() if 0 <= kind < len(KIND_NAMES) else f"Kind {kind}"


def goodcop_questions(world: GoodCopState, seat: int) -> list[Question]:
    """The face of each card `seat` neither looked at nor saw turned up, among the faces those
    cards have between them (which `seat` can count: the deck minus what it has seen)."""
    seen = world.known[seat] | world.face_up
    unknown = [c for c in range(len(world.card_kinds)) if not seen >> c & 1]
    unknown.sort(key=lambda c: _place(world, c))
    if not unknown:
        return []
    kinds = sorted({world.card_kinds[c] for c in unknown})
    return [
        Question(
            "What is each unseen card?",
            tuple(face_name(k) for k in kinds),
            tuple(card_name(world, c) for c in unknown),
            tuple(kinds.index(world.card_kinds[c]) for c in unknown),
        )
    ]


register_beliefs("goodcop", goodcop_questions)
