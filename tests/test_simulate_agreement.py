"""The simulated EV of the basic bot agrees with `blackjack odds` for every shipped preset.

Each preset plays `ROUNDS` rounds on the fast path with a fixed seed (so the test is
deterministic). With eleven presets, eleven 95% intervals would miss about four times in
ten by chance alone, so each is widened to a family-wise 95% interval (Bonferroni).
docs/simulate.md gives a larger run.
"""

from __future__ import annotations

from statistics import NormalDist

import pytest

from engine import load_rules, preset_ids
from engine.odds import house_edge
from engine.simulate import Z95, Plan, run

PRESETS = preset_ids()
ROUNDS = 200_000
FAMILY_Z = NormalDist().inv_cdf(1 - 0.05 / (2 * len(PRESETS)))


@pytest.mark.parametrize("preset", PRESETS)
def test_basic_strategy_ev_agrees_with_the_odds_house_edge(preset):
    rules = load_rules(preset)
    summary = run(Plan(rules, "basic", rounds=ROUNDS, seed=2024, rules_name=preset), workers=2)
    expected = -house_edge(rules)
    allowed = summary.half_width * FAMILY_Z / Z95
    assert abs(summary.ev - expected) <= allowed, (
        f"{preset}: simulated {summary.ev:+.4%} ± {summary.half_width:.4%}, odds {expected:+.4%}"
    )
