"""Exhausting the zombie deck: the first time begins the end game, the second ends the game.

"If this is the second time when zombie deck is exhausted, and humans have not collected enough
resources the game is over and zombies have won."
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hiddenhand.engine.events import Event
from hiddenhand.games.infected import mechanics, whereabouts
from hiddenhand.games.infected.cards import RESOURCES
from hiddenhand.games.infected.mechanics import DeckExhausted

if TYPE_CHECKING:
    from hiddenhand.games.infected.rules import InfectedState


def exhausted(state: InfectedState) -> None:
    """The zombie deck ran out: the end game begins, or the game ends."""
    state.exhaustions += 1
    state.window = {}
    state.ask(0)
    state.running = True
    if state.exhaustions >= 2:
        state.emit(Event("exhausted", "the zombie deck is exhausted for the second time"))
        if state.enough_resources():
            mechanics.win(state, "humans", f"the survivors hold {state.n} resources of every type")
        else:
            mechanics.win(state, "zombies", "the zombie deck ran out a second time")
        return
    state.emit(Event("exhausted", "the zombie deck is exhausted: the end game begins"))
    state.end_game = True
    state.cover = state.jammed = False
    # a. the turn ends, the challenge is lost, the Leader card moves on
    mechanics.discard_threat(
        state,
    )
    for s in range(state.n):
        whereabouts.emptied(state, (whereabouts.PILE, s), whereabouts.HIDDEN, s, state.piles[s])
        state.hidden_discard.extend(state.piles[s])
        state.piles[s] = []
    mechanics.pass_leader(
        state,
    )
    # b. resources into hands
    if not any(state.resources):
        mechanics.win(state, "zombies", "no resources were collected before the end game")
        return
    _resources_into_hands(state)
    # c, d. a new deck from the discard pile and the endgame zombie cards
    face_down = whereabouts.discarded_face_down(state)
    state.zdeck = state.zdiscard + list(state.cards.endgame_cards)
    state.zdiscard, state.zdiscard_down = [], 0
    state.rng.shuffle(state.zdeck)
    state.known_top = [0] * state.n
    whereabouts.zombie_deck_rebuilt(state, face_down)
    state.emit(
        Event("shuffle", "the zombie discard pile and the endgame zombie cards form a new deck")
    )
    try:
        # e. blood samples face up; the infected is exposed.  f. infection spreads
        for s in range(state.n):
            if state.samples[s]:
                state.samples_up[s] = True
                state.emit(
                    Event("sample_shown", f"{{p{s}}} shows a {state.samples[s][0]} blood sample")
                )
        for s in state.order_from_leader():
            if state.is_infected(s):
                mechanics.expose(state, s, "the blood samples are turned up")
        if state.spare is not None:
            _spread(state)
    except DeckExhausted:
        exhausted(state)
        return
    # g. a new turn
    state.todo = ["limit", "round"]


def _resources_into_hands(state: InfectedState) -> None:
    """ "Starting from Leader, each player must take 3 collected resource cards of different
    types and put them to his hand"; with `carried_resources` they still count as collected."""
    carry = state.options.carried_resources
    for s in state.order_from_leader():
        taken = []
        for r in range(len(RESOURCES)):
            if state.resources[r]:
                card = state.resources[r].pop()
                state.hands[s].append(card)
                for other in range(state.n):
                    if other != s:
                        whereabouts.learn(state, other, (card,), (whereabouts.HAND, s))
                if carry:
                    state.carried[r].append(card)
                taken.append(state.item_name(card))
        if taken:
            state.emit(Event("resources", f"{{p{s}}} takes {', '.join(taken)} into hand"))


def _spread(state: InfectedState) -> None:
    """Infection spreads: the remaining sample goes to the most wounded, the Leader first."""
    spare, state.spare = state.spare, None
    assert spare is not None
    order = state.order_from_leader()
    most = max(len(state.wounds[s]) for s in order)
    seat = next(s for s in order if len(state.wounds[s]) == most)
    state.samples[seat].append(spare)
    state.samples_up[seat] = True
    state.emit(Event("spread", f"the remaining blood sample goes to {{p{seat}}}: it is {spare}"))
    if spare == "virus":
        mechanics.expose(state, seat, "the infection spreads")
