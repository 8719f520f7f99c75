"""The nine Zombies equipment cards, one class each: what is printed on the card, the texts of
its choices, what it asks and how it resolves (`card.Card`). `ZOMBIES_EQUIPMENT` lists them
after the base game's cards, with a zombie's choices resolved like cards (`zombies.py`).

Each card has two texts: one for the printed designs (`dice`, `infect`) and one for `simple`
(`Card.simple_text`; the table's design says which: `Design.printed`). Like the base cards
(`equipment.py`), a card needing choices sets `state.task = Task(chooser, index, step, data)`,
one choice at a time, and ends with `card_done`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hiddenhand.engine import Action, Event, private
from hiddenhand.games.goodcop import zombies
from hiddenhand.games.goodcop.actions import AIM_AT, NAME_LEADER, STOP
from hiddenhand.games.goodcop.card import Card, InstantCard
from hiddenhand.games.goodcop.cards import (
    AGENT,
    CROOKED,
    FACE_NAMES,
    HONEST,
    KIND_NAMES,
    KINGPIN,
    SLOTS,
    ZOMBIE_DIE,
)
from hiddenhand.games.goodcop.equipment import BASE_EQUIPMENT
from hiddenhand.games.goodcop.phases import ROLLED, UNARMED
from hiddenhand.games.goodcop.task import Task
from hiddenhand.games.goodcop.zombies import Cure, Infect, InfectionToken

if TYPE_CHECKING:
    from hiddenhand.games.goodcop.zombie_rules import ZombieGoodCop

_MOVES = 3  # Transfusion Tube moves, Machete swaps: at most one per card


# -- who and what may be chosen -----------------------------------------------------------------


def _others(state: ZombieGoodCop, user: int) -> list[int]:
    return [p for p in state.living() if p != user]


def _wounded(state: ZombieGoodCop, p: int) -> bool:
    return bool(state.wounded & sum(1 << c for c in state.cards[p]))


def _revealed_leader(state: ZombieGoodCop, p: int) -> bool:
    up, kind = state.face_up, state.card_kinds
    return any(up >> c & 1 and AGENT <= kind[c] <= KINGPIN for c in state.cards[p])


def _crossbow_targets(state: ZombieGoodCop, user: int) -> list[int]:
    if not state.design.printed:
        return [p for p in _others(state, user) if state.aim[p] == user and not _wounded(state, p)]
    return [
        p
        for p in _others(state, user)
        if state.aim[p] != UNARMED and not _revealed_leader(state, p)
    ]


def _machete_targets(state: ZombieGoodCop) -> list[int]:
    """`simple`: armed players with no revealed leader card."""
    return [p for p in state.living() if state.aim[p] != UNARMED and not _revealed_leader(state, p)]


def _token_cards(state: ZombieGoodCop, with_token: bool) -> list[tuple[int, int]]:
    tokens = state.infected_cards
    return [
        (p, s)
        for p in state.living()
        for s, c in enumerate(state.cards[p])
        if bool(tokens >> c & 1) == with_token
    ]


def _leader_swap(state: ZombieGoodCop) -> tuple[int, int, int, int] | None:
    """`simple` Transfusion Tube: both leader cards face up with two different living players."""
    places = []
    for c in (state.agent, state.kingpin):
        p = state.owner[c]
        if p < 0 or not state.alive[p] or not state.face_up >> c & 1:
            return None
        places.append((p, state.cards[p].index(c)))
    (a, sa), (b, sb) = places
    return (a, sa, b, sb) if a != b else None


def _mask_cards(state: ZombieGoodCop) -> list[tuple[int, int]]:
    """Face-up leader or Infector cards of living players."""
    up, kind = state.face_up, state.card_kinds
    return [
        (p, s)
        for p in state.living()
        for s, c in enumerate(state.cards[p])
        if up >> c & 1 and kind[c] >= AGENT
    ]


def _living_zombies(state: ZombieGoodCop) -> list[int]:
    return [p for p in state.living() if state.zombie[p]]


def _plain_revealed(state: ZombieGoodCop, besides: int) -> list[tuple[int, int]]:
    """Face-up Honest or Crooked cards of living players other than `besides`."""
    up, kind = state.face_up, state.card_kinds
    return [
        (p, s)
        for p in state.living()
        if p != besides
        for s, c in enumerate(state.cards[p])
        if up >> c & 1 and kind[c] in (HONEST, CROOKED)
    ]


def _crate_players(state: ZombieGoodCop, first: int) -> tuple[int, ...]:
    """Living players with no hidden card, in turn order from `first`."""
    order = [(first + i) % state.player_count for i in range(state.player_count)]
    return tuple(p for p in order if state.alive[p] and not state.has_hidden(p))


def _crate_can(state: ZombieGoodCop, p: int) -> bool:
    if state.aim[p] != UNARMED:
        return True
    return bool(state.arms_in_centre if state.zombie[p] else state.guns)


def _hidden_others(state: ZombieGoodCop, user: int) -> list[tuple[int, int]]:
    return [(p, s) for p in _others(state, user) for s in state.hidden_slots(p)]


# -- the cards ----------------------------------------------------------------------------------


class Crossbow(Card["ZombieGoodCop"]):
    """Whom it may shoot depends on the design (`_crossbow_targets`)."""

    title = "Crossbow"
    text = "Shoot another armed player who has no revealed leader card."
    simple_text = "A player aiming at you who is not wounded is shot."
    player_choice = "shoot {p} with the Crossbow"

    def players(self, state: ZombieGoodCop, chooser: int) -> list[int]:
        return _crossbow_targets(state, chooser)

    def usable(self, state: ZombieGoodCop, user: int) -> bool:
        return bool(_crossbow_targets(state, user))

    def resolve(self, state: ZombieGoodCop, task: Task, action: Action) -> bool:
        p = int(action.args[1])
        state.emit(
            Event(
                "weapon",
                f"{{p{task.chooser}}} shoots {{p{p}}}",
                data={"shooter": task.chooser, "target": p},
            )
        )
        state.hit(p, task.chooser)
        return True


class TransfusionTube(Card["ZombieGoodCop"]):
    """Printed: one token at a time (the token, then the card), up to three.
    `simple`: at once."""

    title = "Transfusion Tube"
    text = "Move up to 3 infection tokens to other integrity cards."
    simple_text = "Swap two revealed leader cards."
    card_choice = "move an infection token with {p}'s {slot} card (Transfusion Tube)"

    def usable(self, state: ZombieGoodCop, user: int) -> bool:
        if not state.design.printed:
            return _leader_swap(state) is not None
        return bool(_token_cards(state, True)) and bool(_token_cards(state, False))

    def start(self, state: ZombieGoodCop, user: int) -> None:
        if state.design.printed:
            super().start(state, user)
            return
        swap = _leader_swap(state)
        assert swap is not None
        state.emit(Event("transfusion", "the two leader cards change hands"))
        state.swap_integrity(*swap)

    def options(self, state: ZombieGoodCop, task: Task) -> list[Action]:
        t = state.actions
        card = t.card[self.index]
        if task.step == 0:
            moves = [card[p][s] for p, s in _token_cards(state, True)]
            return moves + ([t.stop] if task.data and task.data[0] else [])
        return [card[p][s] for p, s in _token_cards(state, False)]

    def resolve(self, state: ZombieGoodCop, task: Task, action: Action) -> bool:
        if action.kind == STOP:
            return True
        chooser, data = task.chooser, task.data
        p, s = int(action.args[1]), int(action.args[2])
        if task.step == 0:
            state.task = Task(chooser, self.index, 1, (data[0] if data else 0, state.cards[p][s]))
            return False
        moved, source = data
        state.infected_cards = (state.infected_cards & ~(1 << source)) | 1 << state.cards[p][s]
        state.emit(Event("transfusion", f"an infection token moves to {{p{p}}}'s {SLOTS[s]} card"))
        if moved + 1 < _MOVES and _token_cards(state, False):
            state.task = Task(chooser, self.index, 0, (moved + 1,))
            return False
        return True


class ZombieSerum(Card["ZombieGoodCop"]):
    """Printed: a die of the Bite waiting in the Rolled window. `simple`: the user is
    shot first, then names a leader."""

    title = "Zombie Serum"
    text = "Re-roll one zombie die just rolled."
    simple_text = "You are shot; name a leader: whoever holds that card reveals it."

    def usable(self, state: ZombieGoodCop, user: int) -> bool:
        return not state.design.printed or (state.phase == ROLLED and bool(state.bite_roll))

    def start(self, state: ZombieGoodCop, user: int) -> None:
        if state.design.printed:
            super().start(state, user)
            return
        state.emit(Event("serum", f"{{p{user}}} is shot by the Zombie Serum", data={"seat": user}))
        state.hit(user)
        if state.result is None:
            state.task = Task(user, self.index, 0, ())

    def options(self, state: ZombieGoodCop, task: Task) -> list[Action]:
        t = state.actions
        return t.die[: len(state.bite_roll)] if state.design.printed else list(t.name)

    def resolve(self, state: ZombieGoodCop, task: Task, action: Action) -> bool:
        if action.kind == NAME_LEADER:
            _name_leader(state, str(action.args[0]))
        else:
            _reroll(state, int(action.args[0]))
        return True


class Flamethrower(InstantCard["ZombieGoodCop"]):
    """Each living zombie is hit in turn, by the user."""

    title = "Flamethrower"
    text = "Every zombie is shot."
    simple_text = "Every zombie is shot."

    def usable(self, state: ZombieGoodCop, user: int) -> bool:
        return bool(_living_zombies(state))

    def start(self, state: ZombieGoodCop, user: int) -> None:
        state.emit(Event("flamethrower", "every zombie is shot"))
        for p in _living_zombies(state):
            state.hit(p, user)


class Chainsaw(Card["ZombieGoodCop"]):
    """One card revealed; who is shot depends on the design (`_chainsaw`)."""

    title = "Chainsaw"
    text = "Reveal another player's hidden card: a leader, you are shot; otherwise they are."
    simple_text = (
        "Reveal another player's hidden card: a leader, you choose a player who is not "
        "wounded to be shot; otherwise you are shot."
    )
    player_choice = "have {p} shot (Chainsaw)"
    card_choice = "reveal {p}'s {slot} card (Chainsaw)"

    def usable(self, state: ZombieGoodCop, user: int) -> bool:
        return bool(_hidden_others(state, user))

    def options(self, state: ZombieGoodCop, task: Task) -> list[Action]:
        if task.step == 0:
            card = state.actions.card[self.index]
            return [card[p][s] for p, s in _hidden_others(state, task.chooser)]
        target = state.actions.target[self.index]
        return [target[p] for p in state.living() if not _wounded(state, p)]

    def resolve(self, state: ZombieGoodCop, task: Task, action: Action) -> bool:
        _chainsaw(state, task.chooser, task.step, action)
        return state.task is None


class ZombieMask(Card["ZombieGoodCop"]):
    """Printed: the revealed card, then the card it swaps with. `simple`: the zombie, then
    the player it swaps with."""

    title = "Zombie Mask"
    text = "Swap a revealed leader or Infector card with another player's card."
    simple_text = (
        "A zombie stops being one and swaps all three integrity cards with another player."
    )
    player_choice = "choose {p} (Zombie Mask)"
    card_choice = "swap {p}'s {slot} card (Zombie Mask)"

    def usable(self, state: ZombieGoodCop, user: int) -> bool:
        if not state.design.printed:
            return bool(_living_zombies(state)) and len(state.living()) >= 2
        return bool(_mask_cards(state)) and len(state.living()) >= 2

    def options(self, state: ZombieGoodCop, task: Task) -> list[Action]:
        target, card = state.actions.target[self.index], state.actions.card[self.index]
        if not state.design.printed:
            if task.step == 0:
                return [target[p] for p in _living_zombies(state)]
            return [target[p] for p in state.living() if p != task.data[0]]
        if task.step == 0:
            return [card[p][s] for p, s in _mask_cards(state)]
        return [card[q][s] for q in state.living() if q != task.data[0] for s in range(3)]

    def resolve(self, state: ZombieGoodCop, task: Task, action: Action) -> bool:
        return not _mask(state, task.chooser, task.step, task.data, action)


class Machete(Card["ZombieGoodCop"]):
    """Printed: a zombie's card, then the revealed card, up to three swaps. `simple`: the
    player shot."""

    title = "Machete"
    text = "Swap any of a zombie's cards for revealed Honest or Crooked cards of others."
    simple_text = "An armed player with no revealed leader card is shot."
    player_choice = "shoot {p} with the Machete"
    card_choice = "swap {p}'s {slot} card (Machete)"

    def usable(self, state: ZombieGoodCop, user: int) -> bool:
        if not state.design.printed:
            return bool(_machete_targets(state))
        return any(_plain_revealed(state, z) for z in _living_zombies(state))

    def options(self, state: ZombieGoodCop, task: Task) -> list[Action]:
        t = state.actions
        data = task.data
        if not state.design.printed:
            return [t.target[self.index][p] for p in _machete_targets(state)]
        card = t.card[self.index]
        if task.step == 0:
            done = data[1] if data else 0
            pool = [data[0]] if data else _living_zombies(state)
            moves = [card[z][s] for z in pool for s in range(3) if _plain_revealed(state, z)]
            return moves + ([t.stop] if done else [])
        return [card[p][s] for p, s in _plain_revealed(state, data[0])]

    def resolve(self, state: ZombieGoodCop, task: Task, action: Action) -> bool:
        if action.kind == STOP:
            return True
        chooser, data = task.chooser, task.data
        if not state.design.printed:
            p = int(action.args[1])
            state.emit(
                Event(
                    "weapon",
                    f"{{p{chooser}}} shoots {{p{p}}}",
                    data={"shooter": chooser, "target": p},
                )
            )
            state.hit(p, chooser)
            return True
        p, s = int(action.args[1]), int(action.args[2])
        if task.step == 0:
            state.task = Task(chooser, self.index, 1, (p, s, data[1] if data else 0))
            return False
        z, zs, done = data
        state.emit(
            Event(
                "machete", f"{{p{z}}}'s {SLOTS[zs]} card and {{p{p}}}'s {SLOTS[s]} card are swapped"
            )
        )
        state.swap_integrity(z, zs, p, s)
        if (
            state.result is None
            and done + 1 < _MOVES
            and state.zombie[z]
            and _plain_revealed(state, z)
        ):
            state.task = Task(chooser, self.index, 0, (z, done + 1))
            return False
        return True


class WeaponCrate(Card["ZombieGoodCop"]):
    """Every player with no hidden card, in turn order, is asked: take a gun (or Arms), re-aim
    or stop."""

    title = "Weapon Crate"
    text = (
        "Every player with no hidden card may take a gun or re-aim; whoever does cannot "
        "shoot this turn."
    )
    simple_text = (
        "Every player with no hidden card may take a gun or re-aim; whoever takes a gun "
        "cannot shoot this turn."
    )

    def usable(self, state: ZombieGoodCop, user: int) -> bool:
        return any(_crate_can(state, p) for p in _crate_players(state, user))

    def start(self, state: ZombieGoodCop, user: int) -> None:
        _next_crate(state, self.index, _crate_players(state, user))

    def options(self, state: ZombieGoodCop, task: Task) -> list[Action]:
        t = state.actions
        return [t.aim[q] for q in state.living() if q != task.chooser] + [t.stop]

    def resolve(self, state: ZombieGoodCop, task: Task, action: Action) -> bool:
        _crate_choice(state, task.chooser, self.index, task.data, action)
        return False


class AlarmClock(Card["ZombieGoodCop"]):
    """Printed: the card for the token. `simple`: set for a player's next turn (the rules ring
    it at its end)."""

    title = "Alarm Clock"
    text = "Put an infection token on a card; every zombie aims at its holder."
    simple_text = (
        "At the end of the chosen player's next turn, every unarmed player takes a gun and "
        "everyone armed aims at them."
    )
    player_choice = "set the Alarm Clock on {p}"
    card_choice = "put an infection token on {p}'s {slot} card (Alarm Clock)"

    def usable(self, state: ZombieGoodCop, user: int) -> bool:
        return not state.design.printed or bool(zombies.infectable(state, -1))

    def options(self, state: ZombieGoodCop, task: Task) -> list[Action]:
        if not state.design.printed:
            return [state.actions.target[self.index][p] for p in state.living()]
        card = state.actions.card[self.index]
        return [card[p][s] for p, s in zombies.infectable(state, -1)]

    def resolve(self, state: ZombieGoodCop, task: Task, action: Action) -> bool:
        if not state.design.printed:
            p = int(action.args[1])
            state.alarm = p
            state.alarm_live = False
            state.emit(
                Event(
                    "alarm-set",
                    f"the Alarm Clock is set for {{p{p}}}'s next turn",
                    data={"target": p},
                )
            )
            return True
        p, s = int(action.args[1]), int(action.args[2])
        zombies.add_token(state, p, s)
        for z in _living_zombies(state):
            if z != p and state.aim[z] != UNARMED:
                state.aim[z] = p
        state.emit(Event("alarm", f"every zombie aims at {{p{p}}}", data={"target": p}))
        return True


ZOMBIES_EQUIPMENT = BASE_EQUIPMENT.extended(
    Crossbow,
    TransfusionTube,
    ZombieSerum,
    Flamethrower,
    Chainsaw,
    ZombieMask,
    Machete,
    WeaponCrate,
    AlarmClock,
    Infect,
    Cure,
    InfectionToken,
)
"""The equipment of a game with the Zombies expansion: the base game's, then the expansion's
nine cards and a zombie's three choices resolved like cards (`zombies.py`), in their fixed
order (never reorder it: stored games and trained networks read them by index)."""


def _reroll(state: ZombieGoodCop, die: int) -> None:
    faces = list(state.bite_roll)
    faces[die] = zombies.roll_die(state, ZOMBIE_DIE)
    state.bite_roll = tuple(faces)
    state.emit(Event("reroll", f"zombie die {die + 1} is rolled again: {FACE_NAMES[faces[die]]}"))
    zombies.announce_roll(state, state.bitten_seat, "zombie", state.bite_roll)


def _name_leader(state: ZombieGoodCop, name: str) -> None:
    c = state.agent if name == "agent" else state.kingpin
    holder = state.owner[c]
    state.emit(Event("named", f"the {name.capitalize()} is named"))
    if holder >= 0 and state.alive[holder] and not state.face_up >> c & 1:
        state.reveal(holder, state.cards[holder].index(c))


def _chainsaw(state: ZombieGoodCop, user: int, step: int, action: Action) -> None:
    args = action.args
    if step == 1:
        p = int(args[1])
        state.emit(
            Event("chainsaw", f"{{p{user}}} has {{p{p}}} shot", data={"shooter": user, "target": p})
        )
        state.hit(p, user)
        return
    p, s = int(args[1]), int(args[2])
    c = state.cards[p][s]
    state.reveal(p, s)
    if state.result is not None:
        return
    state.exposed(user, c)
    leader = AGENT <= state.card_kinds[c] <= KINGPIN
    if not state.design.printed:
        if leader and [q for q in state.living() if not _wounded(state, q)]:
            state.task = Task(user, Chainsaw.index, 1, ())
        elif not leader:
            state.hit(user)
    elif leader:
        state.hit(user)
    else:
        state.hit(p, user)


def _mask(
    state: ZombieGoodCop, user: int, step: int, data: tuple[int, ...], action: Action
) -> bool:
    """Zombie Mask; True while a choice is still to come."""
    args = action.args
    if not state.design.printed:
        p = int(args[1])
        if step == 0:
            state.task = Task(user, ZombieMask.index, 1, (p,))
            return True
        z = data[0]
        state.emit(Event("mask", f"{{p{z}}} is no longer a zombie and swaps cards with {{p{p}}}"))
        zombies.cure(state, z)
        swap_hands(state, z, p)
        return False
    p, s = int(args[1]), int(args[2])
    if step == 0:
        state.task = Task(user, ZombieMask.index, 1, (p, s))
        return True
    a, sa = data
    state.emit(
        Event("mask", f"{{p{a}}}'s {SLOTS[sa]} card and {{p{p}}}'s {SLOTS[s]} card are swapped")
    )
    state.swap_integrity(a, sa, p, s)
    return False


def swap_hands(state: ZombieGoodCop, a: int, b: int) -> None:
    """Two players exchange all three integrity cards at once (each keeps face and tokens)."""
    state.cards[a], state.cards[b] = state.cards[b], state.cards[a]
    for c in state.cards[a]:
        state.owner[c] = a
        state.known[a] |= 1 << c
    for c in state.cards[b]:
        state.owner[c] = b
        state.known[b] |= 1 << c
    for seat in (a, b):
        names = ", ".join(KIND_NAMES[state.card_kinds[c]] for c in state.cards[seat])
        state.emit(
            Event("received", f"you receive the cards {names}", private(seat), {"cards": names})
        )
    state.update_teams()


def _next_crate(state: ZombieGoodCop, title: int, queue: tuple[int, ...]) -> None:
    """Weapon Crate: ask the next player with no hidden card who can take or move a weapon."""
    while queue and not _crate_can(state, queue[0]):
        queue = queue[1:]
    if queue:
        state.task = Task(queue[0], title, 0, queue[1:])
    else:
        state.card_done(title)


def _crate_choice(
    state: ZombieGoodCop, p: int, title: int, queue: tuple[int, ...], action: Action
) -> None:
    if action.kind == AIM_AT:
        q = int(action.args[0])
        took = state.aim[p] == UNARMED
        if took:
            if state.zombie[p]:
                state.arms_in_centre -= 1
            else:
                state.guns -= 1
            state.emit(
                Event(
                    "arm",
                    f"{{p{p}}} takes {'Arms' if state.zombie[p] else 'a gun'}",
                    data={"seat": p},
                )
            )
        state.aim[p] = q
        state.emit(Event("aim", f"{{p{p}}} aims at {{p{q}}}", data={"seat": p, "target": q}))
        if p == state.turn and (took or state.design.printed):
            state.tased = True  # cannot shoot (or bite) this turn
    _next_crate(state, title, queue)
