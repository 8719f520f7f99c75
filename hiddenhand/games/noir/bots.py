"""A heuristic bot for either seat of NOIR. It reads only its Turn: the view and its log.

As Inspector it keeps the exact set of possible Killers (from `knowledge`) and acts to shrink it:
arrests of candidates within reach as soon as few enough are left (every turn he waits is
another kill that may strike him), canvasses that halve the candidates (modes with canvasses:
an Exonerate whose answer halves them comes before any shift), shifts that bring candidates
within reach while the Killer still has many suspects for him (next to the Killer, the Killer
moves first), shifts that leave him two steps from a narrowed-down Killer (a Killer who steps
in gives him the arrest), and shifts that take him out of reach of candidates he is not ready to
arrest. As Killer it kills possible Inspectors within reach once few are left, otherwise kills
whenever it can, the victim that leaves the Inspector the widest public candidate set
(preferring victims that may be the Inspector, and marked innocents in modes with canvasses);
with no kill in reach it disguises if the record has nearly found him, else shifts to set one
up or to bring a narrowed-down Inspector within reach (`kill_safe` above 1 makes it take only
kills that leave that many suspects, and shift or disguise otherwise: the third version).
The first version is kept in `benchmarks/noir_heuristic.py` for comparisons.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cache
from typing import TYPE_CHECKING, Any, ClassVar, Final

from mypy_extensions import mypyc_attr

from hiddenhand.bots.base import Bot, Turn
from hiddenhand.bots.options import BotOption
from hiddenhand.bots.registry import register_bot
from hiddenhand.engine import Action
from hiddenhand.engine.actions import by_kind
from hiddenhand.engine.seeding import choose
from hiddenhand.games.noir import moves
from hiddenhand.games.noir.board import Axis, Board, cell_mask, neighbour_masks, shift_tables
from hiddenhand.games.noir.knowledge import (
    Fact,
    facts_from_json,
    inspector_candidates,
    inspector_constraint,
    killer_candidates,
    killer_constraint,
)
from hiddenhand.games.noir.suspects import EVERYONE, bit, mask_of, members

if TYPE_CHECKING:
    from hiddenhand.engine.state import State
    from hiddenhand.games.noir.rules import NoirState


class Scene:
    """The public table as one seat sees it, with the seat's own cards: read from its view, or
    from a determinized world field by field (the same fields, without building the view).

    `chosen`: whether the Inspector has taken his identity (the Killer's candidate list exists).
    """

    __slots__ = (
        "_inspector_allowed",
        "_killer_allowed",
        "alive",
        "board",
        "canvassing",
        "chosen",
        "discards",
        "facts",
        "hand",
        "identity",
        "innocent",
        "role",
    )

    def __init__(
        self,
        *,
        role: str,
        board: Board,
        alive: int,
        innocent: int,
        facts: Sequence[Fact],
        discards: Sequence[int],
        identity: int | None,
        hand: Sequence[int],
        canvassing: bool,
        chosen: bool,
        killer_allowed: int | None = None,
        inspector_allowed: int | None = None,
    ) -> None:
        self._killer_allowed = killer_allowed
        self._inspector_allowed = inspector_allowed
        self.role = role
        self.board = board
        self.alive = alive
        self.innocent = innocent
        self.facts = facts
        self.discards = discards
        self.identity = identity
        self.hand = hand
        self.canvassing = canvassing
        self.chosen = chosen

    @classmethod
    def of_view(cls, view: Mapping[str, Any]) -> Scene:
        grid: list[list[int]] = view["grid"]
        return Scene(
            role=view["you"],
            board=Board(len(grid), len(grid[0]), [s for row in grid for s in row]),
            alive=EVERYONE & ~mask_of(view["deceased"]),
            innocent=mask_of(view["innocent"]),
            facts=facts_from_json(view["facts"]),
            discards=list(view["discards"]),
            identity=view["identity"],
            hand=list(view["hand"] or ()),
            canvassing=view["mode"] != "classic",
            chosen=view["candidates"] is not None,
        )

    @classmethod
    def seen_in(cls, world: NoirState, seat: int) -> Scene:
        """What `world.view(seat)` shows, read directly (shared, never changed: a Scene only
        reads its board, facts, discards and hand)."""
        killer = seat == world.killer_seat
        identity = world.killer if killer else world.inspector
        return Scene(
            role="killer" if killer else "inspector",
            board=world.board,
            alive=world.alive,
            innocent=world.innocent,
            facts=world.facts,
            discards=world.discards,
            identity=identity if identity >= 0 else None,
            hand=() if killer else world.hand,
            canvassing=world.options.mode != "classic",
            chosen=not killer or world.inspector >= 0,
            killer_allowed=world.killer_allowed,
            inspector_allowed=world.inspector_allowed,
        )

    def killer_allowed(self) -> int:
        """`killer_constraint` of the record (the world keeps it; from a view, worked out once)."""
        allowed = self._killer_allowed
        if allowed is None:
            allowed = self._killer_allowed = killer_constraint(self.facts)
        return allowed

    def inspector_allowed(self) -> int:
        """`inspector_constraint` of the record, likewise."""
        allowed = self._inspector_allowed
        if allowed is None:
            allowed = self._inspector_allowed = inspector_constraint(self.facts)
        return allowed

    def killers(self) -> int:
        """The Inspector's exact set of possible Killers."""
        mine = [*self.hand] + ([] if self.identity is None else [self.identity])
        return killer_candidates(self.killer_allowed(), self.alive, mine, self.discards)

    def inspectors(self) -> int:
        """The Killer's exact set of possible Inspectors."""
        assert self.identity is not None
        return inspector_candidates(
            self.inspector_allowed(), self.alive, self.identity, self.discards
        )

    def public_killers(self) -> int:
        """Possible Killers from the public record alone (the Killer's estimate of the
        Inspector's set: the Inspector also rules out his own unseen cards)."""
        return self.killer_allowed() & self.alive & ~mask_of(self.discards)

    def exposure(self) -> int:
        """How many suspects the Killer may take for the Inspector, from the public record and
        the face-up cards (the Inspector's estimate of the Killer's candidate set)."""
        return (self.inspector_allowed() & self.alive & ~mask_of(self.discards)).bit_count()

    def closest_after(self, action: Action, who: int, targets: int) -> int:
        """The fewest king moves from `who` to any of `targets` after a shift."""
        axis: Axis = action.args[0]  # type: ignore[assignment]
        index, direction = int(action.args[1]), str(action.args[2])
        board = self.board
        mine = board.cell_after_shift(who, axis, index, direction)
        return min(
            (
                board.distance(mine, board.cell_after_shift(t, axis, index, direction))
                for t in members(targets)
                if board.on_board(t)
            ),
            default=99,
        )

    def reach_after(self, action: Action, who: int, targets: int) -> int:
        """How many of `targets` stand next to `who` (or are `who`) after a shift."""
        axis: Axis = action.args[0]  # type: ignore[assignment]
        near = self.board.near_mask_after_shift(who, axis, int(action.args[1]), str(action.args[2]))
        return (targets & (near | bit(who))).bit_count()

    def reach_each(self, shifts: Sequence[Action], who: int, targets: int) -> list[float]:
        """`reach_after` of every shift, from the tables of the board's shape."""
        i = self.board.where[who]
        if i < 0:
            return [float(self.reach_after(a, who, targets)) for a in shifts]
        tables = _shift_tables(self.board.rows, self.board.cols)
        cells = cell_mask(self.board, targets)
        return [float((cells & tables[a.id][0][i]).bit_count()) for a in shifts]

    def two_steps_after(self, shifts: Sequence[Action], who: int, targets: int) -> list[Action]:
        """The shifts after which `closest_after` is 2 (`who` not among `targets`)."""
        i = self.board.where[who]
        if i < 0:
            return [a for a in shifts if self.closest_after(a, who, targets) == 2]
        tables = _shift_tables(self.board.rows, self.board.cols)
        cells = cell_mask(self.board, targets)
        out = []
        for a in shifts:
            reach, within = tables[a.id]
            if cells & within[i] and not cells & reach[i]:
                out.append(a)
        return out


@cache
def _shift_tables(rows: int, cols: int) -> dict[int, tuple[tuple[int, ...], tuple[int, ...]]]:
    """`board.shift_tables` by the shift action's id."""
    return {
        moves.SPACE.get(moves.SHIFT, *key).id: table
        for key, table in shift_tables(rows, cols).items()
    }


@mypyc_attr(native_class=False)  # compiled methods; it still pickles to and from bot processes
class HeuristicBot(Bot):
    """Plays whichever role its seat has. `kill_safe` is the fewest suspects a kill of the
    Killer must leave the Inspector (`KILL_SAFE`; 4 is the third version's cautious Killer)."""

    name = "heuristic"
    uses_view: ClassVar[bool] = True
    decides_in_world: ClassVar[bool] = True
    options = (
        BotOption(
            "kill_safe",
            int,
            1,
            8,
            help="the Killer's kills leave the Inspector at least this many suspects (else he "
            "shifts to set one up, or disguises)",
        ),
    )

    def __init__(self, seat: int, seed: int = 0, kill_safe: int | None = None) -> None:
        super().__init__(seat, seed)
        self.kill_safe = KILL_SAFE if kill_safe is None else kill_safe

    def decide(self, turn: Turn) -> Action:
        assert turn.view is not None
        return _play(self, Scene.of_view(turn.view), turn.legal)

    def decide_in(self, world: State, seat: int, legal: Sequence[Action]) -> Action:
        noir: NoirState = world  # type: ignore[assignment]
        return _play(self, Scene.seen_in(noir, seat), legal)


# The bot's play is module functions, not methods: compiled, a call between them is a C call,
# where a method of the bot (an ordinary Python class, which pickles) is looked up and called
# through Python.


def _play(bot: HeuristicBot, scene: Scene, legal: Sequence[Action]) -> Action:
    kinds = by_kind(legal)
    if scene.role == "killer":
        return _killer(bot, scene, kinds)
    return _inspector(bot, scene, kinds)


def _best(bot: HeuristicBot, actions: Sequence[Action], scores: Sequence[float]) -> Action:
    """A random one of the actions with the top score (`scores` in the same order)."""
    top = max(scores)
    return choose(
        bot.rng.getrandbits, [a for a, s in zip(actions, scores, strict=True) if s == top]
    )


def _best_of(bot: HeuristicBot, actions: Sequence[Action], score: Mapping[Action, float]) -> Action:
    return _best(bot, actions, [score[a] for a in actions])


# -- the Inspector ---------------------------------------------------------------------


def _inspector(bot: HeuristicBot, scene: Scene, kinds: dict[str, list[Action]]) -> Action:
    cands = scene.killers()
    n = cands.bit_count()
    board = scene.board
    if moves.IDENTITY in kinds:
        ids = kinds[moves.IDENTITY]
        return _best(
            bot, ids, [-(cands & board.near_mask(int(a.args[0]))).bit_count() for a in ids]
        )
    if moves.DISCARD in kinds:
        return _best_of(bot, kinds[moves.DISCARD], _splits(scene, kinds[moves.DISCARD], cands))
    if moves.CITIZEN_ARREST in kinds:
        targets = kinds[moves.CITIZEN_ARREST]
        return _best(bot, targets, [float(cands >> int(a.args[0]) & 1) for a in targets])
    me = scene.identity
    assert me is not None
    arrests = [a for a in kinds.get(moves.ARREST, ()) if cands >> int(a.args[0]) & 1]
    if arrests and (n <= ARREST_SUSPECTS or moves.EXONERATE not in kinds):
        return choose(bot.rng.getrandbits, arrests)
    citizens = kinds.get(moves.CITIZEN, [])
    if citizens and n <= 3:
        score = [float((cands & board.near_mask(int(a.args[0]))).bit_count()) for a in citizens]
        if max(score) > 0:
            return _best(bot, citizens, score)
    if _canvass_halves(scene, kinds, cands):
        return kinds[moves.EXONERATE][0]
    shifts = kinds[moves.SHIFT]
    others = cands & ~bit(me)
    exposed = scene.exposure() <= INSPECTOR_SAFE_CROWD
    if n <= REACH_SUSPECTS and not exposed:
        reach = scene.reach_each(shifts, me, cands)
        if max(reach) > 0:
            return _best(bot, shifts, reach)
    threat = (cands & board.near_mask(me)).bit_count()
    if n <= CLOSE_SUSPECTS and not threat:
        closer = _close_in(bot, scene, shifts, me, others)
        if closer is not None:
            return closer
    if threat:
        after = [-r for r in scene.reach_each(shifts, me, cands & ~bit(me))]
        if max(after) > -threat:
            return _best(bot, shifts, after)
    if moves.EXONERATE in kinds:
        hand_split = _splits(scene, [moves.DISCARD_OF[s] for s in scene.hand], cands)
        if not scene.canvassing or not hand_split or max(hand_split.values()) >= 1 or n > 1:
            return kinds[moves.EXONERATE][0]
    if arrests:
        return choose(bot.rng.getrandbits, arrests)
    return _best(bot, shifts, scene.reach_each(shifts, me, cands))


def _canvass_halves(scene: Scene, kinds: dict[str, list[Action]], cands: int) -> bool:
    """In a mode with canvasses: whether an Exonerate would cut the candidates in half
    (as near as their number allows), canvassing around a card of his hand (the card he
    draws may cut them as well): the answer then halves them, whatever it is."""
    n = cands.bit_count()
    if not scene.canvassing or moves.EXONERATE not in kinds or n <= 1:
        return False
    split = _splits(scene, [moves.DISCARD_OF[s] for s in scene.hand], cands)
    return bool(split) and max(split.values()) >= n // 2


def _close_in(
    bot: HeuristicBot, scene: Scene, shifts: Sequence[Action], me: int, targets: int
) -> Action | None:
    """A shift that leaves a candidate two steps away, not next to him: a Killer who steps
    in to kill gives the Inspector the first move, an arrest. None if none gets closer."""
    now = min(
        (
            scene.board.distance(scene.board.where[me], scene.board.where[t])
            for t in members(targets)
            if scene.board.on_board(t)
        ),
        default=99,
    )
    if now <= 2:
        return None
    fits = scene.two_steps_after(shifts, me, targets)
    return choose(bot.rng.getrandbits, fits) if fits else None


def _splits(scene: Scene, discards: Sequence[Action], cands: int) -> dict[Action, float]:
    """How evenly a canvas around each suspect would cut the candidates (classic: no canvas,
    so every card is as good)."""
    out: dict[Action, float] = {}
    for a in discards:
        s = int(a.args[0])
        if not scene.canvassing or not scene.board.on_board(s):
            out[a] = 0.0
            continue
        inside = (cands & scene.board.near_mask(s)).bit_count()
        out[a] = float(min(inside, cands.bit_count() - inside))
    return out


# -- the Killer ---------------------------------------------------------------------


def _killer(bot: HeuristicBot, scene: Scene, kinds: dict[str, list[Action]]) -> Action:
    me = scene.identity
    assert me is not None
    board = scene.board
    chosen = scene.chosen
    inspectors = scene.inspectors() if chosen else 0
    suspects = inspectors.bit_count()
    watched = scene.public_killers()
    kills = kinds.get(moves.KILL, [])
    left: list[int] = []  # per kill, in order: the public record's suspects it leaves
    score: list[float] = []
    hits: list[Action] = []
    near = neighbour_masks(board.rows, board.cols)
    where = board.where
    seen = cell_mask(board, watched) if kills else 0
    for a in kills:
        v = int(a.args[0])
        n = (seen & near[where[v]]).bit_count()  # the victim is on the board, next to him
        left.append(n)
        s = float(min(n, 6))
        if inspectors >> v & 1:
            s += 8.0 / suspects
            hits.append(a)
        if chosen and scene.canvassing and scene.innocent >> v & 1:
            s += 1.0
        score.append(s)
    if moves.SHIFT not in kinds:  # the first turn: a kill is all there is
        return _best(bot, kills, score)
    if hits:
        hit_left = [
            float(n) for a, n in zip(kills, left, strict=True) if inspectors >> int(a.args[0]) & 1
        ]
        if suspects <= STRIKE_SUSPECTS or (
            suspects <= 2 * STRIKE_SUSPECTS and max(hit_left) >= bot.kill_safe
        ):
            return _best(bot, hits, hit_left)
    safe = [i for i, n in enumerate(left) if n >= bot.kill_safe]
    if safe:
        return _best(bot, [kills[i] for i in safe], [score[i] for i in safe])
    disguise = kinds.get(moves.DISGUISE)
    if disguise and watched.bit_count() <= KILLER_SAFE_CROWD:
        return disguise[0]
    setup = _set_up(bot, scene, kinds[moves.SHIFT], me, inspectors, watched)
    if setup is not None:
        return setup
    if kills:
        return _best(bot, kills, score)
    if disguise:
        return disguise[0]
    shifts = kinds[moves.SHIFT]
    return _best(bot, shifts, scene.reach_each(shifts, me, inspectors))


def _set_up(
    bot: HeuristicBot,
    scene: Scene,
    shifts: Sequence[Action],
    me: int,
    inspectors: int,
    watched: int,
) -> Action | None:
    """A shift after which a kill keeps the Inspector's suspects wide (`kill_safe`), or
    brings a narrowed-down Inspector within reach; the best by the kill it sets up."""
    values = _set_up_values(bot, scene, shifts, me, inspectors, watched)
    return _best(bot, shifts, values) if max(values, default=0.0) > 0 else None


def _set_up_values(
    bot: HeuristicBot,
    scene: Scene,
    shifts: Sequence[Action],
    me: int,
    inspectors: int,
    watched: int,
) -> list[float]:
    """How well each shift sets a kill up, read from the tables of the board's shape: the
    cells next to the Killer once it has shifted, and for each of those the cells next to
    it (cells as they are now), so no board is shifted or copied."""
    board = scene.board
    i = board.where[me]
    if i < 0:
        return [0.0] * len(shifts)
    suspects = inspectors.bit_count()
    hunting = 0 < suspects <= HUNT_SUSPECTS
    tables = _shift_tables(board.rows, board.cols)
    # every cell holds a suspect: the alive ones are all but the few dead ones
    alive = ((1 << len(board.cells)) - 1) & ~cell_mask(board, EVERYONE & ~scene.alive)
    seen = cell_mask(board, watched)
    hunted = cell_mask(board, inspectors) if hunting else 0
    # no kill can leave `kill_safe` watched players with fewer watched on the board
    safe_at = bot.kill_safe
    can_be_safe = seen.bit_count() >= safe_at
    values: list[float] = []
    for a in shifts:
        reach, within = tables[a.id]
        near = reach[i] & ~(1 << i) & alive
        wide = 0
        # a victim's neighbours are within two steps of the Killer: too few watched there,
        # and no kill can be safe
        rest = near if can_be_safe and (seen & within[i]).bit_count() >= safe_at else 0
        while rest:  # every victim the Killer would reach: the watched left next to it
            j = rest.bit_length() - 1
            rest ^= 1 << j
            left = (seen & reach[j]).bit_count() - (seen >> j & 1)
            if left > wide:
                wide = left
                if wide >= 6:  # the value counts no more than 6
                    break
        value = float(min(wide, 6)) if wide >= safe_at else 0.0
        if hunting:
            value += 8.0 * (near & hunted).bit_count() / suspects
        values.append(value)
    return values


HUNT_SUSPECTS: Final = 2
"""The Killer hunts with shifts once the Inspector is down to this many suspects."""
KILLER_SAFE_CROWD: Final = 3
"""With this many suspects or fewer for the Inspector, the Killer disguises when no kill is
safe."""
KILL_SAFE: Final = 1
"""A kill is safe when it leaves the Inspector at least this many suspects (from the public
record: the Inspector also rules out his own cards); else the Killer disguises (if the record
has nearly found him) or shifts to set a safe kill up. At 1 every kill is safe (the Killer
stays among the suspects next to his victim): against the Inspector who arrests at
`ARREST_SUSPECTS`, a shift that sets a wider kill up gives him the turn he needs, and the
Killer who kills whenever he can wins about 17 points more often (docs/bots.md, fourth
version).
The third version's 4 stays a bot option (`heuristic:kill_safe=4`)."""
STRIKE_SUSPECTS: Final = 3
"""The Killer kills a possible Inspector within reach at once when he has at most this many
suspects for him, or twice this many and the kill is safe."""

INSPECTOR_SAFE_CROWD: Final = 6
"""The Inspector shifts a suspect into his reach only while the Killer has more suspects than
this for the Inspector (next to the Killer, he is the Killer's to take first)."""
ARREST_SUSPECTS: Final = 8
"""The Inspector arrests a candidate within reach once down to this many: every turn he waits
gives the Killer another kill, any of which may be him."""
REACH_SUSPECTS: Final = 4
"""The Inspector shifts a candidate into his reach (to arrest next turn) once down to this many,
while the Killer has many suspects for him (`INSPECTOR_SAFE_CROWD`)."""
CLOSE_SUSPECTS: Final = 3
"""The Inspector closes in to two steps of the Killer once down to this many suspects."""

register_bot("noir", "heuristic", HeuristicBot)
