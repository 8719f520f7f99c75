"""Every rule of NOIR, on exact tables (see tables.py for the layout)."""

import itertools
import random

import pytest

from hiddenhand.engine import IllegalAction, OptionError
from hiddenhand.games.noir import NOIR, NoirOptions, moves
from hiddenhand.games.noir.knowledge import inspector_constraint, killer_constraint
from hiddenhand.games.noir.rules import CHOOSE_IDENTITY, EXONERATING, PLAY
from hiddenhand.games.noir.suspects import NAMES
from tests.games.noir.tables import GRID, legal, names, play, sid, table

# -- setup and the first turns ----------------------------------------------------------


def test_setup_deals_the_killer_one_card_and_the_inspector_four_from_one_deck():
    for seed in range(30):
        state = NOIR.start(2, None, seed)
        assert len(state.deck) == 20 and len(state.hand) == 4
        everything = [*state.deck, *state.hand, state.killer]
        assert sorted(everything) == list(range(25))  # the Inspector never holds the Killer
        assert sorted(state.board.cells) == list(range(25))
        assert (state.board.rows, state.board.cols) == (5, 5)


def test_the_killer_moves_first_and_his_first_turn_must_be_a_kill():
    state = NOIR.start(2, ["roles=killer-seat-1"], 4)
    assert list(state.pending()) == [1]
    choices = state.legal(1)
    assert choices and all(a.kind == "kill" for a in choices)
    around = set(state.board.neighbours(state.killer))
    assert {int(a.args[0]) for a in choices} == around


def test_the_inspector_then_picks_a_living_card_as_identity_and_keeps_three():
    state = NOIR.start(2, ["roles=killer-seat-0"], 5)
    victim = int(state.legal(0)[0].args[0])
    state.hand[0] = victim  # a dead card in his hand cannot become his identity
    state.hand.sort()
    state.act(0, state.legal(0)[0])
    assert state.phase == CHOOSE_IDENTITY and list(state.pending()) == [1]
    offered = {int(a.args[0]) for a in state.legal(1)}
    assert offered == set(state.hand) - {victim}
    pick = min(offered)
    events = state.act(1, state.space.get("identity", pick))
    assert state.inspector == pick and pick not in state.hand and len(state.hand) == 3
    secret = [e for e in events if e.kind == "your-identity"]
    assert secret[0].audience == frozenset({1})
    assert state.phase == PLAY and list(state.pending()) == [0]


def test_roles_option_fixes_or_randomises_the_killer_seat():
    assert NOIR.start(2, ["roles=killer-seat-0"], 1).killer_seat == 0
    assert NOIR.start(2, ["roles=killer-seat-1"], 1).killer_seat == 1
    seats = {NOIR.start(2, None, seed).killer_seat for seed in range(20)}
    assert seats == {0, 1}
    with pytest.raises(IllegalAction, match="once the game is over"):
        NOIR.start(2, ["roles=killer-seat-1"], 1).roles()


def test_bad_options_are_refused_clearly():
    with pytest.raises(OptionError, match="kills"):
        NOIR.start(2, ["kills=24"])
    with pytest.raises(OptionError, match="turn_limit"):
        NOIR.start(2, ["turn_limit=1"])
    with pytest.raises(OptionError, match="mode"):
        NOIR.start(2, ["mode=zombie"])
    with pytest.raises(OptionError, match="2 players"):
        NOIR.start(3)


# -- shift --------------------------------------------------------------------------------


def test_shift_any_line_either_way_the_inspector_too():
    state = table(killer_to_move=False)
    shifts = legal(state, "shift")
    assert len(shifts) == 20 and "shift row 3 right" in shifts and "shift column 5 up" in shifts
    play(state, "shift", "row", 2, "right")
    assert [NAMES[s] for s in state.board.grid()[2]] == [
        "Ophelia", "Kristoph", "Linus", "Marion", "Niel"
    ]  # fmt: skip


def test_a_shift_may_not_undo_the_previous_shift():
    state = table()
    play(state, "shift", "row", 2, "right")
    shifts = legal(state, "shift")
    assert "shift row 3 left" not in shifts and "shift row 3 right" in shifts
    assert len(shifts) == 19
    with pytest.raises(IllegalAction):
        play(state, "shift", "row", 2, "left")
    play(state, "shift", "column", 1, "up")  # any other move ends the ban
    assert "shift row 3 left" in legal(state, "shift")
    assert "shift column 2 down" not in legal(state, "shift")


def test_the_ban_lasts_one_action_only():
    state = table()
    play(state, "shift", "row", 0, "left")
    play(state, "arrest", "Ryan")
    assert "shift row 1 right" in legal(state, "shift")


def test_on_a_line_of_two_both_directions_would_undo_the_shift():
    dead = [n for row in GRID[2:] for n in row] + ["Clive", "Horatio", "Deidre", "Irma"]
    dead += ["Ernest", "Julian"]
    state = table(killer="Alyss", inspector="Barrin", hand=(), deceased=dead, kills=3)
    # No collapse yet: arrange sets the board as given, so collapse the dead lines by a kill.
    state.board.remove([2, 3, 4], [2, 3, 4])
    assert (state.board.rows, state.board.cols) == (2, 2)
    play(state, "shift", "row", 0, "right")
    assert [NAMES[s] for s in state.board.grid()[0]] == ["Barrin", "Alyss"]
    shifts = legal(state, "shift")
    assert not any(s.startswith("shift row 1") for s in shifts)
    assert "shift row 2 left" in shifts and "shift column 1 up" in shifts


def test_lines_of_one_suspect_are_not_shifted():
    grid = [["Alyss", "Barrin", "Clive"]]
    state = table(killer="Alyss", inspector="Clive", hand=(), grid=grid)
    assert legal(state, "shift") == [
        "shift row 1 left", "shift row 1 right"
    ]  # fmt: skip


def test_the_remembered_shifts_are_those_the_rule_gives_after_every_move():
    """`shifts_after` keeps each grid's answers in dicts; it must answer as `shifts` does."""
    for rows, cols in itertools.product(range(1, 6), repeat=2):
        lasts: list[moves.ShiftKey | None] = [None]
        lasts += [
            (str(a.args[0]), int(a.args[1]), str(a.args[2]))
            for a in moves.shifts(rows, cols, None, None)
        ]
        for last in lasts:
            banned = None if last is None else (last[0], last[1])
            expected = moves.shifts(rows, cols, banned, None if last is None else last[2])
            assert moves.shifts_after(rows, cols, last) == expected
            assert moves.shifts_after(rows, cols, last) is moves.shifts_after(rows, cols, last)


# -- kill -----------------------------------------------------------------------------------


def test_kill_any_living_suspect_in_the_eight_cells_around_the_killer():
    state = table(killer="Geneva", deceased=["Barrin"])
    assert set(legal(state, "kill")) == {
        f"kill {n}"
        for n in ("Alyss", "Clive", "Franklin", "Horatio", "Kristoph", "Linus", "Marion")
    }
    play(state, "kill", "Marion")
    assert not state.is_alive(sid("Marion")) and state.kills == 2
    assert list(state.pending()) == [1]


def test_kill_follows_the_killer_when_the_board_moves():
    state = table(killer="Geneva", killer_to_move=False)
    play(state, "shift", "row", 1, "right")  # Julian Franklin Geneva Horatio Irma
    kills = set(legal(state, "kill"))
    assert {"kill Deidre", "kill Niel", "kill Franklin", "kill Horatio"} <= kills
    assert "kill Alyss" not in kills and "kill Kristoph" not in kills and len(kills) == 8


def test_killing_the_inspector_wins_for_the_killer():
    state = table(killer="Geneva", inspector="Horatio")
    events = play(state, "kill", "Horatio")
    outcome = state.outcome()
    assert outcome is not None and outcome.side == "killer" and outcome.winners == {0}
    assert "Horatio was the Inspector" in events[-1].text
    assert state.pending() == {}


def test_the_kill_target_wins_for_the_killer():
    options = NoirOptions(kills=5)
    state = table(options=options, deceased=["Udstad", "Vladimir", "Wilhelm"], kills=4)
    play(state, "kill", "Alyss")
    assert state.outcome() is not None and state.outcome().side == "killer"
    assert "5 kills" in state.outcome().reason


def test_no_kill_is_offered_without_a_living_neighbour():
    dead = ["Alyss", "Barrin", "Clive", "Franklin", "Horatio", "Kristoph", "Linus", "Marion"]
    state = table(killer="Geneva", deceased=dead)
    assert legal(state, "kill") == []
    assert legal(state, "shift") and "disguise: draw an evidence card" in legal(state)


# -- collapse -------------------------------------------------------------------------------


def test_a_row_of_the_dead_leaves_the_board_and_adjacency_closes_up():
    state = table(killer="Geneva", inspector="Ryan", deceased=["Franklin", "Irma", "Julian"])
    events = play(state, "kill", "Horatio")  # Geneva's own row is alive: no collapse
    assert not any(e.kind == "collapse" for e in events)
    state = table(
        killer="Barrin",
        inspector="Ryan",
        deceased=["Franklin", "Geneva", "Irma", "Julian"],
    )
    events = play(state, "kill", "Horatio")
    assert any(e.kind == "collapse" for e in events)
    assert (state.board.rows, state.board.cols) == (4, 5)
    assert [NAMES[s] for s in state.board.grid()[1]] == GRID[2]
    assert state.board.adjacent(sid("Barrin"), sid("Linus"))  # row 2 gone: rows 1 and 3 meet
    assert not state.board.on_board(sid("Horatio"))


def test_a_column_of_the_dead_leaves_the_board():
    state = table(
        killer="Geneva", inspector="Ryan", deceased=["Alyss", "Kristoph", "Phoebe", "Udstad"]
    )
    play(state, "kill", "Franklin")
    assert (state.board.rows, state.board.cols) == (5, 4)
    assert state.board.position(sid("Geneva")) == (1, 0)


def test_a_shift_that_leaves_a_column_dead_collapses_it_and_lifts_the_ban():
    dead = ["Alyss", "Geneva", "Linus", "Quinton", "Vladimir"]
    state = table(killer="Marion", inspector="Ryan", deceased=dead)
    # Column 2 is Barrin, then four dead. Row 1 right puts dead Alyss where Barrin stood.
    events = play(state, "shift", "row", 0, "right")
    assert any(e.kind == "collapse" for e in events)
    assert state.board.cols == 4 and not state.board.on_board(sid("Alyss"))
    assert [NAMES[s] for s in state.board.grid()[0]] == ["Ernest", "Barrin", "Clive", "Deidre"]
    assert state.last_shift is None and "shift row 1 left" in legal(state, "shift")


# -- disguise ----------------------------------------------------------------------------------


def test_disguise_with_a_living_card_takes_it_and_the_old_identity_fakes_his_death():
    state = table(killer="Geneva", deck=["Simon", "Trevor"], mode="standard")
    assert state.options.disguise == "deceased"  # the rulebook's rule is the default
    events = play(state, "disguise")
    assert state.killer == sid("Simon") and state.deck == [sid("Trevor")]
    assert state.discards == [sid("Geneva")] and not state.is_alive(sid("Geneva"))
    assert state.innocent == 0  # a deceased suspect gets no innocent marker
    assert state.kills == 0 and state.board.grid() == table().board.grid()  # no kill, no collapse
    public = [e for e in events if e.public]
    assert [e.kind for e in public] == ["disguise"]  # no canvas: a fake death is not a kill
    assert "Geneva" in public[0].text and "deceased" in public[0].text
    assert "Simon" not in public[0].text
    secret = [e for e in events if not e.public]
    assert secret[0].audience == frozenset({0}) and "Simon" in secret[0].text
    view = state.view(None)
    assert sid("Geneva") in view["deceased"] and view["innocent"] == []
    assert "kill Geneva" not in legal(state) and "arrest Geneva" not in legal(state)


def test_disguise_innocent_variant_keeps_the_old_identity_alive_and_marked():
    options = NoirOptions(mode="standard", disguise="innocent")
    state = table(killer="Geneva", deck=["Simon", "Trevor"], options=options)
    events = play(state, "disguise")
    assert state.killer == sid("Simon") and state.deck == [sid("Trevor")]
    assert state.discards == [sid("Geneva")] and state.is_alive(sid("Geneva"))
    assert state.innocent == 1 << sid("Geneva") and state.kills == 0
    assert "innocent" in events[0].text and "Simon" not in events[0].text


def test_a_fake_death_does_not_count_toward_the_kill_target():
    state = table(
        killer="Geneva", deck=["Simon"], options=NoirOptions(kills=3), deceased=["Alyss", "Clive"]
    )
    play(state, "disguise")
    assert state.kills == 2 and state.outcome() is None
    assert not state.is_alive(sid("Geneva")) and list(state.pending()) == [1]


def test_a_fake_death_collapses_a_line_left_all_deceased():
    dead = ["Barrin", "Linus", "Quinton", "Vladimir"]  # column 2 but Geneva
    state = table(killer="Geneva", deck=["Simon"], deceased=dead)
    events = play(state, "disguise")
    assert events[-1].kind == "collapse" and events[-1].data == {"rows": [], "columns": [1]}
    assert state.board.grid() == [
        [sid(n) for n in row]
        for row in (
            ("Alyss", "Clive", "Deidre", "Ernest"),
            ("Franklin", "Horatio", "Irma", "Julian"),
            ("Kristoph", "Marion", "Niel", "Ophelia"),
            ("Phoebe", "Ryan", "Simon", "Trevor"),
            ("Udstad", "Wilhelm", "Yvonne", "Zachary"),
        )
    ]
    assert state.kills == 4 and state.view(None)["removed"] == sorted(
        sid(n) for n in [*dead, "Geneva"]
    )


def test_the_innocent_variant_collapses_nothing():
    dead = ["Barrin", "Linus", "Quinton", "Vladimir"]
    options = NoirOptions(disguise="innocent")
    state = table(killer="Geneva", deck=["Simon"], deceased=dead, options=options)
    events = play(state, "disguise")
    assert [e.kind for e in events] == ["disguise", "your-identity"]
    assert (state.board.rows, state.board.cols) == (5, 5)


def test_bad_disguise_option_is_refused():
    with pytest.raises(OptionError, match="disguise"):
        NOIR.start(2, ["disguise=vanish"])


def test_disguise_with_a_dead_card_shows_it_and_keeps_the_identity():
    state = table(killer="Geneva", deck=["Simon"], deceased=["Simon"], mode="standard")
    events = play(state, "disguise")
    assert state.killer == sid("Geneva") and state.discards == [sid("Simon")]
    assert state.innocent == 0 and state.kills == 1  # no marker on the dead, no new death
    assert events[0].public and "deceased" in events[0].text
    assert state.deck == [] and list(state.pending()) == [1]


# -- arrest ----------------------------------------------------------------------------------


def test_arrest_a_neighbour_of_the_inspector_or_himself():
    state = table(killer="Alyss", inspector="Ryan", killer_to_move=False, deceased=["Simon"])
    assert set(legal(state, "arrest")) == {
        f"arrest {n}"
        for n in ("Linus", "Marion", "Niel", "Quinton", "Ryan", "Vladimir", "Wilhelm", "Yvonne")
    }


def test_a_failed_arrest_is_public_and_play_goes_on():
    state = table(killer="Alyss", inspector="Ryan", killer_to_move=False)
    events = play(state, "arrest", "Marion")
    assert events[0].public and "not the Killer" in events[0].text
    assert state.outcome() is None and list(state.pending()) == [0]


def test_arresting_the_killer_wins_for_the_inspector():
    state = table(killer="Marion", inspector="Ryan", killer_to_move=False)
    play(state, "arrest", "Marion")
    assert state.outcome().side == "inspector" and state.outcome().winners == {1}


# -- exonerate ---------------------------------------------------------------------------------


def test_exonerate_draws_then_clears_one_of_four_and_the_hand_stays_at_three():
    state = table(killer_to_move=False, deck=["Simon", "Trevor"])
    events = play(state, "exonerate")
    assert state.phase == EXONERATING and len(state.hand) == 4 and sid("Simon") in state.hand
    assert [e.audience for e in events if not e.public] == [frozenset({1})]
    assert len(legal(state, "discard")) == 4 and list(state.pending()) == [1]
    events = play(state, "discard", "Simon")
    assert len(state.hand) == 3 and state.discards == [sid("Simon")]
    assert events[0].public and not any(e.kind == "canvas" for e in events)  # classic
    assert list(state.pending()) == [0] and state.turn == 3  # one turn for both choices


def test_standard_exonerate_marks_the_living_and_canvasses_the_killer():
    state = table(
        killer="Geneva", killer_to_move=False, mode="standard", hand=("Alyss", "Ernest", "Zachary")
    )
    play(state, "exonerate")
    events = play(state, "discard", "Alyss")
    assert state.innocent >> sid("Alyss") & 1
    canvas = [e for e in events if e.kind == "canvas"]
    assert canvas and canvas[0].public and canvas[0].data["adjacent"] is True
    play(state, "shift", "row", 4, "left")
    play(state, "exonerate")
    events = play(state, "discard", "Zachary")
    assert [e.data["adjacent"] for e in events if e.kind == "canvas"] == [False]


def test_a_dead_exonerated_suspect_gets_no_marker_but_is_still_canvassed():
    state = table(killer="Geneva", killer_to_move=False, mode="standard", deceased=["Alyss"])
    play(state, "exonerate")
    events = play(state, "discard", "Alyss")
    assert not state.innocent >> sid("Alyss") & 1
    assert [e.data["adjacent"] for e in events if e.kind == "canvas"] == [True]


def test_killing_a_marked_innocent_makes_the_inspector_answer():
    state = table(killer="Geneva", inspector="Linus", innocent=["Marion", "Alyss"], mode="standard")
    events = play(state, "kill", "Marion")
    canvas = [e for e in events if e.kind == "canvas"]
    assert canvas[0].public and canvas[0].data == {
        "suspect": sid("Marion"),
        "role": "inspector",
        "adjacent": True,
    }
    play(state, "shift", "row", 4, "left")
    events = play(state, "kill", "Alyss")
    assert [e.data["adjacent"] for e in events if e.kind == "canvas"] == [False]


def test_classic_has_no_canvas_after_killing_a_cleared_suspect():
    state = table(killer="Geneva", inspector="Linus", innocent=["Marion"])
    assert not any(e.kind == "canvas" for e in play(state, "kill", "Marion"))


# -- citizen's arrest -------------------------------------------------------------------------


def test_citizens_arrest_only_in_its_mode():
    assert legal(table(killer_to_move=False, mode="standard"), "citizen") == []
    state = table(killer_to_move=False, mode="citizens-arrest")
    assert len(legal(state, "citizen")) == 3


def test_citizens_arrest_draws_nothing_and_the_hand_shrinks_for_good():
    state = table(killer="Geneva", inspector="Ryan", killer_to_move=False, mode="citizens-arrest")
    play(state, "citizen", "Alyss")
    assert len(state.hand) == 2 and len(state.deck) == 4 and state.citizens_arrests == 1
    assert set(legal(state, "citizen-arrest")) == {
        "citizen's arrest of Barrin", "citizen's arrest of Franklin", "citizen's arrest of Geneva"
    }  # fmt: skip
    events = play(state, "citizen-arrest", "Barrin")
    assert "not the Killer" in events[0].text and state.outcome() is None
    assert list(state.pending()) == [0]


def test_a_citizens_arrest_of_the_killer_wins():
    state = table(killer="Geneva", inspector="Ryan", killer_to_move=False, mode="citizens-arrest")
    play(state, "citizen", "Alyss")
    play(state, "citizen-arrest", "Geneva")
    assert state.outcome().side == "inspector"


def test_citizens_arrest_works_around_a_dead_exonerated_suspect():
    state = table(killer="Geneva", killer_to_move=False, mode="citizens-arrest", deceased=["Alyss"])
    assert "exonerate Alyss and make a citizen's arrest next to them" in legal(state, "citizen")
    play(state, "citizen", "Alyss")
    assert "citizen's arrest of Geneva" in legal(state)


def test_at_most_three_citizens_arrests():
    state = table(killer="Zachary", inspector="Ryan", killer_to_move=False, mode="citizens-arrest")
    for card, target in (("Alyss", "Barrin"), ("Ernest", "Deidre"), ("Zachary", "Yvonne")):
        play(state, "citizen", card)
        play(state, "citizen-arrest", target)
        play(state, "shift", "row", 2, "left" if state.turn % 4 else "right")
    assert state.citizens_arrests == 3 and state.hand == []
    assert legal(state, "citizen") == []
    play(state, "exonerate")  # a plain exonerate still works: draw one, clear one
    assert len(legal(state, "discard")) == 1


# -- empty deck, turn limit ----------------------------------------------------------------


def test_an_empty_deck_stops_disguise_and_exonerate():
    state = table(deck=[], mode="citizens-arrest")
    assert "disguise: draw an evidence card" not in legal(state)
    play(state, "shift", "row", 0, "left")
    assert legal(state, "exonerate") == [] and legal(state, "citizen") == []
    assert legal(state, "arrest")


def test_the_turn_limit_is_a_draw():
    options = NoirOptions(turn_limit=6)
    state = table(options=options, turn=4)
    play(state, "shift", "row", 0, "left")
    assert state.outcome() is None
    events = play(state, "shift", "row", 1, "left")
    assert state.outcome().side == "draw" and state.outcome().winners == frozenset()
    assert events[-1].kind == "draw" and state.pending() == {}
    with pytest.raises(IllegalAction, match="over"):
        state.act(0, 0)


def test_a_winning_kill_on_the_last_turn_is_a_win_not_a_draw():
    state = table(options=NoirOptions(turn_limit=3), inspector="Horatio", turn=2)
    play(state, "kill", "Horatio")
    assert state.outcome().side == "killer"


# -- bad input ----------------------------------------------------------------------------------


def test_illegal_actions_are_refused_and_change_nothing():
    state = table()
    before = state.view(0)
    with pytest.raises(IllegalAction, match="not asked"):
        state.act(1, state.space.get("arrest", sid("Ryan")))
    with pytest.raises(IllegalAction, match="not a legal action"):
        state.act(0, state.space.get("kill", sid("Zachary")))
    with pytest.raises(IllegalAction):
        state.act(0, 10_000)
    assert state.view(0) == before and state.history == []
    assert names([sid("Ryan")]) == {"Ryan"}


@pytest.mark.parametrize("mode", ["classic", "standard"])
def test_the_kept_constraints_are_those_of_the_whole_record(mode: str):
    """The state folds each fact into what the record allows as it learns it; at every step
    that equals reading the record from the start."""
    rng = random.Random(5)
    for seed in range(12):
        state = NOIR.start(2, {"mode": mode}, seed)
        while state.pending():
            seat = min(state.pending())
            state.act(seat, rng.choice(state.pending()[seat]))
            assert state.killer_allowed == killer_constraint(state.facts)
            assert state.inspector_allowed == inspector_constraint(state.facts)
