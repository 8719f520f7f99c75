"""What a player of The Infected wonders: which of the others carry the virus (their blood
sample is hidden until shown). Asked of a determinized world (`bots.beliefs`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from hiddenhand.bots.beliefs import Question, register_beliefs

if TYPE_CHECKING:
    from hiddenhand.games.infected.rules import InfectedState


def infected_questions(world: InfectedState, seat: int) -> list[Question]:
    """Each other player whose sample `seat` has not seen shown, and whether this world
    infects them. None where samples are not dealt to `seat` (the cooperative variant)."""
    if world.variant == "cooperative" or not world.samples[seat]:
        return []
    others = [p for p in range(world.n) if p != seat and not world.samples_up[p]]
    if not others:
        return []
    return [
        Question(
            "Who is infected?",
            ("Infected",),
            tuple(world.players[p] for p in others),
            tuple(0 if world.is_infected(p) else -1 for p in others),
        )
    ]


register_beliefs("infected", infected_questions)
