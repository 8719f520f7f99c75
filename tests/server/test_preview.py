"""Follow-up choices before a move is sent: `preview` answers the asking connection alone and
changes nothing; `act` with `then` takes a whole move (a card and its targets) or nothing. And
what a preview tells is the same in every world the seat cannot tell from the true one."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from hiddenhand.engine import get_game
from hiddenhand.engine.checks import PropertyFailure, run_follow_up_checks
from tests.server.conftest import Client, Server

# -- the check: follow-ups tell a seat nothing it does not know --------------------------------

CASES = [
    ("goodcop", 6, {}, 1),
    ("goodcop", 5, {"zombies": "dice"}, 2),
    ("goodcop", 5, {"zombies": "infect"}, 2),
    ("noir", 2, {"mode": "citizens-arrest"}, 1),
    ("infected", 4, {}, 4),
    ("infected", 3, {"variant": "cooperative"}, 6),
]


@pytest.mark.parametrize(("game_id", "players", "options", "every"), CASES)
def test_follow_ups_are_the_same_in_every_world_the_seat_cannot_tell_apart(
    game_id: str, players: int, options: dict[str, str], every: int
) -> None:
    game = get_game(game_id)
    compared, continued = run_follow_up_checks(
        game, players, game.options(options), 5, every=every, worlds=2
    )
    assert compared > 100 and continued > 5, (compared, continued)


def test_the_check_fails_a_move_that_goes_on_past_a_card_drawn(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """NOIR's Exonerate draws a card, then asks which card to discard: were that question
    previewed, its choices would name the top card of the deck before it is drawn."""
    import hiddenhand.engine.followups as followups
    from hiddenhand.games.noir.rules import EXONERATING, NoirState

    monkeypatch.setattr(followups, "shown_to", lambda events, seat: False)
    monkeypatch.setattr(NoirState, "continues", lambda self, seat: self.phase == EXONERATING)
    game = get_game("noir")
    with pytest.raises(PropertyFailure, match="exonerate.*differ"):
        run_follow_up_checks(game, 2, game.options({}), 1)


# -- which questions go on a move -------------------------------------------------------------


def test_a_good_cop_move_goes_on_through_a_card_s_targets_and_stops_at_what_it_shows() -> None:
    from hiddenhand.engine import IllegalAction
    from hiddenhand.engine.followups import follow_ups
    from hiddenhand.games.goodcop.scenario import arrange

    cards = ["AHC", "KCC", "HHC", "CCH"]
    g = arrange(cards, hands=[["Blackmail"], ["Wiretap"], [], []], deck=["Coffee"])
    before, history = g.view(0), len(g.history)

    def one(seat: int, kind: str, arg: object = None) -> int:
        return next(
            a.id for a in g.legal(seat) if a.kind == kind and (arg is None or a.args[0] == arg)
        )

    def kinds(actions: list[int]) -> list[tuple[str, ...]]:
        return [(a.kind, *map(str, a.args)) for a in follow_ups(g, 0, actions)]

    blackmail = one(0, "play", "Blackmail")
    first = kinds([blackmail])
    assert first == [("card", "Blackmail", str(p), str(s)) for p in (1, 2, 3) for s in range(3)]
    card = follow_ups(g, 0, [blackmail])[0].id  # Bea's left card
    second = kinds([blackmail, card])
    assert second == [("card", "Blackmail", str(p), str(s)) for p in (2, 3) for s in range(3)]
    last = follow_ups(g, 0, [blackmail, card])[0].id
    assert follow_ups(g, 0, [blackmail, card, last]) == ()
    with pytest.raises(IllegalAction, match="completes your move"):
        follow_ups(g, 0, [blackmail, card, last, last])
    with pytest.raises(IllegalAction, match="not a legal action"):
        follow_ups(g, 0, [blackmail, blackmail])
    # Arming asks which card to reveal, within the move; equipping shows the card drawn first.
    assert [k[0] for k in kinds([one(0, "arm")])] == ["reveal"] * 3
    assert follow_ups(g, 0, [one(0, "equip")]) == ()
    # Investigating is a whole move (the window after it is a new question).
    assert follow_ups(g, 0, [one(0, "investigate")]) == ()
    with pytest.raises(IllegalAction, match="not asked"):  # Bea is not asked in Ann's turn
        follow_ups(g, 1, [blackmail])
    assert g.view(0) == before and len(g.history) == history  # asking changed nothing
    # Wiretap's first look shows a card: the second is chosen once it is seen.
    w = arrange(cards, hands=[[], ["Wiretap"], [], []], turn=1)
    wiretap = next(a.id for a in w.legal(1) if a.kind == "play")
    look = follow_ups(w, 1, [wiretap])
    assert look and all(a.kind == "card" for a in look)
    assert follow_ups(w, 1, [wiretap, look[0].id]) == ()


# -- over the wire --------------------------------------------------------------------------


def run(coro: Any) -> Any:
    return asyncio.run(coro)


Deal = tuple[str, dict[int, str], dict[str, Any], int, list[int]]


async def targeted_card_deal(server: Server, tries: int = 40) -> Deal:
    """A Good Cop table of four people (no clock, so nobody answers for the others) where
    seat 0 may play, in the window before the first turn, a card that asks for targets.
    Returns the table, its tokens, seat 0's first state, the play and a whole move (the play
    and the first follow-up at each step)."""
    for _ in range(tries):
        table, tokens = server.create("goodcop", 4, [None] * 4, clock=0, options={"order": "dealt"})
        async with Client(server.ws(table)) as a:
            await a.hello(tokens[0])
            await a.until("state")
            await a.drain()  # the others' lone passes are answered once the window was shown
            state = [m for m in a.received if m["type"] == "state"][-1]
            for play in (x["id"] for x in state["legal"] if x["kind"] == "play"):
                move = [play]
                while True:
                    await a.send(
                        {"type": "preview", "action": play, "then": move[1:], "step": state["step"]}
                    )
                    then = (await a.until("preview"))["then"]
                    if not then:
                        break
                    move.append(then[0]["id"])
                if len(move) > 1:
                    return table, tokens, state, play, move
    raise AssertionError("no deal gave seat 0 a card with targets to play at once")


def test_a_preview_answers_only_the_asker_and_changes_nothing(server: Server) -> None:
    async def go() -> None:
        table, tokens, _, play, move = await targeted_card_deal(server)
        async with (
            Client(server.ws(table)) as a,
            Client(server.ws(table)) as b,
            Client(server.ws(table)) as watcher,
        ):
            await a.hello(tokens[0])
            state = await a.until("state")
            await b.hello(tokens[1])
            await b.until("state")
            await watcher.hello()
            await watcher.until("state")
            await a.drain()
            await b.drain()
            await watcher.drain()
            step = state["step"]
            await a.send({"type": "preview", "action": play, "step": step})
            answer = await a.until_any(("preview", "state", "error"))
            assert answer["type"] == "preview"
            assert answer["action"] == play and answer["step"] == step
            assert answer["then"] and answer["then"][0]["id"] == move[1]
            choice = answer["then"][0]
            assert set(choice) == {"id", "kind", "args", "text"} and choice["text"]
            assert "chosen" not in answer
            await a.send({"type": "preview", "action": play, "then": move[1:2], "step": step})
            deeper = await a.until("preview")
            assert deeper["chosen"] == move[1:2]
            assert [c["id"] for c in deeper["then"]][:1] == move[2:3]
            # Nobody else is told anything, not even that a preview was asked.
            assert await b.silent(0.4) and await watcher.silent(0.1) and await a.silent(0.1)
            # The game did not move: the choice offered at `step` still stands, as it was.
            await a.send({"type": "act", "action": play, "then": move[1:], "step": step})
            after = await a.until("state")
            seen = await b.until("state")
            assert after["step"] == step + len(move)
            assert step < seen["step"] <= after["step"]  # others count what they could notice

    run(go())


def test_bad_previews_get_an_error_and_change_nothing(server: Server) -> None:
    async def go() -> None:
        table, tokens, _, play, move = await targeted_card_deal(server)
        async with (
            Client(server.ws(table)) as a,
            Client(server.ws(table)) as b,
            Client(server.ws(table)) as watcher,
            Client(server.ws(table)) as stranger,
        ):
            await a.hello(tokens[0])
            state = await a.until("state")
            await b.hello(tokens[1])
            await b.until("state")
            await watcher.hello()
            await watcher.until("state")
            step = state["step"]
            legal = {x["id"] for x in state["legal"]}
            illegal = next(i for i in range(1000) if i not in legal)

            async def refused(client: Client, message: dict[str, Any], code: str) -> str:
                await client.send(message)
                got = await client.until_any(("error", "preview", "state"))
                assert got["type"] == "error" and got["code"] == code, got
                return str(got["message"])

            preview = {"type": "preview", "action": play, "step": step}
            await refused(stranger, preview, "no-hello")
            await refused(watcher, preview, "spectator")
            await refused(a, {**preview, "action": illegal}, "illegal")
            await refused(a, {**preview, "action": 10**9}, "illegal")
            await refused(a, {**preview, "step": step + 5}, "illegal")
            await refused(a, {**preview, "then": [illegal]}, "illegal")
            done = await refused(a, {**preview, "then": [*move[1:], move[-1]]}, "illegal")
            assert "completes your move" in done
            await refused(a, {"type": "preview", "step": step}, "bad-message")
            await refused(a, {**preview, "then": ["x"]}, "bad-message")
            await refused(a, {**preview, "then": list(range(17))}, "bad-message")
            await refused(a, {**preview, "secret": 1}, "bad-message")
            # The table went on as if nothing was asked; an act alone is taken as before, and
            # the table asks for the card's target itself.
            await a.send({"type": "act", "action": play, "step": step})
            moved = await a.until("state")
            assert moved["step"] == step + 1
            assert [x["id"] for x in moved["legal"]][:1] == move[1:2]
            # While seat 0 resolves its card nobody else is asked: nor previews anything.
            seen = await b.until("state")
            assert seen["step"] == step + 1 and seen["to_move"] == [0]
            other = await refused(b, {"type": "preview", "action": move[1]}, "illegal")
            assert "not asked" in other

    run(go())


def test_a_move_is_taken_whole_or_not_at_all(server: Server) -> None:
    async def go() -> bool:
        """Whether the move left a game to go on with (a card whose targets swap integrity
        cards can make a lone winner at once; then nothing can be stale)."""
        table, tokens, _, play, move = await targeted_card_deal(server)
        async with Client(server.ws(table)) as a, Client(server.ws(table)) as b:
            await a.hello(tokens[0])
            state = await a.until("state")
            await b.hello(tokens[1])
            await b.until("state")
            await a.drain()
            await b.drain()
            step = state["step"]
            # A later choice that is not legal there: nothing of the move is applied.
            for bad in ([*move[1:-1], play], [*move[1:], move[-1]], [10**6]):
                await a.send({"type": "act", "action": play, "then": bad, "step": step})
                got = await a.until_any(("error", "state"))
                assert got["type"] == "error" and got["code"] == "illegal", got
                assert got["action"] == play
            assert await b.silent(0.4) and await a.silent(0.1)
            # The whole move: every action applied, in one update, the card is played.
            await a.send({"type": "act", "action": play, "then": move[1:], "step": step})
            mine = await a.until("state")
            theirs = await b.until("state")
            assert mine["step"] == step + len(move)
            # the others count only the parts they could notice: the card's first picks, made
            # before anything was shown, are seat 0's alone
            assert step < theirs["step"] <= mine["step"]
            played = next(x for x in state["legal"] if x["id"] == play)["args"][0]
            before = state["view"]["hand"]  # a hand may hold two of a card
            assert mine["view"]["hand"].count(played) == before.count(played) - 1
            kinds = [e["kind"] for e in theirs["events"]]
            assert kinds[0] == "play", kinds
            if mine["view"]["outcome"] is not None:
                return False
            # The same move again is stale: the seat has acted since it was offered.
            await a.send({"type": "act", "action": play, "then": move[1:], "step": step})
            stale = await a.until("error")  # others' passes may come in between
            assert "moved on" in stale["message"]
            return True

    assert any(run(go()) for _ in range(5)), "every deal's move ended the game"
