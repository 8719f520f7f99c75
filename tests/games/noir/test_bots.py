"""The heuristic bot: it plays both roles from its Turn alone, and it beats random play."""

import random

import pytest

from hiddenhand.bots.base import RandomBot
from hiddenhand.bots.match import SeatLogs, play, turn_for
from hiddenhand.games.noir import NOIR, NoirOptions
from hiddenhand.games.noir.bots import ARREST_SUSPECTS, HeuristicBot, Scene, _set_up_values
from hiddenhand.games.noir.knowledge import ARREST, KILL, Fact
from hiddenhand.games.noir.suspects import NAMES, members
from tests.games.noir.tables import names, sid, table
from tests.games.noir.tables import play as act


def rate(mode: str, killer: str, inspector: str, games: int = 150) -> float:
    """The Killer's share of wins; seat 0 is the Killer."""
    wins = 0
    factories = {"heuristic": HeuristicBot, "random": RandomBot}
    for seed in range(games):
        state = NOIR.start(2, [f"mode={mode}", "roles=killer-seat-0"], seed)
        bots = [factories[killer](0, seed), factories[inspector](1, seed)]
        wins += play(state, bots).outcome.side == "killer"
    return wins / games


@pytest.mark.parametrize("mode", ["classic", "standard", "citizens-arrest"])
def test_the_heuristic_killer_beats_a_random_inspector(mode):
    assert rate(mode, "heuristic", "random") > 0.75


@pytest.mark.parametrize("mode", ["classic", "standard", "citizens-arrest"])
def test_the_heuristic_inspector_beats_a_random_killer(mode):
    assert rate(mode, "random", "heuristic") < 0.25


def decide(state, seat: int, seed: int = 0, kill_safe: int | None = None):
    bot = HeuristicBot(seat, seed, kill_safe)
    return bot.decide(turn_for(state, seat, bot, []))


def test_the_inspector_arrests_the_only_possible_killer_within_reach():
    state = table(killer="Marion", inspector="Ryan", killer_to_move=False)
    board = state.board
    # Two kills pin the Killer: next to Linus and next to Niel, not arrested at Horatio.
    state._learn(Fact(KILL, sid("Linus"), board.near_mask(sid("Linus"))))
    state._learn(Fact(KILL, sid("Niel"), board.near_mask(sid("Niel"))))
    state.alive &= ~(1 << sid("Linus")) & ~(1 << sid("Niel"))
    state._learn(Fact(ARREST, sid("Horatio"), board.near_mask(sid("Horatio"))))
    state.rearranged()
    assert state.view(1)["candidates"] == [sid("Marion")]  # Horatio was arrested, Ryan is him
    assert str(decide(state, 1)) == "arrest Marion"


def test_the_killer_kills_the_inspector_once_only_one_suspect_fits():
    state = table(killer="Geneva", inspector="Horatio")
    board = state.board
    # The Inspector arrested Clive, then Deidre: he stands next to both (or is one of them).
    for x in ("Clive", "Deidre"):
        state._learn(Fact(ARREST, sid(x), board.near_mask(sid(x)) | 1 << sid(x)))
    for dead in ("Clive", "Deidre", "Irma"):  # killed since: only Horatio is left
        state.alive &= ~(1 << sid(dead))
    state.rearranged()
    assert state.view(0)["candidates"] == [sid("Horatio")]
    assert str(decide(state, 0)) == "kill Horatio"


@pytest.mark.parametrize("disguise", ["deceased", "innocent"])
def test_the_killer_disguises_when_the_public_record_has_nearly_found_him(disguise):
    options = NoirOptions(disguise=disguise)
    state = table(killer="Alyss", inspector="Ryan", deck=["Yvonne"], options=options)
    board = state.board
    state._learn(Fact(KILL, sid("Geneva"), board.near_mask(sid("Geneva"))))
    state._learn(Fact(KILL, sid("Franklin"), board.near_mask(sid("Franklin"))))
    state._learn(Fact(KILL, sid("Barrin"), board.near_mask(sid("Barrin"))))
    state.alive &= ~(1 << sid("Geneva")) & ~(1 << sid("Franklin")) & ~(1 << sid("Barrin"))
    state.rearranged()
    assert str(decide(state, 0)) == "disguise: draw an evidence card"


def test_the_bot_decides_from_what_its_seat_knows_only():
    """Any two tables the seat cannot tell apart get the same decision."""
    for seed in range(30):
        state = NOIR.start(2, ["mode=standard"], seed)
        rng = random.Random(seed)
        logs = SeatLogs(2)
        for _ in range(rng.randrange(1, 30)):
            if not state.pending():
                break
            seat, choices = next(iter(state.pending().items()))
            logs.add(state.act(seat, rng.choice(choices)))
        if not state.pending():
            continue
        seat = next(iter(state.pending()))
        twin = state.determinize(seat, rng)
        assert decide(state, seat, seed) == decide(twin, seat, seed)


def test_the_inspector_steps_out_of_reach_when_too_many_could_be_the_killer():
    state = table(
        killer="Yvonne",
        inspector="Barrin",
        hand=("Trevor", "Udstad", "Zachary"),
        killer_to_move=False,
    )
    assert len(state.view(1)["candidates"]) > 4  # too many to arrest one at random
    assert str(decide(state, 1)) == "shift row 1 left"  # Barrin to a corner: 3 neighbours, not 5


@pytest.mark.parametrize("disguise", ["deceased", "innocent"])
def test_after_a_disguise_the_inspector_no_longer_chases_the_old_identity(disguise):
    dealt = {"Geneva", "Horatio", "Trevor", "Udstad", "Zachary"}
    deck = [n for n in NAMES if n not in dealt]
    options = NoirOptions(disguise=disguise)
    hand = ("Trevor", "Udstad", "Zachary")
    state = table(killer="Geneva", inspector="Horatio", hand=hand, deck=deck, options=options)
    board = state.board
    for victim in ("Alyss", "Clive", "Kristoph"):  # only Geneva stands next to all three
        state._learn(Fact(KILL, sid(victim), board.near_mask(sid(victim))))
        state.alive &= ~(1 << sid(victim))
    state.rearranged()
    assert state.view(1)["candidates"] == [sid("Geneva")]
    act(state, "disguise")  # draws Alyss's card: dead, the identity stays
    assert state.killer == sid("Geneva")
    assert str(decide(state, 1)) == "arrest Geneva"
    act(state, "shift", "row", 4, "left")
    act(state, "disguise")  # draws Barrin: alive, the new identity
    assert state.killer == sid("Barrin")
    cands = state.view(1)["candidates"]
    assert sid("Geneva") not in cands and len(cands) == 25 - 3 - 5
    assert str(decide(state, 1)) != "arrest Geneva"


@pytest.mark.parametrize("mode", ["classic", "standard", "citizens-arrest"])
def test_deciding_in_a_world_plays_as_deciding_from_the_view(mode):
    """Rollouts read a determinized world directly; that must be the view's decision."""
    rng = random.Random(mode)
    compared = 0
    for seed in range(25):
        state = NOIR.start(2, [f"mode={mode}"], seed)
        walkers = [HeuristicBot(s, seed) for s in range(2)]
        while state.pending():
            seat = min(state.pending())
            legal = tuple(state.legal(seat))
            for looker in range(2):
                world = state.determinize(looker, rng)
                if looker == seat and len(legal) > 1:
                    by_view = HeuristicBot(seat, seed)
                    in_world = HeuristicBot(seat, seed)
                    expected = by_view.decide(turn_for(world, seat, by_view, []))
                    assert in_world.decide_in(world, seat, legal) == expected
                    compared += 1
            walker = walkers[seat]
            state.act(seat, walker.decide(turn_for(state, seat, walker, [])))
    assert compared > 200


def test_shift_tables_weigh_every_shift_as_the_board_does():
    """The heuristic weighs shifts from tables of the board's shape; they must give what the
    board itself gives, on boards with lines removed too."""
    from hiddenhand.games.noir import moves
    from hiddenhand.games.noir.board import Board
    from hiddenhand.games.noir.bots import Scene

    rng = random.Random(3)
    checked = 0
    for _ in range(300):
        rows, cols = rng.randint(1, 5), rng.randint(1, 5)
        cells = rng.sample(range(25), rows * cols)
        board = Board(rows, cols, cells)
        scene = Scene.of_view(
            {
                "you": "inspector",
                "grid": board.grid(),
                "deceased": [],
                "innocent": [],
                "facts": [],
                "discards": [],
                "identity": cells[0],
                "hand": [],
                "mode": "standard",
                "candidates": None,
            }
        )
        shifts = list(moves.shifts(rows, cols, None, None))
        for _ in range(4):
            who = rng.choice([*cells, *(s for s in range(25) if s not in cells)][:26])
            targets = rng.getrandbits(25)
            expected = [float(scene.reach_after(a, who, targets)) for a in shifts]
            assert scene.reach_each(shifts, who, targets) == expected
            others = targets & ~(1 << who)
            two = [a for a in shifts if scene.closest_after(a, who, others) == 2]
            assert scene.two_steps_after(shifts, who, others) == two
            checked += len(shifts)
    assert checked > 5000


CAUTIOUS = 4
"""The third version's Killer (`heuristic:kill_safe=4`): his kills leave four suspects."""


def _set_up_by_board(scene, shifts, me, inspectors, watched, kill_safe) -> list[float]:
    """How the Killer weighed setting up a kill before the tables: shifting each neighbour on
    the board itself."""
    from hiddenhand.games.noir.bots import HUNT_SUSPECTS
    from hiddenhand.games.noir.suspects import bit

    board, suspects = scene.board, inspectors.bit_count()
    values = []
    for a in shifts:
        axis, index, direction = a.args[0], int(a.args[1]), str(a.args[2])
        near = board.near_mask_after_shift(me, axis, index, direction) & scene.alive
        wide = 0
        for v in members(near):
            after = board.near_mask_after_shift(v, axis, index, direction)
            wide = max(wide, (watched & after & ~bit(v)).bit_count())
        value = float(min(wide, 6)) if wide >= kill_safe else 0.0
        if suspects and suspects <= HUNT_SUSPECTS:
            value += 8.0 * (near & inspectors).bit_count() / suspects
        values.append(value)
    return values


def test_the_killer_weighs_setting_up_a_kill_from_the_tables_as_the_board_does():
    """The Killer weighs every shift that may set a kill up from the tables of the board's
    shape; it must give what shifting the board itself gives, on boards with lines removed,
    with dead suspects, and with few or many suspects for the Inspector."""
    from hiddenhand.games.noir import moves
    from hiddenhand.games.noir.board import Board

    rng = random.Random(5)
    bots = [HeuristicBot(1, 0, kill_safe) for kill_safe in (1, 2, CAUTIOUS)]
    checked = 0
    for _ in range(300):
        rows, cols = rng.randint(1, 5), rng.randint(1, 5)
        cells = rng.sample(range(25), rows * cols)
        board = Board(rows, cols, cells)
        scene = Scene.of_view(
            {
                "you": "killer",
                "grid": board.grid(),
                "deceased": [],
                "innocent": [],
                "facts": [],
                "discards": [],
                "identity": cells[0],
                "hand": [],
                "mode": "classic",
                "candidates": None,
            }
        )
        shifts = list(moves.shifts(rows, cols, None, None))
        for _ in range(4):
            scene.alive = rng.getrandbits(25) | rng.getrandbits(25)
            me = rng.choice([*cells, *(s for s in range(25) if s not in cells)][:26])
            inspectors = rng.getrandbits(25) & rng.choice([rng.getrandbits(25), 1 << 24 | 1 << 3])
            watched = rng.getrandbits(25) | rng.getrandbits(25)
            for bot in bots:
                expected = _set_up_by_board(scene, shifts, me, inspectors, watched, bot.kill_safe)
                assert _set_up_values(bot, scene, shifts, me, inspectors, watched) == expected
                checked += len(shifts)
    assert checked > 5000


# -- the third version: each rule in a position where it decides -----------------------------


def killed(state, *victims: str) -> None:
    """The Killer killed these suspects, in order, on the board as it stands."""
    for victim in victims:
        state._learn(Fact(KILL, sid(victim), state.board.near_mask(sid(victim))))
        state.alive &= ~(1 << sid(victim))
    state.rearranged()


def arrested(state, *suspects: str) -> None:
    """The Inspector arrested these suspects in vain (he stands on or next to each)."""
    for x in suspects:
        state._learn(Fact(ARREST, sid(x), state.board.near_mask(sid(x)) | 1 << sid(x)))
    state.rearranged()


def left_after_kill(state, victim: int) -> int:
    """The suspects the public record would leave the Inspector after killing `victim`."""
    scene = Scene.of_view(state.view(0))
    return (scene.public_killers() & state.board.near_mask(victim) & ~(1 << victim)).bit_count()


def test_the_killer_kills_when_he_can_even_if_the_kill_narrows_the_suspects():
    state = table(killer="Geneva", inspector="Alyss", hand=("Ernest", "Udstad", "Zachary"))
    killed(state, "Barrin")  # the Killer stands next to Barrin: five suspects fit
    kills = [a for a in state.legal(0) if a.kind == "kill"]
    assert kills and all(left_after_kill(state, int(a.args[0])) < CAUTIOUS for a in kills)
    # the cautious Killer shifts here (below); a shift is a turn the Inspector closes in with
    action = decide(state, 0)
    assert action.kind == "kill"
    widest = max(left_after_kill(state, int(a.args[0])) for a in kills)
    assert left_after_kill(state, int(action.args[0])) == widest


def test_the_cautious_killer_shifts_to_set_up_a_kill_that_keeps_the_inspector_guessing():
    state = table(killer="Geneva", inspector="Alyss", hand=("Ernest", "Udstad", "Zachary"))
    killed(state, "Barrin")  # the Killer stands next to Barrin: five suspects fit
    kills = [a for a in state.legal(0) if a.kind == "kill"]
    assert kills and all(left_after_kill(state, int(a.args[0])) < CAUTIOUS for a in kills)
    action = decide(state, 0, kill_safe=CAUTIOUS)
    assert action.kind == "shift"  # the first version kills Linus
    axis, index, direction = action.args
    board = state.board
    near = board.near_mask_after_shift(sid("Geneva"), axis, index, direction) & state.alive
    scene = Scene.of_view(state.view(0))
    assert any(
        (
            scene.public_killers()
            & board.near_mask_after_shift(v, axis, index, direction)
            & ~(1 << v)
        ).bit_count()
        >= CAUTIOUS
        for v in members(near)
    )


def test_the_killer_strikes_at_one_of_few_possible_inspectors_within_reach():
    state = table(killer="Geneva", inspector="Horatio", hand=("Ernest", "Udstad", "Zachary"))
    arrested(state, "Barrin", "Clive")
    killed(state, "Alyss")
    assert names(state.view(0)["candidates"]) == {"Barrin", "Clive", "Horatio"}
    assert str(decide(state, 0)) in ("kill Barrin", "kill Clive", "kill Horatio")


def test_the_cautious_killer_hunts_a_narrowed_down_inspector_with_a_shift():
    state = table(killer="Marion", inspector="Deidre", hand=("Ernest", "Udstad", "Zachary"))
    arrested(state, "Clive", "Julian")
    killed(state, "Irma")
    assert state.view(0)["candidates"] == [sid("Deidre")]
    assert not state.board.adjacent(sid("Marion"), sid("Deidre"))
    assert str(decide(state, 0, kill_safe=CAUTIOUS)) == "shift column 4 down"
    # the Killer who kills whenever he can kills here: hunting costs him the turns he needs
    assert decide(state, 0).kind == "kill"
    act(state, "shift", "column", 3, "down")
    assert state.board.adjacent(sid("Marion"), sid("Deidre"))  # his to kill next turn


def test_the_inspector_arrests_as_soon_as_few_candidates_are_within_reach():
    state = table(killer="Marion", inspector="Niel", killer_to_move=False)
    killed(state, "Horatio")
    candidates = state.view(1)["candidates"]
    assert 3 < len(candidates) <= ARREST_SUSPECTS
    # Irma and Marion are within reach; the first version exonerates instead.
    assert str(decide(state, 1)) in ("arrest Irma", "arrest Marion")


@pytest.mark.parametrize("mode", ["classic", "standard"])
def test_the_inspector_canvasses_when_the_answer_halves_his_candidates(mode):
    hand = ("Irma", "Alyss", "Ernest")
    state = table(killer="Marion", inspector="Udstad", hand=hand, mode=mode, killer_to_move=False)
    killed(state, "Geneva", "Horatio")
    assert names(state.view(1)["candidates"]) == {"Barrin", "Clive", "Linus", "Marion"}
    # Around Irma stand Clive and Marion: either answer halves the four candidates.
    action = decide(state, 1)
    if mode == "classic":  # no canvas: he shifts a candidate into his reach
        assert action.kind == "shift"
        return
    assert str(action) == "exonerate: draw an evidence card, then clear one"
    act(state, "exonerate")
    assert str(decide(state, 1)) == "exonerate Irma"
