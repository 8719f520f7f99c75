"""The base game's equipment cards, one class each: when it may be played, what it asks and how it
resolves. A card's title, copies, timing and text are its data in `cards.EQUIPMENT`.

A card that needs choices sets `state.task = Task(chooser, title, step, data)`; the chooser then
picks one action at a time (Blackmail: the first card, then the second), the way a person plays
it. `resolve` applies one choice and says whether the card is done; then `state.card_done` lets
the window ask everyone again. The Zombies expansion's cards live in `zombie_cards.py`; a game
finds every card in its class's `equipment_cards`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hiddenhand.engine import Action, Event, private
from hiddenhand.games.goodcop.actions import TAKE_EVIDENCE
from hiddenhand.games.goodcop.card import Card, InstantCard
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
from hiddenhand.games.goodcop.task import Task

if TYPE_CHECKING:
    from hiddenhand.games.goodcop.rules import GoodCop


# -- who may be chosen ------------------------------------------------------------------------


def _others(g: GoodCop, user: int) -> list[int]:
    alive = g.alive
    return [p for p in range(g.n) if p != user and alive[p]]


def _armed_others(g: GoodCop, user: int) -> list[int]:
    return [p for p in _others(g, user) if g.aim[p] != UNARMED]


def _armed(g: GoodCop) -> list[int]:
    alive, aim = g.alive, g.aim
    return [p for p in range(g.n) if alive[p] and aim[p] != UNARMED]


def _look(g: GoodCop, seat: int, p: int, s: int) -> None:
    c = g.cards[p][s]
    g.known[seat] |= 1 << c
    name = KIND_NAMES[g.kind[c]]
    g.emit(
        Event(
            "look",
            f"{{p{seat}}} looks at {{p{p}}}'s {SLOTS[s]} card",
            data={"seat": seat, "target": p, "slot": s},
        )
    )
    g.emit(
        Event(
            "saw",
            f"you see that {{p{p}}}'s {SLOTS[s]} card is {name}",
            private(seat),
            {"target": p, "slot": s, "card": name},
        )
    )


def _place(g: GoodCop, title: int, seat: int) -> None:
    """A staying card lies in front of a player."""
    g.placed[title] = seat
    g.emit(
        Event(
            "placed",
            f"{TITLES[title]} lies in front of {{p{seat}}}",
            data={"seat": seat, "card": TITLES[title]},
        )
    )
    if title == PLANTED_EVIDENCE:
        g.update_teams()


def _card(action: Action) -> tuple[int, int]:
    """The (seat, slot) a "card" choice names."""
    return int(action.args[1]), int(action.args[2])


def _seat(action: Action) -> int:
    """The seat a "target" or "aim" choice names."""
    return int(action.args[-1])


# -- the cards ----------------------------------------------------------------------------------


class Blackmail(Card["GoodCop"]):
    """Swap two other players' integrity cards: the first card, then the second."""

    title = BLACKMAIL

    def usable(self, g: GoodCop, user: int) -> bool:
        return len(_others(g, user)) >= 2

    def options(self, g: GoodCop, task: Task) -> list[Action]:
        row = g.table.card[self.title]
        first = task.data[0] if task.data else -1
        return [row[p][s] for p in _others(g, task.chooser) if p != first for s in range(3)]

    def resolve(self, g: GoodCop, task: Task, action: Action) -> bool:
        p, s = _card(action)
        if task.step == 0:
            g.task = Task(task.chooser, self.title, 1, (p, s))
            return False
        a, sa = task.data
        g.emit(
            Event(
                "blackmail",
                f"{{p{a}}}'s {SLOTS[sa]} card and {{p{p}}}'s {SLOTS[s]} card are swapped",
            )
        )
        g.swap_integrity(a, sa, p, s)
        return True


class Coffee(InstantCard["GoodCop"]):
    """The user takes the next turn."""

    title = COFFEE

    def start(self, g: GoodCop, user: int) -> None:
        g.coffee = user
        g.emit(Event("coffee", f"{{p{user}}} will take the next turn", data={"seat": user}))


class Defibrillator(Card["GoodCop"]):
    """An eliminated player who is no leader comes back (an expansion may let it restore a
    living player: `GoodCop.restorable`)."""

    title = DEFIBRILLATOR

    def usable(self, g: GoodCop, user: int) -> bool:
        return bool(self.players(g, user))

    def players(self, g: GoodCop, chooser: int) -> list[int]:
        out = [p for p in range(g.n) if p != chooser and not g.alive[p] and g.leader_card(p) < 0]
        return out + g.restorable(chooser)

    def resolve(self, g: GoodCop, task: Task, action: Action) -> bool:
        p = _seat(action)
        if g.alive[p]:
            g.restore(p)
        else:
            g.alive[p] = True
            g.emit(Event("revived", f"{{p{p}}} is back in the game", data={"seat": p}))
        return True


class EvidenceBag(Card["GoodCop"]):
    """Another player's hand card, or any card lying in front, moves to a player."""

    title = EVIDENCE_BAG

    def _sources(self, g: GoodCop, user: int) -> list[Action]:
        t = g.table
        out = [t.evidence_hand[p] for p in range(g.n) if g.hand[p] and p != user]
        for title in STAYING:
            holder = g.placed[title]
            if holder >= 0:
                out.append(t.evidence_front[title][holder])
        return out

    def usable(self, g: GoodCop, user: int) -> bool:
        return bool(self._sources(g, user))

    def options(self, g: GoodCop, task: Task) -> list[Action]:
        if task.step == 0:
            return self._sources(g, task.chooser)
        target = g.table.target[self.title]
        return [target[p] for p in g.living() if p != task.data[0]]

    def resolve(self, g: GoodCop, task: Task, action: Action) -> bool:
        if action.kind == TAKE_EVIDENCE:
            holder = int(action.args[0])
            what = -1 if action.args[1] == "hand" else TITLES.index(str(action.args[1]))
            g.task = Task(task.chooser, self.title, 1, (holder, what))
            return False
        holder, what = task.data
        to = _seat(action)
        if what < 0:
            card = g.hand[holder].pop()
            g.emit(Event("evidence", f"{{p{holder}}}'s equipment card goes to {{p{to}}}"))
            g.give(card, to)
        else:
            g.emit(Event("evidence", f"{TITLES[what]} moves from {{p{holder}}} to {{p{to}}}"))
            _place(g, what, to)
        return True


class K9Unit(Card["GoodCop"]):
    """An armed player drops their gun (`GoodCop.disarm`)."""

    title = K9_UNIT

    def usable(self, g: GoodCop, user: int) -> bool:
        return bool(_armed(g))

    def players(self, g: GoodCop, chooser: int) -> list[int]:
        return _armed(g)

    def resolve(self, g: GoodCop, task: Task, action: Action) -> bool:
        g.disarm(_seat(action))
        return True


class MetalDetector(Card["GoodCop"]):
    """Look at one hidden card of every other armed player, one player after another."""

    title = METAL_DETECTOR

    def _targets(self, g: GoodCop, user: int) -> list[int]:
        return [p for p in _armed_others(g, user) if not g.disguised(p) and g.has_hidden(p)]

    def usable(self, g: GoodCop, user: int) -> bool:
        return bool(self._targets(g, user))

    def start(self, g: GoodCop, user: int) -> None:
        g.task = Task(user, self.title, 0, tuple(self._targets(g, user)))

    def options(self, g: GoodCop, task: Task) -> list[Action]:
        p = task.data[0]
        return [g.table.card[self.title][p][s] for s in g.hidden_slots(p)]

    def resolve(self, g: GoodCop, task: Task, action: Action) -> bool:
        p, s = _card(action)
        _look(g, task.chooser, p, s)
        rest = task.data[1:]
        if rest:
            g.task = Task(task.chooser, self.title, 0, rest)
            return False
        return True


class PlantedEvidence(Card["GoodCop"]):
    """Stays in front of a player: their Honest cards count as Crooked and vice versa."""

    title = PLANTED_EVIDENCE

    def resolve(self, g: GoodCop, task: Task, action: Action) -> bool:
        _place(g, self.title, _seat(action))
        return True


class Disguise(PlantedEvidence):
    """Stays in front of a player: nobody may investigate them."""

    title = DISGUISE


class Polygraph(Card["GoodCop"]):
    """The user and another player see each other's integrity cards."""

    title = POLYGRAPH

    def players(self, g: GoodCop, chooser: int) -> list[int]:
        return [p for p in _others(g, chooser) if not g.disguised(p)]

    def usable(self, g: GoodCop, user: int) -> bool:
        return bool(self.players(g, user))

    def resolve(self, g: GoodCop, task: Task, action: Action) -> bool:
        p, chooser = _seat(action), task.chooser
        g.emit(Event("polygraph", f"{{p{chooser}}} and {{p{p}}} see each other's cards"))
        self._show_all(g, p, chooser)
        self._show_all(g, chooser, p)
        return True

    @staticmethod
    def _show_all(g: GoodCop, p: int, viewer: int) -> None:
        names = [KIND_NAMES[g.kind[c]] for c in g.cards[p]]
        for c in g.cards[p]:
            g.known[viewer] |= 1 << c
        text = f"you see {{p{p}}}'s cards: {', '.join(names)}"
        g.emit(Event("saw", text, private(viewer), {"target": p, "cards": names}))


class RestrainingOrder(Card["GoodCop"]):
    """When a shot is announced: the shooter must aim at someone else, then still shoots. The
    shooter makes the choice; the shot is then locked in."""

    title = RESTRAINING_ORDER
    keeps_shot = True

    def players(self, g: GoodCop, chooser: int) -> list[int]:
        shooter = g.turn
        return [p for p in g.living() if p != shooter and p != g.shot_target]

    def usable(self, g: GoodCop, user: int) -> bool:
        return g.shot_live() and bool(self.players(g, user))

    def start(self, g: GoodCop, user: int) -> None:
        g.task = Task(g.turn, self.title, 0, ())

    def resolve(self, g: GoodCop, task: Task, action: Action) -> bool:
        p, chooser = _seat(action), task.chooser
        g.aim[chooser] = p
        g.shot_target = p
        g.shot_locked = True
        g.emit(
            Event(
                "aim",
                f"{{p{chooser}}} aims at {{p{p}}} instead",
                data={"seat": chooser, "target": p},
            )
        )
        return True


class SmokeGrenade(InstantCard["GoodCop"]):
    """Reverse the turn order."""

    title = SMOKE_GRENADE

    def start(self, g: GoodCop, user: int) -> None:
        g.direction = -g.direction
        g.emit(Event("smoke", "the turn order is reversed"))


class SurveillanceCamera(Card["GoodCop"]):
    """Stays in front of its user; whoever investigates them is investigated back (the rules
    set the task when an Investigate lands)."""

    title = SURVEILLANCE_CAMERA

    def start(self, g: GoodCop, user: int) -> None:
        _place(g, self.title, user)

    def options(self, g: GoodCop, task: Task) -> list[Action]:
        p = task.data[0]
        return [g.table.card[self.title][p][s] for s in g.hidden_slots(p)]

    def resolve(self, g: GoodCop, task: Task, action: Action) -> bool:
        p, s = _card(action)
        _look(g, task.chooser, p, s)  # an investigation: it does all an Investigate does
        g.investigated(task.chooser, p, g.cards[p][s])
        if g.result is None and g.task is None and not g.asked:
            g.close_window()
        return False


class Taser(Card["GoodCop"]):
    """On your own turn, unarmed: take another player's gun and aim it; it cannot fire this
    turn."""

    title = TASER

    def players(self, g: GoodCop, chooser: int) -> list[int]:
        return [p for p in _armed_others(g, chooser) if g.can_hold_gun(p)]

    def usable(self, g: GoodCop, user: int) -> bool:
        return g.aim[user] == UNARMED and g.can_hold_gun(user) and bool(self.players(g, user))

    def options(self, g: GoodCop, task: Task) -> list[Action]:
        if task.step == 0:
            return super().options(g, task)
        return [g.table.aim[p] for p in _others(g, task.chooser)]

    def resolve(self, g: GoodCop, task: Task, action: Action) -> bool:
        p, chooser = _seat(action), task.chooser
        if task.step == 0:
            g.aim[p] = UNARMED
            g.aim[chooser] = chooser
            g.tased = True
            g.emit(
                Event(
                    "taser",
                    f"{{p{chooser}}} takes {{p{p}}}'s gun",
                    data={"seat": chooser, "target": p},
                )
            )
            g.task = Task(chooser, self.title, 1, ())
            return False
        g.aim[chooser] = p
        g.emit(
            Event("aim", f"{{p{chooser}}} aims at {{p{p}}}", data={"seat": chooser, "target": p})
        )
        return True


class TruthSerum(Card["GoodCop"]):
    """Reveal any hidden integrity card."""

    title = TRUTH_SERUM

    def usable(self, g: GoodCop, user: int) -> bool:
        return any(g.has_hidden(p) for p in g.living())

    def options(self, g: GoodCop, task: Task) -> list[Action]:
        row = g.table.card[self.title]
        return [row[p][s] for p in g.living() for s in g.hidden_slots(p)]

    def resolve(self, g: GoodCop, task: Task, action: Action) -> bool:
        p, s = _card(action)
        g.reveal(p, s)
        g.exposed(task.chooser, g.cards[p][s])
        return True


class Wiretap(Card["GoodCop"]):
    """Look at one hidden card each of two other players."""

    title = WIRETAP

    def _targets(self, g: GoodCop, user: int) -> list[int]:
        return [p for p in _others(g, user) if g.has_hidden(p)]

    def usable(self, g: GoodCop, user: int) -> bool:
        return len(self._targets(g, user)) >= 2

    def options(self, g: GoodCop, task: Task) -> list[Action]:
        first = task.data[0] if task.data else -1
        row = g.table.card[self.title]
        return [
            row[p][s]
            for p in self._targets(g, task.chooser)
            if p != first
            for s in g.hidden_slots(p)
        ]

    def resolve(self, g: GoodCop, task: Task, action: Action) -> bool:
        p, s = _card(action)
        _look(g, task.chooser, p, s)
        if task.step == 0:
            g.task = Task(task.chooser, self.title, 1, (p,))
            return False
        return True


class MedKit(Card["GoodCop"]):
    """Remove a Wounded token."""

    title = MED_KIT

    def players(self, g: GoodCop, chooser: int) -> list[int]:
        return [p for p in g.living() if g.wounded & sum(1 << c for c in g.cards[p])]

    def usable(self, g: GoodCop, user: int) -> bool:
        return bool(self.players(g, user))

    def resolve(self, g: GoodCop, task: Task, action: Action) -> bool:
        p = _seat(action)
        g.wounded &= ~(1 << g.leader_card(p))
        g.emit(Event("healed", f"{{p{p}}}'s Wounded token is removed", data={"seat": p}))
        return True


class RiotShield(Card["GoodCop"]):
    """When you are about to be shot: a living neighbour is shot instead."""

    title = RIOT_SHIELD
    keeps_shot = True

    def usable(self, g: GoodCop, user: int) -> bool:
        return g.shot_live() and g.shot_target == user

    def players(self, g: GoodCop, chooser: int) -> list[int]:
        return g.neighbours(chooser)

    def resolve(self, g: GoodCop, task: Task, action: Action) -> bool:
        p = _seat(action)
        g.shot_target = p
        g.shot_locked = True
        g.emit(Event("deflect", f"the shot goes to {{p{p}}} instead", data={"target": p}))
        return True


class WalkieTalkie(Card["GoodCop"]):
    """Every armed player aims at the chosen player."""

    title = WALKIE_TALKIE

    def usable(self, g: GoodCop, user: int) -> bool:
        return bool(_armed(g))

    def resolve(self, g: GoodCop, task: Task, action: Action) -> bool:
        p = _seat(action)
        for q in _armed(g):
            if q != p:
                g.aim[q] = p
        g.emit(Event("walkie", f"every armed player aims at {{p{p}}}", data={"target": p}))
        return True


EQUIPMENT_CARDS: tuple[Card[GoodCop], ...] = tuple(
    sorted(
        (
            card()
            for card in (
                Blackmail,
                Coffee,
                Defibrillator,
                EvidenceBag,
                K9Unit,
                MetalDetector,
                PlantedEvidence,
                Polygraph,
                RestrainingOrder,
                SmokeGrenade,
                SurveillanceCamera,
                Taser,
                TruthSerum,
                Wiretap,
                Disguise,
                MedKit,
                RiotShield,
                WalkieTalkie,
            )
        ),
        key=lambda card: card.title,
    )
)
"""The registry: the card of each base title, by title index."""


# -- what the rules ask -------------------------------------------------------------------------


ON_OWN_TURN: tuple[bool, ...] = tuple(c.when != "shoot" for c in CARDS[:BASE_TITLES])
"""By title: may be played in the user's own action phase (not a "shoot" card)."""
IN_WINDOW: tuple[bool, ...] = tuple(c.when == "any" for c in CARDS[:BASE_TITLES])
"""By title: may be played in another player's window that is not a Shoot window."""
IN_SHOOT_WINDOW: tuple[bool, ...] = tuple(c.when != "own-turn" for c in CARDS[:BASE_TITLES])
"""By title: may be played in a Shoot window ("any" and "shoot" cards)."""


def timing(g: GoodCop, own_turn: bool) -> tuple[bool, ...]:
    """Which base titles the moment allows (own_turn: the user's own action phase); the
    Zombies cards have no timing of their own and lie beyond the tuple."""
    if own_turn:
        return ON_OWN_TURN
    return IN_SHOOT_WINDOW if g.phase == SHOOTING else IN_WINDOW


def play(g: GoodCop, user: int, title: int) -> None:
    """Start resolving a card just played (it is already out of the user's hand)."""
    g.equipment_cards[title].start(g, user)


def options(g: GoodCop, task: Task) -> list[Action]:
    """The choices of the seat resolving a card."""
    return g.equipment_cards[task.card].options(g, task)


def choose(g: GoodCop, task: Task, action: Action) -> None:
    """Apply one choice of the seat resolving a card."""
    g.task = None
    if g.equipment_cards[task.card].resolve(g, task, action):
        g.card_done(task.card)
