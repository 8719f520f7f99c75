"""The rules of Good Cop Bad Cop: a turn, and everything it can do.

A turn: take one action (Investigate, Arm, Equip, Shoot), take aim if holding a gun, end the
turn. Equipment can be played during your own turn and in reaction windows: before the first
turn, after an Investigate, when a Shoot is announced, and at the end of every turn. A window asks
every living player who holds equipment; each plays a card or passes, and after a card resolves
everyone is asked again, so a window closes once all have passed (each card played leaves a hand
for good, so windows always close).

The base game knows no expansion: an expansion is a subclass overriding the hooks below (the
Zombies expansion: `zombie_rules.ZombieGoodCop`), the way python-chess plays its variants.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, ClassVar, Self, cast

from mypy_extensions import mypyc_attr

from hiddenhand.engine import Action, Event, Outcome, Pending, private, render
from hiddenhand.engine.cloning import declarative_clone, kernel_clone
from hiddenhand.engine.seeding import KEYED, SEQUENTIAL
from hiddenhand.games.goodcop import views
from hiddenhand.games.goodcop.actions import (
    AIM_AT,
    ARM,
    EQUIP,
    INVESTIGATE,
    LAY_DOWN,
    PASS,
    PLAY,
    REVEAL_CARD,
    SHOOT,
    action_catalog,
)
from hiddenhand.games.goodcop.card import CardTable
from hiddenhand.games.goodcop.cards import (
    AGENT,
    KIND_NAMES,
    KINGPIN,
    SLOTS,
    TEAM_CROOKED,
    TEAM_HONEST,
    TEAM_LONE,
    TEAM_NAMES,
    integrity_deck,
)
from hiddenhand.games.goodcop.clones import clone_good_cop
from hiddenhand.games.goodcop.determinize import resample
from hiddenhand.games.goodcop.equipment import BASE_EQUIPMENT, Disguise, SurveillanceCamera
from hiddenhand.games.goodcop.options import GoodCopOptions
from hiddenhand.games.goodcop.phases import (
    ACTION,
    AFTER_INVESTIGATE,
    AIM,
    END_OF_TURN,
    ORDER,
    OVER,
    REVEAL,
    SHOOTING,
    START,
    UNARMED,
    WINDOWS,
    Phase,
)
from hiddenhand.games.goodcop.state import GoodCopState
from hiddenhand.games.goodcop.task import Task
from hiddenhand.games.goodcop.view_schema import GoodCopView
from hiddenhand.native import own_abc_caches


@mypyc_attr(allow_interpreted_subclasses=True)
class GoodCop(GoodCopState):
    """One game of Good Cop Bad Cop in progress."""

    card_table: ClassVar[CardTable] = BASE_EQUIPMENT
    """The equipment in play (and the choices resolved like cards), by title index."""
    base_game: ClassVar[bool] = True
    """No expansion changes the rules (the evaluation's weights were fitted on these)."""

    def __init__(
        self, players: Sequence[str], options: GoodCopOptions, seed: int, seeding: str = KEYED
    ) -> None:
        n = len(players)
        actions = action_catalog(n, self.card_table, not self.base_game)
        super().__init__(players, options, seed, actions.space, seeding)
        self.actions = actions
        self.player_count = n
        rng = self.rng
        # Integrity: Agent and Kingpin plus (players - 2) cards form the first pile; a card an
        # expansion adds to the leaders (the Infector) takes the place of one of those.
        rest = list(integrity_deck(n))
        rng.shuffle(rest)
        self.card_kinds = [AGENT, KINGPIN, *rest]
        self.agent, self.kingpin = 0, 1
        ids = list(range(2, len(self.card_kinds)))
        leaders = [0, 1, *self._with_the_leaders()]
        cut = n - len(leaders)
        pile = [*leaders, *ids[:cut]]
        deck = ids[cut:]
        rng.shuffle(pile)
        self.cards = []
        for seat in range(n):
            mine = [pile[seat], deck[2 * seat], deck[2 * seat + 1]]
            rng.shuffle(mine)  # the order a player lays them down in
            self.cards.append(mine)
        self.owner = [-1] * len(self.card_kinds)
        for seat, mine in enumerate(self.cards):
            for c in mine:
                self.owner[c] = seat
        self.face_up = self.wounded = 0
        self.known = [sum(1 << c for c in mine) for mine in self.cards]
        self.alive = [True] * n
        self.aim = [UNARMED] * n
        self.guns = options.gun_count(n)
        # Equipment: one card each.
        edeck = list(range(len(self.card_table.deck)))
        rng.shuffle(edeck)
        self.hand = [[edeck.pop()] for _ in range(n)]
        self.deck = edeck
        self.unordered = len(edeck)
        self.draws = 0
        self.discards = []
        self.placed = [-1] * len(self.card_table.titles)
        self.shuffle_batch = [0] * len(self.card_table.deck)
        self.next_batch = 1
        self.equipment_known = [1 << h[0] for h in self.hand]
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
        self.teams = [self.team_of(s) for s in range(n)]
        self.phase = START
        if options.order == "choose":
            # Seed 004: "Players may place them in any order they choose". Every player is
            # asked, even one whose cards all look alike: who is asked is public.
            self.phase = ORDER
            self.ask((1 << n) - 1)
        else:
            with self.collecting():  # the deal's events are dropped: nobody listens yet
                self.open_window(START)

    # -- the engine contract --------------------------------------------------------------

    def view(self, seat: int | None) -> dict[str, Any]:
        return views.view(self, seat)

    def typed_view(self, seat: int | None) -> GoodCopView:
        return views.typed_view(self, seat)

    def _legal(self) -> Pending:
        t = self.actions
        if self.over_limit >= 0:
            seat = self.over_limit
            deck = self.card_table.deck
            titles = sorted({deck[c] for c in self.hand[seat]})
            return {seat: [t.discard[i] for i in titles]}
        task = self.task
        if task is not None:
            return {task.chooser: self.card_table.cards[task.card].options(self, task)}
        phase = self.phase
        me = self.turn
        if phase == ACTION:
            return {me: self._action_choices()}
        if phase == AIM:
            return {me: self._aim_choices()}
        if phase == REVEAL:
            return {me: [t.reveal[s] for s in self.hidden_slots(me)]}
        if phase == ORDER:
            return {s: self._orders(s) for s in range(self.player_count) if self.asked >> s & 1}
        # a window
        out: dict[int, list[Action]] = {}
        asked = self.asked
        for s in range(self.player_count):
            if asked >> s & 1:
                out[s] = [t.pass_, *self.plays(s, False)] if self.hand[s] else [t.pass_]
        return out

    def continues(self, seat: int) -> bool:
        """A card's choices are part of its user's move (Blackmail's two cards, the Taser's
        aim; `Card.part_of_move`), and so is the card revealed on arming."""
        if self.result is not None or self.over_limit >= 0:
            return False
        task = self.task
        if task is not None:
            return task.chooser == seat and self.card_table.cards[task.card].part_of_move
        return self.phase == REVEAL and self.turn == seat

    def _aim_choices(self) -> list[Action]:
        """Take Aim: at any other living player."""
        me = self.turn
        aim = self.actions.aim
        return [aim[p] for p in self.living() if p != me]

    def _orders(self, seat: int) -> list[Action]:
        """The different left-to-right orders of this seat's three cards."""
        kinds = self.card_kinds
        return list(self.actions.hand_orders[tuple([kinds[c] for c in self.cards[seat]])])

    def _lay_down(self, seat: int, faces: tuple[str, ...]) -> None:
        """The seat lays its cards down in this order (cards alike keep their dealt order)."""
        left = list(self.cards[seat])
        placed = []
        for face in faces:
            c = next(c for c in left if KIND_NAMES[self.card_kinds[c]] == face)
            left.remove(c)
            placed.append(c)
        self.cards[seat] = placed
        self.emit(Event("ordered", f"{{p{seat}}} lays their cards down", data={"seat": seat}))
        self.passes(seat)  # the others' orders are their own cards'
        if not self.asked:
            self.open_window(START)

    def plays(self, seat: int, own_turn: bool) -> list[Action]:
        """Playing each card of the seat's hand that it may play now (own_turn: in its own
        action): the moment allows the card's timing, and the card has something to act on."""
        table = self.card_table
        if own_turn:
            allowed = table.on_own_turn
        else:
            allowed = table.in_shoot_window if self.phase == SHOOTING else table.in_window
        cards = table.cards
        deck = table.deck
        play = self.actions.play
        out = []
        for c in self.hand[seat]:
            title = deck[c]
            if allowed[title] and cards[title].usable(self, seat):
                out.append(play[title])
        return out

    def _action_choices(self) -> list[Action]:
        t = self.actions
        me = self.turn
        out: list[Action] = []
        up = self.face_up
        alive = self.alive
        placed_disguise = self.placed[Disguise.index]
        for p in range(self.player_count):
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
        if self.hand[me]:
            out += self.plays(me, True)
        return out

    def _apply(self, seat: int, action: Action) -> None:
        kind = action.kind
        if self.over_limit >= 0:
            self._discard_from_hand(seat, action.id - self.actions.discard[0].id)
        elif self.task is not None:
            self._choose(self.task, action)
        elif kind == PASS:
            if self.phase == ACTION:
                self.emit(Event("wait", f"{{p{seat}}} does nothing", data={"seat": seat}))
                self.after_action()
                return
            self.passes(seat)
            if not self.asked:
                self.close_window()
        elif kind == PLAY:
            self._play(seat, action.id - self.actions.play[0].id)
        elif kind == LAY_DOWN:
            self._lay_down(seat, tuple(str(a) for a in action.args))
        elif kind == INVESTIGATE:
            self._investigate(seat, int(action.args[0]), int(action.args[1]))
        elif kind == ARM:
            self._arm(seat)
        elif kind == EQUIP:
            self._equip(seat)
        elif kind == SHOOT:
            self._shoot(seat, int(action.args[0]))
        elif kind == REVEAL_CARD:
            self.reveal(seat, int(action.args[0]))
            self._paid()
            self.after_action()
        elif kind == AIM_AT:
            target = int(action.args[0])
            self.aim[seat] = target
            self.emit(
                Event(
                    "aim",
                    f"{{p{seat}}} aims at {{p{target}}}",
                    data={"seat": seat, "target": target},
                )
            )
            self._end_turn()
        else:
            self._other_action(seat, action)

    def _arm(self, seat: int) -> None:
        """Arm: take a gun from the centre, then reveal a card."""
        self.guns -= 1
        self.aim[seat] = seat
        self.emit(Event("arm", f"{{p{seat}}} takes a gun"))
        self._after_draw_or_arm()

    def _equip(self, seat: int) -> None:
        """Equip: draw an equipment card, then reveal a card."""
        self.emit(Event("equip", f"{{p{seat}}} draws an equipment card"))
        self.draw(seat)
        self._after_draw_or_arm()

    def _shoot(self, seat: int, target: int) -> None:
        """Shoot: announced first; the Shoot window may change it before it is fired."""
        self.shot_target = target
        self.shot_locked = self.shot_changed = False
        self.emit(
            Event(
                "shoot",
                f"{{p{seat}}} announces a shot at {{p{target}}}",
                data={"shooter": seat, "target": target},
            )
        )
        self.open_window(SHOOTING)

    # -- turn flow --------------------------------------------------------------------------

    def open_window(self, phase: Phase) -> None:
        """A reaction window opens: every living holder of equipment is asked."""
        self.phase = phase
        self.ask(self.holders())
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
        else:
            self._other_window_closed(phase)

    def begin_turn(self, seat: int) -> None:
        """The seat's turn starts with its action."""
        self.turn = seat
        self.tased = False
        self.phase = ACTION
        self.emit(Event("turn", f"{{p{seat}}}'s turn", data={"seat": seat}))

    def _next_turn(self) -> None:
        nxt = self.coffee
        self.coffee = -1
        if nxt < 0 or not self.alive[nxt]:
            nxt = (self.turn + self.direction) % self.player_count
            while not self.alive[nxt]:
                nxt = (nxt + self.direction) % self.player_count
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
        """The end of the turn: its window."""
        self.open_window(END_OF_TURN)

    def _resolve_shot(self) -> None:
        shooter = self.turn
        if self.shot_changed and not self.shot_locked:
            self.phase = ACTION
            self.shot_target = -1
            self.emit(Event("rethink", f"{{p{shooter}}} may choose their action again"))
            return
        self._shot_happens(shooter)

    def _shot_happens(self, shooter: int) -> None:
        """The announced shot is fired, unless the gun or the target is gone."""
        if self.aim[shooter] != UNARMED and self.alive[self.shot_target]:
            self.fire(shooter, self.shot_target)
        else:
            self.emit(Event("fizzle", f"{{p{shooter}}}'s shot does not happen"))
        self.shot_target = -1
        self.after_action()

    # -- actions ----------------------------------------------------------------------------

    def _investigate(self, seat: int, target: int, slot: int) -> None:
        c = self.cards[target][slot]
        self.known[seat] |= 1 << c
        self.emit(
            Event(
                "investigate",
                f"{{p{seat}}} investigates {{p{target}}}'s {SLOTS[slot]} card",
                data={"seat": seat, "target": target, "slot": slot},
            )
        )
        face = KIND_NAMES[self.card_kinds[c]]
        self.emit(
            Event(
                "saw",
                f"you see that {{p{target}}}'s {SLOTS[slot]} card is {face}",
                private(seat),
                {"target": target, "slot": slot, "card": face},
            )
        )
        self.investigated(seat, target, c)
        if self.result is not None:
            return
        self.phase = AFTER_INVESTIGATE
        self.ask(self.holders())
        camera = self.placed[SurveillanceCamera.index]
        if (
            camera == target
            and self.alive[camera]
            and not self.disguised(seat)
            and self.has_hidden(seat)
        ):
            self.emit(
                Event("camera", f"{{p{target}}}'s Surveillance Camera investigates {{p{seat}}}")
            )
            self.task = Task(target, SurveillanceCamera.index, 1, (seat,))
        elif not self.asked:
            self.close_window()

    def fire(self, shooter: int, target: int) -> None:
        """The shooter fires at the target and drops the gun to the centre."""
        self.aim[shooter] = UNARMED
        self.guns += 1
        self.emit(
            Event(
                "shot",
                f"{{p{shooter}}} shoots {{p{target}}}",
                data={"shooter": shooter, "target": target},
            )
        )
        self.hit(target, shooter)

    def hit(self, seat: int, by: int = -1) -> None:
        """A player is shot (by seat `by`, or -1 for no one): reveal everything; a leader is
        wounded once, everyone else dies."""
        for s in range(3):
            if not self.face_up >> self.cards[seat][s] & 1:
                self.reveal(seat, s)
        leader = self.leader_card(seat)
        if leader >= 0 and not self.wounded >> leader & 1:
            self.wounded |= 1 << leader
            self.emit(Event("wounded", f"{{p{seat}}} is wounded", data={"seat": seat}))
            self.draw(seat)
        else:
            self.eliminate(seat)

    def eliminate(self, seat: int) -> None:
        self.alive[seat] = False
        self.emit(Event("eliminated", f"{{p{seat}}} is eliminated", data={"seat": seat}))
        if self.aim[seat] != UNARMED:
            self.aim[seat] = UNARMED
            self.guns += 1
        table = self.card_table
        for c in self.hand[seat]:
            self.emit(Event("discard", f"{{p{seat}}} discards {table.titles[table.deck[c]]}"))
            self.to_discard(c)
        self.hand[seat] = []
        if self.over_limit == seat:
            self.over_limit = -1
        leader = self.leader_card(seat)
        if leader >= 0 and self.card_kinds[leader] == AGENT:
            self.win(TEAM_CROOKED, f"the Agent ({{p{seat}}}) was eliminated")
        elif leader >= 0:
            self.win(TEAM_HONEST, f"the Kingpin ({{p{seat}}}) was eliminated")

    def reveal(self, seat: int, slot: int) -> None:
        c = self.cards[seat][slot]
        self.face_up |= 1 << c
        name = KIND_NAMES[self.card_kinds[c]]
        self.emit(
            Event(
                "reveal",
                f"{{p{seat}}} reveals their {SLOTS[slot]} card: {name}",
                data={"seat": seat, "slot": slot, "card": name},
            )
        )

    # -- equipment --------------------------------------------------------------------------

    def _discard_from_hand(self, seat: int, title: int) -> None:
        hand = self.hand[seat]
        deck = self.card_table.deck
        for i, c in enumerate(hand):
            if deck[c] == title:
                del hand[i]
                self.to_discard(c)
                break
        name = self.card_table.titles[title]
        self.emit(
            Event("discard", f"{{p{seat}}} discards {name}", data={"seat": seat, "card": name})
        )
        if len(hand) <= 1:
            self.over_limit = -1

    def _play(self, seat: int, title: int) -> None:
        hand = self.hand[seat]
        table = self.card_table
        deck = table.deck
        for i, c in enumerate(hand):
            if deck[c] == title:
                del hand[i]
                break
        else:  # pragma: no cover - legality guarantees the card is in hand
            raise AssertionError("played a card not in hand")
        card = table.cards[title]
        name = card.title
        self.emit(Event("play", f"{{p{seat}}} plays {name}", data={"seat": seat, "card": name}))
        if not card.stays:
            self.to_discard(c)
        card.start(self, seat)
        if self.task is None:
            self.card_done(title)

    def _choose(self, task: Task, action: Action) -> None:
        """The seat resolving a card makes one choice."""
        self.task = None
        if self.card_table.cards[task.card].resolve(self, task, action):
            self.card_done(task.card)

    def card_done(self, title: int) -> None:
        """A card has resolved: a window asks everyone again; the shooter may change action."""
        if self.result is not None:
            return
        if self.phase in WINDOWS:
            if self.phase == SHOOTING and not self.card_table.cards[title].keeps_shot:
                self.shot_changed = True
            self.open_window(self.phase)

    def swap_integrity(self, a: int, slot_a: int, b: int, slot_b: int) -> None:
        """Two integrity cards change owners, keeping their face and tokens."""
        ca, cb = self.cards[a][slot_a], self.cards[b][slot_b]
        self.cards[a][slot_a], self.cards[b][slot_b] = cb, ca
        self.owner[ca], self.owner[cb] = b, a
        self.known[a] |= 1 << cb
        self.known[b] |= 1 << ca
        self.emit(
            Event(
                "received",
                f"you receive {KIND_NAMES[self.card_kinds[cb]]} as your {SLOTS[slot_a]} card",
                private(a),
                {"slot": slot_a, "card": KIND_NAMES[self.card_kinds[cb]]},
            )
        )
        self.emit(
            Event(
                "received",
                f"you receive {KIND_NAMES[self.card_kinds[ca]]} as your {SLOTS[slot_b]} card",
                private(b),
                {"slot": slot_b, "card": KIND_NAMES[self.card_kinds[ca]]},
            )
        )
        self.update_teams()

    def update_teams(self) -> None:
        """Recompute every team after cards moved; tell each changed player privately."""
        for seat in range(self.player_count):
            team = self.team_of(seat)
            if team == self.teams[seat]:
                continue
            self.teams[seat] = team
            if team == TEAM_LONE:
                what = self._lone_cards(seat)
                self.win(TEAM_LONE, f"{{p{seat}}} holds both {what}", seat)
                return
            self.emit(
                Event(
                    "team",
                    f"you are now on the {TEAM_NAMES[team]} team",
                    private(seat),
                    {"team": team},
                )
            )

    def win(self, team: int, reason: str, lone: int = -1) -> None:
        """The game ends: the team (or the lone player) wins, eliminated players included."""
        if self.result is not None:
            return
        # Every seat's team follows the team rules at the end, a lone win included: the card
        # move that made a lone winner may have changed other seats' teams too.
        self.teams = [self.team_of(s) for s in range(self.player_count)]
        if team == TEAM_LONE:
            winners = frozenset((lone,))
        else:
            winners = frozenset(s for s in range(self.player_count) if self.teams[s] == team)
        self.finish(Outcome(winners, TEAM_NAMES[team], render(reason, self.players)))
        self.phase = OVER
        self.task = None
        self.over_limit = -1
        self.emit(
            Event(
                "over",
                f"game over: {reason}",
                data={"side": TEAM_NAMES[team], "winners": sorted(winners)},
            )
        )

    def clone(self) -> Self:
        """A copy of every declared field, by `goodcop.clones.clone_good_cop`: written from the
        fields, compiled with the rules. A subclass's own fields are the declarative clone's."""
        if type(self) is GoodCop:
            return cast(Self, clone_good_cop(self))
        copy: Self = declarative_clone(self)
        return copy

    def _resample(self, other: Self, seat: int, rng: random.Random) -> None:
        """Redraw every card face and equipment place `seat` cannot know (`determinize`)."""
        resample(self, other, seat, rng)

    # -- hooks: where an expansion changes the rules ----------------------------------------

    def _with_the_leaders(self) -> list[int]:
        """Cards an expansion adds to `card_kinds` and deals in the leaders' pile (none here)."""
        return []

    def investigated(self, seat: int, target: int, card: int) -> None:
        """After `seat` has looked at `target`'s card (an Investigate or a Surveillance Camera)."""

    def exposed(self, seat: int, card: int) -> None:
        """After `seat`'s equipment has revealed this card (Truth Serum, Chainsaw)."""

    def _other_action(self, seat: int, action: Action) -> None:
        """An action only an expansion has (none here)."""
        raise AssertionError(f"unhandled action {action!r}")  # pragma: no cover

    def _other_window_closed(self, phase: Phase) -> None:
        """A window only an expansion opens has closed (none here)."""

    def _paid(self) -> None:
        """After the turn player has revealed a card to pay for Arm or Equip."""

    def restore(self, seat: int) -> None:
        """The Defibrillator chose a living player (one of `restorable`: none here)."""

    def _lone_cards(self, seat: int) -> str:
        """What a player who wins alone holds."""
        return "the Agent and the Kingpin"


kernel_clone(vars(GoodCop)["clone"])

own_abc_caches(globals())
