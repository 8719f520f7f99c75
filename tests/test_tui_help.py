"""The terminal shows a card's text from the game's own texts, like the browser."""

import io

import pytest
from rich.console import Console

from hiddenhand.engine.game import get_game
from hiddenhand.games.texts import card_texts, rules_reference
from hiddenhand.tui.help import card_help
from hiddenhand.tui.session import _at_seat, ask_choice


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


def _choices_of_seeded_games(game_id: str, players: int, pairs: list[str], seeds: range):
    """The first (view, names, legal actions) a person could be asked in seeded random games
    (every 3rd question, up to 40 a game: enough to meet every kind of choice)."""
    import random

    game = get_game(game_id)
    options = game.options(pairs)
    for seed in seeds:
        state = game.start(players, options, seed)
        rng = random.Random(seed)
        asked = 0
        while pending := state.pending():
            seat = rng.choice(sorted(pending))
            asked += len(pending[seat]) > 1
            if len(pending[seat]) > 1 and asked < 120 and asked % 3 == 1:
                yield game, state.options, state.view(seat), state.players, pending[seat]
            state.act(seat, rng.choice(pending[seat]))


@pytest.mark.parametrize(
    ("game_id", "players", "pairs"),
    [
        ("goodcop", 5, []),
        ("goodcop", 6, ["zombies=dice"]),
        ("noir", 2, ["mode=citizens-arrest"]),
        ("noir", 2, []),
        ("infected", 4, []),
    ],
)
def test_every_choice_of_seeded_games_is_explained(game_id, players, pairs) -> None:
    from hiddenhand.games.texts import choice_explainer

    asked = set()
    for game, options, view, names, actions in _choices_of_seeded_games(
        game_id, players, pairs, range(3)
    ):
        texts = card_texts(game, options)
        explain = _at_seat(choice_explainer(game), view, names)
        for i, action in enumerate(actions, 1):
            found = card_help(str(i), actions, names, texts, explain)
            said = " ".join(f"{title}: {text}" for title, text in found)
            assert found and all(t.strip() for _, t in found), (action, found)
            asked.add(action.kind)
            if action.kind == "order":  # the order itself, card by card
                faces = [str(f).capitalize() for f in action.args]
                assert f"left to right: {', '.join(faces)}" in said, said
            if game_id == "noir" and action.kind in ("kill", "arrest", "identity", "discard"):
                suspect = view["suspects"][action.args[0]]
                assert said.startswith(f"{suspect}: {suspect} stands "), said
                assert "Known: " in said
                row = next(
                    (r for r, line in enumerate(view["grid"]) if action.args[0] in line), None
                )
                if row is not None:
                    assert f"row {row + 1}, column " in said
                if view["candidates"] is not None and action.args[0] != view["identity"]:
                    assert "could be the " in said or "cannot be the " in said, said
    assert len(asked) >= 3, asked
    if game_id == "goodcop" and "zombies=dice" not in pairs:
        assert "order" in asked
