"""Seeds: generators derived by a keyed hash, exact replays, and records from before."""

from __future__ import annotations

import itertools
import json
import pickle
import random
from collections import Counter
from pathlib import Path

import pytest

from hiddenhand.engine import OptionError, Record, get_game
from hiddenhand.engine.seeding import (
    KEYED,
    SEQUENTIAL,
    KeyedRandom,
    bot_seed,
    choose,
    derive,
    game_generator,
    seed_key,
)

DATA = Path(__file__).parent / "data"


def test_a_keyed_generator_is_a_function_of_its_key_alone():
    a, b = KeyedRandom(b"k" * 16), KeyedRandom(b"k" * 16)
    assert [a.getrandbits(64) for _ in range(20)] == [b.getrandbits(64) for _ in range(20)]
    assert KeyedRandom(b"j" * 16).getrandbits(64) != KeyedRandom(b"k" * 16).getrandbits(64)
    with pytest.raises(TypeError, match="cannot be reseeded"):
        a.seed(3)


def test_a_copy_or_a_pickle_draws_what_the_original_draws_next_and_is_independent():
    rng = game_generator(2**100 + 7)
    rng.random()  # leave words buffered
    copy, thawed = rng.copy(), pickle.loads(pickle.dumps(rng))
    ahead = [rng.randrange(1000) for _ in range(30)]
    assert [copy.randrange(1000) for _ in range(30)] == ahead
    assert [thawed.randrange(1000) for _ in range(30)] == ahead
    copy.random()
    assert copy.getstate() != rng.getstate()


def test_bits_come_in_every_size_and_floats_in_the_unit_interval():
    rng = KeyedRandom(b"bits")
    assert rng.getrandbits(0) == 0
    for k in (1, 7, 63, 64, 65, 128, 200):
        draws = [rng.getrandbits(k) for _ in range(200)]
        assert all(0 <= d < 2**k for d in draws)
        assert max(draws).bit_length() == k  # the top bit is reached
    floats = [rng.random() for _ in range(1000)]
    assert all(0.0 <= f < 1.0 for f in floats) and 0.45 < sum(floats) / 1000 < 0.55
    assert len(rng.randbytes(16)) == 16
    with pytest.raises(ValueError):
        rng.getrandbits(-1)


def test_shuffles_are_uniform():
    rng = KeyedRandom(b"uniform")
    counts: Counter[tuple[int, ...]] = Counter()
    for _ in range(12_000):
        cards = [0, 1, 2]
        rng.shuffle(cards)
        counts[tuple(cards)] += 1
    assert set(counts) == set(itertools.permutations(range(3)))
    # each of 6 orders expects 2,000; a deviation of 200 is over 4.8 standard deviations
    assert all(abs(c - 2000) < 200 for c in counts.values()), counts


def test_shuffle_and_choice_draw_as_the_standard_library_does():
    """KeyedRandom writes `random.Random`'s shuffle and choice out again so that they run
    compiled: fed the same draws, they must give what the library's own give."""
    ours, library = KeyedRandom(b"same"), KeyedRandom(b"same")
    for size in (0, 1, 2, 7, 52, 80):
        cards, expected = list(range(size)), list(range(size))
        ours.shuffle(cards)
        random.Random.shuffle(library, expected)
        assert cards == expected
        if size:
            assert ours.choice(cards) == random.Random.choice(library, expected)
    assert ours.getstate() == library.getstate()
    with pytest.raises(IndexError, match="empty sequence"):
        ours.choice([])


def test_choose_draws_what_the_library_choice_draws():
    """`choose` writes `random.Random.choice` out again for compiled bots: from generators in
    the same state it must pick the same items and leave them in the same state."""
    ours, library = random.Random("same"), random.Random("same")
    for size in [1, 2, 3, 4, 5, 7, 8, 9, 31, 32, 33, 100] * 20:
        items = list(range(size))
        assert choose(ours.getrandbits, items) == library.choice(items)
    assert ours.getstate() == library.getstate()
    with pytest.raises(IndexError, match="empty sequence"):
        choose(ours.getrandbits, [])


def test_derived_numbers_differ_by_purpose_and_seed_and_carry_128_bits():
    seeds = [0, 1, -1, 7, 2**127, 10**40]
    values = {derive(s, p) for s in seeds for p in ("bot 0", "bot 1", "deal")}
    assert len(values) == len(seeds) * 3
    assert max(values).bit_length() > 120 and all(v < 2**128 for v in values)
    assert len({seed_key(s) for s in seeds}) == len(seeds)
    assert bot_seed(5, 0) != bot_seed(5, 1) and 5 not in {bot_seed(5, s) for s in range(8)}


@pytest.mark.parametrize("game_id", ["goodcop", "noir", "infected"])
def test_a_seed_deals_one_game_and_the_next_seed_another(game_id):
    game = get_game(game_id)
    n = game.usual_players

    def seen(seed: int) -> str:
        """What every seat sees over the first steps, the same moves chosen by index."""
        state, rng, views = game.start(n, seed=seed), random.Random(0), []
        for _ in range(12):
            if not state.pending():
                break
            seat = rng.choice(sorted(state.pending()))
            state.act(seat, state.legal(seat)[rng.randrange(len(state.legal(seat)))])
            views.append([state.view(s) for s in range(n)])
        return json.dumps(views, sort_keys=True)

    assert seen(3) == seen(3)
    assert len({seen(s) for s in range(8)}) == 8
    assert game.start(n, seed=3).record().seeding == KEYED


def test_an_unknown_seeding_is_refused():
    with pytest.raises(OptionError, match="schemes are"):
        get_game("noir").start(2, seed=1, seeding="dice-cup")
    bad = {"game": "noir", "options": {}, "players": ["a", "b"], "seed": 1, "seeding": "cup"}
    with pytest.raises(Exception, match="unknown seeding"):
        Record.from_json(json.dumps(bad))


@pytest.mark.parametrize("game_id", ["goodcop", "noir", "infected"])
def test_records_made_before_keyed_seeding_replay_exactly(game_id):
    """Each file was written by the version before keyed seeding: its record names no
    seeding, so it replays with one Mersenne Twister drawn in order, as it was played."""
    saved = json.loads((DATA / f"sequential-{game_id}.json").read_text())
    assert "seeding" not in saved["record"]
    record = Record.from_json(json.dumps(saved["record"]))
    assert record.seeding == SEQUENTIAL
    state = record.replay()
    assert state.outcome().to_json() == saved["outcome"]
    seats = len(record.players)
    views = [state.view(s) for s in range(seats)] + [state.view(None)]
    assert json.loads(json.dumps(views)) == saved["views"]
    assert state.record().seeding == SEQUENTIAL
    keyed = get_game(game_id).start(record.players, record.options, record.seed)
    assert keyed.view(None) != record.start().view(None) or keyed.view(0) != state.view(0)


def test_a_game_generator_depends_on_the_scheme():
    assert isinstance(game_generator(5), KeyedRandom)
    assert game_generator(5, SEQUENTIAL).random() == random.Random(5).random()
