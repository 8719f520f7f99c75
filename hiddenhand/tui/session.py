"""One person at one seat of a game in the terminal; bots play the other seats."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from rich.console import Console
from rich.rule import Rule

from hiddenhand.bots.base import Bot
from hiddenhand.bots.match import SeatLogs, decide
from hiddenhand.engine.actions import Action, one_answer
from hiddenhand.engine.state import State
from hiddenhand.games.texts import (
    ChoiceExplainer,
    card_texts,
    choice_explainer,
    rules_reference,
)
from hiddenhand.tui.help import HINT, Explain, card_help, help_panel, rules_panel
from hiddenhand.tui.screen import choices_table, log_panel, outcome_panel, view_panel

Ask = Callable[[str], str]


class Quit(Exception):
    """The person chose to leave the game."""


def ask_choice(
    console: Console,
    ask: Ask,
    actions: Sequence[Action],
    names: Sequence[str],
    texts: Mapping[str, str] | None = None,
    reference: Mapping[str, Any] | None = None,
    explain: Explain | None = None,
) -> Action:
    """Ask for a number until a valid one comes; `q` quits, `? N` says what choice N is, `?`
    and a name shows card texts and `rules` the rules (when the game has them)."""
    console.print(choices_table(actions, names))
    if texts or reference or explain:
        console.print(f"[dim]{HINT}[/]")
    while True:
        try:
            answer = ask(f"choose 1-{len(actions)} (? for card texts, q to quit): ").strip()
        except EOFError:
            raise Quit from None
        if answer.lower() in {"q", "quit", "exit"}:
            raise Quit
        if answer.isdigit() and 1 <= int(answer) <= len(actions):
            return actions[int(answer) - 1]
        if answer.startswith("?") or answer.lower().startswith("help"):
            query = answer.lstrip("?").removeprefix("help").strip()
            found = card_help(query, actions, names, texts or {}, explain)
            console.print(help_panel(found, query))
            continue
        if answer.lower() == "rules" and reference is not None:
            console.print(rules_panel(reference))
            continue
        console.print(
            f"[red]'{answer}' is not a choice: type a number from 1 to {len(actions)}, or q.[/]"
        )


def _at_seat(
    explainer: ChoiceExplainer | None, view: Mapping[str, Any], names: Sequence[str]
) -> Explain | None:
    """What the game says of a choice, from what this seat sees now."""
    if explainer is None:
        return None
    return lambda action: explainer(action, view, names)


def play_in_terminal(
    state: State, seat: int, bots: Sequence[Bot], console: Console, ask: Ask | None = None
) -> State:
    """Run the game with a person at `seat`; returns the final state (or where they quit)."""
    ask = ask or console.input
    names = state.players
    logs = SeatLogs(len(names))
    game = state.game
    texts = card_texts(game, state.options)
    reference = rules_reference(game, state.options)
    explainer = choice_explainer(game)
    while True:
        pending = state.pending()
        if not pending:
            break
        others = [s for s in pending if s != seat]
        if others:
            s = min(others)
            logs.add(state.act(s, decide(state, s, bots[s], logs.of(s))))
            continue
        only = one_answer(state.legal(seat))
        if only is not None:  # nobody is asked a question with one answer
            logs.add(state.act(seat, only))
            continue
        console.print(Rule(f"{game.title}: you play {names[seat]}"))
        console.print(view_panel(game, state.view(seat), names, f"what {names[seat]} knows"))
        console.print(log_panel(logs.of(seat), names))
        try:
            explain = _at_seat(explainer, state.view(seat), names)
            action = ask_choice(console, ask, state.legal(seat), names, texts, reference, explain)
        except Quit:
            console.print("You left the table.")
            return state
        logs.add(state.act(seat, action))
    console.print(Rule(f"{game.title}: the end"))
    console.print(view_panel(game, state.view(seat), names, "the table revealed"))
    console.print(log_panel(logs.of(seat), names, last=20))
    outcome = state.outcome()
    if outcome is not None:
        console.print(outcome_panel(outcome, names, seat))
    return state
