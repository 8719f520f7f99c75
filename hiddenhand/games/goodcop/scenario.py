"""Games dealt as chosen, for tests and rule demonstrations.

`arrange(["AHC", "KCC", "HHC", "CCH"], hands=[["Coffee"], [], [], []])` deals seat 0 the Agent,
an Honest and a Crooked card (left to right), seat 1 the Kingpin and two Crooked cards, and so
on (H Honest, C Crooked, A Agent, K Kingpin, I the Infector: Zombies `dice`/`infect`, at
most one; without one the table has no Infector), gives seat 0 Coffee and nobody else equipment, and
starts seat `turn`'s turn (or the game-start window). `deck` lists the next cards to be drawn,
top first. An arranged game has no record that replays it: it does not come from its seed alone.
"""

from __future__ import annotations

from collections.abc import Sequence

from hiddenhand.engine import DEFAULT_NAMES
from hiddenhand.games.goodcop.cards import (
    AGENT,
    CROOKED,
    HONEST,
    INFECTOR,
    KINGPIN,
)
from hiddenhand.games.goodcop.new_game import state_class
from hiddenhand.games.goodcop.options import GoodCopOptions
from hiddenhand.games.goodcop.phases import START
from hiddenhand.games.goodcop.rules import GoodCop
from hiddenhand.games.goodcop.zombie_rules import ZombieGoodCop

_LETTERS = {"H": HONEST, "C": CROOKED, "A": AGENT, "K": KINGPIN, "I": INFECTOR}


def arrange(
    cards: Sequence[str],
    hands: Sequence[Sequence[str]] = (),
    *,
    deck: Sequence[str] = (),
    turn: int = 0,
    options: GoodCopOptions | None = None,
    seed: int = 0,
    start_window: bool = False,
) -> GoodCop:
    """A game with these integrity cards, equipment hands and deck top (see module doc)."""
    n = len(cards)
    options = options or GoodCopOptions()
    state = state_class(options)(list(DEFAULT_NAMES[:n]), options, seed)
    zombie = state if isinstance(state, ZombieGoodCop) else None
    letters = "".join(cards)
    if len(letters) != 3 * n or set(letters) - set(_LETTERS):
        raise ValueError("each seat needs three cards among H, C, A, K, I")
    if letters.count("A") != 1 or letters.count("K") != 1:
        raise ValueError("exactly one Agent and one Kingpin")
    if letters.count("I") > (1 if zombie and zombie.infector >= 0 else 0):
        raise ValueError("at most one Infector, and only with zombies=dice or infect")
    if zombie:
        zombie.infector = -1
    for seat, spec in enumerate(cards):
        for slot, letter in enumerate(spec):
            c = state.cards[seat][slot]
            state.card_kinds[c] = _LETTERS[letter]
            if letter == "A":
                state.agent = c
            elif letter == "K":
                state.kingpin = c
            elif letter == "I" and zombie:
                zombie.infector = c
    state.face_up = state.wounded = 0
    state.known = [sum(1 << c for c in mine) for mine in state.cards]
    # Equipment: chosen hands, the chosen top of the deck, the rest shuffled beneath.
    table = state.card_table
    free = list(range(len(table.deck)))

    def take(title: str) -> int:
        t = table.by_title[title]
        for c in free:
            if table.deck[c] == t:
                free.remove(c)
                return c
        raise ValueError(f"no {title} left to deal")

    state.hand = [[take(title) for title in (hands[s] if s < len(hands) else ())] for s in range(n)]
    top = [take(title) for title in deck]
    state.rng.shuffle(free)
    state.deck = free + top[::-1]
    state.unordered = 0 if top else len(free)  # a chosen top is drawn in order
    state.equipment_known = [sum(1 << c for c in h) for h in state.hand]
    state.teams = [state.team_of(s) for s in range(n)]
    state.turn = turn
    state.rearranged()
    with state.collecting():  # the scenario's first events are dropped, as the deal's are
        if start_window:
            state.open_window(START)
        else:
            state.begin_turn(turn)
    return state
