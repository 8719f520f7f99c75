"""Determinizing: resample everything one seat cannot know, consistently with what it knows.

Hidden from a seat: the other seats' hands, challenge piles and face-down equipped items, the
order of both decks, cards discarded unseen, wound cards (face down under every character),
zombie cards removed at set-up, an exposed infected's zombie hand, blood samples not yet shown
(weighted by the public evidence: blood tests, shown fails and claims; see evidence.py), and
choices other seats made in the open window.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from hiddenhand.games.infected.draft import Draft, Stage, kinds_in
from hiddenhand.games.infected.evidence import evidence_weights
from hiddenhand.games.infected.flow import Phase
from hiddenhand.games.infected.intents import (
    Draw,
    Equip,
    NoReaction,
    Pass,
    claim_of,
    place_of,
    vote_of,
)

if TYPE_CHECKING:
    from hiddenhand.games.infected.rules import InfectedState


def resample(state: InfectedState, me: int, rng: random.Random) -> None:
    """Resample `state` in place for seat `me` (state is already a private copy)."""
    if state.variant != "cooperative" and state.samples[me]:
        _samples(state, me, rng)
    _zombies(state, me, rng)
    _items(state, me, rng)
    _drafts(state, me, rng)


def _samples(state: InfectedState, me: int, rng: random.Random) -> None:
    unknown = [p for p in range(state.n) if p != me and not state.samples_up[p]]
    pool = [state.samples[p][0] for p in unknown] + list(state.samples_away)
    if state.spare is not None:
        pool.append(state.spare)
    if not pool:
        return
    viruses = pool.count("virus")
    slots = len(pool)
    evidence = evidence_weights(
        state.n,
        ((target, shown) for _, target, shown in state.tests),
        state.shown_fails,
        state.fail_claims,
        state.shown_claims,
    )
    weights = [evidence[p] for p in unknown] + [1.0] * (slots - len(unknown))
    chosen: set[int] = set()
    for _ in range(viruses):
        options = [i for i in range(slots) if i not in chosen]
        chosen.add(rng.choices(options, [weights[i] for i in options])[0])
    cards = ["virus" if i in chosen else "clean" for i in range(slots)]
    for i, p in enumerate(unknown):
        state.samples[p] = [cards[i]]
    away = len(state.samples_away)
    state.samples_away = cards[len(unknown) : len(unknown) + away]
    if state.spare is not None:
        state.spare = cards[-1]


def _zombies(state: InfectedState, me: int, rng: random.Random) -> None:
    keep = state.known_top[me]
    cut = len(state.zdeck) - keep
    pool = state.zdeck[:cut] + state.zremoved
    for wounds in state.wounds:
        pool += wounds
    others = [p for p in range(state.n) if p != me and state.zhand[p]]
    for p in others:
        pool += state.zhand[p]
    rng.shuffle(pool)
    at = 0
    state.zdeck[:cut] = pool[:cut]
    at = cut
    size = len(state.zremoved)
    state.zremoved = pool[at : at + size]
    at += size
    for p in range(state.n):
        size = len(state.wounds[p])
        state.wounds[p] = pool[at : at + size]
        at += size
    for p in others:
        size = len(state.zhand[p])
        state.zhand[p] = pool[at : at + size]
        at += size


def _items(state: InfectedState, me: int, rng: random.Random) -> None:
    others = [p for p in range(state.n) if p != me]
    piles_hidden = state.phase != Phase.PLACE
    pool = list(state.ideck) + state.hidden_discard
    for p in others:
        pool += state.hands[p]
        if piles_hidden:
            pool += state.piles[p]
        pool += [e[0] for e in state.equipped[p] if not e[1]]
    rng.shuffle(pool)
    at = len(state.ideck)
    state.ideck = pool[:at]
    size = len(state.hidden_discard)
    state.hidden_discard = pool[at : at + size]
    at += size
    for p in others:
        size = len(state.hands[p])
        state.hands[p] = pool[at : at + size]
        at += size
        if piles_hidden:
            size = len(state.piles[p])
            state.piles[p] = pool[at : at + size]
            at += size
        for entry in state.equipped[p]:
            if not entry[1]:
                entry[0] = pool[at]
                at += 1


_ACTION_GUESSES = (Pass(), Draw())
_NO_REACTION = NoReaction()


def _drafts(state: InfectedState, me: int, rng: random.Random) -> None:
    """Others' unrevealed choices: unfinished ones start over, finished ones are guessed."""
    item_of = state.cards.item_of
    phase = state.phase
    for p, old in list(state.window.items()):
        if p == me:
            continue
        draft = Draft(kinds_in(state.hands[p], item_of), old.extra)
        state.window[p] = draft
        if not old.done:
            continue
        draft.done = True
        draft.stage = Stage.DONE
        if phase in (Phase.ACTION, Phase.EXTRA):
            draft.intents = [rng.choice(_ACTION_GUESSES)]
        elif phase == Phase.SETUP:
            picks = rng.sample(state.hands[p], min(2, len(state.hands[p])))
            draft.intents = [Equip(((item_of[c], rng.randrange(2)),), ()) for c in picks]
        elif phase == Phase.USE:
            draft.intents = []
        elif phase == Phase.REACT:
            draft.intents = [_NO_REACTION]
        elif phase == Phase.CLAIM:
            value = sum(state.cards.item_value(c) for c in state.piles[p])
            draft.intents = [claim_of("success" if value >= sum(state.threat_vals) else "fail")]
        elif phase == Phase.PLACE:
            draft.intents = [place_of(item_of[rng.choice(state.piles[p])])]
        elif phase == Phase.VOTE:
            draft.intents = [vote_of(rng.choice((True, False)))]
