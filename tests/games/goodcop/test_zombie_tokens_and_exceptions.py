"""Zombies rules read from the seeds: who chooses the card for an infection token, what
revealing the Infector to pay for an action draws, K-9 Unit against Arms, and the Surveillance
Camera's look as an investigation."""

import pytest

from hiddenhand.games.goodcop import zombies
from hiddenhand.games.goodcop.cards import BLANK, INFECTION_FACE, ZOMBIE_FACE
from hiddenhand.games.goodcop.options import GoodCopOptions
from hiddenhand.games.goodcop.phases import AIM, END_OF_TURN, ROLLED, UNARMED
from tests.games.goodcop.helpers import arrange, choices, close_window, do

TABLE = ["AHC", "KCC", "HHC", "CCH", "HCH"]  # Ana Agent, Bea Kingpin, Cal, Dee, Eli
INFECTED = ["AHC", "KCC", "IHC", "CCH", "HCH"]  # Cal holds the Infector


def z(design: str) -> GoodCopOptions:
    return GoodCopOptions(zombies=design)  # type: ignore[arg-type]


@pytest.fixture
def dice_faces(monkeypatch):
    """Fix the faces the next rolls show, in order."""
    queue: list[int] = []
    monkeypatch.setattr(zombies, "roll_die", lambda state, faces: queue.pop(0))
    return queue


def biting(design: str, target: int = 2):
    """Eli's turn as a zombie, Arms aimed at the target; Ana holds Coffee (windows open)."""
    state = arrange(TABLE, hands=[["Coffee"]], options=z(design), turn=4)
    with state.collecting():
        zombies.become(state, 4)
    state.aim[4] = target
    state.rearranged()
    return state


def infected(state, seat: int) -> list[bool]:
    return [c["infected"] for c in state.view(None)["players"][seat]["cards"]]


# -- infection tokens ----------------------------------------------------------------------------


@pytest.mark.parametrize("design", ["dice", "infect"])
def test_the_bitten_player_chooses_the_card_for_the_bite_s_token(design, dice_faces):
    """Seed 000 (and 001): "When a zombie Bites you and you are not a zombie, put an Infection
    token on one of your Integrity cards." """
    state = biting(design)
    do(state, 4, "bite")
    close_window(state)
    assert state.view(None)["resolving"] == {"card": "Infection token", "by": 2}
    assert choices(state, 2) == {("card", "Infection token", 2, s) for s in range(3)}
    dice_faces.append(BLANK)
    do(state, 2, "card", "Infection token", 2, 2)
    assert infected(state, 2) == [False, False, True]
    assert state.phase == ROLLED and len(state.bite_roll) == 1  # then one die per token


def test_one_card_left_without_a_token_asks_nobody(dice_faces):
    state = biting("dice")
    state.infected_cards |= 1 << state.cards[2][0] | 1 << state.cards[2][2]
    dice_faces += [BLANK, BLANK, BLANK]
    do(state, 4, "bite")
    close_window(state)
    assert state.task is None and state.phase == ROLLED and infected(state, 2) == [True, True, True]


def test_each_infection_face_lets_the_bitten_choose_again(dice_faces):
    """Seed 000: "Infection Symbol: You add an extra Infection token to one of your Integrity
    cards." """
    state = biting("dice")
    dice_faces.append(INFECTION_FACE)
    do(state, 4, "bite")
    close_window(state)
    do(state, 2, "card", "Infection token", 2, 1)
    close_window(state)  # the dice stand
    assert state.view(None)["resolving"] == {"card": "Infection token", "by": 2}
    assert choices(state, 2) == {
        ("card", "Infection token", 2, 0),
        ("card", "Infection token", 2, 2),
    }
    do(state, 2, "card", "Infection token", 2, 0)
    assert infected(state, 2) == [True, True, False] and state.phase == AIM


def test_a_zombie_face_still_turns_the_bitten_after_their_tokens(dice_faces):
    state = biting("dice")
    dice_faces.append(ZOMBIE_FACE)
    do(state, 4, "bite")
    close_window(state)
    do(state, 2, "card", "Infection token", 2, 1)
    close_window(state)
    assert state.zombie[2]


def test_the_infection_die_s_token_goes_where_its_roller_chooses(dice_faces):
    """Seed 000: "an infection face puts a token on one of their cards" is read with "put an
    Infection token on one of your Integrity cards": the roller chooses."""
    state = arrange(INFECTED, hands=[[], ["Coffee"]], options=z("dice"))
    dice_faces.append(INFECTION_FACE)
    do(state, 0, "investigate", 1, 0)
    close_window(state)
    assert state.view(None)["resolving"] == {"card": "Infection token", "by": 0}
    do(state, 0, "card", "Infection token", 0, 2)
    assert infected(state, 0) == [False, False, True]
    assert state.phase == END_OF_TURN and set(state.pending()) == {1}


def test_tokens_leftmost_keeps_the_automatic_placement(dice_faces):
    state = arrange(
        TABLE, hands=[["Coffee"]], options=GoodCopOptions(zombies="dice", tokens="leftmost"), turn=4
    )
    with state.collecting():
        zombies.become(state, 4)
    state.aim[4] = 2
    state.rearranged()
    dice_faces.append(BLANK)
    do(state, 4, "bite")
    close_window(state)
    assert state.task is None and infected(state, 2) == [True, False, False]


# -- the Infector revealed to pay --------------------------------------------------------------


@pytest.mark.parametrize("action", ["arm", "equip"])
def test_dice_the_infector_revealed_to_pay_for_an_action_draws_a_card(action):
    """Seed 000: "When a player investigates or reveals the Infector card, they draw an
    Equipment card." Its holder reveals it to pay for Arm or Equip, so draws."""
    state = arrange(["AHC", "KCC", "HHC", "CCH", "IHC"], options=z("dice"), turn=4)
    do(state, 4, action)
    before = len(state.hand[4])
    do(state, 4, "reveal", 0)
    assert state.zombie[4] and len(state.hand[4]) == before + 1


def test_infect_the_infector_revealed_to_pay_draws_nothing():
    state = arrange(["AHC", "KCC", "HHC", "CCH", "IHC"], options=z("infect"), turn=4)
    do(state, 4, "arm")
    do(state, 4, "reveal", 0)
    assert state.zombie[4] and state.hand[4] == []


# -- K-9 Unit against Arms ----------------------------------------------------------------------


def test_dice_k9_takes_a_zombie_s_arms_back_to_the_centre():
    """Seed 000: "Any Equipment that affects or targets a Gun or those holding a Gun affects
    or targets zombie Arms or those with zombie Arms." K-9 Unit takes the Arms away."""
    state = arrange(TABLE, hands=[["K-9 Unit"]], options=z("dice"))
    with state.collecting():
        zombies.become(state, 2)
        zombies.take_arms_token(state, 2)
    state.aim[2] = 1
    state.rearranged()
    arms = state.arms_in_centre
    do(state, 0, "play", "K-9 Unit")
    do(state, 0, "target", "K-9 Unit", 2)
    assert state.aim[2] == UNARMED and state.arms_in_centre == arms + 1
    assert not state.view(None)["players"][2]["arms"]


def test_infect_k9_keeps_its_own_exception():
    """Seed 001: "Any Equipment that would make a zombie drop their Gun instead makes them aim
    their Arms at themself." """
    state = arrange(TABLE, hands=[["K-9 Unit"]], options=z("infect"))
    with state.collecting():
        zombies.become(state, 2)
    state.aim[2] = 1
    state.rearranged()
    arms = state.arms_in_centre
    do(state, 0, "play", "K-9 Unit")
    do(state, 0, "target", "K-9 Unit", 2)
    assert state.aim[2] == 2 and state.arms_in_centre == arms


# -- the Surveillance Camera investigates ----------------------------------------------------


def camera_on(cards, design: str):
    """Ana has the Surveillance Camera in front of her; Cal investigates her."""
    state = arrange(cards, options=z(design), turn=2)
    state.placed[10] = 0  # the Surveillance Camera
    state.rearranged()
    do(state, 2, "investigate", 0, 0)
    return state


def test_dice_a_surveillance_camera_look_at_the_infector_exposes_it():
    """Seed 000: "When a player investigates or reveals the Infector card, they draw an
    Equipment card. The player with the Infector card becomes a zombie." The Camera
    investigates back."""
    state = camera_on(["AHC", "KCC", "IHC", "CCH", "HCH"], "dice")
    assert state.view(None)["resolving"] == {"card": "Surveillance Camera", "by": 0}
    do(state, 0, "card", "Surveillance Camera", 2, 0)
    assert state.zombie[2] and len(state.hand[0]) == 1


def test_infect_a_surveillance_camera_look_puts_a_token():
    """Seed 001: "When a player is investigated, the investigator places an Infection token on
    the Integrity card they viewed." """
    state = camera_on(INFECTED, "infect")
    do(state, 0, "card", "Surveillance Camera", 2, 1)
    assert infected(state, 2) == [False, True, False]
    assert infected(state, 0) == [True, False, False]  # Cal's own investigation
    assert not state.zombie[2]
