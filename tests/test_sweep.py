"""Sweeps: every combination runs as its own plan, in one table; bad keys and values are named."""

from __future__ import annotations

import csv
import io
import json

import pytest

from blackjack.cli import main
from engine import load_rules
from engine.simulate import Plan, run
from engine.sweep import Axis, SweepError, combinations, parse_axis, sweep_plans

STRIP = load_rules("vegas-strip")
BASE = Plan(STRIP, "basic", rounds=1500, seed=6)


def test_every_combination_becomes_a_plan_with_its_values_set():
    points = sweep_plans(BASE, [parse_axis("decks=1,2,infinite"), parse_axis("bot=basic,counter"),
                                parse_axis("spread=4,12"), parse_axis("blackjack_pays=3:2,6:5")])
    assert len(points) == 3 * 2 * 2 * 2
    combination, plan = points[-1]
    assert combination == (
        ("decks", "infinite"), ("bot", "counter"), ("spread", "12"), ("blackjack_pays", "6:5")
    )
    assert plan.rules.decks is None and plan.bot == "counter" and plan.spread == 12
    assert str(plan.rules.blackjack_pays) == "6/5" and plan.rounds == BASE.rounds and plan.seed == BASE.seed
    soft = sweep_plans(BASE, [parse_axis("dealer_hits_soft_17=true,false")])
    assert [plan.rules.dealer_hits_soft_17 for _, plan in soft] == [True, False]


def test_the_swept_plan_plays_as_the_same_plan_built_by_hand():
    (_, swept), = sweep_plans(BASE, [parse_axis("decks=2"), parse_axis("seats=2")])
    by_hand = Plan(STRIP.with_settings(decks=2), "basic", seats=2, rounds=1500, seed=6)
    assert run(swept, workers=1).tally == run(by_hand, workers=1).tally


@pytest.mark.parametrize(("text", "named"), [
    ("colour=red,blue", "unknown key 'colour'"),
    ("decks", "KEY=V1,V2"),
    ("decks=1,,2", "no empty value"),
    ("decks=1,1", "given twice"),
])
def test_a_malformed_axis_or_unknown_key_is_named(text, named):
    with pytest.raises(SweepError, match=named):
        parse_axis(text)


@pytest.mark.parametrize(("axis", "named"), [
    ("decks=6,9", "--sweep decks=9: decks: 9 is out of range"),
    ("surrender=late,sometimes", "--sweep surrender=sometimes: key 'surrender': 'sometimes' is not allowed"),
    ("bot=basic,shark", "--sweep bot=shark: there is no such bot"),
    ("seats=1,zero", "--sweep seats=zero: use a whole number"),
    ("spread=0", "--sweep spread=0: use a whole number of 1 or more"),
    ("max_bet=5", "max_bet: 5 is below min_bet 10"),
])
def test_a_value_the_rules_refuse_names_the_key_the_value_and_the_reason(axis, named):
    with pytest.raises(SweepError) as error:
        sweep_plans(BASE, [parse_axis(axis)])
    assert named in str(error.value)


def test_a_key_swept_twice_is_refused():
    with pytest.raises(SweepError, match="swept twice"):
        combinations([Axis("decks", ("1",)), Axis("decks", ("2",))])


def sweep(capsys, *args):
    status = main(["simulate", "--rounds", "1200", "--seed", "5", "--workers", "1", *args])
    out = capsys.readouterr()
    return status, out.out, out.err


def test_the_command_prints_one_table_row_per_combination(capsys):
    status, out, _ = sweep(capsys, "--sweep", "decks=1,6", "--sweep", "bot=basic,counter",
                           "--bankroll", "5000")
    lines = out.splitlines()
    assert status == 0 and lines[0].startswith("vegas-strip: sweep of 4 combinations")
    assert lines[1].split()[:4] == ["decks", "bot", "rounds", "EV"] and lines[1].split()[-1] == "RoR"
    assert [line.split()[:2] for line in lines[2:6]] == [["1", "basic"], ["1", "counter"], ["6", "basic"],
                                                        ["6", "counter"]]
    assert "undefined where the win rate is not positive" in out


def test_the_sweep_as_csv_and_json_carry_the_same_figures(capsys):
    args = ("--sweep", "decks=1,6", "--sweep", "bot=basic,counter", "--bankroll", "5000")
    _, text, _ = sweep(capsys, *args, "--csv")
    _, data, _ = sweep(capsys, *args, "--json")
    rows = list(csv.DictReader(io.StringIO(text)))
    document = json.loads(data)
    assert document["sweep"] == {"decks": ["1", "6"], "bot": ["basic", "counter"]}
    assert len(rows) == len(document["results"]) == 4
    for row, result in zip(rows, document["results"], strict=True):
        assert {"decks": row["decks"], "bot": row["bot"]} == result["combination"]
        assert float(row["ev"]) == result["ev"] and int(row["rounds"]) == result["rounds"] == 1200
        assert row["score"] == ("" if result["risk"]["score"] is None else str(result["risk"]["score"]))


def test_each_sweep_point_equals_the_single_run_of_its_options(capsys):
    _, data, _ = sweep(capsys, "--sweep", "decks=2", "--sweep", "spread=4", "--bot", "counter", "--json")
    (point,) = json.loads(data)["results"]
    _, single, _ = sweep(capsys, "--rules", "vegas-strip", "--bot", "counter", "--spread", "4", "--json",
                         "--sweep", "decks=2")
    single_point = json.loads(single)["results"][0]
    assert single_point.pop("combination") == {"decks": "2"} and point.pop("combination")["spread"] == "4"
    assert single_point == point
    status, alone, _ = sweep(capsys, "--bot", "counter", "--spread", "4", "--json")
    assert status == 0 and json.loads(alone)["spread"] == 4 and "true_counts" in json.loads(alone)


@pytest.mark.parametrize(("args", "named"), [
    (("--sweep", "colour=red"), "unknown key 'colour'"),
    (("--sweep", "surrender=late,sometimes"), "--sweep surrender=sometimes"),
    (("--trip-rounds", "100"), "--trip-rounds needs --bankroll"),
])
def test_bad_sweep_input_exits_2_before_any_round_is_played(capsys, args, named):
    status, out, err = sweep(capsys, *args)
    assert status == 2 and out == "" and named in err and err.startswith("blackjack: ")


def test_the_counter_report_has_the_true_count_table_and_the_risk_figures(capsys):
    status, out, _ = sweep(capsys, "--bot", "counter", "--bankroll", "10000", "--trip-rounds", "1000")
    assert status == 0
    assert "true count" in out and "avg bet" in out and "+2 " in out
    assert "win rate:" in out and "standard deviation:" in out
    assert "risk of ruin with a bankroll of 10,000" in out
    assert "within 1,000 rounds" in out
    assert "SCORE" in out


def test_a_losing_bot_with_a_bankroll_says_score_and_n0_are_undefined(capsys):
    status, out, _ = sweep(capsys, "--bot", "novice", "--novice-style", "mimic-dealer", "--bankroll", "1000",
                           "--rounds", "3000")
    assert status == 0 and "SCORE, N0 and DI: undefined" in out and "100% played forever" in out
