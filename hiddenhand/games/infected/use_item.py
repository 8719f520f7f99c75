"""The use item phase: after each action phase and after the threat sum is announced, each
survivor may secretly choose one equipped item to use ("Using equipped items during a round").

A newly equipped item is usable once the threat card of that cycle has been handled; items
"used when a new threat card is shown" wait for the threat phase (threat.py).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from hiddenhand.engine.events import Event
from hiddenhand.games.infected import mechanics, whereabouts
from hiddenhand.games.infected.draft import Stage
from hiddenhand.games.infected.effect_rules import ITEM_USES, use_item
from hiddenhand.games.infected.flow import Phase, Window
from hiddenhand.games.infected.intents import Use
from hiddenhand.games.infected.space import TEST_TARGET, USE

if TYPE_CHECKING:
    from hiddenhand.engine.actions import Action
    from hiddenhand.games.infected.draft import Draft
    from hiddenhand.games.infected.rules import InfectedState


def usable_kinds(state: InfectedState, seat: int) -> list[int]:
    """The kinds of the seat's equipped items usable in a use item phase now."""
    kinds = []
    item_of, item_kinds = state.cards.item_of, state.cards.item_kinds
    for card, _up, fresh in state.equipped[seat]:
        if fresh:
            continue
        k = item_of[card]
        effect = item_kinds[k].effect
        if effect is not None:
            item_use = ITEM_USES.get(effect)
            if item_use is None or not item_use.usable(state, seat):
                continue
        if k not in kinds:
            kinds.append(k)
    return sorted(kinds)


def veiled(state: InfectedState, seat: int) -> bool:
    """Whether the seat has a usable-looking face-down item: then it is always asked, so
    whether it is asked does not tell the table what lies face down."""
    return any(not up and not fresh for _card, up, fresh in state.equipped[seat])


def use_item_phase(state: InfectedState) -> None:
    if state.jammed:
        state.jammed = False
        state.emit(Event("jammed", "no equipped item can be used in this use item phase"))
        return
    state.open_window(
        Phase.USE, [s for s in state.active() if usable_kinds(state, s) or veiled(state, s)]
    )


def _choices(state: InfectedState, seat: int, d: Draft) -> list[Action]:
    actions = state.actions
    if d.stage == Stage.TEST_TARGET:
        return [actions.test_target[s] for s in state.active()]
    return [actions.use[k] for k in usable_kinds(state, seat)] + [actions.use_none]


def _choose(state: InfectedState, seat: int, d: Draft, action: Action) -> None:
    if action.kind == USE:
        k = int(action.args[0])
        d.intents.append(Use(mechanics.equipped_card(state, seat, k), None))
        if state.cards.item_kinds[k].effect == "blood_test":
            d.stage = Stage.TEST_TARGET
            return
    elif action.kind == TEST_TARGET:
        last = d.intents[-1]
        assert isinstance(last, Use)
        d.intents[-1] = Use(last.card, int(action.args[0]))
    d.done = True


def _use(state: InfectedState, order: list[int], window: dict[int, Draft]) -> None:
    for s in order:
        for intent in window[s].intents:
            assert isinstance(intent, Use)
            gear = state.equipped[s]
            entry = gear.pop(next(i for i, e in enumerate(gear) if e[0] == intent.card))
            use_item(state, s, intent.card, intent.target)
            if intent.card in state.piles[s]:  # an item without an effect joins the pile
                whereabouts.to_pile(state, s, intent.card, face_up=bool(entry[1]))


USES: Final = Window(_choices, _choose, _use)
