"""What a NOIR player wonders: the Inspector, who the Killer is; the Killer, who the Inspector
is (once the Inspector has an identity). Asked of a determinized world (`bots.beliefs`)."""

from __future__ import annotations

from hiddenhand.bots.beliefs import Question, register_beliefs
from hiddenhand.games.noir.rules import NoirState
from hiddenhand.games.noir.suspects import NAMES, members


def noir_questions(world: NoirState, seat: int) -> list[Question]:
    """Each suspect the other player may be, and whether this world makes them so. The
    candidates are worked out from what `seat` knows (its own identity and hand, the board)."""
    if seat == world.killer_seat:
        if world.inspector < 0:
            return []
        title, face, candidates, truth = (
            "Who is the Inspector?",
            "Inspector",
            world.inspector_candidates(),
            world.inspector,
        )
    else:
        title, face, candidates, truth = (
            "Who is the Killer?",
            "Killer",
            world.killer_candidates(),
            world.killer,
        )
    suspects = list(members(candidates))
    return [
        Question(
            title,
            (face,),
            tuple(NAMES[s] for s in suspects),
            tuple(0 if s == truth else -1 for s in suspects),
        )
    ]


register_beliefs("noir", noir_questions)
