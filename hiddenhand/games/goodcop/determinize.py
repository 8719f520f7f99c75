"""Determinization: a copy of a Good Cop Bad Cop state in which all one seat cannot know is
redrawn, consistently with what it does know (the engine's `State.determinize` calls this)."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from hiddenhand.games.goodcop.cards import AGENT, INFECTOR, KINGPIN

if TYPE_CHECKING:
    from hiddenhand.games.goodcop.rules import GoodCop


def resample(state: GoodCop, other: GoodCop, seat: int, rng: random.Random) -> None:
    """Redraw every card face and equipment place `seat` cannot know.

    Integrity: unknown faces are shuffled among unknown cards, keeping the leaders out of
    the removed card and out of one hand (that would have ended the game); with zombies,
    the Infector too is kept dealt and away from the leaders, and no zombie gets a leader
    card. Dice need nothing: they roll from the fresh shuffle seed. Equipment:
    unknown cards are shuffled among unknown places holding cards of the same batch.
    """
    other.shuffle_seed = rng.randbytes(16)
    if state.result is not None:
        return
    mask = state.known[seat] | state.up
    unknown = [c for c in range(len(state.kind)) if not mask >> c & 1]
    if len(unknown) > 1:
        faces = [state.kind[c] for c in unknown]
        kind = other.kind
        owner = state.owner
        zombie = state.zombie
        rand = rng.random
        last = len(faces) - 1
        while True:
            for i in range(last, 0, -1):  # Fisher-Yates
                j = int(rand() * (i + 1))
                faces[i], faces[j] = faces[j], faces[i]
            agent = kingpin = infector = -1
            for c, k in zip(unknown, faces, strict=True):
                kind[c] = k
                if k == AGENT:
                    agent = c
                elif k == KINGPIN:
                    kingpin = c
                elif k == INFECTOR:
                    infector = c
            if agent < 0:
                agent = state.agent
            if kingpin < 0:
                kingpin = state.kingpin
            if infector < 0:
                infector = state.infector
            oa, ok = owner[agent], owner[kingpin]
            # a zombie given a leader card would have been cured: none holds one
            if oa >= 0 and ok >= 0 and oa != ok and not (zombie[oa] or zombie[ok]):
                if infector < 0:
                    break
                oi = owner[infector]  # the Infector is dealt, never with a leader
                if oi >= 0 and oi != oa and oi != ok:
                    break
        other.agent, other.kingpin, other.infector = agent, kingpin, infector
        other.teams = [other.team_of(s) for s in range(state.n)]
    _resample_equipment(state, other, seat, rng)


def _resample_equipment(state: GoodCop, other: GoodCop, seat: int, rng: random.Random) -> None:
    """Unknown hand cards trade places with same-batch cards and the unordered deck top."""
    known = state.eknown[seat]
    gen = state.gen
    spots: dict[int, list[tuple[list[int], int]]] = {}
    for s in range(state.n):
        if s == seat:
            continue
        h = other.hand[s]
        for i, c in enumerate(h):
            if not known >> c & 1:
                spots.setdefault(gen[c], []).append((h, i))
    deck = other.deck
    low = len(deck) - state.loose
    loose_gen = gen[deck[-1]] if state.loose else -1
    rand = rng.random
    for batch, places in spots.items():
        pool = [where[i] for where, i in places]
        if batch == loose_gen:
            pool += deck[low:]
        size = len(pool)
        if size < 2:
            continue
        for k, (where, i) in enumerate(places):
            j = k + int(rand() * (size - k))
            pool[k], pool[j] = pool[j], pool[k]
            where[i] = pool[k]
        if batch == loose_gen:
            deck[low:] = pool[len(places) :]
