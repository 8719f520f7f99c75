"""The rules of Good Cop Bad Cop: the State and everything a turn can do.

A turn: take one action (Investigate, Arm, Equip, Shoot), take aim if holding a gun, end the
turn. Equipment can be played during your own turn and in reaction windows: before the first
turn, after an Investigate, when a Shoot is announced, and at the end of every turn. A window asks
every living player who holds equipment; each plays a card or passes, and after a card resolves
everyone is asked again, so a window closes once all have passed (each card played leaves a hand
for good, so windows always close).

Hidden state: integrity card kinds (`kind`, by card id), equipment cards in hands and the deck.
Card identities are public (everyone sees which card moves where); what a seat knows about a
card's face is a bit in `known[seat]` (integrity) or `eknown[seat]` (equipment), so knowledge
follows a card wherever it goes. The top of the equipment deck is kept unordered and a draw
picks one of its cards by a keyed hash of `shuffle_seed` (drawn from the game's generator) and a
counter, so a determinized copy changes the deck's future by taking a new key.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from hashlib import blake2b
from itertools import permutations
from typing import Any, ClassVar, Self

from hiddenhand.engine import Action, Event, Outcome, Pending, State, private, render
from hiddenhand.engine.seeding import KEYED, SEQUENTIAL, copy_generator
from hiddenhand.games.goodcop import equipment, views, zombies
from hiddenhand.games.goodcop.actions import ActionTable, action_table
from hiddenhand.games.goodcop.cards import (
    AGENT,
    ALL_DECK,
    BASE_DECK,
    DISGUISE,
    HONEST,
    INFECTOR,
    KIND_NAMES,
    KINGPIN,
    PLANTED_EVIDENCE,
    SLOTS,
    STAYING,
    SURVEILLANCE_CAMERA,
    TEAM_CROOKED,
    TEAM_HONEST,
    TEAM_LONE,
    TEAM_NAMES,
    TITLES,
    integrity_deck,
)
from hiddenhand.games.goodcop.determinize import resample
from hiddenhand.games.goodcop.options import GoodCopOptions
from hiddenhand.games.goodcop.phases import (
    ACTION,
    AFTER_INVESTIGATE,
    AIM,
    END_OF_TURN,
    ORDER,
    OVER,
    REVEAL,
    ROLLED,
    SHOOTING,
    START,
    UNARMED,
    WINDOWS,
    Phase,
)
from hiddenhand.games.goodcop.task import Task

_MASK = (1 << 64) - 1


class GoodCop(State):
    """One game of Good Cop Bad Cop in progress."""

    options: GoodCopOptions
    table: ActionTable
    n: int
    # integrity cards, by card id
    kind: list[int]
    owner: list[int]  # seat, or -1 for the card removed unseen at setup
    cards: list[list[int]]  # seat -> [left, middle, right] card ids
    up: int  # bitmask of face-up cards
    wounded: int  # bitmask of cards with a Wounded token
    known: list[int]  # seat -> bitmask of cards whose face it knows
    agent: int
    kingpin: int
    # players
    alive: list[bool]
    aim: list[int]  # seat -> target, UNARMED, or the seat itself while not yet aimed
    guns: int  # guns in the centre
    teams: list[int]
    # equipment, by card id
    hand: list[list[int]]
    placed: list[int]  # staying title -> seat it lies in front of, or -1
    deck: list[int]  # the top is the end of the list
    loose: int  # the top `loose` cards are unordered: a draw takes one of them at random
    draws: int
    discards: list[int]
    gen: list[int]  # public batch a card was last shuffled in; same batch = interchangeable
    next_gen: int
    eknown: list[int]  # seat -> bitmask of equipment cards whose place it knows
    # turn
    shuffle_seed: bytes | int  # the key of later draws and dice (an int: sequential seeding)
    turn: int
    direction: int
    coffee: int
    phase: Phase
    asked: int  # bitmask of seats still to answer in a window
    task: Task | None
    over_limit: int  # seat that must discard down to one card, or -1
    shot_target: int
    shot_locked: bool  # Restraining Order or Riot Shield: the shot will happen
    shot_changed: bool  # another card was played: the shooter may choose again
    tased: bool  # the gun was taken with a Taser this turn and cannot fire
    result: Outcome | None
    # Zombies expansion (see zombies.py); `zon` is False and the rest idle when zombies are off
    zon: bool
    zmode: str
    zombie: list[bool]
    infector: int  # the Infector card's id, or -1
    tokens: int  # bitmask of integrity cards carrying an infection token
    arms: int  # Arms tokens in the centre
    roll: tuple[int, ...]  # zombie dice of a Bite waiting to be applied
    bitten: int
    biting: bool  # the announced shot is a Bite
    arming: bool  # the turn's action is Arm (an Infector revealed to pay for it takes Arms)
    reaim: int  # the turn player must aim elsewhere than this seat
    last_roll: tuple[int, str, tuple[int, ...]] | None  # (roller, die, faces), public
    alarm: int  # simple Alarm Clock: the seat it rings for, or -1
    alarm_live: bool  # that seat's turn has begun since

    shared_fields: ClassVar[frozenset[str]] = State.shared_fields | {"table"}

    def __init__(
        self, players: Sequence[str], options: GoodCopOptions, seed: int, seeding: str = KEYED
    ) -> None:
        n = len(players)
        table = action_table(n, options.zombies != "off")
        super().__init__(players, options, seed, table.space, seeding)
        self.table = table
        self.n = n
        rng = self.rng
        self.zmode = options.zombies
        self.zon = self.zmode != "off"
        # Integrity: Agent and Kingpin plus (players - 2) cards form the first pile; with the
        # Infector (Zombies dice/infect) it joins them and the pile takes (players - 3) cards.
        rest = list(integrity_deck(n))
        rng.shuffle(rest)
        self.kind = [AGENT, KINGPIN, *rest]
        self.agent, self.kingpin = 0, 1
        self.infector = -1
        ids = list(range(2, len(self.kind)))
        if self.zmode in ("dice", "infect"):
            self.infector = len(self.kind)
            self.kind.append(INFECTOR)
            pile = [0, 1, self.infector, *ids[: n - 3]]
            deck = ids[n - 3 :]
        else:
            pile = [0, 1, *ids[: n - 2]]
            deck = ids[n - 2 :]
        rng.shuffle(pile)
        self.cards = []
        for seat in range(n):
            mine = [pile[seat], deck[2 * seat], deck[2 * seat + 1]]
            rng.shuffle(mine)  # the order a player lays them down in
            self.cards.append(mine)
        self.owner = [-1] * len(self.kind)
        for seat, mine in enumerate(self.cards):
            for c in mine:
                self.owner[c] = seat
        self.up = self.wounded = 0
        self.known = [sum(1 << c for c in mine) for mine in self.cards]
        self.alive = [True] * n
        self.aim = [UNARMED] * n
        self.guns = options.gun_count(n)
        # Equipment: one card each.
        edeck = list(range(len(ALL_DECK) if self.zon else BASE_DECK))
        rng.shuffle(edeck)
        self.hand = [[edeck.pop()] for _ in range(n)]
        self.deck = edeck
        self.loose = len(edeck)
        self.draws = 0
        self.discards = []
        self.placed = [-1] * len(TITLES)
        self.gen = [0] * len(ALL_DECK)
        self.next_gen = 1
        self.eknown = [1 << h[0] for h in self.hand]
        self.direction = 1
        self.coffee = -1
        self.turn = rng.randrange(n)
        # Later draws and dice take their numbers from a key drawn from the game's generator
        # and a counter, so a determinized copy changes the future by taking a new key.
        self.shuffle_seed = rng.getrandbits(64) if seeding == SEQUENTIAL else rng.randbytes(16)
        self.task = None
        self.over_limit = -1
        self.shot_target = -1
        self.shot_locked = self.shot_changed = self.tased = False
        self.result = None
        self.zombie = [False] * n
        self.tokens = 0
        self.arms = options.arms_count(n)
        self.roll = ()
        self.bitten = self.reaim = self.alarm = -1
        self.biting = self.arming = self.alarm_live = False
        self.last_roll = None
        self.teams = [self.team_of(s) for s in range(n)]
        self.phase = START
        self.asked = 0
        if options.order == "choose":
            # Seed 004: "Players may place them in any order they choose". Every player is
            # asked, even one whose cards all look alike: who is asked is public.
            self.phase = ORDER
            self.asked = (1 << n) - 1
        else:
            self.open_window(START)

    # -- reading the table ----------------------------------------------------------------

    def _roles(self) -> list[str]:
        """Each seat's role, for statistics: the leader card it holds ("agent", "kingpin"), else
        its team ("honest", "crooked"; "lone" for both leader cards)."""
        roles = []
        for seat in range(self.n):
            leader = self.leader_card(seat)
            team = self.teams[seat]
            if leader >= 0 and team != TEAM_LONE:
                roles.append("agent" if self.kind[leader] == AGENT else "kingpin")
            else:
                roles.append(TEAM_NAMES[team])
        return roles

    def team_of(self, seat: int) -> int:
        """Agent: Honest; Kingpin: Crooked; both: alone; else the majority (Planted Evidence
        turns Honest cards Crooked and vice versa). Zombies: see `zombies.team`."""
        if self.zon:
            team = zombies.team(self, seat)
            if team >= 0:
                return team
        kind = self.kind
        honest = 0
        leader = -1
        for c in self.cards[seat]:
            k = kind[c]
            if k == HONEST:
                honest += 1
            elif k >= AGENT:
                if leader >= 0:
                    return TEAM_LONE
                leader = k
        if leader == AGENT:
            return TEAM_HONEST
        if leader == KINGPIN:
            return TEAM_CROOKED
        majority_honest = honest >= 2
        if self.placed[PLANTED_EVIDENCE] == seat:
            majority_honest = not majority_honest
        return TEAM_HONEST if majority_honest else TEAM_CROOKED

    def hidden_slots(self, seat: int) -> list[int]:
        up = self.up
        return [s for s, c in enumerate(self.cards[seat]) if not up >> c & 1]

    def has_hidden(self, seat: int) -> bool:
        up = self.up
        return any(not up >> c & 1 for c in self.cards[seat])

    def disguised(self, seat: int) -> bool:
        return self.placed[DISGUISE] == seat

    def leader_card(self, seat: int) -> int:
        """The id of a leader card this seat holds, or -1."""
        kind = self.kind
        for c in self.cards[seat]:
            if AGENT <= kind[c] <= KINGPIN:
                return c
        return -1

    def living(self) -> list[int]:
        alive = self.alive
        return [s for s in range(self.n) if alive[s]]

    def armed(self, seat: int) -> bool:
        return self.aim[seat] != UNARMED

    def shot_live(self) -> bool:
        """A shot has been announced and could still be fired."""
        shooter = self.turn
        return (
            self.phase == SHOOTING and self.aim[shooter] != UNARMED and self.alive[self.shot_target]
        )

    def holders(self) -> int:
        """Living seats holding equipment: the seats a window asks."""
        mask = 0
        alive = self.alive
        for s, h in enumerate(self.hand):
            if h and alive[s]:
                mask |= 1 << s
        return mask

    def neighbours(self, seat: int) -> list[int]:
        """The nearest living players on the left and on the right."""
        out: list[int] = []
        for step in (-1, 1):
            s = (seat + step) % self.n
            while not self.alive[s]:
                s = (s + step) % self.n
            if s != seat and s not in out:
                out.append(s)
        return out

    # -- the engine contract --------------------------------------------------------------

    def outcome(self) -> Outcome | None:
        return self.result

    def view(self, seat: int | None) -> dict[str, Any]:
        return views.view(self, seat)

    def _legal(self) -> Pending:
        if self.result is not None:
            return {}
        t = self.table
        if self.over_limit >= 0:
            seat = self.over_limit
            titles = sorted({ALL_DECK[c] for c in self.hand[seat]})
            return {seat: [t.discard[i] for i in titles]}
        if self.task is not None:
            return {self.task.chooser: equipment.options(self, self.task)}
        phase = self.phase
        me = self.turn
        if phase == ACTION:
            return {me: self._action_choices()}
        if phase == AIM:
            if self.reaim >= 0:
                return {me: zombies.aim_choices(self)}
            return {me: [t.aim[p] for p in self.living() if p != me]}
        if phase == REVEAL:
            return {me: [t.reveal[s] for s in self.hidden_slots(me)]}
        if phase == ORDER:
            return {s: self._orders(s) for s in range(self.n) if self.asked >> s & 1}
        # a window
        out: dict[int, list[Action]] = {}
        asked = self.asked
        play = t.play
        for s in range(self.n):
            if asked >> s & 1:
                choices = [t.pass_]
                for c in self.hand[s]:
                    title = ALL_DECK[c]
                    if self.usable(title, s, False):
                        choices.append(play[title])
                out[s] = choices
        return out

    def _orders(self, seat: int) -> list[Action]:
        """The different left-to-right orders of this seat's three cards."""
        faces = [KIND_NAMES[self.kind[c]] for c in self.cards[seat]]
        orders = dict.fromkeys(permutations(faces))
        table = self.table.order
        return [table[o] for o in orders]

    def _lay_down(self, seat: int, faces: tuple[str, ...]) -> None:
        """The seat lays its cards down in this order (cards alike keep their dealt order)."""
        left = list(self.cards[seat])
        placed = []
        for face in faces:
            c = next(c for c in left if KIND_NAMES[self.kind[c]] == face)
            left.remove(c)
            placed.append(c)
        self.cards[seat] = placed
        self.say("ordered", f"{{p{seat}}} lays their cards down", seat=seat)
        self.asked &= ~(1 << seat)
        if not self.asked:
            self.open_window(START)

    def usable(self, title: int, seat: int, own_turn: bool) -> bool:
        """Whether `seat` may play this equipment title now (own_turn: in its own action)."""
        return equipment.usable(self, title, seat, own_turn)

    def _action_choices(self) -> list[Action]:
        t = self.table
        me = self.turn
        if self.zon and self.zombie[me]:
            return zombies.actions(self)
        out: list[Action] = []
        up = self.up
        alive = self.alive
        placed_disguise = self.placed[DISGUISE]
        for p in range(self.n):
            if p != me and alive[p] and p != placed_disguise:
                row = t.investigate[p]
                for s, c in enumerate(self.cards[p]):
                    if not up >> c & 1:
                        out.append(row[s])
        aim = self.aim[me]
        if aim == UNARMED:
            if self.guns:
                out.append(t.arm)
        elif aim != me and alive[aim] and not self.tased:
            out.append(t.shoot[aim])
        if self.deck or self.discards:
            out.append(t.equip)
        for c in self.hand[me]:
            title = ALL_DECK[c]
            if self.usable(title, me, True):
                out.append(t.play[title])
        if not out and self.zon:
            out.append(t.pass_)  # nothing left to do: the turn goes on
        return out

    def _apply(self, seat: int, action: Action) -> None:
        kind = action.kind
        if self.over_limit >= 0:
            self._discard_from_hand(seat, action.id - self.table.discard[0].id)
        elif self.task is not None:
            equipment.choose(self, self.task, action)
        elif kind == "pass":
            if self.phase == ACTION:
                self.say("wait", f"{{p{seat}}} does nothing", seat=seat)
                self.after_action()
                return
            self.asked &= ~(1 << seat)
            if not self.asked:
                self.close_window()
        elif kind == "play":
            self._play(seat, action.id - self.table.play[0].id)
        elif kind == "order":
            self._lay_down(seat, tuple(str(a) for a in action.args))
        elif kind == "investigate":
            self._investigate(seat, int(action.args[0]), int(action.args[1]))
        elif (self.zon and self.zombie[seat] and kind in ("arm", "equip")) or kind in (
            "bite",
            "infect",
        ):
            zombies.act(self, seat, kind)
        elif kind == "arm":
            self.arming = self.zon
            self.guns -= 1
            self.aim[seat] = seat
            self.say("arm", f"{{p{seat}}} takes a gun")
            self._after_draw_or_arm()
        elif kind == "equip":
            self.say("equip", f"{{p{seat}}} draws an equipment card")
            self.draw(seat)
            self._after_draw_or_arm()
        elif kind == "shoot":
            self.shot_target = int(action.args[0])
            self.shot_locked = self.shot_changed = self.biting = False
            self.say(
                "shoot",
                f"{{p{seat}}} announces a shot at {{p{self.shot_target}}}",
                shooter=seat,
                target=self.shot_target,
            )
            self.open_window(SHOOTING)
        elif kind == "reveal":
            self.reveal(seat, int(action.args[0]))
            self.arming = False  # an Infector revealed to pay for Arm has taken Arms
            self.after_action()
        elif kind == "aim":
            target = int(action.args[0])
            self.aim[seat] = target
            self.say("aim", f"{{p{seat}}} aims at {{p{target}}}", seat=seat, target=target)
            self._end_turn()
        else:  # pragma: no cover - every kind in the space is handled above
            raise AssertionError(f"unhandled action {action!r}")

    # -- events -----------------------------------------------------------------------------

    def say(
        self, kind: str, text: str, audience: frozenset[int] | None = None, **data: Any
    ) -> None:
        """An event for everyone (or `audience`); outside an action (the deal, a scenario set
        up by hand) nobody is listening and it is dropped."""
        sink = self._sink
        if sink is not None:
            sink.append(Event(kind, text, audience, data))

    def tell(self, seat: int, kind: str, text: str, **data: Any) -> None:
        """An event only `seat` sees."""
        sink = self._sink
        if sink is not None:
            sink.append(Event(kind, text, private(seat), data))

    # -- turn flow --------------------------------------------------------------------------

    def open_window(self, phase: Phase) -> None:
        """A reaction window opens: every living holder of equipment is asked."""
        self.phase = phase
        self.asked = self.holders()
        if not self.asked:
            self.close_window()

    def close_window(self) -> None:
        """Everyone has passed: the game goes on from where the window opened."""
        phase = self.phase
        if phase == START:
            if self.coffee >= 0:
                first, self.coffee = self.coffee, -1
                self.begin_turn(first)
            else:
                self.begin_turn(self.turn)
        elif phase == AFTER_INVESTIGATE:
            self.after_action()
        elif phase == SHOOTING:
            self._resolve_shot()
        elif phase == END_OF_TURN:
            self._next_turn()
        elif phase == ROLLED:
            zombies.apply_roll(self)

    def begin_turn(self, seat: int) -> None:
        """The seat's turn starts with its action."""
        self.turn = seat
        self.tased = False
        if self.zon:
            zombies.begin_turn(self, seat)
        self.phase = ACTION
        self.say("turn", f"{{p{seat}}}'s turn", seat=seat)

    def _next_turn(self) -> None:
        nxt = self.coffee
        self.coffee = -1
        if nxt < 0 or not self.alive[nxt]:
            nxt = (self.turn + self.direction) % self.n
            while not self.alive[nxt]:
                nxt = (nxt + self.direction) % self.n
        self.begin_turn(nxt)

    def _after_draw_or_arm(self) -> None:
        if self.has_hidden(self.turn):
            self.phase = REVEAL
        else:
            self.after_action()

    def after_action(self) -> None:
        """The action is over: take aim if holding a gun, then the end-of-turn window."""
        if self.result is not None:
            return
        me = self.turn
        if self.alive[me] and self.aim[me] != UNARMED:
            self.phase = AIM
        else:
            self._end_turn()

    def _end_turn(self) -> None:
        """The end of the turn: Zombies effects (infection die, Alarm Clock), then the window."""
        if self.zon and (zombies.end_turn(self) or self.result is not None):
            return
        self.open_window(END_OF_TURN)

    def _resolve_shot(self) -> None:
        shooter = self.turn
        if self.shot_changed and not self.shot_locked:
            self.phase = ACTION
            self.shot_target = -1
            self.say("rethink", f"{{p{shooter}}} may choose their action again")
            return
        if self.biting:
            target, self.shot_target = self.shot_target, -1
            zombies.resolve_bite(self, shooter, target)
            return
        if self.aim[shooter] != UNARMED and self.alive[self.shot_target]:
            self.fire(shooter, self.shot_target)
        else:
            self.say("fizzle", f"{{p{shooter}}}'s shot does not happen")
        self.shot_target = -1
        self.after_action()

    # -- actions ----------------------------------------------------------------------------

    def _investigate(self, seat: int, target: int, slot: int) -> None:
        c = self.cards[target][slot]
        self.known[seat] |= 1 << c
        self.say(
            "investigate",
            f"{{p{seat}}} investigates {{p{target}}}'s {SLOTS[slot]} card",
            seat=seat,
            target=target,
            slot=slot,
        )
        self.tell(
            seat,
            "saw",
            f"you see that {{p{target}}}'s {SLOTS[slot]} card is {KIND_NAMES[self.kind[c]]}",
            target=target,
            slot=slot,
            card=KIND_NAMES[self.kind[c]],
        )
        if self.zon:
            zombies.investigated(self, seat, target, c)
            if self.result is not None:
                return
        self.phase = AFTER_INVESTIGATE
        self.asked = self.holders()
        camera = self.placed[SURVEILLANCE_CAMERA]
        if (
            camera == target
            and self.alive[camera]
            and not self.disguised(seat)
            and self.has_hidden(seat)
        ):
            self.say("camera", f"{{p{target}}}'s Surveillance Camera investigates {{p{seat}}}")
            self.task = Task(target, SURVEILLANCE_CAMERA, 1, (seat,))
        elif not self.asked:
            self.close_window()

    def fire(self, shooter: int, target: int) -> None:
        """The shooter fires at the target and drops the gun to the centre."""
        if self.zon and self.zombie[target]:
            zombies.shoot_zombie(self, shooter, target)
            return
        self.aim[shooter] = UNARMED
        self.guns += 1
        self.say("shot", f"{{p{shooter}}} shoots {{p{target}}}", shooter=shooter, target=target)
        self.hit(target, shooter)

    def hit(self, seat: int, by: int = -1) -> None:
        """A player is shot (by seat `by`, or -1 for no one): reveal everything; a leader is
        wounded once, everyone else dies (with zombies on, see `zombies.hit`)."""
        if self.zon:
            zombies.hit(self, seat, by)
            return
        for s in range(3):
            if not self.up >> self.cards[seat][s] & 1:
                self.reveal(seat, s)
        leader = self.leader_card(seat)
        if leader >= 0 and not self.wounded >> leader & 1:
            self.wounded |= 1 << leader
            self.say("wounded", f"{{p{seat}}} is wounded", seat=seat)
            self.draw(seat)
        else:
            self.eliminate(seat)

    def eliminate(self, seat: int) -> None:
        self.alive[seat] = False
        self.say("eliminated", f"{{p{seat}}} is eliminated", seat=seat)
        if self.aim[seat] != UNARMED:
            self.aim[seat] = UNARMED
            self.guns += 1
        for c in self.hand[seat]:
            self.say("discard", f"{{p{seat}}} discards {TITLES[ALL_DECK[c]]}")
            self.to_discard(c)
        self.hand[seat] = []
        if self.over_limit == seat:
            self.over_limit = -1
        leader = self.leader_card(seat)
        if leader >= 0 and self.kind[leader] == AGENT:
            self.finish(TEAM_CROOKED, f"the Agent ({{p{seat}}}) was eliminated")
        elif leader >= 0:
            self.finish(TEAM_HONEST, f"the Kingpin ({{p{seat}}}) was eliminated")

    def reveal(self, seat: int, slot: int) -> None:
        c = self.cards[seat][slot]
        self.up |= 1 << c
        name = KIND_NAMES[self.kind[c]]
        self.say(
            "reveal",
            f"{{p{seat}}} reveals their {SLOTS[slot]} card: {name}",
            seat=seat,
            slot=slot,
            card=name,
        )
        if self.kind[c] == INFECTOR:
            zombies.infector_revealed(self, seat)

    # -- equipment --------------------------------------------------------------------------

    def draw(self, seat: int) -> None:
        """Draw one equipment card (reshuffling the discard pile if the deck is empty)."""
        if not self.deck and self.discards:
            self.deck = self.discards
            self.discards = []
            self.loose = len(self.deck)
            batch = self.next_gen
            self.next_gen += 1
            for c in self.deck:
                self.gen[c] = batch
            self.say("reshuffle", "the discard pile is shuffled into a new equipment deck")
        if not self.deck:
            self.say("no-card", "there is no equipment card left to draw")
            return
        deck = self.deck
        if self.loose > 1:
            j = len(deck) - 1 - self.pick(self.loose)
            deck[j], deck[-1] = deck[-1], deck[j]
        if self.loose:
            self.loose -= 1
        c = deck.pop()
        self.hand[seat].append(c)
        self.eknown[seat] |= 1 << c
        title = TITLES[ALL_DECK[c]]
        self.tell(seat, "drew", f"you draw {title}", card=title)
        if len(self.hand[seat]) > 1:
            self.over_limit = seat

    def pick(self, n: int) -> int:
        """A number below n from the shuffle key and a draw counter: a keyed hash (BLAKE2b), or
        splitmix64 of a 64-bit seed in games dealt with sequential seeding."""
        self.draws += 1
        key = self.shuffle_seed
        if isinstance(key, bytes):
            digest = blake2b(self.draws.to_bytes(8, "little"), key=key, digest_size=8).digest()
            return int.from_bytes(digest, "little") % n
        z = (key + self.draws * 0x9E3779B97F4A7C15) & _MASK
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return (z ^ (z >> 31)) % n

    def to_discard(self, c: int) -> None:
        """A used or discarded card leaves play: onto the pile, or under the deck."""
        bit = ~(1 << c)
        for s in range(self.n):
            self.eknown[s] &= bit
        if self.options.discard == "pile":
            self.discards.append(c)
        else:
            self.deck.insert(0, c)
            self.gen[c] = self.next_gen
            self.next_gen += 1

    def _discard_from_hand(self, seat: int, title: int) -> None:
        hand = self.hand[seat]
        for i, c in enumerate(hand):
            if ALL_DECK[c] == title:
                del hand[i]
                self.to_discard(c)
                break
        self.say("discard", f"{{p{seat}}} discards {TITLES[title]}", seat=seat, card=TITLES[title])
        if len(hand) <= 1:
            self.over_limit = -1

    def _play(self, seat: int, title: int) -> None:
        hand = self.hand[seat]
        for i, c in enumerate(hand):
            if ALL_DECK[c] == title:
                del hand[i]
                break
        else:  # pragma: no cover - legality guarantees the card is in hand
            raise AssertionError("played a card not in hand")
        self.say("play", f"{{p{seat}}} plays {TITLES[title]}", seat=seat, card=TITLES[title])
        if title not in STAYING:
            self.to_discard(c)
        equipment.play(self, seat, title)
        if self.task is None:
            self.card_done(title)

    def card_done(self, title: int) -> None:
        """A card has resolved: a window asks everyone again; the shooter may change action."""
        if self.result is not None:
            return
        if self.phase in WINDOWS:
            if self.phase == SHOOTING and not equipment.keeps_shot(title):
                self.shot_changed = True
            self.open_window(self.phase)

    def give(self, card: int, seat: int) -> None:
        """An equipment card moves into a player's hand; they see it."""
        self.hand[seat].append(card)
        self.eknown[seat] |= 1 << card
        title = TITLES[ALL_DECK[card]]
        self.tell(seat, "received", f"you receive {title}", card=title)
        if len(self.hand[seat]) > 1:
            self.over_limit = seat

    def swap_integrity(self, a: int, slot_a: int, b: int, slot_b: int) -> None:
        """Two integrity cards change owners, keeping their face and tokens."""
        ca, cb = self.cards[a][slot_a], self.cards[b][slot_b]
        self.cards[a][slot_a], self.cards[b][slot_b] = cb, ca
        self.owner[ca], self.owner[cb] = b, a
        self.known[a] |= 1 << cb
        self.known[b] |= 1 << ca
        self.tell(
            a,
            "received",
            f"you receive {KIND_NAMES[self.kind[cb]]} as your {SLOTS[slot_a]} card",
            slot=slot_a,
            card=KIND_NAMES[self.kind[cb]],
        )
        self.tell(
            b,
            "received",
            f"you receive {KIND_NAMES[self.kind[ca]]} as your {SLOTS[slot_b]} card",
            slot=slot_b,
            card=KIND_NAMES[self.kind[ca]],
        )
        self.update_teams()

    def update_teams(self) -> None:
        """Recompute every team after cards moved; tell each changed player privately."""
        if self.zon:
            zombies.after_card_move(self)
            if self.result is not None:
                return
        for seat in range(self.n):
            team = self.team_of(seat)
            if team == self.teams[seat]:
                continue
            self.teams[seat] = team
            if team == TEAM_LONE:
                what = "the Agent and the Kingpin"
                if self.zon and zombies.holds_infector(self, seat):
                    what = "the Infector and a leader card"
                self.finish(TEAM_LONE, f"{{p{seat}}} holds both {what}", seat)
                return
            self.tell(seat, "team", f"you are now on the {TEAM_NAMES[team]} team", team=team)

    def finish(self, team: int, reason: str, lone: int = -1) -> None:
        """The game ends: the team (or the lone player) wins, eliminated players included."""
        if self.result is not None:
            return
        # Every seat's team follows the team rules at the end, a lone win included: the card
        # move that made a lone winner may have changed other seats' teams too.
        self.teams = [self.team_of(s) for s in range(self.n)]
        if team == TEAM_LONE:
            winners = frozenset((lone,))
        else:
            winners = frozenset(s for s in range(self.n) if self.teams[s] == team)
        self.result = Outcome(winners, TEAM_NAMES[team], render(reason, self.players))
        self.phase = OVER
        self.task = None
        self.over_limit = -1
        self.say("over", f"game over: {reason}", side=TEAM_NAMES[team], winners=sorted(winners))

    # -- copies -----------------------------------------------------------------------------

    def clone(self) -> Self:
        """Written out rather than derived by the kernel: copying the instance dict at once and
        then only the mutable fields is a third faster than assigning some sixty fields one by
        one (a test checks that every mutable declared field is copied here)."""
        other = object.__new__(type(self))
        other.__dict__.update(self.__dict__)
        other._sink = None
        other.rng = copy_generator(self.rng)
        other.history = list(self.history)
        other.cards = [list(c) for c in self.cards]
        other.kind = list(self.kind)
        other.owner = list(self.owner)
        other.known = list(self.known)
        other.alive = list(self.alive)
        other.aim = list(self.aim)
        other.teams = list(self.teams)
        other.hand = [list(h) for h in self.hand]
        other.placed = list(self.placed)
        other.deck = list(self.deck)
        other.discards = list(self.discards)
        other.gen = list(self.gen)
        other.eknown = list(self.eknown)
        other.zombie = list(self.zombie)
        return other

    def _resample(self, other: Self, seat: int, rng: random.Random) -> None:
        """Redraw every card face and equipment place `seat` cannot know (`determinize`)."""
        resample(self, other, seat, rng)
