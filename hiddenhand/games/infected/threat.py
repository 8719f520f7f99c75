"""The threat phase: the Leader draws a zombie card, its threat effect is handled, and the
fight goes on with a new action phase unless the card is lower than the previous one.

When a new threat card is shown, equipped items "used when a new threat card is shown" may be
used and the exposed infected may cover it with a zombie card from hand; the effect is handled
after that window.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hiddenhand.engine.events import Event
from hiddenhand.engine.text import article
from hiddenhand.games.infected import mechanics
from hiddenhand.games.infected.effect_rules import REACTIONS, handle_threat
from hiddenhand.games.infected.flow import CYCLE, RESOLVE, Phase, Window
from hiddenhand.games.infected.intents import Cover, NoReaction, React, cover_of, react_of
from hiddenhand.games.infected.use_item import veiled

if TYPE_CHECKING:
    from hiddenhand.engine.actions import Action
    from hiddenhand.games.infected.draft import Draft
    from hiddenhand.games.infected.rules import InfectedState


def reactive_kinds(st: InfectedState, seat: int) -> list[int]:
    """The kinds of the seat's equipped items usable when a new threat card is shown."""
    kinds = []
    item_of, item_kinds = st.cards.item_of, st.cards.item_kinds
    for card, _up, fresh in st.equipped[seat]:
        effect = item_kinds[item_of[card]].effect
        if not fresh and effect in REACTIONS:
            k = item_of[card]
            if k not in kinds:
                kinds.append(k)
    return sorted(kinds)


def threat_card(st: InfectedState) -> None:
    """1. "Leader draws 1 new zombie card and places it faceup on the table." """
    card = mechanics.draw_zombie(
        st,
    )
    kind = st.kind_z(card)
    st.threat.append(card)
    st.threat_vals.append(kind.value)
    st.blocked = False
    st.emit(
        Event(
            "threat",
            f"{{p{st.leader}}} draws {kind.name} ({kind.value})",
            data={"card": card, "value": kind.value},
        )
    )
    st.todo.insert(0, "effect")
    seats = [s for s in st.order_from_leader() if reactive_kinds(st, s) or veiled(st, s)]
    seats += [s for s in range(st.n) if st.exposed[s] and st.zhand[s]]
    st.open_window(Phase.REACT, seats)


def threat_effect(st: InfectedState) -> None:
    """The effect is handled; 2. a card LOWER than the previous one ends the threat."""
    card = st.threat[-1]
    if st.blocked or st.cover:
        st.cover = False
        st.emit(Event("no_effect", "the threat effect is not handled"))
    else:
        handle_threat(st, card)
    for gear in st.equipped:
        for entry in gear:
            entry[2] = 0
    vals = st.threat_vals
    if len(vals) >= 2 and vals[-1] < vals[-2]:
        st.emit(
            Event("threat_ends", "the new card is lower than the previous one: the threat ends")
        )
        st.todo = list(RESOLVE)
    else:
        st.todo = list(CYCLE)


# -- when a new threat card is shown ------------------------------------------------------------


def _choices(st: InfectedState, seat: int, d: Draft) -> list[Action]:
    actions = st.actions
    zombie_of = st.cards.zombie_of
    out = [actions.cover[z] for z in sorted({zombie_of[c] for c in st.zhand[seat]})]
    out += [actions.react[k] for k in reactive_kinds(st, seat)]
    return [*out, actions.react_none]


def _choose(st: InfectedState, seat: int, d: Draft, action: Action) -> None:
    if action.kind == "cover":
        d.intents.append(cover_of(int(action.args[0])))
    elif action.kind == "react":
        d.intents.append(react_of(int(action.args[0])))
    else:
        d.intents.append(NoReaction())
    d.done = True


def _resolve(st: InfectedState, order: list[int], window: dict[int, Draft]) -> None:
    """Covers first (the covering card replaces the shown one), then items on the card."""
    for s in order:
        intent = window[s].intents[0]
        if isinstance(intent, Cover):
            card = next(c for c in st.zhand[s] if st.cards.zombie_of[c] == intent.zombie)
            st.zhand[s].remove(card)
            st.zdiscard.append(st.threat[-1])
            st.threat[-1] = card
            kind = st.kind_z(card)
            st.threat_vals[-1] = kind.value
            st.emit(
                Event(
                    "cover", f"{{p{s}}} plays {kind.name} ({kind.value}) on top of the threat card"
                )
            )
    for s in order:
        intent = window[s].intents[0]
        if isinstance(intent, React):
            card = mechanics.equipped_card(st, s, intent.item)
            st.equipped[s] = [e for e in st.equipped[s] if e[0] != card]
            st.item_discard.append(card)
            effect = st.cards.item_kinds[intent.item].effect
            st.emit(
                Event("react", f"{{p{s}}} uses {article(st.item_name(card))} on the threat card")
            )
            assert effect is not None
            REACTIONS[effect](st)


REACTIONS_TO_THREAT = Window(_choices, _choose, _resolve)
