"""`blackjack simulate --plot FILE.png`: the EV by true count of a counter run, or the EV of each sweep point.

matplotlib is the optional extra `plot`; it is imported only when a plot is asked for,
and draws with the Agg backend, so no display is needed.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from blackjack.extras import require
from engine.errors import BlackjackError
from engine.simulate import Summary
from engine.tally import TRUE_COUNTS


class PlotError(BlackjackError):
    """The plot cannot be written where it was asked for."""


def check_target(path: str) -> Path:
    """The plot's file, checked before the run: matplotlib is installed and the folder exists.

    Raises MissingExtraError without matplotlib, PlotError for a missing folder or an unknown suffix.
    """
    _pyplot()
    target = Path(path)
    if not target.parent.is_dir():
        raise PlotError(f"--plot {path}: the folder {str(target.parent)!r} does not exist")
    if target.suffix.lower() not in (".png", ".svg", ".pdf"):
        raise PlotError(f"--plot {path}: give a file ending in .png, .svg or .pdf")
    return target


def _pyplot() -> Any:
    """matplotlib's pyplot on the Agg backend."""
    matplotlib = require("matplotlib", "plot", "--plot")
    matplotlib.use("Agg")
    return require("matplotlib.pyplot", "plot", "--plot")


def plot_true_counts(summary: Summary, path: Path) -> None:
    """Two panels by true count: EV per initial unit with its 95% CI, and how often each count came."""
    plt = _pyplot()
    rows = summary.true_counts()
    counts = [row["true_count"] for row in rows]
    evs = [100 * row["ev"] for row in rows]
    errors = [_half(row) for row in rows]
    out = summary.to_dict()
    fig, (top, bottom) = plt.subplots(2, 1, sharex=True, figsize=(9, 6.5), height_ratios=(3, 2))
    colours = ["#2e7d32" if ev >= 0 else "#c62828" for ev in evs]
    top.bar(counts, evs, color=colours, alpha=0.85, yerr=errors, capsize=3, ecolor="#555555")
    top.axhline(0, color="black", linewidth=0.8)
    top.set_ylabel("EV per initial unit (%), 95% CI")
    low, high = min(counts), max(counts)
    ylow, yhigh = min(evs) - 1, max(evs) + 1
    # buckets too rare to say anything (CI over 10%) must not flatten the others
    finite = [ev for ev, err in zip(evs, errors, strict=True) if err < 10]
    if finite:
        ylow, yhigh = min(min(finite) - 2, -2.0), max(max(finite) + 2, 2.0)
    top.set_ylim(ylow, yhigh)
    top.set_title(
        f"{out['rules']}: {out['bot']} bot, {out['rounds']:,} rounds (seed {out['seed']}); "
        f"EV {100 * out['ev']:+.3f}% overall",
        fontsize=11,
    )
    top.grid(axis="y", alpha=0.3)
    bottom.bar(counts, [100 * row["frequency"] for row in rows], color="#1565c0", alpha=0.8)
    bottom.set_ylabel("share of rounds (%)")
    bottom.set_xlabel("true count at the bet (Hi-Lo, rounded down; the ends hold everything beyond)")
    ticks = list(range(low, high + 1))
    labels = [f"{t:+d}" for t in ticks]
    if low == TRUE_COUNTS[0]:
        labels[0] = f"≤{low:+d}"
    if high == TRUE_COUNTS[-1]:
        labels[-1] = f"≥{high:+d}"
    bottom.set_xticks(ticks, labels)
    bottom.grid(axis="y", alpha=0.3)
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)


def plot_sweep(labels: Sequence[str], summaries: Sequence[Summary], path: Path, title: str) -> None:
    """One row per sweep point: its EV per initial unit with the 95% confidence interval."""
    plt = _pyplot()
    evs = [100 * s.ev for s in summaries]
    errors = [_half(s.to_dict()) for s in summaries]
    fig, ax = plt.subplots(figsize=(9, 1.2 + 0.42 * len(labels)))
    rows = list(range(len(labels)))[::-1]
    colours = ["#2e7d32" if ev >= 0 else "#c62828" for ev in evs]
    ax.errorbar(evs, rows, xerr=errors, fmt="none", ecolor="#555555", capsize=4, linewidth=1.2)
    ax.scatter(evs, rows, c=colours, zorder=3, s=36)
    ax.axvline(0, color="black", linewidth=0.8)
    ax.set_yticks(rows)
    ax.set_yticklabels(labels)
    ax.set_xlabel("EV per initial unit (%), with 95% confidence interval")
    ax.set_title(title, fontsize=11)
    ax.grid(axis="x", alpha=0.3)
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)


def _half(row: dict[str, Any]) -> float:
    """Half the width of a row's 95% interval, in percent (0 when it has none)."""
    if row["ci95"] is None:
        return 0.0
    low, high = row["ci95"]
    return float(100 * (high - low) / 2)
