"""What a name or a chat line may look like: one place for the text rules every entry shares.

Text is put in Unicode's NFKC form first, so look-alike forms (full-width letters, ligatures,
circled digits) become the plain characters they stand for. Characters that change how the
rest of a line is drawn without being seen are refused, with the reason: the bidirectional
controls (a right-to-left override makes "Ada(bot)" read as something else) and the zero-width
ones (they make two names that look the same differ). A person's name may not look like the
server's bot marker "(bot)": it is compared in a folded form where case, accents and the
confusable letters below are set aside, so "Аda (Вот)" in Cyrillic is refused like "Ada (bot)".
"""

from __future__ import annotations

import re
import unicodedata

BIDI_CONTROLS = frozenset(
    "\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"
)
"""Arabic letter mark, left-to-right and right-to-left marks, embeddings, overrides, isolates."""
ZERO_WIDTH = frozenset("\u200b\u200c\u200d\u2060\ufeff")
"""Zero-width space, non-joiner, joiner, word joiner, and the byte-order mark (zero-width
no-break space)."""

CONFUSABLES = str.maketrans(
    {
        # Cyrillic letters drawn like Latin ones (after case folding)
        "а": "a",
        "в": "b",
        "ь": "b",
        "е": "e",
        "о": "o",
        "р": "p",
        "с": "c",
        "т": "t",
        "х": "x",
        "у": "y",
        "і": "i",
        # Greek
        "α": "a",
        "β": "b",
        "ο": "o",
        "τ": "t",
        "ι": "i",
        # digits and Latin letters that pass for o, b and t in a marker
        "0": "o",
        "6": "b",
        "ƅ": "b",
        "ɓ": "b",
        "ø": "o",
        "ɵ": "o",
        "ŧ": "t",
        "ƭ": "t",
        "+": "t",
    }
)
"""A small, deliberate map of characters that pass for the letters of "bot" (Unicode's full
confusables table is far larger; these are the ones a reader takes for b, o and t, plus the
vowels around them). Applied after NFKC, accents stripped and case folded."""

_WORDS = re.compile(r"[^\W_]+")
BOT_WORD = "bot"


class TextRefused(ValueError):
    """Text the server will not take; the message says why, for the person who typed it."""


def normalized(text: str, what: str) -> str:
    """`text` in NFKC form, or TextRefused if it holds a bidirectional control or an invisible
    character (`what` names the text in the message: "names", "chat lines")."""
    text = unicodedata.normalize("NFKC", text)
    for char in text:
        if char in BIDI_CONTROLS:
            raise TextRefused(
                f"{what} may not hold text-direction controls (U+{ord(char):04X}): they "
                "change how the text around them reads"
            )
        if char in ZERO_WIDTH or unicodedata.category(char) == "Cf":
            raise TextRefused(
                f"{what} may not hold invisible characters (U+{ord(char):04X}): type the "
                "text without them"
            )
    return text


def folded(text: str) -> str:
    """The form names are compared in for look-alikes: NFKC, accents dropped, case folded,
    confusable letters replaced by the Latin ones they pass for."""
    decomposed = unicodedata.normalize("NFKD", unicodedata.normalize("NFKC", text))
    bare = "".join(c for c in decomposed if not unicodedata.combining(c))
    return unicodedata.normalize("NFKC", bare).casefold().translate(CONFUSABLES)


def looks_like_a_bot(name: str) -> bool:
    """Whether `name` holds the word "bot" (or a look-alike) on its own: "Ada (bot)",
    "[BOT] Ada", "ada_b0t" and "Аda Вот" do; "Abbot" and "Robotnik" do not."""
    return BOT_WORD in _WORDS.findall(folded(name))


def person_name(name: str, what: str = "names") -> str:
    """A person's name in NFKC form, or TextRefused: no invisible characters and nothing a
    reader could take for the server's bot marker."""
    name = normalized(name, what)
    if looks_like_a_bot(name):
        raise TextRefused(
            f"{what} may not contain the word 'bot' or a look-alike of it: the server marks "
            "bots' seats itself"
        )
    return name
