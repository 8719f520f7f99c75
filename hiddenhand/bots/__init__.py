"""Bots: players made of code. They see only what their seat may see."""

from hiddenhand.bots.base import Bot, BotFactory, Turn, bot_names, make_bot, parse_bot_spec

__all__ = ["Bot", "BotFactory", "Turn", "bot_names", "make_bot", "parse_bot_spec"]
