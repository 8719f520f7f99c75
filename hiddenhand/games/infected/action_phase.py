"""The action phase and the player actions: every survivor secretly builds one choice (an
ability or the special item just before it, calls for votes, then the action), and the choices
are carried out together from the Leader clockwise.

A draft moves through stages; `STAGES` says what each stage offers and `CHOOSE` what each kind
of action does to the draft. `CARRY_OUT` carries out each kind of finished intent.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from hiddenhand.engine.events import Event, private
from hiddenhand.engine.text import article
from hiddenhand.games.infected import mechanics, whereabouts
from hiddenhand.games.infected.draft import Draft, Stage
from hiddenhand.games.infected.effect_rules import ABILITY_RULES, use_ability
from hiddenhand.games.infected.flow import Phase, Window
from hiddenhand.games.infected.intents import (
    Ability,
    CallDestroy,
    CallLeader,
    Draw,
    DrawTwo,
    Equip,
    Give,
    Heal,
    Intent,
    Pass,
    Play,
    Special,
    Swap,
    Zombify,
    play_of,
)
from hiddenhand.games.infected.limits import MAX_EQUIPPED
from hiddenhand.games.infected.space import (
    ABILITY,
    ABILITY_TARGET,
    CALL_DESTROY,
    CALL_LEADER,
    DESTROY_TARGET,
    DRAW,
    DRAW_TWO,
    EQUIP,
    EQUIP_DONE,
    GIVE,
    GIVE_DONE,
    HEAL,
    LEADER_TARGET,
    PASS,
    PLAY,
    SPECIAL,
    SPECIAL_COST,
    SWAP,
    UNEQUIP,
    ZOMBIFY,
)

if TYPE_CHECKING:
    from hiddenhand.engine.actions import Action
    from hiddenhand.games.infected.rules import InfectedState


def action_phase(state: InfectedState) -> None:
    """ "Each human player may do one action", simultaneously."""
    state.destroy_call = state.leader_call = None
    state.extra_action = set()
    state.open_window(Phase.ACTION, state.active())


def second_actions(state: InfectedState) -> None:
    """Seats granted a second action (the Sapper's ability) take it now."""
    if not state.extra_action:
        return
    seats = [s for s in state.order_from_leader() if s in state.extra_action]
    state.extra_action = set()
    state.open_window(Phase.EXTRA, seats, extra=True)


# -- what may be done -------------------------------------------------------------------------


def may_call_destroy(state: InfectedState, others: list[int]) -> bool:
    """Whether a seat whose active fellow survivors are `others` may call a destroy vote."""
    return bool(others) and state.samples_in_play and not state.destroy_held


def may_call_leader(state: InfectedState) -> bool:
    if not state.options.lead_by_vote or state.leader_vote_held:
        return False
    return any(s != state.leader and not state.exposed[s] for s in range(state.n))


def may_zombify(state: InfectedState, seat: int) -> bool:
    """Finish zombification: as Leader, or any time with `lead_by_vote`."""
    if not state.is_infected(seat) or state.exposed[seat] or state.end_game:
        return False
    return seat == state.leader or bool(state.options.lead_by_vote)


def ability_ready(state: InfectedState, seat: int, d: Draft) -> bool:
    if state.ability_used[seat]:
        return False
    return ABILITY_RULES[state.character_of(seat).ability].ready(state, seat, d)


def _equip_room(d: Draft) -> bool:
    return d.new_equips + (1 if d.special else 0) < MAX_EQUIPPED


def _equip_overflow(state: InfectedState, seat: int, d: Draft) -> int:
    kept = len(state.equipped[seat]) - len(d.dropped)
    return max(0, kept + d.new_equips + (1 if d.special else 0) - MAX_EQUIPPED)


def _others(state: InfectedState, seat: int) -> list[int]:
    return [s for s in range(state.n) if s != seat and not state.exposed[s]]


def _start(state: InfectedState, seat: int, d: Draft) -> list[Action]:
    actions = state.actions
    avail = d.avail
    out: list[Action] = []
    others = _others(state, seat)
    if not d.extra:
        if not d.called and may_call_destroy(state, others):
            out.append(actions.call_destroy)
        if not d.called and may_call_leader(state):
            out.append(actions.call_leader)
        if not d.used_ability and ability_ready(state, seat, d):
            out.append(actions.ability)
        if not d.special and avail.get(state.special_kind(seat), 0) and d.cards_left >= 2:
            out.append(actions.special)
    kinds = sorted(avail)
    play, equip, swap, give = actions.play, actions.equip, actions.swap, actions.give
    out += [play[k] for k in kinds]
    out.append(actions.draw)
    if _equip_room(d):
        for k in kinds:
            out += equip[k]
    if kinds:
        out += [swap[k] for k in kinds]
    elif not state.hands[seat]:
        out.append(actions.draw2)
    for k in kinds:
        gifts = give[k]
        for to in others:
            out.append(gifts[to])
    if state.wounds[seat]:
        out.append(actions.heal)
    out.append(actions.pass_)
    if may_zombify(state, seat):
        out.append(actions.zombify)
    return out


def _unequip_choices(state: InfectedState, seat: int, d: Draft) -> list[Action]:
    unequip = state.actions.unequip
    return [unequip[i] for i, e in enumerate(state.equipped[seat]) if e[0] not in d.dropped]


def _destroy_targets(state: InfectedState, seat: int, d: Draft) -> list[Action]:
    return [state.actions.destroy_target[s] for s in state.active() if s != seat]


def _leader_targets(state: InfectedState, seat: int, d: Draft) -> list[Action]:
    return [state.actions.leader_target[s] for s in state.active() if s != state.leader]


def _ability_targets(state: InfectedState, seat: int, d: Draft) -> list[Action]:
    return [state.actions.ability_target[s] for s in state.active()]


def _special_costs(state: InfectedState, seat: int, d: Draft) -> list[Action]:
    return [state.actions.special_cost[k] for k in sorted(d.avail)]


def _equip_more(state: InfectedState, seat: int, d: Draft) -> list[Action]:
    equip = state.actions.equip
    return [a for k in sorted(d.avail) for a in equip[k]] + [state.actions.equip_done]


def _swap_second(state: InfectedState, seat: int, d: Draft) -> list[Action]:
    return [state.actions.swap[k] for k in sorted(d.avail)]


def _give_more(state: InfectedState, seat: int, d: Draft) -> list[Action]:
    give = state.actions.give
    others = _others(state, seat)
    return [give[k][s] for k in sorted(d.avail) for s in others] + [state.actions.give_done]


STAGES: dict[Stage, Callable[[InfectedState, int, Draft], list[Action]]] = {
    Stage.START: _start,
    Stage.DESTROY_TARGET: _destroy_targets,
    Stage.LEADER_TARGET: _leader_targets,
    Stage.ABILITY_TARGET: _ability_targets,
    Stage.SPECIAL_COST: _special_costs,
    Stage.SPECIAL_UNEQUIP: _unequip_choices,
    Stage.UNEQUIP: _unequip_choices,
    Stage.EQUIP_MORE: _equip_more,
    Stage.SWAP_SECOND: _swap_second,
    Stage.GIVE_MORE: _give_more,
}
"""What each stage of an action-phase draft offers."""


# -- building the choice, one single action at a time ----------------------------------------

Choose = Callable[["InfectedState", int, Draft, tuple[Any, ...]], None]


def _call_destroy(state: InfectedState, seat: int, d: Draft, args: tuple[Any, ...]) -> None:
    d.called, d.stage = True, Stage.DESTROY_TARGET


def _destroy_target(state: InfectedState, seat: int, d: Draft, args: tuple[Any, ...]) -> None:
    d.intents.append(CallDestroy(int(args[0])))
    d.stage = Stage.START


def _call_leader(state: InfectedState, seat: int, d: Draft, args: tuple[Any, ...]) -> None:
    d.called, d.stage = True, Stage.LEADER_TARGET


def _leader_target(state: InfectedState, seat: int, d: Draft, args: tuple[Any, ...]) -> None:
    d.intents.append(CallLeader(int(args[0])))
    d.stage = Stage.START


def _ability(state: InfectedState, seat: int, d: Draft, args: tuple[Any, ...]) -> None:
    d.used_ability = True
    ABILITY_RULES[state.character_of(seat).ability].chosen(state, seat, d)


def _ability_target(state: InfectedState, seat: int, d: Draft, args: tuple[Any, ...]) -> None:
    d.intents.append(Ability(int(args[0])))
    d.stage = Stage.START


def _special(state: InfectedState, seat: int, d: Draft, args: tuple[Any, ...]) -> None:
    d.special = True
    d.take(state.special_kind(seat))
    d.stage = Stage.SPECIAL_COST


def _special_cost(state: InfectedState, seat: int, d: Draft, args: tuple[Any, ...]) -> None:
    k = int(args[0])
    d.take(k)
    d.intents.append(Special(k, ()))
    full = len(state.equipped[seat]) - len(d.dropped) + 1 > MAX_EQUIPPED
    d.stage = Stage.SPECIAL_UNEQUIP if full else Stage.START


def _unequip(state: InfectedState, seat: int, d: Draft, args: tuple[Any, ...]) -> None:
    card = state.equipped[seat][int(args[0])][0]
    d.dropped.append(card)
    last = d.intents[-1]
    if isinstance(last, Special):
        d.intents[-1] = Special(last.cost, (*last.drops, card))
    else:
        assert isinstance(last, Equip)
        d.intents[-1] = Equip(last.items, (*last.drops, card))
    if d.stage == Stage.SPECIAL_UNEQUIP:
        d.stage = Stage.START
    elif _equip_overflow(state, seat, d) == 0:
        d.finish()


def _play(state: InfectedState, seat: int, d: Draft, args: tuple[Any, ...]) -> None:
    k = int(args[0])
    d.take(k)
    d.intents.append(play_of(k))
    d.finish()


def _simply(intent: Intent) -> Choose:
    """An action with nothing more to choose."""

    def choose(state: InfectedState, seat: int, d: Draft, args: tuple[Any, ...]) -> None:
        d.intents.append(intent)
        d.finish()

    return choose


def _equip(state: InfectedState, seat: int, d: Draft, args: tuple[Any, ...]) -> None:
    k, up = int(args[0]), int(args[1])
    stage = d.stage
    d.take(k)
    last = d.intents[-1] if d.intents else None
    if stage == Stage.EQUIP_MORE and isinstance(last, Equip):
        d.intents[-1] = Equip((*last.items, (k, up)), last.drops)
    else:
        d.intents.append(Equip(((k, up),), ()))
    d.new_equips += 1
    if stage == Stage.START and d.avail and _equip_room(d):
        d.stage = Stage.EQUIP_MORE
        return
    _equip_done(state, seat, d, args)


def _equip_done(state: InfectedState, seat: int, d: Draft, args: tuple[Any, ...]) -> None:
    d.stage = Stage.UNEQUIP
    if _equip_overflow(state, seat, d) == 0:
        d.finish()


def _swap(state: InfectedState, seat: int, d: Draft, args: tuple[Any, ...]) -> None:
    k = int(args[0])
    had = d.cards_left
    d.take(k)
    last = d.intents[-1] if d.intents else None
    if d.stage == Stage.SWAP_SECOND and isinstance(last, Swap):
        d.intents[-1] = Swap((*last.items, k))
    else:
        d.intents.append(Swap((k,)))
        if had >= 2:
            d.stage = Stage.SWAP_SECOND
            return
    d.finish()


def _give(state: InfectedState, seat: int, d: Draft, args: tuple[Any, ...]) -> None:
    k, to = int(args[0]), int(args[1])
    d.take(k)
    last = d.intents[-1] if d.intents else None
    if d.stage == Stage.GIVE_MORE and isinstance(last, Give):
        d.intents[-1] = Give((*last.gifts, (k, to)))
    else:
        d.intents.append(Give(((k, to),)))
        if d.avail:
            d.stage = Stage.GIVE_MORE
            return
    d.finish()


def _give_done(state: InfectedState, seat: int, d: Draft, args: tuple[Any, ...]) -> None:
    d.finish()


CHOOSE: dict[str, Choose] = {
    CALL_DESTROY: _call_destroy,
    DESTROY_TARGET: _destroy_target,
    CALL_LEADER: _call_leader,
    LEADER_TARGET: _leader_target,
    ABILITY: _ability,
    ABILITY_TARGET: _ability_target,
    SPECIAL: _special,
    SPECIAL_COST: _special_cost,
    UNEQUIP: _unequip,
    PLAY: _play,
    DRAW: _simply(Draw()),
    DRAW_TWO: _simply(DrawTwo()),
    HEAL: _simply(Heal()),
    PASS: _simply(Pass()),
    ZOMBIFY: _simply(Zombify()),
    EQUIP: _equip,
    EQUIP_DONE: _equip_done,
    SWAP: _swap,
    GIVE: _give,
    GIVE_DONE: _give_done,
}
"""What each kind of action does to the draft being built."""


def _choices(state: InfectedState, seat: int, d: Draft) -> list[Action]:
    return STAGES[d.stage](state, seat, d)


def _choose(state: InfectedState, seat: int, d: Draft, action: Action) -> None:
    CHOOSE[action.kind](state, seat, d, action.args)


# -- carrying the choices out -----------------------------------------------------------------


def _carry_call_destroy(state: InfectedState, seat: int, intent: CallDestroy) -> None:
    state.emit(Event("call", f"{{p{seat}}} calls a vote to destroy {{p{intent.target}}}"))
    if state.destroy_call is None:
        state.destroy_call = (seat, intent.target)


def _carry_call_leader(state: InfectedState, seat: int, intent: CallLeader) -> None:
    text = f"{{p{seat}}} calls a vote to make {{p{intent.target}}} the Leader"
    state.emit(Event("call", text))
    if state.leader_call is None:
        state.leader_call = (seat, intent.target)


def _carry_special(state: InfectedState, seat: int, intent: Special) -> None:
    mechanics.discard_from_hand(state, seat, intent.cost)
    mechanics.equip(state, seat, ((state.special_kind(seat), 1),), intent.drops, fresh=True)


def _carry_play(state: InfectedState, seat: int, intent: Play) -> None:
    state.piles[seat].append(mechanics.take_from_hand(state, seat, intent.item))
    whereabouts.moved_unseen(state, (whereabouts.HAND, seat), (whereabouts.PILE, seat), seat)
    state.emit(Event("play", f"{{p{seat}}} plays an item card to the challenge pile"))


def _carry_equip(state: InfectedState, seat: int, intent: Equip) -> None:
    mechanics.equip(state, seat, intent.items, intent.drops, fresh=True)


def _carry_swap(state: InfectedState, seat: int, intent: Swap) -> None:
    for k in intent.items:
        mechanics.discard_from_hand(state, seat, k)
    mechanics.draw_items(state, seat, 2)


def _carry_give(state: InfectedState, seat: int, intent: Give) -> None:
    for k, to in intent.gifts:
        card = mechanics.take_from_hand(state, seat, k)
        state.hands[to].append(card)
        whereabouts.learn(state, seat, (card,), (whereabouts.HAND, to))
        whereabouts.moved_unseen(state, (whereabouts.HAND, seat), (whereabouts.HAND, to), seat, to)
        state.emit(Event("give", f"{{p{seat}}} gives an item card to {{p{to}}}"))
        state.emit(
            Event(
                "gave",
                f"{{p{seat}}} gives {article(state.item_name(card))} to {{p{to}}}",
                private((seat, to)),
            )
        )


def _carry_pass(state: InfectedState, seat: int, intent: Pass) -> None:
    state.emit(Event("pass", f"{{p{seat}}} takes no action"))


CARRY_OUT: dict[type[Intent], Callable[[InfectedState, int, Any], None]] = {
    CallDestroy: _carry_call_destroy,
    CallLeader: _carry_call_leader,
    Ability: lambda state, seat, intent: use_ability(state, seat, intent.target),
    Special: _carry_special,
    Play: _carry_play,
    Draw: lambda state, seat, intent: mechanics.draw_items(state, seat, 1),
    DrawTwo: lambda state, seat, intent: mechanics.draw_items(state, seat, 2),
    Equip: _carry_equip,
    Swap: _carry_swap,
    Give: _carry_give,
    Heal: lambda state, seat, intent: mechanics.heal(state, seat, 1),
    Pass: _carry_pass,
    Zombify: lambda state, seat, intent: mechanics.expose(state, seat, "finished zombification"),
}
"""How each kind of intent is carried out, in the order the seat built them."""


def _carry_out(state: InfectedState, order: list[int], window: dict[int, Draft]) -> None:
    """Calls and the ability first, then the action: in the order each seat built them."""
    for seat in order:
        for intent in window[seat].intents:
            CARRY_OUT[type(intent)](state, seat, intent)


ACTIONS = Window(_choices, _choose, _carry_out)
"""The action phase, and the second actions after it."""
