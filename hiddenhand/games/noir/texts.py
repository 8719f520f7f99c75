"""What the names of NOIR mean, by the name a player sees: the two roles and the board's marks;
how a turn goes, for the rules reference of the table page and the terminal; and what each
choice means at a seat (the terminal's `? N`): of a suspect, who it is, where it stands and what
the seat knows of it."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from hiddenhand.engine import Action
from hiddenhand.games.noir.options import NoirOptions

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


VERBS = {
    "identity": "Take this suspect as your secret identity: from now on you are this suspect, "
    "and you act on the cells around it.",
    "kill": "Kill this suspect (it must stand next to your own). If it is the Inspector's "
    "suspect, you win.",
    "arrest": "Arrest this suspect (next to your own, or yourself). If it is the Killer's "
    "suspect, you win; if not, it is shown not to be the Killer.",
    "discard": "Clear this evidence card: the suspect on it cannot be the Killer.",
    "citizen": "Clear this evidence card, then make a citizen's arrest of a suspect next to it.",
    "citizen-arrest": "Citizen's arrest: if this suspect is the Killer, you win; if not, it is "
    "shown not to be the Killer.",
}
OTHER = {
    "shift": "Slide this line one cell; the suspect pushed off the end comes back at the other "
    "end. Who stands next to whom changes, and the next player may not undo it.",
    "disguise": "Draw the top evidence card and take that suspect as your new identity; your "
    "old identity is found dead (or marked innocent, by the table's options).",
    "exonerate": "Draw an evidence card, then clear a suspect in your hand who cannot be the "
    "Killer.",
}
_FACTS = {
    "kill": "was killed",
    "arrest": "was arrested and is not the Killer",
    "citizens-arrest": "was arrested by a citizen and is not the Killer",
    "disguise": "was the Killer's old identity",
}
_CANVAS = {"killer-canvas": "the Killer", "inspector-canvas": "the Inspector"}


def _suspect(s: int, view: Mapping[str, Any]) -> str:
    """Who a suspect is to this seat: where it stands and what is known of it."""
    names = view.get("suspects") or []
    where = "off the board (its line fell)"
    for r, row in enumerate(view.get("grid") or []):
        if s in row:
            where = f"at row {r + 1}, column {row.index(s) + 1}"
    known = []
    if s == view.get("identity"):
        known.append("your own secret identity")
    if s in (view.get("deceased") or []):
        known.append("dead")
    if s in (view.get("innocent") or []):
        known.append("marked innocent (neither player's identity)")
    if s in (view.get("hand") or []):
        known.append("in your evidence hand, so not the Killer")
    if s in (view.get("discards") or []):
        known.append("its evidence card is face up")
    candidates = view.get("candidates")
    if candidates is not None and s != view.get("identity"):
        opponent = "the Killer" if view.get("you") == "inspector" else "the Inspector"
        known.append(
            f"could be {opponent}, from what you know"
            if s in candidates
            else f"cannot be {opponent}, from what you know"
        )
    for fact in view.get("facts") or []:
        if fact.get("suspect") != s:
            continue
        if fact.get("kind") in _FACTS:
            known.append(_FACTS[fact["kind"]])
        elif fact.get("kind") in _CANVAS:
            near = "" if fact.get("adjacent") else "not "
            known.append(f"canvassed: {_CANVAS[fact['kind']]} said he is {near}next to it")
    name = names[s] if 0 <= s < len(names) else f"suspect {s}"
    said = "; ".join(dict.fromkeys(known)) or "nothing known yet"
    return f"{name} stands {where}. Known: {said}."


def explain_choice(
    action: Action, view: Mapping[str, Any], names: Sequence[str]
) -> list[tuple[str, str]]:
    """What a NOIR choice does, and of a suspect who it is, where and what is known of it."""
    if action.kind in VERBS and action.args and isinstance(action.args[0], int):
        s = int(action.args[0])
        suspects = view.get("suspects") or []
        title = suspects[s] if 0 <= s < len(suspects) else f"suspect {s}"
        return [(title, _suspect(s, view)), (action.kind.replace("-", " "), VERBS[action.kind])]
    if action.kind in OTHER:
        return [(action.kind, OTHER[action.kind])]
    return []
