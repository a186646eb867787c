"""The counter's system, true-count setting and ramp from the command line, in reports and in sweeps."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest

from blackjack.cli import main
from engine import load_rules, parse_cards
from engine.bots import DEFAULT_SETUP, CounterBot, CounterSetup, SeatView, make_bot
from engine.counting import SYSTEMS, Precision, Ramp, RampError, Rounding, parse_ramp
from engine.simulate import Plan, run
from engine.sweep import SweepError, parse_axis, sweep_plans

STRIP = load_rules("vegas-strip")


def simulate(capsys, *args: str) -> tuple[int, str, str]:
    status = main(["simulate", "--rounds", "600", "--seed", "5", "--workers", "1", "--engine", "fast", *args])
    out, err = capsys.readouterr()
    return status, out, err


# --- ramps ------------------------------------------------------------------------------------


def test_a_ramp_reads_from_text_with_a_leave_count():
    ramp = parse_ramp("2:2, 1:1 ,3:4,4:8,leave:-1")
    assert ramp == Ramp(((1, 1), (2, 2), (3, 4), (4, 8)), leave=-1)
    assert [ramp.units(c) for c in (-3, 1, 2, 3, 4, 12)] == [1, 1, 2, 4, 8, 8]
    assert ramp.leaves(-1) and ramp.leaves(-5) and not ramp.leaves(0) and not ramp.leaves(None)
    assert parse_ramp(ramp.text()) == ramp


def test_a_ramp_reads_from_toml(tmp_path):
    path = tmp_path / "ramp.toml"
    path.write_text("steps = [[1, 1], [3, 6]]\nleave = -2\n", encoding="utf-8")
    assert parse_ramp(str(path)) == Ramp(((1, 1), (3, 6)), leave=-2)


@pytest.mark.parametrize(("text", "reason"), [
    ("1:1,x", "'x' is not COUNT:UNITS"),
    ("a:1", "'a' is not a whole count"),
    ("1:0", "each step of a bet ramp bets one unit or more"),
    ("1:1,1:2", "counts must rise"),
    ("1:1,2:4,leave:3", "would leave at 3, where its ramp already bets more"),
    ("1:100000", "a step bets at most 1000 units"),
])
def test_a_bad_ramp_is_one_sentence_naming_it(text, reason):
    with pytest.raises(RampError) as error:
        parse_ramp(text)
    assert str(error.value).startswith(f"ramp {text!r}: ") and reason in str(error.value)


@pytest.mark.parametrize(("toml", "reason"), [
    ("steps = [[1, 1], [2]]\n", "use a list of [COUNT, UNITS] pairs"),
    ("steps = [[1, 1]]\nleave = 0.5\n", "key 'leave': use a whole count"),
    ("steps = [[1, 1]]\nwong = 1\n", "unknown key 'wong'"),
    ("steps = [[1, nan]]\n", "use a list of [COUNT, UNITS] pairs"),
    ("steps = \n", "not valid TOML"),
])
def test_a_bad_ramp_file_is_one_sentence_naming_it(tmp_path, toml, reason):
    path = tmp_path / "ramp.toml"
    path.write_text(toml, encoding="utf-8")
    with pytest.raises(RampError) as error:
        parse_ramp(str(path))
    assert str(error.value).startswith(f"ramp file '{path}': ") and reason in str(error.value)
    with pytest.raises(RampError, match="is a folder, not a regular file"):
        parse_ramp(str(tmp_path) + "/")


# --- the counter bot ---------------------------------------------------------------------------


def view(seen: str, rules=STRIP, shuffles: int = 1) -> SeatView:
    return SeatView(rules, 0, None, (), 0, 0, None, 0, 10**9, parse_cards(seen), shuffles)


def test_the_counter_bets_its_ramp_by_its_systems_count():
    setup = CounterSetup(system=SYSTEMS["ko"], ramp=parse_ramp("-20:1,-14:3"))
    ko = make_bot("counter", STRIP, counter=setup)
    assert isinstance(ko, CounterBot)
    assert ko.bet(view("")) == STRIP.min_bet  # KO starts at -20 in six decks
    assert ko.bet(view("2 3 4 5 6 7")) == 3 * STRIP.min_bet  # running -14: no division by decks
    assert ko.running_count == -14
    zen = make_bot("counter", STRIP, counter=CounterSetup(system=SYSTEMS["zen"]))
    assert isinstance(zen, CounterBot)
    zen.bet(view("5 5 5 5 5 5 5 5 5 5 5 5 5"))  # +26 with 299 cards left: true count 4.5
    assert zen.running_count == 26 and zen.bet_true_count == 4


def test_the_default_setup_is_todays_hi_lo_counter():
    bot = make_bot("counter", STRIP)
    assert isinstance(bot, CounterBot)
    assert bot.system.key == "hi-lo" and bot.ramp == Ramp.from_units((1, 2, 4, 6, 8))
    assert bot.precision is Precision.EXACT and bot.rounding is Rounding.FLOOR
    assert DEFAULT_SETUP.plays is None


def test_fixed_hi_lo_plays_run_off_the_true_count_even_for_an_unbalanced_system():
    ko = make_bot("counter", STRIP, counter=CounterSetup(system=SYSTEMS["ko"]))
    assert isinstance(ko, CounterBot) and ko.plays_on_true_count
    given = make_bot("counter", STRIP, counter=CounterSetup(system=SYSTEMS["ko"], plays=ko.plays))
    assert isinstance(given, CounterBot) and not given.plays_on_true_count
    seen = view("8 8 8")
    # Three neutral cards: KO's true count is its excess over 3 x 4/52, floored; its running count -20.
    assert ko.play_count(seen) == -1 and given.play_count(seen) == -20


def test_a_counter_can_leave_the_shoe_and_the_simulator_takes_it_to_a_fresh_one():
    setup = CounterSetup(ramp=parse_ramp("1:1,2:4,leave:-1"))
    plan = Plan(STRIP, "counter", rounds=3000, seed=2, engine="fast", counter=setup)
    left = run(plan, workers=1)
    stay = run(Plan(STRIP, "counter", rounds=3000, seed=2, engine="fast",
                    counter=CounterSetup(ramp=parse_ramp("1:1,2:4"))), workers=1)
    assert left.tally.rounds == stay.tally.rounds == 3000
    rows = {row["true_count"]: row for row in left.true_counts()}
    assert all(count >= -1 for count in rows), "no round is bet below the leave count"
    assert min(row["true_count"] for row in stay.true_counts()) < -1


def test_the_round_engine_leaves_the_shoe_the_same_way():
    setup = CounterSetup(ramp=parse_ramp("1:1,2:4,leave:-1"))
    fast = run(Plan(STRIP, "counter", rounds=300, seed=4, engine="fast", counter=setup), workers=1)
    slow = run(Plan(STRIP, "counter", rounds=300, seed=4, engine="round", counter=setup), workers=1)
    assert fast.tally == slow.tally


# --- the command line --------------------------------------------------------------------------


def test_simulate_plays_the_system_and_ramp_asked_for(capsys):
    status, out, _ = simulate(capsys, "--bot", "counter", "--system", "KO", "--ramp=-4:1,0:4,4:8",
                              "--precision", "half", "--rounding", "round", "--json")
    assert status == 0
    result = json.loads(out)
    assert result["counter"] == {"system": "ko", "system_name": "KO", "balanced": False, "precision": "half",
                                 "rounding": "round", "ramp": "-4:1,0:4,4:8", "indices": "fixed"}
    assert result["spread"] == 8 and result["true_counts"]
    status, out, _ = simulate(capsys, "--bot", "counter", "--system", "wong-halves", "--bankroll", "5000")
    assert status == 0
    assert "counter: Wong Halves (true count; decks left exact, floor), ramp 1:1,2:2,3:4,4:6,5:8" in out
    assert "SCORE" in out and "risk of ruin with a bankroll of 5,000" in out and "true count" in out


@pytest.mark.parametrize(("args", "reason"), [
    (["--system", "hi-lo-lo"], "blackjack: there is no count system named 'hi-lo-lo'; the systems are hi-lo"),
    (["--system", "no/mine.toml"], "blackjack: count system file 'no/mine.toml': there is no such file"),
    (["--ramp", "1:1,2"], "blackjack: ramp '1:1,2': '2' is not COUNT:UNITS"),
    (["--ramp", "1:1", "--spread", "4"], "blackjack: give --ramp or --spread, not both"),
])
def test_a_bad_system_or_ramp_is_one_line_and_exit_2(capsys, args, reason):
    status, out, err = simulate(capsys, "--bot", "counter", *args)
    assert status == 2 and out == ""
    assert err.strip() == reason or err.startswith(reason), err
    assert err.count("\n") == 1


def test_a_custom_system_file_plays(capsys, tmp_path):
    path = tmp_path / "mine.toml"
    path.write_text('name = "Mine"\ntags = [-1, 1, 1, 1, 1, 1, 0.5, 0, 0, -1]\n'
                    "initial_running_count_per_deck = -1\n", encoding="utf-8")
    status, out, _ = simulate(capsys, "--bot", "counter", "--system", str(path), "--json")
    assert status == 0 and json.loads(out)["counter"]["system_name"] == "Mine"


def test_a_sweep_compares_systems_in_one_table(capsys):
    status, out, _ = simulate(capsys, "--bot", "counter", "--sweep", "system=hi-lo,ko,zen",
                              "--bankroll", "5000")
    assert status == 0
    lines = out.splitlines()
    assert "sweep of 3 combinations" in lines[0]
    assert lines[1].split()[:3] == ["system", "rounds", "EV"] and "SCORE" in lines[1] and "RoR" in lines[1]
    assert [line.split()[0] for line in lines[2:5]] == ["hi-lo", "ko", "zen"]


def test_sweep_plans_set_the_counters_system_precision_and_rounding():
    base = Plan(STRIP, "counter", rounds=10)
    points = sweep_plans(base, [parse_axis("system=ko,Omega II"), parse_axis("precision=half"),
                                parse_axis("rounding=truncate")])
    assert [plan.counter.system.key for _, plan in points] == ["ko", "omega-ii"]
    assert {(plan.counter.precision, plan.counter.rounding) for _, plan in points} == {
        (Precision.HALF, Rounding.TRUNCATE)}
    with pytest.raises(SweepError, match="--sweep system=nope: there is no count system named 'nope'"):
        sweep_plans(base, [parse_axis("system=nope")])
    with pytest.raises(SweepError, match="--sweep rounding=up: use floor, truncate, round"):
        sweep_plans(base, [parse_axis("rounding=up")])


def test_the_running_count_property_is_exact_for_half_point_systems():
    bot = make_bot("counter", STRIP, counter=CounterSetup(system=SYSTEMS["wong-halves"]))
    assert isinstance(bot, CounterBot)
    bot.bet(view("2 7 5"))
    assert bot.running_count == Fraction(5, 2)
