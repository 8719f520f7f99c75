"""Observation encoders by game id: a hand-written one where a game registers it, else the
generic encoder read from the game's view Struct."""

from __future__ import annotations

from collections.abc import Callable

from hiddenhand.engine import Options, get_game
from hiddenhand.rl.encoder import Encoder
from hiddenhand.rl.encoders.generic import GenericEncoder
from hiddenhand.rl.encoders.goodcop import GoodCopEncoder
from hiddenhand.rl.encoders.infected import InfectedEncoder
from hiddenhand.rl.encoders.noir import NoirEncoder

EncoderFactory = Callable[[int, Options, int], Encoder]
"""Makes one seat's encoder: (players, options, seat), as an Encoder subclass is called."""

ENCODERS: dict[str, EncoderFactory] = {}
"""The hand-written encoders, by game id."""


def register_encoder(game_id: str, encoder: EncoderFactory) -> EncoderFactory:
    """Use `encoder` (an Encoder subclass, or any callable taking players, options and seat)
    for every table of `game_id` made from now on, instead of the generic encoder."""
    ENCODERS[game_id] = encoder
    return encoder


register_encoder("goodcop", GoodCopEncoder)
register_encoder("infected", InfectedEncoder)
register_encoder("noir", NoirEncoder)


def encoder_for(game_id: str, players: int, options: Options, seat: int) -> Encoder:
    """The encoder of one seat of a table of this game: the one registered for it, else the
    generic encoder of its view Struct. UnknownGame (a KeyError) for a game not registered."""
    kind = ENCODERS.get(game_id)
    if kind is not None:
        return kind(players, options, seat)
    return GenericEncoder.of(get_game(game_id), players, options, seat)
