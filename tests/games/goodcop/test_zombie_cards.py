"""The nine Zombies equipment cards: the `dice`/`infect` text and the `simple` text of each."""

import pytest

from hiddenhand.games.goodcop import zombies
from hiddenhand.games.goodcop.cards import BLANK, ZOMBIE_FACE
from hiddenhand.games.goodcop.options import GoodCopOptions
from hiddenhand.games.goodcop.phases import ROLLED, UNARMED
from hiddenhand.games.goodcop.zombie_cards import ZOMBIES_EQUIPMENT, Flamethrower
from tests.games.goodcop.helpers import armed, arrange, card, choices, close_window, do

TABLE = ["AHC", "KCC", "HHC", "CCH", "HCH"]  # Ana Agent, Bea Kingpin, Cal, Dee, Eli
INFECTED = ["AHC", "KCC", "IHC", "CCH", "HCH"]


def z(design: str, tokens: str = "leftmost") -> GoodCopOptions:
    """The design's options; infection tokens go on the leftmost free card unless a test is
    about choosing it (see test_zombie_tokens_and_exceptions.py)."""
    return GoodCopOptions(zombies=design, tokens=tokens)  # type: ignore[arg-type]


def zombify(state, seat: int) -> None:
    with state.collecting():
        zombies.become(state, seat)
    state.rearranged()


def test_nine_cards_each_with_a_text_per_design():
    cards = [card for card in ZOMBIES_EQUIPMENT.added if card.copies]
    assert len(cards) == 9
    for e in cards:
        assert e.copies == 1 and e.text and e.simple_text
        assert e.text_for("dice") == e.text_for("infect") == e.text
        assert e.text_for("simple") == e.simple_text
    assert Flamethrower().text_for("simple") == "Every zombie is shot."


def test_zombie_cards_are_not_in_the_base_game():
    state = arrange(TABLE)
    assert all(
        str(a.args[0]) not in {e.title for e in ZOMBIES_EQUIPMENT.added}
        for a in state.space
        if a.kind == "play"
    )


# -- Crossbow ------------------------------------------------------------------------------------


def test_crossbow_printed_shoots_an_armed_player_with_no_revealed_leader():
    state = arrange(TABLE, hands=[["Crossbow"]], options=z("dice"))
    armed(state, 3, 0)
    armed(state, 1, 2)
    state.face_up |= 1 << state.kingpin
    state.rearranged()
    do(state, 0, "play", "Crossbow")
    assert choices(state, 0) == {("target", "Crossbow", 3)}
    do(state, 0, "target", "Crossbow", 3)
    assert state.zombie[3]


def test_crossbow_simple_shoots_a_non_wounded_player_aiming_at_you():
    state = arrange(TABLE, hands=[["Crossbow"]], options=z("simple"))
    armed(state, 3, 0)
    armed(state, 1, 0)
    state.wounded |= 1 << state.kingpin
    state.face_up |= 1 << state.kingpin
    armed(state, 2, 4)
    do(state, 0, "play", "Crossbow")
    assert choices(state, 0) == {("target", "Crossbow", 3)}
    do(state, 0, "target", "Crossbow", 3)
    assert state.zombie[3]


# -- Transfusion Tube -----------------------------------------------------------------------------


def test_transfusion_tube_printed_moves_up_to_three_tokens():
    state = arrange(TABLE, hands=[["Transfusion Tube"]], options=z("infect"))
    state.infected_cards |= 1 << state.cards[0][0] | 1 << state.cards[0][1]
    do(state, 0, "play", "Transfusion Tube")
    assert ("stop",) not in choices(state, 0)
    do(state, 0, "card", "Transfusion Tube", 0, 0)
    do(state, 0, "card", "Transfusion Tube", 1, 2)
    assert ("stop",) in choices(state, 0)
    do(state, 0, "stop")
    infected = {
        (p, s) for p in range(5) for s in range(3) if state.infected_cards >> state.cards[p][s] & 1
    }
    assert infected == {(0, 1), (1, 2)}


def test_transfusion_tube_simple_swaps_the_two_revealed_leaders():
    state = arrange(TABLE, hands=[[], [], ["Transfusion Tube"]], options=z("simple"), turn=2)
    assert ("play", "Transfusion Tube") not in choices(state, 2)
    state.face_up |= 1 << state.agent | 1 << state.kingpin
    state.rearranged()
    do(state, 2, "play", "Transfusion Tube")
    assert state.owner[state.agent] == 1 and state.owner[state.kingpin] == 0
    assert state.view(0)["team"] == "crooked" and state.view(1)["team"] == "honest"


# -- Zombie Serum ---------------------------------------------------------------------------------


def test_zombie_serum_printed_rerolls_a_zombie_die(monkeypatch):
    faces = [BLANK, ZOMBIE_FACE]
    monkeypatch.setattr(zombies, "roll_die", lambda state, die: faces.pop(0))
    state = arrange(TABLE, hands=[[], ["Zombie Serum"]], options=z("dice"), turn=4)
    zombify(state, 4)
    state.aim[4] = 2
    state.rearranged()
    assert ("play", "Zombie Serum") not in choices(state, 1)  # only while dice are on the table
    do(state, 4, "bite")
    close_window(state)
    assert state.phase == ROLLED
    do(state, 1, "play", "Zombie Serum")
    assert choices(state, 1) == {("die", 0)}
    do(state, 1, "die", 0)
    assert state.view(None)["dice"]["faces"] == ["zombie"]
    assert state.zombie[2]  # nobody else holds equipment: the re-rolled die stands


def test_zombie_serum_simple_shoots_you_and_reveals_the_named_leader():
    state = arrange(TABLE, hands=[[], [], ["Zombie Serum"]], options=z("simple"), turn=2)
    do(state, 2, "play", "Zombie Serum")
    assert state.zombie[2]
    assert choices(state, 2) == {("name", "agent"), ("name", "kingpin")}
    do(state, 2, "name", "kingpin")
    assert card(state, None, 1, 0) == "kingpin"


# -- Flamethrower ---------------------------------------------------------------------------------


@pytest.mark.parametrize("design", ["dice", "simple"])
def test_flamethrower_shoots_every_zombie(design):
    state = arrange(TABLE, hands=[["Flamethrower"]], options=z(design))
    zombify(state, 2)
    zombify(state, 3)
    state.aim[2], state.aim[3] = 0, UNARMED
    state.rearranged()
    do(state, 0, "play", "Flamethrower")
    assert state.aim[2] == 2 and state.aim[3] == UNARMED and not state.zombie[4]


# -- Chainsaw -------------------------------------------------------------------------------------


def test_chainsaw_printed_a_leader_shoots_you_otherwise_them():
    state = arrange(TABLE, hands=[[], [], ["Chainsaw"]], options=z("dice"), turn=2)
    do(state, 2, "play", "Chainsaw")
    do(state, 2, "card", "Chainsaw", 3, 0)
    assert state.zombie[3] and not state.zombie[2]
    state = arrange(TABLE, hands=[[], [], ["Chainsaw"]], options=z("dice"), turn=2)
    do(state, 2, "play", "Chainsaw")
    do(state, 2, "card", "Chainsaw", 1, 0)  # the Kingpin
    assert state.zombie[2] and not state.zombie[1]


def test_chainsaw_simple_a_leader_lets_you_choose_who_is_shot_otherwise_you():
    state = arrange(TABLE, hands=[[], [], ["Chainsaw"]], options=z("simple"), turn=2)
    state.wounded |= 1 << state.agent
    do(state, 2, "play", "Chainsaw")
    do(state, 2, "card", "Chainsaw", 1, 0)  # the Kingpin
    assert ("target", "Chainsaw", 0) not in choices(state, 2)  # Ana is wounded
    do(state, 2, "target", "Chainsaw", 4)
    assert state.zombie[4] and not state.zombie[2]
    state = arrange(TABLE, hands=[[], [], ["Chainsaw"]], options=z("simple"), turn=2)
    do(state, 2, "play", "Chainsaw")
    do(state, 2, "card", "Chainsaw", 3, 0)
    assert state.zombie[2] and not state.zombie[3]


def test_chainsaw_revealing_the_infector_in_dice_draws_a_card():
    state = arrange(INFECTED, hands=[[], [], [], ["Chainsaw"]], options=z("dice"), turn=3)
    do(state, 3, "play", "Chainsaw")
    do(state, 3, "card", "Chainsaw", 2, 0)
    assert state.zombie[2] and len(state.hand[3]) == 1


# -- Zombie Mask ----------------------------------------------------------------------------------


def test_zombie_mask_printed_swaps_a_revealed_leader_or_infector_card():
    state = arrange(INFECTED, hands=[["Zombie Mask"]], options=z("infect"))
    assert ("play", "Zombie Mask") not in choices(state, 0)
    state.face_up |= 1 << state.infector
    zombify(state, 2)
    do(state, 0, "play", "Zombie Mask")
    assert choices(state, 0) == {("card", "Zombie Mask", 2, 0)}
    do(state, 0, "card", "Zombie Mask", 2, 0)
    do(state, 0, "card", "Zombie Mask", 4, 1)
    assert state.owner[state.infector] == 4 and state.zombie[4]  # a revealed Infector received


def test_zombie_mask_simple_cures_a_zombie_who_swaps_all_cards():
    state = arrange(TABLE, hands=[["Zombie Mask"]], options=z("simple"))
    zombify(state, 2)
    cal, dee = list(state.cards[2]), list(state.cards[3])
    do(state, 0, "play", "Zombie Mask")
    do(state, 0, "target", "Zombie Mask", 2)
    do(state, 0, "target", "Zombie Mask", 3)
    assert not state.zombie[2] and state.cards[2] == dee and state.cards[3] == cal
    assert state.view(2)["team"] == "crooked" and card(state, 2, 2, 2) == "honest"


# -- Machete --------------------------------------------------------------------------------------


def test_machete_printed_swaps_a_zombies_cards_for_revealed_plain_cards():
    state = arrange(TABLE, hands=[["Machete"]], options=z("dice"))
    zombify(state, 2)
    state.face_up |= 1 << state.cards[3][0] | 1 << state.cards[4][1]
    state.rearranged()
    do(state, 0, "play", "Machete")
    do(state, 0, "card", "Machete", 2, 0)
    assert choices(state, 0) == {("card", "Machete", 3, 0), ("card", "Machete", 4, 1)}
    do(state, 0, "card", "Machete", 3, 0)
    assert [state.card_kinds[c] for c in state.cards[2]] == [1, 0, 1]
    assert ("stop",) in choices(state, 0)
    do(state, 0, "stop")
    assert state.task is None


def test_machete_simple_shoots_an_armed_player_with_no_revealed_leader():
    state = arrange(TABLE, hands=[["Machete"]], options=z("simple"))
    armed(state, 4, 1)
    do(state, 0, "play", "Machete")
    do(state, 0, "target", "Machete", 4)
    assert state.zombie[4]


# -- Weapon Crate ---------------------------------------------------------------------------------


@pytest.mark.parametrize("design", ["infect", "simple"])
def test_weapon_crate_arms_or_reaims_players_with_no_hidden_card(design):
    state = arrange(TABLE, hands=[[], [], [], [], ["Weapon Crate"]], options=z(design), turn=4)
    zombify(state, 2)  # infect/simple: holds Arms
    for c in state.cards[4]:
        state.face_up |= 1 << c
    state.rearranged()
    guns = state.guns
    do(state, 4, "play", "Weapon Crate")
    assert (
        state.task is not None and state.task.chooser == 4
    )  # in seat order from the player of the card
    do(state, 4, "aim", 0)  # Eli takes a gun
    do(state, 2, "aim", 1)  # Cal re-aims the Arms
    assert state.aim[2] == 1 and state.aim[4] == 0 and state.guns == guns - 1
    assert "shoot" not in {a.kind for a in state.legal(4)}  # took a gun: no shot this turn


def test_weapon_crate_simple_reaiming_does_not_stop_a_shot():
    state = arrange(TABLE, hands=[[], [], [], [], ["Weapon Crate"]], options=z("simple"), turn=4)
    for c in state.cards[4]:
        state.face_up |= 1 << c
    armed(state, 4, 1)
    do(state, 4, "play", "Weapon Crate")
    do(state, 4, "aim", 3)
    assert ("shoot", 3) in choices(state, 4)


# -- Alarm Clock ----------------------------------------------------------------------------------


def test_alarm_clock_printed_infects_and_turns_every_zombie_on_the_target():
    state = arrange(TABLE, hands=[["Alarm Clock"]], options=z("infect"))
    zombify(state, 2)
    zombify(state, 4)
    state.aim[2], state.aim[4] = 0, 0
    state.rearranged()
    do(state, 0, "play", "Alarm Clock")
    do(state, 0, "card", "Alarm Clock", 1, 1)
    assert state.infected_cards >> state.cards[1][1] & 1
    assert state.aim[2] == 1 and state.aim[4] == 1


def test_alarm_clock_simple_rings_at_the_end_of_the_targets_next_turn():
    state = arrange(TABLE, hands=[["Alarm Clock"]], options=z("simple"))
    armed(state, 3, 0)
    do(state, 0, "play", "Alarm Clock")
    do(state, 0, "target", "Alarm Clock", 1)
    assert state.view(None)["alarm"] == 1
    do(state, 0, "equip")
    do(state, 0, "reveal", 1)
    close_window(state)
    assert state.turn == 1 and state.aim[2] == UNARMED  # not yet
    do(state, 1, "equip")
    do(state, 1, "reveal", 1)
    # end of Bea's turn: everyone unarmed takes a gun, everyone armed aims at Bea
    assert all(state.aim[p] == 1 for p in (0, 2, 3, 4)) and state.view(None)["alarm"] is None
