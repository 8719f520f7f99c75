"""The three designs of the Zombies expansion (option `zombies`), one strategy object each.

`dice` and `infect` follow the two printed versions, `simple` the one played online today. A
table asks its design (`ZombieGoodCop.design`) wherever the designs differ: what investigating
does, how a Bite lands, who takes Arms, which dice are rolled and which card texts apply.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from hiddenhand.engine import Event
from hiddenhand.games.goodcop import zombies
from hiddenhand.games.goodcop.cards import INFECTION_DIE, INFECTION_FACE

if TYPE_CHECKING:
    from hiddenhand.games.goodcop.zombie_rules import ZombieGoodCop


class Design:
    """What the printed designs share; each design sets what is its own."""

    name: ClassVar[str]
    """The option value, shown in views as `zombies`."""
    infector: ClassVar[bool] = True
    """The Infector card is dealt in the leaders' pile."""
    printed: ClassVar[bool] = True
    """The equipment cards read their printed texts (not the `simple` ones)."""
    arms_on_turning: ClassVar[bool] = True
    """A player who becomes a zombie takes Arms."""
    exposing_draws: ClassVar[bool] = False
    """Whoever exposes the Infector (investigates or reveals it) draws an equipment card."""
    arms_are_guns: ClassVar[bool] = False
    """Equipment that takes a gun takes Arms: a K9 Unit sends them back to the centre."""
    must_reaim: ClassVar[bool] = True
    """A shooter who shot a zombie must aim elsewhere."""
    zombie_arms: ClassVar[bool] = False
    """A zombie may take Arms as its action."""
    zombie_infects: ClassVar[bool] = False
    """A zombie may Infect as its action, and its Equip first removes a token."""
    zombies_kill_leaders: ClassVar[bool] = False
    """A wounded leader shot by a zombie is eliminated and the zombies win."""

    def investigated(self, state: ZombieGoodCop, seat: int, target: int, card: int) -> None:
        """After `seat` looked at `target`'s card."""

    def bite(self, state: ZombieGoodCop, biter: int, target: int) -> None:
        """A Bite lands on a living non-zombie: an infection token, then the zombie dice."""
        zombies.place_tokens(state, target, 1, zombies.BITTEN)

    def infection_die(self, state: ZombieGoodCop) -> bool:
        """At the end of a turn, before the Alarm Clock; True when a token being placed takes
        the turn on to its end."""
        return False


class Dice(Design):
    """The infection die, the Infector found by investigating, zombies taking Arms."""

    name = "dice"
    arms_on_turning = False
    exposing_draws = True
    arms_are_guns = True
    must_reaim = False
    zombie_arms = True

    def investigated(self, state: ZombieGoodCop, seat: int, target: int, card: int) -> None:
        """Investigating the Infector makes its holder a zombie; the investigator draws."""
        if card == state.infector:
            state.emit(Event("infector", f"{{p{seat}}} found the Infector", data={"seat": seat}))
            state.draw(seat)
            zombies.become(state, target)

    def infection_die(self, state: ZombieGoodCop) -> bool:
        """A living non-zombie rolls the infection die while the Infector is hidden."""
        me = state.turn
        if (
            not state.alive[me]
            or state.zombie[me]
            or state.infector < 0
            or state.face_up >> state.infector & 1
        ):
            return False
        face = zombies.roll_die(state, INFECTION_DIE)
        zombies.announce_roll(state, me, "infection", (face,))
        if face != INFECTION_FACE:
            return False
        zombies.place_tokens(state, me, 1, zombies.INFECTION_ROLLED)
        return True


class Infect(Design):
    """Investigating infects; zombies Infect, and cure a token before they draw."""

    name = "infect"
    zombie_infects = True

    def investigated(self, state: ZombieGoodCop, seat: int, target: int, card: int) -> None:
        """The investigated card gets an infection token."""
        zombies.add_token(state, target, state.cards[target].index(card))


class Simple(Design):
    """No Infector, tokens or dice: a Bite is a shot, and zombies can eliminate leaders."""

    name = "simple"
    infector = False
    printed = False
    zombies_kill_leaders = True

    def bite(self, state: ZombieGoodCop, biter: int, target: int) -> None:
        """The Bite is a shot."""
        zombies.hit(state, target, biter)
        state.after_action()


DESIGNS: dict[str, Design] = {design.name: design for design in (Dice(), Infect(), Simple())}
"""Each design by its option value."""
