"""A heuristic bot for either seat of NOIR. It reads only its Turn: the view and its log.

As Inspector it keeps the exact set of possible Killers (from `knowledge`) and acts to shrink it:
canvasses that split it evenly, arrests of candidates within reach, shifts that bring candidates
within reach, and shifts that take him out of reach of candidates he is not ready to arrest (a
Killer next to him may kill him). As Killer it kills towards the target choosing victims that
leave the Inspector's public candidate set large, kills possible Inspectors when it can, and
disguises when that set gets small.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from hiddenhand.bots.base import Bot, Turn
from hiddenhand.engine import Action
from hiddenhand.games.noir import moves
from hiddenhand.games.noir.board import Axis, Board
from hiddenhand.games.noir.knowledge import (
    Fact,
    facts_from_json,
    inspector_candidates,
    killer_candidates,
    killer_constraint,
)
from hiddenhand.games.noir.suspects import EVERYONE, bit, mask_of


class Scene:
    """The public table rebuilt from a view, with the seat's own cards."""

    def __init__(self, view: Mapping[str, Any]) -> None:
        grid: list[list[int]] = view["grid"]
        self.board = Board(len(grid), len(grid[0]), [s for row in grid for s in row])
        self.alive = EVERYONE & ~mask_of(view["deceased"])
        self.innocent = mask_of(view["innocent"])
        self.facts: list[Fact] = facts_from_json(view["facts"])
        self.discards: list[int] = list(view["discards"])
        self.identity: int | None = view["identity"]
        self.hand: list[int] = list(view["hand"] or ())
        self.canvassing = view["mode"] != "classic"

    def killers(self) -> int:
        """The Inspector's exact set of possible Killers."""
        mine = [*self.hand] + ([] if self.identity is None else [self.identity])
        return killer_candidates(self.facts, self.alive, mine, self.discards)

    def inspectors(self) -> int:
        """The Killer's exact set of possible Inspectors."""
        assert self.identity is not None
        return inspector_candidates(self.facts, self.alive, self.identity, self.discards)

    def public_killers(self) -> int:
        """Possible Killers from the public record alone (the Killer's estimate of the
        Inspector's set: the Inspector also rules out his own unseen cards)."""
        return killer_constraint(self.facts) & self.alive & ~mask_of(self.discards)

    def reach_after(self, action: Action, who: int, targets: int) -> int:
        """How many of `targets` stand next to `who` (or are `who`) after a shift."""
        board = self.board.copy()
        axis: Axis = action.args[0]  # type: ignore[assignment]
        board.shift(axis, int(action.args[1]), str(action.args[2]))
        return (targets & (board.near_mask(who) | bit(who))).bit_count()


def _by_kind(legal: Sequence[Action]) -> dict[str, list[Action]]:
    out: dict[str, list[Action]] = {}
    for a in legal:
        out.setdefault(a.kind, []).append(a)
    return out


class HeuristicBot(Bot):
    """Plays whichever role its seat has."""

    name = "heuristic"
    uses_view: ClassVar[bool] = True

    def decide(self, turn: Turn) -> Action:
        view = turn.view
        assert view is not None
        scene = Scene(view)
        kinds = _by_kind(turn.legal)
        if view["you"] == "killer":
            return self._killer(scene, kinds, view)
        return self._inspector(scene, kinds, view)

    def _best(self, actions: Sequence[Action], score: Mapping[Action, float]) -> Action:
        top = max(score[a] for a in actions)
        return self.rng.choice([a for a in actions if score[a] == top])

    # -- the Inspector ------------------------------------------------------------------

    def _inspector(
        self, scene: Scene, kinds: dict[str, list[Action]], view: Mapping[str, Any]
    ) -> Action:
        cands = scene.killers()
        n = cands.bit_count()
        board = scene.board
        if moves.IDENTITY in kinds:
            ids = kinds[moves.IDENTITY]
            return self._best(
                ids, {a: -(cands & board.near_mask(int(a.args[0]))).bit_count() for a in ids}
            )
        if moves.DISCARD in kinds:
            return self._best(
                kinds[moves.DISCARD], self._splits(scene, kinds[moves.DISCARD], cands)
            )
        if moves.CITIZEN_ARREST in kinds:
            targets = kinds[moves.CITIZEN_ARREST]
            return self._best(targets, {a: float(cands >> int(a.args[0]) & 1) for a in targets})
        me = scene.identity
        assert me is not None
        arrests = [a for a in kinds.get(moves.ARREST, ()) if cands >> int(a.args[0]) & 1]
        if arrests and (n <= 3 or moves.EXONERATE not in kinds):
            return self.rng.choice(arrests)
        citizens = kinds.get(moves.CITIZEN, [])
        if citizens and n <= 3:
            score = {
                a: float((cands & board.near_mask(int(a.args[0]))).bit_count()) for a in citizens
            }
            if max(score.values()) > 0:
                return self._best(citizens, score)
        shifts = kinds[moves.SHIFT]
        if n <= 4:
            reach = {a: float(scene.reach_after(a, me, cands)) for a in shifts}
            if max(reach.values()) > 0:
                return self._best(shifts, reach)
        threat = (cands & board.near_mask(me)).bit_count()
        if threat:
            after = {a: -float(scene.reach_after(a, me, cands & ~bit(me))) for a in shifts}
            if max(after.values()) > -threat:
                return self._best(shifts, after)
        if moves.EXONERATE in kinds:
            hand_split = self._splits(scene, [moves.DISCARD_OF[s] for s in scene.hand], cands)
            if not scene.canvassing or not hand_split or max(hand_split.values()) >= 1 or n > 1:
                return kinds[moves.EXONERATE][0]
        if arrests:
            return self.rng.choice(arrests)
        reach = {a: float(scene.reach_after(a, me, cands)) for a in shifts}
        return self._best(shifts, reach)

    def _splits(self, scene: Scene, discards: Sequence[Action], cands: int) -> dict[Action, float]:
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

    def _killer(
        self, scene: Scene, kinds: dict[str, list[Action]], view: Mapping[str, Any]
    ) -> Action:
        me = scene.identity
        assert me is not None
        board = scene.board
        chosen = view["candidates"] is not None
        inspectors = scene.inspectors() if chosen else 0
        suspects = inspectors.bit_count()
        watched = scene.public_killers()
        kills = kinds.get(moves.KILL, [])
        score: dict[Action, float] = {}
        for a in kills:
            v = int(a.args[0])
            left = (watched & board.near_mask(v) & ~bit(v)).bit_count()
            s = float(min(left, 6))
            if inspectors >> v & 1:
                s += 8.0 / suspects
            if chosen and scene.canvassing and scene.innocent >> v & 1:
                s += 1.0
            score[a] = s
        if moves.SHIFT not in kinds:  # the first turn: a kill is all there is
            return self._best(kills, score)
        if suspects == 1 and any(inspectors >> int(a.args[0]) & 1 for a in kills):
            return next(a for a in kills if inspectors >> int(a.args[0]) & 1)
        disguise = kinds.get(moves.DISGUISE)
        if disguise and watched.bit_count() <= 2:
            return disguise[0]
        if kills and max(score.values()) >= 2:
            return self._best(kills, score)
        if disguise and watched.bit_count() <= 3:
            return disguise[0]
        if kills:
            return self._best(kills, score)
        shifts = kinds[moves.SHIFT]
        return self._best(shifts, {a: float(scene.reach_after(a, me, inspectors)) for a in shifts})
