"""A weakened bot: another bot's move most of the time, a random legal move otherwise.

The easy level of the ladder (`hiddenhand.bots.registry.LEVELS`): it plays with the sense of the
game's heuristic, and slips now and then as a beginner does. `slip` is the share of decisions
played at random; the bot it weakens is the game's heuristic unless `bot` names another.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, ClassVar

from hiddenhand.bots.base import Bot, Turn, make_bot
from hiddenhand.bots.options import BotOption
from hiddenhand.bots.registry import default_bot

if TYPE_CHECKING:
    from hiddenhand.engine.actions import Action
    from hiddenhand.engine.state import State


class SloppyBot(Bot):
    """Plays `bot`'s move, or with probability `slip` a uniformly random legal one."""

    name = "sloppy"
    options: ClassVar[tuple[BotOption, ...]] = (
        BotOption("slip", float, 0.0, 1.0, help="share of decisions played at random"),
        BotOption(
            "bot",
            str,
            words=("auto", "random"),
            game_bots=True,
            help="the bot it weakens; auto = the game's heuristic",
        ),
    )

    def __init__(self, seat: int, seed: int = 0, slip: float = 0.5, bot: str = "auto") -> None:
        super().__init__(seat, seed)
        self.slip = float(slip)
        self.inner_spec = bot
        self.inner: Bot | None = None
        self.seed = seed

    def bind(self, inner: Bot) -> SloppyBot:
        """Take the bot it weakens (built by the factory, which knows the game)."""
        self.inner = inner
        self.uses_view = inner.uses_view  # type: ignore[misc]
        self.uses_sample = inner.uses_sample  # type: ignore[misc]
        self.decides_in_world = inner.decides_in_world  # type: ignore[misc]
        return self

    def _slips(self) -> bool:
        return self.slip > 0 and self.rng.random() < self.slip

    def decide(self, turn: Turn) -> Action:
        assert self.inner is not None
        if len(turn.legal) > 1 and self._slips():
            return self.rng.choice(turn.legal)
        return self.inner.decide(turn)

    def decide_in(self, world: State, seat: int, legal: Sequence[Action]) -> Action:
        assert self.inner is not None
        if len(legal) > 1 and self._slips():
            return self.rng.choice(legal)
        return self.inner.decide_in(world, seat, legal)


def sloppy_factory(game: Any) -> Any:
    """The factory `make_bot` calls for this game: a SloppyBot bound to the bot it weakens."""

    def build(seat: int, seed: int = 0, slip: float = 0.5, bot: str = "auto") -> SloppyBot:
        sloppy = SloppyBot(seat, seed, slip, bot)
        inner = default_bot(game.id) if bot == "auto" else bot
        return sloppy.bind(make_bot(game, inner, seat, seed))

    build.options = SloppyBot.options  # type: ignore[attr-defined]
    return build
