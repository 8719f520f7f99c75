"""The Zombies expansion: setup, becoming a zombie, zombie turns, Bite and dice, card moves, per
design (`dice`, `infect`, `simple`)."""

from collections import Counter

import pytest

from hiddenhand.engine import OptionError, get_game
from hiddenhand.games.goodcop import zombies
from hiddenhand.games.goodcop.cards import (
    ARMS_FACE,
    BLANK,
    INFECTION_FACE,
    INFECTOR,
    KIND_NAMES,
    ZOMBIE_FACE,
)
from hiddenhand.games.goodcop.options import GoodCopOptions
from hiddenhand.games.goodcop.phases import ACTION, AIM, END_OF_TURN, ROLLED, SHOOTING, UNARMED
from hiddenhand.games.goodcop.zombie_cards import ZOMBIES_EQUIPMENT
from tests.games.goodcop.helpers import armed, arrange, card, choices, close_window, do, kinds

GAME = get_game("goodcop")
DESIGNS = ("dice", "infect", "simple")
TABLE = ["AHC", "KCC", "HHC", "CCH", "HCH"]  # Ana Agent, Bea Kingpin, Cal, Dee, Eli
INFECTED = ["AHC", "KCC", "IHC", "CCH", "HCH"]  # Cal holds the Infector


def z(design: str, tokens: str = "leftmost") -> GoodCopOptions:
    """The design's options; infection tokens go on the leftmost free card unless a test is
    about choosing it (see test_zombie_tokens_and_exceptions.py)."""
    return GoodCopOptions(zombies=design, tokens=tokens)  # type: ignore[arg-type]


def zombify(state, seat: int) -> None:
    with state.collecting():
        zombies.become(state, seat)
    state.rearranged()


@pytest.fixture
def dice_faces(monkeypatch):
    """Fix the faces the next rolls show, in order."""
    queue: list[int] = []

    def roll(state, faces):
        return queue.pop(0)

    monkeypatch.setattr(zombies, "roll_die", roll)
    return queue


# -- setup ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("design", ["dice", "infect"])
@pytest.mark.parametrize("players", range(4, 9))
def test_the_infector_joins_the_first_pile_and_is_dealt(design, players):
    table = {4: (5, 0), 5: (7, 1), 6: (8, 0), 7: (10, 1), 8: (11, 0)}
    each, burned = table[players]
    for seed in range(20):
        state = GAME.start(players, {"zombies": design}, seed=seed)
        kinds_ = Counter(state.card_kinds)
        assert kinds_[INFECTOR] == 1 and kinds_[0] == kinds_[1] == each
        assert state.owner.count(-1) == burned + 1  # the Infector takes a dealt place
        holders = {
            state.owner[state.agent],
            state.owner[state.kingpin],
            state.owner[state.infector],
        }
        assert len(holders) == 3 and -1 not in holders
        assert all(len(c) == 3 for c in state.cards)


@pytest.mark.parametrize("design", ["off", "simple"])
def test_no_infector_without_it(design):
    state = GAME.start(6, {"zombies": design}, seed=3)
    assert INFECTOR not in state.card_kinds
    assert getattr(state, "infector", -1) == -1  # the base game has no Infector field at all


def test_zombie_equipment_joins_the_deck_and_arms_are_players_minus_two():
    state = GAME.start(6, {"zombies": "dice"}, seed=1)
    titles = Counter(
        ZOMBIES_EQUIPMENT.titles[ZOMBIES_EQUIPMENT.deck[c]]
        for c in [*state.deck, *(c for h in state.hand for c in h)]
    )
    assert sum(titles.values()) == 28
    for title in ("Crossbow", "Flamethrower", "Alarm Clock", "Zombie Serum", "Machete"):
        assert titles[title] == 1
    assert state.view(None)["arms_in_centre"] == 4
    off = GAME.start(6, seed=1)
    assert len(off.deck) + 6 == 19 and "arms_in_centre" not in off.view(None)


def test_the_zombies_option_is_checked():
    with pytest.raises(OptionError):
        GAME.options({"zombies": "vampires"})
    assert GAME.options(["zombies=infect"]).zombies == "infect"


def test_only_the_infector_knows_it_and_is_on_the_zombie_team():
    state = arrange(INFECTED, options=z("dice"))
    assert state.view(2)["team"] == "zombie" and card(state, 2, 2, 0) == "infector"
    assert card(state, 0, 2, 0) is None and card(state, None, 2, 0) is None
    assert state.view(2)["players"][2]["zombie"] is False  # on the team, not yet a zombie


# -- becoming a zombie ---------------------------------------------------------------------------


def test_dice_investigating_the_infector_makes_a_zombie_and_draws_a_card():
    state = arrange(INFECTED, hands=[[], [], ["Coffee"]], options=z("dice"))
    do(state, 0, "investigate", 2, 0)
    assert state.zombie[2] and all(c["revealed"] for c in state.view(None)["players"][2]["cards"])
    assert len(state.hand[0]) == 1  # the investigator drew
    assert state.view(None)["players"][2]["hand"] == 1  # the zombie keeps its equipment
    assert state.aim[2] == UNARMED  # dice: no Arms on becoming a zombie


def test_infect_investigating_puts_a_token_and_does_not_expose_the_infector():
    state = arrange(INFECTED, options=z("infect"))
    do(state, 0, "investigate", 2, 0)
    assert not state.zombie[2]
    assert state.view(None)["players"][2]["cards"][0]["infected"] is True
    assert state.view(None)["players"][2]["cards"][1]["infected"] is False


@pytest.mark.parametrize("design", ["dice", "infect"])
def test_the_infector_revealed_to_pay_for_arm_takes_arms_instead_of_a_gun(design):
    state = arrange(["AHC", "KCC", "HHC", "CCH", "IHC"], options=z(design), turn=4)
    guns, arms = state.guns, state.arms_in_centre
    do(state, 4, "arm")
    do(state, 4, "reveal", 0)
    assert state.zombie[4] and state.guns == guns and state.arms_in_centre == arms - 1
    assert state.view(None)["players"][4]["arms"] and not state.view(None)["players"][4]["armed"]
    assert state.phase == AIM


@pytest.mark.parametrize("design", DESIGNS)
def test_a_shot_non_leader_becomes_a_zombie_and_keeps_equipment_and_tokens(design):
    state = arrange(TABLE, hands=[[], [], ["Coffee"]], options=z(design))
    armed(state, 2, 3)
    armed(state, 0, 2)
    state.infected_cards |= 1 << state.cards[2][1]
    do(state, 0, "shoot", 2)
    close_window(state)
    assert state.zombie[2] and state.alive[2]
    assert state.view(2)["team"] == "zombie" and state.hand[2]
    assert state.view(None)["players"][2]["cards"][1]["infected"]
    assert not state.view(None)["players"][2]["armed"]  # the gun is lost
    assert state.view(None)["players"][2]["arms"] is (design != "dice")


@pytest.mark.parametrize("design", DESIGNS)
def test_a_shot_leader_is_wounded_then_eliminated_and_the_other_team_wins(design):
    state = arrange(TABLE, options=z(design))
    state.wounded |= 1 << state.kingpin
    armed(state, 0, 1)
    do(state, 0, "shoot", 1)
    close_window(state)
    assert state.outcome() is not None and state.outcome().side == "honest"


@pytest.mark.parametrize("design", DESIGNS)
def test_shooting_a_zombie_turns_its_arms_on_itself_and_the_shooter_keeps_the_gun(design):
    state = arrange(TABLE, options=z(design))
    zombify(state, 2)
    state.arms_in_centre -= 1
    state.aim[2] = 0
    armed(state, 0, 2)
    do(state, 0, "shoot", 2)
    close_window(state)
    assert state.aim[2] == 2 and state.zombie[2]
    assert state.phase == AIM and state.aim[0] != UNARMED
    targets = {a[1] for a in choices(state, 0)}
    assert (2 in targets) is (design == "dice")  # infect, simple: must aim elsewhere


# -- a zombie's turn -----------------------------------------------------------------------------


def zombie_turn(design: str, arms_at: int = -1):
    """Eli's turn as a zombie; Ana holds Coffee, so every reaction window opens."""
    state = arrange(TABLE, hands=[["Coffee"]], options=z(design), turn=4)
    zombify(state, 4)
    if arms_at >= 0:
        state.aim[4] = arms_at
        state.rearranged()
    return state


def test_dice_zombie_actions_are_bite_arm_and_equip():
    state = zombie_turn("dice")
    assert kinds(state, 4) - {"play"} == {"arm", "equip"}  # no Arms yet: nothing to bite with
    assert "investigate" not in kinds(state, 4) and "shoot" not in kinds(state, 4)
    do(state, 4, "arm")
    assert state.phase == AIM and state.view(None)["players"][4]["arms"]
    do(state, 4, "aim", 1)
    close_window(state)
    with state.collecting():
        state.begin_turn(4)
    state.rearranged()
    assert {"bite", "equip"} <= kinds(state, 4) and "arm" not in kinds(state, 4)


def test_infect_zombie_actions_are_bite_equip_and_infect():
    state = zombie_turn("infect", arms_at=1)
    assert {"bite", "equip", "infect"} <= kinds(state, 4) and "arm" not in kinds(state, 4)
    do(state, 4, "infect")
    do(state, 4, "card", "Infect", 0, 1)
    assert ("card", "Infect", 0, 2) not in choices(state, 4)  # up to two different players
    do(state, 4, "card", "Infect", 2, 2)
    view = state.view(None)["players"]
    assert view[0]["cards"][1]["infected"] and view[2]["cards"][2]["infected"]


def test_infect_zombie_equip_removes_a_token_then_draws():
    state = zombie_turn("infect", arms_at=1)
    state.infected_cards |= 1 << state.cards[0][0]
    hand = len(state.hand[4])
    do(state, 4, "equip")
    assert choices(state, 4) == {("card", "Equip", 0, 0)}
    do(state, 4, "card", "Equip", 0, 0)
    assert not state.infected_cards and len(state.hand[4]) == hand + 1


def test_simple_zombie_actions_are_equip_and_bite():
    state = zombie_turn("simple", arms_at=1)
    assert {"bite", "equip"} <= kinds(state, 4)
    assert not {"arm", "infect", "investigate", "shoot"} & kinds(state, 4)


def test_a_zombie_cannot_bite_a_zombie_or_with_arms_aimed_at_itself():
    state = zombie_turn("dice", arms_at=4)
    assert "bite" not in kinds(state, 4)
    state = zombie_turn("dice", arms_at=2)
    zombify(state, 2)
    assert "bite" not in kinds(state, 4)


# -- Bite and the dice ---------------------------------------------------------------------------


@pytest.mark.parametrize("design", ["dice", "infect"])
def test_bite_adds_a_token_then_rolls_one_zombie_die_per_token(design, dice_faces):
    state = zombie_turn(design, arms_at=2)
    state.infected_cards |= 1 << state.cards[2][2]
    dice_faces += [BLANK, BLANK]
    do(state, 4, "bite")
    assert state.phase == SHOOTING  # bites are reacted to like shots
    close_window(state)
    assert state.phase == ROLLED and len(state.bite_roll) == 2
    assert state.view(None)["dice"] == {"by": 2, "die": "zombie", "faces": ["blank", "blank"]}
    close_window(state)
    assert not state.zombie[2] and state.phase == AIM  # blanks: nothing more


@pytest.mark.parametrize("design", ["dice", "infect"])
def test_zombie_face_turns_the_bitten_player(design, dice_faces):
    state = zombie_turn(design, arms_at=2)
    dice_faces.append(ZOMBIE_FACE)
    do(state, 4, "bite")
    close_window(state)
    close_window(state)
    assert state.zombie[2] and state.outcome() is None


@pytest.mark.parametrize("design", ["dice", "infect"])
def test_a_leader_turned_by_the_dice_means_the_zombies_win(design, dice_faces):
    state = arrange(INFECTED, hands=[[], ["Coffee"]], options=z(design), turn=4)
    zombify(state, 4)
    state.aim[4] = 0
    state.rearranged()
    dice_faces.append(ZOMBIE_FACE)
    do(state, 4, "bite")
    close_window(state)
    close_window(state)
    outcome = state.outcome()
    assert outcome is not None and outcome.side == "zombie"
    assert outcome.winners == {0, 2, 4}  # the turned Agent, the Infector, the biter


def test_infection_face_adds_a_token_and_arms_face_forces_a_new_aim(dice_faces):
    state = zombie_turn("dice", arms_at=2)
    dice_faces.append(INFECTION_FACE)
    do(state, 4, "bite")
    close_window(state)
    close_window(state)
    assert sum(c["infected"] for c in state.view(None)["players"][2]["cards"]) == 2
    assert 2 in {a[1] for a in choices(state, 4)}  # no arms face: may keep the aim
    state = zombie_turn("dice", arms_at=2)
    dice_faces.append(ARMS_FACE)
    do(state, 4, "bite")
    close_window(state)
    close_window(state)
    assert state.phase == AIM and 2 not in {a[1] for a in choices(state, 4)}


def test_simple_bite_works_like_a_shot():
    state = zombie_turn("simple", arms_at=2)
    do(state, 4, "bite")
    close_window(state)
    assert state.zombie[2] and state.aim[4] == 2  # the biter keeps its Arms
    assert state.view(None)["dice"] is None  # no dice in simple


def test_simple_a_zombie_eliminating_a_leader_wins_for_all_zombies():
    state = zombie_turn("simple", arms_at=1)
    zombify(state, 3)
    state.wounded |= 1 << state.kingpin
    do(state, 4, "bite")
    close_window(state)
    outcome = state.outcome()
    assert outcome is not None and outcome.side == "zombie" and outcome.winners == {3, 4}


def test_restraining_order_redirects_a_bite(dice_faces):
    state = arrange(TABLE, hands=[["Restraining Order"]], options=z("dice"), turn=4)
    zombify(state, 4)
    state.aim[4] = 2
    state.rearranged()
    do(state, 4, "bite")
    do(state, 0, "play", "Restraining Order")
    dice_faces.append(BLANK)
    do(state, 4, "target", "Restraining Order", 3)  # nobody holds equipment: the bite happens
    assert state.view(None)["dice"]["by"] == 3 and state.aim[4] == 3
    assert state.view(None)["players"][3]["cards"][0]["infected"]


def test_dice_infection_die_at_the_end_of_non_zombie_turns_while_the_infector_hides(dice_faces):
    state = arrange(INFECTED, options=z("dice"))
    dice_faces.append(INFECTION_FACE)
    do(state, 0, "investigate", 1, 0)
    close_window(state)
    assert state.view(None)["dice"] == {"by": 0, "die": "infection", "faces": ["infection"]}
    assert state.view(None)["players"][0]["cards"][0]["infected"]
    assert state.phase == END_OF_TURN or state.turn == 1
    # once the Infector is face up, nobody rolls
    state = arrange(INFECTED, options=z("dice"))
    state.face_up |= 1 << state.infector
    do(state, 0, "investigate", 1, 0)
    close_window(state)
    assert state.view(None)["dice"] is None


def test_zombies_do_not_roll_the_infection_die():
    state = arrange(INFECTED, options=z("dice"), turn=4)
    zombify(state, 4)
    do(state, 4, "equip")
    assert state.view(None)["dice"] is None


# -- card moves ----------------------------------------------------------------------------------


@pytest.mark.parametrize("design", ["dice", "infect"])
def test_receiving_a_revealed_infector_makes_a_zombie(design):
    state = arrange(INFECTED, hands=[["Blackmail"]], options=z(design))
    state.face_up |= 1 << state.infector
    state.rearranged()
    do(state, 0, "play", "Blackmail")
    do(state, 0, "card", "Blackmail", 2, 0)
    do(state, 0, "card", "Blackmail", 3, 1)
    assert state.zombie[3] and state.view(3)["team"] == "zombie"


def test_a_hidden_infector_received_joins_the_team_without_turning():
    state = arrange(INFECTED, hands=[["Blackmail"]], options=z("dice"))
    do(state, 0, "play", "Blackmail")
    do(state, 0, "card", "Blackmail", 2, 0)
    do(state, 0, "card", "Blackmail", 3, 1)
    assert not state.zombie[3] and state.view(3)["team"] == "zombie"
    assert card(state, 3, 3, 1) == "infector"


@pytest.mark.parametrize("design", DESIGNS)
def test_a_zombie_given_a_leader_card_is_no_longer_a_zombie(design):
    state = arrange(TABLE, hands=[[], [], ["Blackmail"]], options=z(design), turn=2)
    zombify(state, 4)
    do(state, 2, "play", "Blackmail")
    do(state, 2, "card", "Blackmail", 1, 0)  # the Kingpin, hidden
    do(state, 2, "card", "Blackmail", 4, 0)
    assert not state.zombie[4] and state.view(4)["team"] == "crooked"


def test_the_infector_with_a_leader_wins_alone():
    state = arrange(INFECTED, hands=[["Blackmail"]], options=z("infect"))
    do(state, 0, "play", "Blackmail")
    do(state, 0, "card", "Blackmail", 1, 0)  # the Kingpin to Cal
    do(state, 0, "card", "Blackmail", 2, 1)
    outcome = state.outcome()
    assert outcome is not None and outcome.side == "lone" and outcome.winners == {2}


# -- base equipment with zombies ------------------------------------------------------------------


@pytest.mark.parametrize("design", DESIGNS)
def test_defibrillator_cures_a_zombie(design):
    state = arrange(TABLE, hands=[["Defibrillator"]], options=z(design))
    zombify(state, 2)
    do(state, 0, "play", "Defibrillator")
    do(state, 0, "target", "Defibrillator", 2)
    assert not state.zombie[2] and state.view(2)["team"] == "honest"
    assert state.aim[2] == UNARMED


def test_defibrillator_does_not_work_on_the_infector():
    state = arrange(INFECTED, hands=[["Defibrillator"]], options=z("dice"))
    zombify(state, 2)
    assert ("play", "Defibrillator") not in choices(state, 0)
    zombify(state, 3)
    do(state, 0, "play", "Defibrillator")
    assert choices(state, 0) == {("target", "Defibrillator", 3)}


def test_k9_makes_a_zombie_aim_its_arms_at_itself_and_taser_never_takes_arms():
    state = arrange(TABLE, hands=[["K-9 Unit"], [], [], [], ["Taser"]], options=z("infect"))
    zombify(state, 2)
    state.aim[2] = 1
    state.rearranged()
    arms = state.arms_in_centre
    do(state, 0, "play", "K-9 Unit")
    do(state, 0, "target", "K-9 Unit", 2)
    assert state.aim[2] == 2 and state.arms_in_centre == arms
    with state.collecting():
        state.begin_turn(4)
    state.rearranged()
    assert ("play", "Taser") not in choices(state, 4)  # the only armed player holds Arms


def test_a_zombie_keeps_playing_equipment():
    state = arrange(TABLE, hands=[[], [], [], [], ["Coffee"]], options=z("dice"), turn=4)
    zombify(state, 4)
    assert ("play", "Coffee") in choices(state, 4)


def test_a_zombie_with_nothing_to_do_waits():
    state = zombie_turn("simple")
    state.aim[4] = UNARMED
    state.deck, state.discards = [], []
    state.rearranged()
    assert choices(state, 4) == {("pass",)}
    do(state, 4, "pass")
    assert state.phase != ACTION or state.turn != 4


def test_kind_names_include_the_infector():
    assert KIND_NAMES[INFECTOR] == "infector"


def test_dice_truth_serum_exposing_the_infector_draws_a_card():
    state = arrange(INFECTED, hands=[[], ["Truth Serum"]], options=z("dice"))
    with state.collecting():
        state.begin_turn(1)
    state.rearranged()
    do(state, 1, "play", "Truth Serum")
    do(state, 1, "card", "Truth Serum", 2, 0)
    assert state.zombie[2] and len(state.hand[1]) == 1


def test_walkie_talkie_turns_zombie_arms_too():
    state = arrange(TABLE, hands=[["Walkie Talkie"]], options=z("infect"))
    zombify(state, 2)
    state.aim[2] = 0
    armed(state, 3, 4)
    do(state, 0, "play", "Walkie Talkie")
    do(state, 0, "target", "Walkie Talkie", 1)
    assert state.aim[2] == 1 and state.aim[3] == 1


def test_riot_shield_deflects_a_bite():
    state = arrange(TABLE, hands=[[], [], [], ["Riot Shield"]], options=z("simple"), turn=4)
    zombify(state, 4)
    state.aim[4] = 3
    state.rearranged()
    do(state, 4, "bite")
    do(state, 3, "play", "Riot Shield")
    do(state, 3, "target", "Riot Shield", 2)
    assert state.zombie[2] and not state.zombie[3]
