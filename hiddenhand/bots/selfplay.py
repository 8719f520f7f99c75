"""Self-play games that teach a guide: what a seat saw, what the search chose, who won.

At every decision with a choice, the deciding seat's observation tensor (its view and the events
it saw, `hiddenhand.rl`), its legal actions, and the search's preference among them (in how many
determinized worlds each root action did best, with most of the weight on its final pick, `SHARE`)
are kept; once the game ends, each kept decision gets the outcome as its seat saw the
table (win chances by seat relative to it). A teacher that does not search gives its choice.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from hiddenhand.bots.base import make_bot
from hiddenhand.bots.ismcts import ISMCTSBot
from hiddenhand.bots.match import SeatLogs, turn_for
from hiddenhand.engine import Options, get_game
from hiddenhand.engine.seeding import bot_seed, derive
from hiddenhand.rl.observer import observer_for


@dataclass
class Lessons:
    """Decisions of self-play games as arrays (one row per decision)."""

    obs: np.ndarray
    """float32 (rows, observation size): the deciding seat's tensor."""
    legal: np.ndarray
    """bool (rows, actions): its legal actions."""
    policy: np.ndarray
    """float32 (rows, actions): the teacher's preference, summing to one over the legal ones."""
    values: np.ndarray
    """float32 (rows, players): the outcome by seat relative to the decider (1 won, 0 lost)."""

    @classmethod
    def join(cls, parts: list[Lessons]) -> Lessons:
        return cls(*(np.concatenate([getattr(p, f) for p in parts]) for f in FIELDS))

    def __len__(self) -> int:
        return len(self.obs)

    def rows(self, which: np.ndarray) -> Lessons:
        return Lessons(*(getattr(self, f)[which] for f in FIELDS))


FIELDS = ("obs", "legal", "policy", "values")

SHARE = 0.25
"""The part of a searching teacher's preference spread over the root actions by the worlds in
which each did best; the rest goes to its choice. With every action compared, ties spread the
shares thin (many moves win the same world), and alone they teach a policy close to uniform."""


def self_play(
    game_id: str, players: int, options: Options, teacher: str, seed: int, game_seed: int
) -> Lessons:
    """One game of `teacher` bots in every seat, and what it teaches."""
    game = get_game(game_id)
    state = game.start(players, options, game_seed)
    bots = [
        make_bot(game, teacher, seat, bot_seed(derive(seed, f"game {game_seed}"), seat))
        for seat in range(players)
    ]
    observer = observer_for(game, players, options)
    actions = observer.actions
    logs = SeatLogs(players)
    obs: list[np.ndarray] = []
    legal_rows: list[np.ndarray] = []
    policy: list[np.ndarray] = []
    deciders: list[int] = []
    while pending := state.pending():
        seat = min(pending)
        bot = bots[seat]
        turn = turn_for(state, seat, bot, logs.of(seat))
        if len(turn.legal) > 1:
            mask = np.zeros(actions, dtype=bool)
            mask[[a.id for a in turn.legal]] = True
            wanted = np.zeros(actions, dtype=np.float32)
            if isinstance(bot, ISMCTSBot):
                found = bot.deliberate(turn)
                action = found.choice
                for candidate, share in found.best_in.items():
                    wanted[candidate.id] = SHARE * share / max(1, found.batches)
                wanted[action.id] += 1.0 - wanted.sum()
            else:
                action = bot.decide(turn)
                wanted[action.id] = 1.0
            obs.append(observer.observe(state, seat))
            legal_rows.append(mask)
            policy.append(wanted)
            deciders.append(seat)
        else:
            action = turn.legal[0]
        events = state.act(seat, action)
        logs.add(events)
        observer.fold(events)
    outcome = state.outcome()
    winners = set() if outcome is None else set(outcome.winners)
    result = [1.0 if s in winners else 0.0 if winners else 0.5 for s in range(players)]
    values = [[result[(me + r) % players] for r in range(players)] for me in deciders]
    size = observer.size
    return Lessons(
        np.array(obs, dtype=np.float32).reshape(-1, size),
        np.array(legal_rows, dtype=bool).reshape(-1, actions),
        np.array(policy, dtype=np.float32).reshape(-1, actions),
        np.array(values, dtype=np.float32).reshape(-1, players),
    )
