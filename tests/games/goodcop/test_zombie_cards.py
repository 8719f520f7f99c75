"""The nine Zombies equipment cards: the `dice`/`infect` text and the `simple` text of each."""

import pytest

from hiddenhand.games.goodcop import zombies
from hiddenhand.games.goodcop.cards import (
    BLANK,
    BY_TITLE,
    CARDS,
    ZOMBIE_EQUIPMENT,
    ZOMBIE_FACE,
)
from hiddenhand.games.goodcop.options import GoodCopOptions
from hiddenhand.games.goodcop.phases import ROLLED, UNARMED
from tests.games.goodcop.helpers import armed, arrange, card, choices, close_window, do

TABLE = ["AHC", "KCC", "HHC", "CCH", "HCH"]  # Ana Agent, Bea Kingpin, Cal, Dee, Eli
INFECTED = ["AHC", "KCC", "IHC", "CCH", "HCH"]


def z(design: str, tokens: str = "leftmost") -> GoodCopOptions:
    """The design's options; infection tokens go on the leftmost free card unless a test is
    about choosing it (see test_zombie_tokens_and_exceptions.py)."""
    return GoodCopOptions(zombies=design, tokens=tokens)  # type: ignore[arg-type]


def zombify(g, seat: int) -> None:
    with g.collecting():
        zombies.become(g, seat)
    g.rearranged()


def test_nine_cards_each_with_a_text_per_design():
    assert len(ZOMBIE_EQUIPMENT) == 9
    for e in ZOMBIE_EQUIPMENT:
        assert e.copies == 1 and e.text and e.simple_text
        assert e.text_for("dice") == e.text_for("infect") == e.text
        assert e.text_for("simple") == e.simple_text
    assert CARDS[BY_TITLE["Flamethrower"]].text_for("simple") == "Every zombie is shot."


def test_zombie_cards_are_not_in_the_base_game():
    g = arrange(TABLE)
    assert all(
        str(a.args[0]) not in {e.title for e in ZOMBIE_EQUIPMENT}
        for a in g.space
        if a.kind == "play"
    )


# -- Crossbow ------------------------------------------------------------------------------------


def test_crossbow_printed_shoots_an_armed_player_with_no_revealed_leader():
    g = arrange(TABLE, hands=[["Crossbow"]], options=z("dice"))
    armed(g, 3, 0)
    armed(g, 1, 2)
    g.up |= 1 << g.kingpin
    g.rearranged()
    do(g, 0, "play", "Crossbow")
    assert choices(g, 0) == {("target", "Crossbow", 3)}
    do(g, 0, "target", "Crossbow", 3)
    assert g.zombie[3]


def test_crossbow_simple_shoots_a_non_wounded_player_aiming_at_you():
    g = arrange(TABLE, hands=[["Crossbow"]], options=z("simple"))
    armed(g, 3, 0)
    armed(g, 1, 0)
    g.wounded |= 1 << g.kingpin
    g.up |= 1 << g.kingpin
    armed(g, 2, 4)
    do(g, 0, "play", "Crossbow")
    assert choices(g, 0) == {("target", "Crossbow", 3)}
    do(g, 0, "target", "Crossbow", 3)
    assert g.zombie[3]


# -- Transfusion Tube -----------------------------------------------------------------------------


def test_transfusion_tube_printed_moves_up_to_three_tokens():
    g = arrange(TABLE, hands=[["Transfusion Tube"]], options=z("infect"))
    g.tokens |= 1 << g.cards[0][0] | 1 << g.cards[0][1]
    do(g, 0, "play", "Transfusion Tube")
    assert ("stop",) not in choices(g, 0)
    do(g, 0, "card", "Transfusion Tube", 0, 0)
    do(g, 0, "card", "Transfusion Tube", 1, 2)
    assert ("stop",) in choices(g, 0)
    do(g, 0, "stop")
    infected = {(p, s) for p in range(5) for s in range(3) if g.tokens >> g.cards[p][s] & 1}
    assert infected == {(0, 1), (1, 2)}


def test_transfusion_tube_simple_swaps_the_two_revealed_leaders():
    g = arrange(TABLE, hands=[[], [], ["Transfusion Tube"]], options=z("simple"), turn=2)
    assert ("play", "Transfusion Tube") not in choices(g, 2)
    g.up |= 1 << g.agent | 1 << g.kingpin
    g.rearranged()
    do(g, 2, "play", "Transfusion Tube")
    assert g.owner[g.agent] == 1 and g.owner[g.kingpin] == 0
    assert g.view(0)["team"] == "crooked" and g.view(1)["team"] == "honest"


# -- Zombie Serum ---------------------------------------------------------------------------------


def test_zombie_serum_printed_rerolls_a_zombie_die(monkeypatch):
    faces = [BLANK, ZOMBIE_FACE]
    monkeypatch.setattr(zombies, "roll_die", lambda g, die: faces.pop(0))
    g = arrange(TABLE, hands=[[], ["Zombie Serum"]], options=z("dice"), turn=4)
    zombify(g, 4)
    g.aim[4] = 2
    g.rearranged()
    assert ("play", "Zombie Serum") not in choices(g, 1)  # only while dice are on the table
    do(g, 4, "bite")
    close_window(g)
    assert g.phase == ROLLED
    do(g, 1, "play", "Zombie Serum")
    assert choices(g, 1) == {("die", 0)}
    do(g, 1, "die", 0)
    assert g.view(None)["dice"]["faces"] == ["zombie"]
    assert g.zombie[2]  # nobody else holds equipment: the re-rolled die stands


def test_zombie_serum_simple_shoots_you_and_reveals_the_named_leader():
    g = arrange(TABLE, hands=[[], [], ["Zombie Serum"]], options=z("simple"), turn=2)
    do(g, 2, "play", "Zombie Serum")
    assert g.zombie[2]
    assert choices(g, 2) == {("name", "agent"), ("name", "kingpin")}
    do(g, 2, "name", "kingpin")
    assert card(g, None, 1, 0) == "kingpin"


# -- Flamethrower ---------------------------------------------------------------------------------


@pytest.mark.parametrize("design", ["dice", "simple"])
def test_flamethrower_shoots_every_zombie(design):
    g = arrange(TABLE, hands=[["Flamethrower"]], options=z(design))
    zombify(g, 2)
    zombify(g, 3)
    g.aim[2], g.aim[3] = 0, UNARMED
    g.rearranged()
    do(g, 0, "play", "Flamethrower")
    assert g.aim[2] == 2 and g.aim[3] == UNARMED and not g.zombie[4]


# -- Chainsaw -------------------------------------------------------------------------------------


def test_chainsaw_printed_a_leader_shoots_you_otherwise_them():
    g = arrange(TABLE, hands=[[], [], ["Chainsaw"]], options=z("dice"), turn=2)
    do(g, 2, "play", "Chainsaw")
    do(g, 2, "card", "Chainsaw", 3, 0)
    assert g.zombie[3] and not g.zombie[2]
    g = arrange(TABLE, hands=[[], [], ["Chainsaw"]], options=z("dice"), turn=2)
    do(g, 2, "play", "Chainsaw")
    do(g, 2, "card", "Chainsaw", 1, 0)  # the Kingpin
    assert g.zombie[2] and not g.zombie[1]


def test_chainsaw_simple_a_leader_lets_you_choose_who_is_shot_otherwise_you():
    g = arrange(TABLE, hands=[[], [], ["Chainsaw"]], options=z("simple"), turn=2)
    g.wounded |= 1 << g.agent
    do(g, 2, "play", "Chainsaw")
    do(g, 2, "card", "Chainsaw", 1, 0)  # the Kingpin
    assert ("target", "Chainsaw", 0) not in choices(g, 2)  # Ana is wounded
    do(g, 2, "target", "Chainsaw", 4)
    assert g.zombie[4] and not g.zombie[2]
    g = arrange(TABLE, hands=[[], [], ["Chainsaw"]], options=z("simple"), turn=2)
    do(g, 2, "play", "Chainsaw")
    do(g, 2, "card", "Chainsaw", 3, 0)
    assert g.zombie[2] and not g.zombie[3]


def test_chainsaw_revealing_the_infector_in_dice_draws_a_card():
    g = arrange(INFECTED, hands=[[], [], [], ["Chainsaw"]], options=z("dice"), turn=3)
    do(g, 3, "play", "Chainsaw")
    do(g, 3, "card", "Chainsaw", 2, 0)
    assert g.zombie[2] and len(g.hand[3]) == 1


# -- Zombie Mask ----------------------------------------------------------------------------------


def test_zombie_mask_printed_swaps_a_revealed_leader_or_infector_card():
    g = arrange(INFECTED, hands=[["Zombie Mask"]], options=z("infect"))
    assert ("play", "Zombie Mask") not in choices(g, 0)
    g.up |= 1 << g.infector
    zombify(g, 2)
    do(g, 0, "play", "Zombie Mask")
    assert choices(g, 0) == {("card", "Zombie Mask", 2, 0)}
    do(g, 0, "card", "Zombie Mask", 2, 0)
    do(g, 0, "card", "Zombie Mask", 4, 1)
    assert g.owner[g.infector] == 4 and g.zombie[4]  # a revealed Infector received


def test_zombie_mask_simple_cures_a_zombie_who_swaps_all_cards():
    g = arrange(TABLE, hands=[["Zombie Mask"]], options=z("simple"))
    zombify(g, 2)
    cal, dee = list(g.cards[2]), list(g.cards[3])
    do(g, 0, "play", "Zombie Mask")
    do(g, 0, "target", "Zombie Mask", 2)
    do(g, 0, "target", "Zombie Mask", 3)
    assert not g.zombie[2] and g.cards[2] == dee and g.cards[3] == cal
    assert g.view(2)["team"] == "crooked" and card(g, 2, 2, 2) == "honest"


# -- Machete --------------------------------------------------------------------------------------


def test_machete_printed_swaps_a_zombies_cards_for_revealed_plain_cards():
    g = arrange(TABLE, hands=[["Machete"]], options=z("dice"))
    zombify(g, 2)
    g.up |= 1 << g.cards[3][0] | 1 << g.cards[4][1]
    g.rearranged()
    do(g, 0, "play", "Machete")
    do(g, 0, "card", "Machete", 2, 0)
    assert choices(g, 0) == {("card", "Machete", 3, 0), ("card", "Machete", 4, 1)}
    do(g, 0, "card", "Machete", 3, 0)
    assert [g.kind[c] for c in g.cards[2]] == [1, 0, 1]
    assert ("stop",) in choices(g, 0)
    do(g, 0, "stop")
    assert g.task is None


def test_machete_simple_shoots_an_armed_player_with_no_revealed_leader():
    g = arrange(TABLE, hands=[["Machete"]], options=z("simple"))
    armed(g, 4, 1)
    do(g, 0, "play", "Machete")
    do(g, 0, "target", "Machete", 4)
    assert g.zombie[4]


# -- Weapon Crate ---------------------------------------------------------------------------------


@pytest.mark.parametrize("design", ["infect", "simple"])
def test_weapon_crate_arms_or_reaims_players_with_no_hidden_card(design):
    g = arrange(TABLE, hands=[[], [], [], [], ["Weapon Crate"]], options=z(design), turn=4)
    zombify(g, 2)  # infect/simple: holds Arms
    for c in g.cards[4]:
        g.up |= 1 << c
    g.rearranged()
    guns = g.guns
    do(g, 4, "play", "Weapon Crate")
    assert g.task is not None and g.task.chooser == 4  # in seat order from the player of the card
    do(g, 4, "aim", 0)  # Eli takes a gun
    do(g, 2, "aim", 1)  # Cal re-aims the Arms
    assert g.aim[2] == 1 and g.aim[4] == 0 and g.guns == guns - 1
    assert "shoot" not in {a.kind for a in g.legal(4)}  # took a gun: no shot this turn


def test_weapon_crate_simple_reaiming_does_not_stop_a_shot():
    g = arrange(TABLE, hands=[[], [], [], [], ["Weapon Crate"]], options=z("simple"), turn=4)
    for c in g.cards[4]:
        g.up |= 1 << c
    armed(g, 4, 1)
    do(g, 4, "play", "Weapon Crate")
    do(g, 4, "aim", 3)
    assert ("shoot", 3) in choices(g, 4)


# -- Alarm Clock ----------------------------------------------------------------------------------


def test_alarm_clock_printed_infects_and_turns_every_zombie_on_the_target():
    g = arrange(TABLE, hands=[["Alarm Clock"]], options=z("infect"))
    zombify(g, 2)
    zombify(g, 4)
    g.aim[2], g.aim[4] = 0, 0
    g.rearranged()
    do(g, 0, "play", "Alarm Clock")
    do(g, 0, "card", "Alarm Clock", 1, 1)
    assert g.tokens >> g.cards[1][1] & 1
    assert g.aim[2] == 1 and g.aim[4] == 1


def test_alarm_clock_simple_rings_at_the_end_of_the_targets_next_turn():
    g = arrange(TABLE, hands=[["Alarm Clock"]], options=z("simple"))
    armed(g, 3, 0)
    do(g, 0, "play", "Alarm Clock")
    do(g, 0, "target", "Alarm Clock", 1)
    assert g.view(None)["alarm"] == 1
    do(g, 0, "equip")
    do(g, 0, "reveal", 1)
    close_window(g)
    assert g.turn == 1 and g.aim[2] == UNARMED  # not yet
    do(g, 1, "equip")
    do(g, 1, "reveal", 1)
    # end of Bea's turn: everyone unarmed takes a gun, everyone armed aims at Bea
    assert all(g.aim[p] == 1 for p in (0, 2, 3, 4)) and g.view(None)["alarm"] is None
