"""`blackjack ramp`: the SCORE-optimal ramp within a spread, from flat bets' EV by count."""

from __future__ import annotations

import itertools
import json
import math

import pytest

from blackjack.cli import main
from engine.counting import CountFigures, Ramp, optimal_ramp, price_ramp, smoothed


def figures(slope: float = 0.005) -> list[CountFigures]:
    """A counter whose edge rises `slope` a count from -0.5% at 0, with about 1.3 units² a round."""
    shares = {-3: 0.05, -2: 0.1, -1: 0.2, 0: 0.3, 1: 0.15, 2: 0.1, 3: 0.06, 4: 0.04}
    return [CountFigures(c, s, slope * c - 0.005, 1.3) for c, s in shares.items()]


def test_pricing_a_ramp_mixes_the_counts_by_their_shares():
    flat = price_ramp(Ramp(((0, 1),)), figures())
    assert flat.mean == pytest.approx(sum(f.share * f.mean for f in figures()))
    assert flat.sd == pytest.approx(math.sqrt(1.3 - flat.mean**2))
    doubled = price_ramp(Ramp(((0, 2),)), figures())
    assert doubled.mean == pytest.approx(2 * flat.mean) and doubled.sd == pytest.approx(2 * flat.sd)


def test_the_optimal_ramp_bets_the_minimum_where_the_edge_is_negative_and_the_top_at_the_best_counts():
    best = optimal_ramp(figures(), 12)
    ramp = best.ramp
    assert [ramp.units(c) for c in (-3, 0, 1)] == [1, 1, 1]  # edge -0.5% and 0: no reason to bet more
    assert ramp.units(4) == 12 and ramp.units(2) < ramp.units(4)
    assert all(ramp.units(c) <= ramp.units(c + 1) for c in range(-3, 4))
    assert best.mean > 0


@pytest.mark.parametrize("other", [
    Ramp(((0, 1), (2, 12))), Ramp(((0, 1), (2, 4), (3, 8), (4, 12))), Ramp(((0, 1), (1, 2), (2, 6), (3, 12))),
    Ramp(((0, 1), (3, 12))),
])
def test_no_other_ramp_within_the_spread_has_a_higher_score(other):
    def ratio(priced):
        return (priced.mean / priced.sd) ** 2

    best = optimal_ramp(figures(), 12)
    assert ratio(best) >= ratio(price_ramp(other, figures())) - 1e-12


def test_a_wider_spread_never_scores_less():
    def ratio(spread):
        priced = optimal_ramp(figures(), spread)
        return (priced.mean / priced.sd) ** 2

    assert ratio(4) <= ratio(8) <= ratio(16)
    assert optimal_ramp(figures(), 1).ramp.spread == 1


def test_smoothing_fits_a_line_and_keeps_the_end_buckets():
    noisy = [CountFigures(c, 0.2, 0.005 * c + (0.01 if c == 1 else 0), 1.3) for c in range(-2, 3)]
    line = smoothed(noisy, keep=(2,))
    assert line[-1] == noisy[-1]
    slopes = {round(b.mean - a.mean, 10) for a, b in itertools.pairwise(line[:-1])}
    assert len(slopes) == 1
    for raw, fitted in zip(noisy[:-1], line[:-1], strict=True):  # the variance is kept
        assert fitted.second_moment - fitted.mean**2 == pytest.approx(raw.second_moment - raw.mean**2)


def test_the_command_prints_a_ramp_the_simulator_takes(capsys):
    status = main(["ramp", "--rules", "vegas-strip", "--system", "hi-lo", "--spread", "1-12", "--bankroll",
                   "10000", "--rounds", "60000", "--workers", "1", "--engine", "fast", "--json"])
    out = json.loads(capsys.readouterr().out)
    assert status == 0
    assert out["system"] == "hi-lo" and out["count"] == "true count" and out["spread"] == 12
    ramp = out["ramp"]
    assert max(step["units"] for step in out["steps"]) <= 12
    assert sum(row["frequency"] for row in out["counts"]) == pytest.approx(1)
    assert out["risk_of_ruin"] is not None and 0 <= out["risk_of_ruin"] <= 1
    status = main(["simulate", "--bot", "counter", f"--ramp={ramp}", "--rounds", "500", "--workers", "1",
                   "--engine", "fast", "--seed", "1", "--json"])
    assert status == 0 and json.loads(capsys.readouterr().out)["counter"]["ramp"] == ramp


def test_an_unbalanced_system_is_ramped_by_its_running_count(capsys):
    status = main(["ramp", "--system", "ko", "--spread", "1-8", "--rounds", "40000", "--workers", "1",
                   "--engine", "fast"])
    out = capsys.readouterr().out
    assert status == 0
    assert "ko ramp within a 1-8 spread" in out and "running count" in out and "-10 or less" in out


@pytest.mark.parametrize(("args", "reason"), [
    (["--spread", "12-1"], "argument --spread: use 1-N"),
    (["--spread", "one"], "argument --spread: use 1-N"),
    (["--system", "bogus"], "blackjack: there is no count system named 'bogus'"),
    (["--rules", "infinite-deck"], "an infinite deck has no count to ramp by"),
])
def test_bad_arguments_are_one_line(capsys, args, reason):
    try:
        status = main(["ramp", "--rounds", "100", "--workers", "1", *args])
    except SystemExit as exit:  # argparse's own refusal
        status = exit.code
    err = capsys.readouterr().err
    assert status == 2 and reason in err.splitlines()[-1]
