"""Seeded fingerprints: one digest that changes when anything a game does changes.

A refactor that must change no game (a new shape for the rules, a compiled engine) proves it
with fingerprints. `fingerprint(game, players, options, seed)` plays one seeded random game and
feeds into one BLAKE2b digest, step by step, everything the game shows the world:

- who is to move and every pending seat's legal action ids;
- every seat's `view` and the spectator's;
- every `sample_every`-th step, for each seat, every other seat's `view` of a
  `determinize(seat, rng)` sample (rng seeded from the game seed, the step and the seat): the
  seat's own view of a sample is its true view, so the others' views are what pin down the
  determinizer;
- the action taken (the random policy draws from a generator derived from the game seed);
- every event it caused, with its audience (`event.to_json(players)`);
- at the end, the outcome, the roles and the record.

Values are encoded canonically (JSON, dict keys sorted) and framed by their length, so equal
digests mean equal games. The expected digests of a fixed matrix of games live in a data file
(the test suite's `tests/engine/data/fingerprints.json`); the file lists the cases, this module
fills in their digests:

    python -m hiddenhand.engine.fingerprint            # recompute and compare, print a table
    python -m hiddenhand.engine.fingerprint --write    # rewrite the digests (a deliberate change)
    python -m hiddenhand.engine.fingerprint --trace goodcop 6 0 zombies=dice   # per-step digests

`--trace` prints one digest per step: run it on two versions of the code and the first line
that differs names the step where the games part.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from hashlib import blake2b
from pathlib import Path
from typing import Any

import msgspec

from hiddenhand.engine.game import Game, get_game
from hiddenhand.engine.seeding import derive, game_generator
from hiddenhand.engine.state import State

FORMAT = 1
"""The version of what a digest covers; a change to this module that changes digests bumps it."""
DIGEST_SIZE = 16
MAX_STEPS = 100_000
DEFAULT_FILE = Path("tests/engine/data/fingerprints.json")

_encode = msgspec.json.Encoder(order="sorted").encode


def canonical(value: Any) -> bytes:
    """The canonical JSON bytes of a JSON-ready value: dict keys sorted, no spaces."""
    return _encode(value)


@dataclass(frozen=True, slots=True)
class Fingerprint:
    """The digest of one seeded game (hex) and how many actions it took."""

    digest: str
    steps: int


def policy_generator(seed: int) -> random.Random:
    """The generator the random policy of the game dealt from `seed` draws from."""
    return game_generator(derive(seed, "fingerprint policy"))


def sample_generator(seed: int, step: int, seat: int) -> random.Random:
    """The generator `determinize(seat)` is given at `step`: its own stream per step and seat,
    so one sample's draws never shift another's."""
    return game_generator(derive(seed, f"fingerprint sample {step} {seat}"))


def _samples(state: State, seed: int, step: int) -> list[list[Any]]:
    seats = range(len(state.players))
    out = []
    for seat in seats:
        sample = state.determinize(seat, sample_generator(seed, step, seat))
        out.append([sample.view(other) for other in seats if other != seat])
    return out


def steps(
    game: Game[Any],
    players: int,
    options: Mapping[str, Any],
    seed: int,
    *,
    sample_every: int = 1,
) -> Iterator[bytes]:
    """The canonical bytes of each step of one seeded random game, then of its end.

    `sample_every` = 0 leaves determinized samples out.
    """
    state = game.start(players, game.options(dict(options)), seed)
    names = state.players
    policy = policy_generator(seed)
    seats = range(len(names))
    step = 0
    while True:
        pending = state.pending()
        if not pending:
            break
        if step >= MAX_STEPS:
            raise RuntimeError(f"{game.id} seed {seed}: no outcome after {MAX_STEPS} steps")
        record: dict[str, Any] = {
            "step": step,
            "pending": [[seat, [a.id for a in pending[seat]]] for seat in sorted(pending)],
            "views": [state.view(seat) for seat in seats] + [state.view(None)],
        }
        if sample_every and step % sample_every == 0:
            record["samples"] = _samples(state, seed, step)
        seat = policy.choice(sorted(pending))
        action = policy.choice(list(pending[seat]))
        record["action"] = [seat, action.id]
        record["events"] = [
            [None if e.audience is None else sorted(e.audience), e.to_json(names)]
            for e in state.act(seat, action)
        ]
        yield canonical(record)
        step += 1
    outcome = state.outcome()
    yield canonical(
        {
            "steps": step,
            "outcome": None if outcome is None else outcome.to_json(),
            "roles": state.roles(),
            "views": [state.view(seat) for seat in seats] + [state.view(None)],
            "record": msgspec.json.decode(state.record().to_json()),
        }
    )


def fingerprint(
    game: Game[Any],
    players: int,
    options: Mapping[str, Any],
    seed: int,
    *,
    sample_every: int = 1,
) -> Fingerprint:
    """The digest of one seeded random game (see the module's docstring for what it covers)."""
    digest = blake2b(digest_size=DIGEST_SIZE, person=b"hh-fingerprint")
    digest.update(FORMAT.to_bytes(4, "little"))
    frames = 0
    for data in steps(game, players, options, seed, sample_every=sample_every):
        digest.update(len(data).to_bytes(8, "little"))
        digest.update(data)
        frames += 1
    return Fingerprint(digest.hexdigest(), frames - 1)  # one frame per action, then the end


class Case(msgspec.Struct, kw_only=True):
    """One row of the matrix: a game, a seat count, options, a seed range and its digests."""

    game: str
    players: int
    options: dict[str, Any] = msgspec.field(default_factory=dict)
    first_seed: int = 0
    games: int = 1
    digests: list[str] = msgspec.field(default_factory=list)
    steps: list[int] = msgspec.field(default_factory=list)

    @property
    def seeds(self) -> range:
        return range(self.first_seed, self.first_seed + self.games)

    @property
    def label(self) -> str:
        options = " ".join(f"{k}={v}" for k, v in sorted(self.options.items())) or "defaults"
        last = self.first_seed + self.games - 1
        return f"{self.game} {self.players}p {options} seeds {self.first_seed}-{last}"

    def compute(self, sample_every: int) -> list[Fingerprint]:
        game = get_game(self.game)
        return [
            fingerprint(game, self.players, self.options, seed, sample_every=sample_every)
            for seed in self.seeds
        ]


class Matrix(msgspec.Struct, kw_only=True):
    """The data file: the format the digests were made with, how often samples were taken,
    and the cases."""

    format: int = FORMAT
    sample_every: int = 1
    cases: list[Case] = msgspec.field(default_factory=list)


def load(path: Path = DEFAULT_FILE) -> Matrix:
    return msgspec.json.decode(path.read_bytes(), type=Matrix)


def save(matrix: Matrix, path: Path = DEFAULT_FILE) -> None:
    data = msgspec.json.format(msgspec.json.encode(matrix), indent=1)
    path.write_bytes(data + b"\n")


def differences(case: Case, got: Sequence[Fingerprint]) -> list[str]:
    """What differs between a case's stored digests and freshly computed ones, seed by seed."""
    out = []
    if len(case.digests) != case.games:
        out.append(f"{len(case.digests)} digests stored for {case.games} games")
    for seed, now, digest, steps in zip(case.seeds, got, case.digests, case.steps, strict=False):
        if now.digest != digest:
            out.append(
                f"seed {seed}: {now.steps} steps, digest {now.digest} (stored: {steps} "
                f"steps, {digest})"
            )
    return out


def _main(argv: Sequence[str] | None = None) -> int:
    from rich.console import Console
    from rich.table import Table

    parser = argparse.ArgumentParser(
        prog="python -m hiddenhand.engine.fingerprint",
        description="Recompute the seeded fingerprints of a matrix of games and compare them "
        "with the stored ones, or rewrite them (--write).",
    )
    parser.add_argument("--file", type=Path, default=DEFAULT_FILE, help="the data file")
    parser.add_argument("--write", action="store_true", help="store the recomputed digests")
    parser.add_argument("--game", help="only the cases of this game (not with --write)")
    parser.add_argument(
        "--trace",
        nargs="+",
        metavar="ARG",
        help="GAME PLAYERS SEED [key=value ...]: print the digest of each step of one game",
    )
    args = parser.parse_args(argv)
    console = Console()
    if not console.is_terminal:
        console.width = 200  # a table written to a file or a pipe is not cut at 80 columns
    matrix = load(args.file)
    if args.trace:
        if len(args.trace) < 3:
            parser.error("--trace takes GAME PLAYERS SEED [key=value ...]")
        game_id, players, seed, *pairs = args.trace
        game = get_game(game_id)
        options = dict(p.split("=", 1) for p in pairs)
        for step, data in enumerate(
            steps(game, int(players), options, int(seed), sample_every=matrix.sample_every)
        ):
            print(step, blake2b(data, digest_size=8).hexdigest())
        return 0
    if args.write and args.game:
        parser.error("--write rewrites every case: leave --game out")
    table = Table(title=f"fingerprints ({args.file}, samples every {matrix.sample_every} steps)")
    for column in ("case", "games", "steps", "digest of the digests", "status"):
        table.add_column(
            column, justify="right" if column in ("games", "steps") else "left", no_wrap=True
        )
    changed = 0
    with console.status("playing"):
        for case in matrix.cases:
            if args.game and case.game != args.game:
                continue
            got = case.compute(matrix.sample_every)
            diff = differences(case, got) if matrix.format == FORMAT else ["format changed"]
            changed += bool(diff)
            status = ("rewritten" if args.write else "[red]differs[/]") if diff else "same"
            overall = blake2b("".join(f.digest for f in got).encode(), digest_size=6)
            table.add_row(
                case.label,
                str(case.games),
                str(sum(f.steps for f in got)),
                overall.hexdigest(),
                status,
            )
            if args.write:
                case.digests = [f.digest for f in got]
                case.steps = [f.steps for f in got]
    console.print(table)
    if args.write:
        matrix.format = FORMAT
        save(matrix, args.file)
        console.print(f"{changed} of {len(matrix.cases)} cases changed; wrote {args.file}")
        return 0
    console.print(f"{changed} cases differ" if changed else "every case is the same")
    return 1 if changed else 0


if __name__ == "__main__":
    sys.exit(_main())
