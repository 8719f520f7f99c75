"""The PNG of a balance report: win rates with intervals, end conditions, length distributions
and the card kinds that moved win rates most."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from hiddenhand.bots.arena import Tally, wilson

if TYPE_CHECKING:
    from matplotlib.axes import Axes

    from hiddenhand.balance.report import BalanceReport

TOP_CARDS = 12
"""Card kinds drawn: those whose win rates differ most (a table holds them all)."""


def _rates(ax: Axes, tallies: dict[str, Tally], title: str) -> None:
    labels = list(tallies)
    rates = [t.rate for t in tallies.values()]
    bounds = [wilson(t.wins, t.games) for t in tallies.values()]
    low = [r - b[0] for r, b in zip(rates, bounds, strict=True)]
    high = [b[1] - r for r, b in zip(rates, bounds, strict=True)]
    ax.bar(labels, rates, yerr=[low, high], capsize=3, color="tab:blue")
    ax.axhline(0.5, color="grey", linewidth=0.8, linestyle=":")
    ax.set_ylim(0, 1)
    ax.set_ylabel("win rate (95% CI)")
    ax.set_title(title)
    ax.tick_params(axis="x", labelrotation=20)


def _histogram(ax: Axes, values: list[int], title: str) -> None:
    bins = min(30, max(1, len(set(values))))
    ax.hist(values, bins=bins, color="tab:green", edgecolor="white")
    ax.set_ylabel("games")
    ax.set_title(title)


def plot_balance(report: BalanceReport, path: Path) -> None:
    """Write the report's six panels to `path` as a PNG."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    games = report.finished
    fig, axes = plt.subplots(3, 2, figsize=(12, 12))
    _rates(axes[0][0], report.sides(), "win rate by side")
    _rates(axes[0][1], report.seat_positions(), "win rate by seat")
    _histogram(axes[1][0], [f.turns for f in games], f"game length ({report.turn_unit})")
    _histogram(axes[1][1], [f.decisions for f in games], "game length (decisions)")
    ends = report.ends()
    ax = axes[2][0]
    ax.barh(list(ends)[::-1], [t.rate for t in ends.values()][::-1], color="tab:orange")
    ax.set_xlim(0, 1)
    ax.set_xlabel("share of games")
    ax.set_title("how games end")
    ax.tick_params(axis="y", labelsize=7)
    cards = sorted(
        report.cards().items(),
        key=lambda kv: -abs(kv[1].with_card.rate - kv[1].without.rate),
    )[:TOP_CARDS]
    ax = axes[2][1]
    if cards:
        names = [name for name, _ in cards][::-1]
        gaps = [t.with_card.rate - t.without.rate for _, t in cards][::-1]
        ax.barh(names, gaps, color=["tab:green" if g >= 0 else "tab:red" for g in gaps])
        ax.axvline(0, color="grey", linewidth=0.8)
        ax.set_xlabel("win rate with it minus without it")
        ax.tick_params(axis="y", labelsize=7)
    else:
        ax.axis("off")
    ax.set_title("card kinds held or used")
    options = ", ".join(f"{k}={v}" for k, v in report.options.items()) or "default options"
    fig.suptitle(
        f"{report.title}: {report.players} players, {options}, bots {','.join(report.bots)}, "
        f"{len(games)} games"
    )
    fig.tight_layout()
    fig.savefig(path, dpi=60)
    plt.close(fig)
