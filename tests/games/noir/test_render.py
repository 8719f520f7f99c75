"""The terminal drawing shows the grid, the seat's identity and its candidates."""

from rich.console import Console

from hiddenhand.games.noir import NoirOptions
from hiddenhand.games.noir.render import render_view
from tests.games.noir.tables import play, table


def text(view) -> str:
    console = Console(record=True, width=120)
    console.print(render_view(view, ["Ana", "Bea"]))
    return console.export_text()


def test_each_seat_sees_its_own_identity_and_candidates():
    state = table(killer="Geneva", inspector="Ryan", deceased=["Marion"], innocent=["Alyss"])
    killer, inspector, spectator = text(state.view(0)), text(state.view(1)), text(state.view(None))
    assert "You are the killer: Geneva" in killer and "* Geneva" in killer
    assert "You are the inspector: Ryan" in inspector and "Your evidence: Alyss" in inspector
    assert "The Killer may be" in inspector and "The Inspector may be" in killer
    assert "x Marion" in spectator and "+ Alyss" in spectator
    assert "You are" not in spectator and "may be" not in spectator


def test_the_end_names_both_identities():
    state = table(killer="Geneva", inspector="Horatio")
    play(state, "kill", "Horatio")
    shown = text(state.view(None))
    assert "The Killer was Geneva; the Inspector was Horatio" in shown


def test_a_fake_death_is_drawn_dead_and_the_former_identity_named():
    state = table(killer="Geneva", inspector="Ryan", deck=["Simon"])
    play(state, "disguise")
    shown = text(state.view(1))
    assert "x Geneva" in shown and "The Killer was once: Geneva" in shown
    assert "disguise: deceased" in shown and "Face up: Geneva" in shown


def test_the_innocent_variant_draws_the_former_identity_alive_and_cleared():
    options = NoirOptions(disguise="innocent")
    state = table(killer="Geneva", inspector="Ryan", deck=["Simon"], options=options)
    play(state, "disguise")
    shown = text(state.view(1))
    assert "+ Geneva" in shown and "x Geneva" not in shown
    assert "The Killer was once: Geneva" in shown and "disguise: innocent" in shown
