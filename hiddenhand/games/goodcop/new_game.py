"""A new game of Good Cop Bad Cop: the base rules, or the Zombies expansion's layer over them,
as the options say (the game registry, scenarios and records all deal through here)."""

from __future__ import annotations

from collections.abc import Sequence

from hiddenhand.engine.seeding import KEYED
from hiddenhand.games.goodcop.options import GoodCopOptions
from hiddenhand.games.goodcop.rules import GoodCop
from hiddenhand.games.goodcop.zombie_rules import ZombieGoodCop


def state_class(options: GoodCopOptions) -> type[GoodCop]:
    """The rules these options play: with zombies on, the expansion's subclass."""
    return GoodCop if options.zombies == "off" else ZombieGoodCop


def new_state(
    players: Sequence[str], options: GoodCopOptions, seed: int, seeding: str = KEYED
) -> GoodCop:
    """The opening state of a game dealt from this seed."""
    return state_class(options)(players, options, seed, seeding)
