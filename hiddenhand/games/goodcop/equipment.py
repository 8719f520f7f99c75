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


def _others(state: GoodCop, user: int) -> list[int]:
    alive = state.alive
    return [p for p in range(state.player_count) if p != user and alive[p]]


def _armed_others(state: GoodCop, user: int) -> list[int]:
    return [p for p in _others(state, user) if state.aim[p] != UNARMED]


def _armed(state: GoodCop) -> list[int]:
    alive, aim = state.alive, state.aim
    return [p for p in range(state.player_count) if alive[p] and aim[p] != UNARMED]


def _look(state: GoodCop, seat: int, p: int, s: int) -> None:
    c = state.cards[p][s]
    state.known[seat] |= 1 << c
    name = KIND_NAMES[state.card_kinds[c]]
    state.emit(
        Event(
            "look",
            f"{{p{seat}}} looks at {{p{p}}}'s {SLOTS[s]} card",
            data={"seat": seat, "target": p, "slot": s},
        )
    )
    state.emit(
        Event(
            "saw",
            f"you see that {{p{p}}}'s {SLOTS[s]} card is {name}",
            private(seat),
            {"target": p, "slot": s, "card": name},
        )
    )


def _place(state: GoodCop, title: int, seat: int) -> None:
    """A staying card lies in front of a player."""
    state.placed[title] = seat
    state.emit(
        Event(
            "placed",
            f"{TITLES[title]} lies in front of {{p{seat}}}",
            data={"seat": seat, "card": TITLES[title]},
        )
    )
    if title == PLANTED_EVIDENCE:
        state.update_teams()


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

    def usable(self, state: GoodCop, user: int) -> bool:
        return len(_others(state, user)) >= 2

    def options(self, state: GoodCop, task: Task) -> list[Action]:
        row = state.actions.card[self.title]
        first = task.data[0] if task.data else -1
        return [row[p][s] for p in _others(state, task.chooser) if p != first for s in range(3)]

    def resolve(self, state: GoodCop, task: Task, action: Action) -> bool:
        p, s = _card(action)
        if task.step == 0:
            state.task = Task(task.chooser, self.title, 1, (p, s))
            return False
        a, sa = task.data
        state.emit(
            Event(
                "blackmail",
                f"{{p{a}}}'s {SLOTS[sa]} card and {{p{p}}}'s {SLOTS[s]} card are swapped",
            )
        )
        state.swap_integrity(a, sa, p, s)
        return True


class Coffee(InstantCard["GoodCop"]):
    """The user takes the next turn."""

    title = COFFEE

    def start(self, state: GoodCop, user: int) -> None:
        state.coffee = user
        state.emit(Event("coffee", f"{{p{user}}} will take the next turn", data={"seat": user}))


class Defibrillator(Card["GoodCop"]):
    """An eliminated player who is no leader comes back (an expansion may let it restore a
    living player: `GoodCop.restorable`)."""

    title = DEFIBRILLATOR

    def usable(self, state: GoodCop, user: int) -> bool:
        return bool(self.players(state, user))

    def players(self, state: GoodCop, chooser: int) -> list[int]:
        out = [
            p
            for p in range(state.player_count)
            if p != chooser and not state.alive[p] and state.leader_card(p) < 0
        ]
        return out + state.restorable(chooser)

    def resolve(self, state: GoodCop, task: Task, action: Action) -> bool:
        p = _seat(action)
        if state.alive[p]:
            state.restore(p)
        else:
            state.alive[p] = True
            state.emit(Event("revived", f"{{p{p}}} is back in the game", data={"seat": p}))
        return True


class EvidenceBag(Card["GoodCop"]):
    """Another player's hand card, or any card lying in front, moves to a player."""

    title = EVIDENCE_BAG

    def _sources(self, state: GoodCop, user: int) -> list[Action]:
        t = state.actions
        out = [t.evidence_hand[p] for p in range(state.player_count) if state.hand[p] and p != user]
        for title in STAYING:
            holder = state.placed[title]
            if holder >= 0:
                out.append(t.evidence_front[title][holder])
        return out

    def usable(self, state: GoodCop, user: int) -> bool:
        return bool(self._sources(state, user))

    def options(self, state: GoodCop, task: Task) -> list[Action]:
        if task.step == 0:
            return self._sources(state, task.chooser)
        target = state.actions.target[self.title]
        return [target[p] for p in state.living() if p != task.data[0]]

    def resolve(self, state: GoodCop, task: Task, action: Action) -> bool:
        if action.kind == TAKE_EVIDENCE:
            holder = int(action.args[0])
            what = -1 if action.args[1] == "hand" else TITLES.index(str(action.args[1]))
            state.task = Task(task.chooser, self.title, 1, (holder, what))
            return False
        holder, what = task.data
        to = _seat(action)
        if what < 0:
            card = state.hand[holder].pop()
            state.emit(Event("evidence", f"{{p{holder}}}'s equipment card goes to {{p{to}}}"))
            state.give(card, to)
        else:
            state.emit(Event("evidence", f"{TITLES[what]} moves from {{p{holder}}} to {{p{to}}}"))
            _place(state, what, to)
        return True


class K9Unit(Card["GoodCop"]):
    """An armed player drops their gun (`GoodCop.disarm`)."""

    title = K9_UNIT

    def usable(self, state: GoodCop, user: int) -> bool:
        return bool(_armed(state))

    def players(self, state: GoodCop, chooser: int) -> list[int]:
        return _armed(state)

    def resolve(self, state: GoodCop, task: Task, action: Action) -> bool:
        state.disarm(_seat(action))
        return True


class MetalDetector(Card["GoodCop"]):
    """Look at one hidden card of every other armed player, one player after another."""

    title = METAL_DETECTOR

    def _targets(self, state: GoodCop, user: int) -> list[int]:
        return [
            p for p in _armed_others(state, user) if not state.disguised(p) and state.has_hidden(p)
        ]

    def usable(self, state: GoodCop, user: int) -> bool:
        return bool(self._targets(state, user))

    def start(self, state: GoodCop, user: int) -> None:
        state.task = Task(user, self.title, 0, tuple(self._targets(state, user)))

    def options(self, state: GoodCop, task: Task) -> list[Action]:
        p = task.data[0]
        return [state.actions.card[self.title][p][s] for s in state.hidden_slots(p)]

    def resolve(self, state: GoodCop, task: Task, action: Action) -> bool:
        p, s = _card(action)
        _look(state, task.chooser, p, s)
        rest = task.data[1:]
        if rest:
            state.task = Task(task.chooser, self.title, 0, rest)
            return False
        return True


class PlantedEvidence(Card["GoodCop"]):
    """Stays in front of a player: their Honest cards count as Crooked and vice versa."""

    title = PLANTED_EVIDENCE

    def resolve(self, state: GoodCop, task: Task, action: Action) -> bool:
        _place(state, self.title, _seat(action))
        return True


class Disguise(PlantedEvidence):
    """Stays in front of a player: nobody may investigate them."""

    title = DISGUISE


class Polygraph(Card["GoodCop"]):
    """The user and another player see each other's integrity cards."""

    title = POLYGRAPH

    def players(self, state: GoodCop, chooser: int) -> list[int]:
        return [p for p in _others(state, chooser) if not state.disguised(p)]

    def usable(self, state: GoodCop, user: int) -> bool:
        return bool(self.players(state, user))

    def resolve(self, state: GoodCop, task: Task, action: Action) -> bool:
        p, chooser = _seat(action), task.chooser
        state.emit(Event("polygraph", f"{{p{chooser}}} and {{p{p}}} see each other's cards"))
        self._show_all(state, p, chooser)
        self._show_all(state, chooser, p)
        return True

    @staticmethod
    def _show_all(state: GoodCop, p: int, viewer: int) -> None:
        names = [KIND_NAMES[state.card_kinds[c]] for c in state.cards[p]]
        for c in state.cards[p]:
            state.known[viewer] |= 1 << c
        text = f"you see {{p{p}}}'s cards: {', '.join(names)}"
        state.emit(Event("saw", text, private(viewer), {"target": p, "cards": names}))


class RestrainingOrder(Card["GoodCop"]):
    """When a shot is announced: the shooter must aim at someone else, then still shoots. The
    shooter makes the choice; the shot is then locked in."""

    title = RESTRAINING_ORDER
    keeps_shot = True

    def players(self, state: GoodCop, chooser: int) -> list[int]:
        shooter = state.turn
        return [p for p in state.living() if p != shooter and p != state.shot_target]

    def usable(self, state: GoodCop, user: int) -> bool:
        return state.shot_live() and bool(self.players(state, user))

    def start(self, state: GoodCop, user: int) -> None:
        state.task = Task(state.turn, self.title, 0, ())

    def resolve(self, state: GoodCop, task: Task, action: Action) -> bool:
        p, chooser = _seat(action), task.chooser
        state.aim[chooser] = p
        state.shot_target = p
        state.shot_locked = True
        state.emit(
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

    def start(self, state: GoodCop, user: int) -> None:
        state.direction = -state.direction
        state.emit(Event("smoke", "the turn order is reversed"))


class SurveillanceCamera(Card["GoodCop"]):
    """Stays in front of its user; whoever investigates them is investigated back (the rules
    set the task when an Investigate lands)."""

    title = SURVEILLANCE_CAMERA

    def start(self, state: GoodCop, user: int) -> None:
        _place(state, self.title, user)

    def options(self, state: GoodCop, task: Task) -> list[Action]:
        p = task.data[0]
        return [state.actions.card[self.title][p][s] for s in state.hidden_slots(p)]

    def resolve(self, state: GoodCop, task: Task, action: Action) -> bool:
        p, s = _card(action)
        _look(state, task.chooser, p, s)  # an investigation: it does all an Investigate does
        state.investigated(task.chooser, p, state.cards[p][s])
        if state.result is None and state.task is None and not state.asked:
            state.close_window()
        return False


class Taser(Card["GoodCop"]):
    """On your own turn, unarmed: take another player's gun and aim it; it cannot fire this
    turn."""

    title = TASER

    def players(self, state: GoodCop, chooser: int) -> list[int]:
        return [p for p in _armed_others(state, chooser) if state.can_hold_gun(p)]

    def usable(self, state: GoodCop, user: int) -> bool:
        return (
            state.aim[user] == UNARMED
            and state.can_hold_gun(user)
            and bool(self.players(state, user))
        )

    def options(self, state: GoodCop, task: Task) -> list[Action]:
        if task.step == 0:
            return super().options(state, task)
        return [state.actions.aim[p] for p in _others(state, task.chooser)]

    def resolve(self, state: GoodCop, task: Task, action: Action) -> bool:
        p, chooser = _seat(action), task.chooser
        if task.step == 0:
            state.aim[p] = UNARMED
            state.aim[chooser] = chooser
            state.tased = True
            state.emit(
                Event(
                    "taser",
                    f"{{p{chooser}}} takes {{p{p}}}'s gun",
                    data={"seat": chooser, "target": p},
                )
            )
            state.task = Task(chooser, self.title, 1, ())
            return False
        state.aim[chooser] = p
        state.emit(
            Event("aim", f"{{p{chooser}}} aims at {{p{p}}}", data={"seat": chooser, "target": p})
        )
        return True


class TruthSerum(Card["GoodCop"]):
    """Reveal any hidden integrity card."""

    title = TRUTH_SERUM

    def usable(self, state: GoodCop, user: int) -> bool:
        return any(state.has_hidden(p) for p in state.living())

    def options(self, state: GoodCop, task: Task) -> list[Action]:
        row = state.actions.card[self.title]
        return [row[p][s] for p in state.living() for s in state.hidden_slots(p)]

    def resolve(self, state: GoodCop, task: Task, action: Action) -> bool:
        p, s = _card(action)
        state.reveal(p, s)
        state.exposed(task.chooser, state.cards[p][s])
        return True


class Wiretap(Card["GoodCop"]):
    """Look at one hidden card each of two other players."""

    title = WIRETAP

    def _targets(self, state: GoodCop, user: int) -> list[int]:
        return [p for p in _others(state, user) if state.has_hidden(p)]

    def usable(self, state: GoodCop, user: int) -> bool:
        return len(self._targets(state, user)) >= 2

    def options(self, state: GoodCop, task: Task) -> list[Action]:
        first = task.data[0] if task.data else -1
        row = state.actions.card[self.title]
        return [
            row[p][s]
            for p in self._targets(state, task.chooser)
            if p != first
            for s in state.hidden_slots(p)
        ]

    def resolve(self, state: GoodCop, task: Task, action: Action) -> bool:
        p, s = _card(action)
        _look(state, task.chooser, p, s)
        if task.step == 0:
            state.task = Task(task.chooser, self.title, 1, (p,))
            return False
        return True


class MedKit(Card["GoodCop"]):
    """Remove a Wounded token."""

    title = MED_KIT

    def players(self, state: GoodCop, chooser: int) -> list[int]:
        return [p for p in state.living() if state.wounded & sum(1 << c for c in state.cards[p])]

    def usable(self, state: GoodCop, user: int) -> bool:
        return bool(self.players(state, user))

    def resolve(self, state: GoodCop, task: Task, action: Action) -> bool:
        p = _seat(action)
        state.wounded &= ~(1 << state.leader_card(p))
        state.emit(Event("healed", f"{{p{p}}}'s Wounded token is removed", data={"seat": p}))
        return True


class RiotShield(Card["GoodCop"]):
    """When you are about to be shot: a living neighbour is shot instead."""

    title = RIOT_SHIELD
    keeps_shot = True

    def usable(self, state: GoodCop, user: int) -> bool:
        return state.shot_live() and state.shot_target == user

    def players(self, state: GoodCop, chooser: int) -> list[int]:
        return state.neighbours(chooser)

    def resolve(self, state: GoodCop, task: Task, action: Action) -> bool:
        p = _seat(action)
        state.shot_target = p
        state.shot_locked = True
        state.emit(Event("deflect", f"the shot goes to {{p{p}}} instead", data={"target": p}))
        return True


class WalkieTalkie(Card["GoodCop"]):
    """Every armed player aims at the chosen player."""

    title = WALKIE_TALKIE

    def usable(self, state: GoodCop, user: int) -> bool:
        return bool(_armed(state))

    def resolve(self, state: GoodCop, task: Task, action: Action) -> bool:
        p = _seat(action)
        for q in _armed(state):
            if q != p:
                state.aim[q] = p
        state.emit(Event("walkie", f"every armed player aims at {{p{p}}}", data={"target": p}))
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


def timing(state: GoodCop, own_turn: bool) -> tuple[bool, ...]:
    """Which base titles the moment allows (own_turn: the user's own action phase); the
    Zombies cards have no timing of their own and lie beyond the tuple."""
    if own_turn:
        return ON_OWN_TURN
    return IN_SHOOT_WINDOW if state.phase == SHOOTING else IN_WINDOW


def play(state: GoodCop, user: int, title: int) -> None:
    """Start resolving a card just played (it is already out of the user's hand)."""
    state.equipment_cards[title].start(state, user)


def options(state: GoodCop, task: Task) -> list[Action]:
    """The choices of the seat resolving a card."""
    return state.equipment_cards[task.card].options(state, task)


def choose(state: GoodCop, task: Task, action: Action) -> None:
    """Apply one choice of the seat resolving a card."""
    state.task = None
    if state.equipment_cards[task.card].resolve(state, task, action):
        state.card_done(task.card)
