"""The heuristic bot: plays whichever side its seat is on, from its own view and log only.

As a human it commits items when the threat is likely to stop, heals, tests blood samples and
votes on evidence (blood tests, shown fails, fail claims). As the hidden infected it claims fail
falsely when that is safe, hoards cards, takes needless wounds (failing costs one and every
wound drains the zombie deck) and votes to destroy humans; exposed, it keeps threats going.
Option `human=random` makes the seat play at random while it is human (for comparisons).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import cache
from typing import TYPE_CHECKING, ClassVar, Final

from hiddenhand.bots.base import Bot, Turn
from hiddenhand.bots.options import BotOption
from hiddenhand.engine.actions import Action, by_kind
from hiddenhand.engine.errors import OptionError
from hiddenhand.engine.seeding import choose
from hiddenhand.games.infected.cards import RESOURCES, CardSet, card_set
from hiddenhand.games.infected.limits import VOTES_TO_DESTROY
from hiddenhand.games.infected.reading import Reading, ViewReading, WorldReading
from hiddenhand.games.infected.space import (
    ABILITY,
    CALL_DESTROY,
    COVER,
    DRAW,
    DRAW_TWO,
    EQUIP,
    EQUIP_DONE,
    HEAL,
    PASS,
    PLACE,
    PLAY,
    REACT,
    USE,
    ZOMBIFY,
)
from hiddenhand.native import own_abc_caches

if TYPE_CHECKING:
    from hiddenhand.engine.state import State
    from hiddenhand.games.infected.rules import InfectedState

GOOD_EQUIPS: Final = {
    "heal3": 5,
    "blood_test": 4,
    "block": 4,
    "stash": 4,
    "heal2": 3,
    "scout": 3,
    "draw2": 3,
    "rally": 3,
    "suppress": 3,
    "distract": 2,
    "heal1": 1,
}
"""How much the heuristic wants each item effect equipped (an item without one: half its value)."""
CHARACTER_PREFERENCE: Final = (
    "Nurse",
    "Redneck",
    "Veteran",
    "Quartermaster",
    "Ranger",
    "Scientist",
)


@cache
def _tables() -> tuple[tuple[int, ...], tuple[str | None, ...], tuple[str, ...], list[int]]:
    """Each item kind's value, effect and resource pile (by kind number, as in the actions'
    arguments), and the values of the zombie deck's cards."""
    cards: CardSet = card_set()
    value = tuple(k.value for k in cards.item_kinds)
    effect = tuple(k.effect for k in cards.item_kinds)
    resource = tuple(k.resource for k in cards.item_kinds)
    zombie_values = [cards.zombie_kinds[cards.zombie_of[c]].value for c in cards.zombie_deck]
    return value, effect, resource, zombie_values


@cache
def _still_to_come(last: int) -> float:
    """Expected sum of the zombie cards still to come when the last card shown is `last`.

    The next card is always added; the threat goes on unless it is lower than `last` (-1: no
    card yet, so the first card never ends it). Solved from the highest value down.
    """
    values = _tables()[3]
    top = max(values)
    p = {v: values.count(v) / len(values) for v in set(values)}
    future: dict[int, float] = {}
    for level in range(top, -2, -1):
        total = 0.0
        for v, pv in p.items():
            total += pv * v
            if v >= level and level >= 0:
                total += pv * future.get(v, 0.0)
            elif level < 0:
                total += pv * future[v]
        future[level] = total
    return future[last]


def _item(action: Action) -> int:
    """The item kind an action names (play, equip, use, react, place, discard: its first
    argument)."""
    return int(action.args[0])


def _first(kinds: dict[str, list[Action]], kind: str) -> Action | None:
    """The first action of a kind (None if none is legal)."""
    run = kinds.get(kind)
    return run[0] if run else None


def _rebuilt(cls: type[InfectedBot], seat: int, human: str, rng: tuple[object, ...]) -> InfectedBot:
    """An `InfectedBot` as pickled: made anew, its generator where the pickled one was."""
    bot = cls(seat, 0, human)
    bot.rng.setstate(rng)
    return bot


class InfectedBot(Bot):
    """A rule-of-thumb player for either side of The Infected."""

    name = "heuristic"
    uses_view = True
    decides_in_world: ClassVar[bool] = True
    options = (BotOption("human", str, words=("heuristic", "random"), help="the humans' play"),)

    def __init__(self, seat: int, seed: int = 0, human: str = "heuristic") -> None:
        super().__init__(seat, seed)
        if human not in ("heuristic", "random"):
            raise OptionError("human must be heuristic or random")
        self.random_human = human == "random"

    def __reduce__(self) -> tuple[object, ...]:
        """Compiled, the class makes an instance through `__init__` only, so a pickle (to and
        from bot processes) rebuilds it so and then restores its generator."""
        human = "random" if self.random_human else "heuristic"
        return (_rebuilt, (type(self), self.seat, human, self.rng.getstate()))

    # -- deciding ---------------------------------------------------------------------------

    def decide_in(self, world: State, seat: int, legal: Sequence[Action]) -> Action:
        """As `decide` from the seat's view, read from the world without building the view."""
        if len(legal) == 1:
            return legal[0]
        state: InfectedState = world  # type: ignore[assignment]
        return self._decide(legal, WorldReading(state, seat))

    def decide(self, turn: Turn) -> Action:
        if len(turn.legal) == 1:
            return turn.legal[0]
        assert turn.view is not None
        return self._decide(turn.legal, ViewReading(turn.view, self.seat))

    def _decide(self, legal: Sequence[Action], read: Reading) -> Action:
        infected = read.infected
        if self.random_human and not infected:
            return choose(self.rng.getrandbits, legal)
        phase = read.phase
        if phase == "character":  # where every legal action is a character to choose
            return self._character(legal)
        if phase == "setup":
            return self._setup_equip(legal, infected)
        if phase in ("action", "extra") and read.stage() == "equip_more":  # Equip Done is legal
            return next(a for a in legal if a.kind == EQUIP_DONE)
        if phase == "discard":
            return self._lowest(legal)
        if phase == "infect":
            return legal[0]
        if phase in ("action", "extra"):
            return self._action(read, legal)
        if phase == "use":
            return self._use(read, legal)
        if phase == "react":
            return self._react(read, legal)
        if phase == "claim":
            return self._claim(read, legal)
        if phase == "place":
            return self._place(read, legal)
        if phase == "vote":
            return self._vote(read, legal)
        return legal[0]

    def _character(self, legal: Sequence[Action]) -> Action:
        names = [card_set().characters[int(a.args[0])].name for a in legal]
        for wanted in CHARACTER_PREFERENCE:
            if wanted in names:
                return legal[names.index(wanted)]
        return legal[0]

    def _setup_equip(self, legal: Sequence[Action], infected: bool) -> Action:
        value, effect, _, _ = _tables()
        face = 0 if infected else 1

        def score(a: Action) -> float:
            kind = _item(a)
            e = effect[kind]
            return value[kind] / 2 if e is None else GOOD_EQUIPS.get(e, 0)

        options = [a for a in legal if int(a.args[1]) == face]
        return max(options, key=score)

    def _lowest(self, legal: Sequence[Action]) -> Action:
        value = _tables()[0]
        return min(legal, key=lambda a: value[_item(a)] if a.args else math.inf)

    def _find(self, legal: Sequence[Action], kind: str) -> Action | None:
        return next((a for a in legal if a.kind == kind), None)

    def _needed(self, read: Reading) -> float:
        """The threat sum this seat expects when the threat ends (what its pile must reach)."""
        threat = read.threat()
        top = read.known_top()
        if threat and top is not None:
            last = threat[-1]
            return read.threat_sum() + top + (0.0 if top < last else _still_to_come(top))
        last = threat[-1] if threat else -1
        return read.threat_sum() + _still_to_come(last)

    def _action(self, read: Reading, legal: Sequence[Action]) -> Action:
        value = _tables()[0]
        infected = read.infected
        stage = read.stage() or "start"
        if stage == "destroy_target" or stage == "ability_target":
            targets = [a for a in legal]
            if infected:
                return choose(
                    self.rng.getrandbits, [a for a in targets if a.args[0] != self.seat] or targets
                )
            suspicion = read.suspicion()
            tests = read.tests()
            return max(targets, key=lambda a: (suspicion[int(a.args[0])], -self._tested(tests, a)))
        if stage == "leader_target":
            return choose(self.rng.getrandbits, legal)
        if stage in ("special_cost", "swap_second"):
            return self._lowest(legal)
        if stage in ("unequip", "special_unequip"):
            return legal[0]
        if stage == "give_more":
            return self._find(legal, "give_done") or legal[0]
        # the start of a choice
        kinds = by_kind(legal)
        if infected:
            return self._infected_action(read, legal, kinds)
        call = _first(kinds, CALL_DESTROY)
        if call is not None and self._suspect(read) >= self._call_threshold(read):
            return call
        hand = read.hand_values()
        pile = read.pile_value()
        needed = self._needed(read)
        ability = _first(kinds, ABILITY)
        if ability is not None and self._ability_now(read, len(hand)):
            return ability
        plays = kinds.get(PLAY, [])
        usable_plain = read.ready_plain_value()
        if plays and pile + usable_plain < needed:
            best = max(plays, key=lambda a: value[_item(a)])
            reach = pile + sum(sorted(hand, reverse=True)[:3]) + usable_plain
            if reach >= needed * 0.9 or pile > 0:
                return best
        wounds = read.wounds(self.seat)
        hitpoints = read.hitpoints()
        heal = _first(kinds, HEAL)
        if heal is not None and (wounds >= 2 or (hitpoints and wounds >= hitpoints - 1)):
            return heal
        equips = [a for a in kinds.get(EQUIP, ()) if int(a.args[1]) == 1]
        if equips and read.equipped_count() < 2:
            effect = _tables()[1]
            good = [a for a in equips if effect[_item(a)] in GOOD_EQUIPS]
            if good:
                return max(good, key=lambda a: GOOD_EQUIPS[effect[_item(a)] or ""])
            if len(hand) >= 5:
                return max(equips, key=lambda a: value[_item(a)])
        if len(hand) < 7:
            draw = _first(kinds, DRAW_TWO) or _first(kinds, DRAW)
            if draw is not None:
                return draw
        if plays:
            return max(plays, key=lambda a: value[_item(a)])
        return _first(kinds, PASS) or legal[0]

    def _tested(self, tests: list[tuple[int, str]], action: Action) -> int:
        return sum(1 for target, _ in tests if target == action.args[0])

    def _suspect(self, read: Reading) -> float:
        """How likely the most suspected seat that a vote can destroy is the infected: an
        exposed infected is out of the vote's reach, and with it known nobody else is
        infected, so a call would only spend the action."""
        suspicion = read.suspicion()
        return max(s for p, s in enumerate(suspicion) if not read.exposed(p))

    def _call_threshold(self, read: Reading) -> float:
        """Where one yes destroys the first call decides the game, and the infected calls at
        once: a clean seat that waits for evidence has already lost the deals where the other
        holds the virus, so an even chance is enough, as for the vote."""
        return 0.5 if _one_yes_destroys(read) else 0.8

    def _ability_now(self, read: Reading, hand: int) -> bool:
        ability = read.ability()
        if "Heal all" in ability:
            return read.wounds(self.seat) >= 3
        if "heals 1" in ability:
            return sum(read.wounds(p) for p in range(read.n)) >= 4
        if "blood sample test" in ability:
            return True
        if "top 3" in ability:
            return bool(read.threat())
        if "Draw 3" in ability:
            return hand <= 3
        if "second action" in ability:
            return bool(read.threat()) and hand >= 4
        if "next zombie card" in ability:
            return read.threat_sum() >= 8
        return False

    def _infected_action(
        self, read: Reading, legal: Sequence[Action], kinds: dict[str, list[Action]]
    ) -> Action:
        """Look like a human who is a little unlucky: commit cheap cards, hoard the good ones."""
        value = _tables()[0]
        hand = len(read.hand_values())
        zombify = _first(kinds, ZOMBIFY)
        if zombify is not None and self._exposure(read) >= 2:
            return zombify
        call = _first(kinds, CALL_DESTROY)
        # Where one yes destroys, the call is the game: its own yes destroys a clean seat.
        if call is not None and (_one_yes_destroys(read) or self.rng.random() < 0.05):
            return call
        plays = kinds.get(PLAY, [])
        pile = read.pile_value()
        needed = self._needed(read)
        if plays and pile < needed and (hand >= 5 or self.rng.random() < 0.5):
            ranked = sorted(plays, key=lambda a: value[_item(a)])
            return ranked[len(ranked) // 2]
        if hand < 7:
            draw = _first(kinds, DRAW_TWO) or _first(kinds, DRAW)
            if draw is not None:
                return draw
        if plays:
            return min(plays, key=lambda a: value[_item(a)])
        return _first(kinds, PASS) or legal[0]

    def _exposure(self, read: Reading) -> int:
        """How strongly the evidence points at this (infected) seat."""
        score = 0
        for target, shown in read.tests():
            if target == self.seat:
                score += 1 if shown == "virus" else -1
        return score + 2 * read.shown_fails(self.seat)

    def _use(self, read: Reading, legal: Sequence[Action]) -> Action:
        value, effect, _, _ = _tables()
        infected = read.infected
        if read.stage() == "test_target":
            others = [a for a in legal if a.args[0] != self.seat]
            if infected:
                return choose(self.rng.getrandbits, others or list(legal))
            # The least tested seat first; among those, the one that holds the Leader card
            # soonest, since only as Leader can an infected finish zombification.
            tests, leader, n = read.tests(), read.leader(), read.n
            return min(
                others or list(legal),
                key=lambda a: (self._tested(tests, a), (int(a.args[0]) - leader - 1) % n),
            )
        none = self._find(legal, "use_none")
        pile = read.pile_value()
        threat = read.threat()
        resolving = len(threat) >= 2 and threat[-1] < threat[-2]
        wounds = read.wounds(self.seat)
        for a in legal:
            if a.kind != USE:
                continue
            kind = _item(a)
            e = effect[kind]
            if e in ("heal3", "heal2") and wounds >= 2:
                return a
            if e == "heal1" and wounds >= 1:
                return a
            if e == "stash" and not infected and self._stash_now(read, kind):
                return a
            if e == "rally" and not infected and len(read.hand_values()) <= 4:
                return a
            if e == "blood_test" and not infected:
                return a
            if e == "blood_test" and infected and self.rng.random() < 0.5:
                return a
            if e in ("scout", "draw2") and len(read.hand_values()) < 6:
                return a
            if e is None and not infected:
                target = read.threat_sum() if resolving else self._needed(read)
                if pile < target and pile + value[kind] >= read.threat_sum() * 0.8:
                    return a
        return none or legal[0]

    def _stash_now(self, read: Reading, kind: int) -> bool:
        """Stash an item while its resource pile is short and a wound is affordable (a wound
        drains the zombie deck and feeds the threats that hurt the wounded)."""
        resource = _tables()[2][kind]
        needed = 1 if read.n == 1 else read.n
        hitpoints = read.hitpoints() or 3
        return read.resources()[resource] < needed and read.wounds(self.seat) < hitpoints - 1

    def _react(self, read: Reading, legal: Sequence[Action]) -> Action:
        none = self._find(legal, "react_none") or legal[-1]
        threat = read.threat()
        new = threat[-1]
        covers = [a for a in legal if a.kind == COVER]
        if covers:
            values = {a: card_set().zombie_kinds[int(a.args[0])].value for a in covers}
            if len(threat) >= 2:
                prev = threat[-2]
                keep_going = [a for a in covers if values[a] >= prev]
                if new < prev and keep_going:
                    return max(keep_going, key=lambda a: values[a])
            big = max(covers, key=lambda a: values[a])
            if values[big] > new + 3 and len(threat) == 1:
                return big
            return none
        if read.infected:
            return none
        for a in legal:
            if a.kind != REACT:
                continue
            e = _tables()[1][_item(a)]
            if e == "block" and read.threat_has_effect():
                return a
            if e == "distract" and new >= 7:
                return a
            if e == "suppress" and self._suppress_now(read, threat):
                return a
        return none

    def _suppress_now(self, read: Reading, threat: list[int]) -> bool:
        """Suppress a big card, or one that suppressed ends the threat while this seat's pile
        covers what the threat then sums to."""
        new = threat[-1]
        if new >= 7:
            return True
        if len(threat) < 2 or new < threat[-2]:
            return False
        return new - 3 < threat[-2] and read.pile_value() >= read.threat_sum() - min(new, 3)

    def _claim(self, read: Reading, legal: Sequence[Action]) -> Action:
        success, fail, show = legal
        pile = read.pile_value()
        total = read.threat_sum()
        if not read.infected:
            return success if pile >= total else fail
        exposure = self._exposure(read)
        if exposure >= 2 and sum(read.resources().values()) >= 3:
            return show
        if pile >= total and self._fail_is_safe(read):
            return fail
        return success if pile >= total else fail

    def _fail_is_safe(self, read: Reading) -> bool:
        """A false fail is safe when the threat is big and this seat fails no more than others."""
        if read.threat_sum() < 10 or self._exposure(read) > 0:
            return False
        fails = read.fail_claims()
        others = [f for p, f in enumerate(fails) if p != self.seat]
        return fails[self.seat] <= min(others, default=0)

    def _place(self, read: Reading, legal: Sequence[Action]) -> Action:
        resource = _tables()[2]
        places = [a for a in legal if a.kind == PLACE]
        if not places:
            return legal[0]
        counts = read.resources()
        key = lambda a: counts[resource[_item(a)]]  # noqa: E731
        return max(places, key=key) if read.infected else min(places, key=key)

    def _vote(self, read: Reading, legal: Sequence[Action]) -> Action:
        yes, no = legal
        kind, target = read.vote()
        infected = read.infected
        if kind == "leader":
            if infected:
                return yes if target == self.seat else no
            suspicion = read.suspicion()
            return yes if suspicion[target] <= min(suspicion) + 0.05 else no
        if infected:
            return no if target == self.seat else yes
        if target == self.seat:
            return no
        suspicion = read.suspicion()
        return (
            yes
            if suspicion[target] >= self._vote_threshold(read)
            and suspicion[target] >= max(suspicion)
            else no
        )

    def _vote_threshold(self, read: Reading) -> float:
        """Where one yes destroys, a vote on the other is the game: destroying a clean survivor
        loses it, sparing the infected loses it too (it calls next), so an even chance is
        enough."""
        return 0.5 if _one_yes_destroys(read) else 0.6


def _one_yes_destroys(read: Reading) -> bool:
    """Whether a destroy vote passes on the caller's own yes (the rulebook: with two players)."""
    return VOTES_TO_DESTROY.get(read.n, read.n) == 1


__all__ = ["RESOURCES", "InfectedBot"]

own_abc_caches(globals())
