"""What a seat may know, built field by field (an allow-list), apart from the rules.

`typed_view` builds the `InfectedView` Struct that view_schema.py declares (the JSON Schema is
derived from it); `view_of` hands clients its plain JSON form.

Fields of `view(seat)` (all JSON-ready; seats are numbers, cards are names):

- `game`, `variant`, `phase` (character, setup, action, extra, discard, vote, use, react, claim,
  place, infect, over), `round`, `leader`, `to_move` (seats that must decide now),
  `end_game` (the zombie deck ran out once), `exhaustions`.
- `threat`: the face-up zombie cards `{name, value, counts, text}` (`counts` is the value used in
  the sum); `threat_sum`.
- `zombie_deck`, `zombie_discard`, `item_deck`, `item_discard` (counts), `item_discard_top` (the
  last five face-up discards), `removed_items` (blood sample items used up).
- `resources`: cards per pile; `resources_needed`: what the end game asks for;
  `resources_collected` (from the end game on): per type, the piles plus the resource cards
  taken into hands when the end game began.
- `blood_samples_used`, `center_samples` (the face-up clean and virus cards on the table).
- `tests`: every blood sample test `{tester, target, shown}`; `last_claims`: the last threat
  resolve `{seat, claim, shown}` (shown cards, or None for a fail discarded unseen).
- `vote`: `{kind: destroy|leader, target}` while a vote is open.
- `players`: per seat `{name, character, hitpoints, special_item, ability, ability_used, wounds,
  hand, pile, equipped [{item|None, face_up, fresh}], exposed, blood_sample (list, or None if
  unknown to this seat), zombie_cards, shown_fails, fail_claims (fails claimed unseen),
  shown_claims (claims made showing the pile), chosen (finished its choice in the window)}`.
- `me` (seats only): `seat`, `hand`, `pile` (names, sorted), `zombie_hand`, `zombie_deck_top`
  (cards this seat has looked at, top first), `choice` (own unrevealed choice so far).
- `outcome` (when the game is over): `{winners, side, reason}`; every hidden thing is revealed.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import msgspec
from msgspec import UNSET

from hiddenhand.games.infected.cards import RESOURCES
from hiddenhand.games.infected.effects import ABILITIES, THREAT_EFFECTS
from hiddenhand.games.infected.flow import Phase
from hiddenhand.games.infected.view_schema import (
    BloodTest,
    Choice,
    DeckCard,
    Equipped,
    InfectedView,
    LastClaim,
    Me,
    OpenVote,
    Result,
    Revealed,
    Survivor,
    ThreatCard,
)

if TYPE_CHECKING:
    from hiddenhand.games.infected.rules import InfectedState


def view_of(state: InfectedState, seat: int | None) -> dict[str, Any]:
    """The seat's view as plain JSON-ready data (an `InfectedView`, typed, then made plain)."""
    view: dict[str, Any] = msgspec.to_builtins(typed_view(state, seat))
    return view


def typed_view(state: InfectedState, seat: int | None) -> InfectedView:
    """The seat's view, field by field."""
    item_name = state.item_name
    over = state.result is not None
    cooperative = state.variant == "cooperative"
    return InfectedView(
        game="infected",
        variant=state.variant,  # type: ignore[arg-type]
        phase=state.phase,
        round=state.round,
        leader=state.leader,
        to_move=sorted(state.pending()),
        end_game=state.end_game,
        exhaustions=state.exhaustions,
        threat=_threat(state),
        threat_sum=sum(state.threat_vals),
        zombie_deck=len(state.zdeck),
        zombie_discard=len(state.zdiscard),
        item_deck=len(state.ideck),
        item_discard=len(state.item_discard) + len(state.hidden_discard),
        item_discard_top=[item_name(c) for c in state.item_discard[-5:]],
        removed_items=len(state.removed_items),
        resources={RESOURCES[r]: len(pile) for r, pile in enumerate(state.resources)},
        resources_needed=state.n,
        blood_samples_used=not cooperative,
        center_samples=[] if cooperative else ["clean", "virus"],
        tests=[BloodTest(tester=a, target=b, shown=s) for a, b, s in state.tests],  # type: ignore[arg-type]
        last_claims=[
            LastClaim(
                seat=s,
                claim=claim,  # type: ignore[arg-type]
                shown=sorted(item_name(c) for c in shown) if shown is not None else None,
            )
            for s, claim, shown in state.last_claims
        ],
        vote=(
            OpenVote(kind=state.vote_kind, target=state.vote_target)  # type: ignore[arg-type]
            if state.phase == Phase.VOTE
            else None
        ),
        players=[_survivor(state, p, over or p == seat) for p in range(state.n)],
        resources_collected=_resources_collected(state) if state.end_game else UNSET,
        me=_me(state, seat) if seat is not None else UNSET,
        outcome=Result(**state.result.to_json()) if state.result is not None else UNSET,
        revealed=_revealed(state) if over else UNSET,
    )


def _threat(state: InfectedState) -> list[ThreatCard]:
    zkind = state.kind_z
    return [
        ThreatCard(
            name=zkind(card).name,
            value=zkind(card).value,
            counts=value,
            text=" ".join(THREAT_EFFECTS[e] for e in zkind(card).effects) or "No effect.",
        )
        for card, value in zip(state.threat, state.threat_vals, strict=True)
    ]


def _survivor(state: InfectedState, p: int, sees: bool) -> Survivor:
    """Player `p` as the viewer sees them (`sees`: their secrets too)."""
    c = state.character[p]
    character = state.cards.characters[c] if c >= 0 else None
    item_name = state.item_name
    window = state.window
    return Survivor(
        name=state.players[p],
        character=character.name if character else None,
        hitpoints=character.hitpoints if character else None,
        special_item=(state.cards.item_kinds[character.special_item].name if character else None),
        ability=ABILITIES[character.ability] if character else None,
        ability_used=state.ability_used[p],
        wounds=len(state.wounds[p]),
        hand=len(state.hands[p]),
        pile=len(state.piles[p]),
        equipped=[
            Equipped(
                item=item_name(card) if (up or sees) else None,
                face_up=bool(up),
                fresh=bool(fresh),
            )
            for card, up, fresh in state.equipped[p]
        ],
        exposed=state.exposed[p],
        blood_sample=(
            list(state.samples[p]) if (sees or state.samples_up[p]) and state.samples[p] else None
        ),
        zombie_cards=len(state.zhand[p]),
        shown_fails=state.shown_fails[p],
        fail_claims=state.fail_claims[p],
        shown_claims=state.shown_claims[p],
        chosen=p in window and window[p].done,
    )


def _resources_collected(state: InfectedState) -> dict[str, int]:
    collected = state.collected()
    return {RESOURCES[r]: collected[r] for r in range(len(RESOURCES))}


def _me(state: InfectedState, seat: int) -> Me:
    item_name, zkind = state.item_name, state.kind_z
    known = state.known_top[seat]
    draft = state.window.get(seat)
    return Me(
        seat=seat,
        hand=sorted(item_name(c) for c in state.hands[seat]),
        pile=sorted(item_name(c) for c in state.piles[seat]),
        zombie_hand=sorted(f"{zkind(c).name} ({zkind(c).value})" for c in state.zhand[seat]),
        zombie_deck_top=(
            [
                DeckCard(name=zkind(c).name, value=zkind(c).value)
                for c in reversed(state.zdeck[-known:])
            ]
            if known
            else []
        ),
        choice=(
            Choice(stage=draft.stage, so_far=[i.describe() for i in draft.intents])
            if draft is not None
            else None
        ),
    )


def _revealed(state: InfectedState) -> Revealed:
    item_name, zkind = state.item_name, state.kind_z
    return Revealed(
        hands=[sorted(item_name(c) for c in h) for h in state.hands],
        piles=[sorted(item_name(c) for c in p) for p in state.piles],
        blood_samples=[list(s) for s in state.samples],
        zombie_hands=[sorted(zkind(c).name for c in h) for h in state.zhand],
        zombie_deck=len(state.zdeck),
    )


class SurvivorFields:
    """The fields of a `Survivor` an observation tensor reads (see `_survivor`)."""

    def __init__(self, state: InfectedState, p: int, sees: bool) -> None:
        c = state.character[p]
        character = state.cards.characters[c] if c >= 0 else None
        self.character = character.name if character else None
        self.hitpoints = character.hitpoints if character else 0
        self.ability_used = state.ability_used[p]
        self.wounds = len(state.wounds[p])
        self.hand = len(state.hands[p])
        self.pile = len(state.piles[p])
        item_name = state.item_name
        self.equipped = [
            (item_name(card) if (up or sees) else None, bool(up), bool(fresh))
            for card, up, fresh in state.equipped[p]
        ]
        """(item, face up, fresh) of each equipped card; the item None where unseen."""
        self.exposed = state.exposed[p]
        samples = state.samples[p]
        self.blood_sample = samples if (sees or state.samples_up[p]) and samples else None
        """Shared with the state: read, never changed."""
        self.zombie_cards = len(state.zhand[p])
        self.shown_fails = state.shown_fails[p]
        self.fail_claims = state.fail_claims[p]
        self.shown_claims = state.shown_claims[p]
        window = state.window
        self.chosen = p in window and window[p].done


class SeatFields:
    """The fields of a seat's `InfectedView` an observation tensor reads, as the rules keep
    them where they can (counts, seats): built like `typed_view`, from what that view holds
    and nothing else, without making its lists and Structs."""

    def __init__(self, state: InfectedState, seat: int) -> None:
        item_name, zkind = state.item_name, state.kind_z
        over = state.result is not None
        self.phase = state.phase
        self.variant = state.variant
        self.round = state.round
        self.leader = state.leader
        self.to_move = list(state.pending())
        self.end_game = state.end_game
        self.exhaustions = state.exhaustions
        self.threat = [zkind(card).name for card in state.threat]
        self.threat_sum = sum(state.threat_vals)
        self.zombie_deck = len(state.zdeck)
        self.zombie_discard = len(state.zdiscard)
        self.item_deck = len(state.ideck)
        self.item_discard = len(state.item_discard) + len(state.hidden_discard)
        self.item_discard_top = [item_name(c) for c in state.item_discard[-5:]]
        self.removed_items = len(state.removed_items)
        self.resources = [len(pile) for pile in state.resources]
        """Cards per pile, in the order of `RESOURCES`."""
        self.resources_needed = state.n
        self.blood_samples_used = state.variant != "cooperative"
        self.tests = [(b, s) for _, b, s in state.tests]
        """(target, shown) of every blood test."""
        self.last_claims = [(s, claim) for s, claim, _ in state.last_claims]
        """(seat, claim) of the last threat's claims."""
        vote = state.phase == Phase.VOTE
        self.vote_kind = state.vote_kind if vote else None
        self.vote_target = state.vote_target if vote else None
        self.players = [SurvivorFields(state, p, over or p == seat) for p in range(state.n)]
        self.hand = [item_name(c) for c in state.hands[seat]]
        self.pile = [item_name(c) for c in state.piles[seat]]
        self.zombie_hand = [f"{zkind(c).name} ({zkind(c).value})" for c in state.zhand[seat]]
        known = state.known_top[seat]
        self.zombie_deck_top = (
            [zkind(c).value for c in reversed(state.zdeck[-known:])] if known else []
        )
        """Values of the zombie cards the seat has seen on top of the deck, top first."""
        draft = state.window.get(seat)
        self.stage = draft.stage if draft is not None else None
        """The stage of the seat's own choice in progress."""
