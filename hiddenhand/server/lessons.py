"""A tutorial table's script, as the server follows it (`tutorials`).

At a tutorial table the game's every step is written down. The server plays each step of a bot,
and each step of the person that is not taught (a pass, a lone answer), when its turn in the
script comes, as it answers for any seat (`driver`, at the bots' pace). The person is shown a
choice only when the next step is one they are taught, with its hint and rules in the state
message; any other choice is refused, saying what the hint asks. A person who leaves is played
by the server to the end of the script, like a bot.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from hiddenhand.engine import Action, IllegalAction, State, render
from hiddenhand.server.seats import Seat
from hiddenhand.tutorials import Tutorial
from hiddenhand.tutorials.script import Step, expand

BOT_SUFFIX = " (bot)"


class Lessons:
    """One tutorial table's script: who plays each step, and what the person is told."""

    def __init__(self, tutorial: Tutorial) -> None:
        self.tutorial = tutorial
        self.steps: tuple[Step, ...] = expand(tutorial)

    @property
    def game(self) -> str:
        return self.tutorial.game

    def _next(self, state: State) -> Step | None:
        index = len(state.history)
        return self.steps[index] if index < len(self.steps) else None

    def server_seat(self, state: State, seats: Sequence[Seat]) -> int | None:
        """The seat whose next scripted step the server plays now (a bot's, a step the person
        is not taught, or any step of a person who left), or None: the person is to choose."""
        step = self._next(state)
        if step is None or step.seat not in state.pending():
            return None
        if step.seat != self.tutorial.seat or not step.taught or seats[step.seat].played_by_bot:
            return step.seat
        return None

    def action(self, state: State, seat: int) -> Action | None:
        """The action the script plays for `seat` now (None: it is not this seat's step)."""
        step = self._next(state)
        return step.action if step is not None and step.seat == seat else None

    def asks_person(self, state: State, seat: int) -> bool:
        """The person at `seat` is shown a choice now: their next taught step has come."""
        step = self._next(state)
        return step is not None and step.seat == seat and step.taught

    def check(self, state: State, seat: int, actions: Sequence[int]) -> None:
        """IllegalAction, saying what to do instead, unless `actions` (a move and its
        follow-ups, in a row) are the script's next steps of `seat`."""
        index = len(state.history)
        for offset, action_id in enumerate(actions):
            at = index + offset
            step = self.steps[at] if at < len(self.steps) else None
            if step is None or step.seat != seat or not step.taught:
                raise IllegalAction("in this tutorial that is not your move now; wait for the hint")
            if step.action.id != action_id:
                hint = self._hint(step, state.players)
                raise IllegalAction(f"in this tutorial, follow the hint: {hint}")

    def told(self, state: State, seat: int | None) -> dict[str, Any] | None:
        """What the person's seat is told in its state messages (None to anyone else): how far
        they are, the hints and rules of the taught steps that come next in a row (a move and
        its follow-ups), and the welcome before the first and the closing words at the end."""
        if seat != self.tutorial.seat:
            return None
        index = len(state.history)
        upcoming: list[dict[str, Any]] = []
        for step in self.steps[index:]:
            if step.seat != seat or not step.taught or step.move is None:
                break
            upcoming.append(
                {
                    "action": step.action.id,
                    "hint": self._hint(step, state.players),
                    "rules": step.move.rules,
                }
            )
        done = sum(1 for s in self.steps[:index] if s.seat == seat and s.taught)
        told: dict[str, Any] = {
            "game": self.tutorial.game,
            "done": done,
            "of": self.tutorial.taught(),
            "next": upcoming,
            "welcome": _named(self.tutorial.welcome, state.players) if done == 0 else None,
            "ending": _named(self.tutorial.ending, state.players) if state.over else None,
        }
        return told

    @staticmethod
    def _hint(step: Step, players: Sequence[str]) -> str:
        return _named(step.move.hint if step.move is not None else "", players)


def _named(text: str, players: Sequence[str]) -> str:
    """A tutorial's text with the players' names in it (a bot by its name alone: "Bea")."""
    return render(text, [p.removesuffix(BOT_SUFFIX) for p in players])
