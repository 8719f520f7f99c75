"""What each equipment card does: when it may be played, and how it resolves.

A card that needs choices sets `state.task = (chooser, title, step, data)`; the chooser then
picks one action at a time (Blackmail: the first card, then the second), the way a person
plays it. When the last choice is made the card calls `state.card_done(title)`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from hiddenhand.engine import Action
from hiddenhand.games.goodcop import zombie_cards, zombies
from hiddenhand.games.goodcop.cards import (
    BASE_TITLES,
    BLACKMAIL,
    CARDS,
    COFFEE,
    DEFIBRILLATOR,
    DISGUISE,
    EVIDENCE_BAG,
    K9_UNIT,
    KIND_NAMES,
    MED_KIT,
    METAL_DETECTOR,
    PLANTED_EVIDENCE,
    POLYGRAPH,
    RESTRAINING_ORDER,
    RIOT_SHIELD,
    SLOTS,
    SMOKE_GRENADE,
    STAYING,
    SURVEILLANCE_CAMERA,
    TASER,
    TITLES,
    TRUTH_SERUM,
    WALKIE_TALKIE,
    WIRETAP,
)
from hiddenhand.games.goodcop.phases import SHOOTING, UNARMED

if TYPE_CHECKING:
    from hiddenhand.games.goodcop.rules import GoodCop, Task


# -- who may be chosen ------------------------------------------------------------------------


def _others(g: GoodCop, user: int) -> list[int]:
    alive = g.alive
    return [p for p in range(g.n) if p != user and alive[p]]


def _armed_others(g: GoodCop, user: int) -> list[int]:
    return [p for p in _others(g, user) if g.aim[p] != UNARMED]


def _armed(g: GoodCop) -> list[int]:
    alive, aim = g.alive, g.aim
    return [p for p in range(g.n) if alive[p] and aim[p] != UNARMED]


def _metal_targets(g: GoodCop, user: int) -> list[int]:
    return [p for p in _armed_others(g, user) if not g.disguised(p) and g.has_hidden(p)]


def _wiretap_targets(g: GoodCop, user: int) -> list[int]:
    return [p for p in _others(g, user) if g.has_hidden(p)]


def _revivable(g: GoodCop, user: int) -> list[int]:
    """Eliminated non-leaders; with zombies on, also zombies not holding the Infector."""
    out = [p for p in range(g.n) if p != user and not g.alive[p] and g.leader_card(p) < 0]
    if g.zon:
        out += [
            p for p in g.living() if p != user and g.zombie[p] and not zombies.known_infector(g, p)
        ]
    return out


def _gun_holders(g: GoodCop, user: int) -> list[int]:
    """Taser targets: other armed players (with zombies on, zombies' Arms cannot be taken)."""
    armed = _armed_others(g, user)
    return [p for p in armed if not g.zombie[p]] if g.zon else armed


def _wounded(g: GoodCop) -> list[int]:
    return [p for p in g.living() if g.wounded & sum(1 << c for c in g.cards[p])]


def _polygraph_targets(g: GoodCop, user: int) -> list[int]:
    return [p for p in _others(g, user) if not g.disguised(p)]


def _restraining_targets(g: GoodCop) -> list[int]:
    shooter = g.turn
    return [p for p in g.living() if p != shooter and p != g.shot_target]


def _evidence_sources(g: GoodCop, user: int) -> list[Action]:
    """Cards Evidence Bag can move: another player's hand card, or any card lying in front."""
    t = g.table
    out = [t.evidence_hand[p] for p in range(g.n) if g.hand[p] and p != user]
    for title in STAYING:
        holder = g.placed[title]
        if holder >= 0:
            out.append(t.evidence_front[title][holder])
    return out


# -- when a card may be played ----------------------------------------------------------------

Usable = Callable[["GoodCop", int], bool]

_USABLE: dict[int, Usable] = {
    BLACKMAIL: lambda g, u: len(_others(g, u)) >= 2,
    DEFIBRILLATOR: lambda g, u: bool(_revivable(g, u)),
    EVIDENCE_BAG: lambda g, u: bool(_evidence_sources(g, u)),
    K9_UNIT: lambda g, u: bool(_armed(g)),
    METAL_DETECTOR: lambda g, u: bool(_metal_targets(g, u)),
    POLYGRAPH: lambda g, u: bool(_polygraph_targets(g, u)),
    RESTRAINING_ORDER: lambda g, u: g.shot_live() and bool(_restraining_targets(g)),
    TASER: lambda g, u: g.aim[u] == UNARMED and not g.zombie[u] and bool(_gun_holders(g, u)),
    TRUTH_SERUM: lambda g, u: any(g.has_hidden(p) for p in g.living()),
    WIRETAP: lambda g, u: len(_wiretap_targets(g, u)) >= 2,
    MED_KIT: lambda g, u: bool(_wounded(g)),
    RIOT_SHIELD: lambda g, u: g.shot_live() and g.shot_target == u,
    WALKIE_TALKIE: lambda g, u: bool(_armed(g)),
}


def usable(g: GoodCop, title: int, user: int, own_turn: bool) -> bool:
    """Whether `user` may play this card now (own_turn: in their own action phase)."""
    if title >= BASE_TITLES:
        return zombie_cards.usable(g, title, user)
    when = CARDS[title].when
    if when == "shoot" and (own_turn or g.phase != SHOOTING):
        return False
    if when == "own-turn" and not own_turn:
        return False
    check = _USABLE.get(title)
    return check is None or check(g, user)


# -- playing a card ----------------------------------------------------------------------------


def play(g: GoodCop, user: int, title: int) -> None:
    """Start resolving a card just played (it is already out of the user's hand)."""
    if title >= BASE_TITLES:
        zombie_cards.play(g, user, title)
    elif title == COFFEE:
        g.coffee = user
        g.say("coffee", f"{{p{user}}} will take the next turn", seat=user)
    elif title == SMOKE_GRENADE:
        g.direction = -g.direction
        g.say("smoke", "the turn order is reversed")
    elif title == SURVEILLANCE_CAMERA:
        _place(g, title, user)
    elif title == RESTRAINING_ORDER:
        g.task = (g.turn, title, 0, ())
    elif title == METAL_DETECTOR:
        g.task = (user, title, 0, tuple(_metal_targets(g, user)))
    else:
        g.task = (user, title, 0, ())


def options(g: GoodCop, task: Task) -> list[Action]:
    """The choices of the seat resolving a card."""
    chooser, title, step, data = task
    if title >= BASE_TITLES:
        return zombie_cards.options(g, task)
    t = g.table
    target = t.target[title]
    if title == BLACKMAIL:
        row = t.card[title]
        first = data[0] if data else -1
        return [row[p][s] for p in _others(g, chooser) if p != first for s in range(3)]
    if title in (METAL_DETECTOR, SURVEILLANCE_CAMERA):
        p = data[0]
        return [t.card[title][p][s] for s in g.hidden_slots(p)]
    if title == WIRETAP:
        first = data[0] if data else -1
        row = t.card[title]
        return [
            row[p][s] for p in _wiretap_targets(g, chooser) if p != first for s in g.hidden_slots(p)
        ]
    if title == TRUTH_SERUM:
        row = t.card[title]
        return [row[p][s] for p in g.living() for s in g.hidden_slots(p)]
    if title == EVIDENCE_BAG:
        if step == 0:
            return _evidence_sources(g, chooser)
        return [target[p] for p in g.living() if p != data[0]]
    if title == TASER:
        if step == 0:
            return [target[p] for p in _gun_holders(g, chooser)]
        return [t.aim[p] for p in _others(g, chooser)]
    players: list[int]
    if title == DEFIBRILLATOR:
        players = _revivable(g, chooser)
    elif title == K9_UNIT:
        players = _armed(g)
    elif title == POLYGRAPH:
        players = _polygraph_targets(g, chooser)
    elif title == RESTRAINING_ORDER:
        players = _restraining_targets(g)
    elif title == MED_KIT:
        players = _wounded(g)
    elif title == RIOT_SHIELD:
        players = g.neighbours(chooser)
    else:  # Planted Evidence, Disguise, Walkie Talkie: any living player
        players = g.living()
    return [target[p] for p in players]


def choose(g: GoodCop, task: Task, action: Action) -> None:
    """Apply one choice of the seat resolving a card."""
    chooser, title, step, data = task
    if title >= BASE_TITLES:
        zombie_cards.choose(g, task, action)
        return
    args = action.args
    g.task = None
    if action.kind == "card":
        p, s = int(args[1]), int(args[2])
        _choose_card(g, chooser, title, step, data, p, s)
        return
    if action.kind == "evidence":
        holder = int(args[0])
        what = -1 if args[1] == "hand" else TITLES.index(str(args[1]))
        g.task = (chooser, title, 1, (holder, what))
        return
    p = int(args[-1])  # "target" (title, p) or "aim" (p)
    if title == TASER:
        if step == 0:
            g.aim[p] = UNARMED
            g.aim[chooser] = chooser
            g.tased = True
            g.say("taser", f"{{p{chooser}}} takes {{p{p}}}'s gun", seat=chooser, target=p)
            g.task = (chooser, title, 1, ())
            return
        g.aim[chooser] = p
        g.say("aim", f"{{p{chooser}}} aims at {{p{p}}}", seat=chooser, target=p)
    elif title == DEFIBRILLATOR:
        if g.alive[p]:
            g.say("revived", f"{{p{p}}} is no longer a zombie", seat=p)
            zombies.cure(g, p)
        else:
            g.alive[p] = True
            g.say("revived", f"{{p{p}}} is back in the game", seat=p)
    elif title == EVIDENCE_BAG:
        _move_equipment(g, data[0], data[1], p)
    elif title == K9_UNIT:
        if g.zon and g.zombie[p]:
            g.aim[p] = p
            g.say("k9", f"{{p{p}}} aims their Arms at themself", seat=p)
        else:
            g.aim[p] = UNARMED
            g.guns += 1
            g.say("k9", f"{{p{p}}} drops their gun", seat=p)
    elif title in (PLANTED_EVIDENCE, DISGUISE):
        _place(g, title, p)
    elif title == POLYGRAPH:
        g.say("polygraph", f"{{p{chooser}}} and {{p{p}}} see each other's cards")
        _show_all(g, p, chooser)
        _show_all(g, chooser, p)
    elif title == RESTRAINING_ORDER:
        g.aim[chooser] = p
        g.shot_target = p
        g.shot_locked = True
        g.say("aim", f"{{p{chooser}}} aims at {{p{p}}} instead", seat=chooser, target=p)
    elif title == MED_KIT:
        leader = g.leader_card(p)
        g.wounded &= ~(1 << leader)
        g.say("healed", f"{{p{p}}}'s Wounded token is removed", seat=p)
    elif title == RIOT_SHIELD:
        g.shot_target = p
        g.shot_locked = True
        g.say("deflect", f"the shot goes to {{p{p}}} instead", target=p)
    elif title == WALKIE_TALKIE:
        for q in _armed(g):
            if q != p:
                g.aim[q] = p
        g.say("walkie", f"every armed player aims at {{p{p}}}", target=p)
    g.card_done(title)


def _choose_card(
    g: GoodCop, chooser: int, title: int, step: int, data: tuple[int, ...], p: int, s: int
) -> None:
    if title == BLACKMAIL:
        if step == 0:
            g.task = (chooser, title, 1, (p, s))
            return
        a, sa = data
        g.say(
            "blackmail",
            f"{{p{a}}}'s {SLOTS[sa]} card and {{p{p}}}'s {SLOTS[s]} card are swapped",
        )
        g.swap_integrity(a, sa, p, s)
    elif title == TRUTH_SERUM:
        g.reveal(p, s)
        if g.zmode == "dice" and g.cards[p][s] == g.infector and g.result is None:
            g.draw(chooser)  # dice: whoever exposes the Infector draws
    elif title == WIRETAP:
        _look(g, chooser, p, s)
        if step == 0:
            g.task = (chooser, title, 1, (p,))
            return
    elif title == METAL_DETECTOR:
        _look(g, chooser, p, s)
        rest = data[1:]
        if rest:
            g.task = (chooser, title, 0, rest)
            return
    elif title == SURVEILLANCE_CAMERA:
        _look(g, chooser, p, s)
        if not g.asked:
            g._close_window()
        return
    g.card_done(title)


def _look(g: GoodCop, seat: int, p: int, s: int) -> None:
    c = g.cards[p][s]
    g.known[seat] |= 1 << c
    name = KIND_NAMES[g.kind[c]]
    g.say("look", f"{{p{seat}}} looks at {{p{p}}}'s {SLOTS[s]} card", seat=seat, target=p, slot=s)
    g.tell(
        seat,
        "saw",
        f"you see that {{p{p}}}'s {SLOTS[s]} card is {name}",
        target=p,
        slot=s,
        card=name,
    )


def _show_all(g: GoodCop, p: int, viewer: int) -> None:
    names = [KIND_NAMES[g.kind[c]] for c in g.cards[p]]
    for c in g.cards[p]:
        g.known[viewer] |= 1 << c
    g.tell(viewer, "saw", f"you see {{p{p}}}'s cards: {', '.join(names)}", target=p, cards=names)


def _place(g: GoodCop, title: int, seat: int) -> None:
    g.placed[title] = seat
    g.say("placed", f"{TITLES[title]} lies in front of {{p{seat}}}", seat=seat, card=TITLES[title])
    if title == PLANTED_EVIDENCE:
        g.update_teams()


def _move_equipment(g: GoodCop, holder: int, what: int, to: int) -> None:
    if what < 0:
        card = g.hand[holder].pop()
        g.say("evidence", f"{{p{holder}}}'s equipment card goes to {{p{to}}}")
        g.give(card, to)
        return
    g.say("evidence", f"{TITLES[what]} moves from {{p{holder}}} to {{p{to}}}")
    _place(g, what, to)
