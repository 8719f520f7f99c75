"""Bot specs at an online table: checked like anywhere, and with the search time capped.

A table's bots think on the server's CPU for as long as the game lasts, so a bot that searches
(it declares a `seconds` option) never thinks longer than `Limits.bot_seconds` per decision
online, whatever its spec says. The table stores and shows the spec as given; the cap is
applied when the bot is built.
"""

from __future__ import annotations

import logging

from hiddenhand.bots.base import make_bot, parse_bot_spec
from hiddenhand.engine import Game, OptionError, Options

log = logging.getLogger("hiddenhand.server")


def checked_spec(game: Game, spec: str, players: int, options: Options) -> str:
    """The spec, if a bot can be built from it for such a table; else OptionError saying what
    is allowed."""
    make_bot(game, spec, 0, 0, (players, options))
    return spec


def searches(game: Game, spec: str) -> bool:
    """The bot this spec builds searches (plans on samples): it costs a bot process's time."""
    return make_bot(game, spec, 0).uses_sample


def capped_spec(game: Game, spec: str, bot_seconds: float) -> str:
    """The spec a table builds its bot from: a searching bot's `seconds` at most the cap."""
    bot = make_bot(game, spec, 0)
    if not any(option.name == "seconds" for option in getattr(bot, "options", ())):
        return spec
    name, given = parse_bot_spec(spec)
    asked = float(given.get("seconds", "0"))
    given["seconds"] = f"{min(asked, bot_seconds) if asked > 0 else bot_seconds:g}"
    return ":".join([name, *(f"{key}={value}" for key, value in given.items())])


def restored_spec(
    game: Game, spec: str, standin: str, where: str, players: int, options: Options
) -> str:
    """The spec of a stored seat, checked again: a spec an older version accepted and this one
    refuses is replaced by the stand-in bot, and the log says so."""
    try:
        return checked_spec(game, spec, players, options)
    except OptionError as exc:
        log.warning(
            "%s: bot %r is no longer accepted (%s); %s plays instead", where, spec, exc, standin
        )
        return standin
