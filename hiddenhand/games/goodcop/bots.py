"""A heuristic Good Cop Bad Cop player that reads only its own view and log (or, in a search's
rollouts, a determinized world read as its own view would show it).

It looks for the opposing leader: it investigates the players most likely to hold that card
(those with the most cards it has not seen, weighted by how hostile they have been to its team),
arms once it knows (or strongly suspects) where the leader is, aims there and shoots. It never
shoots its own leader or a known teammate, turns its gun on whoever threatens its leader, and
plays equipment when it helps: Riot Shield and Restraining Order to save its leader, Med Kit and
Defibrillator for its team, Disguise to hide its leader, information cards to find the enemy.

With zombies on: a zombie aims its Arms at the leader it suspects most and bites; the Infector's
holder keeps its Infector card hidden (never reveals it to pay for Arm or Equip); everyone else
sees zombies as enemies and, where investigating infects (`infect`), prefers cards that already
carry a token and leaves its friends' cards alone.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from functools import partial
from typing import TYPE_CHECKING, Any, ClassVar

from mypy_extensions import mypyc_attr

from hiddenhand.bots.base import Bot, Turn
from hiddenhand.bots.options import BotOption
from hiddenhand.engine import Action
from hiddenhand.engine.actions import by_kind
from hiddenhand.engine.seeding import choose
from hiddenhand.games.goodcop.actions import (
    AIM_AT,
    ARM,
    BITE,
    CHOOSE_CARD,
    CHOOSE_PLAYER,
    DISCARD,
    EQUIP,
    INFECT,
    INVESTIGATE,
    LAY_DOWN,
    PASS,
    PLAY,
    REVEAL_CARD,
    SHOOT,
)
from hiddenhand.games.goodcop.cards import KIND_NAMES, TEAM_NAMES
from hiddenhand.games.goodcop.phases import ACTION, AIM, ORDER, SHOOTING, UNARMED, WINDOWS
from hiddenhand.games.goodcop.zombie_rules import ZombieGoodCop
from hiddenhand.native import own_abc_caches

if TYPE_CHECKING:
    from hiddenhand.engine.state import State
    from hiddenhand.games.goodcop.rules import GoodCop

# How much a card in hand is worth keeping when the hand is over the limit.
_KEEP = {
    "Riot Shield": 9,
    "Restraining Order": 8,
    "Med Kit": 7,
    "Coffee": 6,
    "Taser": 6,
    "K-9 Unit": 6,
    "Defibrillator": 5,
    "Truth Serum": 5,
    "Wiretap": 5,
    "Metal Detector": 4,
    "Polygraph": 4,
    "Disguise": 4,
    "Walkie Talkie": 4,
    "Surveillance Camera": 3,
    "Planted Evidence": 2,
    "Evidence Bag": 2,
    "Blackmail": 1,
    "Smoke Grenade": 1,
}


class _Read(ABC):
    """What the bot makes of the table: teams, leaders, suspects, threats.

    Built from its view (`of_view`) or, in a search's rollouts, from a determinized world read
    as its seat sees it (`of_world`: the same fields `views.view` shows, without building the
    view); the rest reads only these fields:
    `faces(p)[slot]` (the card's name where the seat knows it, else None), `hidden_faces(p)`,
    `alive`, `zombies`, `aims` (as the view's `aim`), `armed` (as the view's `armed`), the
    table's `phase` label, `turn`, `resolving` ((card, chooser) or None), `shot` ((shooter,
    target) or None), `guns` (in the centre) and `zmode` (the Zombies design, None when off).
    """

    seat: int
    player_count: int
    team: str
    alive: Sequence[bool]
    zombies: Sequence[bool]
    aims: list[int | None]
    armed: list[bool]
    phase: str
    turn: int
    resolving: tuple[str, int] | None
    shot: tuple[int, int] | None
    guns: int
    zmode: str | None

    @classmethod
    def of_view(cls, view: Mapping[str, Any], seat: int, hostility: Sequence[float]) -> _Read:
        return _ViewRead(view, seat, hostility)

    @classmethod
    def of_world(cls, world: GoodCop, seat: int, hostility: Sequence[float]) -> _Read:
        return _WorldRead(world, seat, hostility)

    def _settle(self, hostility: Sequence[float]) -> None:
        """What follows from the fields: leaders found, suspicion."""
        self.zombie_team = self.team == "zombie"
        self.enemy_leader_card = "kingpin" if self.team == "honest" else "agent"
        self.my_leader_card = "agent" if self.team == "honest" else "kingpin"
        self.enemy_leader = self._find(self.enemy_leader_card)
        self.my_leader = self._find(self.my_leader_card)
        if self.zombie_team:  # both leaders are prey; none is ours
            self.my_leader = -1
            for card in ("agent", "kingpin"):
                found = self._find(card)
                if found >= 0 and not self.zombies[found]:
                    self.enemy_leader = found
                    break
        self.hostility = hostility
        self._suspected: list[float] | None = None

    @property
    def suspicion(self) -> list[float]:
        """Chance-like weight that each player holds the opposing leader card (worked out when
        first asked: many decisions never ask)."""
        suspected = self._suspected
        if suspected is None:
            suspected = self._suspected = self._suspicion()
        return suspected

    # -- what each source tells --------------------------------------------------------------

    def _find(self, card: str) -> int:
        """The seat known to hold this card, or -1."""
        for p in range(self.player_count):
            if card in self.faces(p):
                return p
        return -1

    @abstractmethod
    def has_front(self, p: int, title: str) -> bool:
        """Whether this staying equipment lies in front of p."""

    @abstractmethod
    def faces(self, p: int) -> list[str | None]:
        """What the bot knows of p's cards, left to right: names, None where it does not."""

    @abstractmethod
    def hidden_faces(self, p: int) -> list[str | None]:
        """What the bot knows of p's cards that are not revealed, left to right."""

    @abstractmethod
    def wounded(self, p: int) -> bool:
        """Whether one of p's cards carries a Wounded token."""

    @abstractmethod
    def infected(self, p: int, slot: int) -> bool:
        """Whether an infection token lies on this card (False with zombies off)."""

    # -- what the bot makes of them ----------------------------------------------------------

    def unseen(self, p: int) -> list[int]:
        """Slots of p's hidden cards the bot has not seen (a revealed card is seen)."""
        return [s for s, face in enumerate(self.faces(p)) if face is None]

    def _suspicion(self) -> list[float]:
        """Chance-like weight that each player holds the opposing leader card."""
        out = [0.0] * self.player_count
        if self.enemy_leader >= 0:
            out[self.enemy_leader] = 1.0
            return out
        for p in range(self.player_count):
            if p == self.seat or not self.alive[p] or p == self.my_leader or self.zombies[p]:
                continue
            out[p] = len(self.unseen(p)) * (1.0 + self.hostility[p])
        total = sum(out)
        return [w / total for w in out] if total else out

    def team_guess(self, p: int) -> str | None:
        """The team p seems to be on, from the cards the bot knows (None: no idea)."""
        if p == self.seat:
            return self.team
        if self.zombies[p]:
            return "zombie"
        known = [c for c in self.faces(p) if c is not None]
        if "infector" in known:
            return "zombie"
        if "agent" in known:
            return "honest"
        if "kingpin" in known:
            return "crooked"
        honest = known.count("honest") - known.count("crooked")
        if self.has_front(p, "Planted Evidence"):
            honest = -honest
        if len(known) == 3 or abs(honest) >= 2:
            return "honest" if honest > 0 else "crooked"
        return None

    def friend(self, p: int) -> bool:
        if self.zombie_team:
            return self.zombies[p] or p == self.seat
        return p == self.my_leader or self.team_guess(p) == self.team

    def protected(self) -> int:
        """The leader the bot defends: itself if it is one, else its located leader."""
        if self.my_leader_card in self.faces(self.seat):
            return self.seat
        return self.my_leader

    def threats(self) -> list[int]:
        """Armed players aiming at the leader the bot defends."""
        guarded = self.protected()
        if guarded < 0:
            return []
        alive, aims = self.alive, self.aims
        return [
            p
            for p in range(self.player_count)
            if alive[p] and aims[p] == guarded and p != self.seat and not self.friend(p)
        ]

    def best_target(self) -> int:
        """Whom to aim at: the opposing leader, a threat to our leader, or the top suspect."""
        if self.enemy_leader >= 0 and self.alive[self.enemy_leader]:
            return self.enemy_leader
        threats = self.threats()
        if threats:
            return threats[0]
        ranked = sorted(
            (
                p
                for p in range(self.player_count)
                if p != self.seat and self.alive[p] and not self.friend(p)
            ),
            key=lambda p: (-self.suspicion[p], self.zombies[p]),
        )
        if ranked:
            return ranked[0]
        others = [p for p in range(self.player_count) if p != self.seat and self.alive[p]]
        return others[0] if others else self.seat


class _ViewRead(_Read):
    """The table as the seat's view shows it."""

    def __init__(self, view: Mapping[str, Any], seat: int, hostility: Sequence[float]) -> None:
        self.view = view
        self.seat = seat
        self.players: list[Mapping[str, Any]] = view["players"]
        self.player_count = len(self.players)
        self.team = view["team"] or "honest"
        self.rows = [[c["card"] for c in p["cards"]] for p in self.players]
        self.revealed = [[c["revealed"] for c in p["cards"]] for p in self.players]
        self.alive = [bool(p["alive"]) for p in self.players]
        self.zombies = [bool(p.get("zombie")) for p in self.players]
        self.aims = [p["aim"] for p in self.players]
        self.armed = [bool(p["armed"]) for p in self.players]
        self.phase = view["phase"]
        self.turn = view["turn"]
        resolving, shot = view["resolving"], view["shot"]
        self.resolving = None if resolving is None else (resolving["card"], resolving["by"])
        self.shot = None if shot is None else (shot["shooter"], shot["target"])
        self.guns = view["guns_in_centre"]
        self.zmode = view.get("zombies")
        self._settle(hostility)

    def has_front(self, p: int, title: str) -> bool:
        return title in self.players[p]["front"]

    def hidden_faces(self, p: int) -> list[str | None]:
        revealed = self.revealed[p]
        return [c for s, c in enumerate(self.rows[p]) if not revealed[s]]

    def faces(self, p: int) -> list[str | None]:
        return self.rows[p]

    def wounded(self, p: int) -> bool:
        return any(c["wounded"] for c in self.players[p]["cards"])

    def infected(self, p: int, slot: int) -> bool:
        return bool(self.players[p]["cards"][slot].get("infected"))


class _WorldRead(_Read):
    """A determinized world as `views.view(world, seat)` would show it, read field by field."""

    def __init__(self, state: GoodCop, seat: int, hostility: Sequence[float]) -> None:
        self.state = state
        self.seat = seat
        self.player_count = n = state.player_count
        over = state.result is not None
        up = state.face_up
        known = -1 if over else state.known[seat] | up
        self.team = TEAM_NAMES[state.teams[seat]]
        self.known = known
        self.rows: list[list[str | None] | None] = [None] * n
        self.alive = state.alive
        self.z = z = state if isinstance(state, ZombieGoodCop) else None
        self.zombies = z.zombie if z is not None else [False] * n
        aim = state.aim
        self.aims = [a if a != UNARMED and a != p else None for p, a in enumerate(aim)]
        if z is not None:
            zombie = z.zombie
            self.armed = [not zombie[p] and aim[p] != UNARMED for p in range(n)]
        else:
            self.armed = [a != UNARMED for a in aim]
        self.phase = str(state.phase)
        self.turn = state.turn
        task = state.task
        self.resolving = None if task is None else (state.card_table.names[task.card], task.chooser)
        target = state.shot_target
        self.shot = (state.turn, target) if state.phase == SHOOTING and target >= 0 else None
        self.guns = state.guns
        self.zmode = z.design.name if z is not None else None
        self._settle(hostility)

    def _find(self, card: str) -> int:
        state = self.state
        leader = state.agent if card == "agent" else state.kingpin if card == "kingpin" else -1
        if leader < 0:
            return super()._find(card)
        owner = state.owner[leader]
        return owner if owner >= 0 and self.known >> leader & 1 else -1

    def has_front(self, p: int, title: str) -> bool:
        state = self.state
        return state.placed[state.card_table.by_title[title]] == p

    def hidden_faces(self, p: int) -> list[str | None]:
        up = self.state.face_up
        return [
            f for c, f in zip(self.state.cards[p], self.faces(p), strict=True) if not up >> c & 1
        ]

    def faces(self, p: int) -> list[str | None]:
        row = self.rows[p]
        if row is None:
            known, kind = self.known, self.state.card_kinds
            row = self.rows[p] = [
                KIND_NAMES[kind[c]] if known >> c & 1 else None for c in self.state.cards[p]
            ]
        return row

    def wounded(self, p: int) -> bool:
        wounded = self.state.wounded
        return any(wounded >> c & 1 for c in self.state.cards[p])

    def infected(self, p: int, slot: int) -> bool:
        z = self.z
        return z is not None and bool(z.infected_cards >> self.state.cards[p][slot] & 1)


@mypyc_attr(native_class=False)  # compiled methods; it still pickles to and from bot processes
class HeuristicBot(Bot):
    """Finds the opposing leader, shoots it, guards its own; see the module docstring."""

    name: ClassVar[str] = "heuristic"
    uses_view: ClassVar[bool] = True
    decides_in_world: ClassVar[bool] = True
    options: ClassVar[tuple[BotOption, ...]] = (
        BotOption("shoot_at", float, 0, 1, help="suspicion at which the bot shoots"),
    )

    def __init__(self, seat: int, seed: int = 0, shoot_at: str | float = "0.5") -> None:
        super().__init__(seat, seed)
        self.shoot_at = float(shoot_at)
        self.hostility: list[float] = []
        self.looked: dict[tuple[int, int], int] = {}
        """How often others have investigated each card (player, slot), from the public log:
        what they saw is theirs, and a card nobody has looked at tells the table more."""
        self._seen = 0

    # -- memory -----------------------------------------------------------------------------

    def _remember(self, turn: Turn, read_team: str | None) -> None:
        """Who has shot or aimed at players the bot believes to be on its team."""
        if not self.hostility:
            self.hostility = [0.0] * len(turn.players)
        assert turn.view is not None
        players = turn.view["players"]
        for event in turn.log[self._seen :]:
            data = event.data
            if event.kind == "investigate" and data.get("seat") != self.seat:
                card = (int(data["target"]), int(data["slot"]))
                self.looked[card] = self.looked.get(card, 0) + 1
            if event.kind not in ("shot", "aim"):
                continue
            actor = data.get("shooter", data.get("seat"))
            target = data.get("target")
            if not isinstance(actor, int) or not isinstance(target, int) or actor == self.seat:
                continue
            if target == self.seat or self._looks_like(players[target], read_team):
                self.hostility[actor] += 1.0 if event.kind == "shot" else 0.5
        self._seen = len(turn.log)

    @staticmethod
    def _looks_like(info: Mapping[str, Any], team: str | None) -> bool:
        known = [c["card"] for c in info["cards"] if c["card"] is not None]
        mine = "honest" if team == "honest" else "crooked"
        leader = "agent" if team == "honest" else "kingpin"
        return leader in known or known.count(mine) >= 2

    # -- deciding ---------------------------------------------------------------------------

    def decide(self, turn: Turn) -> Action:
        view = turn.view
        assert view is not None
        self._remember(turn, view["team"])
        return _decide(self, _Read.of_view(view, self.seat, self.hostility), turn.legal)

    def decide_in(self, world: State, seat: int, legal: Sequence[Action]) -> Action:
        """As `decide` from the seat's view of this world and an empty log."""
        if not self.hostility:
            self.hostility = [0.0] * len(world.players)
        game: GoodCop = world  # type: ignore[assignment]
        # Two answers `_decide` gives without reading the table (and with the same draws),
        # so a rollout does not read it: laying cards down, and a window with nothing to play.
        if game.phase == ORDER:
            return choose(self.rng.getrandbits, legal)
        if len(legal) == 1 and legal[0].kind == PASS and game.phase in WINDOWS:
            return legal[0]
        return _decide(self, _WorldRead(game, self.seat, self.hostility), legal)


# The bot's play is module functions, not methods: compiled, a call between them is a C call,
# where a method of the bot (an ordinary Python class, which pickles) is looked up and called
# through Python.


def _decide(bot: HeuristicBot, read: _Read, legal: Sequence[Action]) -> Action:
    kinds = by_kind(legal)
    if LAY_DOWN in kinds:  # where its cards lie tells the others nothing: any order
        return choose(bot.rng.getrandbits, kinds[LAY_DOWN])
    if DISCARD in kinds:
        return min(kinds[DISCARD], key=lambda a: _KEEP.get(str(a.args[0]), 0))
    if REVEAL_CARD in kinds:
        return _reveal(bot, read, kinds[REVEAL_CARD])
    resolving = read.resolving
    if resolving is not None and resolving[1] == bot.seat:
        return _resolve(bot, read, resolving[0], legal)
    if read.phase == AIM and AIM_AT in kinds:
        return _aim(read, kinds[AIM_AT])
    if read.phase == ACTION and read.turn == bot.seat:
        return _act(bot, read, kinds)
    return _window(bot, read, kinds)


def _reveal(bot: HeuristicBot, read: _Read, options: list[Action]) -> Action:
    return min(options, key=partial(_reveal_cost, read.faces(bot.seat), read.team))


def _aim(read: _Read, options: list[Action]) -> Action:
    target = read.best_target()
    for a in options:
        if a.args[0] == target:
            return a
    return options[0]


def _act(bot: HeuristicBot, read: _Read, kinds: dict[str, list[Action]]) -> Action:
    if read.zombies[bot.seat]:
        return _zombie_turn(bot, read, kinds)
    shoot = kinds.get(SHOOT)
    if shoot:
        target = int(shoot[0].args[0])
        sure = read.suspicion[target] >= bot.shoot_at
        if not read.friend(target) and (sure or target in read.threats()):
            return shoot[0]
    play = _useful_play(bot, read, kinds.get(PLAY, []), own_turn=True)
    if play is not None:
        return play
    located = read.enemy_leader >= 0 or max(read.suspicion) >= bot.shoot_at
    hiding = _hiding_infector(bot, read)
    if hiding and kinds.keys() - {"arm", "equip"}:  # unless nothing else is legal
        kinds.pop(ARM, None)
        kinds.pop(EQUIP, None)
    armed = read.armed[bot.seat]
    if not armed and ARM in kinds and (located or read.threats()):
        return kinds[ARM][0]
    investigate = kinds.get(INVESTIGATE, [])
    if read.zmode == "infect" and not read.zombie_team:
        # investigating puts a token on the card: spare friends, prefer infected cards
        investigate = [a for a in investigate if not read.friend(int(a.args[0]))]
    if investigate and read.enemy_leader < 0:
        best = max(investigate, key=partial(_investigation_value, read, bot.looked))
        if read.faces(int(best.args[0]))[int(best.args[1])] is None:
            return best
    if not armed and ARM in kinds:
        return kinds[ARM][0]
    if EQUIP in kinds:
        return kinds[EQUIP][0]
    if investigate:
        return investigate[0]
    return choose(bot.rng.getrandbits, [a for kind in kinds.values() for a in kind])


def _zombie_turn(bot: HeuristicBot, read: _Read, kinds: dict[str, list[Action]]) -> Action:
    """Bite the player the Arms point at, else take Arms, infect, or draw equipment."""
    if BITE in kinds:
        return kinds[BITE][0]
    for kind in (ARM, INFECT, EQUIP):
        if kind in kinds:
            return kinds[kind][0]
    return choose(bot.rng.getrandbits, [a for kind in kinds.values() for a in kind])


def _hiding_infector(bot: HeuristicBot, read: _Read) -> bool:
    """The Infector's holder whose only hidden card is the Infector: Arm or Equip would
    reveal it."""
    if not read.zombie_team or read.zombies[bot.seat]:
        return False
    return read.hidden_faces(bot.seat) == ["infector"]


def _window(bot: HeuristicBot, read: _Read, kinds: dict[str, list[Action]]) -> Action:
    play = _useful_play(bot, read, kinds.get(PLAY, []), own_turn=False)
    if play is not None:
        return play
    if PASS in kinds:
        return kinds[PASS][0]
    return choose(bot.rng.getrandbits, [a for kind in kinds.values() for a in kind])


def _useful_play(
    bot: HeuristicBot, read: _Read, plays: list[Action], own_turn: bool
) -> Action | None:
    """A card worth playing now, or None."""
    guarded = read.protected()
    shot = read.shot
    for a in plays:
        title = str(a.args[0])
        if shot is not None:
            shooter, target = shot
            saving = target == guarded or (read.friend(target) and not read.friend(shooter))
            if target == read.enemy_leader:
                saving = False
            if title in ("Riot Shield", "Restraining Order", "K-9 Unit") and saving:
                return a
            if title in ("Riot Shield", "Restraining Order", "K-9 Unit"):
                continue
        if title == "Med Kit" and guarded >= 0:
            if read.wounded(guarded):
                return a
        elif title == "Defibrillator":
            if any(
                not read.alive[p] and read.team_guess(p) == read.team
                for p in range(read.player_count)
                if p != bot.seat
            ):
                return a
        elif title == "Disguise" and guarded >= 0:
            if not read.has_front(guarded, "Disguise"):
                return a
        elif title == "K-9 Unit" and read.threats():
            return a
        elif title == "Coffee":
            aim = read.aims[bot.seat]
            if not own_turn and aim is not None and aim == read.enemy_leader:
                return a
        elif title == "Walkie Talkie" and read.enemy_leader >= 0:
            armed = [p for p in range(read.player_count) if read.armed[p]]
            if sum(1 for p in armed if read.friend(p)) > len(armed) / 2:
                return a
        elif title in ("Wiretap", "Metal Detector", "Truth Serum", "Polygraph"):
            if own_turn and read.enemy_leader < 0:
                if title == "Polygraph" and guarded == bot.seat:
                    continue
                return a
        elif title == "Taser" and own_turn:
            if read.threats() or (read.enemy_leader >= 0 and not read.guns):
                return a
        elif title == "Surveillance Camera" and own_turn:
            return a
    return None


def _resolve(bot: HeuristicBot, read: _Read, card: str, legal: Sequence[Action]) -> Action:
    """Choices while resolving a card: pick what serves the bot's team."""
    target = read.best_target()
    guarded = read.protected()
    player_of = _player_of

    if card in ("Med Kit", "Disguise") and guarded >= 0:
        for a in legal:
            if player_of(a) == guarded:
                return a
    if card == "Defibrillator":
        for a in legal:
            if read.team_guess(player_of(a)) == read.team:
                return a
    if card in ("Wiretap", "Metal Detector", "Truth Serum", "Surveillance Camera"):
        unseen = [a for a in legal if read.faces(player_of(a))[int(a.args[2])] is None]
        if unseen:
            return max(unseen, key=partial(_suspicion_of_player, read))
    if card in ("Infect", "Alarm Clock", "Equip", "Transfusion Tube", "Zombie Mask"):
        return _zombie_choice(read, card, legal)
    if card in ("Riot Shield", "Restraining Order"):
        hostile = [a for a in legal if not read.friend(player_of(a))]
        pool = hostile or list(legal)
        return max(pool, key=partial(_target_then_suspicion, read, target))
    if card == "K-9 Unit":
        threats = read.threats()
        for a in legal:
            if player_of(a) in threats:
                return a
    aims = [a for a in legal if a.kind in (AIM_AT, CHOOSE_PLAYER) and player_of(a) == target]
    if aims:
        return aims[0]
    return choose(bot.rng.getrandbits, list(legal))


def _zombie_choice(read: _Read, card: str, legal: Sequence[Action]) -> Action:
    """Infection tokens: a zombie puts them on its target, a non-zombie removes its own."""
    cards = [a for a in legal if a.kind == CHOOSE_CARD]
    if not cards:
        return legal[0]
    target = read.best_target()
    if card == "Equip":  # a zombie removes a token: from a zombie-team player if any
        return cards[0]
    if read.zombie_team:
        for a in cards:
            if int(a.args[1]) == target:
                return a
        return max(cards, key=partial(_suspicion_of_card_owner, read))
    hostile = [a for a in cards if not read.friend(int(a.args[1]))]
    return (hostile or cards)[0]


# The keys of the choices above, as module functions bound with `partial`.


def _reveal_cost(cards: list[str | None], team: str, a: Action) -> int:
    """What revealing this integrity card costs its owner: the cheapest goes first."""
    card = cards[int(a.args[0])]
    if card == "infector":
        return 3
    if card in ("agent", "kingpin"):
        return 2
    return 0 if card == team else 1


def _investigation_value(
    read: _Read, looked: dict[tuple[int, int], int], a: Action
) -> tuple[bool, float, bool, int, int]:
    """How much looking at this card tells: unseen, suspected, infected, looked at least."""
    seat, slot = int(a.args[0]), int(a.args[1])
    return (
        read.faces(seat)[slot] is None,
        read.suspicion[seat],
        read.infected(seat, slot),
        -looked.get((seat, slot), 0),
        -slot,
    )


def _player_of(a: Action) -> int:
    return int(a.args[1]) if a.kind in (CHOOSE_PLAYER, CHOOSE_CARD) else int(a.args[0])


def _suspicion_of_player(read: _Read, a: Action) -> float:
    return read.suspicion[_player_of(a)]


def _target_then_suspicion(read: _Read, target: int, a: Action) -> tuple[bool, float]:
    return _player_of(a) == target, read.suspicion[_player_of(a)]


def _suspicion_of_card_owner(read: _Read, a: Action) -> float:
    return read.suspicion[int(a.args[1])]


own_abc_caches(globals())
