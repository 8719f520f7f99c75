"""What one seat may know of a Good Cop Bad Cop table, built field by field (an allow-list).

`view(state, seat)` returns (seat None: a spectator, who sees only what is public):

- `seat`: the seat this view is for, or None.
- `phase`: "order cards" (everyone lays their cards down), "game start", "action", "reveal",
  "take aim", "after investigate", "shooting", "end of turn", "over" or (zombies on)
  "dice rolled".
- `turn`: the seat whose turn it is. `to_move`: the seats that must decide now.
- `direction`: "clockwise" or "counterclockwise" (Smoke Grenade reverses it).
- `coffee`: the seat that takes the next turn thanks to Coffee, or None.
- `resolving`: the card being resolved `{"card", "by"}`, or None.
- `shot`: the announced shot `{"shooter", "target"}` while it can be reacted to, or None
  (with zombies on, a zombie's announced Bite shows here too, `shooter` being the zombie).
- `players`: one entry per seat:
  - `alive`: bool; `armed`: bool; `aim`: the seat their gun points at, or None;
  - `hand`: how many equipment cards they hold (public);
  - `equipment`: the titles of those cards for the viewer's own seat and, once the game is
    over, for everyone; else None;
  - `front`: titles of equipment lying in front of them (Planted Evidence, Disguise,
    Surveillance Camera);
  - `cards`: left, middle, right integrity cards, each `{"card", "revealed", "wounded"}` where
    `card` is "honest", "crooked", "agent" or "kingpin" when the viewer knows it (its own
    cards, revealed cards, cards it has investigated or been shown, following moved cards),
    else None;
  - `team`: "honest", "crooked", "lone" or (zombies on) "zombie" for the viewer's own seat
    and, once the game is over, for everyone; else None.
- `team`: the viewer's own team (None for a spectator).
- `hand`: the titles of the viewer's own equipment cards (empty for a spectator).
- `guns_in_centre`, `deck` (cards left to draw), `discard` (titles on the discard pile, in
  order; empty when used cards go under the deck).
- `outcome`: None while playing; then `{"winners", "side", "reason"}` (`side` is "honest",
  "crooked", "lone" or, with zombies on, "zombie").

With the Zombies expansion on (option `zombies` is not "off") the view also has (added by
`ZombieGoodCop.view`):

- `zombies`: the design, "dice", "infect" or "simple".
- `arms_in_centre`: Arms tokens left in the centre.
- `dice`: the last roll, public: `{"by", "die", "faces"}` where `by` is the seat that rolled
  (the bitten player for zombie dice, the turn player for the infection die), `die` is
  "zombie" or "infection" and `faces` lists "blank", "zombie", "arms" or "infection"; or None.
  In phase "dice rolled" these are a Bite's dice that Zombie Serum may still re-roll.
- `alarm`: the seat the `simple` Alarm Clock will ring for, or None.
- each entry of `players` also has `zombie` (bool) and `arms` (bool: a zombie holding Arms;
  `armed` stays about guns, and `aim` shows where the gun or the Arms point), and each of its
  `cards` has `infected` (bool: an infection token lies on it; tokens are public).
- a card may be "infector"; only its holder knows a hidden Infector (their `team` is "zombie").
- `resolving` may name "Infect" or "Equip" (a zombie choosing cards for those actions) or
  "Infection token" (a player choosing which of their cards gets a token).
- new public event kinds: "zombie" (someone becomes one), "cured", "arms" (takes Arms),
  "arms-down" (a shot zombie's Arms turn on itself), "bite" (announced), "bitten", "roll"
  (`seat`, `die`, `faces`), "reroll", "infection" (a token on `seat`'s `slot` card), "cure"
  (a token removed), "arms-face", "alarm-set", "alarm", "infector" (the Infector found); the
  "team" event stays private to its player.

At the end of the game every card is shown. `view_schema.py` declares this shape as Structs;
`typed_view` builds them and `view` makes them plain JSON-ready data.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import msgspec

from hiddenhand.games.goodcop.cards import KIND_NAMES, TEAM_NAMES
from hiddenhand.games.goodcop.phases import SHOOTING, UNARMED
from hiddenhand.games.goodcop.view_schema import (
    Cop,
    GoodCopView,
    IntegrityCard,
    Resolving,
    Result,
    Shot,
)

if TYPE_CHECKING:
    from hiddenhand.games.goodcop.rules import GoodCop
    from hiddenhand.games.goodcop.zombie_rules import ZombieGoodCop

_to_builtins = msgspec.to_builtins


def view(state: GoodCop, seat: int | None) -> dict[str, Any]:
    """The seat's view as plain JSON-ready data (its `GoodCopView`, made plain)."""
    out: dict[str, Any] = _to_builtins(state.typed_view(seat))
    return out


def typed_view(state: GoodCop, seat: int | None) -> GoodCopView:
    """The seat's view, field by field."""
    result = state.result
    over = result is not None
    if over:
        known = -1
    elif seat is None:
        known = state.face_up
    else:
        known = state.known[seat] | state.face_up
    face_up, wounded, card_kinds = state.face_up, state.wounded, state.card_kinds
    table = state.card_table
    titles, deck = table.titles, table.deck
    players: list[Cop] = []
    for p in range(state.player_count):
        aim = state.aim[p]
        players.append(
            Cop(
                alive=state.alive[p],
                armed=aim != UNARMED,
                aim=aim if aim != UNARMED and aim != p else None,
                hand=len(state.hand[p]),
                equipment=[titles[deck[c]] for c in state.hand[p]] if over or p == seat else None,
                front=[titles[t] for t in table.staying if state.placed[t] == p],
                cards=[
                    IntegrityCard(
                        card=KIND_NAMES[card_kinds[c]] if known >> c & 1 else None,  # type: ignore[arg-type]
                        revealed=bool(face_up >> c & 1),
                        wounded=bool(wounded >> c & 1),
                    )
                    for c in state.cards[p]
                ],
                team=TEAM_NAMES[state.teams[p]] if over or p == seat else None,  # type: ignore[arg-type]
            )
        )
    task = state.task
    return GoodCopView(
        seat=seat,
        phase=state.phase,
        turn=state.turn,
        to_move=sorted(state.pending()),
        direction="clockwise" if state.direction == 1 else "counterclockwise",
        coffee=state.coffee if state.coffee >= 0 else None,
        resolving=Resolving(card=table.names[task.card], by=task.chooser) if task else None,
        shot=Shot(shooter=state.turn, target=state.shot_target)
        if state.phase == SHOOTING and state.shot_target >= 0
        else None,
        players=players,
        team=TEAM_NAMES[state.teams[seat]] if seat is not None else None,  # type: ignore[arg-type]
        hand=[titles[deck[c]] for c in state.hand[seat]] if seat is not None else [],
        guns_in_centre=state.guns,
        deck=len(state.deck),
        discard=[titles[deck[c]] for c in state.discards],
        outcome=Result(
            winners=sorted(result.winners),
            side=result.side,  # type: ignore[arg-type]
            reason=result.reason,
            data=dict(result.data),
        )
        if result is not None
        else None,
    )


class SeatFields:
    """The fields of a seat's `GoodCopView` an observation tensor reads, as the rules keep
    them (seats, teams and card kinds as numbers; -1 for None): built like `typed_view`, from
    what that view holds and nothing else, without making its lists and Structs. With the
    Zombies expansion, `add_zombie_fields` adds what `ZombieGoodCop.typed_view` adds."""

    def __init__(self, state: GoodCop, seat: int) -> None:
        self.over = over = state.result is not None
        known = -1 if over else state.known[seat] | state.face_up
        face_up, wounded, card_kinds = state.face_up, state.wounded, state.card_kinds
        table = state.card_table
        titles, deck = table.titles, table.deck
        n = state.player_count
        self.phase = str(state.phase)
        self.turn = state.turn
        self.to_move = list(state.pending())
        self.clockwise = state.direction == 1
        self.coffee = state.coffee
        task = state.task
        self.resolving = table.names[task.card] if task else None
        self.resolving_by = task.chooser if task else -1
        shot = state.phase == SHOOTING and state.shot_target >= 0
        self.shooter = state.turn if shot else -1
        self.target = state.shot_target if shot else -1
        self.team = state.teams[seat]
        self.hand = [titles[deck[c]] for c in state.hand[seat]]
        self.guns = state.guns
        self.deck = len(state.deck)
        self.discard = [titles[deck[c]] for c in state.discards]
        self.alive = state.alive
        """Per seat, shared with the state: read, never changed."""
        self.holds = [a != UNARMED for a in state.aim]
        """Per seat: a gun (or a zombie's Arms) in hand."""
        self.aim = [a if a != p else UNARMED for p, a in enumerate(state.aim)]
        """Per seat: the seat its gun points at, or -1."""
        self.hand_sizes = [len(h) for h in state.hand]
        placed = state.placed
        self.front = [(placed[t], titles[t]) for t in table.staying if placed[t] >= 0]
        """(seat, title) of each equipment card lying in front of a player."""
        self.card_kind: list[int] = []
        """Per seat, its three integrity cards in turn: the kind where the seat knows it."""
        self.card_revealed: list[bool] = []
        self.card_wounded: list[bool] = []
        kinds, revealed, hurt = self.card_kind, self.card_revealed, self.card_wounded
        for cards in state.cards:
            for c in cards:
                kinds.append(card_kinds[c] if known >> c & 1 else -1)
                revealed.append(bool(face_up >> c & 1))
                hurt.append(bool(wounded >> c & 1))
        self.teams = list(state.teams) if over else [-1] * n
        """Every seat's team once the game is over (the seat's own is `team`)."""
        self.zombies = "off"
        self.arms_in_centre = 0
        self.zombie = [False] * n
        self.card_infected = [False] * len(self.card_kind)
        self.dice: tuple[int, str, tuple[int, ...]] | None = None
        """The last roll: (seat that rolled, die, faces)."""
        self.alarm = -1


def add_zombie_fields(state: ZombieGoodCop, fields: SeatFields) -> None:
    """The expansion's part (`zombie_rules._add_zombies`): zombies, Arms, tokens, dice, Alarm."""
    tokens = state.infected_cards
    fields.zombie = state.zombie
    infected = fields.card_infected
    i = 0
    for cards in state.cards:
        for c in cards:
            infected[i] = bool(tokens >> c & 1)
            i += 1
    fields.zombies = state.design.name
    fields.arms_in_centre = state.arms_in_centre
    fields.dice = state.last_roll
    fields.alarm = state.alarm
