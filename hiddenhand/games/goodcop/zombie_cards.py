"""The nine Zombies equipment cards, and a zombie's Infect and (`infect`) Equip choices and the
choice of a card for an infection token, each a class in the `ZOMBIE_CARDS` registry.

Each card has two texts: one for the printed designs (`dice`, `infect`) and one for `simple`
(see `cards.ZOMBIE_EQUIPMENT`; the table's design says which: `Design.printed`). Like the base
cards (`equipment.py`), a card needing choices sets `state.task = Task(chooser, title, step,
data)`, one choice at a time, and ends with `card_done`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hiddenhand.engine import Action, Event, private
from hiddenhand.games.goodcop import zombies
from hiddenhand.games.goodcop.actions import AIM_AT, NAME_LEADER, STOP
from hiddenhand.games.goodcop.card import Card, InstantCard
from hiddenhand.games.goodcop.cards import (
    AGENT,
    ALARM_CLOCK,
    CHAINSAW,
    CROOKED,
    CROSSBOW,
    CURE_TASK,
    FACE_NAMES,
    FLAMETHROWER,
    HONEST,
    INFECT_TASK,
    KIND_NAMES,
    KINGPIN,
    MACHETE,
    SLOTS,
    TOKEN_TASK,
    TRANSFUSION_TUBE,
    WEAPON_CRATE,
    ZOMBIE_DIE,
    ZOMBIE_MASK,
    ZOMBIE_SERUM,
)
from hiddenhand.games.goodcop.phases import ROLLED, UNARMED
from hiddenhand.games.goodcop.task import Task

if TYPE_CHECKING:
    from hiddenhand.games.goodcop.zombie_rules import ZombieGoodCop

_MOVES = 3  # Transfusion Tube moves, Machete swaps: at most one per card


# -- who and what may be chosen -----------------------------------------------------------------


def _others(g: ZombieGoodCop, user: int) -> list[int]:
    return [p for p in g.living() if p != user]


def _wounded(g: ZombieGoodCop, p: int) -> bool:
    return bool(g.wounded & sum(1 << c for c in g.cards[p]))


def _revealed_leader(g: ZombieGoodCop, p: int) -> bool:
    up, kind = g.up, g.kind
    return any(up >> c & 1 and AGENT <= kind[c] <= KINGPIN for c in g.cards[p])


def _crossbow_targets(g: ZombieGoodCop, user: int) -> list[int]:
    if not g.design.printed:
        return [p for p in _others(g, user) if g.aim[p] == user and not _wounded(g, p)]
    return [p for p in _others(g, user) if g.aim[p] != UNARMED and not _revealed_leader(g, p)]


def _machete_targets(g: ZombieGoodCop) -> list[int]:
    """`simple`: armed players with no revealed leader card."""
    return [p for p in g.living() if g.aim[p] != UNARMED and not _revealed_leader(g, p)]


def _token_cards(g: ZombieGoodCop, with_token: bool) -> list[tuple[int, int]]:
    tokens = g.tokens
    return [
        (p, s)
        for p in g.living()
        for s, c in enumerate(g.cards[p])
        if bool(tokens >> c & 1) == with_token
    ]


def _leader_swap(g: ZombieGoodCop) -> tuple[int, int, int, int] | None:
    """`simple` Transfusion Tube: both leader cards face up with two different living players."""
    places = []
    for c in (g.agent, g.kingpin):
        p = g.owner[c]
        if p < 0 or not g.alive[p] or not g.up >> c & 1:
            return None
        places.append((p, g.cards[p].index(c)))
    (a, sa), (b, sb) = places
    return (a, sa, b, sb) if a != b else None


def _mask_cards(g: ZombieGoodCop) -> list[tuple[int, int]]:
    """Face-up leader or Infector cards of living players."""
    up, kind = g.up, g.kind
    return [
        (p, s)
        for p in g.living()
        for s, c in enumerate(g.cards[p])
        if up >> c & 1 and kind[c] >= AGENT
    ]


def _living_zombies(g: ZombieGoodCop) -> list[int]:
    return [p for p in g.living() if g.zombie[p]]


def _plain_revealed(g: ZombieGoodCop, besides: int) -> list[tuple[int, int]]:
    """Face-up Honest or Crooked cards of living players other than `besides`."""
    up, kind = g.up, g.kind
    return [
        (p, s)
        for p in g.living()
        if p != besides
        for s, c in enumerate(g.cards[p])
        if up >> c & 1 and kind[c] in (HONEST, CROOKED)
    ]


def _crate_players(g: ZombieGoodCop, first: int) -> tuple[int, ...]:
    """Living players with no hidden card, in turn order from `first`."""
    order = [(first + i) % g.n for i in range(g.n)]
    return tuple(p for p in order if g.alive[p] and not g.has_hidden(p))


def _crate_can(g: ZombieGoodCop, p: int) -> bool:
    if g.aim[p] != UNARMED:
        return True
    return bool(g.arms if g.zombie[p] else g.guns)


def _hidden_others(g: ZombieGoodCop, user: int) -> list[tuple[int, int]]:
    return [(p, s) for p in _others(g, user) for s in g.hidden_slots(p)]


# -- the cards ----------------------------------------------------------------------------------


class Crossbow(Card["ZombieGoodCop"]):
    """`dice`/`infect`: shoot another armed player with no revealed leader card. `simple`: a
    player aiming at you who is not wounded is shot."""

    title = CROSSBOW

    def players(self, g: ZombieGoodCop, chooser: int) -> list[int]:
        return _crossbow_targets(g, chooser)

    def usable(self, g: ZombieGoodCop, user: int) -> bool:
        return bool(_crossbow_targets(g, user))

    def resolve(self, g: ZombieGoodCop, task: Task, action: Action) -> bool:
        p = int(action.args[1])
        g.emit(
            Event(
                "weapon",
                f"{{p{task.chooser}}} shoots {{p{p}}}",
                data={"shooter": task.chooser, "target": p},
            )
        )
        g.hit(p, task.chooser)
        return True


class TransfusionTube(Card["ZombieGoodCop"]):
    """`dice`/`infect`: move up to three infection tokens, one at a time (token, then card).
    `simple`: the two revealed leader cards change hands at once."""

    title = TRANSFUSION_TUBE

    def usable(self, g: ZombieGoodCop, user: int) -> bool:
        if not g.design.printed:
            return _leader_swap(g) is not None
        return bool(_token_cards(g, True)) and bool(_token_cards(g, False))

    def start(self, g: ZombieGoodCop, user: int) -> None:
        if g.design.printed:
            super().start(g, user)
            return
        swap = _leader_swap(g)
        assert swap is not None
        g.emit(Event("transfusion", "the two leader cards change hands"))
        g.swap_integrity(*swap)

    def options(self, g: ZombieGoodCop, task: Task) -> list[Action]:
        t = g.table
        card = t.card[self.title]
        if task.step == 0:
            moves = [card[p][s] for p, s in _token_cards(g, True)]
            return moves + ([t.stop] if task.data and task.data[0] else [])
        return [card[p][s] for p, s in _token_cards(g, False)]

    def resolve(self, g: ZombieGoodCop, task: Task, action: Action) -> bool:
        if action.kind == STOP:
            return True
        chooser, data = task.chooser, task.data
        p, s = int(action.args[1]), int(action.args[2])
        if task.step == 0:
            g.task = Task(chooser, self.title, 1, (data[0] if data else 0, g.cards[p][s]))
            return False
        moved, source = data
        g.tokens = (g.tokens & ~(1 << source)) | 1 << g.cards[p][s]
        g.emit(Event("transfusion", f"an infection token moves to {{p{p}}}'s {SLOTS[s]} card"))
        if moved + 1 < _MOVES and _token_cards(g, False):
            g.task = Task(chooser, self.title, 0, (moved + 1,))
            return False
        return True


class ZombieSerum(Card["ZombieGoodCop"]):
    """`dice`/`infect`: re-roll one zombie die of a Bite just rolled. `simple`: you are shot,
    then name a leader: whoever holds that card reveals it."""

    title = ZOMBIE_SERUM

    def usable(self, g: ZombieGoodCop, user: int) -> bool:
        return not g.design.printed or (g.phase == ROLLED and bool(g.roll))

    def start(self, g: ZombieGoodCop, user: int) -> None:
        if g.design.printed:
            super().start(g, user)
            return
        g.emit(Event("serum", f"{{p{user}}} is shot by the Zombie Serum", data={"seat": user}))
        g.hit(user)
        if g.result is None:
            g.task = Task(user, self.title, 0, ())

    def options(self, g: ZombieGoodCop, task: Task) -> list[Action]:
        t = g.table
        return t.die[: len(g.roll)] if g.design.printed else list(t.name)

    def resolve(self, g: ZombieGoodCop, task: Task, action: Action) -> bool:
        if action.kind == NAME_LEADER:
            _name_leader(g, str(action.args[0]))
        else:
            _reroll(g, int(action.args[0]))
        return True


class Flamethrower(InstantCard["ZombieGoodCop"]):
    """Every zombie is shot."""

    title = FLAMETHROWER

    def usable(self, g: ZombieGoodCop, user: int) -> bool:
        return bool(_living_zombies(g))

    def start(self, g: ZombieGoodCop, user: int) -> None:
        g.emit(Event("flamethrower", "every zombie is shot"))
        for p in _living_zombies(g):
            g.hit(p, user)


class Chainsaw(Card["ZombieGoodCop"]):
    """Reveal another player's hidden card; who is shot depends on the design (`_chainsaw`)."""

    title = CHAINSAW

    def usable(self, g: ZombieGoodCop, user: int) -> bool:
        return bool(_hidden_others(g, user))

    def options(self, g: ZombieGoodCop, task: Task) -> list[Action]:
        if task.step == 0:
            card = g.table.card[self.title]
            return [card[p][s] for p, s in _hidden_others(g, task.chooser)]
        target = g.table.target[self.title]
        return [target[p] for p in g.living() if not _wounded(g, p)]

    def resolve(self, g: ZombieGoodCop, task: Task, action: Action) -> bool:
        _chainsaw(g, task.chooser, task.step, action)
        return g.task is None


class ZombieMask(Card["ZombieGoodCop"]):
    """`dice`/`infect`: swap a revealed leader or Infector card with another player's card.
    `simple`: a zombie stops being one and swaps all three cards with another player."""

    title = ZOMBIE_MASK

    def usable(self, g: ZombieGoodCop, user: int) -> bool:
        if not g.design.printed:
            return bool(_living_zombies(g)) and len(g.living()) >= 2
        return bool(_mask_cards(g)) and len(g.living()) >= 2

    def options(self, g: ZombieGoodCop, task: Task) -> list[Action]:
        target, card = g.table.target[self.title], g.table.card[self.title]
        if not g.design.printed:
            if task.step == 0:
                return [target[p] for p in _living_zombies(g)]
            return [target[p] for p in g.living() if p != task.data[0]]
        if task.step == 0:
            return [card[p][s] for p, s in _mask_cards(g)]
        return [card[q][s] for q in g.living() if q != task.data[0] for s in range(3)]

    def resolve(self, g: ZombieGoodCop, task: Task, action: Action) -> bool:
        return not _mask(g, task.chooser, task.step, task.data, action)


class Machete(Card["ZombieGoodCop"]):
    """`dice`/`infect`: swap a zombie's cards, one at a time (up to three), for revealed Honest
    or Crooked cards of others. `simple`: an armed player with no revealed leader is shot."""

    title = MACHETE

    def usable(self, g: ZombieGoodCop, user: int) -> bool:
        if not g.design.printed:
            return bool(_machete_targets(g))
        return any(_plain_revealed(g, z) for z in _living_zombies(g))

    def options(self, g: ZombieGoodCop, task: Task) -> list[Action]:
        t = g.table
        data = task.data
        if not g.design.printed:
            return [t.target[self.title][p] for p in _machete_targets(g)]
        card = t.card[self.title]
        if task.step == 0:
            done = data[1] if data else 0
            pool = [data[0]] if data else _living_zombies(g)
            moves = [card[z][s] for z in pool for s in range(3) if _plain_revealed(g, z)]
            return moves + ([t.stop] if done else [])
        return [card[p][s] for p, s in _plain_revealed(g, data[0])]

    def resolve(self, g: ZombieGoodCop, task: Task, action: Action) -> bool:
        if action.kind == STOP:
            return True
        chooser, data = task.chooser, task.data
        if not g.design.printed:
            p = int(action.args[1])
            g.emit(
                Event(
                    "weapon",
                    f"{{p{chooser}}} shoots {{p{p}}}",
                    data={"shooter": chooser, "target": p},
                )
            )
            g.hit(p, chooser)
            return True
        p, s = int(action.args[1]), int(action.args[2])
        if task.step == 0:
            g.task = Task(chooser, self.title, 1, (p, s, data[1] if data else 0))
            return False
        z, zs, done = data
        g.emit(
            Event(
                "machete", f"{{p{z}}}'s {SLOTS[zs]} card and {{p{p}}}'s {SLOTS[s]} card are swapped"
            )
        )
        g.swap_integrity(z, zs, p, s)
        if g.result is None and done + 1 < _MOVES and g.zombie[z] and _plain_revealed(g, z):
            g.task = Task(chooser, self.title, 0, (z, done + 1))
            return False
        return True


class WeaponCrate(Card["ZombieGoodCop"]):
    """Every player with no hidden card, in turn order, may take a gun (or Arms) or re-aim."""

    title = WEAPON_CRATE

    def usable(self, g: ZombieGoodCop, user: int) -> bool:
        return any(_crate_can(g, p) for p in _crate_players(g, user))

    def start(self, g: ZombieGoodCop, user: int) -> None:
        _next_crate(g, self.title, _crate_players(g, user))

    def options(self, g: ZombieGoodCop, task: Task) -> list[Action]:
        t = g.table
        return [t.aim[q] for q in g.living() if q != task.chooser] + [t.stop]

    def resolve(self, g: ZombieGoodCop, task: Task, action: Action) -> bool:
        _crate_choice(g, task.chooser, self.title, task.data, action)
        return False


class AlarmClock(Card["ZombieGoodCop"]):
    """`dice`/`infect`: an infection token on a card; every zombie aims at its holder.
    `simple`: set for a player's next turn (the rules ring it at its end)."""

    title = ALARM_CLOCK

    def usable(self, g: ZombieGoodCop, user: int) -> bool:
        return not g.design.printed or bool(zombies.infectable(g, -1))

    def options(self, g: ZombieGoodCop, task: Task) -> list[Action]:
        if not g.design.printed:
            return [g.table.target[self.title][p] for p in g.living()]
        card = g.table.card[self.title]
        return [card[p][s] for p, s in zombies.infectable(g, -1)]

    def resolve(self, g: ZombieGoodCop, task: Task, action: Action) -> bool:
        if not g.design.printed:
            p = int(action.args[1])
            g.alarm = p
            g.alarm_live = False
            g.emit(
                Event(
                    "alarm-set",
                    f"the Alarm Clock is set for {{p{p}}}'s next turn",
                    data={"target": p},
                )
            )
            return True
        p, s = int(action.args[1]), int(action.args[2])
        zombies.add_token(g, p, s)
        for z in _living_zombies(g):
            if z != p and g.aim[z] != UNARMED:
                g.aim[z] = p
        g.emit(Event("alarm", f"every zombie aims at {{p{p}}}", data={"target": p}))
        return True


# -- choices resolved like cards ------------------------------------------------------------------


class Infect(Card["ZombieGoodCop"]):
    """A zombie's Infect (`infect`): infection tokens on up to two other players' cards."""

    title = INFECT_TASK

    def options(self, g: ZombieGoodCop, task: Task) -> list[Action]:
        t = g.table
        card = t.card[self.title]
        data = task.data
        pairs = [(p, s) for p, s in zombies.infectable(g, task.chooser) if not data or p != data[0]]
        return [card[p][s] for p, s in pairs] + ([t.stop] if task.step else [])

    def resolve(self, g: ZombieGoodCop, task: Task, action: Action) -> bool:
        if action.kind == STOP:
            g.after_action()
            return False
        p, s = int(action.args[1]), int(action.args[2])
        zombies.add_token(g, p, s)
        if task.step == 0 and [q for q, _ in zombies.infectable(g, task.chooser) if q != p]:
            g.task = Task(task.chooser, self.title, 1, (p,))
            return False
        g.after_action()
        return False


class Cure(Card["ZombieGoodCop"]):
    """A zombie's Equip (`infect`) while tokens lie on living players: remove one, then draw."""

    title = CURE_TASK

    def options(self, g: ZombieGoodCop, task: Task) -> list[Action]:
        card = g.table.card[self.title]
        return [card[p][s] for p, s in zombies.curable(g)]

    def resolve(self, g: ZombieGoodCop, task: Task, action: Action) -> bool:
        p, s = int(action.args[1]), int(action.args[2])
        g.tokens &= ~(1 << g.cards[p][s])
        g.emit(
            Event(
                "cure",
                f"the infection token on {{p{p}}}'s {SLOTS[s]} card is removed",
                data={"seat": p},
            )
        )
        g.emit(Event("equip", f"{{p{task.chooser}}} draws an equipment card"))
        g.draw(task.chooser)
        g.after_action()
        return False


class InfectionToken(Card["ZombieGoodCop"]):
    """A player given an infection token chooses the card it goes on (`tokens=choose`)."""

    title = TOKEN_TASK

    def options(self, g: ZombieGoodCop, task: Task) -> list[Action]:
        card = g.table.card[self.title]
        mine = g.cards[task.chooser]
        return [card[task.chooser][s] for s in range(3) if not g.tokens >> mine[s] & 1]

    def resolve(self, g: ZombieGoodCop, task: Task, action: Action) -> bool:
        zombies.token_chosen(g, task.chooser, int(action.args[2]), task.step, task.data[0])
        return False


ZOMBIE_CARDS: dict[int, Card[ZombieGoodCop]] = {
    card.title: card
    for card in (
        Crossbow(),
        TransfusionTube(),
        ZombieSerum(),
        Flamethrower(),
        Chainsaw(),
        ZombieMask(),
        Machete(),
        WeaponCrate(),
        AlarmClock(),
        Infect(),
        Cure(),
        InfectionToken(),
    )
}
"""The registry: each Zombies title, and each choice resolved like a card, by its task id."""


def _reroll(g: ZombieGoodCop, die: int) -> None:
    faces = list(g.roll)
    faces[die] = zombies.roll_die(g, ZOMBIE_DIE)
    g.roll = tuple(faces)
    g.emit(Event("reroll", f"zombie die {die + 1} is rolled again: {FACE_NAMES[faces[die]]}"))
    zombies.announce_roll(g, g.bitten, "zombie", g.roll)


def _name_leader(g: ZombieGoodCop, name: str) -> None:
    c = g.agent if name == "agent" else g.kingpin
    holder = g.owner[c]
    g.emit(Event("named", f"the {name.capitalize()} is named"))
    if holder >= 0 and g.alive[holder] and not g.up >> c & 1:
        g.reveal(holder, g.cards[holder].index(c))


def _chainsaw(g: ZombieGoodCop, user: int, step: int, action: Action) -> None:
    args = action.args
    if step == 1:
        p = int(args[1])
        g.emit(
            Event("chainsaw", f"{{p{user}}} has {{p{p}}} shot", data={"shooter": user, "target": p})
        )
        g.hit(p, user)
        return
    p, s = int(args[1]), int(args[2])
    c = g.cards[p][s]
    g.reveal(p, s)
    if g.result is not None:
        return
    g.exposed(user, c)
    leader = AGENT <= g.kind[c] <= KINGPIN
    if not g.design.printed:
        if leader and [q for q in g.living() if not _wounded(g, q)]:
            g.task = Task(user, CHAINSAW, 1, ())
        elif not leader:
            g.hit(user)
    elif leader:
        g.hit(user)
    else:
        g.hit(p, user)


def _mask(g: ZombieGoodCop, user: int, step: int, data: tuple[int, ...], action: Action) -> bool:
    """Zombie Mask; True while a choice is still to come."""
    args = action.args
    if not g.design.printed:
        p = int(args[1])
        if step == 0:
            g.task = Task(user, ZOMBIE_MASK, 1, (p,))
            return True
        z = data[0]
        g.emit(Event("mask", f"{{p{z}}} is no longer a zombie and swaps cards with {{p{p}}}"))
        zombies.cure(g, z)
        swap_hands(g, z, p)
        return False
    p, s = int(args[1]), int(args[2])
    if step == 0:
        g.task = Task(user, ZOMBIE_MASK, 1, (p, s))
        return True
    a, sa = data
    g.emit(Event("mask", f"{{p{a}}}'s {SLOTS[sa]} card and {{p{p}}}'s {SLOTS[s]} card are swapped"))
    g.swap_integrity(a, sa, p, s)
    return False


def swap_hands(g: ZombieGoodCop, a: int, b: int) -> None:
    """Two players exchange all three integrity cards at once (each keeps face and tokens)."""
    g.cards[a], g.cards[b] = g.cards[b], g.cards[a]
    for c in g.cards[a]:
        g.owner[c] = a
        g.known[a] |= 1 << c
    for c in g.cards[b]:
        g.owner[c] = b
        g.known[b] |= 1 << c
    for seat in (a, b):
        names = ", ".join(KIND_NAMES[g.kind[c]] for c in g.cards[seat])
        g.emit(Event("received", f"you receive the cards {names}", private(seat), {"cards": names}))
    g.update_teams()


def _next_crate(g: ZombieGoodCop, title: int, queue: tuple[int, ...]) -> None:
    """Weapon Crate: ask the next player with no hidden card who can take or move a weapon."""
    while queue and not _crate_can(g, queue[0]):
        queue = queue[1:]
    if queue:
        g.task = Task(queue[0], title, 0, queue[1:])
    else:
        g.card_done(title)


def _crate_choice(
    g: ZombieGoodCop, p: int, title: int, queue: tuple[int, ...], action: Action
) -> None:
    if action.kind == AIM_AT:
        q = int(action.args[0])
        took = g.aim[p] == UNARMED
        if took:
            if g.zombie[p]:
                g.arms -= 1
            else:
                g.guns -= 1
            g.emit(
                Event(
                    "arm", f"{{p{p}}} takes {'Arms' if g.zombie[p] else 'a gun'}", data={"seat": p}
                )
            )
        g.aim[p] = q
        g.emit(Event("aim", f"{{p{p}}} aims at {{p{q}}}", data={"seat": p, "target": q}))
        if p == g.turn and (took or g.design.printed):
            g.tased = True  # cannot shoot (or bite) this turn
    _next_crate(g, title, queue)
