"""The threat phase: the Leader draws a zombie card, its threat effect is handled, and the
fight goes on with a new action phase unless the card is lower than the previous one.

When a new threat card is shown, equipped items "used when a new threat card is shown" may be
used and the exposed infected may cover it with a zombie card from hand; the effect is handled
after that window.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from hiddenhand.engine.events import Event
from hiddenhand.engine.text import article
from hiddenhand.games.infected import mechanics
from hiddenhand.games.infected.effect_rules import REACTIONS, handle_threat
from hiddenhand.games.infected.flow import CYCLE, RESOLVE, Phase, Window
from hiddenhand.games.infected.intents import Cover, NoReaction, React, cover_of, react_of
from hiddenhand.games.infected.space import COVER, REACT
from hiddenhand.games.infected.use_item import veiled

if TYPE_CHECKING:
    from hiddenhand.engine.actions import Action
    from hiddenhand.games.infected.draft import Draft
    from hiddenhand.games.infected.rules import InfectedState


def reactive_kinds(state: InfectedState, seat: int) -> list[int]:
    """The kinds of the seat's equipped items usable when a new threat card is shown."""
    kinds = []
    item_of, item_kinds = state.cards.item_of, state.cards.item_kinds
    for card, _up, fresh in state.equipped[seat]:
        effect = item_kinds[item_of[card]].effect
        if not fresh and effect in REACTIONS:
            k = item_of[card]
            if k not in kinds:
                kinds.append(k)
    return sorted(kinds)


def threat_card(state: InfectedState) -> None:
    """1. "Leader draws 1 new zombie card and places it faceup on the table." """
    card = mechanics.draw_zombie(
        state,
    )
    kind = state.kind_z(card)
    state.threat.append(card)
    state.threat_vals.append(kind.value)
    state.blocked = False
    state.emit(
        Event(
            "threat",
            f"{{p{state.leader}}} draws {kind.name} ({kind.value})",
            data={"card": card, "value": kind.value},
        )
    )
    state.todo.insert(0, "effect")
    seats = [s for s in state.order_from_leader() if reactive_kinds(state, s) or veiled(state, s)]
    seats += [s for s in range(state.n) if state.exposed[s] and state.zhand[s]]
    state.open_window(Phase.REACT, seats)


def threat_effect(state: InfectedState) -> None:
    """The effect is handled; 2. a card LOWER than the previous one ends the threat."""
    card = state.threat[-1]
    if state.blocked or state.cover:
        state.cover = False
        state.emit(Event("no_effect", "the threat effect is not handled"))
    else:
        handle_threat(state, card)
    for gear in state.equipped:
        for entry in gear:
            entry[2] = 0
    vals = state.threat_vals
    if len(vals) >= 2 and vals[-1] < vals[-2]:
        state.emit(
            Event("threat_ends", "the new card is lower than the previous one: the threat ends")
        )
        state.todo = list(RESOLVE)
    else:
        state.todo = list(CYCLE)


# -- when a new threat card is shown ------------------------------------------------------------


def _choices(state: InfectedState, seat: int, d: Draft) -> list[Action]:
    actions = state.actions
    zombie_of = state.cards.zombie_of
    out = [actions.cover[z] for z in sorted({zombie_of[c] for c in state.zhand[seat]})]
    out += [actions.react[k] for k in reactive_kinds(state, seat)]
    return [*out, actions.react_none]


def _choose(state: InfectedState, seat: int, d: Draft, action: Action) -> None:
    if action.kind == COVER:
        d.intents.append(cover_of(int(action.args[0])))
    elif action.kind == REACT:
        d.intents.append(react_of(int(action.args[0])))
    else:
        d.intents.append(NoReaction())
    d.done = True


def _resolve(state: InfectedState, order: list[int], window: dict[int, Draft]) -> None:
    """Covers first (the covering card replaces the shown one), then items on the card."""
    for s in order:
        intent = window[s].intents[0]
        if isinstance(intent, Cover):
            card = next(c for c in state.zhand[s] if state.cards.zombie_of[c] == intent.zombie)
            state.zhand[s].remove(card)
            state.zdiscard.append(state.threat[-1])
            state.threat[-1] = card
            kind = state.kind_z(card)
            state.threat_vals[-1] = kind.value
            state.emit(
                Event(
                    "cover", f"{{p{s}}} plays {kind.name} ({kind.value}) on top of the threat card"
                )
            )
    for s in order:
        intent = window[s].intents[0]
        if isinstance(intent, React):
            card = mechanics.equipped_card(state, s, intent.item)
            state.equipped[s] = [e for e in state.equipped[s] if e[0] != card]
            state.item_discard.append(card)
            effect = state.cards.item_kinds[intent.item].effect
            state.emit(
                Event("react", f"{{p{s}}} uses {article(state.item_name(card))} on the threat card")
            )
            assert effect is not None
            REACTIONS[effect](state)


REACTIONS_TO_THREAT: Final = Window(_choices, _choose, _resolve)
