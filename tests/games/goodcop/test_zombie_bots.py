"""The heuristic bot with zombies: bites the leader it suspects, hides the Infector, and spares
its friends from infection."""

from hiddenhand.bots.match import turn_for
from hiddenhand.games.goodcop import zombies
from hiddenhand.games.goodcop.bots import HeuristicBot
from hiddenhand.games.goodcop.options import GoodCopOptions
from hiddenhand.games.goodcop.phases import AIM
from tests.games.goodcop.helpers import arrange, do

TABLE = ["AHC", "KCC", "HHC", "CCH", "HCH"]  # Ana Agent, Bea Kingpin, Cal, Dee, Eli


def decide(state, seat):
    bot = HeuristicBot(seat, 0)
    return bot.decide(turn_for(state, seat, bot, []))


def z(design: str) -> GoodCopOptions:
    return GoodCopOptions(zombies=design)  # type: ignore[arg-type]


def test_a_zombie_aims_at_the_leader_it_knows_and_bites():
    state = arrange(TABLE, options=z("infect"), turn=4)
    with state.collecting():
        zombies.become(state, 4)
    state.known[4] |= 1 << state.cards[1][0]  # Eli knows Bea holds the Kingpin
    state.rearranged()
    do(state, 4, "equip")
    assert state.phase == AIM
    action = decide(state, 4)
    assert action.kind == "aim" and action.args == (1,)
    do(state, 4, "aim", 1)
    with state.collecting():
        state.begin_turn(4)
    state.rearranged()
    assert decide(state, 4).kind == "bite"


def test_the_infector_never_reveals_its_infector_card():
    state = arrange(["AHC", "KCC", "HHC", "CCH", "IHC"], options=z("dice"), turn=4)
    do(state, 4, "arm")
    assert decide(state, 4).args != (0,)
    state = arrange(["AHC", "KCC", "HHC", "CCH", "IHC"], options=z("dice"), turn=4)
    state.face_up |= 1 << state.cards[4][1] | 1 << state.cards[4][2]
    state.rearranged()
    assert decide(state, 4).kind not in ("arm", "equip")  # either would expose the Infector


def test_in_infect_a_player_does_not_investigate_its_friends():
    state = arrange(TABLE, options=z("infect"), turn=2)
    for c in state.cards[0]:
        state.known[2] |= 1 << c  # Cal (honest) knows Ana is the Agent
    state.rearranged()
    action = decide(state, 2)
    assert not (action.kind == "investigate" and action.args[0] == 0)
