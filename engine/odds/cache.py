"""A disk cache of whole analyses, one JSON file per rule set, so nobody waits twice.

Files live in the user's cache directory (platformdirs when importable, else ~/.cache),
under `blackjack-table/odds/`, or in `$BLACKJACK_ODDS_CACHE` when that is set. A file is
named by a hash of the options that change the analysis (`Rules.summary_lines()` less
the cosmetic ones) and of `FORMAT`; a file that cannot be read is recomputed and replaced.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import replace
from pathlib import Path
from typing import Any

from engine.cache_folder import cache_dir, store_json
from engine.odds.dealer import DealerOdds, as_distribution, compiled_odds
from engine.odds.house_edge import Analysis, analyze
from engine.odds.strategy import StrategyChart
from engine.rules import Rules

FORMAT = 2
"""Bumped whenever the analysis or the file layout changes, so old files are not read."""

IGNORED_OPTIONS = frozenset(
    {"name", "description", "base", "min_bet", "max_bet", "tournament", "penetration", "insurance",
     "even_money", "first_card_before_bet", "csm", "burn_cards"}
)
"""Options that do not change the analysis (insurance is never taken; every bet is one unit; the
analysis is of a full shoe, which a continuous shuffler deals every round and a burned card leaves)."""

_memory: dict[str, Analysis] = {}


def rules_key(rules: Rules) -> str:
    """The hash that names a rule set's cache file.

    >>> from engine.rulesets import load_rules
    >>> rules = load_rules("vegas-strip")
    >>> rules_key(rules) == rules_key(rules.with_changes(name="Mine", min_bet=500))
    True
    >>> rules_key(rules) == rules_key(rules.with_changes(decks=2))
    False
    """
    lines = [line for line in rules.summary_lines() if line.split(" = ", 1)[0] not in IGNORED_OPTIONS]
    text = f"format = {FORMAT}\n" + "\n".join(lines)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:24]


def analysis_key(rules: Rules) -> str:
    """The name of a rule set's analysis in the cache: its `rules_key`, marked when the analysis
    is exact (the default where the exact mode runs compiled), so the two modes never mix."""
    return rules_key(rules) + ("-exact" if compiled_odds() else "")


def cached_analysis(rules: Rules, *, use_disk: bool = True) -> Analysis:
    """The analysis of a rule set: from memory, else from the disk cache, else computed and stored."""
    key = analysis_key(rules)
    found = _memory.get(key)
    if found is None and use_disk:
        found = _read(cache_dir() / f"{key}.json", rules)
    if found is None:
        found = analyze(rules)
        if use_disk:
            store_json(f"{key}.json", to_json(found))
    elif found.rules_name != rules.name:
        found = replace(found, rules_name=rules.name, chart=_renamed(found.chart, rules.name))
    _memory[key] = found
    return found


def clear_memory() -> None:
    """Forget the analyses held in memory (the files stay)."""
    _memory.clear()


def _renamed(chart: StrategyChart, name: str) -> StrategyChart:
    return StrategyChart(name, chart.ups, chart.cells, chart.double_after_split, chart.pair_by_value)


def to_json(analysis: Analysis) -> dict[str, Any]:
    """An analysis as plain JSON values (what the cache file holds)."""
    chart = analysis.chart
    return {
        "format": FORMAT,
        "rules_name": analysis.rules_name,
        "house_edge": analysis.house_edge,
        "optimal_house_edge": analysis.optimal_house_edge,
        "seconds": analysis.seconds,
        "exact": analysis.exact,
        "chart": {
            "ups": list(chart.ups),
            "double_after_split": chart.double_after_split,
            "pair_by_value": chart.pair_by_value,
            "cells": [[kind, value, up, code] for (kind, value, up), code in chart.codes().items()],
        },
        "dealer": [[row.up, list(row.probabilities), row.given_no_blackjack] for row in analysis.dealer],
    }


def from_json(data: dict[str, Any], rules: Rules) -> Analysis:
    """An analysis read back from `to_json` output. Raises KeyError, TypeError or ValueError if broken."""
    if data["format"] != FORMAT:
        raise ValueError("an old cache format")
    chart_data = data["chart"]
    chart = StrategyChart.from_codes(
        rules.name,
        chart_data["ups"],
        {(kind, int(value), up): code for kind, value, up, code in chart_data["cells"]},
        double_after_split=bool(chart_data["double_after_split"]),
        pair_by_value=bool(chart_data["pair_by_value"]),
    )
    dealer = tuple(
        DealerOdds(up, as_distribution([float(p) for p in probs]), bool(given))
        for up, probs, given in data["dealer"]
    )
    return Analysis(
        rules_name=rules.name,
        chart=chart,
        house_edge=float(data["house_edge"]),
        optimal_house_edge=float(data["optimal_house_edge"]),
        dealer=dealer,
        seconds=float(data["seconds"]),
        exact=bool(data.get("exact", False)),
    )


def _read(path: Path, rules: Rules) -> Analysis | None:
    try:
        return from_json(json.loads(path.read_text(encoding="utf-8")), rules)
    except (OSError, ValueError, KeyError, TypeError, IndexError):
        return None
