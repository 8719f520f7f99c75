"""The nine Zombies equipment cards, and a zombie's Infect and (`infect`) Equip choices.

Each card has two texts: one for the printed designs (`dice`, `infect`) and one for `simple`
(see `cards.ZOMBIE_EQUIPMENT`). Like `equipment.py`, a card needing choices sets
`state.task = (chooser, title, step, data)`, one choice at a time, and ends with `card_done`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hiddenhand.engine import Action
from hiddenhand.games.goodcop import zombies
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
    INFECTOR,
    KIND_NAMES,
    KINGPIN,
    MACHETE,
    SLOTS,
    TRANSFUSION_TUBE,
    WEAPON_CRATE,
    ZOMBIE_DIE,
    ZOMBIE_MASK,
    ZOMBIE_SERUM,
)
from hiddenhand.games.goodcop.phases import ROLLED, UNARMED

if TYPE_CHECKING:
    from hiddenhand.games.goodcop.rules import GoodCop, Task

_MOVES = 3  # Transfusion Tube moves, Machete swaps: at most one per card


# -- who and what may be chosen -----------------------------------------------------------------


def _others(g: GoodCop, user: int) -> list[int]:
    return [p for p in g.living() if p != user]


def _wounded(g: GoodCop, p: int) -> bool:
    return bool(g.wounded & sum(1 << c for c in g.cards[p]))


def _revealed_leader(g: GoodCop, p: int) -> bool:
    up, kind = g.up, g.kind
    return any(up >> c & 1 and AGENT <= kind[c] <= KINGPIN for c in g.cards[p])


def _crossbow_targets(g: GoodCop, user: int) -> list[int]:
    if g.zmode == "simple":
        return [p for p in _others(g, user) if g.aim[p] == user and not _wounded(g, p)]
    return [p for p in _others(g, user) if g.aim[p] != UNARMED and not _revealed_leader(g, p)]


def _machete_targets(g: GoodCop) -> list[int]:
    """`simple`: armed players with no revealed leader card."""
    return [p for p in g.living() if g.aim[p] != UNARMED and not _revealed_leader(g, p)]


def _token_cards(g: GoodCop, with_token: bool) -> list[tuple[int, int]]:
    tokens = g.tokens
    return [
        (p, s)
        for p in g.living()
        for s, c in enumerate(g.cards[p])
        if bool(tokens >> c & 1) == with_token
    ]


def _leader_swap(g: GoodCop) -> tuple[int, int, int, int] | None:
    """`simple` Transfusion Tube: both leader cards face up with two different living players."""
    places = []
    for c in (g.agent, g.kingpin):
        p = g.owner[c]
        if p < 0 or not g.alive[p] or not g.up >> c & 1:
            return None
        places.append((p, g.cards[p].index(c)))
    (a, sa), (b, sb) = places
    return (a, sa, b, sb) if a != b else None


def _mask_cards(g: GoodCop) -> list[tuple[int, int]]:
    """Face-up leader or Infector cards of living players."""
    up, kind = g.up, g.kind
    return [
        (p, s)
        for p in g.living()
        for s, c in enumerate(g.cards[p])
        if up >> c & 1 and kind[c] >= AGENT
    ]


def _living_zombies(g: GoodCop) -> list[int]:
    return [p for p in g.living() if g.zombie[p]]


def _plain_revealed(g: GoodCop, besides: int) -> list[tuple[int, int]]:
    """Face-up Honest or Crooked cards of living players other than `besides`."""
    up, kind = g.up, g.kind
    return [
        (p, s)
        for p in g.living()
        if p != besides
        for s, c in enumerate(g.cards[p])
        if up >> c & 1 and kind[c] in (HONEST, CROOKED)
    ]


def _crate_players(g: GoodCop, first: int) -> tuple[int, ...]:
    """Living players with no hidden card, in turn order from `first`."""
    order = [(first + i) % g.n for i in range(g.n)]
    return tuple(p for p in order if g.alive[p] and not g.has_hidden(p))


def _crate_can(g: GoodCop, p: int) -> bool:
    if g.aim[p] != UNARMED:
        return True
    return bool(g.arms if g.zombie[p] else g.guns)


def _hidden_others(g: GoodCop, user: int) -> list[tuple[int, int]]:
    return [(p, s) for p in _others(g, user) for s in g.hidden_slots(p)]


# -- when a card may be played ------------------------------------------------------------------


def usable(g: GoodCop, title: int, user: int) -> bool:
    simple = g.zmode == "simple"
    if title == CROSSBOW:
        return bool(_crossbow_targets(g, user))
    if title == TRANSFUSION_TUBE:
        if simple:
            return _leader_swap(g) is not None
        return bool(_token_cards(g, True)) and bool(_token_cards(g, False))
    if title == ZOMBIE_SERUM:
        return simple or (g.phase == ROLLED and bool(g.roll))
    if title == FLAMETHROWER:
        return bool(_living_zombies(g))
    if title == CHAINSAW:
        return bool(_hidden_others(g, user))
    if title == ZOMBIE_MASK:
        if simple:
            return bool(_living_zombies(g)) and len(g.living()) >= 2
        return bool(_mask_cards(g)) and len(g.living()) >= 2
    if title == MACHETE:
        if simple:
            return bool(_machete_targets(g))
        return any(_plain_revealed(g, z) for z in _living_zombies(g))
    if title == WEAPON_CRATE:
        return any(_crate_can(g, p) for p in _crate_players(g, user))
    if title == ALARM_CLOCK:
        return simple or bool(zombies.infectable(g, -1))
    return True


# -- playing and resolving ----------------------------------------------------------------------


def play(g: GoodCop, user: int, title: int) -> None:
    """Start resolving a card just played."""
    simple = g.zmode == "simple"
    if title == FLAMETHROWER:
        g.say("flamethrower", "every zombie is shot")
        for p in _living_zombies(g):
            g.hit(p, user)
    elif title == TRANSFUSION_TUBE and simple:
        swap = _leader_swap(g)
        assert swap is not None
        g.say("transfusion", "the two leader cards change hands")
        g.swap_integrity(*swap)
    elif title == ZOMBIE_SERUM and simple:
        g.say("serum", f"{{p{user}}} is shot by the Zombie Serum", seat=user)
        g.hit(user)
        if g.result is None:
            g.task = (user, title, 0, ())
    elif title == WEAPON_CRATE:
        _next_crate(g, title, _crate_players(g, user))
    else:
        g.task = (user, title, 0, ())


def options(g: GoodCop, task: Task) -> list[Action]:
    chooser, title, step, data = task
    t = g.table
    simple = g.zmode == "simple"
    target = t.target[title] if title < len(t.target) else []
    card = t.card[title]
    if title == INFECT_TASK:
        pairs = [(p, s) for p, s in zombies.infectable(g, chooser) if not data or p != data[0]]
        return [card[p][s] for p, s in pairs] + ([t.stop] if step else [])
    if title == CURE_TASK:
        return [card[p][s] for p, s in zombies.curable(g)]
    if title == CROSSBOW:
        return [target[p] for p in _crossbow_targets(g, chooser)]
    if title == TRANSFUSION_TUBE:
        if step == 0:
            moves = [card[p][s] for p, s in _token_cards(g, True)]
            return moves + ([t.stop] if data and data[0] else [])
        return [card[p][s] for p, s in _token_cards(g, False)]
    if title == ZOMBIE_SERUM:
        if simple:
            return list(t.name)
        return t.die[: len(g.roll)]
    if title == CHAINSAW:
        if step == 0:
            return [card[p][s] for p, s in _hidden_others(g, chooser)]
        return [target[p] for p in g.living() if not _wounded(g, p)]
    if title == ZOMBIE_MASK:
        if simple:
            if step == 0:
                return [target[p] for p in _living_zombies(g)]
            return [target[p] for p in g.living() if p != data[0]]
        if step == 0:
            return [card[p][s] for p, s in _mask_cards(g)]
        return [card[q][s] for q in g.living() if q != data[0] for s in range(3)]
    if title == MACHETE:
        if simple:
            return [target[p] for p in _machete_targets(g)]
        if step == 0:
            done = data[1] if data else 0
            pool = [data[0]] if data else _living_zombies(g)
            moves = [card[z][s] for z in pool for s in range(3) if _plain_revealed(g, z)]
            return moves + ([t.stop] if done else [])
        return [card[p][s] for p, s in _plain_revealed(g, data[0])]
    if title == WEAPON_CRATE:
        return [t.aim[q] for q in g.living() if q != chooser] + [t.stop]
    if title == ALARM_CLOCK:
        if simple:
            return [target[p] for p in g.living()]
        return [card[p][s] for p, s in zombies.infectable(g, -1)]
    raise AssertionError(f"no choices for {title}")  # pragma: no cover


def choose(g: GoodCop, task: Task, action: Action) -> None:
    """Apply one choice of the seat resolving a zombie card or action."""
    chooser, title, step, data = task
    g.task = None
    args = action.args
    kind = action.kind
    if title == INFECT_TASK:
        if kind == "stop":
            g._after_action()
            return
        p, s = int(args[1]), int(args[2])
        zombies.add_token(g, p, s)
        if step == 0 and [q for q, _ in zombies.infectable(g, chooser) if q != p]:
            g.task = (chooser, title, 1, (p,))
            return
        g._after_action()
        return
    if title == CURE_TASK:
        p, s = int(args[1]), int(args[2])
        g.tokens &= ~(1 << g.cards[p][s])
        g.say("cure", f"the infection token on {{p{p}}}'s {SLOTS[s]} card is removed", seat=p)
        g.say("equip", f"{{p{chooser}}} draws an equipment card")
        g.draw(chooser)
        g._after_action()
        return
    if kind == "stop" and title != WEAPON_CRATE:
        g.card_done(title)
        return
    if title == WEAPON_CRATE:
        _crate_choice(g, chooser, title, data, action)
        return
    if title == ZOMBIE_SERUM:
        if kind == "name":
            _name_leader(g, str(args[0]))
        else:
            _reroll(g, int(args[0]))
    elif title == TRANSFUSION_TUBE:
        p, s = int(args[1]), int(args[2])
        if step == 0:
            g.task = (chooser, title, 1, (data[0] if data else 0, g.cards[p][s]))
            return
        moved, source = data
        g.tokens = (g.tokens & ~(1 << source)) | 1 << g.cards[p][s]
        g.say("transfusion", f"an infection token moves to {{p{p}}}'s {SLOTS[s]} card")
        if moved + 1 < _MOVES and _token_cards(g, False):
            g.task = (chooser, title, 0, (moved + 1,))
            return
    elif title == CROSSBOW or (title == MACHETE and g.zmode == "simple"):
        p = int(args[1])
        g.say("weapon", f"{{p{chooser}}} shoots {{p{p}}}", shooter=chooser, target=p)
        g.hit(p, chooser)
    elif title == CHAINSAW:
        _chainsaw(g, chooser, step, action)
        if g.task is not None:
            return
    elif title == ZOMBIE_MASK:
        if _mask(g, chooser, step, data, action):
            return
    elif title == MACHETE:
        p, s = int(args[1]), int(args[2])
        if step == 0:
            g.task = (chooser, title, 1, (p, s, data[1] if data else 0))
            return
        z, zs, done = data
        g.say("machete", f"{{p{z}}}'s {SLOTS[zs]} card and {{p{p}}}'s {SLOTS[s]} card are swapped")
        g.swap_integrity(z, zs, p, s)
        if g.result is None and done + 1 < _MOVES and g.zombie[z] and _plain_revealed(g, z):
            g.task = (chooser, title, 0, (z, done + 1))
            return
    elif title == ALARM_CLOCK:
        if g.zmode == "simple":
            p = int(args[1])
            g.alarm = p
            g.alarm_live = False
            g.say("alarm-set", f"the Alarm Clock is set for {{p{p}}}'s next turn", target=p)
        else:
            p, s = int(args[1]), int(args[2])
            zombies.add_token(g, p, s)
            for z in _living_zombies(g):
                if z != p and g.aim[z] != UNARMED:
                    g.aim[z] = p
            g.say("alarm", f"every zombie aims at {{p{p}}}", target=p)
    g.card_done(title)


def _reroll(g: GoodCop, die: int) -> None:
    faces = list(g.roll)
    faces[die] = zombies.roll_die(g, ZOMBIE_DIE)
    g.roll = tuple(faces)
    g.say("reroll", f"zombie die {die + 1} is rolled again: {FACE_NAMES[faces[die]]}")
    zombies.announce_roll(g, g.bitten, "zombie", g.roll)


def _name_leader(g: GoodCop, name: str) -> None:
    c = g.agent if name == "agent" else g.kingpin
    holder = g.owner[c]
    g.say("named", f"the {name.capitalize()} is named")
    if holder >= 0 and g.alive[holder] and not g.up >> c & 1:
        g.reveal(holder, g.cards[holder].index(c))


def _chainsaw(g: GoodCop, user: int, step: int, action: Action) -> None:
    args = action.args
    if step == 1:
        p = int(args[1])
        g.say("chainsaw", f"{{p{user}}} has {{p{p}}} shot", shooter=user, target=p)
        g.hit(p, user)
        return
    p, s = int(args[1]), int(args[2])
    c = g.cards[p][s]
    g.reveal(p, s)
    if g.result is not None:
        return
    if g.zmode == "dice" and g.kind[c] == INFECTOR:
        g.draw(user)
    leader = AGENT <= g.kind[c] <= KINGPIN
    if g.zmode == "simple":
        if leader and [q for q in g.living() if not _wounded(g, q)]:
            g.task = (user, CHAINSAW, 1, ())
        elif not leader:
            g.hit(user)
    elif leader:
        g.hit(user)
    else:
        g.hit(p, user)


def _mask(g: GoodCop, user: int, step: int, data: tuple[int, ...], action: Action) -> bool:
    """Zombie Mask; True while a choice is still to come."""
    args = action.args
    if g.zmode == "simple":
        p = int(args[1])
        if step == 0:
            g.task = (user, ZOMBIE_MASK, 1, (p,))
            return True
        z = data[0]
        g.say("mask", f"{{p{z}}} is no longer a zombie and swaps cards with {{p{p}}}")
        zombies.cure(g, z)
        swap_hands(g, z, p)
        return False
    p, s = int(args[1]), int(args[2])
    if step == 0:
        g.task = (user, ZOMBIE_MASK, 1, (p, s))
        return True
    a, sa = data
    g.say("mask", f"{{p{a}}}'s {SLOTS[sa]} card and {{p{p}}}'s {SLOTS[s]} card are swapped")
    g.swap_integrity(a, sa, p, s)
    return False


def swap_hands(g: GoodCop, a: int, b: int) -> None:
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
        g.tell(seat, "received", f"you receive the cards {names}", cards=names)
    g.update_teams()


def _next_crate(g: GoodCop, title: int, queue: tuple[int, ...]) -> None:
    """Weapon Crate: ask the next player with no hidden card who can take or move a weapon."""
    while queue and not _crate_can(g, queue[0]):
        queue = queue[1:]
    if queue:
        g.task = (queue[0], title, 0, queue[1:])
    else:
        g.card_done(title)


def _crate_choice(g: GoodCop, p: int, title: int, queue: tuple[int, ...], action: Action) -> None:
    if action.kind == "aim":
        q = int(action.args[0])
        took = g.aim[p] == UNARMED
        if took:
            if g.zombie[p]:
                g.arms -= 1
            else:
                g.guns -= 1
            g.say("arm", f"{{p{p}}} takes {'Arms' if g.zombie[p] else 'a gun'}", seat=p)
        g.aim[p] = q
        g.say("aim", f"{{p{p}}} aims at {{p{q}}}", seat=p, target=q)
        if p == g.turn and (took or g.zmode != "simple"):
            g.tased = True  # cannot shoot (or bite) this turn
    _next_crate(g, title, queue)
