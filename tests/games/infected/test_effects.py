"""Every threat effect, item effect and character ability does what its card says."""

from hiddenhand.games.infected import mechanics
from hiddenhand.games.infected.effect_rules import handle_threat, use_item
from hiddenhand.games.infected.effects import THREAT_EFFECTS
from tests.games.infected.helpers import (
    CARDS,
    act,
    bare,
    decline,
    kind,
    pass_all,
    refresh,
    set_equipped,
    set_hand,
    set_pile,
    stack,
    start,
    told,
    zombie_card,
)


def _card_with(effect: str) -> str:
    return next(k.name for k in CARDS.zombie_kinds if k.effects == (effect,))


def _wound(state, seat: int, count: int = 1) -> None:  # type: ignore[no-untyped-def]
    for _ in range(count):
        state.wounds[seat].append(state.zdeck.pop(0))


def test_every_threat_effect_has_a_card_text() -> None:
    assert all(text.endswith(".") for text in THREAT_EFFECTS.values())


def test_wound_leader_draws_a_wound_from_the_zombie_deck() -> None:
    state = start(3, 1)
    card = zombie_card(state, _card_with("wound_leader"))
    deck = len(state.zdeck)
    with told(state):
        handle_threat(state, card)
    assert len(state.wounds[state.leader]) == 1
    assert len(state.zdeck) == deck - 1


def test_wound_wounded_and_wound_all() -> None:
    state = start(3, 2)
    _wound(state, 1)
    with told(state):
        handle_threat(state, zombie_card(state, _card_with("wound_wounded")))
    assert [len(w) for w in state.wounds] == [0, 2, 0]
    with told(state):
        handle_threat(state, zombie_card(state, _card_with("wound_all")))
    assert [len(w) for w in state.wounds] == [1, 3, 1]


def test_wounded_discard_hits_only_wounded_characters() -> None:
    state = start(3, 3)
    _wound(state, 2)
    hands = [len(h) for h in state.hands]
    with told(state):
        handle_threat(state, zombie_card(state, _card_with("wounded_discard")))
    assert [len(h) for h in state.hands] == [hands[0], hands[1], hands[2] - 1]


def test_resource_losses() -> None:
    state = start(3, 4)
    state.resources = [[state.ideck.pop()], [state.ideck.pop(), state.ideck.pop()], []]
    with told(state):
        handle_threat(state, zombie_card(state, "Siege"))  # wound the Leader, lose 1 resource
    assert [len(r) for r in state.resources] == [1, 1, 0]
    with told(state):
        handle_threat(state, zombie_card(state, _card_with("raid")))
    assert [len(r) for r in state.resources] == [0, 0, 0]


def test_jam_blocks_the_next_use_item_phase() -> None:
    state = start(2, 5)
    bare(state)
    set_equipped(state, 0, [("Chainsaw", True)])
    stack(state, [_card_with("jam"), "Runner"])
    pass_all(state)  # the jam card comes up; no use window before it anyway
    decline(state)
    assert state.jammed
    pass_all(state)
    assert state.phase != "use" and not state.jammed


def test_leader_unequip() -> None:
    state = start(2, 6)
    set_equipped(state, state.leader, [("Chainsaw", True), ("Rope", False)])
    with told(state):
        handle_threat(state, zombie_card(state, _card_with("leader_unequip")))
    assert len(state.equipped[state.leader]) == 1


def test_plain_equipped_item_goes_into_the_challenge_pile() -> None:
    state = start(2, 7)
    bare(state)
    set_equipped(state, 0, [("Chainsaw", False)])
    stack(state, ["Walker"])
    pass_all(state)
    assert state.phase == "use" and list(state.pending()) == [0]
    act(state, 0, "use", kind("Chainsaw"))
    assert [state.item_name(c) for c in state.piles[0]] == ["Chainsaw"]
    assert state.equipped[0] == []


def test_medkit_and_bandage_heal() -> None:
    state = start(2, 8)
    bare(state)
    _wound(state, 0, 4)
    set_equipped(state, 0, [("Medkit", True), ("Bandage", True)])
    stack(state, ["Walker", "Walker"])
    pass_all(state)
    act(state, 0, "use", kind("Medkit"))
    assert len(state.wounds[0]) == 1
    pass_all(state)
    act(state, 0, "use", kind("Bandage"))
    assert len(state.wounds[0]) == 0


def test_backpack_draws_two_and_binoculars_show_the_deck_top_privately() -> None:
    state = start(2, 9)
    bare(state)
    set_equipped(state, 0, [("Backpack", True), ("Binoculars", True)])
    set_hand(state, 0, ["Rope"])
    hand = len(state.hands[0])
    stack(state, ["Walker", "Walker", "Crawler", "Shambler"])
    pass_all(state)
    act(state, 0, "use", kind("Backpack"))
    assert len(state.hands[0]) == hand + 2
    pass_all(state)
    events = act(state, 0, "use", kind("Binoculars"))
    seen = [e for e in events if e.kind == "scouted"]
    assert seen and seen[0].audience == frozenset({0})
    assert "Walker (4), Crawler (1)" in seen[0].text
    assert [c["name"] for c in state.view(0)["me"]["zombie_deck_top"]] == ["Crawler"], (
        "the Walker has been drawn since"
    )
    assert state.view(1)["me"]["zombie_deck_top"] == []


def test_blood_sample_kit_is_removed_and_the_test_is_public() -> None:
    state = start(3, 10)
    bare(state)
    set_equipped(state, 0, [("Blood Sample Kit", True)])
    stack(state, ["Walker"])
    pass_all(state)
    act(state, 0, "use", kind("Blood Sample Kit"))
    events = act(state, 0, "test_target", 2)
    test = next(e for e in events if e.kind == "blood_test")
    assert test.public and test.data["target"] == 2
    assert len(state.removed_items) == 1
    assert state.view(1)["tests"] == [{"tester": 0, "target": 2, "shown": test.data["shown"]}]


def test_blood_test_shows_each_of_three_cards_equally_often() -> None:
    state = start(4, 11)
    infected = next(s for s in range(4) if state.is_infected(s))
    clean = next(s for s in range(4) if not state.is_infected(s))
    shown = {infected: 0, clean: 0}
    for _ in range(3000):
        for seat in shown:
            with told(state) as events:
                mechanics.blood_test(state, 0, seat)
            shown[seat] += events[0].data["shown"] == "virus"
    assert 1850 < shown[infected] < 2150  # 2/3 virus
    assert 850 < shown[clean] < 1150  # 1/3 virus


def test_shotgun_blocks_and_flare_zeroes_the_new_threat_card() -> None:
    state = start(2, 12)
    bare(state)
    set_equipped(state, 0, [("Shotgun", True), ("Flare", True)])
    stack(state, [_card_with("wound_leader"), "Runner", "Walker"])
    pass_all(state)  # no use item phase: both are "when a new threat card is shown"
    assert state.phase == "react"
    act(state, 0, "react", kind("Shotgun"))
    assert sum(len(w) for w in state.wounds) == 0
    pass_all(state)
    act(state, 0, "react_none")  # the Runner
    pass_all(state)
    events = act(state, 0, "react", kind("Flare"))
    ended = [e.data["sum"] for e in events if e.kind == "threat_sum"]
    assert ended == [2 + 6 + 0], "the Walker counts 0, lower than the Runner: the threat ends"


def test_abilities_before_an_action() -> None:
    cases = {
        "moonshine": lambda s, me: len(s.wounds[me]) == 0,
        "triage": lambda s, me: all(len(w) == 1 for w in s.wounds),
        "supply_run": lambda s, me: len(s.hands[me]) == 7 + 3,
        "recon": lambda s, me: s.known_top[me] >= 2,
    }
    for ability, check in cases.items():
        state = start(3, 13)
        bare(state)
        me = 0
        state.character[me] = next(
            i for i, c in enumerate(CARDS.characters) if c.ability == ability
        )
        for seat in range(3):
            _wound(state, seat, 2)
        refresh(state)
        stack(state, ["Walker"])
        act(state, me, "ability")
        act(state, me, "pass")
        pass_all(state, [1, 2])
        assert state.ability_used[me]
        assert check(state, me), ability
        assert "ability" not in [a.kind for a in state.pending().get(me, [])]


def test_demolition_discards_dynamite_for_a_second_action_taken_after_the_reveal() -> None:
    state = start(2, 14)
    bare(state)
    state.character[0] = next(i for i, c in enumerate(CARDS.characters) if c.name == "Sapper")
    set_hand(state, 0, ["Dynamite", "Rope"])
    act(state, 0, "ability")
    act(state, 0, "draw")
    act(state, 1, "pass")
    assert state.phase == "extra" and list(state.pending()) == [0]
    assert "ability" not in [a.kind for a in state.pending()[0]]
    drawn = [c for c in state.hands[0] if state.item_name(c) != "Rope"]
    act(state, 0, "play", CARDS.item_of[drawn[0]])
    assert len(state.piles[0]) == 1
    assert "Dynamite" in [state.item_name(c) for c in state.item_discard]


def test_cover_fire_and_lab_test() -> None:
    state = start(3, 15)
    bare(state)
    state.character[0] = next(i for i, c in enumerate(CARDS.characters) if c.name == "Veteran")
    state.character[1] = next(i for i, c in enumerate(CARDS.characters) if c.name == "Scientist")
    refresh(state)
    stack(state, [_card_with("wound_all")])
    act(state, 0, "ability")
    act(state, 0, "pass")
    act(state, 1, "ability")
    act(state, 1, "ability_target", 2)
    act(state, 1, "pass")
    act(state, 2, "pass")
    assert sum(len(w) for w in state.wounds) == 0, "cover fire: the effect is not handled"
    assert state.tests and state.tests[0][:2] == (1, 2)


def test_special_item_equipped_before_an_action_costs_a_discard() -> None:
    state = start(2, 16)
    bare(state)
    state.character[0] = next(i for i, c in enumerate(CARDS.characters) if c.name == "Nurse")
    set_hand(state, 0, ["Medkit", "Rope", "Chainsaw"])
    act(state, 0, "special")
    act(state, 0, "special_cost", kind("Rope"))
    act(state, 0, "play", kind("Chainsaw"))
    act(state, 1, "pass")
    assert [state.item_name(e[0]) for e in state.equipped[0]] == ["Medkit"]
    assert state.equipped[0][0][1] == 1, "the special item is equipped face up"
    assert [state.item_name(c) for c in state.piles[0]] == ["Chainsaw"]
    assert "Rope" in [state.item_name(c) for c in state.item_discard]


def test_a_pile_value_is_the_sum_of_item_values() -> None:
    state = start(2, 17)
    set_pile(state, 0, ["Chainsaw", "Rope"])
    assert sum(CARDS.item_value(c) for c in state.piles[0]) == 9 + 3


def test_a_draw_that_reshuffles_tells_the_reshuffle_before_the_use() -> None:
    """The cards are taken before the item's use is told, so the order of events stays the one
    every record and replay has shown: reshuffle, use, draw, drew."""
    state = start(2, 6)
    backpack = next(c for c in state.ideck if CARDS.item_of[c] == kind("Backpack"))
    state.ideck.remove(backpack)
    state.item_discard, state.ideck = state.item_discard + state.ideck[1:], state.ideck[:1]
    with told(state) as events:
        use_item(state, 0, backpack, None)
    assert [e.kind for e in events] == ["reshuffle", "use", "draw", "drew"]
    assert events[1].text == "{p0} uses a Backpack"
    assert events[3].audience == frozenset({0}) and len(events[3].data["cards"]) == 2


def test_unarmed_idle_and_hoarding_threats_hit_only_those_they_name() -> None:
    state = start(3, 13)
    set_equipped(state, 0, [])
    set_equipped(state, 1, [("Chainsaw", True)])
    set_equipped(state, 2, [])
    with told(state):
        handle_threat(state, zombie_card(state, _card_with("wound_unarmed")))
    assert [len(w) for w in state.wounds] == [1, 0, 1]
    set_pile(state, 0, ["Rope"])
    set_hand(state, 1, ["Rope", "Radio"])
    hands = [len(h) for h in state.hands]
    with told(state):
        handle_threat(state, zombie_card(state, _card_with("idle_discard")))
    assert [len(h) for h in state.hands] == [hands[0], hands[1] - 1, hands[2] - 1]
    set_hand(state, 0, ["Ammo", "Ammo", "Crowbar", "Crowbar", "Flashlight", "Flashlight"])
    set_hand(state, 1, ["Ammo", "Ammo", "Crowbar", "Crowbar", "Map"])
    hands = [len(h) for h in state.hands]
    with told(state) as events:
        handle_threat(state, zombie_card(state, _card_with("loot_hoarders")))
    assert [len(h) for h in state.hands] == [5, 5, hands[2] - (hands[2] >= 6)]
    assert all(e.public for e in events if e.kind == "discard"), "a looted card is shown"


def test_painkillers_heal_two_and_a_stash_places_the_item_then_wounds() -> None:
    state = start(2, 14)
    bare(state)
    _wound(state, 0, 3)
    set_equipped(state, 0, [("Painkillers", True), ("Fuel Can", True)])
    stack(state, ["Walker", "Walker"])
    pass_all(state)
    act(state, 0, "use", kind("Painkillers"))
    assert len(state.wounds[0]) == 1
    pass_all(state)
    events = act(state, 0, "use", kind("Fuel Can"))
    assert [state.item_name(c) for c in state.resources[2]] == ["Fuel Can"]
    assert len(state.wounds[0]) == 2 and state.equipped[0] == []
    placed = next(e for e in events if e.kind == "place")
    assert placed.public and "Fuel Can" in placed.text, "a stashed item is shown"


def test_radio_gives_every_survivor_one_card_each_told_only_their_own() -> None:
    state = start(3, 15)
    bare(state)
    set_equipped(state, 1, [("Radio", True)])
    hands = [len(h) for h in state.hands]
    stack(state, ["Walker"])
    pass_all(state)
    events = act(state, 1, "use", kind("Radio"))
    assert [len(h) for h in state.hands] == [n + 1 for n in hands]
    drew = [e for e in events if e.kind == "drew"]
    assert sorted(next(iter(e.audience)) for e in drew) == [0, 1, 2]
    assert all(len(e.audience) == 1 for e in drew)


def test_a_suppressed_card_counts_three_less_and_is_compared_as_it_counts() -> None:
    state = start(2, 16)
    bare(state)
    set_equipped(state, 0, [("Baseball Bat", True), ("Ammo", True)])
    stack(state, ["Crawler", "Runner", "Walker"])
    pass_all(state)  # the Crawler (1): the first card never ends the threat
    act(state, 0, "react", kind("Baseball Bat"))
    assert state.threat_vals == [0]
    pass_all(state)  # the Runner (6) counts 3: not lower than 0, the fight goes on
    events = act(state, 0, "react", kind("Ammo"))
    assert state.threat_vals == [0, 3] and not any(e.kind == "threat_ends" for e in events)
