"""The threat resolve phase: the Leader announces the sum, items may be used, and each player
with a challenge pile secretly claims "success" (and shows it) or "fail" (discarded unseen).

A shown fail makes everybody fail; otherwise each successful player may put one shown item on
its resource pile.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hiddenhand.engine.events import Event
from hiddenhand.engine.text import article
from hiddenhand.games.infected import mechanics
from hiddenhand.games.infected.cards import RESOURCES
from hiddenhand.games.infected.flow import Phase, Window
from hiddenhand.games.infected.intents import Claim, Place, claim_of, place_of

if TYPE_CHECKING:
    from hiddenhand.engine.actions import Action
    from hiddenhand.games.infected.draft import Draft
    from hiddenhand.games.infected.rules import InfectedState


def announce(st: InfectedState) -> None:
    """1. "Leader calculates and announces the sum of all faceup zombie event cards"."""
    total = sum(st.threat_vals)
    st.emit(
        Event("threat_sum", f"{{p{st.leader}}} announces the threat: {total}", data={"sum": total})
    )


def claims(st: InfectedState) -> None:
    """3. Each player with a challenge pile claims, secretly until all have."""
    seats = [s for s in st.active() if st.piles[s]]
    if not seats:
        mechanics.discard_threat(
            st,
        )
    st.open_window(Phase.CLAIM, seats)


def _claim(st: InfectedState, seat: int, d: Draft, action: Action) -> None:
    d.intents.append(claim_of(str(action.args[0])))
    d.done = True


def _resolve_claims(st: InfectedState, order: list[int], window: dict[int, Draft]) -> None:
    total = sum(st.threat_vals)
    shown_fail = False
    winners: list[int] = []
    claims: list[tuple[int, str, tuple[int, ...] | None]] = []
    for s in order:
        intent = window[s].intents[0]
        assert isinstance(intent, Claim)
        claim = intent.claim
        pile = st.piles[s]
        if claim == "fail":
            claims.append((s, "fail", None))
            st.fail_claims[s] += 1
            st.emit(Event("claim", f"{{p{s}}} claims fail", data={"seat": s, "claim": "fail"}))
            continue
        value = sum(st.cards.item_value(c) for c in pile)
        names = ", ".join(st.item_name(c) for c in pile)
        claims.append((s, claim, tuple(pile)))
        st.shown_claims[s] += 1
        if claim == "success" and value >= total:
            st.emit(
                Event(
                    "claim",
                    f"{{p{s}}} claims success and shows {names} ({value})",
                    data={"seat": s, "claim": "success"},
                )
            )
            winners.append(s)
        else:
            said = "success" if claim == "success" else "fail"
            st.emit(
                Event(
                    "claim",
                    f"{{p{s}}} claims {said} and shows {names} ({value}): a shown fail",
                    data={"seat": s, "claim": "shown-fail"},
                )
            )
            st.shown_fails[s] += 1
            shown_fail = True
    st.last_claims = tuple(claims)
    if shown_fail:
        st.emit(Event("all_fail", "a fail was shown: every player fails this threat"))
        winners = []
    shown = {s for s, _, cards in claims if cards is not None}
    for s in order:
        if s in winners:
            continue
        (st.item_discard if s in shown else st.hidden_discard).extend(st.piles[s])
        st.piles[s] = []
    mechanics.discard_threat(
        st,
    )
    if winners:
        st.open_window(Phase.PLACE, winners)


CLAIMS = Window(lambda st, seat, d: list(st.actions.claims), _claim, _resolve_claims)


# -- placing resources ----------------------------------------------------------------------


def _place_choices(st: InfectedState, seat: int, d: Draft) -> list[Action]:
    actions = st.actions
    kinds = sorted({st.cards.item_of[c] for c in st.piles[seat]})
    return [actions.place[k] for k in kinds] + [actions.place_none]


def _place(st: InfectedState, seat: int, d: Draft, action: Action) -> None:
    d.intents.append(place_of(int(action.args[0]) if action.args else None))
    d.done = True


def _resolve_placement(st: InfectedState, order: list[int], window: dict[int, Draft]) -> None:
    for s in order:
        intent = window[s].intents[0]
        assert isinstance(intent, Place)
        if intent.item is not None:
            card = mechanics.take_from_pile(st, s, intent.item)
            r = RESOURCES.index(st.cards.item_kinds[intent.item].resource)
            st.resources[r].append(card)
            st.emit(
                Event(
                    "place",
                    f"{{p{s}}} puts {article(st.item_name(card))} on the {RESOURCES[r]} pile",
                )
            )
        st.item_discard.extend(st.piles[s])
        st.piles[s] = []


PLACEMENTS = Window(_place_choices, _place, _resolve_placement)
