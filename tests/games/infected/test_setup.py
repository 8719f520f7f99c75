"""Preparation: options, characters in turn, the Leader, blood samples, items and equipping."""

import pytest

from hiddenhand.engine.errors import IllegalAction, OptionError
from tests.games.infected.helpers import CARDS, GAME, start


@pytest.mark.parametrize("variant", ["infection-spreads", "all-okay"])
def test_three_four_player_variants_refuse_two_players(variant: str) -> None:
    with pytest.raises(OptionError, match="3-4 players"):
        GAME.start(2, [f"variant={variant}"])
    GAME.start(3, [f"variant={variant}"])


def test_lead_by_vote_needs_three_players_and_bad_values_are_refused() -> None:
    with pytest.raises(OptionError, match="lead_by_vote"):
        GAME.start(2, ["lead_by_vote=true"])
    with pytest.raises(OptionError, match="variant"):
        GAME.start(4, ["variant=zombie-party"])
    with pytest.raises(OptionError):
        GAME.start(5)


def test_one_player_plays_cooperative() -> None:
    state = start(1)
    assert state.variant == "cooperative"
    assert state.samples == [[]]
    assert len(state.zremoved) == 5


def test_characters_are_chosen_in_turns_and_the_last_chooser_leads() -> None:
    state = GAME.start(4, None, 3)
    order = []
    while state.phase == "character":
        (seat,) = state.pending()
        order.append(seat)
        choices = state.pending()[seat]
        taken = {state.character[s] for s in order[:-1]}
        assert all(a.args[0] not in taken for a in choices)
        state.act(seat, choices[0])
    assert order == [(order[0] + i) % 4 for i in range(4)]
    assert state.leader == order[-1]
    assert len(set(state.character)) == 4


@pytest.mark.parametrize(
    ("players", "variant", "dealt_clean", "virus_in_play", "away"),
    [
        (2, "standard", None, 1, 1),
        (3, "standard", 2, 1, 0),
        (4, "standard", 3, 1, 0),
        (3, "all-okay", None, 1, 1),
        (4, "all-okay", None, 1, 1),
        (3, "infection-spreads", None, 1, 0),
    ],
)
def test_blood_samples_follow_the_player_count(
    players: int, variant: str, dealt_clean: int | None, virus_in_play: int, away: int
) -> None:
    for seed in range(20):
        state = start(players, seed, variant=variant)
        dealt = [s[0] for s in state.samples]
        assert len(dealt) == players
        if dealt_clean is not None:
            assert dealt.count("clean") == dealt_clean
        extra = [state.spare] if state.spare is not None else []
        everything = dealt + state.samples_away + extra
        assert everything.count("virus") == virus_in_play
        assert len(state.samples_away) == away
        assert (state.spare is not None) == (variant == "infection-spreads")


def test_nobody_may_be_infected_in_all_okay() -> None:
    healthy = [
        seed
        for seed in range(60)
        if not any(start(4, seed, variant="all-okay").is_infected(s) for s in range(4))
    ]
    assert healthy, "some deal should leave everybody clean"


def test_each_player_gets_nine_items_and_must_equip_two() -> None:
    state = GAME.start(3, None, 1)
    while state.phase == "character":
        seat = min(state.pending())
        state.act(seat, state.pending()[seat][0])
    assert state.phase == "setup"
    assert all(len(h) == 9 for h in state.hands)
    assert sorted(state.pending()) == [0, 1, 2]
    for a in state.pending()[0]:
        assert a.kind == "equip"
    seat = 0
    state.act(seat, state.pending()[seat][0])
    assert 0 in state.pending(), "two items must be equipped"
    state.act(seat, state.pending()[seat][0])
    assert 0 not in state.pending()
    assert state.equipped[0] == [], "equipping is revealed only when everyone has chosen"
    for s in (1, 2):
        state.act(s, state.pending()[s][0])
        state.act(s, state.pending()[s][0])
    assert all(len(e) == 2 for e in state.equipped)
    assert all(len(h) == 7 for h in state.hands)
    assert state.phase == "action"


def test_harder_removes_five_non_major_zombie_cards() -> None:
    state = start(4, 2, harder="true", standard_removal="rulebook")
    assert len(state.zremoved) == 5
    assert not any(CARDS.zombie_kinds[CARDS.zombie_of[c]].major for c in state.zremoved)
    assert len(state.zdeck) == 49
    coop = start(4, 2, variant="cooperative", harder="true", cooperative_removal="rulebook")
    assert len(coop.zremoved) == 10


@pytest.mark.parametrize(
    ("players", "removal", "removed"),
    [(1, "balanced", 5), (2, "balanced", 10), (3, "balanced", 10), (4, "balanced", 10)]
    + [(players, "rulebook", 5) for players in (1, 2, 3, 4)],
)
def test_the_cooperative_game_removes_ten_minor_threats_with_two_or_more_players(
    players: int, removal: str, removed: int
) -> None:
    """The rulebook's recommended 5 left good players winning 70-77% at 2-4 players."""
    state = start(players, 3, variant="cooperative", cooperative_removal=removal)
    assert len(state.zremoved) == removed
    assert len(state.zdeck) == 54 - removed
    assert not any(CARDS.zombie_kinds[CARDS.zombie_of[c]].major for c in state.zremoved)
    harder = start(players, 3, variant="cooperative", cooperative_removal=removal, harder="true")
    assert len(harder.zremoved) == removed + 5
    if players >= 3:  # the other variants remove nothing, whatever the option says
        assert start(players, 3, variant="all-okay", cooperative_removal=removal).zremoved == []


@pytest.mark.parametrize(
    ("players", "variant", "removal", "edition", "removed"),
    [(4, "standard", "balanced", edition, 2) for edition in ("1", "2")]
    + [(4, "standard", "rulebook", "2", 0), (3, "standard", "balanced", "2", 2)]
    + [(3, "standard", "balanced", "1", 0), (3, "standard", "rulebook", "2", 0)]
    + [(2, "standard", "balanced", "2", 0)]
    + [(n, v, "balanced", "2", 0) for n in (3, 4) for v in ("infection-spreads", "all-okay")],
)
def test_the_standard_game_removes_two_minor_threats_with_three_or_four_players(
    players: int, variant: str, removal: str, edition: str, removed: int
) -> None:
    """With the full deck `hard` survivors won above 60% of 4-player standard games, and of
    3-player ones once a clean seat's kit tested the next Leader (edition 2 removes there too)."""
    state = start(players, 3, variant=variant, standard_removal=removal, edition=edition)
    assert len(state.zremoved) == removed
    assert len(state.zdeck) == 54 - removed
    assert not any(CARDS.zombie_kinds[CARDS.zombie_of[c]].major for c in state.zremoved)
    harder = start(
        players, 3, variant=variant, standard_removal=removal, edition=edition, harder="true"
    )
    assert len(harder.zremoved) == removed + 5


def test_a_stored_game_keeps_the_edition_and_removals_it_was_played_with() -> None:
    """A record or saved table names every option that existed when it was made: one that
    names no edition was made under edition 1, one with no removal option kept the full deck
    and the cooperative game's recommended 5, so its deal is the one it was played with."""
    earlier = {"variant": "standard", "advanced": False, "harder": False, "lead_by_vote": False}
    stored = GAME.stored_options(earlier)
    assert (stored.edition, stored.standard_removal, stored.cooperative_removal) == (
        1,
        "rulebook",
        "rulebook",
    )
    assert GAME.options(earlier).edition == 2  # a new table's options mean today's rules
    record = GAME.start(3, earlier, seed=3).record()
    assert record.options["edition"] == 2
    assert len(record.replay().zremoved) == 2
    old = type(record)(game=record.game, options=earlier, players=record.players, seed=3)
    assert old.start().zremoved == []
    assert old.start().options.edition == 1
    with pytest.raises(OptionError, match="edition"):
        GAME.start(3, ["edition=3"])


def test_acting_out_of_turn_is_refused_and_changes_nothing() -> None:
    state = GAME.start(4, None, 0)
    (seat,) = state.pending()
    other = (seat + 1) % 4
    with pytest.raises(IllegalAction, match="not asked"):
        state.act(other, state.pending()[seat][0])
    assert state.history == []
