"""The heuristic bot with zombies: bites the leader it suspects, hides the Infector, and spares
its friends from infection."""

from hiddenhand.bots.match import turn_for
from hiddenhand.games.goodcop import zombies
from hiddenhand.games.goodcop.bots import HeuristicBot
from hiddenhand.games.goodcop.options import GoodCopOptions
from hiddenhand.games.goodcop.phases import AIM
from tests.games.goodcop.helpers import arrange, do

TABLE = ["AHC", "KCC", "HHC", "CCH", "HCH"]  # Ana Agent, Bea Kingpin, Cal, Dee, Eli


def decide(g, seat):
    bot = HeuristicBot(seat, 0)
    return bot.decide(turn_for(g, seat, bot, []))


def z(design: str) -> GoodCopOptions:
    return GoodCopOptions(zombies=design)  # type: ignore[arg-type]


def test_a_zombie_aims_at_the_leader_it_knows_and_bites():
    g = arrange(TABLE, options=z("infect"), turn=4)
    with g.collecting():
        zombies.become(g, 4)
    g.known[4] |= 1 << g.cards[1][0]  # Eli knows Bea holds the Kingpin
    g.rearranged()
    do(g, 4, "equip")
    assert g.phase == AIM
    action = decide(g, 4)
    assert action.kind == "aim" and action.args == (1,)
    do(g, 4, "aim", 1)
    with g.collecting():
        g.begin_turn(4)
    g.rearranged()
    assert decide(g, 4).kind == "bite"


def test_the_infector_never_reveals_its_infector_card():
    g = arrange(["AHC", "KCC", "HHC", "CCH", "IHC"], options=z("dice"), turn=4)
    do(g, 4, "arm")
    assert decide(g, 4).args != (0,)
    g = arrange(["AHC", "KCC", "HHC", "CCH", "IHC"], options=z("dice"), turn=4)
    g.up |= 1 << g.cards[4][1] | 1 << g.cards[4][2]
    g.rearranged()
    assert decide(g, 4).kind not in ("arm", "equip")  # either would expose the Infector


def test_in_infect_a_player_does_not_investigate_its_friends():
    g = arrange(TABLE, options=z("infect"), turn=2)
    for c in g.cards[0]:
        g.known[2] |= 1 << c  # Cal (honest) knows Ana is the Agent
    g.rearranged()
    action = decide(g, 2)
    assert not (action.kind == "investigate" and action.args[0] == 0)
