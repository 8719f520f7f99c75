"""The threat resolve phase: the Leader announces the sum, items may be used, and each player
with a challenge pile secretly claims "success" (and shows it) or "fail" (discarded unseen).

A shown fail makes everybody fail; otherwise each successful player may put one shown item on
its resource pile.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from hiddenhand.engine.events import Event
from hiddenhand.engine.text import article
from hiddenhand.games.infected import mechanics, whereabouts
from hiddenhand.games.infected.cards import RESOURCES
from hiddenhand.games.infected.flow import Phase, Window
from hiddenhand.games.infected.intents import Claim, Place, claim_of, place_of

if TYPE_CHECKING:
    from hiddenhand.engine.actions import Action
    from hiddenhand.games.infected.draft import Draft
    from hiddenhand.games.infected.rules import InfectedState


def announce(state: InfectedState) -> None:
    """1. "Leader calculates and announces the sum of all faceup zombie event cards"."""
    total = sum(state.threat_vals)
    state.emit(
        Event(
            "threat_sum", f"{{p{state.leader}}} announces the threat: {total}", data={"sum": total}
        )
    )


def claims(state: InfectedState) -> None:
    """3. Each player with a challenge pile claims, secretly until all have."""
    seats = [s for s in state.active() if state.piles[s]]
    if not seats:
        mechanics.discard_threat(
            state,
        )
    state.open_window(Phase.CLAIM, seats)


def _claim(state: InfectedState, seat: int, d: Draft, action: Action) -> None:
    d.intents.append(claim_of(str(action.args[0])))
    d.done = True


def _resolve_claims(state: InfectedState, order: list[int], window: dict[int, Draft]) -> None:
    total = sum(state.threat_vals)
    shown_fail = False
    winners: list[int] = []
    claims: list[tuple[int, str, tuple[int, ...] | None]] = []
    for s in order:
        intent = window[s].intents[0]
        assert isinstance(intent, Claim)
        claim = intent.claim
        pile = state.piles[s]
        if claim == "fail":
            claims.append((s, "fail", None))
            state.fail_claims[s] += 1
            state.emit(Event("claim", f"{{p{s}}} claims fail", data={"seat": s, "claim": "fail"}))
            continue
        value = sum(state.cards.item_value(c) for c in pile)
        names = ", ".join(state.item_name(c) for c in pile)
        claims.append((s, claim, tuple(pile)))
        state.shown_claims[s] += 1
        if claim == "success" and value >= total:
            state.emit(
                Event(
                    "claim",
                    f"{{p{s}}} claims success and shows {names} ({value})",
                    data={"seat": s, "claim": "success"},
                )
            )
            winners.append(s)
        else:
            said = "success" if claim == "success" else "fail"
            state.emit(
                Event(
                    "claim",
                    f"{{p{s}}} claims {said} and shows {names} ({value}): a shown fail",
                    data={"seat": s, "claim": "shown-fail"},
                )
            )
            state.shown_fails[s] += 1
            shown_fail = True
    state.last_claims = tuple(claims)
    if shown_fail:
        state.emit(Event("all_fail", "a fail was shown: every player fails this threat"))
        winners = []
    shown = {s for s, _, cards in claims if cards is not None}
    for s in order:
        if s in winners:
            continue
        if s in shown:
            state.item_discard.extend(state.piles[s])
        else:
            whereabouts.emptied(state, (whereabouts.PILE, s), whereabouts.HIDDEN, s, state.piles[s])
            state.hidden_discard.extend(state.piles[s])
        state.piles[s] = []
    mechanics.discard_threat(
        state,
    )
    if winners:
        state.open_window(Phase.PLACE, winners)


CLAIMS: Final = Window(lambda state, seat, d: list(state.actions.claims), _claim, _resolve_claims)


# -- placing resources ----------------------------------------------------------------------


def _place_choices(state: InfectedState, seat: int, d: Draft) -> list[Action]:
    actions = state.actions
    kinds = sorted({state.cards.item_of[c] for c in state.piles[seat]})
    return [actions.place[k] for k in kinds] + [actions.place_none]


def _place(state: InfectedState, seat: int, d: Draft, action: Action) -> None:
    d.intents.append(place_of(int(action.args[0]) if action.args else None))
    d.done = True


def _resolve_placement(state: InfectedState, order: list[int], window: dict[int, Draft]) -> None:
    for s in order:
        intent = window[s].intents[0]
        assert isinstance(intent, Place)
        if intent.item is not None:
            card = mechanics.take_from_pile(state, s, intent.item)
            r = RESOURCES.index(state.cards.item_kinds[intent.item].resource)
            state.resources[r].append(card)
            state.emit(
                Event(
                    "place",
                    f"{{p{s}}} puts {article(state.item_name(card))} on the {RESOURCES[r]} pile",
                )
            )
        state.item_discard.extend(state.piles[s])
        state.piles[s] = []


PLACEMENTS: Final = Window(_place_choices, _place, _resolve_placement)
