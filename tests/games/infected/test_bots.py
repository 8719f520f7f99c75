"""The heuristic bot: legal on both sides in every variant, and far better than random humans."""

import random
from collections.abc import Iterator
from dataclasses import replace

import pytest

from hiddenhand.bots.base import make_bot
from hiddenhand.bots.match import SeatLogs, play, turn_for
from hiddenhand.engine.errors import OptionError
from hiddenhand.engine.state import State
from hiddenhand.games.infected.reading import Reading, ViewReading, WorldReading
from tests.games.infected.helpers import (
    GAME,
    act,
    bare,
    infected_seed,
    kind,
    pass_all,
    refresh,
    set_equipped,
    stack,
    start,
    start_with_infected,
)


@pytest.mark.parametrize(
    ("players", "options"),
    [
        (1, []),
        (2, []),
        (3, ["variant=infection-spreads"]),
        (4, ["variant=all-okay", "advanced=true"]),
        (4, ["lead_by_vote=true", "harder=true"]),
        (3, ["variant=cooperative"]),
    ],
)
def test_heuristic_plays_legal_games_to_the_end(players: int, options: list[str]) -> None:
    for seed in range(6):
        state = GAME.start(players, options, seed)
        bots = [make_bot(GAME, "heuristic", s, seed) for s in range(players)]
        result = play(state, bots)
        assert result.outcome.side in ("humans", "zombies")


def _human_wins(spec: str, games: int) -> int:
    wins = 0
    for seed in range(games):
        state = GAME.start(4, None, 500 + seed)
        result = play(state, [make_bot(GAME, spec, s, seed) for s in range(4)])
        wins += result.outcome.side == "humans"
    return wins


@pytest.mark.slow
def test_heuristic_humans_beat_random_humans_by_a_wide_margin() -> None:
    smart = _human_wins("heuristic", 80)
    careless = _human_wins("heuristic:human=random", 80)
    assert smart >= careless + 20, (smart, careless)


def test_bot_options_are_checked() -> None:
    with pytest.raises(OptionError):
        make_bot(GAME, "heuristic:human=sometimes", 0)


def test_heuristic_plays_the_same_without_its_log() -> None:
    """Everything the heuristic reads is in its view, so the copies a search rolls out with
    (handed no log) play as the bots at the table do."""
    for seed in range(3):
        state = GAME.start(4, None, seed)
        bots = [make_bot(GAME, "heuristic", s, seed) for s in range(4)]
        logs = SeatLogs(4)
        decisions = 0
        while pending := state.pending():
            seat = min(pending)
            bot = bots[seat]
            turn = turn_for(state, seat, bot, logs.of(seat))
            luck = bot.rng.getstate()
            forgetful = bot.decide(replace(turn, log=()))
            bot.rng.setstate(luck)
            action = bot.decide(turn)
            assert action == forgetful
            decisions += len(turn.legal) > 1
            logs.add(state.act(seat, action))
        assert decisions > 50


SETUPS = [
    (4, []),
    (1, []),
    (2, []),
    (3, ["advanced=true", "harder=true"]),
    (4, ["lead_by_vote=true"]),
    (3, ["variant=infection-spreads"]),
    (4, ["variant=all-okay", "advanced=true"]),
    (3, ["variant=cooperative"]),
]
"""Seat counts and options whose positions the in-world reading is checked on."""


def _positions(players: int, options: list[str], seeds: range) -> Iterator[tuple[State, int]]:
    """Every position of seeded games, with the seat to move: heuristic bots at most seats, a
    random one at the others (so votes, exposures and odd hands come up too). With two players
    the heuristic's first call ends the standard game at once, so both seats play at random."""
    for seed in seeds:
        state = GAME.start(players, options, seed)
        walkers = [
            make_bot(
                GAME, "random" if (s + seed) % 3 == 0 or players == 2 else "heuristic", s, seed
            )
            for s in range(players)
        ]
        steps = 0
        while state.pending() and steps < 1500:
            seat = min(state.pending())
            yield state, seat
            walker = walkers[seat]
            state.act(seat, walker.decide(turn_for(state, seat, walker, [])))
            steps += 1


def _readings(reading: Reading) -> dict[str, object]:
    """Everything a reading answers, by name."""
    n = reading.n
    answers: dict[str, object] = {
        "seat": reading.seat,
        "n": n,
        "phase": reading.phase,
        "infected": reading.infected,
        "stage": reading.stage(),
        "hand_values": sorted(reading.hand_values()),
        "pile_value": reading.pile_value(),
        "threat": list(reading.threat()),
        "threat_sum": reading.threat_sum(),
        "known_top": reading.known_top(),
        "wounds": [reading.wounds(p) for p in range(n)],
        "hitpoints": reading.hitpoints(),
        "ability": reading.ability(),
        "equipped_count": reading.equipped_count(),
        "ready_plain_value": reading.ready_plain_value(),
        "tests": reading.tests(),
        "shown_fails": [reading.shown_fails(p) for p in range(n)],
        "exposed": [reading.exposed(p) for p in range(n)],
        "fail_claims": list(reading.fail_claims()),
        "leader": reading.leader(),
        "resources": reading.resources(),
        "suspicion": reading.suspicion(),
    }
    if reading.threat():
        answers["threat_has_effect"] = reading.threat_has_effect()
    if reading.phase == "vote":
        answers["vote"] = reading.vote()
    return answers


@pytest.mark.parametrize(("players", "options"), SETUPS)
def test_reading_a_world_reads_what_its_view_shows(players: int, options: list[str]) -> None:
    """Rollouts read a determinized world instead of building its view: every answer must be
    the one the seat's view gives, for every seat, at every position."""
    rng = random.Random(players)
    compared = 0
    for state, mover in _positions(players, options, range(2)):
        world = state.determinize(mover, rng)
        for seat in range(players):
            by_view = _readings(ViewReading(world.view(seat), seat))
            assert _readings(WorldReading(world, seat)) == by_view
            compared += 1
    assert compared > 100


@pytest.mark.parametrize(("players", "options"), SETUPS)
def test_deciding_in_a_world_plays_as_deciding_from_the_view(
    players: int, options: list[str]
) -> None:
    """The decision read from a determinized world is the one made from that world's view,
    with the same use of the bot's generator, at every position of many seeded games."""
    rng = random.Random(7)
    compared = 0
    kinds: set[str] = set()
    for state, seat in _positions(players, options, range(6)):
        legal = tuple(state.legal(seat))
        if len(legal) == 1:
            continue
        world = state.determinize(seat, rng)
        by_view = make_bot(GAME, "heuristic", seat, compared)
        in_world = make_bot(GAME, "heuristic", seat, compared)
        expected = by_view.decide(turn_for(world, seat, by_view, []))
        assert in_world.decide_in(world, seat, legal) == expected
        assert in_world.rng.getstate() == by_view.rng.getstate()
        kinds.add(expected.kind)
        compared += 1
    assert compared > 150
    assert {"play", "draw", "use_none", "claim"} <= kinds


@pytest.mark.parametrize(
    ("players", "variant"),
    [(2, "standard"), (3, "standard"), (3, "infection-spreads"), (4, "all-okay")],
)
def test_a_clean_seats_suspicion_before_any_evidence_is_what_the_deal_gives(
    players: int, variant: str
) -> None:
    """Where a sample is left out of the deal, nobody may be infected: the heuristic weighs
    that world as the determinizer deals it, not more or less."""
    seed = next(s for s in range(100) if start(players, s, variant=variant).samples[0] == ["clean"])
    state = start(players, seed, variant=variant)
    suspicion = ViewReading(state.view(0), 0).suspicion()
    rng = random.Random(7)
    worlds = 3000
    dealt = [0] * players
    for _ in range(worlds):
        world = state.determinize(0, rng)
        for p in range(1, players):
            dealt[p] += "virus" in world.samples[p]  # type: ignore[attr-defined]
    assert suspicion[0] == 0.0
    for p in range(1, players):
        assert suspicion[p] == pytest.approx(dealt[p] / worlds, abs=0.03), (p, dealt, suspicion)


@pytest.mark.parametrize(("players", "votes"), [(2, "yes"), (3, "no")])
def test_a_clean_heuristic_votes_on_an_even_chance_only_with_two_players(
    players: int, votes: str
) -> None:
    """With two players a spared infected calls next and wins: an even chance is reason
    enough; with three, a clean survivor wants evidence before it votes to destroy."""
    state = start(players, infected_seed(players, 1))
    bare(state)
    bad = next(s for s in range(players) if state.is_infected(s))
    caller = (bad + 1) % players
    act(state, caller, "call_destroy")
    act(state, caller, "destroy_target", bad)
    act(state, caller, "pass")
    pass_all(state)
    assert state.phase == "vote" and caller in state.pending()
    bot = make_bot(GAME, "heuristic", caller, 0)
    # two players: the other or nobody; three (standard): one of the other two
    assert ViewReading(state.view(caller), caller).suspicion()[bad] == pytest.approx(0.5)
    vote = bot.decide(turn_for(state, caller, bot, []))
    assert vote.args == (votes,)


@pytest.mark.parametrize(("players", "calls"), [(2, True), (3, False)])
def test_with_two_players_both_sides_call_a_destroy_vote_at_their_first_choice(
    players: int, calls: bool
) -> None:
    """With two players one yes destroys, so the first call decides the game: the infected
    calls at once (the other is clean), and a clean seat with no evidence calls too, since
    waiting loses every deal where the other holds the virus. With three a clean seat waits."""
    state = start(players, infected_seed(players, 1))
    bad = next(s for s in range(players) if state.is_infected(s))
    clean = (bad + 1) % players
    assert state.phase == "action" and {bad, clean} <= set(state.pending())
    # With three the infected calls now and then at random: only the clean seat is asked.
    for seat, is_caller in [(clean, calls)] + ([(bad, True)] if players == 2 else []):
        bot = make_bot(GAME, "heuristic", seat, 0)
        choice = bot.decide(turn_for(state, seat, bot, []))
        assert (choice.kind == "call_destroy") == is_caller, (seat, choice)


def test_a_clean_seat_spends_no_action_on_a_destroy_vote_once_the_infected_is_exposed() -> None:
    """An exposed infected is out of a vote's reach, and with it known nobody else holds the
    virus: a call could only spend the action (it called every round, on a suspicion of 1)."""
    state = start_with_infected(3, 8)
    bare(state)
    bad = next(s for s in range(3) if state.is_infected(s))
    state.leader = bad
    refresh(state)
    act(state, bad, "zombify")
    pass_all(state)
    bots = [make_bot(GAME, "heuristic", seat, 0) for seat in range(3)]
    while state.phase != "action":
        seat = min(state.pending())
        state.act(seat, bots[seat].decide(turn_for(state, seat, bots[seat], [])))
    clean = [s for s in sorted(state.pending()) if s != bad]
    assert clean and state.exposed[bad]
    for seat in clean:
        assert ViewReading(state.view(seat), seat).suspicion()[bad] == pytest.approx(1.0)
        assert "call_destroy" in [a.kind for a in state.legal(seat)]
        choice = bots[seat].decide(turn_for(state, seat, bots[seat], []))
        assert choice.kind != "call_destroy", (seat, choice)


def test_a_clean_seats_kit_tests_the_least_tested_seat_that_holds_the_leader_card_soonest() -> None:
    """Only as Leader can the infected finish zombification, out of every vote's reach: among
    the seats tested least, a clean seat's Blood Sample Kit goes to the one whose turn with the
    Leader card comes first (this round's Leader has had it)."""
    state = start(4, 10)
    bare(state)
    tester = next(s for s in range(4) if not state.is_infected(s))
    state.leader = (tester + 1) % 4
    refresh(state)
    set_equipped(state, tester, [("Blood Sample Kit", True)])
    stack(state, ["Walker"])
    pass_all(state)
    act(state, tester, "use", kind("Blood Sample Kit"))
    bot = make_bot(GAME, "heuristic", tester, 0)
    choice = bot.decide(turn_for(state, tester, bot, []))
    assert (choice.kind, choice.args[0]) == ("test_target", (tester + 2) % 4)
    state.tests.append((tester, (tester + 2) % 4, "clean"))  # tested once: the next one now
    choice = bot.decide(turn_for(state, tester, bot, []))
    assert (choice.kind, choice.args[0]) == ("test_target", (tester + 3) % 4)
