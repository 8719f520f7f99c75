"""One game played for a balance report, kept as the facts the report needs.

A deal is played by the arena's bots, rotated over the seats as a tournament rotates them; what
comes back is small and picklable (it crosses from worker processes): each seat's bot, role,
side, result and card kinds, the end condition and the game's length.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from hiddenhand.balance.lenses import lens_for
from hiddenhand.bots.arena import Deal, seat_roles
from hiddenhand.bots.base import make_bot
from hiddenhand.bots.match import SeatLogs, decide
from hiddenhand.engine.errors import HiddenhandError
from hiddenhand.engine.game import Game
from hiddenhand.engine.options import Options

MAX_DECISIONS = 200_000
"""The same step limit as `play`: a game that runs past it is a liveness failure."""


@dataclass(frozen=True)
class SeatFacts:
    """One seat of one game: its bot, role, side, whether it won and the card kinds it had."""

    bot: str
    role: str
    side: str
    won: bool
    cards: frozenset[str] = frozenset()


@dataclass(frozen=True)
class GameFacts:
    """What one game contributes to a balance report (or the error that stopped it)."""

    index: int
    seed: int
    seats: tuple[SeatFacts, ...] = ()
    winner: str = ""
    end: str = ""
    turns: int = 0
    decisions: int = 0
    error: str = ""

    def to_json(self) -> dict[str, Any]:
        return {
            "index": self.index,
            "seed": self.seed,
            "winner": self.winner,
            "end": self.end,
            "turns": self.turns,
            "decisions": self.decisions,
            "error": self.error,
            "seats": [
                {
                    "bot": s.bot,
                    "role": s.role,
                    "side": s.side,
                    "won": s.won,
                    "cards": sorted(s.cards),
                }
                for s in self.seats
            ],
        }


def play_for_balance(game: Game, options: Options, deal: Deal, bot_seed: int) -> GameFacts:
    """Play one scheduled game and read it through the game's lens; a failure comes back as
    the error (with the seed), never raised, so one bad game does not stop a report."""
    lens = lens_for(game.id)
    try:
        state = game.start(len(deal.seats), options, deal.seed)
        bots = [make_bot(game, spec, seat, bot_seed) for seat, spec in enumerate(deal.seats)]
        logs = SeatLogs(len(deal.seats))
        cards: list[set[str]] = [set() for _ in deal.seats]
        decisions = 0
        while pending := state.pending():
            if decisions >= MAX_DECISIONS:
                raise HiddenhandError(f"no outcome after {MAX_DECISIONS} actions")
            seat = min(pending)
            action = decide(state, seat, bots[seat], logs.of(seat))
            card = lens.card_of(action)
            if card is not None:
                cards[seat].add(card)
            logs.add(state.act(seat, action))
            decisions += 1
        outcome = state.outcome()
        if outcome is None:
            raise HiddenhandError("the game has no pending seats but no outcome")
        public = logs.of(None)
        roles = seat_roles(state)
    except Exception as exc:  # a rules or bot bug: reported with the seed, never hidden
        return GameFacts(deal.index, deal.seed, error=f"{type(exc).__name__}: {exc}")
    seats = tuple(
        SeatFacts(
            deal.seats[s],
            roles[s],
            lens.side_of(roles[s]),
            s in outcome.winners,
            frozenset(cards[s]),
        )
        for s in range(len(deal.seats))
    )
    return GameFacts(
        deal.index,
        deal.seed,
        seats,
        winner=outcome.side,
        end=lens.end_of(outcome, state.players, public),
        turns=lens.turns_of(state, public),
        decisions=decisions,
    )
