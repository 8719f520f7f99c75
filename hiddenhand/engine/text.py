"""Text templates that name seats: `{p3}` stands for seat 3's name."""

import re
from collections.abc import Sequence
from functools import lru_cache

_SEAT = re.compile(r"\{p(\d+)\}")


def render(template: str, names: Sequence[str] | None = None) -> str:
    """Fill `{pN}` placeholders with player names (or "seat N" when there are none)."""
    if "{" not in template:
        return template
    if names is None:
        return _SEAT.sub(lambda m: f"seat {m.group(1)}", template)
    return _SEAT.sub(lambda m: names[int(m.group(1))], template)


def sentence(template: str) -> str:
    """The template with its first letter upper case, as a sentence starts; a template that
    starts with a seat's name keeps the name as the player wrote it."""
    if not template or template[0] == "{" or template[0].isupper():
        return template
    return template[0].upper() + template[1:]


_AN = re.compile(r"[aeio]|u(?!ni|se|sa|su|ti)|h(?:our|onest)", re.IGNORECASE)


@lru_cache(maxsize=1024)
def article(noun: str) -> str:
    """The noun with "a" or "an" by how it sounds ("a Crowbar", "an Ammo"); a name that brings
    its own article ("The Dead Rise") takes none. Remembered: the rules name the same few
    dozen cards in an event text at nearly every move."""
    if noun.startswith(("The ", "the ")):
        return noun
    return f"{'an' if _AN.match(noun) else 'a'} {noun}"


def counted(n: int, noun: str, plural: str | None = None) -> str:
    """ "1 item card", "2 item cards": a number and the noun in the form it takes."""
    return f"{n} {noun if n == 1 else plural or noun + 's'}"
