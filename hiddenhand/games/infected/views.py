"""What a seat may know, built field by field (an allow-list), apart from the rules.

The shape is declared in view_schema.py; tests check every view against it.

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

from collections.abc import Callable
from functools import cache
from typing import TYPE_CHECKING, Any

from hiddenhand.games.infected.cards import RESOURCES
from hiddenhand.games.infected.effects import ABILITIES, THREAT_EFFECTS
from hiddenhand.games.infected.flow import Phase

if TYPE_CHECKING:
    from hiddenhand.games.infected.cards import Character
    from hiddenhand.games.infected.rules import InfectedState

PlayerField = Callable[["InfectedState", int, bool], Any]
"""One field of a player's entry: (state, player, whether the viewer sees its secrets)."""
Field = Callable[["InfectedState", "int | None"], Any]
"""One field of a view: (state, viewing seat or None)."""


def _character(state: InfectedState, p: int) -> Character | None:
    c = state.character[p]
    return state.cards.characters[c] if c >= 0 else None


def _blood_sample(state: InfectedState, p: int, sees: bool) -> list[str] | None:
    if (sees or state.samples_up[p]) and state.samples[p]:
        return list(state.samples[p])
    return None


def _special_item(state: InfectedState, p: int, sees: bool) -> str | None:
    character = _character(state, p)
    return state.cards.item_kinds[character.special_item].name if character else None


def _equipped(state: InfectedState, p: int, sees: bool) -> list[dict[str, Any]]:
    item_name = state.item_name
    return [
        {
            "item": item_name(card) if (up or sees) else None,
            "face_up": bool(up),
            "fresh": bool(fresh),
        }
        for card, up, fresh in state.equipped[p]
    ]


def _chosen(state: InfectedState, p: int, sees: bool) -> bool:
    window = state.window
    return p in window and window[p].done


PLAYER_FIELDS: dict[str, PlayerField] = {
    "name": lambda state, p, sees: state.players[p],
    "character": lambda state, p, sees: c.name if (c := _character(state, p)) else None,
    "hitpoints": lambda state, p, sees: c.hitpoints if (c := _character(state, p)) else None,
    "special_item": _special_item,
    "ability": lambda state, p, sees: ABILITIES[c.ability] if (c := _character(state, p)) else None,
    "ability_used": lambda state, p, sees: state.ability_used[p],
    "wounds": lambda state, p, sees: len(state.wounds[p]),
    "hand": lambda state, p, sees: len(state.hands[p]),
    "pile": lambda state, p, sees: len(state.piles[p]),
    "equipped": _equipped,
    "exposed": lambda state, p, sees: state.exposed[p],
    "blood_sample": _blood_sample,
    "zombie_cards": lambda state, p, sees: len(state.zhand[p]),
    "shown_fails": lambda state, p, sees: state.shown_fails[p],
    "fail_claims": lambda state, p, sees: state.fail_claims[p],
    "shown_claims": lambda state, p, sees: state.shown_claims[p],
    "chosen": _chosen,
}


def _threat(state: InfectedState, seat: int | None) -> list[dict[str, Any]]:
    zkind = state.kind_z
    return [
        {
            "name": zkind(card).name,
            "value": zkind(card).value,
            "counts": value,
            "text": " ".join(THREAT_EFFECTS[e] for e in zkind(card).effects) or "No effect.",
        }
        for card, value in zip(state.threat, state.threat_vals, strict=True)
    ]


def _last_claims(state: InfectedState, seat: int | None) -> list[dict[str, Any]]:
    item_name = state.item_name
    return [
        {
            "seat": s,
            "claim": claim,
            "shown": sorted(item_name(c) for c in shown) if shown is not None else None,
        }
        for s, claim, shown in state.last_claims
    ]


def _players(state: InfectedState, seat: int | None) -> list[dict[str, Any]]:
    over = state.result is not None
    return [
        {key: field(state, p, over or p == seat) for key, field in PLAYER_FIELDS.items()}
        for p in range(state.n)
    ]


def _resources_collected(state: InfectedState, seat: int | None) -> dict[str, int]:
    collected = state.collected()
    return {RESOURCES[r]: collected[r] for r in range(len(RESOURCES))}


def _zombie_deck_top(state: InfectedState, seat: int) -> list[dict[str, Any]]:
    known = state.known_top[seat]
    if not known:
        return []
    zkind = state.kind_z
    return [
        {"name": zkind(c).name, "value": zkind(c).value} for c in reversed(state.zdeck[-known:])
    ]


def _choice(state: InfectedState, seat: int) -> dict[str, Any] | None:
    draft = state.window.get(seat)
    if draft is None:
        return None
    return {"stage": draft.stage.value, "so_far": [i.describe() for i in draft.intents]}


MeField = Callable[["InfectedState", int], Any]
"""One field of the viewer's own `me` entry: (state, seat)."""

ME_FIELDS: dict[str, MeField] = {
    "seat": lambda state, seat: seat,
    "hand": lambda state, seat: sorted(state.item_name(c) for c in state.hands[seat]),
    "pile": lambda state, seat: sorted(state.item_name(c) for c in state.piles[seat]),
    "zombie_hand": lambda state, seat: sorted(
        f"{state.kind_z(c).name} ({state.kind_z(c).value})" for c in state.zhand[seat]
    ),
    "zombie_deck_top": _zombie_deck_top,
    "choice": _choice,
}


def _me(state: InfectedState, seat: int | None) -> dict[str, Any]:
    assert seat is not None
    return {key: field(state, seat) for key, field in ME_FIELDS.items()}


def _revealed(state: InfectedState, seat: int | None) -> dict[str, Any]:
    item_name, zkind = state.item_name, state.kind_z
    return {
        "hands": [sorted(item_name(c) for c in h) for h in state.hands],
        "piles": [sorted(item_name(c) for c in p) for p in state.piles],
        "blood_samples": [list(s) for s in state.samples],
        "zombie_hands": [sorted(zkind(c).name for c in h) for h in state.zhand],
        "zombie_deck": len(state.zdeck),
    }


def _outcome(state: InfectedState, seat: int | None) -> dict[str, Any]:
    assert state.result is not None
    return state.result.to_json()


FIELDS: dict[str, Field] = {
    "game": lambda state, seat: "infected",
    "variant": lambda state, seat: state.variant,
    "phase": lambda state, seat: state.phase.value,
    "round": lambda state, seat: state.round,
    "leader": lambda state, seat: state.leader,
    "to_move": lambda state, seat: sorted(state.pending()),
    "end_game": lambda state, seat: state.end_game,
    "exhaustions": lambda state, seat: state.exhaustions,
    "threat": _threat,
    "threat_sum": lambda state, seat: sum(state.threat_vals),
    "zombie_deck": lambda state, seat: len(state.zdeck),
    "zombie_discard": lambda state, seat: len(state.zdiscard),
    "item_deck": lambda state, seat: len(state.ideck),
    "item_discard": lambda state, seat: len(state.item_discard) + len(state.hidden_discard),
    "item_discard_top": lambda state, seat: [state.item_name(c) for c in state.item_discard[-5:]],
    "removed_items": lambda state, seat: len(state.removed_items),
    "resources": lambda state, seat: {
        RESOURCES[r]: len(pile) for r, pile in enumerate(state.resources)
    },
    "resources_needed": lambda state, seat: state.n,
    "blood_samples_used": lambda state, seat: state.variant != "cooperative",
    "center_samples": lambda state, seat: (
        ["clean", "virus"] if state.variant != "cooperative" else []
    ),
    "tests": lambda state, seat: [
        {"tester": a, "target": b, "shown": s} for a, b, s in state.tests
    ],
    "last_claims": _last_claims,
    "vote": lambda state, seat: (
        {"kind": state.vote_kind, "target": state.vote_target}
        if state.phase == Phase.VOTE
        else None
    ),
    "players": _players,
}
"""The fields every view has, in order; `view_fields` adds those only some views have."""


def view_fields(state: InfectedState, seat: int | None) -> dict[str, Field]:
    """Every field of this seat's view now, in order, with what builds it (shared: read only)."""
    return _fields_of(state.end_game, seat is not None, state.result is not None)


@cache
def _fields_of(end_game: bool, seated: bool, over: bool) -> dict[str, Field]:
    fields = dict(FIELDS)
    if end_game:
        fields["resources_collected"] = _resources_collected
    if seated:
        fields["me"] = _me
    if over:
        fields["outcome"] = _outcome
        fields["revealed"] = _revealed
    return fields


def build_view(state: InfectedState, seat: int | None) -> dict[str, Any]:
    return {key: field(state, seat) for key, field in view_fields(state, seat).items()}
