"""Good Cop Bad Cop's observation: every player as seen from the owner's seat, and the deeds of
the game so far (who investigated whom, who armed, shot, played equipment...).

Rows of per-player segments are relative seats: row 0 is the owner, row 1 the next seat in seat
order, and so on; any seat named in the view (an aim, the shooter, the turn) is relative too.
"""

from __future__ import annotations

from array import array
from typing import TYPE_CHECKING, Final, cast

import numpy as np
from mypy_extensions import mypyc_attr

from hiddenhand.engine import Event, Options, State
from hiddenhand.games.goodcop.cards import FACE_NAMES, KIND_NAMES, TEAM_NAMES
from hiddenhand.games.goodcop.options import GoodCopOptions
from hiddenhand.games.goodcop.phases import Phase
from hiddenhand.games.goodcop.views import SeatFields, add_zombie_fields
from hiddenhand.games.goodcop.zombie_cards import ZOMBIES_EQUIPMENT
from hiddenhand.rl.encoder import Encoder, float32, slots
from hiddenhand.rl.layout import Layout, one_hot_index

if TYPE_CHECKING:
    from hiddenhand.games.goodcop.rules import GoodCop
    from hiddenhand.games.goodcop.zombie_rules import ZombieGoodCop

PHASE_NAMES: Final = tuple(str(phase) for phase in Phase)
ZOMBIE_MODES: Final = ("off", "dice", "infect", "simple")
SEAT_MARKS: Final = (
    "to_move",
    "turn",
    "coffee",
    "shooter",
    "target",
    "resolving",
    "alarm",
    "rolled",
)
"""Per-player bits naming who plays the part now (the seat whose turn it is, and so on)."""
PLAYER: Final = (
    "alive",
    "armed",
    "zombie",
    "arms",
    "aims_at_me",
    "hand",
    "equipment_known",
)
CARD: Final = (*KIND_NAMES, "unknown", "revealed", "wounded", "infected")
DEEDS: Final = (
    "turn",
    "arm",
    "equip",
    "investigate",
    "investigated",
    "shoot",
    "shot",
    "play",
    "reveal",
)
"""What each player has done over the game, counted from the public events."""
DICE: Final = ("zombie", "infection")

_PHASE: Final = one_hot_index(PHASE_NAMES)
_TITLES: Final = ZOMBIES_EQUIPMENT.titles
"""Every equipment title, the Zombies expansion's included (its fields stay 0 without)."""
_TASK_NAMES: Final = ZOMBIES_EQUIPMENT.names
"""Every card's title, a zombie's choices resolved like cards included."""
_STAYING_TITLES: Final = tuple(_TITLES[t] for t in ZOMBIES_EQUIPMENT.staying)
_TITLE: Final = one_hot_index(_TITLES)
_TASK: Final = one_hot_index(_TASK_NAMES)
_STAYING: Final = {title: i for i, title in enumerate(_STAYING_TITLES)}
_DEED: Final = one_hot_index(DEEDS)
_ZMODE: Final = one_hot_index(ZOMBIE_MODES)


@mypyc_attr(native_class=False, allow_interpreted_subclasses=True)
class GoodCopEncoder(Encoder):
    """Good Cop Bad Cop with or without the Zombies expansion (zombie fields stay 0 without)."""

    def __init__(self, players: int, options: Options, seat: int) -> None:
        super().__init__(players, options, seat)
        n = players
        layout = self.layout = Layout()
        self._phase = layout.add("phase", len(PHASE_NAMES), what="the view's phases")
        self._globals = layout.add(
            "globals",
            6,
            what=(
                "direction, guns in the centre / n, deck / 30, discard pile / 30, Arms in the"
                " centre / n, game over"
            ),
        )
        self._team = layout.add(
            "team", len(TEAM_NAMES), what="the seat's team: honest, crooked, lone, zombie"
        )
        self._hand = layout.add("hand", len(_TITLES), what="the seat's equipment, counted by title")
        self._discard = layout.add("discard", len(_TITLES), what="the discard pile by title")
        self._resolving = layout.add(
            "resolving", len(_TASK_NAMES), what="the card (or zombie task) being resolved"
        )
        self._zmode = layout.add("zombies", len(ZOMBIE_MODES), what="off, dice, infect, simple")
        self._dice = layout.add(
            "dice",
            len(DICE) + len(FACE_NAMES),
            what="the last roll: zombie or infection die, faces counted / 3",
        )
        self._marks = layout.add(
            "marks",
            len(SEAT_MARKS),
            n,
            what=(
                "which seat is: to move, on turn, next by Coffee, the shooter, the target, "
                "resolving, the Alarm Clock's, the last roller"
            ),
        )
        self._player = layout.add(
            "players",
            n,
            len(PLAYER),
            what=(
                "alive, armed, zombie, holds Arms, aims at me, equipment in hand / 2, "
                "equipment visible"
            ),
        )
        self._aim = layout.add("aim", n, n, what="where each player aims")
        self._front = layout.add(
            "front",
            n,
            len(_STAYING_TITLES),
            what="Planted Evidence, Disguise, Surveillance Camera in front of each player",
        )
        self._cards = layout.add(
            "cards",
            n,
            3,
            len(CARD),
            what=(
                "each integrity card: honest, crooked, agent, kingpin, infector (when the "
                "seat knows it), unknown, revealed, wounded, infected"
            ),
        )
        self._teams = layout.add(
            "teams",
            n,
            len(TEAM_NAMES),
            what="each player's team where the seat knows it (its own; everyone's at the end)",
        )
        self._deeds = layout.add(
            "deeds",
            n,
            len(DEEDS),
            what=(
                "memory, per player / 10: turns, arms, equips, investigations made, "
                "investigations suffered, shots announced, shots taken, cards played, reveals"
            ),
        )
        self._investigations = layout.add(
            "investigations", n, n, what="memory: who investigated whom (count / 5)"
        )
        self._zombies = cast(GoodCopOptions, options).zombies != "off"
        self.reset()

    def reset(self) -> None:
        n = self.players
        self._turn = -1
        self._deed_counts = array("f", bytes(4 * n * len(DEEDS)))
        self._inv_counts = array("f", bytes(4 * n * n))
        self._deed_tenths = array("f", bytes(4 * n * len(DEEDS)))
        self._inv_fifths = array("f", bytes(4 * n * n))
        """The counts as the tensor holds them: float32 count times the float32 nearest 0.1
        (0.2), what numpy's float32 arithmetic gave."""

    def _deed(self, seat: int, deed: str) -> None:
        if seat >= 0:
            i = self.relative(seat) * len(DEEDS) + _DEED[deed]
            self._deed_counts[i] += 1.0
            self._deed_tenths[i] = self._deed_counts[i] * _TENTH

    def fold(self, event: Event) -> None:
        kind, data = event.kind, event.data
        if kind == "turn":
            self._turn = data["seat"]
            self._deed(self._turn, "turn")
        elif kind in ("arm", "equip"):
            self._deed(self._turn, kind)
        elif kind == "investigate" and event.audience is None:
            seat, target = data["seat"], data["target"]
            self._deed(seat, "investigate")
            self._deed(target, "investigated")
            i = self.relative(seat) * self.players + self.relative(target)
            self._inv_counts[i] += 1.0
            self._inv_fifths[i] = self._inv_counts[i] * _FIFTH
        elif kind == "shoot" and "shooter" in data:
            self._deed(data["shooter"], "shoot")
        elif kind == "shot":
            self._deed(data["target"], "shot")
        elif kind in ("play", "reveal") and "seat" in data:
            self._deed(data["seat"], kind)

    def seat_view(self, state: State, seat: int) -> SeatFields:
        fields = SeatFields(cast("GoodCop", state), seat)
        if self._zombies:
            add_zombie_fields(cast("ZombieGoodCop", state), fields)
        return fields

    def encode(self, view: SeatFields, out: np.ndarray) -> None:
        w = slots(out)
        n = self.players
        me = self.seat
        w[self._phase + _PHASE[view.phase]] = 1.0
        g = self._globals
        if view.clockwise:
            w[g] = 1.0
        w[g + 1] = view.guns / n
        w[g + 2] = view.deck / 30.0
        w[g + 3] = len(view.discard) / 30.0
        w[g + 4] = view.arms_in_centre / n
        if view.over:
            w[g + 5] = 1.0
        w[self._team + view.team] = 1.0
        at = self._hand
        for title in view.hand:
            w[at + _TITLE[title]] += 1.0
        at = self._discard
        for title in view.discard:
            w[at + _TITLE[title]] += 1.0
        resolving = view.resolving
        if resolving is not None:
            w[self._resolving + _TASK[resolving]] = 1.0
        w[self._zmode + _ZMODE[view.zombies]] = 1.0
        dice = view.dice
        if dice is not None:
            w[self._dice + DICE.index(dice[1])] = 1.0
            for face in dice[2]:
                w[self._dice + len(DICE) + face] += _THIRD

        marks = self._marks
        for seat in view.to_move:
            w[marks + (seat - me) % n] = 1.0
        named = (
            view.turn,
            view.coffee,
            view.shooter,
            view.target,
            view.resolving_by,
            view.alarm,
            -1 if dice is None else dice[0],
        )
        for i, marked in enumerate(named, start=1):
            if marked >= 0:
                w[marks + i * n + (marked - me) % n] = 1.0

        width = len(PLAYER)
        card_width = len(CARD)
        unknown = len(KIND_NAMES)
        alive, holds, aims, zombie = view.alive, view.holds, view.aim, view.zombie
        hand_sizes, teams = view.hand_sizes, view.teams
        kinds, revealed, wounded = view.card_kind, view.card_revealed, view.card_wounded
        infected = view.card_infected
        over = view.over
        player, aim_at, cards_at, teams_at = self._player, self._aim, self._cards, self._teams
        slot = 0
        for p in range(n):
            r = (p - me) % n
            base = player + r * width
            aim = aims[p]
            if alive[p]:
                w[base] = 1.0
            if holds[p]:
                w[base + (3 if zombie[p] else 1)] = 1.0
            if zombie[p]:
                w[base + 2] = 1.0
            if aim == me:
                w[base + 4] = 1.0
            w[base + 5] = hand_sizes[p] / 2.0
            if over or p == me:
                w[base + 6] = 1.0
            if aim >= 0:
                w[aim_at + r * n + (aim - me) % n] = 1.0
            c = cards_at + r * 3 * card_width
            for _ in range(3):
                known = kinds[slot]
                w[c + (known if known >= 0 else unknown)] = 1.0
                if revealed[slot]:
                    w[c + unknown + 1] = 1.0
                if wounded[slot]:
                    w[c + unknown + 2] = 1.0
                if infected[slot]:
                    w[c + unknown + 3] = 1.0
                c += card_width
                slot += 1
            team = view.team if p == me else teams[p]
            if team >= 0:
                w[teams_at + r * len(TEAM_NAMES) + team] = 1.0
        staying = len(_STAYING_TITLES)
        for p, title in view.front:
            w[self._front + (p - me) % n * staying + _STAYING[title]] = 1.0
        d = self._deeds
        w[d : d + n * len(DEEDS)] = self._deed_tenths
        i = self._investigations
        w[i : i + n * n] = self._inv_fifths


_TENTH: Final = float32(0.1)
_FIFTH: Final = float32(0.2)
_THIRD: Final = float32(1.0 / 3.0)
