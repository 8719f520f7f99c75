"""The determinizer and the candidate sets agree with a record kept independently here.

The tracker below watches random games from the outside: it keeps each kill with the board as
it stood, each canvas answer and each arrest, and checks every candidate set and every sample
against them by brute force over the 25 suspects.
"""

import random
from collections.abc import Callable

import pytest

from hiddenhand.games.noir import NOIR, NoirOptions, NoirState
from hiddenhand.games.noir.board import Board
from hiddenhand.games.noir.suspects import NAMES

Rule = Callable[[int], bool]
DECEASED, INNOCENT = "deceased", "innocent"


class Tracker:
    """What each role may deduce, as plain predicates over a candidate identity."""

    def __init__(self) -> None:
        self.killer_rules: list[Rule] = []
        self.inspector_rules: list[Rule] = []

    def watch(self, before: Board, state: NoirState, kind: str, target: int, events: list) -> None:
        if kind == "kill":
            self.killer_rules.append(lambda k, b=before, v=target: b.adjacent(k, v))
        for e in events:
            if e.kind == "canvas" and "adjacent" in e.data:
                s, answer = e.data["suspect"], e.data["adjacent"]
                rule: Rule = lambda x, b=before, s=s, a=answer: b.adjacent(x, s) == a  # noqa: E731
                if e.data["role"] == "killer":
                    self.killer_rules.append(rule)
                else:
                    self.inspector_rules.append(rule)
            elif e.kind == "arrest" and "suspect" in e.data:
                x = e.data["suspect"]
                self.killer_rules.append(lambda k, x=x: k != x)
                if not e.data["citizens"]:
                    self.inspector_rules.append(lambda i, b=before, x=x: i == x or b.adjacent(i, x))
            elif e.kind == "disguise":
                self.killer_rules = []

    def killers(self, state: NoirState) -> set[int]:
        seen = {*state.hand, state.inspector, *state.discards}
        return {
            k
            for k in range(25)
            if state.is_alive(k) and k not in seen and all(r(k) for r in self.killer_rules)
        }

    def inspectors(self, state: NoirState) -> set[int]:
        seen = {state.killer, *state.discards}
        return {
            i
            for i in range(25)
            if state.is_alive(i) and i not in seen and all(r(i) for r in self.inspector_rules)
        }


def games(mode: str, seeds: range, disguise: str = "deceased"):
    for seed in seeds:
        state = NOIR.start(2, [f"mode={mode}", f"disguise={disguise}"], seed)
        rng = random.Random(seed)
        tracker = Tracker()
        while state.pending():
            yield state, tracker
            seat, choices = next(iter(state.pending().items()))
            action = rng.choice(choices)
            before = state.board.copy()
            target = int(action.args[0]) if action.args and isinstance(action.args[0], int) else -1
            events = state.act(seat, action)
            tracker.watch(before, state, action.kind, target, events)


MODES = ["classic", "standard", "citizens-arrest"]
# 120 seeded games per mode, split between the two readings of a successful Disguise
VARIANTS = [
    (m, d, seeds) for m in MODES for d, seeds in ((DECEASED, range(60)), (INNOCENT, range(60, 120)))
]


@pytest.mark.parametrize(("mode", "disguise", "seeds"), VARIANTS)
def test_candidate_sets_are_exactly_what_the_record_allows(mode, disguise, seeds):
    checked = 0
    for state, tracker in games(mode, seeds, disguise):
        killers = tracker.killers(state)
        assert set(state.view(state.inspector_seat)["candidates"]) == killers
        assert state.killer in killers
        if state.inspector >= 0:
            inspectors = tracker.inspectors(state)
            assert set(state.view(state.killer_seat)["candidates"]) == inspectors
            assert state.inspector in inspectors
        checked += 1
    assert checked > 2500


@pytest.mark.parametrize(("mode", "disguise", "seeds"), VARIANTS)
def test_samples_fit_every_kill_canvas_and_arrest(mode, disguise, seeds):
    rng = random.Random(7)
    for n, (state, tracker) in enumerate(games(mode, seeds, disguise)):
        if n % 3:
            continue
        inspector = state.inspector_seat
        sample = state.determinize(inspector, rng)
        assert sample.killer in tracker.killers(state)
        assert (sample.inspector, sample.hand, sample.discards) == (
            state.inspector, state.hand, state.discards
        )  # fmt: skip
        assert sorted([sample.killer, *sample.deck]) == sorted([state.killer, *state.deck])
        killer = state.killer_seat
        sample = state.determinize(killer, rng)
        assert sample.killer == state.killer and len(sample.hand) == len(state.hand)
        if state.inspector >= 0:
            assert sample.inspector in tracker.inspectors(state)
        pool = sorted([*state.hand, *state.deck, *([state.inspector] * (state.inspector >= 0))])
        mine = [*sample.hand, *sample.deck, *([sample.inspector] * (sample.inspector >= 0))]
        assert sorted(mine) == pool


def test_samples_really_vary_among_the_candidates():
    rng = random.Random(3)
    spread_killers = spread_inspectors = False
    for state, _ in games("standard", range(20)):
        if len(state.view(state.inspector_seat)["candidates"]) > 2:
            got = {state.determinize(state.inspector_seat, rng).killer for _ in range(30)}
            spread_killers |= len(got) > 1
        cands = state.view(state.killer_seat)["candidates"]
        if cands and len(cands) > 2:
            got = {state.determinize(state.killer_seat, rng).inspector for _ in range(30)}
            spread_inspectors |= len(got) > 1
    assert spread_killers and spread_inspectors


@pytest.mark.parametrize("disguise", [DECEASED, INNOCENT])
def test_a_disguise_resets_what_the_kills_said_about_the_killer(disguise):
    from tests.games.noir.tables import play, sid, table

    options = NoirOptions(disguise=disguise)
    dealt = {"Geneva", "Ryan", "Alyss", "Ernest", "Zachary", "Wilhelm"}
    deck = ["Wilhelm", *(n for n in NAMES if n not in dealt)]  # a whole deal, Wilhelm on top
    state = table(killer="Geneva", inspector="Ryan", deck=deck, options=options)
    play(state, "kill", "Alyss")
    around_alyss = {sid(n) for n in ("Barrin", "Franklin", "Geneva")}
    assert set(state.view(1)["candidates"]) <= around_alyss
    play(state, "shift", "row", 4, "left")
    play(state, "disguise")
    after = set(state.view(1)["candidates"])
    # the drawn card was in the deck: any living suspect the Inspector has not seen
    seen = {sid(n) for n in ("Alyss", "Ernest", "Zachary", "Ryan", "Geneva")}
    assert after == set(range(25)) - seen
    assert state.is_alive(sid("Geneva")) == (disguise == INNOCENT)
    rng = random.Random(disguise)
    samples = {state.determinize(1, rng).killer for _ in range(200)}
    assert samples <= after and len(samples) > 10
