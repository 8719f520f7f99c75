"""What the names of NOIR mean, by the name a player sees: the two roles and the board's marks;
and how a turn goes, for the rules reference of the table page and the terminal."""

from __future__ import annotations

from hiddenhand.games.noir.rules import NoirOptions

TEXTS = {
    "killer": "The Killer hides as one suspect and kills suspects next to it; wins by killing "
    "the Inspector's suspect or reaching the kill count.",
    "inspector": "The Inspector hides as one suspect and arrests suspects next to it (or itself); "
    "wins by arresting the Killer's suspect.",
    "innocent": "Shown innocent: this suspect is neither player's identity.",
    "?": "Could be your opponent, from what you know.",
}
GOAL = (
    "The Killer wins by killing the Inspector's suspect or making enough kills; the Inspector "
    "wins by arresting the Killer's suspect."
)
TURN = (
    "Twenty-five suspects stand in a 5x5 grid; the Killer and the Inspector are each secretly "
    "one of them.",
    "The Killer moves first. On his turn he kills a suspect in the eight cells around his own, "
    "shifts a row or column one step (the end wraps around), or disguises with a card from the "
    "deck (his old identity is found dead).",
    "The Inspector arrests a suspect in the eight cells around himself (or himself), shifts, or "
    "exonerates: he draws an evidence card and clears a suspect who cannot be the Killer.",
    "A shift may not undo the previous shift. Rows and columns that are all dead leave the board.",
    "In the standard modes cleared suspects are marked innocent, and each player must answer "
    "whether he stands next to them.",
)


def turn(options: NoirOptions) -> tuple[str, ...]:
    """How a game goes, step by step."""
    return TURN


def card_sections(options: NoirOptions) -> list[tuple[str, dict[str, str]]]:
    return [("Roles and marks", dict(TEXTS))]


def card_texts(options: NoirOptions) -> dict[str, str]:
    return dict(TEXTS)
