"""Good Cop Bad Cop with the Zombies expansion: the base rules with their hooks overridden.

The expansion is a layer over the base game, as python-chess plays its variants: `GoodCop`
knows nothing of zombies, and this subclass adds the expansion's fields and steps in wherever
the base rules leave a hook. What a zombie does, and how tokens and dice work, is in
`zombies.py`; what the three designs do differently, in `zombie_designs.py`; the expansion's
equipment, in `zombie_cards.py`.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import ClassVar, Self, cast

from mypy_extensions import mypyc_attr

from hiddenhand.engine import Action, Event
from hiddenhand.engine.cloning import declarative_clone, kernel_clone
from hiddenhand.engine.seeding import KEYED
from hiddenhand.games.goodcop import zombies
from hiddenhand.games.goodcop.actions import ARM, EQUIP
from hiddenhand.games.goodcop.card import CardTable
from hiddenhand.games.goodcop.cards import FACE_NAMES, INFECTOR
from hiddenhand.games.goodcop.clones import clone_zombie_good_cop
from hiddenhand.games.goodcop.options import GoodCopOptions
from hiddenhand.games.goodcop.phases import ROLLED, UNARMED, Phase
from hiddenhand.games.goodcop.rules import GoodCop
from hiddenhand.games.goodcop.view_schema import Dice, GoodCopView
from hiddenhand.games.goodcop.zombie_cards import ZOMBIES_EQUIPMENT
from hiddenhand.games.goodcop.zombie_designs import DESIGNS, Design
from hiddenhand.native import own_abc_caches


@mypyc_attr(allow_interpreted_subclasses=True)
class ZombieGoodCop(GoodCop):
    """One game of Good Cop Bad Cop with the Zombies expansion, in one of its designs."""

    card_table: ClassVar[CardTable] = ZOMBIES_EQUIPMENT
    base_game: ClassVar[bool] = False

    design: Design  # the design played: what differs between dice, infect and simple
    zombie: list[bool]
    infector: int  # the Infector card's id, or -1
    infected_cards: int  # bitmask of integrity cards carrying an infection token
    arms_in_centre: int  # Arms tokens in the centre
    bite_roll: tuple[int, ...]  # zombie dice of a Bite waiting to be applied
    bitten_seat: int  # the seat a Bite hit, while its dice wait
    biting: bool  # the announced shot is a Bite
    arming: bool  # the turn's action is Arm (an Infector revealed to pay for it takes Arms)
    aim_away_from: int  # the turn player must aim elsewhere than this seat
    last_roll: tuple[int, str, tuple[int, ...]] | None  # (roller, die, faces), public
    alarm: int  # simple Alarm Clock: the seat it rings for, or -1
    alarm_live: bool  # that seat's turn has begun since

    shared_fields: ClassVar[frozenset[str]] = GoodCop.shared_fields | {"design"}

    def __init__(
        self, players: Sequence[str], options: GoodCopOptions, seed: int, seeding: str = KEYED
    ) -> None:
        n = len(players)
        self.design = DESIGNS[options.zombies]
        self.infector = -1
        self.zombie = [False] * n
        self.infected_cards = 0
        self.arms_in_centre = options.arms_count(n)
        self.bite_roll = ()
        self.bitten_seat = self.aim_away_from = self.alarm = -1
        self.biting = self.arming = self.alarm_live = False
        self.last_roll = None
        super().__init__(players, options, seed, seeding)

    def _with_the_leaders(self) -> list[int]:
        """The Infector (`dice`, `infect`) is dealt in the leaders' pile."""
        if not self.design.infector:
            return []
        self.infector = len(self.card_kinds)
        self.card_kinds.append(INFECTOR)
        return [self.infector]

    # -- reading the table ----------------------------------------------------------------

    def team_of(self, seat: int) -> int:
        """The zombie team, or alone (`zombies.team`); else the base rule decides."""
        team = zombies.team(self, seat)
        # the base rule named rather than found by super(): every redraw asks it for each seat
        return team if team >= 0 else GoodCop.team_of(self, seat)

    def can_hold_gun(self, seat: int) -> bool:
        return not self.zombie[seat]

    def restorable(self, chooser: int) -> list[int]:
        """A zombie not holding a face-up Infector can be cured by a Defibrillator."""
        return [
            p
            for p in self.living()
            if p != chooser and self.zombie[p] and not zombies.known_infector(self, p)
        ]

    def typed_view(self, seat: int | None) -> GoodCopView:
        out = super().typed_view(seat)
        _add_zombies(self, out)
        return out

    # -- the turn -------------------------------------------------------------------------

    def _aim_choices(self) -> list[Action]:
        if self.aim_away_from >= 0:
            return zombies.aim_choices(self)
        return super()._aim_choices()

    def _action_choices(self) -> list[Action]:
        if self.zombie[self.turn]:
            return zombies.actions(self)
        out = super()._action_choices()
        if not out:
            out.append(self.actions.pass_)  # nothing left to do: the turn goes on
        return out

    def _arm(self, seat: int) -> None:
        """A zombie's Arm takes Arms; anyone else's may reveal the Infector (`_paid`)."""
        if self.zombie[seat]:
            zombies.act(self, seat, ARM)
        else:
            self.arming = True
            super()._arm(seat)

    def _equip(self, seat: int) -> None:
        if self.zombie[seat]:
            zombies.act(self, seat, EQUIP)
        else:
            super()._equip(seat)

    def _shoot(self, seat: int, target: int) -> None:
        self.biting = False
        super()._shoot(seat, target)

    def _other_action(self, seat: int, action: Action) -> None:
        """A zombie's Bite or Infect."""
        zombies.act(self, seat, action.kind)

    def _paid(self) -> None:
        self.arming = False  # an Infector revealed to pay for Arm has taken Arms

    def _other_window_closed(self, phase: Phase) -> None:
        """The zombie dice of a Bite stand."""
        if phase == ROLLED:
            zombies.apply_roll(self)

    def begin_turn(self, seat: int) -> None:
        zombies.begin_turn(self, seat)
        super().begin_turn(seat)

    def _end_turn(self) -> None:
        """The infection die and the Alarm Clock come before the end-of-turn window."""
        if zombies.end_turn(self) or self.result is not None:
            return
        super()._end_turn()

    def _shot_happens(self, shooter: int) -> None:
        if self.biting:
            target, self.shot_target = self.shot_target, -1
            zombies.resolve_bite(self, shooter, target)
        else:
            super()._shot_happens(shooter)

    def investigated(self, seat: int, target: int, card: int) -> None:
        self.design.investigated(self, seat, target, card)

    def exposed(self, seat: int, card: int) -> None:
        if self.design.exposing_draws and card == self.infector and self.result is None:
            self.draw(seat)

    def fire(self, shooter: int, target: int) -> None:
        if self.zombie[target]:
            zombies.shoot_zombie(self, shooter, target)
        else:
            super().fire(shooter, target)

    def hit(self, seat: int, by: int = -1) -> None:
        zombies.hit(self, seat, by)

    def reveal(self, seat: int, slot: int) -> None:
        super().reveal(seat, slot)
        if self.card_kinds[self.cards[seat][slot]] == INFECTOR:
            zombies.infector_revealed(self, seat)

    def restore(self, seat: int) -> None:
        self.emit(Event("revived", f"{{p{seat}}} is no longer a zombie", data={"seat": seat}))
        zombies.cure(self, seat)

    def disarm(self, seat: int) -> None:
        """A zombie's Arms go back to the centre where Arms count as guns (seed 000: equipment
        that "affects or targets a Gun ... affects or targets zombie Arms"); elsewhere they
        turn on the zombie."""
        if not self.zombie[seat]:
            super().disarm(seat)
        elif self.design.arms_are_guns:
            self.aim[seat] = UNARMED
            self.arms_in_centre += 1
            self.emit(Event("k9", f"{{p{seat}}} drops their Arms", data={"seat": seat}))
        else:
            self.aim[seat] = seat
            self.emit(Event("k9", f"{{p{seat}}} aims their Arms at themself", data={"seat": seat}))

    def update_teams(self) -> None:
        """Cards moved: cures and new zombies first (`zombies.after_card_move`)."""
        zombies.after_card_move(self)
        if self.result is None:
            super().update_teams()

    def _lone_cards(self, seat: int) -> str:
        if zombies.holds_infector(self, seat):
            return "the Infector and a leader card"
        return super()._lone_cards(seat)

    # -- copies -----------------------------------------------------------------------------

    def clone(self) -> Self:
        """A copy of every declared field, the expansion's with the base game's, by
        `goodcop.clones.clone_zombie_good_cop`: written from the fields, compiled with the
        rules. A subclass's own fields are the declarative clone's."""
        if type(self) is ZombieGoodCop:
            return cast(Self, clone_zombie_good_cop(self))
        copy: Self = declarative_clone(self)
        return copy

    def deal_fits(self, other: Self, agent_holder: int, kingpin_holder: int) -> bool:
        """No zombie holds a leader card (it would have been cured); the Infector is dealt,
        never with a leader."""
        zombie = self.zombie
        if zombie[agent_holder] or zombie[kingpin_holder]:
            return False
        if self.infector < 0:
            return True
        holder = self.owner[other.card_kinds.index(INFECTOR)]
        return holder >= 0 and holder != agent_holder and holder != kingpin_holder

    def _resample(self, other: Self, seat: int, rng: random.Random) -> None:
        super()._resample(other, seat, rng)
        if self.infector >= 0:
            other.infector = other.card_kinds.index(INFECTOR)


kernel_clone(vars(ZombieGoodCop)["clone"])


def _add_zombies(state: ZombieGoodCop, out: GoodCopView) -> None:
    """The expansion's part of a view (see `views.py`): zombies, Arms, tokens, dice, Alarm."""
    tokens = state.infected_cards
    for p, info in enumerate(out.players):
        zombie = state.zombie[p]
        holds = state.aim[p] != UNARMED
        info.zombie = zombie
        info.arms = zombie and holds
        info.armed = not zombie and holds
        for c, entry in zip(state.cards[p], info.cards, strict=True):
            entry.infected = bool(tokens >> c & 1)
    roll = state.last_roll
    out.zombies = state.design.name  # type: ignore[assignment]
    out.arms_in_centre = state.arms_in_centre
    out.dice = (
        Dice(by=roll[0], die=roll[1], faces=[FACE_NAMES[f] for f in roll[2]])  # type: ignore[arg-type,misc]
        if roll is not None
        else None
    )
    out.alarm = state.alarm if state.alarm >= 0 else None


own_abc_caches(globals())
