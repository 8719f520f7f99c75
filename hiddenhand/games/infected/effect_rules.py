"""What each card effect and character ability does: one table of rules per kind of effect,
keyed as the card file names them (effects.py holds what each says).

Every table covers its whole vocabulary: the checks at the end refuse a key without its rules.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Final

from hiddenhand.engine.events import Event
from hiddenhand.engine.text import article
from hiddenhand.games.infected import mechanics
from hiddenhand.games.infected.cards import RESOURCES
from hiddenhand.games.infected.draft import Stage
from hiddenhand.games.infected.effects import ABILITIES, ITEM_EFFECTS, THREAT_EFFECTS, USE_PHASE
from hiddenhand.games.infected.intents import Ability

if TYPE_CHECKING:
    from hiddenhand.games.infected.draft import Draft
    from hiddenhand.games.infected.rules import InfectedState

SCOUTED_BY_ITEM: Final = 2
SCOUTED_BY_RECON: Final = 3


# -- threat effects ---------------------------------------------------------------------------


def handle_threat(state: InfectedState, card: int) -> None:
    """Handle the threat effects of a newly shown zombie card, in order, logging each event as
    it happens (a wound may exhaust the zombie deck part-way through)."""
    kind = state.cards.zombie_kinds[state.cards.zombie_of[card]]
    for effect in kind.effects:
        THREAT_HANDLERS[effect](state)


def _wound_leader(state: InfectedState) -> None:
    mechanics.wound(state, state.leader)


def _wound_wounded(state: InfectedState) -> None:
    for seat in [s for s in state.order_from_leader() if state.wounds[s]]:
        mechanics.wound(state, seat)


def _wound_all(state: InfectedState) -> None:
    for seat in state.order_from_leader():
        mechanics.wound(state, seat)


def _wounded_discard(state: InfectedState) -> None:
    for seat in state.order_from_leader():
        if state.wounds[seat] and state.hands[seat]:
            _discard_at_random(state, seat, "wounded")


def _discard_at_random(state: InfectedState, seat: int, why: str) -> None:
    """The seat discards a random card from hand, face up."""
    card = state.hands[seat].pop(state.rng.randrange(len(state.hands[seat])))
    state.item_discard.append(card)
    name = state.item_name(card)
    state.emit(Event("discard", f"{{p{seat}}} discards {article(name)} ({why})"))


def _lose_resource(state: InfectedState) -> None:
    piles = state.resources
    largest = max(range(len(piles)), key=lambda r: (len(piles[r]), -r))
    if piles[largest]:
        mechanics.lose_resources(state, [largest])


def _raid(state: InfectedState) -> None:
    mechanics.lose_resources(state, [r for r in range(len(state.resources)) if state.resources[r]])


def _jam(state: InfectedState) -> None:
    state.jammed = True
    state.emit(Event("jam", "equipped items cannot be used in the next use item phase"))


def _leader_unequip(state: InfectedState) -> None:
    gear = state.equipped[state.leader]
    if gear:
        slot = state.rng.randrange(len(gear))
        mechanics.unequip(state, state.leader, slot, "the threat")


def _wound_unarmed(state: InfectedState) -> None:
    for seat in [s for s in state.order_from_leader() if not state.equipped[s]]:
        mechanics.wound(state, seat)


def _idle_discard(state: InfectedState) -> None:
    for seat in state.order_from_leader():
        if not state.piles[seat] and state.hands[seat]:
            _discard_at_random(state, seat, "idle")


HOARD: Final = 6
"""A hand this large loses a card to `loot_hoarders`."""


def _loot_hoarders(state: InfectedState) -> None:
    for seat in state.order_from_leader():
        if len(state.hands[seat]) >= HOARD:
            _discard_at_random(state, seat, "looted")


THREAT_HANDLERS: Final[dict[str, Callable[[InfectedState], None]]] = {
    "wound_leader": _wound_leader,
    "wound_wounded": _wound_wounded,
    "wound_all": _wound_all,
    "wounded_discard": _wounded_discard,
    "lose_resource": _lose_resource,
    "raid": _raid,
    "jam": _jam,
    "leader_unequip": _leader_unequip,
    "wound_unarmed": _wound_unarmed,
    "idle_discard": _idle_discard,
    "loot_hoarders": _loot_hoarders,
}
"""What each threat effect does."""


# -- items used in a use item phase -----------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ItemUse:
    """An item effect used in a use item phase: whether the seat may use it now, and what
    using it does (`card`, already unequipped; `used`, the event that tells the use)."""

    usable: Callable[[InfectedState, int], bool]
    use: Callable[[InfectedState, int, int, int | None, Event], None]


def _always(state: InfectedState, seat: int) -> bool:
    return True


def _wounded(state: InfectedState, seat: int) -> bool:
    return bool(state.wounds[seat])


def _heal(count: int) -> Callable[[InfectedState, int, int, int | None, Event], None]:
    def use(state: InfectedState, seat: int, card: int, target: int | None, used: Event) -> None:
        state.item_discard.append(card)
        state.emit(used)
        mechanics.heal(state, seat, count)

    return use


def _blood_test(
    state: InfectedState, seat: int, card: int, target: int | None, used: Event
) -> None:
    state.removed_items.append(card)
    assert target is not None
    state.emit(used)
    mechanics.blood_test(state, seat, target)


def _scout(state: InfectedState, seat: int, card: int, target: int | None, used: Event) -> None:
    state.item_discard.append(card)
    state.emit(used)
    mechanics.scout(state, seat, SCOUTED_BY_ITEM)


def _draw2(state: InfectedState, seat: int, card: int, target: int | None, used: Event) -> None:
    state.item_discard.append(card)
    _draw_after(state, seat, 2, used)


def _stash(state: InfectedState, seat: int, card: int, target: int | None, used: Event) -> None:
    """The item goes face up onto its resource pile, then the seat takes a wound (which may
    exhaust the zombie deck: the resource stays)."""
    r = RESOURCES.index(state.cards.item_kinds[state.cards.item_of[card]].resource)
    state.resources[r].append(card)
    state.emit(used)
    name = article(state.item_name(card))
    state.emit(Event("place", f"{{p{seat}}} puts {name} on the {RESOURCES[r]} pile"))
    mechanics.wound(state, seat)


def _rally(state: InfectedState, seat: int, card: int, target: int | None, used: Event) -> None:
    """Every survivor draws 1, from the Leader clockwise; the draws are told after the use."""
    state.item_discard.append(card)
    drawn = [(s, mechanics.take_items(state, s, 1)) for s in state.order_from_leader()]
    state.emit(used)
    for s, cards in drawn:
        mechanics.show_drawn(state, s, cards)


ITEM_USES: Final[dict[str, ItemUse]] = {
    "heal3": ItemUse(_wounded, _heal(3)),
    "heal2": ItemUse(_wounded, _heal(2)),
    "heal1": ItemUse(_wounded, _heal(1)),
    "stash": ItemUse(_always, _stash),
    "rally": ItemUse(_always, _rally),
    "blood_test": ItemUse(lambda state, seat: state.samples_in_play, _blood_test),
    "scout": ItemUse(lambda state, seat: bool(state.zdeck), _scout),
    "draw2": ItemUse(_always, _draw2),
}
"""The item effects of the use item phase."""


def use_item(state: InfectedState, seat: int, card: int, target: int | None) -> None:
    """Carry out the effect of an equipped item used in a use item phase (already unequipped);
    an item without an effect goes into the challenge pile."""
    kind = state.cards.item_kinds[state.cards.item_of[card]]
    if kind.effect is None:
        state.piles[seat].append(card)
        state.emit(Event("use", f"{{p{seat}}} uses an equipped item in the challenge pile"))
        return
    item_use = ITEM_USES.get(kind.effect)
    if item_use is None:
        raise AssertionError(f"{kind.name} cannot be used in a use item phase")
    item_use.use(state, seat, card, target, Event("use", f"{{p{seat}}} uses {article(kind.name)}"))


# -- items used when a new threat card is shown -------------------------------------------------


def _block(state: InfectedState) -> None:
    state.blocked = True


def _distract(state: InfectedState) -> None:
    state.threat_vals[-1] = 0


SUPPRESSED: Final = 3
"""How much less a suppressed threat card counts."""


def _suppress(state: InfectedState) -> None:
    state.threat_vals[-1] = max(0, state.threat_vals[-1] - SUPPRESSED)


REACTIONS: Final[dict[str, Callable[[InfectedState], None]]] = {
    "block": _block,
    "distract": _distract,
    "suppress": _suppress,
}
"""The item effects used on a newly shown threat card (before its effect is handled)."""


# -- once-per-game abilities ----------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class AbilityRules:
    """A character's once-per-game ability: whether it may be chosen with this action-phase
    draft, what choosing it does to the draft, and what using it does (`used`, the event that
    tells the use)."""

    use: Callable[[InfectedState, int, int | None, Event], None]
    ready: Callable[[InfectedState, int, Draft], bool] = lambda state, seat, draft: True
    chosen: Callable[[InfectedState, int, Draft], None] = lambda state, seat, draft: _intend(draft)


def _intend(draft: Draft) -> None:
    """The ability is chosen with nothing more to choose."""
    draft.intents.append(Ability(None))


def _cover_fire(state: InfectedState, seat: int, target: int | None, used: Event) -> None:
    state.emit(used)
    state.cover = True
    state.emit(Event("cover", "the threat effect of the next zombie card is not handled"))


def _moonshine(state: InfectedState, seat: int, target: int | None, used: Event) -> None:
    state.emit(used)
    mechanics.heal(state, seat, len(state.wounds[seat]))


def _demolition(state: InfectedState, seat: int, target: int | None, used: Event) -> None:
    state.emit(used)
    mechanics.discard_from_hand(state, seat, state.special_kind(seat))
    state.extra_action.add(seat)


def _dynamite_in_hand(state: InfectedState, seat: int, draft: Draft) -> bool:
    return draft.avail.get(state.special_kind(seat), 0) > 0


def _take_dynamite(state: InfectedState, seat: int, draft: Draft) -> None:
    draft.take(state.special_kind(seat))
    _intend(draft)


def _triage(state: InfectedState, seat: int, target: int | None, used: Event) -> None:
    state.emit(used)
    for other in state.order_from_leader():
        mechanics.heal(state, other, 1)


def _lab_test(state: InfectedState, seat: int, target: int | None, used: Event) -> None:
    state.emit(used)
    assert target is not None
    mechanics.blood_test(state, seat, target)


def _ask_test_target(state: InfectedState, seat: int, draft: Draft) -> None:
    draft.stage = Stage.ABILITY_TARGET


def _recon(state: InfectedState, seat: int, target: int | None, used: Event) -> None:
    state.emit(used)
    mechanics.scout(state, seat, SCOUTED_BY_RECON)


def _supply_run(state: InfectedState, seat: int, target: int | None, used: Event) -> None:
    _draw_after(state, seat, 3, used)


ABILITY_RULES: Final[dict[str, AbilityRules]] = {
    "cover_fire": AbilityRules(_cover_fire),
    "moonshine": AbilityRules(_moonshine),
    "demolition": AbilityRules(_demolition, _dynamite_in_hand, _take_dynamite),
    "triage": AbilityRules(_triage),
    "lab_test": AbilityRules(
        _lab_test, lambda state, seat, draft: state.samples_in_play, _ask_test_target
    ),
    "recon": AbilityRules(_recon),
    "supply_run": AbilityRules(_supply_run),
}
"""The once-per-game abilities."""


def use_ability(state: InfectedState, seat: int, target: int | None) -> None:
    """Carry out a character's once-per-game ability (used just before an action)."""
    character = state.character_of(seat)
    state.ability_used[seat] = True
    used = Event("ability", f"{{p{seat}}} ({character.name}) uses the once-per-game ability")
    ABILITY_RULES[character.ability].use(state, seat, target, used)


def _draw_after(state: InfectedState, seat: int, count: int, cause: Event) -> None:
    """Draw for an item or ability, told after it. The cards are taken first, so a reshuffle
    they need is told before `cause`: the order records and replays have always shown."""
    drawn = mechanics.take_items(state, seat, count)
    state.emit(cause)
    mechanics.show_drawn(state, seat, drawn)


assert set(THREAT_HANDLERS) == set(THREAT_EFFECTS)
assert set(ITEM_USES) == {e for e, (timing, _text) in ITEM_EFFECTS.items() if timing == USE_PHASE}
assert set(REACTIONS) == {e for e, (timing, _text) in ITEM_EFFECTS.items() if timing != USE_PHASE}
assert set(ABILITY_RULES) == set(ABILITIES)
