"""Balance reports: what each number counts, the lenses of the shipped games, the command and
its errors, and the script that writes docs/balance/."""

import json
import sys
from pathlib import Path

from typer.testing import CliRunner

from hiddenhand.balance.collect import GameFacts, SeatFacts
from hiddenhand.balance.lenses import end_condition, lens_for
from hiddenhand.balance.report import BalanceReport, distribution
from hiddenhand.cli import app
from hiddenhand.engine.game import get_game
from hiddenhand.engine.state import Outcome

runner = CliRunner()
ROOT = Path(__file__).resolve().parents[2]


def _facts(index: int, winner: str, end: str, seats: list[tuple[str, str, bool, set[str]]]):
    return GameFacts(
        index,
        index,
        tuple(SeatFacts("medium", role, role, won, frozenset(c)) for role, _, won, c in seats),
        winner=winner,
        end=end,
        turns=10 + index,
        decisions=20 + index,
    )


def _report(facts: list[GameFacts]) -> BalanceReport:
    return BalanceReport("noir", "NOIR", 2, {}, ["medium"], len(facts), 0, facts)


def test_sides_roles_seats_and_ends_count_what_they_say():
    facts = [
        _facts(0, "killer", "k", [("killer", "", True, set()), ("inspector", "", False, set())]),
        _facts(1, "inspector", "a", [("inspector", "", True, set()), ("killer", "", False, set())]),
        _facts(2, "inspector", "a", [("killer", "", False, set()), ("inspector", "", True, set())]),
    ]
    data = _report(facts).to_json()
    assert data["sides"]["inspector"]["wins"] == 2 and data["sides"]["inspector"]["games"] == 3
    assert data["roles"]["killer"] == {
        "games": 3,
        "wins": 1,
        "rate": 0.3333,
        "ci95": [0.0615, 0.7923],  # Wilson, 1 of 3
    }
    assert data["seats"]["0"]["wins"] == 2 and data["seats"]["1"]["wins"] == 1
    assert list(data["ends"]) == ["a", "k"] and data["ends"]["a"]["games"] == 2
    assert data["bots_by_role"]["medium"]["all roles"]["games"] == 6
    assert data["length"]["turns"]["min"] == 10 and data["length"]["decisions"]["max"] == 22


def test_a_card_kind_is_compared_with_seats_of_the_same_roles_that_lacked_it():
    facts = [
        _facts(
            0, "killer", "k", [("killer", "", True, {"disguise"}), ("inspector", "", False, set())]
        ),
        _facts(
            1, "killer", "k", [("killer", "", True, {"disguise"}), ("inspector", "", False, set())]
        ),
        _facts(2, "inspector", "a", [("killer", "", False, set()), ("inspector", "", True, set())]),
    ]
    card = _report(facts).to_json()["cards"]["disguise"]
    assert card["with"]["games"] == 2 and card["with"]["wins"] == 2
    assert card["without"]["games"] == 1 and card["without"]["wins"] == 0  # killers only
    assert card["difference"] == 1.0


def test_failed_games_are_reported_not_counted():
    facts = [
        _facts(0, "killer", "k", [("killer", "", True, set()), ("inspector", "", False, set())]),
        GameFacts(1, 1, error="ValueError: broken"),
    ]
    data = _report(facts).to_json()
    assert data["finished"] == 1 and data["errors"] == ["game 1 (seed 1): ValueError: broken"]


def test_distribution_deciles():
    spread = distribution(list(range(1, 101)))
    assert spread["min"] == 1 and spread["max"] == 100 and spread["mean"] == 50.5
    assert 50 <= spread["median"] <= 51 and 10 <= spread["p10"] <= 11
    assert distribution([7])["p90"] == 7 and distribution([])["mean"] == 0


def test_end_conditions_drop_names_numbers_and_who_it_was():
    players = ("Ann", "Bea", "Cy")
    read = [
        ("crooked", "the Agent (Bea) was eliminated", "crooked: the Agent was eliminated"),
        (
            "lone",
            "Cy holds both the Agent and the Kingpin",
            "lone: a player holds both the Agent and the Kingpin",
        ),
        ("killer", "the Killer made 16 kills", "killer: the Killer made N kills"),
        (
            "inspector",
            "the Inspector arrested the Killer, who was Zachary",
            "inspector: the Inspector arrested the Killer",
        ),
    ]
    for side, reason, condition in read:
        assert end_condition(Outcome(frozenset(), side, reason), players) == condition


def test_each_shipped_game_has_a_lens_reading_its_cards():
    from hiddenhand.games.infected.space import infected_space
    from hiddenhand.games.noir.moves import SPACE

    infected = get_game("infected")
    space = infected_space(4, infected.options([]))
    assert lens_for("infected").card_of(space.get("use", 0)) is not None
    assert lens_for("infected").card_of(space.get("pass")) is None
    assert lens_for("noir").card_of(SPACE.get("disguise")) == "disguise"
    assert lens_for("noir").card_of(SPACE.get("kill", 3)) is None
    goodcop = get_game("goodcop")
    table = goodcop.action_space(4, goodcop.options([]))
    assert lens_for("goodcop").card_of(table.get("play", "Polygraph")) == "Polygraph"
    assert lens_for("goodcop").side_of("agent") == "honest"
    assert lens_for("infected").side_of("infected") == "zombies"
    assert lens_for("highcard").card_of(table.get("pass")) is None  # the generic lens


def test_balance_command_writes_json_chart_and_markdown(tmp_path):
    out = {k: tmp_path / f"r.{k}" for k in ("json", "png", "md")}
    result = runner.invoke(
        app,
        [
            "balance",
            "noir",
            "--games",
            "6",
            "--bots",
            "medium",
            "--jobs",
            "2",
            "--seed",
            "4",
            "--json",
            str(out["json"]),
            "--plot",
            str(out["png"]),
            "--markdown",
            str(out["md"]),
        ],
    )
    assert result.exit_code == 0, result.output
    data = json.loads(out["json"].read_text())
    assert data["finished"] == 6 and not data["errors"]
    assert sum(e["games"] for e in data["ends"].values()) == 6
    assert set(data["sides"]) >= {"killer", "inspector"}
    assert out["png"].read_bytes()[:4] == b"\x89PNG"
    markdown = out["md"].read_text()
    assert "How games end" in markdown and "win rate by side" in result.output
    assert markdown.splitlines()[2].startswith("Each section is one run of")
    serial = runner.invoke(
        app, ["balance", "noir", "--games", "6", "--seed", "4", "--json", str(tmp_path / "s")]
    )
    assert serial.exit_code == 0
    assert json.loads((tmp_path / "s").read_text())["ends"] == data["ends"]  # jobs change nothing


def test_balance_rotates_a_lineup_and_reports_each_bot_by_role(tmp_path):
    result = runner.invoke(
        app,
        [
            "balance",
            "highcard",
            "-p",
            "3",
            "--bots",
            "random,sloppy",
            "--games",
            "6",
            "--json",
            str(tmp_path / "r.json"),
        ],
    )
    assert result.exit_code == 0, result.output
    data = json.loads((tmp_path / "r.json").read_text())
    assert data["bots_by_role"]["random"]["all roles"]["games"] == 6  # one seat in each of 6 games
    assert data["bots_by_role"]["sloppy"]["all roles"]["games"] == 12
    assert data["cards"] == {}


def test_bad_balance_input_exits_2_with_a_reason(tmp_path):
    cases = [
        (["balance", "chess", "--games", "3"], "games are"),
        (["balance", "noir", "--games", "3", "--players", "3"], "2 players"),
        (["balance", "noir", "--games", "3", "--option", "mode=fast"], "bad value"),
        (["balance", "noir", "--games", "3", "--bots", "genius"], "bots are"),
        (["balance", "noir", "--games", "3", "--bots", "hard,medium,easy"], "3 bots for 2"),
        (["balance", "noir", "--games", "0"], "--games"),
        (["balance", "noir", "--games", "3", "--json", str(tmp_path / "no" / "r")], "directory"),
    ]
    for args, message in cases:
        result = runner.invoke(app, args)
        assert result.exit_code == 2, (args, result.output)
        assert message in result.output, (args, result.output)


def test_the_report_script_regenerates_a_small_report(tmp_path):
    sys.path.insert(0, str(ROOT / "benchmarks"))
    try:
        import balance_reports
    finally:
        sys.path.remove(str(ROOT / "benchmarks"))
    (tmp_path / "README.md").write_text(f"# kept\n\n{balance_reports.SUMMARY}\n\nold table\n")
    args = ["--setup", "noir-2p-standard", "--games", "4", "--hard-games", "noir=1"]
    balance_reports.main([*args, "--jobs", "1", "--out", str(tmp_path)])
    assert sorted(p.name for p in tmp_path.glob("*.md")) == ["README.md", "noir-2p-standard.md"]
    report = (tmp_path / "noir-2p-standard.md").read_text()
    assert "### medium" in report and "### hard" in report and "medium: 4 games" in report
    assert "Generated by `benchmarks/balance_reports.py`" in report
    assert (tmp_path / "noir-2p-standard-hard.png").exists()
    readme = (tmp_path / "README.md").read_text()
    assert readme.startswith("# kept") and "old table" not in readme
    assert (
        "[NOIR: Killer vs. Inspector](noir-2p-standard.md) | 2 | mode=standard | hard | 1" in readme
    )
    slugs = [s.slug for s in balance_reports.setups()]
    assert len(slugs) == 34 and "infected-1p-cooperative" in slugs
    assert "infected-2p-all-okay" not in slugs and "infected-1p-standard" not in slugs
