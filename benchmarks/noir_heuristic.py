"""NOIR's heuristic against its first version, on the same deals.

`HeuristicV1Bot` is the heuristic as it was before it learnt to hunt with shifts and to keep
out of the Killer's reach; it is registered here (only) as `heuristic-v1`, so that the
comparison can be reproduced:

    python benchmarks/noir_heuristic.py --games 1000 --seed 3000

The new heuristic takes one seat against `heuristic-v1`; every deal is replayed with
`heuristic-v1` in that seat, and the seat's win rates are compared role by role.
"""

from __future__ import annotations

import argparse
import random
from collections.abc import Sequence
from typing import Any

from rich.console import Console
from rich.table import Table

from hiddenhand.bots.arena import compare_in_seat
from hiddenhand.bots.base import Turn
from hiddenhand.bots.registry import register_bot
from hiddenhand.cli.app import games_progress
from hiddenhand.engine import Action, State, get_game
from hiddenhand.engine.actions import by_kind
from hiddenhand.games.noir import moves
from hiddenhand.games.noir.bots import HeuristicBot, Scene, _best_of, _splits
from hiddenhand.games.noir.rules import NoirState
from hiddenhand.games.noir.suspects import bit


class HeuristicV1Bot(HeuristicBot):
    """The first NOIR heuristic: the Killer shifts only when it cannot kill; the Inspector
    shifts candidates into his reach without weighing the Killer's reply."""

    name = "heuristic-v1"

    def __init__(self, seat: int, seed: int = 0) -> None:
        super().__init__(seat, seed)
        # The new heuristic's luck: where the two agree, they play the same game.
        self.rng = random.Random(f"{HeuristicBot.name}:{seed}:{seat}")

    def decide(self, turn: Turn) -> Action:
        assert turn.view is not None
        return self._play(Scene.of_view(turn.view), turn.legal)

    def decide_in(self, world: State, seat: int, legal: Sequence[Action]) -> Action:
        noir: NoirState = world  # type: ignore[assignment]
        return self._play(Scene.seen_in(noir, seat), legal)

    def _play(self, scene: Scene, legal: Sequence[Action]) -> Action:
        kinds = by_kind(legal)
        if scene.role == "killer":
            return self._killer(scene, kinds)
        return self._inspector(scene, kinds)

    def _inspector(self, scene: Scene, kinds: dict[str, list[Action]]) -> Action:
        cands = scene.killers()
        n = cands.bit_count()
        board = scene.board
        if moves.IDENTITY in kinds:
            ids = kinds[moves.IDENTITY]
            return _best_of(
                self, ids, {a: -(cands & board.near_mask(int(a.args[0]))).bit_count() for a in ids}
            )
        if moves.DISCARD in kinds:
            return _best_of(self, kinds[moves.DISCARD], _splits(scene, kinds[moves.DISCARD], cands))
        if moves.CITIZEN_ARREST in kinds:
            targets = kinds[moves.CITIZEN_ARREST]
            return _best_of(self, targets, {a: float(cands >> int(a.args[0]) & 1) for a in targets})
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
                return _best_of(self, citizens, score)
        shifts = kinds[moves.SHIFT]
        if n <= 4:
            reach = {a: float(scene.reach_after(a, me, cands)) for a in shifts}
            if max(reach.values()) > 0:
                return _best_of(self, shifts, reach)
        threat = (cands & board.near_mask(me)).bit_count()
        if threat:
            after = {a: -float(scene.reach_after(a, me, cands & ~bit(me))) for a in shifts}
            if max(after.values()) > -threat:
                return _best_of(self, shifts, after)
        if moves.EXONERATE in kinds:
            hand_split = _splits(scene, [moves.DISCARD_OF[s] for s in scene.hand], cands)
            if not scene.canvassing or not hand_split or max(hand_split.values()) >= 1 or n > 1:
                return kinds[moves.EXONERATE][0]
        if arrests:
            return self.rng.choice(arrests)
        reach = {a: float(scene.reach_after(a, me, cands)) for a in shifts}
        return _best_of(self, shifts, reach)

    def _killer(self, scene: Scene, kinds: dict[str, list[Action]]) -> Action:
        me = scene.identity
        assert me is not None
        board = scene.board
        chosen = scene.chosen
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
            return _best_of(self, kills, score)
        if suspects == 1 and any(inspectors >> int(a.args[0]) & 1 for a in kills):
            return next(a for a in kills if inspectors >> int(a.args[0]) & 1)
        disguise = kinds.get(moves.DISGUISE)
        if disguise and watched.bit_count() <= 2:
            return disguise[0]
        if kills and max(score.values()) >= 2:
            return _best_of(self, kills, score)
        if disguise and watched.bit_count() <= 3:
            return disguise[0]
        if kills:
            return _best_of(self, kills, score)
        shifts = kinds[moves.SHIFT]
        return _best_of(
            self, shifts, {a: float(scene.reach_after(a, me, inspectors)) for a in shifts}
        )


register_bot("noir", "heuristic-v1", HeuristicV1Bot)


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=3000)
    parser.add_argument("--option", "-o", action="append", default=[])
    parser.add_argument("--challenger", default="heuristic")
    parser.add_argument("--jobs", type=int, default=1)
    args = parser.parse_args(argv)
    game = get_game("noir")
    options = game.options(args.option or None)
    with games_progress("noir", Console()) as progress:
        task = progress.add_task("games", total=2 * args.games)
        comparison = compare_in_seat(
            game,
            2,
            options,
            args.challenger,
            "heuristic-v1",
            args.games,
            args.seed,
            args.jobs,
            lambda _: progress.advance(task),
        )
    console = Console()
    table = Table(
        title=f"{args.challenger} against heuristic-v1 in one seat, {args.games} games, seed "
        f"{args.seed}, options {options.changed() or 'default'}"
    )
    for column in ("role", "heuristic-v1 in the seat", f"{args.challenger} in the seat"):
        table.add_column(column)
    table.add_column("difference", justify="right")
    table.add_column("p", justify="right")
    for row in comparison.rows():
        table.add_row(
            row["role"],
            cell(row["baseline"]),
            cell(row["challenger"]),
            f"{100 * row['difference']:+.1f}",
            f"{row['p']:.2g}",
        )
    console.print(table)


def cell(entry: dict[str, Any]) -> str:
    low, high = entry["ci95"]
    return (
        f"{100 * entry['rate']:.1f}% [{100 * low:.1f}, {100 * high:.1f}] "
        f"({entry['wins']}/{entry['games']})"
    )


if __name__ == "__main__":
    main()
