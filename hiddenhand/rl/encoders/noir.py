"""NOIR's observation: the board, who each suspect may be, and the public record of deductions.

Per-suspect rows (25 each) carry the board and what the seat knows of every suspect; the public
record (kills, canvas answers, arrests in vain, disguises) is folded from the view's facts as
they appear, so a canvas answered twenty turns ago stays in the tensor.
"""

from __future__ import annotations

from array import array
from typing import TYPE_CHECKING, Any, Final, cast

import numpy as np
from mypy_extensions import mypyc_attr

from hiddenhand.engine import Event, Options, State
from hiddenhand.games.noir.board import neighbour_cells
from hiddenhand.games.noir.knowledge import (
    ARREST,
    CITIZENS_ARREST,
    DISGUISE,
    INSPECTOR_CANVAS,
    KILL,
    KILLER_CANVAS,
)
from hiddenhand.games.noir.options import NoirOptions
from hiddenhand.games.noir.schema import FactView
from hiddenhand.games.noir.suspects import COUNT, EVERYONE, SIDE
from hiddenhand.games.noir.views import SeatFields
from hiddenhand.rl.encoder import Encoder, float32, slots
from hiddenhand.rl.layout import Layout

if TYPE_CHECKING:
    from hiddenhand.games.noir.rules import NoirState

PHASES: Final = (
    "first-kill",
    "choose-identity",
    "play",
    "exonerating",
    "citizens-arresting",
    "over",
)
MODES: Final = ("classic", "standard", "citizens-arrest")
SHIFTS: Final = tuple(
    (axis, index, direction)
    for axis, directions in (("row", ("left", "right")), ("column", ("up", "down")))
    for index in range(SIDE)
    for direction in directions
)
FLAGS: Final = (
    "alive",
    "innocent",
    "removed",
    "discarded",
    "identity",
    "hand",
    "candidates",
    "near_me",
    "reach",
    "near_source",
    "public_killer",
    "public_inspector",
)
"""Per-suspect bits, one row each: 25 suspects padded to 32, the bits of a 32-bit set."""
RECORD: Final = (
    "killed",
    "arrested",
    "killer_said_near",
    "killer_said_not_near",
    "inspector_said_near",
    "inspector_said_not_near",
    "left_by_killer",
)
"""Per-suspect memory of the public record: when it was killed (its kill's rank over the
kills needed), and the arrests, canvas answers and disguises that named it."""
ACTS: Final = (
    "shift",
    "kill",
    "arrest",
    "exonerate",
    "disguise",
    "disguise-failed",
    "canvas",
    "collapse",
)

_PHASE: Final = {name: i for i, name in enumerate(PHASES)}
_MODE: Final = {name: i for i, name in enumerate(MODES)}
_SHIFT: Final = {key: i for i, key in enumerate(SHIFTS)}
_RECORD: Final = {name: i for i, name in enumerate(RECORD)}
_ACT: Final = {name: i for i, name in enumerate(ACTS)}
_KILLED, _ARRESTED, _KILLER_NEAR, _KILLER_NOT_NEAR, _INSPECTOR_NEAR, _INSPECTOR_NOT_NEAR, _LEFT = (
    row * COUNT for row in range(len(RECORD))
)
"""Where each row of the record starts in the flat memory."""


_SIDE: Final = SIDE
_BITS: Final = tuple(1 << s for s in range(COUNT))


def _mask(suspects: Any) -> int:
    """A list of distinct suspects as a bit set."""
    return sum(map(_BITS.__getitem__, suspects))


@mypyc_attr(native_class=False, allow_interpreted_subclasses=True)
class NoirEncoder(Encoder):
    """NOIR for either seat; the same layout serves the Killer and the Inspector."""

    def __init__(self, players: int, options: Options, seat: int) -> None:
        super().__init__(players, options, seat)
        layout = self.layout = Layout()
        self._role = layout.add("role", 2, what="Killer, Inspector")
        self._phase = layout.add(
            "phase",
            len(PHASES),
            what="first-kill, choose-identity, play, exonerating, citizens-arresting, over",
        )
        self._to_move = layout.add("to_move", 1, what="the seat must decide now")
        self._mode = layout.add("mode", len(MODES), what="classic, standard, citizens-arrest")
        self._counters = layout.add(
            "counters",
            7,
            what=(
                "turn / turn limit, kills / kills to win, deck / 25, evidence cards / 4, "
                "citizen's arrests / 4, kills to win / 25, disguise leaves the old identity "
                "innocent"
            ),
        )
        self._last_shift = layout.add(
            "last_shift",
            len(SHIFTS),
            what="the shift just played (it may not be undone), one-hot over the 20 shifts",
        )
        self._acts = layout.add(
            "acts",
            len(ACTS),
            what=(
                "memory: shifts, kills, arrests, exonerations, disguises, failed disguises, "
                "canvas answers, collapses so far / turn limit"
            ),
        )
        self._position = layout.add(
            "position",
            COUNT,
            2 * SIDE,
            what="per suspect: its row and its column, one-hot (zeros once its line is gone)",
        )
        self._flags = layout.add(
            "flags",
            len(FLAGS),
            32,
            what=(
                "per suspect (25, padded to 32): alive, innocent, removed, discarded, my "
                "identity, in my hand, may be the opponent (the seat's exact candidate set), "
                "next to me, may be the opponent and within my reach, next to the "
                "citizen's-arrest source, allowed as Killer by the public record, allowed as "
                "Inspector by the public record"
            ),
        )
        self._record = layout.add(
            "record",
            len(RECORD),
            COUNT,
            what=(
                "memory of the public record per suspect: killed (rank of the kill / kills to"
                " win), arrested in vain, the Killer said he was next to it / not, the "
                "Inspector said so / not, left by the Killer's disguise"
            ),
        )
        self._bits = np.zeros(len(FLAGS), dtype="<u4")
        # As float32 arithmetic did it: a count times the float32 nearest 1 / turn limit.
        self._per_turn = float32(1.0 / cast(NoirOptions, options).turn_limit)
        self.reset()

    def reset(self) -> None:
        self._facts = 0
        self._kills = 0
        self._killer_public = EVERYONE
        self._inspector_public = EVERYONE
        self._memory = array("f", bytes(4 * len(RECORD) * COUNT))
        self._act_counts = [0.0] * len(ACTS)

    def fold(self, event: Event) -> None:
        """Count the deeds of the game so far (shifts, kills, arrests...): its tempo."""
        act = _ACT.get(event.kind)
        if act is not None:
            self._act_counts[act] += 1.0

    def _fold_facts(self, facts: list[FactView], kills_to_win: int) -> None:
        if len(facts) == self._facts:
            return
        memory = self._memory
        killer, inspector = self._killer_public, self._inspector_public
        kills = self._kills
        for fact in facts[self._facts :]:
            kind, suspect = fact.kind, fact.suspect
            near = _mask(fact.near)
            if kind == KILL:
                killer &= near
                kills += 1
                memory[_KILLED + suspect] = kills / kills_to_win
            elif kind == KILLER_CANVAS:
                killer &= near if fact.adjacent else ~near
                row = _KILLER_NEAR if fact.adjacent else _KILLER_NOT_NEAR
                memory[row + suspect] += 1.0
            elif kind == INSPECTOR_CANVAS:
                inspector &= near if fact.adjacent else ~near
                row = _INSPECTOR_NEAR if fact.adjacent else _INSPECTOR_NOT_NEAR
                memory[row + suspect] += 1.0
            elif kind == ARREST:
                killer &= ~(1 << suspect)
                inspector &= near
                memory[_ARRESTED + suspect] += 1.0
            elif kind == CITIZENS_ARREST:
                killer &= ~(1 << suspect)
                memory[_ARRESTED + suspect] += 1.0
            elif kind == DISGUISE:
                killer = EVERYONE
                memory[_LEFT + suspect] = 1.0
        self._facts = len(facts)
        self._kills = kills
        self._killer_public, self._inspector_public = killer & EVERYONE, inspector & EVERYONE

    def seat_view(self, state: State, seat: int) -> SeatFields:
        return SeatFields(cast("NoirState", state), seat)

    def encode(self, view: SeatFields, out: np.ndarray) -> None:
        w = slots(out)
        w[self._role + (0 if view.role == "killer" else 1)] = 1.0
        w[self._phase + _PHASE[view.phase]] = 1.0
        w[self._mode + _MODE[view.mode]] = 1.0
        if view.to_move:
            w[self._to_move] = 1.0
        last = view.last_shift
        if last is not None:
            w[self._last_shift + _SHIFT[last]] = 1.0
        kills_to_win = view.kills_to_win
        turn_limit = view.turn_limit
        c = self._counters
        w[c] = view.turn / turn_limit
        w[c + 1] = view.kills / kills_to_win
        w[c + 2] = view.deck / COUNT
        w[c + 3] = view.hand_size / 4.0
        w[c + 4] = view.citizens_arrests / 4.0
        w[c + 5] = kills_to_win / COUNT
        if view.innocent_disguise:
            w[c + 6] = 1.0
        self._fold_facts(view.facts, kills_to_win)
        per_turn = self._per_turn
        a = self._acts
        for i, count in enumerate(self._act_counts):
            if count:
                w[a + i] = count * per_turn

        rows, cols = view.rows, view.cols
        cells = view.cells
        p = self._position
        side = _SIDE
        for cell, suspect in enumerate(cells):
            at = p + suspect * (2 * side)
            w[at + cell // cols] = 1.0
            w[at + side + cell % cols] = 1.0

        identity = view.identity
        near_me = 0
        if identity >= 0 and identity in cells:
            for j in neighbour_cells(rows, cols)[cells.index(identity)]:
                near_me |= 1 << cells[j]
        source = view.citizens_source
        near_source = 0
        if source >= 0 and source in cells:
            for j in neighbour_cells(rows, cols)[cells.index(source)]:
                near_source |= 1 << cells[j]
        alive = view.alive
        candidates = view.candidates
        discards = view.discards
        me = 0 if identity < 0 else 1 << identity
        bits = self._bits
        bits[:] = (
            alive,
            view.innocent,
            view.removed,
            discards,
            me,
            view.hand,
            candidates,
            near_me,
            candidates & (near_me | me) & alive,
            near_source,
            self._killer_public & alive & ~discards,
            self._inspector_public & alive & ~discards,
        )
        f = self._flags
        out[f : f + len(FLAGS) * 32] = np.unpackbits(bits.view(np.uint8), bitorder="little")
        r0 = self._record
        w[r0 : r0 + len(RECORD) * COUNT] = self._memory
