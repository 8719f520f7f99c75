"""The round: simultaneous actions, the push-your-luck threat, claims, and what follows."""

import pytest

from hiddenhand.engine.errors import IllegalAction
from tests.games.infected.helpers import (
    act,
    bare,
    kind,
    pass_all,
    refresh,
    set_equipped,
    set_hand,
    set_pile,
    stack,
    start,
    texts,
    to_claims,
)


def test_simultaneous_choices_stay_secret_until_everyone_has_chosen() -> None:
    state = start(4, 1)
    bare(state)
    set_hand(state, 0, ["Chainsaw", "Rope"])
    before = [state.view(s) for s in (1, 2, 3, None)]
    events = act(state, 0, "play", kind("Chainsaw"))
    assert events == []
    assert state.piles[0] == [], "nothing happens before all have chosen"
    assert [state.view(s) for s in (1, 2, 3, None)] != before  # only the 'chosen' flag moved
    for s in (1, 2, 3):
        assert state.view(s)["players"][0]["chosen"] is True
        assert "Chainsaw" not in str(state.view(s))
    assert state.view(0)["me"]["choice"]["so_far"] == [f"play {kind('Chainsaw')}"]
    assert sorted(state.pending()) == [1, 2, 3]
    events = pass_all(state, [1, 2, 3])
    assert len(state.piles[0]) == 1
    public = [e for e in events if e.public]
    assert any("plays an item card" in e.text for e in public)
    assert not any("Chainsaw" in e.text for e in public)


def test_draw_swap_and_empty_hand_draws() -> None:
    state = start(3, 2)
    bare(state)
    set_hand(state, 0, ["Rope", "Ammo", "Map"])
    set_hand(state, 1, ["Rope"])
    set_hand(state, 2, [])
    act(state, 0, "draw")
    act(state, 1, "swap", kind("Rope"))
    names = [a.kind for a in state.pending()[2]]
    assert "draw2" in names and "play" not in names
    act(state, 2, "draw2")
    assert len(state.hands[0]) == 4
    assert len(state.hands[1]) == 2
    assert "Rope" in [state.item_name(c) for c in state.item_discard]
    assert len(state.hands[2]) == 2


def test_discarding_two_to_draw_two() -> None:
    state = start(2, 2)
    bare(state)
    set_hand(state, 0, ["Rope", "Ammo", "Map"])
    act(state, 0, "swap", kind("Rope"))
    assert [a.kind for a in state.pending()[0]] == ["swap"] * 2
    act(state, 0, "swap", kind("Ammo"))
    act(state, 1, "pass")
    assert len(state.hands[0]) == 3
    assert {"Rope", "Ammo"} <= {state.item_name(c) for c in state.item_discard}


def test_equip_up_to_two_replacing_old_ones_and_face_down_stays_hidden() -> None:
    state = start(2, 3)
    bare(state)
    set_equipped(state, 0, [("Rope", True)])
    set_hand(state, 0, ["Chainsaw", "Medkit"])
    act(state, 0, "equip", kind("Chainsaw"), 0)
    act(state, 0, "equip", kind("Medkit"), 1)
    assert [a.kind for a in state.pending()[0]] == ["unequip"], "three would be too many"
    act(state, 0, "unequip", 0)
    act(state, 1, "pass")
    gear = state.view(1)["players"][0]["equipped"]
    assert [g["item"] for g in gear] == [None, "Medkit"]
    assert [g["item"] for g in state.view(0)["players"][0]["equipped"]] == ["Chainsaw", "Medkit"]
    assert "Rope" in [state.item_name(c) for c in state.item_discard]


def test_new_equipped_items_cannot_be_used_in_the_same_round() -> None:
    state = start(2, 3)
    bare(state)
    set_hand(state, 0, ["Chainsaw", "Rope"])
    act(state, 0, "equip", kind("Chainsaw"), 1)
    act(state, 0, "equip_done")
    act(state, 1, "pass")
    assert state.phase != "use", "a freshly equipped item is not usable yet"


def test_give_up_to_two_cards_to_other_players() -> None:
    state = start(3, 4)
    bare(state)
    set_hand(state, 0, ["Chainsaw", "Rope", "Map"])
    set_hand(state, 1, [])
    set_hand(state, 2, [])
    act(state, 0, "give", kind("Chainsaw"), 1)
    act(state, 0, "give", kind("Rope"), 2)
    assert 0 not in state.pending()
    events = pass_all(state, [1, 2])
    assert [state.item_name(c) for c in state.hands[1]] == ["Chainsaw"]
    assert [state.item_name(c) for c in state.hands[2]] == ["Rope"]
    private = [e for e in events if not e.public]
    assert all(e.audience in (frozenset({0, 1}), frozenset({0, 2})) for e in private)


def test_heal_one_wound_needs_a_wound() -> None:
    state = start(2, 5)
    bare(state)
    assert "heal" not in [a.kind for a in state.pending()[0]]
    state.wounds[0] = [state.zdeck.pop(), state.zdeck.pop()]
    refresh(state)
    stack(state, ["Walker"])
    act(state, 0, "heal")
    act(state, 1, "pass")
    assert len(state.wounds[0]) == 1
    assert len(state.zdiscard) == 1


def test_first_card_never_ends_the_threat_a_lower_card_does() -> None:
    state = start(2, 6)
    bare(state)
    stack(state, ["Walker", "Walker", "Runner", "Stumbler"])
    for expected in (1, 2, 3):
        pass_all(state)
        assert state.phase == "action", "equal or higher: the fight goes on"
        assert len(state.threat) == expected
    events = pass_all(state)
    assert any("lower" in e.text for e in events)
    assert any(e.kind == "threat_sum" and e.data["sum"] == 4 + 4 + 6 + 3 for e in events)


def test_success_is_shown_and_places_a_resource_fail_is_unseen() -> None:
    state = start(2, 7)
    bare(state)
    stack(state, ["Walker", "Crawler"])  # sum 5
    set_pile(state, 0, ["Chainsaw"])  # 9
    set_pile(state, 1, ["Rope", "Ammo"])  # 6: enough, but claims fail
    pass_all(state)
    pass_all(state)
    assert state.phase == "claim"
    act(state, 1, "claim", "fail")
    assert state.view(0)["last_claims"] == [], "claims are revealed together"
    events = act(state, 0, "claim", "success")
    public = " ".join(e.text for e in events if e.public)
    assert "Chainsaw" in public and "Rope" not in public and "Ammo" not in public
    assert state.phase == "place"
    act(state, 0, "place", kind("Chainsaw"))
    assert len(state.resources[0]) == 1
    claims = {c["seat"]: c for c in state.view(0)["last_claims"]}
    assert claims[1]["shown"] is None and claims[0]["shown"] == ["Chainsaw"]
    assert len(state.hidden_discard) == 2
    players = state.view(1)["players"]
    assert [(p["fail_claims"], p["shown_claims"]) for p in players] == [(0, 1), (1, 0)], (
        "every seat sees how often each claimed fail unseen and showed its pile"
    )


def test_a_shown_fail_fails_everyone() -> None:
    state = start(3, 8)
    bare(state)
    stack(state, ["Walker", "Crawler"])
    set_pile(state, 0, ["Chainsaw"])
    set_pile(state, 1, ["Rope"])
    pass_all(state)
    pass_all(state)
    act(state, 0, "claim", "success")
    events = act(state, 1, "claim", "show")
    assert any(e.kind == "all_fail" for e in events)
    assert state.phase != "place"
    assert all(len(r) == 0 for r in state.resources)
    assert state.shown_fails[1] == 1


def test_a_false_success_is_a_shown_fail() -> None:
    state = start(2, 9)
    bare(state)
    stack(state, ["Runner", "Walker"])  # 10
    set_pile(state, 0, ["Rope"])  # 3
    set_pile(state, 1, ["Chainsaw", "Chainsaw"])
    pass_all(state)
    pass_all(state)
    act(state, 0, "claim", "success")
    events = act(state, 1, "claim", "success")
    assert any(e.kind == "all_fail" for e in events)
    assert sum(len(r) for r in state.resources) == 0


def test_players_without_a_challenge_pile_do_not_claim() -> None:
    state = start(3, 10)
    bare(state)
    set_pile(state, 2, ["Chainsaw"])
    stack(state, ["Walker", "Crawler"])
    pass_all(state)
    pass_all(state)
    assert list(state.pending()) == [2]


def test_hand_limit_makes_players_discard() -> None:
    state = start(2, 11)
    bare(state)
    set_hand(state, 0, ["Rope"] * 2 + ["Map"] * 3 + ["Radio"] * 2)
    set_hand(state, 1, ["Chainsaw", "Crowbar"])
    act(state, 0, "pass")
    act(state, 1, "give", kind("Chainsaw"), 0)
    act(state, 1, "give_done")
    assert state.phase == "discard"
    assert list(state.pending()) == [0]
    act(state, 0, "discard", kind("Rope"))
    assert len(state.hands[0]) == 7
    assert state.phase != "discard"


def test_the_leader_card_moves_on_after_the_round() -> None:
    state = start(3, 12)
    bare(state)
    leader = state.leader
    to_claims(state, ["Walker", "Crawler"])
    assert state.leader == (leader + 1) % 3
    assert state.round == 2


def test_an_illegal_action_changes_nothing() -> None:
    state = start(2, 13)
    bare(state)
    set_hand(state, 0, ["Rope"])
    with pytest.raises(IllegalAction):
        act(state, 0, "play", kind("Chainsaw"))
    assert state.window[0].intents == []


def test_text_names_players() -> None:
    state = start(2, 14)
    events = texts(pass_all(state)) if state.phase == "action" else []
    assert any("seat" in t for t in events)


def test_a_face_down_item_is_always_asked_about_so_asking_reveals_nothing() -> None:
    state = start(2, 15)
    bare(state)
    set_equipped(state, 0, [("Shotgun", False)])  # not usable in a use item phase
    stack(state, ["Walker"])
    pass_all(state)
    assert state.phase == "use" and list(state.pending()) == [0]
    assert [a.kind for a in state.pending()[0]] == ["use_none"]
    act(state, 0, "use_none")
    assert state.phase == "react" and list(state.pending()) == [0]


def test_an_empty_item_deck_is_refilled_from_the_discard_pile() -> None:
    state = start(2, 16)
    bare(state)
    set_hand(state, 0, [])
    state.item_discard.extend(state.ideck[:-1])
    state.hidden_discard.append(state.ideck[-1])
    state.ideck.clear()
    hand = len(state.hands[1])
    act(state, 0, "pass")
    events = act(state, 1, "draw")
    assert any(e.kind == "reshuffle" for e in events)
    assert len(state.hands[1]) == hand + 1
    assert state.hidden_discard == []
