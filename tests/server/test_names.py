"""Names and chat: NFKC, no invisible or direction-changing characters, no bot look-alikes."""

from __future__ import annotations

import asyncio

import httpx
import pytest

from hiddenhand.server.accounts import check_name
from hiddenhand.server.chat import ChatRefused, clean_line, clean_name
from hiddenhand.server.errors import Refused
from hiddenhand.server.names import BIDI_CONTROLS, ZERO_WIDTH, looks_like_a_bot
from tests.server.conftest import Client, Server


@pytest.mark.parametrize("char", sorted(BIDI_CONTROLS))
def test_direction_controls_are_refused_in_names_and_chat(char: str) -> None:
    with pytest.raises(ChatRefused, match=f"text-direction controls \\(U\\+{ord(char):04X}\\)"):
        clean_name(f"Ada{char}(bot)")
    with pytest.raises(ChatRefused, match="chat lines may not hold text-direction controls"):
        clean_line(f"hello {char}there")
    with pytest.raises(Refused, match="usernames may not hold text-direction controls"):
        check_name(f"Ada{char}_x")


@pytest.mark.parametrize("char", sorted(ZERO_WIDTH))
def test_zero_width_characters_are_refused_in_names_and_chat(char: str) -> None:
    with pytest.raises(ChatRefused, match=f"invisible characters \\(U\\+{ord(char):04X}\\)"):
        clean_name(f"A{char}da")
    with pytest.raises(ChatRefused, match="chat lines may not hold invisible characters"):
        clean_line(f"gg{char}")
    with pytest.raises(Refused, match="usernames may not hold invisible characters"):
        check_name(f"Ada{char}1")


@pytest.mark.parametrize(
    "name",
    [
        "Ada (bot)",
        "Ada （ｂｏｔ）",  # full-width: NFKC makes it "Ada (bot)"
        "[BOT] Ada",
        "Ada bot",
        "ada_b0t",
        "Ada (\u0432\u043e\u0442)",  # Cyrillic "вот" after case folding: b, o, t
        "Ada (\u0412\u041e\u0422)",  # the same in capitals
        "Ada (b\u00f6t)",  # an accent does not hide it
        "Ada (\u03b2\u03bf\u03c4)",  # Greek beta, omicron, tau
        "Bot",
    ],
)
def test_names_that_pass_for_the_bot_marker_are_refused(name: str) -> None:
    assert looks_like_a_bot(name)
    with pytest.raises(ChatRefused, match="may not contain the word 'bot'"):
        clean_name(name)


@pytest.mark.parametrize("name", ["Abbot", "Robotnik", "Bots", "Botany", "Tobo", "Player 6"])
def test_names_that_merely_contain_the_letters_are_kept(name: str) -> None:
    assert not looks_like_a_bot(name)
    assert clean_name(name) == name


def test_names_and_chat_are_kept_in_nfkc_form() -> None:
    assert clean_name("ＡＤＡ") == "ADA"
    assert clean_name("Zoë") == "Zoë" and clean_name("Zoe\u0308") == "Zoë"  # composed
    assert clean_line("ｈｉ ﬁne") == "hi fine"
    assert check_name("Ａｄａ_1") == "Ada_1"
    with pytest.raises(Refused, match="may not contain the word 'bot'"):
        check_name("Ada_bot")
    assert check_name("Abbot_7") == "Abbot_7"


def test_the_server_refuses_such_names_and_chat_with_the_reason(server: Server) -> None:
    """Every entry point refuses before anything changes: joining, creating with a name,
    signing up, and a chat line."""
    table = server.post("/api/tables", {"game": "highcard", "players": 2})[1]["id"]
    status, refused = server.post(f"/api/tables/{table}/join", {"name": "Ada\u202e(tob)"})
    assert status == 400 and "text-direction controls (U+202E)" in refused["error"]
    status, refused = server.post(f"/api/tables/{table}/join", {"name": "Ada (\u0432\u043e\u0442)"})
    assert status == 400 and "the word 'bot'" in refused["error"]
    status, refused = server.post(
        "/api/tables", {"game": "highcard", "players": 2, "name": "Bo\u200b"}
    )
    assert status == 400 and "invisible characters (U+200B)" in refused["error"]
    signup = httpx.post(
        server.http + "/api/signup", json={"name": "Ada_Bot", "password": "long enough pw"}
    )
    assert signup.status_code == 400 and "the word 'bot'" in signup.json()["error"]
    shown = httpx.get(f"{server.http}/api/tables/{table}").json()["table"]
    assert not any(seat["taken"] for seat in shown["seats"])  # nobody sat down
    status, joined = server.post(f"/api/tables/{table}/join", {"name": "ＡＤＡ"})
    assert status == 200 and joined["table"]["seats"][joined["you"]["seat"]]["name"] == "ADA"

    async def chat() -> None:
        async with Client(server.ws(table)) as a:
            await a.hello(joined["you"]["token"])
            await a.drain()
            await a.send({"type": "chat", "text": "gg\u2066 well played"})
            error = await a.until("error")
            assert error["code"] == "chat-refused" and "U+2066" in error["message"]
            await a.send({"type": "chat", "text": "ｇｇ"})
            assert (await a.until("chat"))["text"] == "gg"

    asyncio.run(chat())
