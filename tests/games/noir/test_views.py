"""Views and events: each seat sees its own secrets and the public record, nothing more."""

import random
import re

from hiddenhand.engine import visible
from hiddenhand.games.noir import NOIR
from hiddenhand.games.noir.suspects import NAMES
from tests.games.noir.tables import play, sid, table

FIELDS = {
    "mode", "disguise", "kills_to_win", "turn_limit", "turn", "to_move", "phase", "roles", "you",
    "suspects", "grid", "deceased", "innocent", "removed", "kills", "deck", "hand_size",
    "discards", "citizens_arrests", "citizens_source", "last_shift", "facts", "identity",
    "hand", "candidates", "outcome", "revealed",
}  # fmt: skip


def test_every_view_names_exactly_the_documented_fields():
    state = table()
    for seat in (0, 1, None):
        assert set(state.view(seat)) == FIELDS


def test_the_killer_sees_his_identity_and_not_the_inspectors_cards():
    state = table(killer="Geneva", inspector="Ryan")
    view = state.view(0)
    assert view["you"] == "killer" and view["identity"] == sid("Geneva")
    assert view["hand"] is None and view["hand_size"] == 3 and view["deck"] == 4
    assert sid("Ryan") in view["candidates"] and sid("Geneva") not in view["candidates"]
    assert view["revealed"] is None and view["to_move"] == [0]


def test_the_inspector_sees_his_identity_and_hand():
    state = table(killer="Geneva", inspector="Ryan", hand=("Alyss", "Ernest", "Zachary"))
    view = state.view(1)
    assert view["you"] == "inspector" and view["identity"] == sid("Ryan")
    assert view["hand"] == sorted(sid(n) for n in ("Alyss", "Ernest", "Zachary"))
    assert sid("Geneva") in view["candidates"]
    assert not {sid("Ryan"), sid("Alyss"), sid("Ernest")} & set(view["candidates"])


def test_a_spectator_sees_only_the_public_table():
    view = table().view(None)
    assert view["you"] is None and view["identity"] is None and view["hand"] is None
    assert view["candidates"] is None and view["revealed"] is None


def test_the_killer_has_no_candidates_before_the_inspector_chooses():
    state = table(inspector=None, hand=("Alyss", "Barrin", "Clive", "Deidre"))
    assert state.view(0)["candidates"] is None
    assert state.view(1)["identity"] is None and len(state.view(1)["hand"]) == 4


def test_canvas_answers_and_arrest_results_are_public_facts():
    state = table(killer="Geneva", inspector="Ryan", killer_to_move=False, mode="standard")
    events = play(state, "arrest", "Marion")
    assert all(e.public for e in events)
    play(state, "shift", "row", 0, "left")
    play(state, "exonerate")
    events = play(state, "discard", "Alyss")
    assert [e.public for e in events if e.kind == "canvas"] == [True]
    facts = state.view(None)["facts"]
    assert [f["kind"] for f in facts] == ["arrest", "killer-canvas"]
    assert facts[0]["suspect"] == sid("Marion") and sid("Ryan") in facts[0]["near"]


def test_the_end_reveals_everything_to_everyone():
    state = table(killer="Geneva", inspector="Horatio", deck=["Simon", "Trevor"])
    play(state, "kill", "Horatio")
    for seat in (0, 1, None):
        view = state.view(seat)
        assert view["phase"] == "over" and view["to_move"] == []
        assert view["revealed"] == {
            "killer": sid("Geneva"),
            "inspector": sid("Horatio"),
            "hand": sorted(sid(n) for n in ("Alyss", "Ernest", "Zachary")),
            "deck": [sid("Simon"), sid("Trevor")],
        }
        assert view["outcome"]["side"] == "killer"


def _named(text: str, suspect: int) -> bool:
    return re.search(rf"\b{NAMES[suspect]}\b", text) is not None


def test_no_public_event_ever_names_the_current_killer_or_a_card_drawn_in_secret():
    for mode in ("classic", "standard", "citizens-arrest"):
        for seed in range(60):
            state = NOIR.start(2, [f"mode={mode}"], seed)
            rng = random.Random(seed)
            while state.pending():
                seat, choices = next(iter(state.pending().items()))
                events = state.act(seat, rng.choice(choices))
                if state.outcome() is not None:
                    break
                secret = [e for e in events if not e.public]
                for event in secret:  # private news goes to the one seat it is about
                    assert event.audience == {seat} and event.kind in ("your-identity", "drawn")
                hidden = [state.killer, *(e.data["suspect"] for e in secret)]
                for event in visible(events, None):
                    assert not any(_named(event.text, s) for s in hidden), (mode, seed, event)
                    assert event.data.get("suspect") not in hidden, (mode, seed, event)
