"""The rules of NOIR: Killer vs. Inspector, as a State.

Two seats: the Killer (who always moves first) and the Inspector. The board is public; the
Killer's identity, the Inspector's identity and hand and the order of the evidence deck are not.
Views live in `views.py`; the candidate logic behind `determinize` lives in `knowledge.py`.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from enum import StrEnum
from typing import Any, Self, cast

from mypy_extensions import mypyc_attr

from hiddenhand.engine.actions import Action
from hiddenhand.engine.cloning import declarative_clone, kernel_clone
from hiddenhand.engine.events import Event, private
from hiddenhand.engine.seeding import KEYED
from hiddenhand.engine.state import Outcome, Pending, State
from hiddenhand.games.noir import moves
from hiddenhand.games.noir.board import Axis, Board
from hiddenhand.games.noir.clones import clone_noir_state
from hiddenhand.games.noir.knowledge import (
    ARREST,
    CITIZENS_ARREST,
    DISGUISE,
    INSPECTOR_CANVAS,
    KILL,
    KILLER_CANVAS,
    Fact,
    inspector_allows,
    inspector_candidates,
    killer_allows,
    killer_candidates,
)
from hiddenhand.games.noir.options import NoirOptions
from hiddenhand.games.noir.schema import FactView, NoirView, Role
from hiddenhand.games.noir.suspects import COUNT, EVERYONE, NAMES, SIDE, bit, members, suspect_id
from hiddenhand.native import own_abc_caches


class Phase(StrEnum):
    """What the game waits for; the value is what views tell clients."""

    FIRST_KILL = "first-kill"
    CHOOSE_IDENTITY = "choose-identity"
    PLAY = "play"
    EXONERATING = "exonerating"
    """The Inspector has drawn an evidence card and must clear one."""
    CITIZENS_ARRESTING = "citizens-arresting"
    """The Inspector has given up a card for a citizen's arrest and must pick whom."""


FIRST_KILL, CHOOSE_IDENTITY, PLAY = Phase.FIRST_KILL, Phase.CHOOSE_IDENTITY, Phase.PLAY
EXONERATING, CITIZENS_ARRESTING = Phase.EXONERATING, Phase.CITIZENS_ARRESTING

HAND = 4  # cards the Inspector draws at setup: his identity and three evidence cards


@mypyc_attr(allow_interpreted_subclasses=True)
class NoirState(State[NoirOptions]):
    """A game of NOIR in progress. Its fields are declared once, here: `clone` copies them."""

    board: Board
    alive: int
    innocent: int
    killer_seat: int
    killer: int
    inspector: int
    hand: list[int]
    deck: list[int]
    discards: list[int]
    kills: int
    turn: int
    phase: Phase
    killer_to_move: bool
    last_shift: tuple[Axis, int, str] | None
    source: int
    citizens_arrests: int
    facts: list[Fact]
    fact_views: list[FactView]
    killer_allowed: int
    """`killer_constraint(facts)`, kept up to date as facts are learnt."""
    inspector_allowed: int
    """`inspector_constraint(facts)`, likewise."""

    def __init__(
        self, players: Sequence[str], options: NoirOptions, seed: int, seeding: str = KEYED
    ) -> None:
        super().__init__(players, options, seed, moves.SPACE, seeding)
        rng = self.rng
        if options.roles == "random":
            self.killer_seat = rng.randrange(2)
        else:
            self.killer_seat = 0 if options.roles == "killer-seat-0" else 1
        layout = list(range(COUNT))
        rng.shuffle(layout)
        self.board = Board(SIDE, SIDE, layout)
        deck = list(range(COUNT))
        rng.shuffle(deck)
        self.killer = deck.pop()
        self.hand = sorted(deck.pop() for _ in range(HAND))
        self.deck = deck
        self.inspector = -1
        self.alive = EVERYONE
        self.innocent = 0
        self.discards = []
        self.kills = 0
        self.turn = 0
        self.phase = FIRST_KILL
        self.killer_to_move = True
        self.last_shift = None
        self.source = -1
        self.citizens_arrests = 0
        self.facts = []
        self.fact_views = []
        self.killer_allowed = self.inspector_allowed = EVERYONE

    # -- who is who ---------------------------------------------------------------------

    @property
    def inspector_seat(self) -> int:
        return 1 - self.killer_seat

    @property
    def canvassing(self) -> bool:
        """Standard and citizen's-arrest games mark innocents and canvas; classic does not."""
        return self.options.mode != "classic"

    def role_of(self, seat: int | None) -> Role | None:
        if seat is None:
            return None
        return "killer" if seat == self.killer_seat else "inspector"

    def _roles(self) -> Sequence[str] | None:
        """Each seat's role ("killer", "inspector"), for statistics; roles are public."""
        return ["killer" if seat == self.killer_seat else "inspector" for seat in range(2)]

    def is_alive(self, suspect: int) -> bool:
        return bool(self.alive >> suspect & 1)

    # -- legal actions ------------------------------------------------------------------

    def continues(self, seat: int) -> bool:
        """The suspect a citizen's arrest takes is part of the Inspector's move. (The card an
        Exonerate discards is chosen once the card drawn is seen: a move of its own.)"""
        return self.phase == CITIZENS_ARRESTING and seat == self.inspector_seat

    def _legal(self) -> Pending:
        phase = self.phase
        if phase == PLAY:
            if self.killer_to_move:
                return {self.killer_seat: self._killer_choices()}
            return {self.inspector_seat: self._inspector_choices()}
        if phase == FIRST_KILL:
            return {self.killer_seat: self._kills()}
        if phase == CHOOSE_IDENTITY:
            alive = self.alive
            return {
                self.inspector_seat: tuple(
                    moves.IDENTITY_OF[s] for s in self.hand if alive >> s & 1
                )
            }
        if phase == EXONERATING:
            return {self.inspector_seat: tuple(moves.DISCARD_OF[s] for s in self.hand)}
        return {
            self.inspector_seat: tuple(
                moves.CITIZEN_ARREST_OF[s]
                for s in self.board.neighbours(self.source)
                if self.alive >> s & 1
            )
        }

    def _shifts(self) -> tuple[Action, ...]:
        b = self.board
        return moves.shifts_after(b.rows, b.cols, self.last_shift)

    def _kills(self) -> tuple[Action, ...]:
        alive, kill_of = self.alive, moves.KILL_OF
        return tuple(kill_of[s] for s in self.board.neighbours(self.killer) if alive >> s & 1)

    def _killer_choices(self) -> tuple[Action, ...]:
        out = self._shifts() + self._kills()
        if self.deck:
            out += (moves.DISGUISE_ACTION,)
        return out

    def _inspector_choices(self) -> tuple[Action, ...]:
        alive, board = self.alive, self.board
        me = self.inspector
        arrest_of = moves.ARREST_OF
        arrests = [arrest_of[s] for s in board.neighbours(me) if alive >> s & 1]
        arrests.append(arrest_of[me])
        out = self._shifts() + tuple(arrests)
        if self.deck:
            out += (moves.EXONERATE_ACTION,)
            if self.options.mode == "citizens-arrest":
                out += tuple(
                    moves.CITIZEN_OF[s]
                    for s in self.hand
                    if any(alive >> t & 1 for t in board.neighbours(s))
                )
        return out

    # -- applying actions ---------------------------------------------------------------

    def _apply(self, seat: int, action: Action) -> None:
        kind = action.kind
        if kind == moves.SHIFT:
            self._shift(seat, action)
        elif kind == moves.KILL:
            self._kill(seat, int(action.args[0]))
        elif kind == moves.ARREST:
            self._arrest(seat, int(action.args[0]), citizens=False)
        elif kind == moves.DISGUISE:
            self._disguise(seat)
        elif kind == moves.EXONERATE:
            self._draw_evidence(seat)
            return
        elif kind == moves.DISCARD:
            self._exonerate(seat, int(action.args[0]))
        elif kind == moves.CITIZEN:
            self._start_citizens_arrest(seat, int(action.args[0]))
            return
        elif kind == moves.CITIZEN_ARREST:
            self._arrest(seat, int(action.args[0]), citizens=True)
        else:  # IDENTITY
            self._choose_identity(seat, int(action.args[0]))
        self._end_turn(kind == moves.SHIFT)

    def _learn(self, fact: Fact) -> None:
        """Add a public fact; its JSON form is made once here (views share it: it is frozen)."""
        self.facts.append(fact)
        self.fact_views.append(fact.to_view())
        self.killer_allowed = killer_allows(self.killer_allowed, fact)
        self.inspector_allowed = inspector_allows(self.inspector_allowed, fact)

    def _end_turn(self, shifted: bool) -> None:
        self.turn += 1
        if not shifted:
            self.last_shift = None
        if self.phase == FIRST_KILL:
            self.phase = CHOOSE_IDENTITY
        else:
            self.phase = PLAY
        self.killer_to_move = not self.killer_to_move
        self.source = -1
        if self.result is None and self.turn >= self.options.turn_limit:
            self.finish(
                Outcome(frozenset(), "draw", f"no arrest and no win after {self.turn} turns")
            )
            self.emit(Event("draw", f"the turn limit of {self.turn} turns is reached: a draw"))

    def _shift(self, seat: int, action: Action) -> None:
        axis: Axis = action.args[0]  # type: ignore[assignment]
        index, direction = int(action.args[1]), str(action.args[2])
        board = self.board
        board.shift(axis, index, direction)
        if axis == "row":
            dead_rows, dead_cols = board.dead_lines(self.alive, (), range(board.cols))
        else:
            dead_rows, dead_cols = board.dead_lines(self.alive, range(board.rows), ())
        self.emit(
            Event(
                "shift",
                f"{{p{seat}}} shifts {axis} {index + 1} {direction}",
                data={"line": axis, "index": index, "direction": direction},
            )
        )
        if dead_rows or dead_cols:
            self._collapse(dead_rows, dead_cols)
            self.last_shift = None
        else:
            self.last_shift = (axis, index, direction)

    def _collapse(self, rows: Sequence[int], columns: Sequence[int]) -> None:
        self.board.remove(rows, columns)
        parts = [f"row {r + 1}" for r in rows] + [f"column {c + 1}" for c in columns]
        self.emit(
            Event(
                "collapse",
                f"every suspect in {' and '.join(parts)} is deceased: the board shrinks",
                data={"rows": list(rows), "columns": list(columns)},
            )
        )

    def _kill(self, seat: int, victim: int) -> None:
        board = self.board
        near = board.near_mask(victim)
        self.alive &= ~bit(victim)
        self.kills += 1
        self._learn(Fact(KILL, victim, near))
        name = NAMES[victim]
        self.emit(
            Event(
                "kill", f"{{p{seat}}} kills {name}", data={"suspect": victim, "kills": self.kills}
            )
        )
        if victim == self.inspector:
            self.finish(
                Outcome(
                    frozenset((self.killer_seat,)),
                    "killer",
                    f"the Killer killed the Inspector, who was {name}",
                )
            )
            self.emit(Event("inspector-killed", f"{name} was the Inspector: the Killer wins"))
            return
        if self.canvassing and self.innocent >> victim & 1 and self.inspector >= 0:
            self._canvas("inspector", victim, near, f"{name} was marked innocent")
        row, col = board.position(victim)
        dead_rows, dead_cols = board.dead_lines(self.alive, (row,), (col,))
        if dead_rows or dead_cols:
            self._collapse(dead_rows, dead_cols)
        if self.kills >= self.options.kills:
            self.finish(
                Outcome(
                    frozenset((self.killer_seat,)), "killer", f"the Killer made {self.kills} kills"
                )
            )
            self.emit(Event("kill-target", f"{self.kills} kills: the Killer wins"))

    def _choose_identity(self, seat: int, suspect: int) -> None:
        self.inspector = suspect
        self.hand.remove(suspect)
        self.emit(Event("identity", f"{{p{seat}}} takes a secret identity"))
        self.emit(
            Event("your-identity", f"you are {NAMES[suspect]}", private(seat), {"suspect": suspect})
        )

    def _disguise(self, seat: int) -> None:
        drawn = self.deck.pop()
        name = NAMES[drawn]
        if not self.alive >> drawn & 1:
            self.discards.append(drawn)
            self.emit(
                Event(
                    "disguise-failed",
                    f"{{p{seat}}} tries to disguise and draws {name}, who is deceased: "
                    "the identity stays",
                    data={"suspect": drawn},
                )
            )
            return
        old = self.killer
        self.killer = drawn
        self.discards.append(old)
        self._learn(Fact(DISGUISE, old))
        faked = self.options.disguise == "deceased"
        if faked:
            self.alive &= ~bit(old)
        else:
            self.innocent |= bit(old)
        self.emit(
            Event(
                "disguise",
                f"{{p{seat}}} disguises: {NAMES[old]} was the Killer's identity and is now "
                f"{'deceased' if faked else 'innocent'}; the new one is secret",
                data={"suspect": old, "deceased": faked},
            )
        )
        self.emit(Event("your-identity", f"you are now {name}", private(seat), {"suspect": drawn}))
        if faked:
            row, col = self.board.position(old)
            dead_rows, dead_cols = self.board.dead_lines(self.alive, (row,), (col,))
            if dead_rows or dead_cols:
                self._collapse(dead_rows, dead_cols)

    def _arrest(self, seat: int, suspect: int, citizens: bool) -> None:
        name = NAMES[suspect]
        what = "makes a citizen's arrest of" if citizens else "arrests"
        if suspect == self.killer:
            self.finish(
                Outcome(
                    frozenset((self.inspector_seat,)),
                    "inspector",
                    f"the Inspector arrested the Killer, who was {name}",
                )
            )
            self.emit(Event("arrest", f"{{p{seat}}} {what} {name}: the Killer! The Inspector wins"))
            return
        if citizens:
            self._learn(Fact(CITIZENS_ARREST, suspect, self.board.near_mask(self.source)))
        else:
            self._learn(Fact(ARREST, suspect, self.board.near_mask(suspect) | bit(suspect)))
        self.emit(
            Event(
                "arrest",
                f"{{p{seat}}} {what} {name}, who is not the Killer",
                data={"suspect": suspect, "citizens": citizens},
            )
        )

    def _draw_evidence(self, seat: int) -> None:
        drawn = self.deck.pop()
        self.hand.append(drawn)
        self.hand.sort()
        self.phase = EXONERATING
        self.emit(Event("exonerate", f"{{p{seat}}} exonerates: he draws an evidence card"))
        self.emit(Event("drawn", f"you draw {NAMES[drawn]}", private(seat), {"suspect": drawn}))

    def _clear(self, suspect: int) -> None:
        """Discard an evidence card face up; a living suspect gets the innocent marker."""
        self.hand.remove(suspect)
        self.discards.append(suspect)
        if self.alive >> suspect & 1:
            self.innocent |= bit(suspect)

    def _exonerate(self, seat: int, suspect: int) -> None:
        self._clear(suspect)
        name = NAMES[suspect]
        self.emit(Event("exonerated", f"{{p{seat}}} exonerates {name}", data={"suspect": suspect}))
        if not self.canvassing:
            return
        if not self.board.on_board(suspect):
            self.emit(Event("canvas", f"{name} is off the board: there is no one to canvas"))
            return
        near = self.board.near_mask(suspect)
        self._canvas("killer", suspect, near, f"canvassing around {name}")

    def _canvas(self, role: str, suspect: int, near: int, lead: str) -> None:
        """`role` must say whether he stands among `near`; the engine answers truthfully."""
        if role == "killer":
            identity, seat, kind = self.killer, self.killer_seat, KILLER_CANVAS
        else:
            identity, seat, kind = self.inspector, self.inspector_seat, INSPECTOR_CANVAS
        adjacent = bool(near >> identity & 1)
        self._learn(Fact(kind, suspect, near, adjacent))
        self.emit(
            Event(
                "canvas",
                f"{lead}: {{p{seat}}} says he is {'' if adjacent else 'not '}next to "
                f"{NAMES[suspect]}",
                data={"suspect": suspect, "role": role, "adjacent": adjacent},
            )
        )

    def _start_citizens_arrest(self, seat: int, suspect: int) -> None:
        self._clear(suspect)
        self.source = suspect
        self.citizens_arrests += 1
        self.phase = CITIZENS_ARRESTING
        self.emit(
            Event(
                "exonerated",
                f"{{p{seat}}} exonerates {NAMES[suspect]} and makes a citizen's arrest instead "
                "of canvassing; his hand shrinks by one",
                data={"suspect": suspect, "citizens": True},
            )
        )

    # -- outcome, determinization ---------------------------------------------------------

    def killer_candidates(self) -> int:
        """Who the Killer may be, as far as the Inspector knows (a bit set)."""
        mine = [*self.hand, self.inspector] if self.inspector >= 0 else self.hand
        return killer_candidates(self.killer_allowed, self.alive, mine, self.discards)

    def inspector_candidates(self) -> int:
        """Who the Inspector may be, as far as the Killer knows (a bit set)."""
        if self.inspector < 0:
            return 0
        return inspector_candidates(self.inspector_allowed, self.alive, self.killer, self.discards)

    def clone(self) -> Self:
        """A copy of every declared field, by `noir.clones.clone_noir_state`: written from the
        fields, compiled with the rules. A subclass's own fields are the declarative clone's."""
        if type(self) is NoirState:
            return cast(Self, clone_noir_state(self))
        copy: Self = declarative_clone(self)
        return copy

    def _resample(self, sample: Self, seat: int, rng: random.Random) -> None:
        """Redraw what `seat` cannot see: the other identity (among its candidates), the
        Inspector's hand (for the Killer) and the order of the deck."""
        if self.result is None:
            if seat == self.killer_seat:
                sample._resample_inspector(rng)
            else:
                sample._resample_killer(rng)

    def _resample_killer(self, rng: random.Random) -> None:
        pool = [self.killer, *self.deck]
        self.killer = rng.choice(list(members(self.killer_candidates())))
        pool.remove(self.killer)
        pool.sort()  # canonical: the sample depends on what the seat knows, not on the truth
        rng.shuffle(pool)
        self.deck = pool

    def _resample_inspector(self, rng: random.Random) -> None:
        pool = [*self.hand, *self.deck]
        if self.inspector >= 0:
            pool.append(self.inspector)
            self.inspector = rng.choice(list(members(self.inspector_candidates())))
            pool.remove(self.inspector)
        pool.sort()  # canonical, as above
        rng.shuffle(pool)
        size = len(self.hand)
        self.hand = sorted(pool[:size])
        self.deck = pool[size:]

    # -- views ----------------------------------------------------------------------------

    def view(self, seat: int | None) -> dict[str, Any]:
        from hiddenhand.games.noir.views import view_of

        return view_of(self, seat)

    def typed_view(self, seat: int | None) -> NoirView:
        from hiddenhand.games.noir.views import typed_view

        return typed_view(self, seat)

    # -- exact boards for tests and puzzles ------------------------------------------------

    @classmethod
    def arrange(
        cls,
        grid: Sequence[Sequence[str]],
        killer: str,
        inspector: str | None,
        hand: Sequence[str],
        deck: Sequence[str] = (),
        *,
        options: NoirOptions | None = None,
        deceased: Sequence[str] = (),
        innocent: Sequence[str] = (),
        discards: Sequence[str] = (),
        killer_seat: int = 0,
        killer_to_move: bool = True,
        kills: int | None = None,
        turn: int = 2,
        players: Sequence[str] = ("Ana", "Bea"),
        seed: int = 0,
    ) -> NoirState:
        """A game set up exactly: names row by row, cards by name, the deck listed top first.

        With `inspector=None` the game is at the Inspector's first turn (he holds `hand`);
        otherwise both first turns are behind and it is the Killer's or the Inspector's turn.
        """
        from hiddenhand.games.noir import NOIR

        state = NOIR.start(list(players), options or NoirOptions(), seed)
        assert isinstance(state, cls)
        rows, cols = len(grid), len(grid[0])
        state.board = Board(rows, cols, [suspect_id(n) for row in grid for n in row])
        state.killer_seat = killer_seat
        state.killer = suspect_id(killer)
        state.inspector = -1 if inspector is None else suspect_id(inspector)
        state.hand = sorted(suspect_id(n) for n in hand)
        state.deck = [suspect_id(n) for n in reversed(deck)]
        state.discards = [suspect_id(n) for n in discards]
        state.alive = EVERYONE
        for name in deceased:
            state.alive &= ~bit(suspect_id(name))
        state.innocent = 0
        for name in innocent:
            state.innocent |= bit(suspect_id(name))
        state.kills = len(deceased) if kills is None else kills
        state.phase = CHOOSE_IDENTITY if inspector is None else PLAY
        state.killer_to_move = inspector is not None and killer_to_move
        state.turn = 1 if inspector is None else turn
        state.facts = []
        state.fact_views = []
        state.killer_allowed = state.inspector_allowed = EVERYONE
        state.rearranged()
        return state


kernel_clone(vars(NoirState)["clone"])

own_abc_caches(globals())
