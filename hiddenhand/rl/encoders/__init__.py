"""One observation encoder per game, found by game id."""

from __future__ import annotations

from hiddenhand.engine import Options
from hiddenhand.rl.encoder import Encoder
from hiddenhand.rl.encoders.goodcop import GoodCopEncoder
from hiddenhand.rl.encoders.infected import InfectedEncoder
from hiddenhand.rl.encoders.noir import NoirEncoder

ENCODERS: dict[str, type[Encoder]] = {
    "goodcop": GoodCopEncoder,
    "infected": InfectedEncoder,
    "noir": NoirEncoder,
}


def encoder_for(game_id: str, players: int, options: Options, seat: int) -> Encoder:
    """The encoder of one seat of a table of this game."""
    try:
        kind = ENCODERS[game_id]
    except KeyError:
        known = ", ".join(sorted(ENCODERS))
        raise KeyError(
            f"no observation encoder for {game_id!r}; encoders exist for {known}"
        ) from None
    return kind(players, options, seat)
