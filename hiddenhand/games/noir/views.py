"""What each seat of NOIR may see, built by allow-list.

Every view has these fields (suspects are ids 0-24 into `suspects`; rows and columns from 0):

- `mode`, `disguise`, `kills_to_win`, `turn_limit`: the options that shape play.
- `turn`: turns completed (one action of one player each; an exonerate is one turn).
- `to_move`: the seats that must decide now (empty when the game is over).
- `phase`: `first-kill`, `choose-identity`, `play`, `exonerating` (the Inspector has drawn and
  must clear a card), `citizens-arresting` (he must pick whom to arrest) or `over`.
- `roles`: `{"killer": seat, "inspector": seat}` (roles are open); `you`: this seat's role, or
  None for a spectator.
- `suspects`: the 25 names. `grid`: the board, rows of suspect ids (it shrinks as lines fall).
- `deceased`, `innocent`, `removed`: suspect ids that are dead, carry an innocent marker, or were
  taken off the board with their line.
- `kills`, `deck` (cards left), `hand_size` (the Inspector's evidence cards), `discards` (face-up
  cards in order), `citizens_arrests` (made so far), `citizens_source` (the suspect whose
  neighbours may be arrested now, or None), `last_shift` (`{"line", "index", "direction"}` of the
  previous action if it was a shift, which may not be undone).
- `facts`: the public record the deductions rest on (see `knowledge.Fact`): each
  `{"kind", "suspect", "near", "adjacent"}`.
- `identity`: this seat's own secret identity (None before the Inspector chooses, and for a
  spectator). `hand`: the Inspector's evidence cards, in his own view only.
- `candidates`: who the opponent's identity may still be, from what this seat knows (the
  Inspector's list of possible Killers, the Killer's list of possible Inspectors); None for a
  spectator and for the Killer before the Inspector has chosen.
- `outcome`: None, then `{"winners", "side", "reason", "data"}`. `revealed`: None while playing;
  at the end `{"killer", "inspector", "hand", "deck"}` (every card, the deck top first).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import msgspec

from hiddenhand.games.noir.schema import LastShift, NoirView, OutcomeView, Revealed, Roles
from hiddenhand.games.noir.suspects import EVERYONE, NAMES, listed

if TYPE_CHECKING:
    from hiddenhand.games.noir.rules import NoirState


def view_of(state: NoirState, seat: int | None) -> dict[str, Any]:
    """The seat's view as plain JSON-ready data (a `NoirView`, typed, then made plain)."""
    view: dict[str, Any] = msgspec.to_builtins(typed_view(state, seat))
    return view


def typed_view(state: NoirState, seat: int | None) -> NoirView:
    """The seat's view, field by field."""
    opts = state.options
    board = state.board
    result = state.result
    over = result is not None
    role = state.role_of(seat)
    identity: int | None = None
    hand: list[int] | None = None
    candidates: int | None = None
    if role == "killer":
        identity = state.killer
        if state.inspector >= 0:
            candidates = state.inspector_candidates()
    elif role == "inspector":
        identity = state.inspector if state.inspector >= 0 else None
        hand = list(state.hand)
        candidates = state.killer_candidates()
    last = state.last_shift
    return NoirView(
        mode=opts.mode,
        disguise=opts.disguise,
        kills_to_win=opts.kills,
        turn_limit=opts.turn_limit,
        turn=state.turn,
        to_move=sorted(state.pending()),
        phase="over" if over else state.phase.value,
        roles=Roles(killer=state.killer_seat, inspector=state.inspector_seat),
        you=role,
        suspects=list(NAMES),
        grid=board.grid(),
        deceased=list(listed(EVERYONE & ~state.alive)),
        innocent=list(listed(state.innocent)),
        removed=list(board.removed),
        kills=state.kills,
        deck=len(state.deck),
        hand_size=len(state.hand),
        discards=list(state.discards),
        citizens_arrests=state.citizens_arrests,
        citizens_source=state.source if state.source >= 0 else None,
        last_shift=(
            None if last is None else LastShift(line=last[0], index=last[1], direction=last[2])  # type: ignore[arg-type]
        ),
        facts=list(state.fact_views),
        identity=identity,
        hand=hand,
        candidates=None if candidates is None else list(listed(candidates)),
        outcome=(
            None
            if result is None
            else OutcomeView(
                winners=sorted(result.winners),
                side=result.side,
                reason=result.reason,
                data=dict(result.data),
            )
        ),
        revealed=(
            Revealed(
                killer=state.killer,
                inspector=state.inspector if state.inspector >= 0 else None,
                hand=list(state.hand),
                deck=list(reversed(state.deck)),
            )
            if over
            else None
        ),
    )


class SeatFields:
    """The fields of a seat's `NoirView` an observation tensor reads, as the rules keep them
    (suspect sets as bit sets, the board as its cells): built like `typed_view`, from what
    that view holds and nothing else, without making its lists and Structs."""

    def __init__(self, state: NoirState, seat: int) -> None:
        opts = state.options
        board = state.board
        self.over = over = state.result is not None
        self.role = role = state.role_of(seat)
        self.phase = "over" if over else state.phase.value
        self.mode = opts.mode
        self.innocent_disguise = opts.disguise == "innocent"
        self.kills_to_win = opts.kills
        self.turn_limit = opts.turn_limit
        self.turn = state.turn
        self.to_move = seat in state.pending()
        self.last_shift = state.last_shift
        self.kills = state.kills
        self.deck = len(state.deck)
        self.hand_size = len(state.hand)
        self.citizens_arrests = state.citizens_arrests
        self.citizens_source = state.source
        """-1 for none."""
        self.facts = state.fact_views
        """The public record, shared with the state: read, never changed."""
        self.rows = board.rows
        self.cols = board.cols
        self.cells = board.cells
        """The grid row by row, shared with the state: read, never changed."""
        self.alive = EVERYONE & state.alive
        self.innocent = state.innocent
        self.removed = _bit_set(board.removed)
        self.discards = _bit_set(state.discards)
        self.identity = -1
        """-1 for none."""
        self.hand = 0
        self.candidates = 0
        """0 where the view's `candidates` is None."""
        if role == "killer":
            self.identity = state.killer
            if state.inspector >= 0:
                self.candidates = state.inspector_candidates()
        elif role == "inspector":
            self.identity = state.inspector
            self.hand = _bit_set(state.hand)
            self.candidates = state.killer_candidates()


def _bit_set(suspects: Sequence[int]) -> int:
    """`suspects.mask_of`, compiled here with the view (it is called for every tensor)."""
    out = 0
    for s in suspects:
        out |= 1 << s
    return out
