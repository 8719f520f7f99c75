"""What lies on a Good Cop Bad Cop table and how cards move: the fields of a game, the questions
the rules ask of them, events, the equipment deck and copies. The turn is in `rules.py`.

Hidden state: integrity card kinds (`card_kinds`, by card id), equipment cards in hands and the
deck. Card identities are public (everyone sees which card moves where); what a seat knows about
a card's face is a bit in `known[seat]` (integrity) or `equipment_known[seat]` (equipment), so
knowledge follows a card wherever it goes. The top of the equipment deck is kept unordered and a
draw picks one of its cards by a keyed hash of `shuffle_seed` (drawn from the game's generator)
and a counter, so a determinized copy changes the deck's future by taking a new key.
"""

from __future__ import annotations

from typing import ClassVar, Self

from mypy_extensions import mypyc_attr

from hiddenhand.engine.events import Event, private
from hiddenhand.engine.seeding import counter_pick
from hiddenhand.engine.state import State
from hiddenhand.engine.window import WindowState
from hiddenhand.games.goodcop.actions import ActionCatalog
from hiddenhand.games.goodcop.card import CardTable
from hiddenhand.games.goodcop.cards import (
    AGENT,
    HONEST,
    KINGPIN,
    TEAM_CROOKED,
    TEAM_HONEST,
    TEAM_LONE,
    TEAM_NAMES,
)
from hiddenhand.games.goodcop.equipment import Disguise, PlantedEvidence
from hiddenhand.games.goodcop.options import GoodCopOptions
from hiddenhand.games.goodcop.phases import SHOOTING, UNARMED, Phase
from hiddenhand.games.goodcop.task import Task
from hiddenhand.native import own_abc_caches


@mypyc_attr(allow_interpreted_subclasses=True)
class GoodCopState(WindowState[GoodCopOptions]):
    """The cards, players and equipment of one game, and what can be read from them."""

    options: GoodCopOptions
    actions: ActionCatalog
    card_table: ClassVar[CardTable]  # the equipment in play, by title index (`rules.GoodCop`)
    player_count: int
    # integrity cards, by card id
    card_kinds: list[int]  # honest, crooked, agent, kingpin (or infector), by card id
    owner: list[int]  # seat, or -1 for the card removed unseen at setup
    cards: list[list[int]]  # seat -> [left, middle, right] card ids
    face_up: int  # bitmask of face-up cards
    wounded: int  # bitmask of cards with a Wounded token
    known: list[int]  # seat -> bitmask of cards whose face it knows
    agent: int
    kingpin: int
    # players
    alive: list[bool]
    aim: list[int]  # seat -> target, UNARMED, or the seat itself while not yet aimed
    guns: int  # guns in the centre
    teams: list[int]
    # equipment, by card id
    hand: list[list[int]]
    placed: list[int]  # staying title -> seat it lies in front of, or -1
    deck: list[int]  # the top is the end of the list
    unordered: int  # the top `unordered` cards are unordered: a draw takes one of them at random
    draws: int
    discards: list[int]
    shuffle_batch: list[
        int
    ]  # public batch a card was last shuffled in; same batch = interchangeable
    next_batch: int
    equipment_known: list[int]  # seat -> bitmask of equipment cards whose place it knows
    # turn
    shuffle_seed: bytes | int  # the key of later draws and dice (an int: sequential seeding)
    turn: int
    direction: int
    coffee: int
    phase: Phase
    task: Task | None
    over_limit: int  # seat that must discard down to one card, or -1
    shot_target: int
    shot_locked: bool  # Restraining Order or Riot Shield: the shot will happen
    shot_changed: bool  # another card was played: the shooter may choose again
    tased: bool  # the gun was taken with a Taser this turn and cannot fire

    shared_fields: ClassVar[frozenset[str]] = State.shared_fields | {"actions"}

    # -- reading the table ----------------------------------------------------------------

    def _roles(self) -> list[str]:
        """Each seat's role, for statistics: the leader card it holds ("agent", "kingpin"), else
        its team ("honest", "crooked"; "lone" for both leader cards)."""
        roles = []
        for seat in range(self.player_count):
            leader = self.leader_card(seat)
            team = self.teams[seat]
            if leader >= 0 and team != TEAM_LONE:
                roles.append("agent" if self.card_kinds[leader] == AGENT else "kingpin")
            else:
                roles.append(TEAM_NAMES[team])
        return roles

    def team_of(self, seat: int) -> int:
        """Agent: Honest; Kingpin: Crooked; both: alone; else the majority (Planted Evidence
        turns Honest cards Crooked and vice versa)."""
        kind = self.card_kinds
        honest = 0
        leader = -1
        for c in self.cards[seat]:
            k = kind[c]
            if k == HONEST:
                honest += 1
            elif k >= AGENT:
                if leader >= 0:
                    return TEAM_LONE
                leader = k
        if leader == AGENT:
            return TEAM_HONEST
        if leader == KINGPIN:
            return TEAM_CROOKED
        majority_honest = honest >= 2
        if self.placed[PlantedEvidence.index] == seat:
            majority_honest = not majority_honest
        return TEAM_HONEST if majority_honest else TEAM_CROOKED

    def hidden_slots(self, seat: int) -> list[int]:
        up = self.face_up
        return [s for s, c in enumerate(self.cards[seat]) if not up >> c & 1]

    def has_hidden(self, seat: int) -> bool:
        up = self.face_up
        return any(not up >> c & 1 for c in self.cards[seat])

    def disguised(self, seat: int) -> bool:
        return self.placed[Disguise.index] == seat

    def leader_card(self, seat: int) -> int:
        """The id of a leader card this seat holds, or -1."""
        kind = self.card_kinds
        for c in self.cards[seat]:
            if AGENT <= kind[c] <= KINGPIN:
                return c
        return -1

    def living(self) -> list[int]:
        alive = self.alive
        return [s for s in range(self.player_count) if alive[s]]

    def armed(self, seat: int) -> bool:
        return self.aim[seat] != UNARMED

    def shot_live(self) -> bool:
        """A shot has been announced and could still be fired."""
        shooter = self.turn
        return (
            self.phase == SHOOTING and self.aim[shooter] != UNARMED and self.alive[self.shot_target]
        )

    def holders(self) -> int:
        """Living seats holding equipment: the seats a window asks."""
        mask = 0
        alive = self.alive
        for s, h in enumerate(self.hand):
            if h and alive[s]:
                mask |= 1 << s
        return mask

    def neighbours(self, seat: int) -> list[int]:
        """The nearest living players on the left and on the right."""
        out: list[int] = []
        for step in (-1, 1):
            s = (seat + step) % self.player_count
            while not self.alive[s]:
                s = (s + step) % self.player_count
            if s != seat and s not in out:
                out.append(s)
        return out

    # -- the equipment deck ---------------------------------------------------------------

    def draw(self, seat: int) -> None:
        """Draw one equipment card (reshuffling the discard pile if the deck is empty)."""
        if not self.deck and self.discards:
            self.deck = self.discards
            self.discards = []
            self.unordered = len(self.deck)
            batch = self.next_batch
            self.next_batch += 1
            for c in self.deck:
                self.shuffle_batch[c] = batch
            self.emit(Event("reshuffle", "the discard pile is shuffled into a new equipment deck"))
        if not self.deck:
            self.emit(Event("no-card", "there is no equipment card left to draw"))
            return
        deck = self.deck
        if self.unordered > 1:
            j = len(deck) - 1 - self.pick(self.unordered)
            deck[j], deck[-1] = deck[-1], deck[j]
        if self.unordered:
            self.unordered -= 1
        self._into_hand(seat, deck.pop(), "drew", "draw")

    def pick(self, n: int) -> int:
        """A number below n from the shuffle key and a draw counter (`counter_pick`)."""
        self.draws += 1
        return counter_pick(self.shuffle_seed, self.draws, n)

    def to_discard(self, c: int) -> None:
        """A used or discarded card leaves play: onto the pile, or under the deck."""
        bit = ~(1 << c)
        for s in range(self.player_count):
            self.equipment_known[s] &= bit
        if self.options.discard == "pile":
            self.discards.append(c)
        else:
            self.deck.insert(0, c)
            self.shuffle_batch[c] = self.next_batch
            self.next_batch += 1

    def give(self, card: int, seat: int) -> None:
        """An equipment card moves into a player's hand; they see it."""
        self._into_hand(seat, card, "received", "receive")

    def _into_hand(self, seat: int, card: int, kind: str, verb: str) -> None:
        """The card joins the hand, told privately; a second card puts the hand over its limit."""
        self.hand[seat].append(card)
        self.equipment_known[seat] |= 1 << card
        table = self.card_table
        title = table.titles[table.deck[card]]
        self.emit(Event(kind, f"you {verb} {title}", private(seat), {"card": title}))
        if len(self.hand[seat]) > 1:
            self.over_limit = seat

    # -- what an expansion may read differently ---------------------------------------------

    def can_hold_gun(self, seat: int) -> bool:
        """Whether this player's weapon, if any, is a gun (a Taser takes and gives only guns)."""
        return True

    def restorable(self, chooser: int) -> list[int]:
        """Living players a Defibrillator may restore (none in the base game)."""
        return []

    def disarm(self, seat: int) -> None:
        """An armed player drops their weapon (K9 Unit): the gun goes back to the centre."""
        self.aim[seat] = UNARMED
        self.guns += 1
        self.emit(Event("k9", f"{{p{seat}}} drops their gun", data={"seat": seat}))

    def deal_fits(self, other: Self, agent_holder: int, kingpin_holder: int) -> bool:
        """Whether a redrawn deal (`other`), its leaders dealt to these two different players,
        is one this table could show (`determinize` keeps the leaders dealt and apart)."""
        return True


own_abc_caches(globals())
