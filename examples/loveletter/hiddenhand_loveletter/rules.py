"""The rules of Love Letter (the classic sixteen-card deck, 2-4 players).

A game is a series of rounds: each player holds one card, draws a second on their turn and
plays one of the two. A round ends when one player is left, or when the deck is empty after a
turn (the highest card left wins it). Each round's winner takes a token of affection; the first
to the rulebook's count (7, 5 or 4 for 2, 3 or 4 players) wins the game.

What a seat knows besides its own hand and the public discards is kept in `known`: the card it
saw another player hold (a Priest, a Baron, a King's trade), until that card may have moved.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import msgspec

from hiddenhand.engine import Action, Event, Outcome, Pending, State, private
from hiddenhand_loveletter.actions import (
    BARON_COMPARE,
    GUARD_GUESS,
    KING_TRADE,
    PLAY,
    PRIEST_LOOK,
    PRINCE_DISCARD,
    TARGET_KINDS,
    loveletter_space,
)
from hiddenhand_loveletter.cards import (
    COUNTESS,
    DECK,
    HANDMAID,
    KING,
    PRINCE,
    PRINCESS,
    TOKENS_TO_WIN,
    name,
)
from hiddenhand_loveletter.options import LoveLetterOptions
from hiddenhand_loveletter.views import LoveLetterView, typed_view

UNKNOWN = 0


class LoveLetterState(State[LoveLetterOptions]):
    """One game of Love Letter: the round being played and the tokens won so far."""

    deck: list[int]
    aside: int
    """The card set aside face down at the start of the round (drawn by a Prince's victim when
    the deck is empty)."""
    face_up: list[int]
    """The three cards set aside face up in a two-player round."""
    hands: list[list[int]]
    discards: list[list[int]]
    out: list[bool]
    protected: list[bool]
    known: list[list[int]]
    """known[s][t]: the card seat s knows seat t holds (UNKNOWN if none)."""
    ruled_out: list[list[int]]
    """ruled_out[t]: cards a Guard named and missed on t since t last drew (public)."""
    tokens: list[int]
    turn: int
    round: int

    def __init__(
        self, players: Sequence[str], options: LoveLetterOptions, seed: int, seeding: str
    ) -> None:
        super().__init__(players, options, seed, loveletter_space(len(players), options), seeding)
        n = len(players)
        self.tokens = [0] * n
        self.round = 0
        with self.collecting():  # the first deal's draw is told to nobody: no one listens yet
            self._deal(first=0)

    @property
    def goal(self) -> int:
        """Tokens that win the game."""
        return self.options.tokens or TOKENS_TO_WIN[len(self.players)]

    # -- the deal ---------------------------------------------------------------------------

    def _deal(self, first: int) -> None:
        n = len(self.players)
        self.round += 1
        self.deck = list(DECK)
        self.rng.shuffle(self.deck)
        self.aside = self.deck.pop()
        self.face_up = [self.deck.pop() for _ in range(3)] if n == 2 else []
        self.hands = [[self.deck.pop()] for _ in range(n)]
        self.discards = [[] for _ in range(n)]
        self.out = [False] * n
        self.protected = [False] * n
        self.known = [[UNKNOWN] * n for _ in range(n)]
        self.ruled_out = [[] for _ in range(n)]
        self.turn = first
        self._draw(first)

    def _draw(self, seat: int) -> None:
        """The seat draws the deck's top card (the set-aside card once the deck is empty)."""
        if self.deck:
            card = self.deck.pop()
        else:
            card, self.aside = self.aside, UNKNOWN
        self.hands[seat].append(card)
        self.ruled_out[seat] = []
        self.emit(Event("draw", f"you draw the {name(card)}", private(seat), {"card": name(card)}))

    # -- the questions ----------------------------------------------------------------------

    def _legal(self) -> Pending:
        seat = self.turn
        hand = self.hands[seat]
        if COUNTESS in hand and (KING in hand or PRINCE in hand):
            return {seat: [self.space.get(PLAY, COUNTESS)]}
        others = [
            t
            for t in range(len(self.players))
            if t != seat and not self.out[t] and not self.protected[t]
        ]
        legal: list[Action] = []
        for card in sorted(set(hand)):
            if card in TARGET_KINDS:
                kind = TARGET_KINDS[card]
                targets = [*others, seat] if card == PRINCE else others
                if not targets:
                    legal.append(self.space.get(PLAY, card))
                elif kind == GUARD_GUESS:
                    legal += [self.space.get(kind, t, g) for t in targets for g in range(2, 9)]
                else:
                    legal += [self.space.get(kind, t) for t in targets]
            else:
                legal.append(self.space.get(PLAY, card))
        return {seat: legal}

    def view(self, seat: int | None) -> dict[str, Any]:
        view: dict[str, Any] = msgspec.to_builtins(self.typed_view(seat))
        return view

    def typed_view(self, seat: int | None) -> LoveLetterView:
        return typed_view(self, seat)

    def _roles(self) -> Sequence[str] | None:
        return None

    # -- the deeds --------------------------------------------------------------------------

    def _apply(self, seat: int, action: Action) -> None:
        card = int(action.args[0]) if action.kind == PLAY else _card_of(action.kind)
        target = int(action.args[0]) if action.kind != PLAY else None
        self.hands[seat].remove(card)
        self.discards[seat].append(card)
        self.protected[seat] = False
        self._played(seat, card)
        self.emit(
            Event(
                "play",
                action.text.replace("play the", f"{{p{seat}}} plays the", 1),
                None,
                {
                    "seat": seat,
                    "card": name(card),
                    **({"target": target} if target is not None else {}),
                },
            )
        )
        if action.kind == GUARD_GUESS:
            self._guard(seat, int(action.args[0]), int(action.args[1]))
        elif action.kind == PRIEST_LOOK:
            self._priest(seat, int(action.args[0]))
        elif action.kind == BARON_COMPARE:
            self._baron(seat, int(action.args[0]))
        elif action.kind == PRINCE_DISCARD:
            self._prince(int(action.args[0]))
        elif action.kind == KING_TRADE:
            self._king(seat, int(action.args[0]))
        elif card == HANDMAID:
            self.protected[seat] = True
        elif card == PRINCESS:
            self._knock_out(seat, "discarded the Princess")
        self._next_turn()

    def _played(self, seat: int, card: int) -> None:
        """Others who knew a card of `seat`'s know it no longer if that card may be the one
        played (its other card came from the deck, unseen)."""
        for s in range(len(self.players)):
            if self.known[s][seat] == card:
                self.known[s][seat] = UNKNOWN

    def _guard(self, seat: int, target: int, guess: int) -> None:
        if self.hands[target][0] == guess:
            self._knock_out(target, f"holds the {name(guess)}")
        else:
            self.ruled_out[target].append(guess)
            self.emit(
                Event(
                    "miss", f"{{p{target}}} does not hold the {name(guess)}", None, {"seat": target}
                )
            )

    def _priest(self, seat: int, target: int) -> None:
        card = self.hands[target][0]
        self.known[seat][target] = card
        self.emit(
            Event(
                "look",
                f"{{p{target}}} holds the {name(card)}",
                private(seat),
                {"seat": target, "card": name(card)},
            )
        )

    def _baron(self, seat: int, target: int) -> None:
        mine, theirs = self.hands[seat][0], self.hands[target][0]
        self.known[seat][target] = theirs
        self.known[target][seat] = mine
        self.emit(
            Event(
                "compare",
                f"{{p{seat}}} holds the {name(mine)}, {{p{target}}} the {name(theirs)}",
                private((seat, target)),
                {"seat": seat, "card": name(mine), "target": target, "their_card": name(theirs)},
            )
        )
        if mine != theirs:
            loser = seat if mine < theirs else target
            self._knock_out(loser, "loses the comparison")
        else:
            self.emit(Event("tie", "the cards are equal: nobody is out", None, {}))

    def _prince(self, target: int) -> None:
        card = self.hands[target].pop()
        self.discards[target].append(card)
        for s in range(len(self.players)):
            self.known[s][target] = UNKNOWN
        self.emit(
            Event(
                "discard",
                f"{{p{target}}} discards the {name(card)}",
                None,
                {"seat": target, "card": name(card)},
            )
        )
        if card == PRINCESS:
            self._knock_out(target, "discarded the Princess", discarded=True)
        else:
            self._draw(target)

    def _king(self, seat: int, target: int) -> None:
        self.hands[seat], self.hands[target] = self.hands[target], self.hands[seat]
        self.ruled_out[seat], self.ruled_out[target] = self.ruled_out[target], self.ruled_out[seat]
        for s in range(len(self.players)):
            self.known[s][seat], self.known[s][target] = self.known[s][target], self.known[s][seat]
        self.known[seat][target] = self.hands[target][0]
        self.known[target][seat] = self.hands[seat][0]
        for who, other in ((seat, target), (target, seat)):
            card = name(self.hands[who][0])
            self.emit(
                Event(
                    "trade",
                    f"you now hold the {card} of {{p{other}}}",
                    private(who),
                    {"card": card},
                )
            )

    def _knock_out(self, seat: int, why: str, *, discarded: bool = False) -> None:
        if not discarded:
            self.discards[seat].extend(self.hands[seat])
        cards = [name(c) for c in self.hands[seat]] if not discarded else []
        self.hands[seat] = []
        self.out[seat] = True
        self.protected[seat] = False
        for s in range(len(self.players)):
            self.known[s][seat] = UNKNOWN
        shown = f", showing the {' and the '.join(cards)}" if cards else ""
        self.emit(
            Event(
                "out",
                f"{{p{seat}}} {why} and is out of the round{shown}",
                None,
                {"seat": seat, "cards": cards},
            )
        )

    # -- rounds -----------------------------------------------------------------------------

    def _next_turn(self) -> None:
        n = len(self.players)
        left = [s for s in range(n) if not self.out[s]]
        if len(left) == 1:
            self._end_round(left, "the last one in")
            return
        if not self.deck:
            best = max(self.hands[s][0] for s in left)
            top = [s for s in left if self.hands[s][0] == best]
            if len(top) > 1:  # a tie: the highest total of discarded cards wins
                most = max(sum(self.discards[s]) for s in top)
                top = [s for s in top if sum(self.discards[s]) == most]
            shown = ", ".join(f"{{p{s}}} the {name(self.hands[s][0])}" for s in left)
            self._end_round(top, f"the deck is empty; {shown}")
            return
        seat = (self.turn + 1) % n
        while self.out[seat]:
            seat = (seat + 1) % n
        self.turn = seat
        self.protected[seat] = False
        self._draw(seat)

    def _end_round(self, winners: list[int], how: str) -> None:
        for s in winners:
            self.tokens[s] += 1
        who = " and ".join(f"{{p{s}}}" for s in winners)
        self.emit(
            Event(
                "round",
                f"round {self.round}: {how}; {who} takes a token of affection",
                None,
                {"winners": winners, "hands": [[name(c) for c in h] for h in self.hands]},
            )
        )
        champions = [s for s in winners if self.tokens[s] >= self.goal]
        if champions:
            self.finish(
                Outcome(
                    frozenset(champions),
                    "won",
                    f"{self.goal} tokens of affection",
                    {"tokens": list(self.tokens)},
                )
            )
            return
        self._deal(first=winners[0])

    # -- what a seat cannot know ------------------------------------------------------------

    def _resample(self, sample: LoveLetterState, seat: int, rng: random.Random) -> None:
        """Deal again every card `seat` has not seen: the other hands' cards it does not know,
        the deck and the card set aside. It keeps its own hand, every discard, the face-up
        cards and each card it saw another player hold."""
        unseen = list(DECK)
        for card in (
            *self.hands[seat],
            *self.face_up,
            *(c for pile in self.discards for c in pile),
        ):
            unseen.remove(card)
        for t, hand in enumerate(self.hands):
            if t != seat and hand and self.known[seat][t] != UNKNOWN:
                unseen.remove(self.known[seat][t])
        while True:  # a Guard's miss rules a card out of a hand: deal until no hand breaks one
            rng.shuffle(unseen)
            dealt = list(unseen)
            for t, hand in enumerate(self.hands):
                if t == seat or not hand:
                    continue
                kept = [self.known[seat][t]] if self.known[seat][t] != UNKNOWN else []
                sample.hands[t] = kept + [dealt.pop() for _ in range(len(hand) - len(kept))]
            if not any(set(sample.hands[t]) & set(out) for t, out in enumerate(self.ruled_out)):
                break
        unseen = dealt
        sample.deck = [unseen.pop() for _ in range(len(self.deck))]
        sample.aside = unseen.pop() if self.aside != UNKNOWN else UNKNOWN


def _card_of(kind: str) -> int:
    return next(card for card, k in TARGET_KINDS.items() if k == kind)


__all__ = ["LoveLetterState"]
