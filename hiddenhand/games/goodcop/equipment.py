"""The base game's equipment cards, one class each, in the order of their card ids: what
is printed on the card, the texts of its choices, when it may be played, what it asks and how
it resolves (`card.Card`). `BASE_EQUIPMENT` lists them in their fixed order.

A card that needs choices sets `state.task = Task(chooser, index, step, data)`; the chooser then
picks one action at a time (Blackmail: the first card, then the second), the way a person plays
it. `resolve` applies one choice and says whether the card is done; then `state.card_done` lets
the window ask everyone again. The Zombies expansion's cards live in `zombie_cards.py`; a game
finds every card in its class's `card_table`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hiddenhand.engine import Action, Event, private
from hiddenhand.games.goodcop.actions import TAKE_EVIDENCE
from hiddenhand.games.goodcop.card import Card, CardTable, InstantCard
from hiddenhand.games.goodcop.cards import KIND_NAMES, SLOTS
from hiddenhand.games.goodcop.phases import UNARMED
from hiddenhand.games.goodcop.task import Task
from hiddenhand.native import own_abc_caches

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
    name = state.card_table.titles[title]
    state.emit(
        Event("placed", f"{name} lies in front of {{p{seat}}}", data={"seat": seat, "card": name})
    )
    if title == PlantedEvidence.index:
        state.update_teams()


def _card(action: Action) -> tuple[int, int]:
    """The (seat, slot) a "card" choice names."""
    return int(action.args[1]), int(action.args[2])


def _seat(action: Action) -> int:
    """The seat a "target" or "aim" choice names."""
    return int(action.args[-1])


# -- the cards ----------------------------------------------------------------------------------


class Blackmail(Card["GoodCop"]):
    """The user chooses the first card, then the second (of another player)."""

    title = "Blackmail"
    text = "Swap two integrity cards of two other players; each new owner sees the card received."
    card_choice = "swap {p}'s {slot} card (Blackmail)"

    def usable(self, state: GoodCop, user: int) -> bool:
        return len(_others(state, user)) >= 2

    def options(self, state: GoodCop, task: Task) -> list[Action]:
        row = state.actions.card[self.index]
        first = task.data[0] if task.data else -1
        return [row[p][s] for p in _others(state, task.chooser) if p != first for s in range(3)]

    def resolve(self, state: GoodCop, task: Task, action: Action) -> bool:
        p, s = _card(action)
        if task.step == 0:
            state.task = Task(task.chooser, self.index, 1, (p, s))
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
    """Who takes the next turn is `GoodCop.coffee` until it begins."""

    title = "Coffee"
    text = "You take the next turn after the current one."

    def start(self, state: GoodCop, user: int) -> None:
        state.coffee = user
        state.emit(Event("coffee", f"{{p{user}}} will take the next turn", data={"seat": user}))


class Defibrillator(Card["GoodCop"]):
    """An expansion may let it restore a living player too (`GoodCop.restorable`)."""

    title = "Defibrillator"
    text = "Bring an eliminated player (not a leader) back to life."
    copies = 2
    player_choice = "revive {p} with the Defibrillator"

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
    """First what moves (a card in hand, or one lying in front), then to whom."""

    title = "Evidence Bag"
    text = "Move an equipment card from one player to another."
    player_choice = "give it to {p}"

    def _sources(self, state: GoodCop, user: int) -> list[Action]:
        t = state.actions
        out = [t.evidence_hand[p] for p in range(state.player_count) if state.hand[p] and p != user]
        for title in state.card_table.staying:
            holder = state.placed[title]
            if holder >= 0:
                out.append(t.evidence_front[title][holder])
        return out

    def usable(self, state: GoodCop, user: int) -> bool:
        return bool(self._sources(state, user))

    def options(self, state: GoodCop, task: Task) -> list[Action]:
        if task.step == 0:
            return self._sources(state, task.chooser)
        target = state.actions.target[self.index]
        return [target[p] for p in state.living() if p != task.data[0]]

    def resolve(self, state: GoodCop, task: Task, action: Action) -> bool:
        if action.kind == TAKE_EVIDENCE:
            holder = int(action.args[0])
            where = str(action.args[1])
            what = -1 if where == "hand" else state.card_table.by_title[where]
            state.task = Task(task.chooser, self.index, 1, (holder, what))
            return False
        holder, what = task.data
        to = _seat(action)
        if what < 0:
            card = state.hand[holder].pop()
            state.emit(Event("evidence", f"{{p{holder}}}'s equipment card goes to {{p{to}}}"))
            state.give(card, to)
        else:
            name = state.card_table.titles[what]
            state.emit(Event("evidence", f"{name} moves from {{p{holder}}} to {{p{to}}}"))
            _place(state, what, to)
        return True


class K9Unit(Card["GoodCop"]):
    """The weapon goes where the table says (`GoodCop.disarm`)."""

    title = "K-9 Unit"
    text = "An armed player drops their gun to the centre."
    player_choice = "make {p} drop their gun (K-9 Unit)"

    def usable(self, state: GoodCop, user: int) -> bool:
        return bool(_armed(state))

    def players(self, state: GoodCop, chooser: int) -> list[int]:
        return _armed(state)

    def resolve(self, state: GoodCop, task: Task, action: Action) -> bool:
        state.disarm(_seat(action))
        return True


class MetalDetector(Card["GoodCop"]):
    """The armed players are chosen one after another, a card of each."""

    title = "Metal Detector"
    text = "Look at one hidden card of every other armed player."
    card_choice = "look at {p}'s {slot} card (Metal Detector)"

    def _targets(self, state: GoodCop, user: int) -> list[int]:
        return [
            p for p in _armed_others(state, user) if not state.disguised(p) and state.has_hidden(p)
        ]

    def usable(self, state: GoodCop, user: int) -> bool:
        return bool(self._targets(state, user))

    def start(self, state: GoodCop, user: int) -> None:
        state.task = Task(user, self.index, 0, tuple(self._targets(state, user)))

    def options(self, state: GoodCop, task: Task) -> list[Action]:
        p = task.data[0]
        return [state.actions.card[self.index][p][s] for s in state.hidden_slots(p)]

    def resolve(self, state: GoodCop, task: Task, action: Action) -> bool:
        p, s = _card(action)
        _look(state, task.chooser, p, s)
        rest = task.data[1:]
        if rest:
            state.task = Task(task.chooser, self.index, 0, rest)
            return False
        return True


class _LiesInFront(Card["GoodCop"]):
    """A card that stays in play in front of the player chosen."""

    stays = True

    def resolve(self, state: GoodCop, task: Task, action: Action) -> bool:
        _place(state, self.index, _seat(action))
        return True


class PlantedEvidence(_LiesInFront):
    """Read by `GoodCop.team_of`, and teams are counted again as it moves."""

    title = "Planted Evidence"
    text = "Stays in front of a player: their Honest cards count as Crooked and vice versa."
    player_choice = "plant evidence on {p}"


class Disguise(_LiesInFront):
    """Read by every choice of a player to investigate (`GoodCop.disguised`)."""

    title = "Disguise"
    text = "Stays in front of a player: nobody may investigate them."
    player_choice = "put the Disguise on {p}"


class Polygraph(Card["GoodCop"]):
    """Each of the two is shown the other's three cards, privately."""

    title = "Polygraph"
    text = "You see all of another player's integrity cards; they see all of yours."
    player_choice = "use the Polygraph on {p}"

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
    """The shooter makes the choice; the shot is then locked in."""

    title = "Restraining Order"
    text = "When a shot is announced: the shooter must aim at someone else, then still shoots."
    when = "shoot"
    player_choice = "aim at {p} instead (Restraining Order)"
    keeps_shot = True

    def players(self, state: GoodCop, chooser: int) -> list[int]:
        shooter = state.turn
        return [p for p in state.living() if p != shooter and p != state.shot_target]

    def usable(self, state: GoodCop, user: int) -> bool:
        return state.shot_live() and bool(self.players(state, user))

    def start(self, state: GoodCop, user: int) -> None:
        state.task = Task(state.turn, self.index, 0, ())

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
    """The turn order is `GoodCop.direction`."""

    title = "Smoke Grenade"
    text = "Reverse the turn order."

    def start(self, state: GoodCop, user: int) -> None:
        state.direction = -state.direction
        state.emit(Event("smoke", "the turn order is reversed"))


class SurveillanceCamera(Card["GoodCop"]):
    """The rules set its task when an Investigate lands on its holder."""

    title = "Surveillance Camera"
    text = "Stays in front of you: whoever investigates you is investigated back."
    stays = True
    card_choice = "investigate {p}'s {slot} card back (Surveillance Camera)"
    reaction = True

    def start(self, state: GoodCop, user: int) -> None:
        _place(state, self.index, user)

    def options(self, state: GoodCop, task: Task) -> list[Action]:
        p = task.data[0]
        return [state.actions.card[self.index][p][s] for s in state.hidden_slots(p)]

    def resolve(self, state: GoodCop, task: Task, action: Action) -> bool:
        p, s = _card(action)
        _look(state, task.chooser, p, s)  # an investigation: it does all an Investigate does
        state.investigated(task.chooser, p, state.cards[p][s])
        if state.result is None and state.task is None and not state.asked:
            state.close_window()
        return False


class Taser(Card["GoodCop"]):
    """First the gun taken, then where it aims."""

    title = "Taser"
    text = "Your turn, unarmed: take another player's gun and aim it; you cannot fire it this turn."
    when = "own-turn"
    player_choice = "take {p}'s gun with the Taser"

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
            state.task = Task(chooser, self.index, 1, ())
            return False
        state.aim[chooser] = p
        state.emit(
            Event("aim", f"{{p{chooser}}} aims at {{p{p}}}", data={"seat": chooser, "target": p})
        )
        return True


class TruthSerum(Card["GoodCop"]):
    """Any living player's hidden card, the user's own included."""

    title = "Truth Serum"
    text = "Reveal any hidden integrity card."
    card_choice = "reveal {p}'s {slot} card (Truth Serum)"

    def usable(self, state: GoodCop, user: int) -> bool:
        return any(state.has_hidden(p) for p in state.living())

    def options(self, state: GoodCop, task: Task) -> list[Action]:
        row = state.actions.card[self.index]
        return [row[p][s] for p in state.living() for s in state.hidden_slots(p)]

    def resolve(self, state: GoodCop, task: Task, action: Action) -> bool:
        p, s = _card(action)
        state.reveal(p, s)
        state.exposed(task.chooser, state.cards[p][s])
        return True


class Wiretap(Card["GoodCop"]):
    """One card, then one of another player."""

    title = "Wiretap"
    text = "Look at one hidden card each of two other players."
    card_choice = "look at {p}'s {slot} card (Wiretap)"

    def _targets(self, state: GoodCop, user: int) -> list[int]:
        return [p for p in _others(state, user) if state.has_hidden(p)]

    def usable(self, state: GoodCop, user: int) -> bool:
        return len(self._targets(state, user)) >= 2

    def options(self, state: GoodCop, task: Task) -> list[Action]:
        first = task.data[0] if task.data else -1
        row = state.actions.card[self.index]
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
            state.task = Task(task.chooser, self.index, 1, (p,))
            return False
        return True


class MedKit(Card["GoodCop"]):
    """Any living player with a Wounded token."""

    title = "Med Kit"
    text = "Remove a Wounded token."
    player_choice = "remove {p}'s Wounded token (Med Kit)"

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
    """The user chooses a living neighbour; the shot is then locked in."""

    title = "Riot Shield"
    text = "When you are about to be shot: the player on your left or right is shot instead."
    when = "shoot"
    player_choice = "deflect the shot to {p} (Riot Shield)"
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
    """The chosen player, if armed, keeps their own aim."""

    title = "Walkie Talkie"
    text = "Choose a player: every armed player aims at them."
    player_choice = "make every armed player aim at {p} (Walkie Talkie)"

    def usable(self, state: GoodCop, user: int) -> bool:
        return bool(_armed(state))

    def resolve(self, state: GoodCop, task: Task, action: Action) -> bool:
        p = _seat(action)
        for q in _armed(state):
            if q != p:
                state.aim[q] = p
        state.emit(Event("walkie", f"every armed player aims at {{p{p}}}", data={"target": p}))
        return True


BASE_EQUIPMENT = CardTable(
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
"""The base game's 19 equipment cards of 18 titles, in their fixed order: the order of card
ids, of the `play` and `discard` actions and of every card's choices (never reorder it:
stored games and trained networks read them by index)."""

own_abc_caches(globals())
