"""Card effects: what each threat effect, item effect and character ability says, and does.

The card file names effects by key; the texts here are what players read, and the functions
carry the effect out on a game state. Keys are the card file's whole vocabulary: a file naming
an unknown key is refused at load time.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hiddenhand.engine.events import Event
from hiddenhand.engine.text import article

if TYPE_CHECKING:
    from hiddenhand.games.infected.rules import InfectedState

THREAT_EFFECTS: dict[str, str] = {
    "wound_leader": "The Leader takes a wound.",
    "wound_wounded": "Every wounded character takes a wound.",
    "wound_all": "Every character takes a wound.",
    "wounded_discard": "Every wounded character discards a random item card from hand.",
    "lose_resource": "Discard 1 collected resource from the largest resource pile.",
    "raid": "Discard 1 collected resource of each type.",
    "jam": "Equipped items cannot be used in the next use item phase.",
    "leader_unequip": "The Leader discards one of their equipped items, chosen at random.",
}
"""Threat effects, handled in the order a card lists them when the card is shown."""

USE_PHASE = "use"
THREAT_SHOWN = "threat"

ITEM_EFFECTS: dict[str, tuple[str, str]] = {
    "heal3": (USE_PHASE, "Heal: discard 3 wound cards from your character."),
    "heal1": (USE_PHASE, "Heal: discard 1 wound card from your character."),
    "blood_test": (USE_PHASE, "Blood sample: conduct a blood sample test on any player."),
    "scout": (USE_PHASE, "Secretly look at the top 2 cards of the zombie deck."),
    "draw2": (USE_PHASE, "Draw 2 item cards."),
    "block": (
        THREAT_SHOWN,
        "May be used when a new threat card is shown: its threat effect is not handled.",
    ),
    "distract": (
        THREAT_SHOWN,
        "May be used when a new threat card is shown: it counts as 0 in this threat.",
    ),
}
"""Item effects: (when the equipped item may be used, the card text). Items without an effect
are weapons and supplies: using one puts it into your challenge pile."""

ABILITIES: dict[str, str] = {
    "cover_fire": "The threat effect of the next zombie card shown is not handled.",
    "moonshine": "Heal all your wounds.",
    "demolition": "Discard a Dynamite from your hand: take a second action right after this one.",
    "triage": "Every character heals 1 wound.",
    "lab_test": "Conduct a blood sample test without an item.",
    "recon": "Secretly look at the top 3 cards of the zombie deck.",
    "supply_run": "Draw 3 item cards.",
}
"""Once-per-game abilities, used just before an action."""

SCOUT_CARDS = {"scout": 2, "recon": 3}


def handle_threat(state: InfectedState, card: int) -> None:
    """Handle the threat effects of a newly shown zombie card, in order, logging each event as
    it happens (a wound may exhaust the zombie deck part-way through)."""
    kind = state.cards.zombie_kinds[state.cards.zombie_of[card]]
    for effect in kind.effects:
        THREAT_HANDLERS[effect](state)


def _wound_leader(state: InfectedState) -> None:
    state.wound(state.leader)


def _wound_wounded(state: InfectedState) -> None:
    for seat in [s for s in state.order_from_leader() if state.wounds[s]]:
        state.wound(seat)


def _wound_all(state: InfectedState) -> None:
    for seat in state.order_from_leader():
        state.wound(seat)


def _wounded_discard(state: InfectedState) -> None:
    for seat in state.order_from_leader():
        if state.wounds[seat] and state.hands[seat]:
            card = state.hands[seat].pop(state.rng.randrange(len(state.hands[seat])))
            state.item_discard.append(card)
            name = state.item_name(card)
            state.emit(Event("discard", f"{{p{seat}}} discards {article(name)} (wounded)"))


def _lose_resource(state: InfectedState) -> None:
    piles = state.resources
    largest = max(range(len(piles)), key=lambda r: (len(piles[r]), -r))
    if piles[largest]:
        state.lose_resources([largest])


def _raid(state: InfectedState) -> None:
    state.lose_resources([r for r in range(len(state.resources)) if state.resources[r]])


def _jam(state: InfectedState) -> None:
    state.jammed = True
    state.emit(Event("jam", "equipped items cannot be used in the next use item phase"))


def _leader_unequip(state: InfectedState) -> None:
    gear = state.equipped[state.leader]
    if gear:
        slot = state.rng.randrange(len(gear))
        state.unequip(state.leader, slot, "the threat")


THREAT_HANDLERS = {
    "wound_leader": _wound_leader,
    "wound_wounded": _wound_wounded,
    "wound_all": _wound_all,
    "wounded_discard": _wounded_discard,
    "lose_resource": _lose_resource,
    "raid": _raid,
    "jam": _jam,
    "leader_unequip": _leader_unequip,
}
assert set(THREAT_HANDLERS) == set(THREAT_EFFECTS)


def use_item(state: InfectedState, seat: int, card: int, target: int | None) -> None:
    """Carry out the effect of an equipped item used in a use item phase (already unequipped)."""
    kind = state.cards.item_kinds[state.cards.item_of[card]]
    name = kind.name
    if kind.effect is None:
        state.piles[seat].append(card)
        state.emit(Event("use", f"{{p{seat}}} uses an equipped item in the challenge pile"))
        return
    use = Event("use", f"{{p{seat}}} uses {article(name)}")
    if kind.effect == "blood_test":
        state.removed_items.append(card)
        assert target is not None
        state.emit(use)
        state.blood_test(seat, target)
        return
    state.item_discard.append(card)
    if kind.effect == "heal3":
        state.emit(use)
        state.heal(seat, 3)
    elif kind.effect == "heal1":
        state.emit(use)
        state.heal(seat, 1)
    elif kind.effect == "draw2":
        _draw_after(state, seat, 2, use)
    elif kind.effect == "scout":
        state.emit(use)
        state.scout(seat, SCOUT_CARDS["scout"])
    else:
        raise AssertionError(f"{name} cannot be used in a use item phase")


def use_ability(state: InfectedState, seat: int, target: int | None) -> None:
    """Carry out a character's once-per-game ability (used just before an action)."""
    character = state.character_of(seat)
    state.ability_used[seat] = True
    used = Event("ability", f"{{p{seat}}} ({character.name}) uses the once-per-game ability")
    ability = character.ability
    if ability == "supply_run":
        _draw_after(state, seat, 3, used)
        return
    state.emit(used)
    if ability == "cover_fire":
        state.cover = True
        state.emit(Event("cover", "the threat effect of the next zombie card is not handled"))
    elif ability == "moonshine":
        state.heal(seat, len(state.wounds[seat]))
    elif ability == "demolition":
        state.discard_from_hand(seat, state.special_kind(seat))
        state.extra_action.add(seat)
    elif ability == "triage":
        for other in state.order_from_leader():
            state.heal(other, 1)
    elif ability == "lab_test":
        assert target is not None
        state.blood_test(seat, target)
    elif ability == "recon":
        state.scout(seat, SCOUT_CARDS["recon"])
    else:  # pragma: no cover - the loader admits only known abilities
        raise AssertionError(ability)


def _draw_after(state: InfectedState, seat: int, count: int, cause: Event) -> None:
    """Draw for an item or ability, told after it. The cards are taken first, so a reshuffle
    they need is told before `cause`: the order records and replays have always shown."""
    drawn = state.take_items(seat, count)
    state.emit(cause)
    state.show_drawn(seat, drawn)
