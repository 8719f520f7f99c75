"""The Zombies expansion: setup, becoming a zombie, zombie turns, Bite and dice, card moves, per
design (`dice`, `infect`, `simple`)."""

from collections import Counter

import pytest

from hiddenhand.engine import OptionError, get_game
from hiddenhand.games.goodcop import zombies
from hiddenhand.games.goodcop.cards import (
    ALL_DECK,
    ARMS_FACE,
    BLANK,
    INFECTION_FACE,
    INFECTOR,
    KIND_NAMES,
    TITLES,
    ZOMBIE_FACE,
)
from hiddenhand.games.goodcop.options import GoodCopOptions
from hiddenhand.games.goodcop.phases import ACTION, AIM, END_OF_TURN, ROLLED, SHOOTING, UNARMED
from tests.games.goodcop.helpers import armed, arrange, card, choices, close_window, do, kinds

GAME = get_game("goodcop")
DESIGNS = ("dice", "infect", "simple")
TABLE = ["AHC", "KCC", "HHC", "CCH", "HCH"]  # Ana Agent, Bea Kingpin, Cal, Dee, Eli
INFECTED = ["AHC", "KCC", "IHC", "CCH", "HCH"]  # Cal holds the Infector


def z(design: str, tokens: str = "leftmost") -> GoodCopOptions:
    """The design's options; infection tokens go on the leftmost free card unless a test is
    about choosing it (see test_zombie_tokens_and_exceptions.py)."""
    return GoodCopOptions(zombies=design, tokens=tokens)  # type: ignore[arg-type]


def zombify(g, seat: int) -> None:
    with g.collecting():
        zombies.become(g, seat)
    g.rearranged()


@pytest.fixture
def dice_faces(monkeypatch):
    """Fix the faces the next rolls show, in order."""
    queue: list[int] = []

    def roll(g, faces):
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
        g = GAME.start(players, {"zombies": design}, seed=seed)
        kinds_ = Counter(g.kind)
        assert kinds_[INFECTOR] == 1 and kinds_[0] == kinds_[1] == each
        assert g.owner.count(-1) == burned + 1  # the Infector takes a dealt place
        holders = {g.owner[g.agent], g.owner[g.kingpin], g.owner[g.infector]}
        assert len(holders) == 3 and -1 not in holders
        assert all(len(c) == 3 for c in g.cards)


@pytest.mark.parametrize("design", ["off", "simple"])
def test_no_infector_without_it(design):
    g = GAME.start(6, {"zombies": design}, seed=3)
    assert INFECTOR not in g.kind
    assert getattr(g, "infector", -1) == -1  # the base game has no Infector field at all


def test_zombie_equipment_joins_the_deck_and_arms_are_players_minus_two():
    g = GAME.start(6, {"zombies": "dice"}, seed=1)
    titles = Counter(TITLES[ALL_DECK[c]] for c in [*g.deck, *(c for h in g.hand for c in h)])
    assert sum(titles.values()) == 28
    for title in ("Crossbow", "Flamethrower", "Alarm Clock", "Zombie Serum", "Machete"):
        assert titles[title] == 1
    assert g.view(None)["arms_in_centre"] == 4
    off = GAME.start(6, seed=1)
    assert len(off.deck) + 6 == 19 and "arms_in_centre" not in off.view(None)


def test_the_zombies_option_is_checked():
    with pytest.raises(OptionError):
        GAME.options({"zombies": "vampires"})
    assert GAME.options(["zombies=infect"]).zombies == "infect"


def test_only_the_infector_knows_it_and_is_on_the_zombie_team():
    g = arrange(INFECTED, options=z("dice"))
    assert g.view(2)["team"] == "zombie" and card(g, 2, 2, 0) == "infector"
    assert card(g, 0, 2, 0) is None and card(g, None, 2, 0) is None
    assert g.view(2)["players"][2]["zombie"] is False  # on the team, not yet a zombie


# -- becoming a zombie ---------------------------------------------------------------------------


def test_dice_investigating_the_infector_makes_a_zombie_and_draws_a_card():
    g = arrange(INFECTED, hands=[[], [], ["Coffee"]], options=z("dice"))
    do(g, 0, "investigate", 2, 0)
    assert g.zombie[2] and all(c["revealed"] for c in g.view(None)["players"][2]["cards"])
    assert len(g.hand[0]) == 1  # the investigator drew
    assert g.view(None)["players"][2]["hand"] == 1  # the zombie keeps its equipment
    assert g.aim[2] == UNARMED  # dice: no Arms on becoming a zombie


def test_infect_investigating_puts_a_token_and_does_not_expose_the_infector():
    g = arrange(INFECTED, options=z("infect"))
    do(g, 0, "investigate", 2, 0)
    assert not g.zombie[2]
    assert g.view(None)["players"][2]["cards"][0]["infected"] is True
    assert g.view(None)["players"][2]["cards"][1]["infected"] is False


@pytest.mark.parametrize("design", ["dice", "infect"])
def test_the_infector_revealed_to_pay_for_arm_takes_arms_instead_of_a_gun(design):
    g = arrange(["AHC", "KCC", "HHC", "CCH", "IHC"], options=z(design), turn=4)
    guns, arms = g.guns, g.arms
    do(g, 4, "arm")
    do(g, 4, "reveal", 0)
    assert g.zombie[4] and g.guns == guns and g.arms == arms - 1
    assert g.view(None)["players"][4]["arms"] and not g.view(None)["players"][4]["armed"]
    assert g.phase == AIM


@pytest.mark.parametrize("design", DESIGNS)
def test_a_shot_non_leader_becomes_a_zombie_and_keeps_equipment_and_tokens(design):
    g = arrange(TABLE, hands=[[], [], ["Coffee"]], options=z(design))
    armed(g, 2, 3)
    armed(g, 0, 2)
    g.tokens |= 1 << g.cards[2][1]
    do(g, 0, "shoot", 2)
    close_window(g)
    assert g.zombie[2] and g.alive[2]
    assert g.view(2)["team"] == "zombie" and g.hand[2]
    assert g.view(None)["players"][2]["cards"][1]["infected"]
    assert not g.view(None)["players"][2]["armed"]  # the gun is lost
    assert g.view(None)["players"][2]["arms"] is (design != "dice")


@pytest.mark.parametrize("design", DESIGNS)
def test_a_shot_leader_is_wounded_then_eliminated_and_the_other_team_wins(design):
    g = arrange(TABLE, options=z(design))
    g.wounded |= 1 << g.kingpin
    armed(g, 0, 1)
    do(g, 0, "shoot", 1)
    close_window(g)
    assert g.outcome() is not None and g.outcome().side == "honest"


@pytest.mark.parametrize("design", DESIGNS)
def test_shooting_a_zombie_turns_its_arms_on_itself_and_the_shooter_keeps_the_gun(design):
    g = arrange(TABLE, options=z(design))
    zombify(g, 2)
    g.arms -= 1
    g.aim[2] = 0
    armed(g, 0, 2)
    do(g, 0, "shoot", 2)
    close_window(g)
    assert g.aim[2] == 2 and g.zombie[2]
    assert g.phase == AIM and g.aim[0] != UNARMED
    targets = {a[1] for a in choices(g, 0)}
    assert (2 in targets) is (design == "dice")  # infect, simple: must aim elsewhere


# -- a zombie's turn -----------------------------------------------------------------------------


def zombie_turn(design: str, arms_at: int = -1):
    """Eli's turn as a zombie; Ana holds Coffee, so every reaction window opens."""
    g = arrange(TABLE, hands=[["Coffee"]], options=z(design), turn=4)
    zombify(g, 4)
    if arms_at >= 0:
        g.aim[4] = arms_at
        g.rearranged()
    return g


def test_dice_zombie_actions_are_bite_arm_and_equip():
    g = zombie_turn("dice")
    assert kinds(g, 4) - {"play"} == {"arm", "equip"}  # no Arms yet: nothing to bite with
    assert "investigate" not in kinds(g, 4) and "shoot" not in kinds(g, 4)
    do(g, 4, "arm")
    assert g.phase == AIM and g.view(None)["players"][4]["arms"]
    do(g, 4, "aim", 1)
    close_window(g)
    with g.collecting():
        g.begin_turn(4)
    g.rearranged()
    assert {"bite", "equip"} <= kinds(g, 4) and "arm" not in kinds(g, 4)


def test_infect_zombie_actions_are_bite_equip_and_infect():
    g = zombie_turn("infect", arms_at=1)
    assert {"bite", "equip", "infect"} <= kinds(g, 4) and "arm" not in kinds(g, 4)
    do(g, 4, "infect")
    do(g, 4, "card", "Infect", 0, 1)
    assert ("card", "Infect", 0, 2) not in choices(g, 4)  # up to two different players
    do(g, 4, "card", "Infect", 2, 2)
    view = g.view(None)["players"]
    assert view[0]["cards"][1]["infected"] and view[2]["cards"][2]["infected"]


def test_infect_zombie_equip_removes_a_token_then_draws():
    g = zombie_turn("infect", arms_at=1)
    g.tokens |= 1 << g.cards[0][0]
    hand = len(g.hand[4])
    do(g, 4, "equip")
    assert choices(g, 4) == {("card", "Equip", 0, 0)}
    do(g, 4, "card", "Equip", 0, 0)
    assert not g.tokens and len(g.hand[4]) == hand + 1


def test_simple_zombie_actions_are_equip_and_bite():
    g = zombie_turn("simple", arms_at=1)
    assert {"bite", "equip"} <= kinds(g, 4)
    assert not {"arm", "infect", "investigate", "shoot"} & kinds(g, 4)


def test_a_zombie_cannot_bite_a_zombie_or_with_arms_aimed_at_itself():
    g = zombie_turn("dice", arms_at=4)
    assert "bite" not in kinds(g, 4)
    g = zombie_turn("dice", arms_at=2)
    zombify(g, 2)
    assert "bite" not in kinds(g, 4)


# -- Bite and the dice ---------------------------------------------------------------------------


@pytest.mark.parametrize("design", ["dice", "infect"])
def test_bite_adds_a_token_then_rolls_one_zombie_die_per_token(design, dice_faces):
    g = zombie_turn(design, arms_at=2)
    g.tokens |= 1 << g.cards[2][2]
    dice_faces += [BLANK, BLANK]
    do(g, 4, "bite")
    assert g.phase == SHOOTING  # bites are reacted to like shots
    close_window(g)
    assert g.phase == ROLLED and len(g.roll) == 2
    assert g.view(None)["dice"] == {"by": 2, "die": "zombie", "faces": ["blank", "blank"]}
    close_window(g)
    assert not g.zombie[2] and g.phase == AIM  # blanks: nothing more


@pytest.mark.parametrize("design", ["dice", "infect"])
def test_zombie_face_turns_the_bitten_player(design, dice_faces):
    g = zombie_turn(design, arms_at=2)
    dice_faces.append(ZOMBIE_FACE)
    do(g, 4, "bite")
    close_window(g)
    close_window(g)
    assert g.zombie[2] and g.outcome() is None


@pytest.mark.parametrize("design", ["dice", "infect"])
def test_a_leader_turned_by_the_dice_means_the_zombies_win(design, dice_faces):
    g = arrange(INFECTED, hands=[[], ["Coffee"]], options=z(design), turn=4)
    zombify(g, 4)
    g.aim[4] = 0
    g.rearranged()
    dice_faces.append(ZOMBIE_FACE)
    do(g, 4, "bite")
    close_window(g)
    close_window(g)
    outcome = g.outcome()
    assert outcome is not None and outcome.side == "zombie"
    assert outcome.winners == {0, 2, 4}  # the turned Agent, the Infector, the biter


def test_infection_face_adds_a_token_and_arms_face_forces_a_new_aim(dice_faces):
    g = zombie_turn("dice", arms_at=2)
    dice_faces.append(INFECTION_FACE)
    do(g, 4, "bite")
    close_window(g)
    close_window(g)
    assert sum(c["infected"] for c in g.view(None)["players"][2]["cards"]) == 2
    assert 2 in {a[1] for a in choices(g, 4)}  # no arms face: may keep the aim
    g = zombie_turn("dice", arms_at=2)
    dice_faces.append(ARMS_FACE)
    do(g, 4, "bite")
    close_window(g)
    close_window(g)
    assert g.phase == AIM and 2 not in {a[1] for a in choices(g, 4)}


def test_simple_bite_works_like_a_shot():
    g = zombie_turn("simple", arms_at=2)
    do(g, 4, "bite")
    close_window(g)
    assert g.zombie[2] and g.aim[4] == 2  # the biter keeps its Arms
    assert g.view(None)["dice"] is None  # no dice in simple


def test_simple_a_zombie_eliminating_a_leader_wins_for_all_zombies():
    g = zombie_turn("simple", arms_at=1)
    zombify(g, 3)
    g.wounded |= 1 << g.kingpin
    do(g, 4, "bite")
    close_window(g)
    outcome = g.outcome()
    assert outcome is not None and outcome.side == "zombie" and outcome.winners == {3, 4}


def test_restraining_order_redirects_a_bite(dice_faces):
    g = arrange(TABLE, hands=[["Restraining Order"]], options=z("dice"), turn=4)
    zombify(g, 4)
    g.aim[4] = 2
    g.rearranged()
    do(g, 4, "bite")
    do(g, 0, "play", "Restraining Order")
    dice_faces.append(BLANK)
    do(g, 4, "target", "Restraining Order", 3)  # nobody holds equipment: the bite happens
    assert g.view(None)["dice"]["by"] == 3 and g.aim[4] == 3
    assert g.view(None)["players"][3]["cards"][0]["infected"]


def test_dice_infection_die_at_the_end_of_non_zombie_turns_while_the_infector_hides(dice_faces):
    g = arrange(INFECTED, options=z("dice"))
    dice_faces.append(INFECTION_FACE)
    do(g, 0, "investigate", 1, 0)
    close_window(g)
    assert g.view(None)["dice"] == {"by": 0, "die": "infection", "faces": ["infection"]}
    assert g.view(None)["players"][0]["cards"][0]["infected"]
    assert g.phase == END_OF_TURN or g.turn == 1
    # once the Infector is face up, nobody rolls
    g = arrange(INFECTED, options=z("dice"))
    g.up |= 1 << g.infector
    do(g, 0, "investigate", 1, 0)
    close_window(g)
    assert g.view(None)["dice"] is None


def test_zombies_do_not_roll_the_infection_die():
    g = arrange(INFECTED, options=z("dice"), turn=4)
    zombify(g, 4)
    do(g, 4, "equip")
    assert g.view(None)["dice"] is None


# -- card moves ----------------------------------------------------------------------------------


@pytest.mark.parametrize("design", ["dice", "infect"])
def test_receiving_a_revealed_infector_makes_a_zombie(design):
    g = arrange(INFECTED, hands=[["Blackmail"]], options=z(design))
    g.up |= 1 << g.infector
    g.rearranged()
    do(g, 0, "play", "Blackmail")
    do(g, 0, "card", "Blackmail", 2, 0)
    do(g, 0, "card", "Blackmail", 3, 1)
    assert g.zombie[3] and g.view(3)["team"] == "zombie"


def test_a_hidden_infector_received_joins_the_team_without_turning():
    g = arrange(INFECTED, hands=[["Blackmail"]], options=z("dice"))
    do(g, 0, "play", "Blackmail")
    do(g, 0, "card", "Blackmail", 2, 0)
    do(g, 0, "card", "Blackmail", 3, 1)
    assert not g.zombie[3] and g.view(3)["team"] == "zombie"
    assert card(g, 3, 3, 1) == "infector"


@pytest.mark.parametrize("design", DESIGNS)
def test_a_zombie_given_a_leader_card_is_no_longer_a_zombie(design):
    g = arrange(TABLE, hands=[[], [], ["Blackmail"]], options=z(design), turn=2)
    zombify(g, 4)
    do(g, 2, "play", "Blackmail")
    do(g, 2, "card", "Blackmail", 1, 0)  # the Kingpin, hidden
    do(g, 2, "card", "Blackmail", 4, 0)
    assert not g.zombie[4] and g.view(4)["team"] == "crooked"


def test_the_infector_with_a_leader_wins_alone():
    g = arrange(INFECTED, hands=[["Blackmail"]], options=z("infect"))
    do(g, 0, "play", "Blackmail")
    do(g, 0, "card", "Blackmail", 1, 0)  # the Kingpin to Cal
    do(g, 0, "card", "Blackmail", 2, 1)
    outcome = g.outcome()
    assert outcome is not None and outcome.side == "lone" and outcome.winners == {2}


# -- base equipment with zombies ------------------------------------------------------------------


@pytest.mark.parametrize("design", DESIGNS)
def test_defibrillator_cures_a_zombie(design):
    g = arrange(TABLE, hands=[["Defibrillator"]], options=z(design))
    zombify(g, 2)
    do(g, 0, "play", "Defibrillator")
    do(g, 0, "target", "Defibrillator", 2)
    assert not g.zombie[2] and g.view(2)["team"] == "honest"
    assert g.aim[2] == UNARMED


def test_defibrillator_does_not_work_on_the_infector():
    g = arrange(INFECTED, hands=[["Defibrillator"]], options=z("dice"))
    zombify(g, 2)
    assert ("play", "Defibrillator") not in choices(g, 0)
    zombify(g, 3)
    do(g, 0, "play", "Defibrillator")
    assert choices(g, 0) == {("target", "Defibrillator", 3)}


def test_k9_makes_a_zombie_aim_its_arms_at_itself_and_taser_never_takes_arms():
    g = arrange(TABLE, hands=[["K-9 Unit"], [], [], [], ["Taser"]], options=z("infect"))
    zombify(g, 2)
    g.aim[2] = 1
    g.rearranged()
    arms = g.arms
    do(g, 0, "play", "K-9 Unit")
    do(g, 0, "target", "K-9 Unit", 2)
    assert g.aim[2] == 2 and g.arms == arms
    with g.collecting():
        g.begin_turn(4)
    g.rearranged()
    assert ("play", "Taser") not in choices(g, 4)  # the only armed player holds Arms


def test_a_zombie_keeps_playing_equipment():
    g = arrange(TABLE, hands=[[], [], [], [], ["Coffee"]], options=z("dice"), turn=4)
    zombify(g, 4)
    assert ("play", "Coffee") in choices(g, 4)


def test_a_zombie_with_nothing_to_do_waits():
    g = zombie_turn("simple")
    g.aim[4] = UNARMED
    g.deck, g.discards = [], []
    g.rearranged()
    assert choices(g, 4) == {("pass",)}
    do(g, 4, "pass")
    assert g.phase != ACTION or g.turn != 4


def test_kind_names_include_the_infector():
    assert KIND_NAMES[INFECTOR] == "infector"


def test_dice_truth_serum_exposing_the_infector_draws_a_card():
    g = arrange(INFECTED, hands=[[], ["Truth Serum"]], options=z("dice"))
    with g.collecting():
        g.begin_turn(1)
    g.rearranged()
    do(g, 1, "play", "Truth Serum")
    do(g, 1, "card", "Truth Serum", 2, 0)
    assert g.zombie[2] and len(g.hand[1]) == 1


def test_walkie_talkie_turns_zombie_arms_too():
    g = arrange(TABLE, hands=[["Walkie Talkie"]], options=z("infect"))
    zombify(g, 2)
    g.aim[2] = 0
    armed(g, 3, 4)
    do(g, 0, "play", "Walkie Talkie")
    do(g, 0, "target", "Walkie Talkie", 1)
    assert g.aim[2] == 1 and g.aim[3] == 1


def test_riot_shield_deflects_a_bite():
    g = arrange(TABLE, hands=[[], [], [], ["Riot Shield"]], options=z("simple"), turn=4)
    zombify(g, 4)
    g.aim[4] = 3
    g.rearranged()
    do(g, 4, "bite")
    do(g, 3, "play", "Riot Shield")
    do(g, 3, "target", "Riot Shield", 2)
    assert g.zombie[2] and not g.zombie[3]
