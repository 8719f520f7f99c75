"""The errors the engine raises: each carries a reason a person understands."""


class HiddenhandError(Exception):
    """Base for every error the engine raises on purpose."""


class IllegalAction(HiddenhandError):
    """An action that the rules do not allow now. The state is left untouched.

    The reason names only what the acting seat may know.
    """


class OptionError(HiddenhandError, ValueError):
    """An unknown option, a bad value, or a seat count the game does not support."""


class UnknownGame(HiddenhandError, KeyError):
    """No game is registered under that id."""

    def __str__(self) -> str:
        return str(self.args[0]) if self.args else "unknown game"


class RecordError(HiddenhandError, ValueError):
    """A record that cannot be read or does not replay."""
