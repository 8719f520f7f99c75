"""The terminal shows a card's text from the game's own texts, like the browser."""

import io

from rich.console import Console

from hiddenhand.engine.game import get_game
from hiddenhand.games.texts import card_texts, rules_reference
from hiddenhand.tui.help import card_help
from hiddenhand.tui.session import ask_choice


def _said(console: Console) -> str:
    out = console.file.getvalue()  # type: ignore[attr-defined]
    return " ".join(out.replace("│", " ").split())


def test_help_shows_the_text_of_the_cards_a_choice_names_and_of_a_named_card() -> None:
    game = get_game("infected")
    state = game.start(4, seed=2)
    seat = min(state.pending())
    actions = state.legal(seat)
    assert actions[0].kind == "character"
    character = actions[0].describe(state.players).removeprefix("choose the ")
    texts = card_texts(game, state.options)
    answers = iter(["? 1", "? flare", "help nothing-like-it", "rules", "1"])
    console = Console(file=io.StringIO(), width=120)
    chosen = ask_choice(
        console,
        lambda prompt: next(answers),
        actions,
        state.players,
        texts,
        rules_reference(game, state.options),
    )
    said = _said(console)
    assert chosen is actions[0]
    assert f"{character}: {' '.join(texts[character].split())}" in said
    assert f"Flare: {' '.join(texts['Flare'].split())}" in said
    assert "no card text for 'nothing-like-it'" in said
    assert " ".join(rules_reference(game, state.options)["turn"][0].split()) in said


def test_a_choice_names_a_card_only_as_a_whole_word() -> None:
    state = get_game("infected").start(4, seed=2)
    play_medkit = next(a for a in state.space if a.kind == "play" and "Medkit" in a.text)
    texts = {"Kit": "not this one", "Medkit": "heals", "Blood Sample Kit": "tests blood"}
    assert card_help("1", [play_medkit], state.players, texts) == [("Medkit", "heals")]
    assert card_help("medkit", [play_medkit], state.players, texts) == [("Medkit", "heals")]
