"""What a seat may know, built field by field (an allow-list), apart from the rules.

Fields of `view(seat)` (all JSON-ready; seats are numbers, cards are names):

- `game`, `variant`, `phase` (character, setup, action, extra, discard, vote, use, react, claim,
  place, infect, over), `round`, `leader`, `to_move` (seats that must decide now),
  `end_game` (the zombie deck ran out once), `exhaustions`.
- `threat`: the face-up zombie cards `{name, value, counts, text}` (`counts` is the value used in
  the sum); `threat_sum`.
- `zombie_deck`, `zombie_discard`, `item_deck`, `item_discard` (counts), `item_discard_top` (the
  last five face-up discards), `removed_items` (blood sample items used up).
- `resources`: cards per pile; `resources_needed`: what the end game asks for.
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

from hiddenhand.games.infected.cards import RESOURCES
from hiddenhand.games.infected.effects import ABILITIES, THREAT_EFFECTS

if TYPE_CHECKING:
    from hiddenhand.games.infected.rules import InfectedState


def build_view(state: InfectedState, seat: int | None) -> dict[str, Any]:
    cards = state.cards
    over = state.result is not None
    item_name = state.item_name
    zkind = state.kind_z
    window = state.window
    players = []
    for p in range(state.n):
        c = state.character[p]
        character = cards.characters[c] if c >= 0 else None
        sees = over or p == seat
        if sees or state.samples_up[p]:
            sample: list[str] | None = list(state.samples[p]) if state.samples[p] else None
        else:
            sample = None
        players.append(
            {
                "name": state.players[p],
                "character": character.name if character else None,
                "hitpoints": character.hitpoints if character else None,
                "special_item": cards.item_kinds[character.special_item].name
                if character
                else None,
                "ability": ABILITIES[character.ability] if character else None,
                "ability_used": state.ability_used[p],
                "wounds": len(state.wounds[p]),
                "hand": len(state.hands[p]),
                "pile": len(state.piles[p]),
                "equipped": [
                    {
                        "item": item_name(card) if (up or sees) else None,
                        "face_up": bool(up),
                        "fresh": bool(fresh),
                    }
                    for card, up, fresh in state.equipped[p]
                ],
                "exposed": state.exposed[p],
                "blood_sample": sample,
                "zombie_cards": len(state.zhand[p]),
                "shown_fails": state.shown_fails[p],
                "fail_claims": state.fail_claims[p],
                "shown_claims": state.shown_claims[p],
                "chosen": p in window and window[p].done,
            }
        )
    view: dict[str, Any] = {
        "game": "infected",
        "variant": state.variant,
        "phase": state.phase,
        "round": state.round,
        "leader": state.leader,
        "to_move": sorted(state.pending()),
        "end_game": state.end_game,
        "exhaustions": state.exhaustions,
        "threat": [
            {
                "name": zkind(card).name,
                "value": zkind(card).value,
                "counts": value,
                "text": " ".join(THREAT_EFFECTS[e] for e in zkind(card).effects) or "No effect.",
            }
            for card, value in zip(state.threat, state.threat_vals, strict=True)
        ],
        "threat_sum": sum(state.threat_vals),
        "zombie_deck": len(state.zdeck),
        "zombie_discard": len(state.zdiscard),
        "item_deck": len(state.ideck),
        "item_discard": len(state.item_discard) + len(state.hidden_discard),
        "item_discard_top": [item_name(c) for c in state.item_discard[-5:]],
        "removed_items": len(state.removed_items),
        "resources": {RESOURCES[r]: len(pile) for r, pile in enumerate(state.resources)},
        "resources_needed": state.n,
        "blood_samples_used": state.variant != "cooperative",
        "center_samples": ["clean", "virus"] if state.variant != "cooperative" else [],
        "tests": [{"tester": a, "target": b, "shown": s} for a, b, s in state.tests],
        "last_claims": [
            {
                "seat": s,
                "claim": claim,
                "shown": sorted(item_name(c) for c in shown) if shown is not None else None,
            }
            for s, claim, shown in state.last_claims
        ],
        "vote": {"kind": state.vote_kind, "target": state.vote_target}
        if state.phase == "vote"
        else None,
        "players": players,
    }
    if seat is not None:
        draft = window.get(seat)
        known = state.known_top[seat]
        view["me"] = {
            "seat": seat,
            "hand": sorted(item_name(c) for c in state.hands[seat]),
            "pile": sorted(item_name(c) for c in state.piles[seat]),
            "zombie_hand": sorted(f"{zkind(c).name} ({zkind(c).value})" for c in state.zhand[seat]),
            "zombie_deck_top": [
                {"name": zkind(c).name, "value": zkind(c).value}
                for c in reversed(state.zdeck[-known:])
            ]
            if known
            else [],
            "choice": {"stage": draft.stage, "so_far": [_describe(i) for i in draft.intents]}
            if draft is not None
            else None,
        }
    if over:
        result = state.result
        assert result is not None
        view["outcome"] = result.to_json()
        view["revealed"] = {
            "hands": [sorted(item_name(c) for c in h) for h in state.hands],
            "piles": [sorted(item_name(c) for c in p) for p in state.piles],
            "blood_samples": [list(s) for s in state.samples],
            "zombie_hands": [sorted(zkind(c).name for c in h) for h in state.zhand],
            "zombie_deck": len(state.zdeck),
        }
    return view


def _describe(intent: tuple[Any, ...]) -> str:
    return " ".join(str(x) for x in intent)
