"""Every text a person reads in seeded games of each game (several option sets) reads as
English: "an Ammo" not "a Ammo", "2 item cards" not "item card(s)", sentences that start with a
capital letter, no word said twice in a row. Card texts, rules, every action offered and every
event are checked."""

from __future__ import annotations

import random
import re

import pytest

from hiddenhand.engine.game import get_game
from hiddenhand.engine.text import article, counted, sentence
from hiddenhand.games.texts import card_texts, rules_reference

TABLES = [
    ("goodcop", 4, []),
    ("goodcop", 6, ["zombies=dice"]),
    ("goodcop", 5, ["zombies=infect", "order=dealt"]),
    ("goodcop", 8, ["zombies=simple", "tokens=leftmost"]),
    ("noir", 2, []),
    ("noir", 2, ["mode=standard"]),
    ("noir", 2, ["mode=citizens-arrest", "disguise=innocent"]),
    ("infected", 4, []),
    ("infected", 2, ["variant=cooperative", "advanced=true"]),
    ("infected", 3, ["variant=infection-spreads", "harder=true", "lead_by_vote=true"]),
]
SEEDS = range(5)

_ARTICLE = re.compile(r"\b(a|an|A|An) (\w+)")
_VOWEL = re.compile(r"[AEIOaeio]")
_DOUBLED = re.compile(r"\b([A-Za-z]+)\s+\1\b", re.IGNORECASE)
_LOWER_AFTER_STOP = re.compile(r"[.!?]\s+[a-z]")


def slips(text: str) -> list[str]:
    """What reads wrong in one text."""
    found = []
    for m in _ARTICLE.finditer(text):
        art, word = m.group(1).lower(), m.group(2)
        if word == "The":
            found.append(f"an article before a title: {m.group(0)!r}")
        elif art == "a" and _VOWEL.match(word):
            found.append(f"'a' before a vowel: {m.group(0)!r}")
        elif art == "an" and not _VOWEL.match(word) and not word.lower().startswith(("h", "u")):
            found.append(f"'an' before a consonant: {m.group(0)!r}")
    if "(s)" in text:
        found.append("a plural written '(s)'")
    if m := _DOUBLED.search(text):
        found.append(f"a word twice: {m.group(0)!r}")
    if m := _LOWER_AFTER_STOP.search(text):
        found.append(f"a sentence starting in lower case: {m.group(0)!r}")
    return found


def texts_of_table(game_id: str, players: int, pairs: list[str]) -> dict[str, set[str]]:
    """Every text of the table: its cards and rules, and of seeded random games every action
    offered, every event and every reason a game ended."""
    game = get_game(game_id)
    options = game.options(pairs)
    out: dict[str, set[str]] = {"card": set(), "rules": set(), "action": set(), "event": set()}
    out["card"] |= set(card_texts(game, options).values())
    reference = rules_reference(game, options)
    out["rules"] |= {reference["goal"], *reference["turn"]}
    out["reason"] = set()
    for seed in SEEDS:
        state = game.start(players, options, seed)
        names = state.players
        rng = random.Random(seed)
        pending = state.pending()
        while pending:
            seat = rng.choice(sorted(pending))
            out["action"] |= {a.describe(names) for a in pending[seat]}
            events = state.act(seat, rng.choice(pending[seat]))
            out["event"] |= {e.describe(names) for e in events}
            pending = state.pending()
        outcome = state.outcome()
        assert outcome is not None
        out["reason"].add(sentence(outcome.reason))
    return out


@pytest.mark.parametrize(("game_id", "players", "pairs"), TABLES)
def test_every_text_of_seeded_games_reads_well(game_id, players, pairs):
    texts = texts_of_table(game_id, players, pairs)
    assert texts["event"] and texts["action"] and texts["card"]
    wrong = {f"{kind}: {text}": slips(text) for kind, all_ in texts.items() for text in all_}
    wrong = {text: found for text, found in wrong.items() if found}
    assert not wrong, wrong
    starts = {kind: [t for t in texts[kind] if t[:1].islower()] for kind in texts}
    # Actions are menu items ("pass", "arm: take a gun"); everything else is a sentence.
    del starts["action"]
    assert not any(starts.values()), starts


def test_the_checks_catch_each_slip():
    assert slips("Bea equips a Ammo") and slips("Cal draws 2 item card(s)")
    assert slips("Winners: Ana. the Kingpin was out") and slips("ZOMBIE ZOMBIE")
    assert slips("you take a The Dead Rise") and slips("an Crowbar")
    assert not slips("Bea equips an Ammo. Cal draws 2 item cards and a Crowbar")


def test_articles_plurals_and_capitals():
    assert article("Ammo") == "an Ammo" and article("Crowbar") == "a Crowbar"
    assert (
        article("Abomination") == "an Abomination" and article("The Dead Rise") == "The Dead Rise"
    )
    assert counted(1, "item card") == "1 item card" and counted(0, "wound") == "0 wounds"
    assert sentence("you see Bea's card") == "You see Bea's card"
    assert sentence("{p0} plays") == "{p0} plays"  # a name stays as its player wrote it
