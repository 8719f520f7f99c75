"""The Zombies expansion: a third team, infection tokens, zombie dice, Arms and the Infector.

Where the three designs (option `zombies`) differ, these rules ask the table's design
(`zombie_designs.py`); the table that plays them is `zombie_rules.ZombieGoodCop`. A zombie stays
in the game (it is never eliminated), has every card face up, keeps its equipment and tokens,
holds Arms instead of a gun (`aim` is shared: for a zombie it is where its Arms point) and acts
differently on its turn. Rolls come from the game's draw counter (`GoodCop.pick`), so a record
replays them and a determinized copy rolls afresh.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hiddenhand.engine import Action, Event, private
from hiddenhand.games.goodcop.actions import ARM, BITE, EQUIP, INFECT
from hiddenhand.games.goodcop.cards import (
    AGENT,
    ARMS_FACE,
    CURE_TASK,
    FACE_NAMES,
    INFECT_TASK,
    INFECTION_FACE,
    INFECTOR,
    KINGPIN,
    SLOTS,
    TEAM_LONE,
    TEAM_NAMES,
    TEAM_ZOMBIE,
    TOKEN_TASK,
    ZOMBIE_DIE,
    ZOMBIE_FACE,
)
from hiddenhand.games.goodcop.phases import END_OF_TURN, REVEAL, ROLLED, SHOOTING, UNARMED
from hiddenhand.games.goodcop.task import Task

if TYPE_CHECKING:
    from hiddenhand.games.goodcop.zombie_rules import ZombieGoodCop


# -- teams ---------------------------------------------------------------------------------------


def team(g: ZombieGoodCop, seat: int) -> int:
    """The Infector with a leader card: alone; a zombie or the Infector's holder: zombie;
    otherwise -1 (the base rule decides)."""
    kind = g.kind
    infector = leader = False
    for c in g.cards[seat]:
        k = kind[c]
        if k == INFECTOR:
            infector = True
        elif k in (AGENT, KINGPIN):
            leader = True
    if infector and leader:
        return TEAM_LONE
    if g.zombie[seat] or infector:
        return TEAM_ZOMBIE
    return -1


def holds_infector(g: ZombieGoodCop, seat: int) -> bool:
    return g.infector >= 0 and g.owner[g.infector] == seat


def known_infector(g: ZombieGoodCop, seat: int) -> bool:
    """This seat holds the Infector face up (public: a hidden one may sit with a zombie)."""
    return holds_infector(g, seat) and bool(g.up >> g.infector & 1)


def after_card_move(g: ZombieGoodCop) -> None:
    """Cards moved: a zombie given a leader card is cured; a revealed Infector received makes a
    zombie. (The Infector with a leader wins alone: `team` says so, `update_teams` ends it.)"""
    for seat in range(g.n):
        if not g.alive[seat]:
            continue
        leader = g.leader_card(seat) >= 0
        if g.zombie[seat] and leader:
            g.emit(
                Event(
                    "cured",
                    f"{{p{seat}}} holds a leader card and is no longer a zombie",
                    data={"seat": seat},
                )
            )
            cure(g, seat)
        elif not g.zombie[seat] and not leader and known_infector(g, seat):
            become(g, seat)


# -- becoming a zombie, and back -------------------------------------------------------------------


def become(g: ZombieGoodCop, seat: int, take_arms: bool | None = None) -> None:
    """Reveal every card, drop the gun, join the zombie team (keeping equipment and tokens);
    take Arms (`infect`, `simple`, or the Infector paying for Arm). A leader: zombies win."""
    if g.zombie[seat] or g.result is not None:
        return
    g.zombie[seat] = True
    g.emit(Event("zombie", f"{{p{seat}}} becomes a zombie", data={"seat": seat}))
    up = g.up
    for s, c in enumerate(g.cards[seat]):
        if not up >> c & 1:
            g.reveal(seat, s)
    if g.aim[seat] != UNARMED:
        g.aim[seat] = UNARMED
        g.guns += 1
        g.emit(Event("drop", f"{{p{seat}}} drops their gun", data={"seat": seat}))
    if take_arms is None:
        take_arms = g.design.arms_on_turning
    if take_arms:
        take_arms_token(g, seat)
    if g.teams[seat] != TEAM_ZOMBIE:
        g.teams[seat] = TEAM_ZOMBIE
        g.emit(
            Event("team", "you are now on the zombie team", private(seat), {"team": TEAM_ZOMBIE})
        )
    leader = g.leader_card(seat)
    if leader >= 0:
        name = "Agent" if g.kind[leader] == AGENT else "Kingpin"
        g.finish(TEAM_ZOMBIE, f"the {name} ({{p{seat}}}) became a zombie")


def take_arms_token(g: ZombieGoodCop, seat: int) -> None:
    """Take Arms from the centre if any are left; they point at their holder until aimed."""
    if g.arms and g.aim[seat] == UNARMED:
        g.arms -= 1
        g.aim[seat] = seat
        g.emit(Event("arms", f"{{p{seat}}} takes Arms", data={"seat": seat}))


def cure(g: ZombieGoodCop, seat: int) -> None:
    """A zombie is one no more (Defibrillator, a leader card received): Arms go back."""
    g.zombie[seat] = False
    if g.aim[seat] != UNARMED:
        g.aim[seat] = UNARMED
        g.arms += 1
    team = g.team_of(seat)
    if team != TEAM_LONE and team != g.teams[seat]:
        g.teams[seat] = team
        g.emit(
            Event(
                "team", f"you are now on the {TEAM_NAMES[team]} team", private(seat), {"team": team}
            )
        )


def infector_revealed(g: ZombieGoodCop, seat: int) -> None:
    """The Infector card is face up: its holder becomes a zombie. `dice`: "When a player
    investigates or reveals the Infector card, they draw an Equipment card", its holder too
    when it reveals the card to pay for its Arm or Equip action."""
    paying = g.phase == REVEAL and seat == g.turn
    if g.leader_card(seat) < 0:
        become(g, seat, take_arms=g.design.arms_on_turning or (paying and g.arming))
    if paying and g.design.exposing_draws and g.result is None:
        g.draw(seat)


# -- shots ------------------------------------------------------------------------------------


def hit(g: ZombieGoodCop, seat: int, by: int) -> None:
    """A player is shot. A zombie aims its Arms at itself. Anyone else reveals every card; a
    leader is wounded, then eliminated (`simple`: by a zombie, zombies win); anyone else becomes
    a zombie."""
    if g.zombie[seat]:
        if g.aim[seat] != UNARMED:
            g.aim[seat] = seat
        g.emit(Event("arms-down", f"{{p{seat}}} aims their Arms at themself", data={"seat": seat}))
        return
    cards = g.cards[seat]
    for s in range(3):
        if not g.up >> cards[s] & 1:
            g.reveal(seat, s)
    if g.result is not None or g.zombie[seat]:
        return
    leader = g.leader_card(seat)
    if leader < 0:
        become(g, seat)
    elif not g.wounded >> leader & 1:
        g.wounded |= 1 << leader
        g.emit(Event("wounded", f"{{p{seat}}} is wounded", data={"seat": seat}))
        g.draw(seat)
    elif g.design.zombies_kill_leaders and by >= 0 and g.zombie[by]:
        g.alive[seat] = False
        g.emit(Event("eliminated", f"{{p{seat}}} is eliminated", data={"seat": seat}))
        name = "Agent" if g.kind[leader] == AGENT else "Kingpin"
        g.finish(TEAM_ZOMBIE, f"a zombie eliminated the {name} ({{p{seat}}})")
    else:
        g.eliminate(seat)


def shoot_zombie(g: ZombieGoodCop, shooter: int, target: int) -> None:
    """Shooting a zombie: its Arms turn on itself; the shooter keeps the gun (`infect`,
    `simple`: and must aim elsewhere)."""
    g.emit(
        Event(
            "shot",
            f"{{p{shooter}}} shoots {{p{target}}}",
            data={"shooter": shooter, "target": target},
        )
    )
    hit(g, target, shooter)
    if g.design.must_reaim and shooter == g.turn:
        g.reaim = target


def aim_choices(g: ZombieGoodCop) -> list[Action]:
    """Take Aim when the last target may not be kept (a shot zombie, an Arms face)."""
    me = g.turn
    t = g.table
    seats = [p for p in g.living() if p != me]
    allowed = [p for p in seats if p != g.reaim] or seats
    return [t.aim[p] for p in allowed]


# -- a zombie's turn --------------------------------------------------------------------------


def bite_target(g: ZombieGoodCop, seat: int) -> int:
    """Whom this zombie can bite: the living non-zombie its Arms aim at, or -1."""
    aim = g.aim[seat]
    if aim < 0 or aim == seat or not g.alive[aim] or g.zombie[aim]:
        return -1
    return aim


def infectable(g: ZombieGoodCop, seat: int) -> list[tuple[int, int]]:
    """(player, slot) of cards an Infect can put a token on: other living non-zombies."""
    tokens = g.tokens
    return [
        (p, s)
        for p in g.living()
        if p != seat and not g.zombie[p]
        for s, c in enumerate(g.cards[p])
        if not tokens >> c & 1
    ]


def curable(g: ZombieGoodCop) -> list[tuple[int, int]]:
    """(player, slot) of infection tokens on living non-zombies' cards."""
    tokens = g.tokens
    return [
        (p, s)
        for p in g.living()
        if not g.zombie[p]
        for s, c in enumerate(g.cards[p])
        if tokens >> c & 1
    ]


def actions(g: ZombieGoodCop) -> list[Action]:
    """A zombie's turn: Bite; `dice` Arm and Equip; `infect` Equip and Infect; `simple` Equip.
    Equipment can be played as usual; with nothing else to do the zombie waits."""
    me = g.turn
    t = g.table
    out: list[Action] = []
    if bite_target(g, me) >= 0 and not g.tased:
        out.append(t.bite)
    design = g.design
    if design.zombie_arms and g.aim[me] == UNARMED and g.arms:
        out.append(t.arm)
    if g.deck or g.discards:
        out.append(t.equip)
    if design.zombie_infects and infectable(g, me):
        out.append(t.infect)
    out += g.plays(me, True)
    if not out:
        out.append(t.pass_)
    return out


def act(g: ZombieGoodCop, seat: int, kind: str) -> None:
    """A zombie's action."""
    if kind == BITE:
        target = g.aim[seat]
        g.shot_target = target
        g.shot_locked = g.shot_changed = False
        g.biting = True
        g.emit(
            Event(
                "bite",
                f"{{p{seat}}} is about to bite {{p{target}}}",
                data={"shooter": seat, "target": target},
            )
        )
        g.open_window(SHOOTING)
    elif kind == ARM:
        take_arms_token(g, seat)
        g.after_action()
    elif kind == EQUIP:
        if g.design.zombie_infects and curable(g):
            g.task = Task(seat, CURE_TASK, 0, ())
            return
        g.emit(Event("equip", f"{{p{seat}}} draws an equipment card"))
        g.draw(seat)
        g.after_action()
    elif kind == INFECT:
        g.task = Task(seat, INFECT_TASK, 0, ())


def add_token(g: ZombieGoodCop, seat: int, slot: int = -1) -> bool:
    """An infection token on this card (slot -1: the leftmost card without one). False if none
    could be placed (one token per card at most)."""
    cards = g.cards[seat]
    if slot < 0:
        for s, c in enumerate(cards):
            if not g.tokens >> c & 1:
                slot = s
                break
        else:
            return False
    c = cards[slot]
    if g.tokens >> c & 1:
        return False
    g.tokens |= 1 << c
    g.emit(
        Event(
            "infection",
            f"an infection token goes on {{p{seat}}}'s {SLOTS[slot]} card",
            data={"seat": seat, "slot": slot},
        )
    )
    return True


def token_count(g: ZombieGoodCop, seat: int) -> int:
    tokens = g.tokens
    return sum(1 for c in g.cards[seat] if tokens >> c & 1)


def roll_die(g: ZombieGoodCop, faces: tuple[int, ...]) -> int:
    return faces[g.pick(6)]


def resolve_bite(g: ZombieGoodCop, biter: int, target: int) -> None:
    """The Bite happens (after the Shoot window): a zombie bitten is as if shot; anyone else
    as the design says (`Design.bite`)."""
    g.biting = False
    if g.aim[biter] in (UNARMED, biter) or not g.alive[target]:
        g.emit(Event("fizzle", f"{{p{biter}}}'s bite does not happen"))
        g.after_action()
        return
    g.emit(
        Event(
            "bitten", f"{{p{biter}}} bites {{p{target}}}", data={"shooter": biter, "target": target}
        )
    )
    if g.zombie[target]:
        hit(g, target, biter)
        g.after_action()
        return
    g.design.bite(g, biter, target)


def roll_for_bite(g: ZombieGoodCop, target: int) -> None:
    """One zombie die per token on the bitten player's cards, left on the table."""
    faces = tuple(roll_die(g, ZOMBIE_DIE) for _ in range(token_count(g, target)))
    g.roll = faces
    g.bitten = target
    announce_roll(g, target, "zombie", faces)
    g.open_window(ROLLED)


# What follows once a player's infection tokens are placed.
BITTEN, ROLLED_BLANK, ROLLED_ZOMBIE, INFECTION_ROLLED = range(4)


def place_tokens(g: ZombieGoodCop, seat: int, count: int, then: int) -> None:
    """`count` infection tokens go on this player's cards, one per card at most. Seed 000:
    "put an Infection token on one of your Integrity cards": the player chooses the card
    (option `tokens=choose`) when more than one has none; then the game goes on (`then`)."""
    while count:
        free = [s for s, c in enumerate(g.cards[seat]) if not g.tokens >> c & 1]
        if not free:
            break
        if len(free) > 1 and g.options.tokens == "choose":
            g.task = Task(seat, TOKEN_TASK, then, (count,))
            return
        add_token(g, seat, free[0])
        count -= 1
    after_tokens(g, seat, then)


def token_chosen(g: ZombieGoodCop, seat: int, slot: int, then: int, count: int) -> None:
    g.task = None
    add_token(g, seat, slot)
    place_tokens(g, seat, count - 1, then)


def after_tokens(g: ZombieGoodCop, seat: int, then: int) -> None:
    if then == BITTEN:
        roll_for_bite(g, seat)
        return
    if then == INFECTION_ROLLED:
        after_infection_die(g)
        if g.result is None:
            g.open_window(END_OF_TURN)
        return
    if then == ROLLED_ZOMBIE and g.alive[seat]:
        become(g, seat)
    g.after_action()


def announce_roll(g: ZombieGoodCop, roller: int, die: str, faces: tuple[int, ...]) -> None:
    g.last_roll = (roller, die, faces)
    names = [FACE_NAMES[f] for f in faces]
    g.emit(
        Event(
            "roll",
            f"{{p{roller}}} rolls the {die} {'die' if len(faces) == 1 else 'dice'}: "
            + ", ".join(names),
            data={"seat": roller, "die": die, "faces": names},
        )
    )


def apply_roll(g: ZombieGoodCop) -> None:
    """The dice stand: arms, the biter must aim elsewhere; infection, one more token each;
    zombie, the bitten player becomes one."""
    faces, target = g.roll, g.bitten
    g.roll = ()
    g.bitten = -1
    if ARMS_FACE in faces:
        g.reaim = target
        g.emit(Event("arms-face", f"{{p{g.turn}}} must aim their Arms at someone else"))
    then = ROLLED_ZOMBIE if ZOMBIE_FACE in faces else ROLLED_BLANK
    place_tokens(g, target, faces.count(INFECTION_FACE), then)


# -- turn hooks -------------------------------------------------------------------------------


def begin_turn(g: ZombieGoodCop, seat: int) -> None:
    g.reaim = -1
    g.arming = g.biting = False
    if g.alarm == seat:
        g.alarm_live = True


def end_turn(g: ZombieGoodCop) -> bool:
    """The design's infection die (`dice`), then the Alarm Clock (`simple`) rings at the end
    of its player's next turn. True when a token's placement takes the turn on to its
    end-of-turn window."""
    if g.design.infection_die(g):
        return True
    after_infection_die(g)
    return False


def after_infection_die(g: ZombieGoodCop) -> None:
    """The rest of the end of the turn: the `simple` Alarm Clock rings."""
    me = g.turn
    if g.alarm == me and g.alarm_live:
        g.alarm = -1
        g.alarm_live = False
        ring_alarm(g, me)


def ring_alarm(g: ZombieGoodCop, target: int) -> None:
    """Every unarmed living player takes a gun (a zombie Arms) while any are left; everyone
    armed aims at the target."""
    g.emit(Event("alarm", f"the Alarm Clock rings for {{p{target}}}", data={"target": target}))
    for step in range(1, g.n + 1):
        p = (target + step) % g.n
        if not g.alive[p] or g.aim[p] != UNARMED:
            continue
        if g.zombie[p]:
            take_arms_token(g, p)
        elif g.guns:
            g.guns -= 1
            g.aim[p] = p
            g.emit(Event("arm", f"{{p{p}}} takes a gun", data={"seat": p}))
    for p in g.living():
        if p != target and g.aim[p] != UNARMED:
            g.aim[p] = target
