"""A tutorial: a first game on a fixed deal, its every step written down.

A tutorial names the game, its options, the seat count, the seed that deals it and the seat the
person plays, and lists its moves in order: the decisions that shape the game, the person's
taught ones with a hint (what to click) and the rules that apply. Everything between them is a
pass or a prompt with one answer, taken by the lowest seat asked; `expand` plays the game from
its seed and writes every step out, so the server follows it one action at a time and a test
can prove that each scripted move is legal where it stands and that the game is over at the end.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from hiddenhand.engine import Action, ActionArg, State, get_game
from hiddenhand.engine.actions import one_answer


class ScriptError(ValueError):
    """A tutorial's moves do not make a whole game from its deal."""


@dataclass(frozen=True, slots=True)
class Move:
    """One scripted decision: `seat` plays the action of this kind and arguments. A move of
    the person's seat with a `hint` is taught: the person is shown the hint (what to click on
    the board), the rules that apply, and may play nothing else."""

    seat: int
    kind: str
    args: tuple[ActionArg, ...] = ()
    hint: str = ""
    rules: str = ""


@dataclass(frozen=True, slots=True)
class Step:
    """One action of the expanded script: who plays it, and the move it comes from (None: a
    pass or a lone answer between moves)."""

    seat: int
    action: Action
    move: Move | None

    @property
    def taught(self) -> bool:
        return self.move is not None and bool(self.move.hint)


@dataclass(frozen=True)
class Tutorial:
    """A scripted first game of one game (see the module's docstring)."""

    game: str
    players: int
    seat: int
    """The person's seat; every other seat is a bot following the script."""
    seed: int
    moves: tuple[Move, ...]
    welcome: str
    """What the person reads before the first taught move."""
    ending: str
    """What the person reads once the game is over: what happened, and what next."""
    options: tuple[tuple[str, str], ...] = ()
    """The table's options, as (name, value) pairs."""

    def start(self) -> State:
        return get_game(self.game).start(self.players, dict(self.options), self.seed)

    def steps(self) -> tuple[Step, ...]:
        return expand(self)

    def taught(self) -> int:
        """How many moves the person is taught."""
        return sum(1 for m in self.moves if m.seat == self.seat and m.hint)


def _between(state: State) -> tuple[int, Action] | None:
    """The step taken between moves: the lowest seat asked whose prompt has one answer or a
    pass, with that answer (None: every seat asked must decide)."""
    for seat, legal in sorted(state.pending().items()):
        answer = one_answer(legal) or next((a for a in legal if a.kind == "pass"), None)
        if answer is not None:
            return seat, answer
    return None


def _wanted(state: State, move: Move) -> Action | None:
    for action in state.legal(move.seat):
        if action.kind == move.kind and action.args == move.args:
            return action
    return None


def expand(tutorial: Tutorial) -> tuple[Step, ...]:
    """Every step of the tutorial's game, in order; ScriptError says where a move is not
    legal, a decision is missing, or the game goes on past the last move."""
    return _expanded(tutorial)


@cache
def _expanded(tutorial: Tutorial) -> tuple[Step, ...]:
    state = tutorial.start()
    steps: list[Step] = []
    moves = list(tutorial.moves)
    while not state.over:
        move = moves[0] if moves else None
        action = None if move is None else _wanted(state, move)
        if move is not None and action is not None:
            moves.pop(0)
            steps.append(Step(move.seat, action, move))
        else:
            between = _between(state)
            if between is None:
                raise ScriptError(_missing(tutorial, state, move, len(steps)))
            steps.append(Step(between[0], between[1], None))
            action = between[1]
        state.act(steps[-1].seat, action)
    if moves:
        raise ScriptError(
            f"{tutorial.game}: the game is over after step {len(steps)}, before the move {moves[0]}"
        )
    return tuple(steps)


def _missing(tutorial: Tutorial, state: State, move: Move | None, step: int) -> str:
    asked = "; ".join(
        f"seat {seat}: " + ", ".join(f"{a.kind}{list(a.args)}" for a in legal)
        for seat, legal in sorted(state.pending().items())
    )
    wanted = "no move is left" if move is None else f"the move {move} is not legal"
    return f"{tutorial.game}, step {step}: {wanted}; asked now: {asked}"
