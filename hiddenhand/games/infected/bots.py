"""The heuristic bot: plays whichever side its seat is on, from its own view and log only.

As a human it commits items when the threat is likely to stop, heals, tests blood samples and
votes on evidence (blood tests, shown fails, fail claims). As the hidden infected it claims fail
falsely when that is safe, hoards cards, takes needless wounds (failing costs one and every
wound drains the zombie deck) and votes to destroy humans; exposed, it keeps threats going.
Option `human=random` makes the seat play at random while it is human (for comparisons).
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from functools import cache
from typing import TYPE_CHECKING, Any, ClassVar

from hiddenhand.bots.base import Bot, Turn
from hiddenhand.bots.options import BotOption
from hiddenhand.engine.actions import Action
from hiddenhand.engine.errors import OptionError
from hiddenhand.games.infected.cards import RESOURCES, CardSet, card_set
from hiddenhand.games.infected.evidence import evidence_weights
from hiddenhand.games.infected.views import LazyView

if TYPE_CHECKING:
    from hiddenhand.engine.state import State
    from hiddenhand.games.infected.rules import InfectedState

GOOD_EQUIPS = {"heal3": 5, "blood_test": 4, "block": 4, "scout": 3, "draw2": 3, "distract": 2}
CHARACTER_PREFERENCE = ("Nurse", "Redneck", "Veteran", "Quartermaster", "Ranger", "Scientist")


@cache
def _tables() -> tuple[dict[str, int], dict[str, str | None], dict[str, str], list[int]]:
    cards: CardSet = card_set()
    value = {k.name: k.value for k in cards.item_kinds}
    effect = {k.name: k.effect for k in cards.item_kinds}
    resource = {k.name: k.resource for k in cards.item_kinds}
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


def _item(action: Action) -> str:
    """The card name in an action text such as 'play a Chainsaw to your challenge pile'."""
    return card_set().item_kinds[int(action.args[0])].name


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

    # -- reading the table --------------------------------------------------------------------

    def _infected(self, view: Mapping[str, Any]) -> bool:
        sample = view["players"][self.seat]["blood_sample"]
        return bool(sample) and "virus" in sample

    def _suspicion(self, view: Mapping[str, Any]) -> list[float]:
        """Probability, as this seat judges it, that each other seat is the infected."""
        if isinstance(view, LazyView):
            return self._suspicion_in(view.world)
        players = view["players"]
        n = len(players)
        if not view["blood_samples_used"] or self._infected(view):
            return [0.0] * n
        weights = evidence_weights(
            n,
            ((t["target"], t["shown"]) for t in view["tests"]),
            [p["shown_fails"] for p in players],
            [p["fail_claims"] for p in players],
            [p["shown_claims"] for p in players],
        )
        weights[self.seat] = 0.0
        for p, player in enumerate(players):
            if player["blood_sample"] is not None and p != self.seat:
                weights[p] = 1e6 if "virus" in player["blood_sample"] else 0.0
        none_weight = 0.6 if view["variant"] != "standard" or n == 2 else 0.0
        total = sum(weights) + none_weight
        return [w / total for w in weights]

    def _suspicion_in(self, world: InfectedState) -> list[float]:
        """`_suspicion` of the seat's view of a world, read from the world: the same fields
        (the evidence counts, the tests, the blood samples the seat sees)."""
        n, seat = world.n, self.seat
        samples = world.samples
        own = samples[seat]
        if world.variant == "cooperative" or (own and "virus" in own):
            return [0.0] * n
        weights = evidence_weights(
            n,
            ((target, shown) for _, target, shown in world.tests),
            world.shown_fails,
            world.fail_claims,
            world.shown_claims,
        )
        weights[seat] = 0.0
        over, up = world.result is not None, world.samples_up
        for p in range(n):
            if p != seat and (over or up[p]) and samples[p]:
                weights[p] = 1e6 if "virus" in samples[p] else 0.0
        none_weight = 0.6 if world.variant != "standard" or n == 2 else 0.0
        total = sum(weights) + none_weight
        return [w / total for w in weights]

    def _pile_value(self, view: Mapping[str, Any]) -> int:
        value = _tables()[0]
        return sum(value[c] for c in view["me"]["pile"])

    def _next_card(self, view: Mapping[str, Any]) -> tuple[float, float, float]:
        """(chance the next zombie card ends the threat, its mean value, mean if it ends)."""
        top = view["me"]["zombie_deck_top"]
        threat = view["threat"]
        last = threat[-1]["counts"] if threat else None
        values = [top[0]["value"]] if top else _tables()[3]
        if last is None or len(threat) == 0:
            return 0.0, sum(values) / len(values), 0.0
        lower = [v for v in values if v < last]
        p_end = len(lower) / len(values)
        mean_end = sum(lower) / len(lower) if lower else 0.0
        return p_end, sum(values) / len(values), mean_end

    def _needed(self, view: Mapping[str, Any]) -> float:
        """The threat sum this seat expects when the threat ends (what its pile must reach)."""
        threat = view["threat"]
        top = view["me"]["zombie_deck_top"]
        if threat and top:
            v = top[0]["value"]
            last = threat[-1]["counts"]
            return view["threat_sum"] + v + (0.0 if v < last else _still_to_come(v))
        last = threat[-1]["counts"] if threat else -1
        return view["threat_sum"] + _still_to_come(last)

    # -- deciding ---------------------------------------------------------------------------

    def decide_in(self, world: State, seat: int, legal: Sequence[Action]) -> Action:
        """As `decide` from the seat's view, built lazily: only the fields it reads."""
        if len(legal) == 1:
            return legal[0]
        state: InfectedState = world  # type: ignore[assignment]
        sample = state.samples[seat]  # what the view's own blood sample shows
        return self._decide(legal, LazyView(state, seat), bool(sample) and "virus" in sample)

    def decide(self, turn: Turn) -> Action:
        if len(turn.legal) == 1:
            return turn.legal[0]
        assert turn.view is not None
        return self._decide(turn.legal, turn.view, self._infected(turn.view))

    def _decide(self, legal: Sequence[Action], view: Mapping[str, Any], infected: bool) -> Action:
        if self.random_human and not infected:
            return self.rng.choice(legal)
        kinds = {a.kind for a in legal}
        phase = view["phase"]
        if "character" in kinds:
            return self._character(legal)
        if phase == "setup" or (phase in ("action", "extra") and "equip_done" in kinds):
            if phase == "setup":
                return self._setup_equip(legal, infected)
            return next(a for a in legal if a.kind == "equip_done")
        if phase == "discard":
            return self._lowest(legal)
        if phase == "infect":
            return legal[0]
        if phase in ("action", "extra"):
            return self._action(view, legal, kinds, infected)
        if phase == "use":
            return self._use(view, legal, infected)
        if phase == "react":
            return self._react(view, legal, infected)
        if phase == "claim":
            return self._claim(view, legal, infected)
        if phase == "place":
            return self._place(view, legal, infected)
        if phase == "vote":
            return self._vote(view, legal, infected)
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
            name = _item(a)
            e = effect[name]
            return value[name] / 2 if e is None else GOOD_EQUIPS.get(e, 0)

        options = [a for a in legal if int(a.args[1]) == face]
        return max(options, key=score)

    def _lowest(self, legal: Sequence[Action]) -> Action:
        value = _tables()[0]
        return min(legal, key=lambda a: value[_item(a)] if a.args else math.inf)

    def _find(self, legal: Sequence[Action], kind: str) -> Action | None:
        return next((a for a in legal if a.kind == kind), None)

    def _action(
        self,
        view: Mapping[str, Any],
        legal: Sequence[Action],
        kinds: set[str],
        infected: bool,
    ) -> Action:
        value, effect, _, _ = _tables()
        me = view["players"][self.seat]
        stage = view["me"]["choice"]["stage"] if view["me"]["choice"] else "start"
        if stage == "destroy_target" or stage == "ability_target":
            targets = [a for a in legal]
            if infected:
                return self.rng.choice([a for a in targets if a.args[0] != self.seat] or targets)
            suspicion = self._suspicion(view)
            return max(targets, key=lambda a: (suspicion[int(a.args[0])], -self._tested(view, a)))
        if stage == "leader_target":
            return self.rng.choice(legal)
        if stage in ("special_cost", "swap_second"):
            return self._lowest(legal)
        if stage in ("unequip", "special_unequip"):
            return legal[0]
        if stage == "give_more":
            return self._find(legal, "give_done") or legal[0]
        # the start of a choice
        if infected:
            return self._infected_action(view, legal, kinds)
        suspicion = self._suspicion(view)
        if "call_destroy" in kinds and max(suspicion) >= self._call_threshold(view):
            return self._find(legal, "call_destroy") or legal[0]
        hand = view["me"]["hand"]
        pile = self._pile_value(view)
        needed = self._needed(view)
        ability = self._find(legal, "ability")
        if ability is not None and self._ability_now(view, me, hand):
            return ability
        plays = [a for a in legal if a.kind == "play"]
        usable_plain = sum(
            value[e["item"]]
            for e in me["equipped"]
            if e["item"] and effect[e["item"]] is None and not e["fresh"]
        )
        if plays and pile + usable_plain < needed:
            best = max(plays, key=lambda a: value[_item(a)])
            reach = pile + sum(sorted((value[c] for c in hand), reverse=True)[:3]) + usable_plain
            if reach >= needed * 0.9 or pile > 0:
                return best
        wounds = me["wounds"]
        heal = self._find(legal, "heal")
        if heal is not None and (
            wounds >= 2 or (me["hitpoints"] and wounds >= me["hitpoints"] - 1)
        ):
            return heal
        equips = [a for a in legal if a.kind == "equip" and int(a.args[1]) == 1]
        if equips and len(me["equipped"]) < 2:
            good = [a for a in equips if effect[_item(a)] in GOOD_EQUIPS]
            if good:
                return max(good, key=lambda a: GOOD_EQUIPS[effect[_item(a)] or ""])
            if len(hand) >= 5:
                return max(equips, key=lambda a: value[_item(a)])
        if len(hand) < 7:
            draw = self._find(legal, "draw2") or self._find(legal, "draw")
            if draw is not None:
                return draw
        if plays:
            return max(plays, key=lambda a: value[_item(a)])
        return self._find(legal, "pass") or legal[0]

    def _tested(self, view: Mapping[str, Any], action: Action) -> int:
        return sum(1 for t in view["tests"] if t["target"] == action.args[0])

    def _call_threshold(self, view: Mapping[str, Any]) -> float:
        return 0.8 if len(view["players"]) > 2 else 0.85

    def _ability_now(self, view: Mapping[str, Any], me: Mapping[str, Any], hand: list[str]) -> bool:
        ability = me["ability"] or ""
        if "Heal all" in ability:
            return me["wounds"] >= 3
        if "heals 1" in ability:
            return sum(p["wounds"] for p in view["players"]) >= 4
        if "blood sample test" in ability:
            return True
        if "top 3" in ability:
            return bool(view["threat"])
        if "Draw 3" in ability:
            return len(hand) <= 3
        if "second action" in ability:
            return bool(view["threat"]) and len(hand) >= 4
        if "next zombie card" in ability:
            return view["threat_sum"] >= 8
        return False

    def _infected_action(
        self, view: Mapping[str, Any], legal: Sequence[Action], kinds: set[str]
    ) -> Action:
        """Look like a human who is a little unlucky: commit cheap cards, hoard the good ones."""
        value = _tables()[0]
        hand = view["me"]["hand"]
        zombify = self._find(legal, "zombify")
        if zombify is not None and self._exposure(view) >= 2:
            return zombify
        if "call_destroy" in kinds and self.rng.random() < 0.05:
            return self._find(legal, "call_destroy") or legal[0]
        plays = [a for a in legal if a.kind == "play"]
        pile = self._pile_value(view)
        needed = self._needed(view)
        if plays and pile < needed and (len(hand) >= 5 or self.rng.random() < 0.5):
            ranked = sorted(plays, key=lambda a: value[_item(a)])
            return ranked[len(ranked) // 2]
        if len(hand) < 7:
            draw = self._find(legal, "draw2") or self._find(legal, "draw")
            if draw is not None:
                return draw
        if plays:
            return min(plays, key=lambda a: value[_item(a)])
        return self._find(legal, "pass") or legal[0]

    def _exposure(self, view: Mapping[str, Any]) -> int:
        """How strongly the evidence points at this (infected) seat."""
        score = 0
        for test in view["tests"]:
            if test["target"] == self.seat:
                score += 1 if test["shown"] == "virus" else -1
        return score + 2 * view["players"][self.seat]["shown_fails"]

    def _use(self, view: Mapping[str, Any], legal: Sequence[Action], infected: bool) -> Action:
        value, effect, _, _ = _tables()
        me = view["players"][self.seat]
        if view["me"]["choice"] and view["me"]["choice"]["stage"] == "test_target":
            if infected:
                others = [a for a in legal if a.args[0] != self.seat]
                return self.rng.choice(others or list(legal))
            suspicion = self._suspicion(view)
            others = [a for a in legal if a.args[0] != self.seat]
            return min(
                others or list(legal),
                key=lambda a: (self._tested(view, a), -suspicion[int(a.args[0])]),
            )
        none = self._find(legal, "use_none")
        pile = self._pile_value(view)
        resolving = view["threat"] and (
            len(view["threat"]) >= 2 and view["threat"][-1]["counts"] < view["threat"][-2]["counts"]
        )
        for a in legal:
            if a.kind != "use":
                continue
            name = _item(a)
            e = effect[name]
            if e == "heal3" and me["wounds"] >= 2:
                return a
            if e == "heal1" and me["wounds"] >= 1:
                return a
            if e == "blood_test" and not infected:
                return a
            if e == "blood_test" and infected and self.rng.random() < 0.5:
                return a
            if e in ("scout", "draw2") and len(view["me"]["hand"]) < 6:
                return a
            if e is None and not infected:
                target = view["threat_sum"] if resolving else self._needed(view)
                if pile < target and pile + value[name] >= view["threat_sum"] * 0.8:
                    return a
        return none or legal[0]

    def _react(self, view: Mapping[str, Any], legal: Sequence[Action], infected: bool) -> Action:
        none = self._find(legal, "react_none") or legal[-1]
        threat = view["threat"]
        new = threat[-1]
        covers = [a for a in legal if a.kind == "cover"]
        if covers:
            values = {a: card_set().zombie_kinds[int(a.args[0])].value for a in covers}
            if len(threat) >= 2:
                prev = threat[-2]["counts"]
                keep_going = [a for a in covers if values[a] >= prev]
                if new["counts"] < prev and keep_going:
                    return max(keep_going, key=lambda a: values[a])
            big = max(covers, key=lambda a: values[a])
            if values[big] > new["counts"] + 3 and len(threat) == 1:
                return big
            return none
        if infected:
            return none
        for a in legal:
            if a.kind != "react":
                continue
            e = _tables()[1][_item(a)]
            if e == "block" and new["text"] != "No effect.":
                return a
            if e == "distract" and new["counts"] >= 7:
                return a
        return none

    def _claim(self, view: Mapping[str, Any], legal: Sequence[Action], infected: bool) -> Action:
        success, fail, show = legal
        pile = self._pile_value(view)
        total = view["threat_sum"]
        if not infected:
            return success if pile >= total else fail
        exposure = self._exposure(view)
        if exposure >= 2 and sum(view["resources"].values()) >= 3:
            return show
        if pile >= total and self._fail_is_safe(view):
            return fail
        return success if pile >= total else fail

    def _fail_is_safe(self, view: Mapping[str, Any]) -> bool:
        """A false fail is safe when the threat is big and this seat fails no more than others."""
        if view["threat_sum"] < 10 or self._exposure(view) > 0:
            return False
        fails = [p["fail_claims"] for p in view["players"]]
        others = [f for p, f in enumerate(fails) if p != self.seat]
        return fails[self.seat] <= min(others, default=0)

    def _place(self, view: Mapping[str, Any], legal: Sequence[Action], infected: bool) -> Action:
        resource = _tables()[2]
        counts = view["resources"]
        places = [a for a in legal if a.kind == "place"]
        if not places:
            return legal[0]
        key = lambda a: counts[resource[_item(a)]]  # noqa: E731
        return max(places, key=key) if infected else min(places, key=key)

    def _vote(self, view: Mapping[str, Any], legal: Sequence[Action], infected: bool) -> Action:
        yes, no = legal
        vote = view["vote"]
        target = vote["target"]
        if vote["kind"] == "leader":
            if infected:
                return yes if target == self.seat else no
            suspicion = self._suspicion(view)
            return yes if suspicion[target] <= min(suspicion) + 0.05 else no
        if infected:
            return no if target == self.seat else yes
        if target == self.seat:
            return no
        suspicion = self._suspicion(view)
        return yes if suspicion[target] >= 0.6 and suspicion[target] >= max(suspicion) else no


__all__ = ["RESOURCES", "InfectedBot"]
