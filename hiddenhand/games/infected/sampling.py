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


def resample(st: InfectedState, me: int, rng: random.Random) -> None:
    """Resample `st` in place for seat `me` (st is already a private copy)."""
    if st.variant != "cooperative" and st.samples[me]:
        _samples(st, me, rng)
    _zombies(st, me, rng)
    _items(st, me, rng)
    _drafts(st, me, rng)


def _samples(st: InfectedState, me: int, rng: random.Random) -> None:
    unknown = [p for p in range(st.n) if p != me and not st.samples_up[p]]
    pool = [st.samples[p][0] for p in unknown] + list(st.samples_away)
    if st.spare is not None:
        pool.append(st.spare)
    if not pool:
        return
    viruses = pool.count("virus")
    slots = len(pool)
    evidence = evidence_weights(
        st.n,
        ((target, shown) for _, target, shown in st.tests),
        st.shown_fails,
        st.fail_claims,
        st.shown_claims,
    )
    weights = [evidence[p] for p in unknown] + [1.0] * (slots - len(unknown))
    chosen: set[int] = set()
    for _ in range(viruses):
        options = [i for i in range(slots) if i not in chosen]
        chosen.add(rng.choices(options, [weights[i] for i in options])[0])
    cards = ["virus" if i in chosen else "clean" for i in range(slots)]
    for i, p in enumerate(unknown):
        st.samples[p] = [cards[i]]
    away = len(st.samples_away)
    st.samples_away = cards[len(unknown) : len(unknown) + away]
    if st.spare is not None:
        st.spare = cards[-1]


def _zombies(st: InfectedState, me: int, rng: random.Random) -> None:
    keep = st.known_top[me]
    cut = len(st.zdeck) - keep
    pool = st.zdeck[:cut] + st.zremoved
    for wounds in st.wounds:
        pool += wounds
    others = [p for p in range(st.n) if p != me and st.zhand[p]]
    for p in others:
        pool += st.zhand[p]
    rng.shuffle(pool)
    at = 0
    st.zdeck[:cut] = pool[:cut]
    at = cut
    size = len(st.zremoved)
    st.zremoved = pool[at : at + size]
    at += size
    for p in range(st.n):
        size = len(st.wounds[p])
        st.wounds[p] = pool[at : at + size]
        at += size
    for p in others:
        size = len(st.zhand[p])
        st.zhand[p] = pool[at : at + size]
        at += size


def _items(st: InfectedState, me: int, rng: random.Random) -> None:
    others = [p for p in range(st.n) if p != me]
    piles_hidden = st.phase != Phase.PLACE
    pool = list(st.ideck) + st.hidden_discard
    for p in others:
        pool += st.hands[p]
        if piles_hidden:
            pool += st.piles[p]
        pool += [e[0] for e in st.equipped[p] if not e[1]]
    rng.shuffle(pool)
    at = len(st.ideck)
    st.ideck = pool[:at]
    size = len(st.hidden_discard)
    st.hidden_discard = pool[at : at + size]
    at += size
    for p in others:
        size = len(st.hands[p])
        st.hands[p] = pool[at : at + size]
        at += size
        if piles_hidden:
            size = len(st.piles[p])
            st.piles[p] = pool[at : at + size]
            at += size
        for entry in st.equipped[p]:
            if not entry[1]:
                entry[0] = pool[at]
                at += 1


_ACTION_GUESSES = (Pass(), Draw())
_NO_REACTION = NoReaction()


def _drafts(st: InfectedState, me: int, rng: random.Random) -> None:
    """Others' unrevealed choices: unfinished ones start over, finished ones are guessed."""
    item_of = st.cards.item_of
    phase = st.phase
    for p, old in list(st.window.items()):
        if p == me:
            continue
        draft = Draft(kinds_in(st.hands[p], item_of), old.extra)
        st.window[p] = draft
        if not old.done:
            continue
        draft.done = True
        draft.stage = Stage.DONE
        if phase in (Phase.ACTION, Phase.EXTRA):
            draft.intents = [rng.choice(_ACTION_GUESSES)]
        elif phase == Phase.SETUP:
            picks = rng.sample(st.hands[p], min(2, len(st.hands[p])))
            draft.intents = [Equip(((item_of[c], rng.randrange(2)),), ()) for c in picks]
        elif phase == Phase.USE:
            draft.intents = []
        elif phase == Phase.REACT:
            draft.intents = [_NO_REACTION]
        elif phase == Phase.CLAIM:
            value = sum(st.cards.item_value(c) for c in st.piles[p])
            draft.intents = [claim_of("success" if value >= sum(st.threat_vals) else "fail")]
        elif phase == Phase.PLACE:
            draft.intents = [place_of(item_of[rng.choice(st.piles[p])])]
        elif phase == Phase.VOTE:
            draft.intents = [vote_of(rng.choice((True, False)))]
