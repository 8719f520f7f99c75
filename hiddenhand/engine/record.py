"""Records: game, options, players, seed and the actions in order. A record replays exactly."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

import msgspec

from hiddenhand.engine.errors import HiddenhandError, IllegalAction, RecordError
from hiddenhand.engine.events import Event
from hiddenhand.engine.seeding import SCHEMES, SEQUENTIAL

if TYPE_CHECKING:
    from hiddenhand.engine.state import State


class Record(msgspec.Struct, kw_only=True):
    """Everything needed to replay a game. `actions` holds [seat, action id] pairs.

    `marks` notes which actions were not chosen by the seat's player, by index (for example
    "clock": a bot decided when the turn clock ran out). `seeding` names how the seed becomes
    the game's generators (`hiddenhand.engine.seeding`); a record that names none was made
    before keyed seeding and replays with the sequential scheme it was made with.
    """

    game: str
    options: dict[str, Any]
    players: list[str]
    seed: int
    seeding: str = SEQUENTIAL
    actions: list[list[int]] = msgspec.field(default_factory=list)
    marks: dict[int, str] = msgspec.field(default_factory=dict)

    def to_json(self) -> bytes:
        return msgspec.json.encode(self)

    @classmethod
    def from_json(cls, data: bytes | str) -> Record:
        try:
            record = msgspec.json.decode(data, type=cls)
        except msgspec.DecodeError as exc:
            raise RecordError(f"not a valid record: {exc}") from None
        if record.seeding not in SCHEMES:
            raise RecordError(f"unknown seeding {record.seeding!r}; known: {', '.join(SCHEMES)}")
        return record

    def start(self) -> State:
        """The opening state this record begins from."""
        from hiddenhand.engine.game import get_game

        try:
            game = get_game(self.game)
            options = game.stored_options(self.options)
            return game.start(self.players, options, self.seed, seeding=self.seeding)
        except HiddenhandError as exc:
            raise RecordError(f"record cannot start: {exc}") from None

    def apply_to(self, state: State) -> Iterator[tuple[int, int, list[Event]]]:
        """Apply the actions to `state` one by one, yielding (seat, action id, events)."""
        for index, pair in enumerate(self.actions):
            if len(pair) != 2:
                raise RecordError(f"action {index} is not a [seat, action] pair")
            seat, action_id = pair
            try:
                events = state.act(seat, action_id)
            except IllegalAction as exc:
                raise RecordError(f"action {index} does not replay: {exc}") from None
            yield seat, action_id, events

    def replay(self) -> State:
        """The state reached by replaying every action."""
        state = self.start()
        for _ in self.apply_to(state):
            pass
        return state
