"""Determinization: a copy of a Good Cop Bad Cop state in which all one seat cannot know is
redrawn, consistently with what it does know (the engine's `State.determinize` calls this)."""

from __future__ import annotations

import random

from hiddenhand.games.goodcop.cards import AGENT, KINGPIN
from hiddenhand.games.goodcop.state import GoodCopState


def resample(state: GoodCopState, other: GoodCopState, seat: int, rng: random.Random) -> None:
    """Redraw every card face and equipment place `seat` cannot know.

    The cards to be redrawn are taken in a canonical order (sorted), so a sample depends on
    what `seat` knows and on `rng`, never on where the truth put them.

    Integrity: unknown faces are shuffled among unknown cards, keeping the leaders out of
    the removed card and out of one hand (that would have ended the game); an expansion says
    what else a deal must respect (`deal_fits`: the Zombies expansion keeps the Infector dealt
    and away from the leaders, and leader cards away from zombies). Dice need nothing: they roll
    from the fresh shuffle seed. Equipment:
    unknown cards are shuffled among unknown places holding cards of the same batch.
    """
    other.shuffle_seed = rng.randbytes(16)
    if state.result is not None:
        return
    mask = state.known[seat] | state.face_up
    unknown = [c for c in range(len(state.card_kinds)) if not mask >> c & 1]
    if len(unknown) > 1:
        # in a canonical order: what is drawn depends on what `seat` knows, not on the truth
        faces = sorted(state.card_kinds[c] for c in unknown)
        kind = other.card_kinds
        owner = state.owner
        # the base game constrains nothing beyond the leaders: skip the call per try
        fits = state.deal_fits if type(state).deal_fits is not GoodCopState.deal_fits else None
        rand = rng.random
        last = len(faces) - 1
        while True:
            for i in range(last, 0, -1):  # Fisher-Yates
                j = int(rand() * (i + 1))
                faces[i], faces[j] = faces[j], faces[i]
            agent = kingpin = -1
            for c, k in zip(unknown, faces, strict=True):
                kind[c] = k
                if k == AGENT:
                    agent = c
                elif k == KINGPIN:
                    kingpin = c
            if agent < 0:
                agent = state.agent
            if kingpin < 0:
                kingpin = state.kingpin
            oa, ok = owner[agent], owner[kingpin]
            if oa >= 0 and ok >= 0 and oa != ok and (fits is None or fits(other, oa, ok)):
                break
        other.agent, other.kingpin = agent, kingpin
        other.teams = [other.team_of(s) for s in range(state.player_count)]
    _resample_equipment(state, other, seat, rng)


def _resample_equipment(
    state: GoodCopState, other: GoodCopState, seat: int, rng: random.Random
) -> None:
    """Unknown hand cards trade places with same-batch cards and the unordered deck top."""
    known = state.equipment_known[seat]
    batch_of = state.shuffle_batch
    spots: dict[int, list[tuple[list[int], int]]] = {}
    for s in range(state.player_count):
        if s == seat:
            continue
        h = other.hand[s]
        for i, c in enumerate(h):
            if not known >> c & 1:
                spots.setdefault(batch_of[c], []).append((h, i))
    deck = other.deck
    low = len(deck) - state.unordered
    top_batch = batch_of[deck[-1]] if state.unordered else -1
    rand = rng.random
    for batch, places in spots.items():
        pool = [where[i] for where, i in places]
        if batch == top_batch:
            pool += deck[low:]
        pool.sort()  # canonical, as the faces are
        size = len(pool)
        if size < 2:
            continue
        for k, (where, i) in enumerate(places):
            j = k + int(rand() * (size - k))
            pool[k], pool[j] = pool[j], pool[k]
            where[i] = pool[k]
        if batch == top_batch:
            deck[low:] = pool[len(places) :]
