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
        state.log.extend(THREAT_HANDLERS[effect](state))


def _wound_leader(state: InfectedState) -> list[Event]:
    state.wound(state.leader)
    return []


def _wound_wounded(state: InfectedState) -> list[Event]:
    for seat in [s for s in state.order_from_leader() if state.wounds[s]]:
        state.wound(seat)
    return []


def _wound_all(state: InfectedState) -> list[Event]:
    for seat in state.order_from_leader():
        state.wound(seat)
    return []


def _wounded_discard(state: InfectedState) -> list[Event]:
    events: list[Event] = []
    for seat in state.order_from_leader():
        if state.wounds[seat] and state.hands[seat]:
            card = state.hands[seat].pop(state.rng.randrange(len(state.hands[seat])))
            state.item_discard.append(card)
            name = state.item_name(card)
            events.append(Event("discard", f"{{p{seat}}} discards {article(name)} (wounded)"))
    return events


def _lose_resource(state: InfectedState) -> list[Event]:
    piles = state.resources
    largest = max(range(len(piles)), key=lambda r: (len(piles[r]), -r))
    return state.lose_resources([largest]) if piles[largest] else []


def _raid(state: InfectedState) -> list[Event]:
    return state.lose_resources([r for r in range(len(state.resources)) if state.resources[r]])


def _jam(state: InfectedState) -> list[Event]:
    state.jammed = True
    return [Event("jam", "equipped items cannot be used in the next use item phase")]


def _leader_unequip(state: InfectedState) -> list[Event]:
    gear = state.equipped[state.leader]
    if not gear:
        return []
    slot = state.rng.randrange(len(gear))
    return state.unequip(state.leader, slot, "the threat")


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


def use_item(state: InfectedState, seat: int, card: int, target: int | None) -> list[Event]:
    """Carry out the effect of an equipped item used in a use item phase (already unequipped)."""
    kind = state.cards.item_kinds[state.cards.item_of[card]]
    name = kind.name
    if kind.effect is None:
        state.piles[seat].append(card)
        return [Event("use", f"{{p{seat}}} uses an equipped item in the challenge pile")]
    events = [Event("use", f"{{p{seat}}} uses {article(name)}")]
    if kind.effect == "blood_test":
        state.removed_items.append(card)
        assert target is not None
        return events + state.blood_test(seat, target)
    state.item_discard.append(card)
    if kind.effect == "heal3":
        return events + state.heal(seat, 3)
    if kind.effect == "heal1":
        return events + state.heal(seat, 1)
    if kind.effect == "draw2":
        return events + state.draw_items(seat, 2)
    if kind.effect == "scout":
        return events + state.scout(seat, SCOUT_CARDS["scout"])
    raise AssertionError(f"{name} cannot be used in a use item phase")


def use_ability(state: InfectedState, seat: int, target: int | None) -> list[Event]:
    """Carry out a character's once-per-game ability (used just before an action)."""
    character = state.character_of(seat)
    state.ability_used[seat] = True
    events = [Event("ability", f"{{p{seat}}} ({character.name}) uses the once-per-game ability")]
    ability = character.ability
    if ability == "cover_fire":
        state.cover = True
        events.append(Event("cover", "the threat effect of the next zombie card is not handled"))
    elif ability == "moonshine":
        events += state.heal(seat, len(state.wounds[seat]))
    elif ability == "demolition":
        events += state.discard_from_hand(seat, state.special_kind(seat))
        state.extra_action.add(seat)
    elif ability == "triage":
        for other in state.order_from_leader():
            events += state.heal(other, 1)
    elif ability == "lab_test":
        assert target is not None
        events += state.blood_test(seat, target)
    elif ability == "recon":
        events += state.scout(seat, SCOUT_CARDS["recon"])
    elif ability == "supply_run":
        events += state.draw_items(seat, 3)
    else:  # pragma: no cover - the loader admits only known abilities
        raise AssertionError(ability)
    return events
