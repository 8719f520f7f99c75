"""What a table page's first load costs: the bytes transferred until its game is drawn.

    python benchmarks/page_weight.py [--url URL]

Starts `hiddenhand serve` (as `table_pace.py` does) unless --url points at a running server,
opens a table of each game with one person and bots in Chromium, waits until the board is
drawn, and sums what the network carried (bytes on the wire, as the browser's own counter
reports them: headers and bodies, compressed where the server compresses) by kind of resource.
The budget is 300 KB.
"""

from __future__ import annotations

import argparse
import sys
from collections import defaultdict
from pathlib import Path

import httpx
from playwright.sync_api import sync_playwright
from rich.console import Console
from rich.table import Table

sys.path.insert(0, str(Path(__file__).resolve().parent))
from table_pace import served

CHROMIUM = "/usr/bin/chromium"
BUDGET = 300_000
GAMES = {"goodcop": 6, "noir": 2, "infected": 4}


def first_load(base: str, game: str, players: int) -> dict[str, int]:
    """Bytes transferred by kind of resource, opening a new table of `game` for the first time."""
    made = httpx.post(
        f"{base}/api/tables",
        json={
            "game": game,
            "players": players,
            "name": "Pat",
            "bots": [None, *["heuristic"] * (players - 1)],
        },
        timeout=10,
    ).json()
    table = made["id"]
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=["--headless", "--no-sandbox"])
        page = browser.new_page(viewport={"width": 1280, "height": 800})
        cdp = page.context.new_cdp_session(page)
        cdp.send("Network.enable")
        kinds: dict[str, str] = {}
        sizes: dict[str, int] = defaultdict(int)
        cdp.on("Network.responseReceived", lambda e: kinds.__setitem__(e["requestId"], e["type"]))
        cdp.on(
            "Network.loadingFinished",
            lambda e: sizes.__setitem__(
                kinds.get(e["requestId"], "Other"),
                sizes[kinds.get(e["requestId"], "Other")] + int(e["encodedDataLength"]),
            ),
        )
        frames = [0]
        cdp.on(
            "Network.webSocketFrameReceived",
            lambda e: frames.__setitem__(0, frames[0] + len(e["response"]["payloadData"])),
        )
        page.goto(f"{base}/t/{table}")
        page.wait_for_selector("#board > *")
        page.wait_for_timeout(500)
        browser.close()
    sizes["WebSocket frames"] = frames[0]
    return dict(sizes)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--url", default=None, help="a running server (default: start one)")
    args = parser.parse_args()
    console = Console()
    with served(args.url) as base:
        results = {game: first_load(base, game, players) for game, players in GAMES.items()}
    kinds = sorted({k for sizes in results.values() for k in sizes})
    table = Table(title="A table page's first load, bytes transferred")
    table.add_column("game")
    for kind in kinds:
        table.add_column(kind, justify="right")
    table.add_column("total", justify="right")
    table.add_column(f"under {BUDGET // 1000} KB")
    for game, sizes in results.items():
        total = sum(sizes.values())
        table.add_row(
            game,
            *(f"{sizes.get(k, 0):,}" for k in kinds),
            f"{total:,}",
            "yes" if total < BUDGET else "NO",
        )
    console.print(table)


if __name__ == "__main__":
    main()
