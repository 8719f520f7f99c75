"""The Zombies expansion: a third team, infection tokens, zombie dice, Arms and the Infector.

Where the three designs (option `zombies`) differ, these rules ask the table's design
(`zombie_designs.py`); the table that plays them is `zombie_rules.ZombieGoodCop`. A zombie stays
in the game (it is never eliminated), has every card face up, keeps its equipment and tokens,
holds Arms instead of a gun (`aim` is shared: for a zombie it is where its Arms point) and acts
differently on its turn. Rolls come from the game's draw counter (`GoodCop.pick`), so a record
replays them and a determinized copy rolls afresh. A zombie's Infect and (`infect`) Equip, and
the choice of a card for an infection token, resolve like equipment cards: they are cards with
no copies (`Infect`, `Cure`, `InfectionToken`), in `zombie_cards.ZOMBIES_EQUIPMENT`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hiddenhand.engine import Action, Event, private
from hiddenhand.games.goodcop.actions import ARM, BITE, EQUIP, INFECT, STOP
from hiddenhand.games.goodcop.card import Card
from hiddenhand.games.goodcop.cards import (
    AGENT,
    ARMS_FACE,
    FACE_NAMES,
    INFECTION_FACE,
    INFECTOR,
    KINGPIN,
    SLOTS,
    TEAM_LONE,
    TEAM_NAMES,
    TEAM_ZOMBIE,
    ZOMBIE_DIE,
    ZOMBIE_FACE,
)
from hiddenhand.games.goodcop.phases import END_OF_TURN, REVEAL, ROLLED, SHOOTING, UNARMED
from hiddenhand.games.goodcop.task import Task

if TYPE_CHECKING:
    from hiddenhand.games.goodcop.zombie_rules import ZombieGoodCop


# -- teams ---------------------------------------------------------------------------------------


def team(state: ZombieGoodCop, seat: int) -> int:
    """The Infector with a leader card: alone; a zombie or the Infector's holder: zombie;
    otherwise -1 (the base rule decides)."""
    kind = state.card_kinds
    infector = leader = False
    for c in state.cards[seat]:
        k = kind[c]
        if k == INFECTOR:
            infector = True
        elif k in (AGENT, KINGPIN):
            leader = True
    if infector and leader:
        return TEAM_LONE
    if state.zombie[seat] or infector:
        return TEAM_ZOMBIE
    return -1


def holds_infector(state: ZombieGoodCop, seat: int) -> bool:
    return state.infector >= 0 and state.owner[state.infector] == seat


def known_infector(state: ZombieGoodCop, seat: int) -> bool:
    """This seat holds the Infector face up (public: a hidden one may sit with a zombie)."""
    return holds_infector(state, seat) and bool(state.face_up >> state.infector & 1)


def after_card_move(state: ZombieGoodCop) -> None:
    """Cards moved: a zombie given a leader card is cured; a revealed Infector received makes a
    zombie. (The Infector with a leader wins alone: `team` says so, `update_teams` ends it.)"""
    for seat in range(state.player_count):
        if not state.alive[seat]:
            continue
        leader = state.leader_card(seat) >= 0
        if state.zombie[seat] and leader:
            state.emit(
                Event(
                    "cured",
                    f"{{p{seat}}} holds a leader card and is no longer a zombie",
                    data={"seat": seat},
                )
            )
            cure(state, seat)
        elif not state.zombie[seat] and not leader and known_infector(state, seat):
            become(state, seat)


# -- becoming a zombie, and back -------------------------------------------------------------------


def become(state: ZombieGoodCop, seat: int, take_arms: bool | None = None) -> None:
    """Reveal every card, drop the gun, join the zombie team (keeping equipment and tokens);
    take Arms (`infect`, `simple`, or the Infector paying for Arm). A leader: zombies win."""
    if state.zombie[seat] or state.result is not None:
        return
    state.zombie[seat] = True
    state.emit(Event("zombie", f"{{p{seat}}} becomes a zombie", data={"seat": seat}))
    up = state.face_up
    for s, c in enumerate(state.cards[seat]):
        if not up >> c & 1:
            state.reveal(seat, s)
    if state.aim[seat] != UNARMED:
        state.aim[seat] = UNARMED
        state.guns += 1
        state.emit(Event("drop", f"{{p{seat}}} drops their gun", data={"seat": seat}))
    if take_arms is None:
        take_arms = state.design.arms_on_turning
    if take_arms:
        take_arms_token(state, seat)
    if state.teams[seat] != TEAM_ZOMBIE:
        state.teams[seat] = TEAM_ZOMBIE
        state.emit(
            Event("team", "you are now on the zombie team", private(seat), {"team": TEAM_ZOMBIE})
        )
    leader = state.leader_card(seat)
    if leader >= 0:
        name = "Agent" if state.card_kinds[leader] == AGENT else "Kingpin"
        state.win(TEAM_ZOMBIE, f"the {name} ({{p{seat}}}) became a zombie")


def take_arms_token(state: ZombieGoodCop, seat: int) -> None:
    """Take Arms from the centre if any are left; they point at their holder until aimed."""
    if state.arms_in_centre and state.aim[seat] == UNARMED:
        state.arms_in_centre -= 1
        state.aim[seat] = seat
        state.emit(Event("arms", f"{{p{seat}}} takes Arms", data={"seat": seat}))


def cure(state: ZombieGoodCop, seat: int) -> None:
    """A zombie is one no more (Defibrillator, a leader card received): Arms go back."""
    state.zombie[seat] = False
    if state.aim[seat] != UNARMED:
        state.aim[seat] = UNARMED
        state.arms_in_centre += 1
    team = state.team_of(seat)
    if team != TEAM_LONE and team != state.teams[seat]:
        state.teams[seat] = team
        state.emit(
            Event(
                "team", f"you are now on the {TEAM_NAMES[team]} team", private(seat), {"team": team}
            )
        )


def infector_revealed(state: ZombieGoodCop, seat: int) -> None:
    """The Infector card is face up: its holder becomes a zombie. `dice`: "When a player
    investigates or reveals the Infector card, they draw an Equipment card", its holder too
    when it reveals the card to pay for its Arm or Equip action."""
    paying = state.phase == REVEAL and seat == state.turn
    if state.leader_card(seat) < 0:
        become(state, seat, take_arms=state.design.arms_on_turning or (paying and state.arming))
    if paying and state.design.exposing_draws and state.result is None:
        state.draw(seat)


# -- shots ------------------------------------------------------------------------------------


def hit(state: ZombieGoodCop, seat: int, by: int) -> None:
    """A player is shot. A zombie aims its Arms at itself. Anyone else reveals every card; a
    leader is wounded, then eliminated (`simple`: by a zombie, zombies win); anyone else becomes
    a zombie."""
    if state.zombie[seat]:
        if state.aim[seat] != UNARMED:
            state.aim[seat] = seat
        state.emit(
            Event("arms-down", f"{{p{seat}}} aims their Arms at themself", data={"seat": seat})
        )
        return
    cards = state.cards[seat]
    for s in range(3):
        if not state.face_up >> cards[s] & 1:
            state.reveal(seat, s)
    if state.result is not None or state.zombie[seat]:
        return
    leader = state.leader_card(seat)
    if leader < 0:
        become(state, seat)
    elif not state.wounded >> leader & 1:
        state.wounded |= 1 << leader
        state.emit(Event("wounded", f"{{p{seat}}} is wounded", data={"seat": seat}))
        state.draw(seat)
    elif state.design.zombies_kill_leaders and by >= 0 and state.zombie[by]:
        state.alive[seat] = False
        state.emit(Event("eliminated", f"{{p{seat}}} is eliminated", data={"seat": seat}))
        name = "Agent" if state.card_kinds[leader] == AGENT else "Kingpin"
        state.win(TEAM_ZOMBIE, f"a zombie eliminated the {name} ({{p{seat}}})")
    else:
        state.eliminate(seat)


def shoot_zombie(state: ZombieGoodCop, shooter: int, target: int) -> None:
    """Shooting a zombie: its Arms turn on itself; the shooter keeps the gun (`infect`,
    `simple`: and must aim elsewhere)."""
    state.emit(
        Event(
            "shot",
            f"{{p{shooter}}} shoots {{p{target}}}",
            data={"shooter": shooter, "target": target},
        )
    )
    hit(state, target, shooter)
    if state.design.must_reaim and shooter == state.turn:
        state.aim_away_from = target


def aim_choices(state: ZombieGoodCop) -> list[Action]:
    """Take Aim when the last target may not be kept (a shot zombie, an Arms face)."""
    me = state.turn
    t = state.actions
    seats = [p for p in state.living() if p != me]
    allowed = [p for p in seats if p != state.aim_away_from] or seats
    return [t.aim[p] for p in allowed]


# -- a zombie's turn --------------------------------------------------------------------------


def bite_target(state: ZombieGoodCop, seat: int) -> int:
    """Whom this zombie can bite: the living non-zombie its Arms aim at, or -1."""
    aim = state.aim[seat]
    if aim < 0 or aim == seat or not state.alive[aim] or state.zombie[aim]:
        return -1
    return aim


def infectable(state: ZombieGoodCop, seat: int) -> list[tuple[int, int]]:
    """(player, slot) of cards an Infect can put a token on: other living non-zombies."""
    tokens = state.infected_cards
    return [
        (p, s)
        for p in state.living()
        if p != seat and not state.zombie[p]
        for s, c in enumerate(state.cards[p])
        if not tokens >> c & 1
    ]


def curable(state: ZombieGoodCop) -> list[tuple[int, int]]:
    """(player, slot) of infection tokens on living non-zombies' cards."""
    tokens = state.infected_cards
    return [
        (p, s)
        for p in state.living()
        if not state.zombie[p]
        for s, c in enumerate(state.cards[p])
        if tokens >> c & 1
    ]


def actions(state: ZombieGoodCop) -> list[Action]:
    """A zombie's turn: Bite; `dice` Arm and Equip; `infect` Equip and Infect; `simple` Equip.
    Equipment can be played as usual; with nothing else to do the zombie waits."""
    me = state.turn
    t = state.actions
    out: list[Action] = []
    if bite_target(state, me) >= 0 and not state.tased:
        out.append(t.bite)
    design = state.design
    if design.zombie_arms and state.aim[me] == UNARMED and state.arms_in_centre:
        out.append(t.arm)
    if state.deck or state.discards:
        out.append(t.equip)
    if design.zombie_infects and infectable(state, me):
        out.append(t.infect)
    out += state.plays(me, True)
    if not out:
        out.append(t.pass_)
    return out


def act(state: ZombieGoodCop, seat: int, kind: str) -> None:
    """A zombie's action."""
    if kind == BITE:
        target = state.aim[seat]
        state.shot_target = target
        state.shot_locked = state.shot_changed = False
        state.biting = True
        state.emit(
            Event(
                "bite",
                f"{{p{seat}}} is about to bite {{p{target}}}",
                data={"shooter": seat, "target": target},
            )
        )
        state.open_window(SHOOTING)
    elif kind == ARM:
        take_arms_token(state, seat)
        state.after_action()
    elif kind == EQUIP:
        if state.design.zombie_infects and curable(state):
            state.task = Task(seat, Cure.index, 0, ())
            return
        state.emit(Event("equip", f"{{p{seat}}} draws an equipment card"))
        state.draw(seat)
        state.after_action()
    elif kind == INFECT:
        state.task = Task(seat, Infect.index, 0, ())


def add_token(state: ZombieGoodCop, seat: int, slot: int = -1) -> bool:
    """An infection token on this card (slot -1: the leftmost card without one). False if none
    could be placed (one token per card at most)."""
    cards = state.cards[seat]
    if slot < 0:
        for s, c in enumerate(cards):
            if not state.infected_cards >> c & 1:
                slot = s
                break
        else:
            return False
    c = cards[slot]
    if state.infected_cards >> c & 1:
        return False
    state.infected_cards |= 1 << c
    state.emit(
        Event(
            "infection",
            f"an infection token goes on {{p{seat}}}'s {SLOTS[slot]} card",
            data={"seat": seat, "slot": slot},
        )
    )
    return True


def token_count(state: ZombieGoodCop, seat: int) -> int:
    tokens = state.infected_cards
    return sum(1 for c in state.cards[seat] if tokens >> c & 1)


def roll_die(state: ZombieGoodCop, faces: tuple[int, ...]) -> int:
    return faces[state.pick(6)]


def resolve_bite(state: ZombieGoodCop, biter: int, target: int) -> None:
    """The Bite happens (after the Shoot window): a zombie bitten is as if shot; anyone else
    as the design says (`Design.bite`)."""
    state.biting = False
    if state.aim[biter] in (UNARMED, biter) or not state.alive[target]:
        state.emit(Event("fizzle", f"{{p{biter}}}'s bite does not happen"))
        state.after_action()
        return
    state.emit(
        Event(
            "bitten", f"{{p{biter}}} bites {{p{target}}}", data={"shooter": biter, "target": target}
        )
    )
    if state.zombie[target]:
        hit(state, target, biter)
        state.after_action()
        return
    state.design.bite(state, biter, target)


def roll_for_bite(state: ZombieGoodCop, target: int) -> None:
    """One zombie die per token on the bitten player's cards, left on the table."""
    faces = tuple(roll_die(state, ZOMBIE_DIE) for _ in range(token_count(state, target)))
    state.bite_roll = faces
    state.bitten_seat = target
    announce_roll(state, target, "zombie", faces)
    state.open_window(ROLLED)


# What follows once a player's infection tokens are placed.
BITTEN, ROLLED_BLANK, ROLLED_ZOMBIE, INFECTION_ROLLED = range(4)


def place_tokens(state: ZombieGoodCop, seat: int, count: int, then: int) -> None:
    """`count` infection tokens go on this player's cards, one per card at most. Seed 000:
    "put an Infection token on one of your Integrity cards": the player chooses the card
    (option `tokens=choose`) when more than one has none; then the game goes on (`then`)."""
    while count:
        free = [s for s, c in enumerate(state.cards[seat]) if not state.infected_cards >> c & 1]
        if not free:
            break
        if len(free) > 1 and state.options.tokens == "choose":
            state.task = Task(seat, InfectionToken.index, then, (count,))
            return
        add_token(state, seat, free[0])
        count -= 1
    after_tokens(state, seat, then)


def token_chosen(state: ZombieGoodCop, seat: int, slot: int, then: int, count: int) -> None:
    state.task = None
    add_token(state, seat, slot)
    place_tokens(state, seat, count - 1, then)


def after_tokens(state: ZombieGoodCop, seat: int, then: int) -> None:
    if then == BITTEN:
        roll_for_bite(state, seat)
        return
    if then == INFECTION_ROLLED:
        after_infection_die(state)
        if state.result is None:
            state.open_window(END_OF_TURN)
        return
    if then == ROLLED_ZOMBIE and state.alive[seat]:
        become(state, seat)
    state.after_action()


def announce_roll(state: ZombieGoodCop, roller: int, die: str, faces: tuple[int, ...]) -> None:
    state.last_roll = (roller, die, faces)
    names = [FACE_NAMES[f] for f in faces]
    state.emit(
        Event(
            "roll",
            f"{{p{roller}}} rolls the {die} {'die' if len(faces) == 1 else 'dice'}: "
            + ", ".join(names),
            data={"seat": roller, "die": die, "faces": names},
        )
    )


def apply_roll(state: ZombieGoodCop) -> None:
    """The dice stand: arms, the biter must aim elsewhere; infection, one more token each;
    zombie, the bitten player becomes one."""
    faces, target = state.bite_roll, state.bitten_seat
    state.bite_roll = ()
    state.bitten_seat = -1
    if ARMS_FACE in faces:
        state.aim_away_from = target
        state.emit(Event("arms-face", f"{{p{state.turn}}} must aim their Arms at someone else"))
    then = ROLLED_ZOMBIE if ZOMBIE_FACE in faces else ROLLED_BLANK
    place_tokens(state, target, faces.count(INFECTION_FACE), then)


# -- turn hooks -------------------------------------------------------------------------------


def begin_turn(state: ZombieGoodCop, seat: int) -> None:
    state.aim_away_from = -1
    state.arming = state.biting = False
    if state.alarm == seat:
        state.alarm_live = True


def end_turn(state: ZombieGoodCop) -> bool:
    """The design's infection die (`dice`), then the Alarm Clock (`simple`) rings at the end
    of its player's next turn. True when a token's placement takes the turn on to its
    end-of-turn window."""
    if state.design.infection_die(state):
        return True
    after_infection_die(state)
    return False


def after_infection_die(state: ZombieGoodCop) -> None:
    """The rest of the end of the turn: the `simple` Alarm Clock rings."""
    me = state.turn
    if state.alarm == me and state.alarm_live:
        state.alarm = -1
        state.alarm_live = False
        ring_alarm(state, me)


def ring_alarm(state: ZombieGoodCop, target: int) -> None:
    """Every unarmed living player takes a gun (a zombie Arms) while any are left; everyone
    armed aims at the target."""
    state.emit(Event("alarm", f"the Alarm Clock rings for {{p{target}}}", data={"target": target}))
    for step in range(1, state.player_count + 1):
        p = (target + step) % state.player_count
        if not state.alive[p] or state.aim[p] != UNARMED:
            continue
        if state.zombie[p]:
            take_arms_token(state, p)
        elif state.guns:
            state.guns -= 1
            state.aim[p] = p
            state.emit(Event("arm", f"{{p{p}}} takes a gun", data={"seat": p}))
    for p in state.living():
        if p != target and state.aim[p] != UNARMED:
            state.aim[p] = target


# -- choices resolved like cards ------------------------------------------------------------------


class Infect(Card["ZombieGoodCop"]):
    """A zombie's Infect (`infect`): infection tokens on up to two other players' cards."""

    title = "Infect"
    copies = 0
    card_choice = "put an infection token on {p}'s {slot} card"

    def options(self, state: ZombieGoodCop, task: Task) -> list[Action]:
        t = state.actions
        card = t.card[self.index]
        data = task.data
        pairs = [(p, s) for p, s in infectable(state, task.chooser) if not data or p != data[0]]
        return [card[p][s] for p, s in pairs] + ([t.stop] if task.step else [])

    def resolve(self, state: ZombieGoodCop, task: Task, action: Action) -> bool:
        if action.kind == STOP:
            state.after_action()
            return False
        p, s = int(action.args[1]), int(action.args[2])
        add_token(state, p, s)
        if task.step == 0 and [q for q, _ in infectable(state, task.chooser) if q != p]:
            state.task = Task(task.chooser, self.index, 1, (p,))
            return False
        state.after_action()
        return False


class Cure(Card["ZombieGoodCop"]):
    """A zombie's Equip (`infect`) while tokens lie on living players: remove one, then draw."""

    title = "Equip"
    copies = 0
    card_choice = "remove the infection token from {p}'s {slot} card"

    def options(self, state: ZombieGoodCop, task: Task) -> list[Action]:
        card = state.actions.card[self.index]
        return [card[p][s] for p, s in curable(state)]

    def resolve(self, state: ZombieGoodCop, task: Task, action: Action) -> bool:
        p, s = int(action.args[1]), int(action.args[2])
        state.infected_cards &= ~(1 << state.cards[p][s])
        state.emit(
            Event(
                "cure",
                f"the infection token on {{p{p}}}'s {SLOTS[s]} card is removed",
                data={"seat": p},
            )
        )
        state.emit(Event("equip", f"{{p{task.chooser}}} draws an equipment card"))
        state.draw(task.chooser)
        state.after_action()
        return False


class InfectionToken(Card["ZombieGoodCop"]):
    """A player given an infection token chooses the card it goes on (`tokens=choose`)."""

    title = "Infection token"
    copies = 0
    card_choice = "put the infection token on your {slot} card"  # asked of the card's holder
    appended = True
    part_of_move = False  # a bite or a roll put the token there

    def options(self, state: ZombieGoodCop, task: Task) -> list[Action]:
        card = state.actions.card[self.index]
        mine = state.cards[task.chooser]
        return [card[task.chooser][s] for s in range(3) if not state.infected_cards >> mine[s] & 1]

    def resolve(self, state: ZombieGoodCop, task: Task, action: Action) -> bool:
        token_chosen(state, task.chooser, int(action.args[2]), task.step, task.data[0])
        return False
