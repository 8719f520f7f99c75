"""Setup (seed 004): integrity cards by player count, the first pile, equipment, guns, teams."""

from collections import Counter
from itertools import permutations

import pytest

from hiddenhand.engine import OptionError, get_game
from hiddenhand.games.goodcop.cards import (
    AGENT,
    CROOKED,
    HONEST,
    KIND_NAMES,
    KINGPIN,
    TEAM_CROOKED,
    TEAM_HONEST,
)
from hiddenhand.games.goodcop.phases import ORDER, START
from tests.games.goodcop.helpers import arrange

GAME = get_game("goodcop")
IN_PLAY = {4: 12, 5: 16, 6: 18, 7: 22, 8: 24}


@pytest.mark.parametrize("players", range(4, 9))
def test_integrity_cards_in_play_follow_the_corner_numbers(players):
    state = GAME.start(players, seed=players)
    counts = Counter(state.card_kinds)
    assert len(state.card_kinds) == IN_PLAY[players]
    assert counts[HONEST] == counts[CROOKED] == (IN_PLAY[players] - 2) // 2
    assert counts[AGENT] == counts[KINGPIN] == 1
    burned = [c for c, owner in enumerate(state.owner) if owner < 0]
    assert len(burned) == IN_PLAY[players] - 3 * players


@pytest.mark.parametrize("players", range(4, 9))
def test_deal_three_cards_each_leaders_apart_and_never_burned(players):
    for seed in range(40):
        state = GAME.start(players, seed=seed)
        assert all(len(mine) == 3 for mine in state.cards)
        owners = {state.owner[c] for c, k in enumerate(state.card_kinds) if k in (AGENT, KINGPIN)}
        assert len(owners) == 2 and -1 not in owners
        assert state.face_up == 0 and state.wounded == 0


def test_every_player_knows_exactly_their_own_cards_at_the_start():
    state = GAME.start(6, seed=3)
    for seat in range(6):
        view = state.view(seat)
        for p, info in enumerate(view["players"]):
            shown = [c["card"] for c in info["cards"]]
            assert (None not in shown) if p == seat else shown == [None, None, None]


def test_one_equipment_card_each_and_guns_in_the_centre():
    state = GAME.start(6, seed=1)
    assert [len(h) for h in state.hand] == [1] * 6
    assert len(state.deck) == 19 - 6
    assert state.guns == 6
    assert GAME.start(6, {"guns": "players-minus-2"}, seed=1).guns == 4


def test_first_player_is_random_and_the_game_opens_with_a_window_for_everyone():
    firsts = {GAME.start(5, seed=s).turn for s in range(60)}
    assert firsts == set(range(5))
    state = GAME.start(5, {"order": "dealt"}, seed=2)
    assert state.phase == START and set(state.pending()) == set(range(5))


def test_players_lay_their_cards_down_in_the_order_they_choose():
    """Seed 004: "After viewing their Integrity cards, each player places them face-down on the
    table ... Players may place them in any order they choose, but this order cannot be changed
    once the cards have been placed on the table." Everyone chooses at once, in secret."""
    state = GAME.start(5, seed=2)
    assert state.phase == ORDER and set(state.pending()) == set(range(5))
    for seat in range(5):
        faces = [state.card_kinds[c] for c in state.cards[seat]]
        orders = {a.args for a in state.legal(seat)}
        assert len(orders) == len(set(permutations(faces)))  # each different order once
    agent = state.owner[state.agent]
    mine = [KIND_NAMES[state.card_kinds[c]] for c in state.cards[agent]]
    wanted = ("agent", *sorted(f for f in mine if f != "agent"))
    others_before = [state.view(s)["players"][agent] for s in range(5) if s != agent]
    events = state.act(agent, state.space.get("order", *wanted))
    assert [KIND_NAMES[state.card_kinds[c]] for c in state.cards[agent]] == list(wanted)
    assert state.view(agent)["players"][agent]["cards"][0]["card"] == "agent"
    assert [(e.kind, e.audience) for e in events] == [("ordered", None)]
    assert "agent" not in events[0].text  # others learn only that the seat has ordered
    assert [state.view(s)["players"][agent] for s in range(5) if s != agent] == others_before
    assert agent not in state.pending() and state.phase == ORDER
    while state.phase == ORDER:
        seat = min(state.pending())
        state.act(seat, state.pending()[seat][0])
    assert state.phase == START and set(state.pending()) == set(range(5))
    assert [KIND_NAMES[state.card_kinds[c]] for c in state.cards[agent]] == list(wanted)  # for good


def test_a_player_whose_cards_look_alike_is_asked_too():
    """Who is asked is public: skipping a player with three Honest cards would tell the table
    their team, so they lay their cards down like everyone else."""
    for seed in range(200):
        state = GAME.start(6, seed=seed)
        alike = [s for s in range(6) if len({state.card_kinds[c] for c in state.cards[s]}) == 1]
        if alike:
            assert set(state.pending()) == set(range(6))
            assert len(state.legal(alike[0])) == 1
            return
    raise AssertionError("no deal with three cards alike in 200 seeds")


def test_order_dealt_keeps_the_dealt_order_and_old_records_mean_it():
    """Option `order=dealt` lays the cards down as dealt; stored options that do not name
    `order` were made before the choice existed, while a new table's mean today's rules."""
    assert GAME.options().order == "choose"
    assert GAME.options({"zombies": "dice"}).order == "choose"
    stored = {"guns": "per-player", "discard": "pile", "zombies": "off"}
    assert GAME.stored_options(stored).order == "dealt"
    assert GAME.stored_options(stored).tokens == "leftmost"
    assert GAME.options(stored).order == "choose"
    assert GAME.stored_options({**stored, "order": "choose"}).order == "choose"
    dealt = GAME.start(5, {"order": "dealt"}, seed=4)
    chosen = GAME.start(5, seed=4)
    assert dealt.phase == START and dealt.cards == chosen.cards  # the same deal


def test_seat_counts_and_options_are_checked():
    with pytest.raises(OptionError):
        GAME.start(3)
    with pytest.raises(OptionError):
        GAME.start(9)
    with pytest.raises(OptionError):
        GAME.start(6, {"guns": "lots"})
    with pytest.raises(OptionError):
        GAME.start(6, {"discard": "burn"})


@pytest.mark.parametrize(
    ("cards", "team"),
    [
        ("HHC", TEAM_HONEST),
        ("CCH", TEAM_CROOKED),
        ("HHH", TEAM_HONEST),
        ("ACC", TEAM_HONEST),  # the Agent is honest whatever else they hold
        ("KHH", TEAM_CROOKED),  # the Kingpin is crooked whatever else they hold
    ],
)
def test_team_is_the_leader_card_or_the_majority(cards, team):
    hands = {"ACC": ["KHH", "HHC", "CHC", "HCH"], "KHH": ["AHC", "HHC", "CHC", "CCH"]}
    others = hands.get(cards, ["AHC", "KCC", "HHC", "CCH"])
    state = arrange([cards, *others])
    assert state.team_of(0) == team
    assert state.view(0)["team"] == ("honest" if team == TEAM_HONEST else "crooked")
