"""What an equipment card is, and the table that orders a game's cards.

A card is one class holding all of it: what is printed on it (`title`, `text`), how many lie in
the deck, when it may be played and whether it stays in play; the text of each choice it asks
for; and what it does (whether it may be played now, what its first step sets up, which choices
it offers and how one choice resolves). A zombie's choices that resolve like a card (Infect, a
zombie's Equip, an infection token) are cards with no copies in the deck.

A `CardTable` lists a game's cards in a fixed order: a card's place in it is its index, which
card ids (`CardTable.deck`), tasks (`Task.card`) and action ids all follow, so an expansion
extends a table and never reorders it. Everything the rules read by index (titles, the deck,
the staying cards, the timing of each title) is derived there.

A card is generic in the game it plays in: an expansion's cards read the expansion's fields."""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import TYPE_CHECKING, Any, ClassVar, Generic, Literal, TypeVar

from hiddenhand.engine import Action
from hiddenhand.games.goodcop.task import Task

if TYPE_CHECKING:
    from hiddenhand.games.goodcop.rules import GoodCop

G = TypeVar("G", bound="GoodCop")

When = Literal["any", "shoot", "own-turn"]
"""When a card may be played: at any time; only when a shot is announced; only on its user's own
turn."""


class Card(ABC, Generic[G]):
    """One equipment title. By default a card asks its user for one living player."""

    # -- what is printed on it --------------------------------------------------------------

    title: ClassVar[str]
    """The name printed on the card."""
    text: ClassVar[str] = ""
    """What the card says (the rules reference, the tooltips)."""
    simple_text: ClassVar[str] = ""
    """The Zombies cards: what the card says in the `simple` design."""
    copies: ClassVar[int] = 1
    """How many lie in the equipment deck; none for a choice resolved like a card."""
    when: ClassVar[When] = "any"
    stays: ClassVar[bool] = False
    """Once played it stays in play, lying in front of a player."""
    keeps_shot: ClassVar[bool] = False
    """Played in a Shoot window, it does not let the shooter choose their action again."""

    # -- the texts of its choices -----------------------------------------------------------

    player_choice: ClassVar[str] = ""
    """The text of choosing a player as it resolves, `{p}` standing for the player ("revive
    {p} with the Defibrillator"); none if it never asks for a player."""
    card_choice: ClassVar[str] = ""
    """The text of choosing an integrity card, `{p}` and `{slot}` for where the card lies."""
    reaction: ClassVar[bool] = False
    """Its card is chosen in reaction to another player's move, not as it is played (the
    Surveillance Camera investigates back): these choices follow the others of its box in
    the action space."""
    appended: ClassVar[bool] = False
    """Its choices were added to the action space after games were stored: they follow every
    older action, so stored games keep their action ids."""
    part_of_move: ClassVar[bool] = True
    """Its choices finish the move of whoever chooses (Blackmail's second card, the Taser's
    aim): the server previews them as follow-ups (`GoodCop.continues`)."""

    index: ClassVar[int]
    """Its place in its `CardTable`: the title index of card ids, tasks and actions."""

    # -- what it does -----------------------------------------------------------------------

    def usable(self, state: G, user: int) -> bool:
        """Whether it has something to act on now (its timing is checked apart)."""
        return True

    def start(self, state: G, user: int) -> None:
        """Just played (already out of the user's hand): set up its first choice."""
        state.task = Task(user, self.index, 0, ())

    def players(self, state: G, chooser: int) -> list[int]:
        return state.living()

    def options(self, state: G, task: Task) -> list[Action]:
        target = state.actions.target[self.index]
        return [target[p] for p in self.players(state, task.chooser)]

    @abstractmethod
    def resolve(self, state: G, task: Task, action: Action) -> bool:
        """Apply one choice (`state.task` is cleared); True once the card has resolved."""

    def text_for(self, design: str) -> str:
        """What the card says at a table playing this Zombies design (or "off")."""
        return self.simple_text if design == "simple" and self.simple_text else self.text


class InstantCard(Card[G]):
    """A card that does everything as it is played (Coffee, Smoke Grenade, Flamethrower):
    `start` sets no choice, so the rules never ask it to resolve one."""

    @abstractmethod
    def start(self, state: G, user: int) -> None:
        """Do what the card does."""

    def resolve(self, state: G, task: Task, action: Action) -> bool:
        raise AssertionError(f"{type(self).__name__} offers no choice to resolve")


class CardTable:
    """A game's cards in their fixed order, and what the rules read of them by index.

    Built from a box of card classes (`CardTable(Blackmail, Coffee, ...)`), or from a table and
    an expansion's box (`table.extended(...)`): each card class takes its index here, once.
    Equipment comes before the choices resolved like cards, so titles index equally the cards
    and the equipment."""

    def __init__(self, *box: type[Card[Any]], base: CardTable | None = None) -> None:
        first = len(base.cards) if base is not None else 0
        for index, card in enumerate(box, first):
            if "index" in vars(card):
                raise ValueError(f"{card.__name__} already has its place in a table")
            card.index = index
        self.base = base
        self.added: tuple[Card[Any], ...] = tuple(card() for card in box)
        """The cards this table adds to its base, in order (a box of the game)."""
        self.cards: tuple[Card[Any], ...] = (*(base.cards if base else ()), *self.added)
        """Every card, by index."""
        equipment = [card for card in self.cards if card.copies]
        if self.cards[: len(equipment)] != tuple(equipment):
            raise ValueError("the choices resolved like cards must come after the equipment")
        self.titles: tuple[str, ...] = tuple(card.title for card in equipment)
        """The equipment titles, by index."""
        self.names: tuple[str, ...] = tuple(card.title for card in self.cards)
        """Every card's title (a zombie's choices included), by index."""
        self.by_title: dict[str, int] = {card.title: card.index for card in self.cards}
        self.deck: tuple[int, ...] = tuple(
            card.index for card in equipment for _ in range(card.copies)
        )
        """The physical equipment deck: card id -> title index (Defibrillator is there twice)."""
        self.staying: tuple[int, ...] = tuple(card.index for card in equipment if card.stays)
        """The titles that stay in play once played."""
        self.on_own_turn: tuple[bool, ...] = tuple(card.when != "shoot" for card in equipment)
        """By title: may be played in the user's own action phase."""
        self.in_window: tuple[bool, ...] = tuple(card.when == "any" for card in equipment)
        """By title: may be played in another player's window that is not a Shoot window."""
        self.in_shoot_window: tuple[bool, ...] = tuple(
            card.when != "own-turn" for card in equipment
        )
        """By title: may be played in a Shoot window."""

    def extended(self, *box: type[Card[Any]]) -> CardTable:
        """This table with an expansion's box after it."""
        return CardTable(*box, base=self)

    def boxes(self) -> list[tuple[Card[Any], ...]]:
        """The boxes of cards this table was built from, the base game's first."""
        table: CardTable | None = self
        out = []
        while table is not None:
            out.append(table.added)
            table = table.base
        return out[::-1]
