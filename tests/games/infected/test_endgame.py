"""Votes, the exposed infected, exhausting the zombie deck, winning, and the variants."""

import pytest

from hiddenhand.games.infected import mechanics
from tests.games.infected.helpers import (
    CARDS,
    act,
    bare,
    infected_seed,
    pass_all,
    refresh,
    set_pile,
    settle,
    stack,
    start,
    start_with_infected,
    to_claims,
    told,
)


def _infected(state) -> int:  # type: ignore[no-untyped-def]
    return next(s for s in range(state.n) if state.is_infected(s))


def _call(state, caller: int, target: int) -> None:  # type: ignore[no-untyped-def]
    act(state, caller, "call_destroy")
    act(state, caller, "destroy_target", target)
    act(state, caller, "pass")
    pass_all(state)


def _vote(state, yes: set[int]) -> list:  # type: ignore[no-untyped-def,type-arg]
    events: list = []  # type: ignore[type-arg]
    for seat in sorted(state.pending()):
        events += act(state, seat, "vote", "yes" if seat in yes else "no")
    return events


@pytest.mark.parametrize(("players", "needed"), [(2, 1), (3, 2), (4, 3)])
def test_votes_needed_to_destroy(players: int, needed: int) -> None:
    seed = infected_seed(players, 1)
    state = start(players, seed)
    bare(state)
    bad = _infected(state)
    caller = (bad + 1) % players
    _call(state, caller, bad)
    assert state.phase == "vote"
    assert state.view((bad + 1) % players)["vote"] == {"kind": "destroy", "target": bad}
    voters = sorted(state.pending())
    _vote(state, set(voters[: needed - 1]) - {bad})
    if needed - 1 == len(set(voters[: needed - 1]) - {bad}) and needed > 1:
        assert state.result is None, "one vote short"
    state = start(players, seed)
    bare(state)
    _call(state, caller, bad)
    yes = {s for s in range(players) if s != bad}
    _vote(state, set(sorted(yes)[:needed]))
    assert state.result is not None and state.result.side == "humans"


def test_votes_are_secret_until_everyone_voted() -> None:
    state = start(4, 2)
    bare(state)
    _call(state, 0, 1)
    act(state, 0, "vote", "yes")
    assert "yes" not in str(state.view(2)["players"])
    assert state.view(2)["players"][0]["chosen"]


def test_destroying_a_clean_survivor_makes_the_infected_win() -> None:
    state = start_with_infected(3, 3)
    bare(state)
    bad = _infected(state)
    good = next(s for s in range(3) if s != bad)
    _call(state, bad, good)
    events = _vote(state, {0, 1, 2})
    assert state.result is not None
    assert state.result.side == "zombies" and state.result.winners == frozenset({bad})
    assert state.view(None)["outcome"]["side"] == "zombies"
    destroyed = [e for e in events if e.kind == "destroyed"]
    assert [(e.data, e.audience) for e in destroyed] == [({"seat": good}, None)]  # told to all


def test_a_spared_survivor_is_not_destroyed() -> None:
    state = start(4, 4)
    bare(state)
    _call(state, 0, 1)
    events = _vote(state, set())
    assert state.result is None and "destroyed" not in [e.kind for e in events]


def test_one_destroy_vote_per_round() -> None:
    state = start(4, 4)
    bare(state)
    stack(state, ["Walker"])
    _call(state, 0, 1)
    _vote(state, set())
    assert state.phase == "action"
    assert "call_destroy" not in [a.kind for a in state.pending()[0]]


def test_finish_zombification_only_as_leader_in_the_standard_game() -> None:
    state = start_with_infected(4, 5)
    bare(state)
    bad = _infected(state)
    kinds = [a.kind for a in state.pending()[bad]]
    assert ("zombify" in kinds) == (bad == state.leader)
    state.leader = bad
    refresh(state)
    act(state, bad, "zombify")
    events = pass_all(state)
    assert state.exposed[bad] and state.samples_up[bad]
    assert state.hands[bad] == [] and len(state.zhand[bad]) == 3
    assert state.leader != bad
    assert any(e.kind == "gift" for e in events)
    assert state.view(None)["players"][bad]["blood_sample"] == ["virus"]


def test_lead_by_vote_lets_the_infected_zombify_any_time_and_keeps_the_leader() -> None:
    state = start_with_infected(4, 6, lead_by_vote="true")
    bare(state)
    bad = _infected(state)
    assert "zombify" in [a.kind for a in state.pending()[bad]]
    leader = state.leader
    to_claims(state, ["Walker", "Crawler"])
    assert state.leader == leader


def test_leader_vote_with_the_leader_deciding_a_tie() -> None:
    state = start(4, 7, lead_by_vote="true")
    bare(state)
    leader = state.leader
    target = (leader + 1) % 4
    act(state, target, "call_leader")
    act(state, target, "leader_target", target)
    act(state, target, "pass")
    pass_all(state)
    assert state.view(0)["vote"] == {"kind": "leader", "target": target}
    yes = {leader, target}
    _vote(state, yes)
    assert state.leader == target, "2 against 2: the Leader's vote decides"


def test_exposed_infected_covers_the_threat_card_and_takes_wounds() -> None:
    state = start_with_infected(3, 8)
    bare(state)
    bad = _infected(state)
    state.leader = bad
    refresh(state)
    act(state, bad, "zombify")
    pass_all(state)
    settle(state)
    assert state.phase == "react" and list(state.pending()) == [bad]
    z = CARDS.zombie_of[state.zhand[bad][0]]
    act(state, bad, "cover", z)
    assert CARDS.zombie_of[state.threat[-1]] == z
    assert len(state.zhand[bad]) == 2
    humans = [s for s in range(3) if s != bad]
    state.wounds[humans[0]] = [state.zdeck.pop(0)]
    state.threat_vals[-1] = 9  # the next card will be lower
    stack(state, ["Crawler"])
    pass_all(state)
    act(state, bad, "react_none")
    assert state.phase == "infect" and list(state.pending()) == [bad]
    act(state, bad, "take_wound", humans[0])
    assert len(state.zhand[bad]) == 3 and state.wounds[humans[0]] == []


def _exhaust(state) -> list:  # type: ignore[no-untyped-def,type-arg]
    """Empty the zombie deck into the discard pile and play until it runs out."""
    state.zdiscard.extend(state.zdeck)
    state.zdeck.clear()
    events = pass_all(state)
    settle(state)
    return events


def test_first_exhaustion_begins_the_end_game() -> None:
    state = start_with_infected(4, 9)
    bare(state)
    bad = _infected(state)
    state.resources = [[state.ideck.pop() for _ in range(2)] for _ in range(3)]
    set_pile(state, 0, ["Chainsaw"])
    leader = state.leader
    events = _exhaust(state)
    assert state.end_game and state.exhaustions == 1
    assert state.piles == [[], [], [], []], "the challenge is lost"
    assert state.leader != leader
    took = [e for e in events if e.kind == "resources"]
    assert len(took) == 2, "resources run out after two players"
    assert all(state.samples_up)
    assert state.exposed[bad] and len(state.zhand[bad]) == 3
    endgame = set(CARDS.endgame_cards)
    assert endgame <= set(state.zdeck) | {c for h in state.zhand for c in h}
    assert state.phase == "action"


def test_no_resources_at_the_end_game_loses() -> None:
    state = start(2, 10)
    bare(state)
    _exhaust(state)
    assert state.result is not None and state.result.side == "zombies"
    assert "no resources" in state.result.reason


def test_second_exhaustion_means_the_zombies_win() -> None:
    state = start(2, 11, variant="cooperative")
    bare(state)
    state.resources = [[state.ideck.pop()] for _ in range(3)]
    _exhaust(state)
    assert state.end_game and state.result is None
    state.zdeck.clear()
    pass_all(state)
    settle(state)
    assert state.result is not None and state.result.side == "zombies"
    assert "second" in state.result.reason


def test_humans_win_with_enough_resources_in_the_end_game() -> None:
    state = start(2, 12, variant="cooperative")
    bare(state)
    state.resources = [[state.ideck.pop() for _ in range(4)] for _ in range(3)]
    _exhaust(state)
    assert [len(r) for r in state.resources] == [2, 2, 2]
    assert state.result is None, "checked in the check victory phase"
    to_claims(state, ["Walker", "Crawler"])
    assert state.result is not None and state.result.side == "humans"
    assert state.result.winners == frozenset({0, 1})


def test_infection_spreads_to_the_most_wounded() -> None:
    for seed in range(40):
        state = start(3, seed, variant="infection-spreads")
        if state.spare == "virus":
            break
    else:
        pytest.fail("no deal left the virus on the table")
    bare(state)
    assert not any(state.is_infected(s) for s in range(3))
    target = (state.leader + 2) % 3
    state.wounds[target] = [state.zdeck.pop(0) for _ in range(2)]
    state.resources = [[state.ideck.pop()] for _ in range(3)]
    _exhaust(state)
    assert state.is_infected(target) and state.exposed[target]


def test_infection_spreads_ties_go_to_the_leader_first() -> None:
    state = start(4, 1, variant="infection-spreads")
    bare(state)
    state.resources = [[state.ideck.pop()] for _ in range(3)]
    _exhaust(state)
    holder = [s for s in range(4) if len(state.samples[s]) == 2]
    assert holder == [state.leader] or state.exposed[holder[0]]


def test_advanced_wounds_beyond_hitpoints_discard_two_zombie_cards() -> None:
    state = start(2, 13, advanced="true")
    seat = 0
    hp = state.hitpoints(seat)
    state.wounds[seat] = [state.zdeck.pop(0) for _ in range(hp)]
    deck, discard = len(state.zdeck), len(state.zdiscard)
    with told(state):
        mechanics.wound(state, seat)
    assert len(state.wounds[seat]) == hp
    assert len(state.zdeck) == deck - 2 and len(state.zdiscard) == discard + 2
    basic = start(2, 13)
    basic.wounds[0] = [basic.zdeck.pop(0) for _ in range(hp)]
    with told(basic):
        mechanics.wound(basic, 0)
    assert len(basic.wounds[0]) == hp + 1


def test_cooperative_has_no_blood_samples_or_votes() -> None:
    state = start(3, 14, variant="cooperative")
    assert state.samples == [[], [], []]
    kinds = {a.kind for a in state.pending()[0]}
    assert "call_destroy" not in kinds and "zombify" not in kinds
    assert state.view(0)["center_samples"] == []


def test_the_end_reveals_everything() -> None:
    state = start_with_infected(3, 15)
    bare(state)
    bad = _infected(state)
    _call(state, (bad + 1) % 3, bad)
    _vote(state, {0, 1, 2})
    view = state.view((bad + 1) % 3)
    assert view["revealed"]["blood_samples"][bad] == ["virus"]
    assert view["players"][bad]["blood_sample"] == ["virus"]
    assert state.pending() == {}


def test_one_leader_vote_per_round() -> None:
    state = start(3, 16, lead_by_vote="true")
    bare(state)
    stack(state, ["Walker"])
    caller = (state.leader + 1) % 3
    act(state, caller, "call_leader")
    act(state, caller, "leader_target", caller)
    act(state, caller, "pass")
    pass_all(state)
    _vote(state, set())
    assert state.phase == "action"
    assert "call_leader" not in [a.kind for a in state.pending()[caller]]


def test_destroying_when_nobody_is_infected_loses_for_everyone() -> None:
    for seed in range(80):
        state = start(3, seed, variant="all-okay")
        if not any(state.is_infected(s) for s in range(3)):
            break
    else:
        pytest.fail("no all-clean deal")
    bare(state)
    _call(state, 0, 1)
    _vote(state, {0, 1, 2})
    assert state.result is not None and state.result.side == "zombies"
    assert state.result.winners == frozenset()


def test_second_exhaustion_with_enough_resources_is_no_zombie_win() -> None:
    """Rulebook, "Exhausting zombie deck" 1: "If this is the second time when zombie deck is
    exhausted, and humans have not collected enough resources the game is over and zombies
    have won." With enough collected, the survivors escape instead."""
    state = start(2, 11, variant="cooperative")
    bare(state)
    state.resources = [[state.ideck.pop()] for _ in range(3)]
    _exhaust(state)
    assert state.end_game and state.result is None
    state.resources = [[state.ideck.pop() for _ in range(2)] for _ in range(3)]
    state.zdeck.clear()
    events = pass_all(state)
    settle(state)
    assert any(e.kind == "exhausted" for e in events)
    assert state.result is not None and state.result.side == "humans"
    assert state.result.winners == frozenset({0, 1})


def test_resources_taken_into_hands_at_the_end_game_still_count() -> None:
    """Rulebook, "Exhausting zombie deck" 2b: "Starting from Leader, each player must take 3
    collected resource cards of different types and put them to his hand." With option
    `carried_resources` they stay collected: the humans win once they hold enough, and the piles
    alone are empty."""
    state = start(2, 12, variant="cooperative", carried_resources="true")
    bare(state)
    state.resources = [[state.ideck.pop() for _ in range(2)] for _ in range(3)]
    _exhaust(state)
    assert state.resources == [[], [], []]
    assert state.view(0)["resources_collected"] == {"self-defence": 2, "body-stuff": 2, "misc": 2}
    assert state.result is None, "checked in the check victory phase"
    to_claims(state, ["Walker", "Crawler"])
    assert state.result is not None and state.result.side == "humans"


def test_a_carried_resource_placed_again_counts_once() -> None:
    """A resource card taken into hand at the end game and put back on its pile is one resource
    collected, not two."""
    state = start(2, 12, variant="cooperative", carried_resources="true")
    bare(state)
    state.resources = [[state.ideck.pop()] for _ in range(3)]
    state.hands = [[] for _ in state.hands]  # nobody goes over the hand limit and discards
    _exhaust(state)
    seat, card, r = next(
        (seat, card, r)
        for seat, hand in enumerate(state.hands)
        for card in hand
        for r in range(3)
        if card in state.carried[r]
    )
    state.hands[seat].remove(card)
    state.resources[r].append(card)
    assert state.collected()[r] == 1


def test_wounds_dealt_before_the_deck_runs_out_keep_their_events() -> None:
    """Rulebook, "Taking wounds": "Draw card from Zombie deck, place it facedown under your
    character." A Horde wounds every character; when the deck runs out after two wounds, the
    two wounds were taken and are told."""
    state = start(4, 17, variant="cooperative")
    bare(state)
    state.resources = [[state.ideck.pop()] for _ in range(3)]
    state.zdiscard.extend(state.zdeck)
    state.zdeck.clear()
    stack(state, ["Horde", "Crawler", "Crawler"])
    state.zdeck = state.zdeck[-3:]
    events = pass_all(state)
    kinds = [e.kind for e in events]
    assert kinds.count("wound") == 2
    assert kinds.index("wound") < kinds.index("exhausted")
    assert sum(len(w) for w in state.wounds) == 2


def test_by_default_only_the_piles_count_in_the_end_game() -> None:
    """Without `carried_resources` the resources taken into hands no longer count, so the
    survivors must fill the piles again during the end game."""
    state = start(2, 12, variant="cooperative")
    bare(state)
    state.resources = [[state.ideck.pop() for _ in range(2)] for _ in range(3)]
    _exhaust(state)
    assert state.collected() == [0, 0, 0]
    to_claims(state, ["Walker", "Crawler"])
    assert state.result is None
