"""The counter's figures: per-true-count tallies, win rate, SD, SCORE, N0 and risk of ruin."""

from __future__ import annotations

import math
import random

import pytest

from engine import load_rules, risk
from engine.bots import NoviceStyle, ramp_for_spread
from engine.simulate import TRUE_COUNTS, Plan, Summary, Tally, run, run_chunk

STRIP = load_rules("vegas-strip")


def test_score_is_the_win_per_100_rounds_of_10000_bet_at_the_kelly_risk_of_ruin():
    mu, sigma = 0.02, 1.15  # per round, in units of some bet
    scale = 10_000 * mu / sigma**2  # the bet that makes a $10,000 bankroll's risk of ruin e^-2
    assert risk.risk_of_ruin(scale * mu, scale * sigma, 10_000) == pytest.approx(math.exp(-2))
    assert risk.score(mu, sigma) == pytest.approx(100 * scale * mu)
    assert risk.score(mu, sigma) == pytest.approx(1e6 / risk.n0(mu, sigma))
    assert risk.desirability_index(mu, sigma) ** 2 == pytest.approx(risk.score(mu, sigma))


def test_n0_is_where_the_expected_win_equals_one_standard_deviation():
    mu, sigma = 0.01, 1.2
    rounds = risk.n0(mu, sigma)
    assert rounds * mu == pytest.approx(sigma * math.sqrt(rounds))


def test_a_game_without_an_edge_ruins_for_sure_and_has_no_score_or_n0():
    for mu in (0.0, -0.005):
        assert risk.risk_of_ruin(mu, 1.1, 1_000_000) == 1.0
        assert risk.n0(mu, 1.1) is None and risk.score(mu, 1.1) is None
        assert risk.desirability_index(mu, 1.1) is None


def test_the_trip_risk_grows_with_the_trip_towards_the_lifetime_risk():
    mu, sigma, bankroll = 0.01, 1.1, 50.0
    trips = [risk.trip_risk_of_ruin(mu, sigma, bankroll, n) for n in (100, 1_000, 10_000, 100_000, 10**8)]
    assert trips == sorted(trips) and trips[0] < 0.01
    assert trips[-1] == pytest.approx(risk.risk_of_ruin(mu, sigma, bankroll))
    assert risk.trip_risk_of_ruin(-0.05, 1.0, 10, 10**6) == pytest.approx(1.0)


def test_the_trip_risk_matches_a_simulated_random_walk():
    rng = random.Random(5)
    step_up = 0.52  # steps of +1 or -1: mu = 0.04, sigma² = 1 - mu²
    mu, sigma = 2 * step_up - 1, math.sqrt(1 - (2 * step_up - 1) ** 2)
    bankroll, rounds, trips = 12, 300, 2000
    ruined = 0
    for _ in range(trips):
        money = bankroll
        for _ in range(rounds):
            money += 1 if rng.random() < step_up else -1
            if money <= 0:
                ruined += 1
                break
    share = ruined / trips
    expected = risk.trip_risk_of_ruin(mu, sigma, bankroll, rounds)
    # the diffusion overstates a ±1 walk's ruin slightly (it cannot overshoot); the share is within 3.5 SE
    assert abs(share - expected) < 3.5 * math.sqrt(expected * (1 - expected) / trips) + 0.02


def test_the_spread_sets_the_counter_ramp():
    assert ramp_for_spread(8) == (1, 2, 4, 6, 8) and ramp_for_spread(4) == (1, 1, 2, 3, 4)
    with pytest.raises(ValueError, match="spread"):
        ramp_for_spread(0)
    with pytest.raises(ValueError, match="spread"):
        Plan(STRIP, "counter", spread=0)


def test_the_counter_tally_by_true_count_adds_up_to_the_whole():
    tally = run_chunk(Plan(STRIP, "counter", seats=2, rounds=3000, seed=4), 0)
    assert len(tally.by_count) == len(TRUE_COUNTS)
    for name in ("rounds", "seat_rounds", "net", "net_squares", "bet", "bet_squares", "net_bet"):
        assert sum(getattr(t, name) for t in tally.by_count) == getattr(tally, name), name


def test_each_true_count_bucket_bets_what_the_ramp_says_for_that_count():
    spread = 12
    summary = run(Plan(STRIP, "counter", rounds=20_000, seed=8, spread=spread), workers=1)
    ramp = ramp_for_spread(spread)
    rows = {row["true_count"]: row for row in summary.true_counts()}
    assert rows[-3]["average_bet"] == rows[1]["average_bet"] == STRIP.min_bet / 100
    for true_count in (2, 3, 4, 5, 7):
        assert rows[true_count]["average_bet"] == ramp[min(true_count - 1, 4)] * STRIP.min_bet / 100
    assert sum(row["frequency"] for row in rows.values()) == pytest.approx(1)
    assert sum(row["rounds"] for row in rows.values()) == summary.tally.rounds


def test_count_tallies_merge_exactly_in_any_order():
    plan = Plan(STRIP, "counter", rounds=2_500, seed=1)
    a, b = run_chunk(plan, 0), run_chunk(Plan(STRIP, "counter", rounds=2_500, seed=2), 0)
    flat = Tally(1, 1, 1000, 1_000_000, 1000, 1_000_000, 1_000_000)  # another bot's tally has no counts
    assert a + b == b + a and (a + b).by_count != a.by_count
    assert (a + flat).by_count == a.by_count == (flat + a).by_count


def test_other_bots_and_an_infinite_deck_have_no_true_counts():
    assert run_chunk(Plan(STRIP, "basic", rounds=500, seed=1), 0).by_count == ()
    infinite = run(Plan(load_rules("infinite-deck"), "counter", rounds=500, seed=1), workers=1)
    assert infinite.tally.by_count == () and "true_counts" not in infinite.to_dict()


def test_the_risk_figures_come_from_the_rounds_net_in_units_and_betting_units():
    nets = [2000, -1000, -1000, 3000, 0, -1000, 1000, -1000]  # cents, one seat at a 10-unit minimum
    tally = Tally(len(nets), len(nets), sum(nets), sum(n * n for n in nets), 1000 * len(nets),
                  1000 * 1000 * len(nets), 1000 * sum(nets))
    figures = Summary(Plan(STRIP, "counter"), tally).risk(bankroll=100_000)
    mean = sum(nets) / len(nets) / 100
    sd = math.sqrt(sum((n / 100 - mean) ** 2 for n in nets) / (len(nets) - 1))
    assert figures["win_per_100_rounds"] == pytest.approx(100 * mean)
    assert figures["win_per_100_rounds_units"] == pytest.approx(10 * mean)
    assert figures["sd_per_round"] == pytest.approx(sd)
    assert figures["sd_per_round_units"] == pytest.approx(sd / 10)
    assert figures["n0"] == pytest.approx((sd / mean) ** 2)
    assert figures["risk_of_ruin"] == pytest.approx(math.exp(-2 * mean * 1000 / sd**2))


def test_a_losing_game_reports_certain_ruin_and_no_score():
    plan = Plan(STRIP, "novice", rounds=5000, seed=3, novice_style=NoviceStyle.MIMIC_DEALER)
    summary = run(plan, workers=1)
    assert summary.round_mean < 0
    figures = summary.risk(bankroll=1_000_000)
    assert figures["risk_of_ruin"] == 1.0 and figures["score"] is None and figures["n0"] is None
