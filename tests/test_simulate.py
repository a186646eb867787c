"""The simulator: deterministic chunks, exact merging, the CI, the CLI, its progress bar and Ctrl-C."""

from __future__ import annotations

import json
import math
import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from blackjack.cli import main
from engine import Result, load_rules
from engine.simulate import CHUNK_ROUNDS, Plan, Summary, Tally, chunk_seed, run, run_chunk
from tests.process_helpers import hear_ctrl_c

ROOT = Path(__file__).resolve().parent.parent
STRIP = load_rules("vegas-strip")


def test_chunks_cover_the_rounds_and_their_seeds_depend_only_on_the_run_seed_and_index():
    plan = Plan(STRIP, "novice", rounds=2 * CHUNK_ROUNDS + 7)
    assert plan.chunks() == [CHUNK_ROUNDS, CHUNK_ROUNDS, 7]
    assert Plan(STRIP, "novice", rounds=0).chunks() == []
    assert chunk_seed(5, 1) == chunk_seed(5, 1)
    assert len({chunk_seed(5, i) for i in range(100)} | {chunk_seed(6, 0)}) == 101


def test_tallies_add_exactly():
    a = Tally(2, 2, -1000, 2_000_000, 2000, 2_000_000, -1_000_000, (0, 1, 0, 1, 0, 0))
    b = Tally(1, 1, 1500, 2_250_000, 1000, 1_000_000, 1_500_000, (1, 0, 0, 0, 0, 0))
    total = a + b
    assert total == Tally(3, 3, 500, 4_250_000, 3000, 3_000_000, 500_000, (1, 1, 0, 1, 0, 0))
    assert total.hands == 3 and total.count(Result.BLACKJACK) == 1


def test_the_interval_is_the_textbook_one_for_flat_bets():
    nets = [1000, -1000, -1000, 1500, 0, -1000, 1000, -500]
    tally = Tally(len(nets), len(nets), sum(nets), sum(n * n for n in nets), 1000 * len(nets),
                  1000 * 1000 * len(nets), 1000 * sum(nets))
    summary = Summary(Plan(STRIP, "basic"), tally)
    units = [n / 1000 for n in nets]
    mean = sum(units) / len(units)
    sd = math.sqrt(sum((u - mean) ** 2 for u in units) / (len(units) - 1))
    assert summary.ev == pytest.approx(mean)
    assert summary.half_width == pytest.approx(1.959963984540054 * sd / math.sqrt(len(units)))


def test_one_round_has_no_interval():
    summary = Summary(Plan(STRIP, "basic"), Tally(1, 1, 1000, 1_000_000, 1000, 1_000_000, 1_000_000))
    assert summary.half_width == math.inf and summary.to_dict()["ci95"] is None


@pytest.mark.parametrize(("preset", "bot", "seats"), [
    ("vegas-strip", "counter", 2), ("double-up", "novice", 1), ("european", "basic", 3),
])
def test_the_fast_path_and_the_round_give_the_same_tally(preset, bot, seats):
    rules = load_rules(preset)
    fast = Plan(rules, bot, seats=seats, rounds=600, seed=3)
    slow = Plan(rules, bot, seats=seats, rounds=600, seed=3, engine="round")
    assert run_chunk(fast, 0) == run_chunk(slow, 0)


def test_the_same_seed_gives_the_same_result_at_any_worker_count():
    plan = Plan(STRIP, "novice", rounds=CHUNK_ROUNDS + 500, seed=12)
    one = run(plan, workers=1)
    two = run(plan, workers=2)
    assert one.tally == two.tally and one.to_dict() == two.to_dict()
    assert one.tally.rounds == plan.rounds


def test_workers_do_not_inherit_a_lock_another_thread_holds(monkeypatch):
    """A forked worker would: a thread's lock (a progress bar's, a Dask client's) held at the
    moment of the fork stays held in the child for ever, and the run never ends."""
    import engine.simulate

    held = threading.Lock()
    real_run_chunk = engine.simulate.run_chunk

    def run_chunk_under_the_lock(plan, index):
        if not held.acquire(timeout=5):
            raise AssertionError("the worker waited on a lock its parent's other thread held")
        held.release()
        return real_run_chunk(plan, index)

    monkeypatch.setattr(engine.simulate, "run_chunk", run_chunk_under_the_lock)
    release = threading.Event()

    def hold_the_lock():
        with held:
            release.wait(30)

    holder = threading.Thread(target=hold_the_lock)
    holder.start()
    try:
        summary = run(Plan(STRIP, "novice", rounds=2 * CHUNK_ROUNDS, seed=4), workers=2)
    finally:
        release.set()
        holder.join()
    assert summary.tally.rounds == 2 * CHUNK_ROUNDS


def test_a_summary_gives_rates_that_add_up():
    summary = run(Plan(STRIP, "basic", rounds=5000, seed=2), workers=1)
    rates = summary.rates()
    assert rates["win"] + rates["push"] + rates["loss"] == pytest.approx(1)
    assert 0 < rates["blackjack"] < rates["win"] and 0 < rates["bust"] < rates["loss"]
    assert summary.average_bet == STRIP.min_bet / 100


def test_the_counter_bets_more_than_the_minimum_on_average():
    summary = run(Plan(STRIP, "counter", rounds=5000, seed=2), workers=1)
    assert summary.average_bet > STRIP.min_bet / 100


def test_an_interrupt_returns_what_was_gathered(monkeypatch):
    import engine.simulate as simulate

    real = simulate.run_chunk
    calls = []

    def interrupted(plan, index):
        calls.append(index)
        if index == 1:
            raise KeyboardInterrupt
        return real(plan, index)

    monkeypatch.setattr(simulate, "run_chunk", interrupted)
    summary = run(Plan(STRIP, "novice", rounds=3 * CHUNK_ROUNDS, seed=1), workers=1)
    assert summary.interrupted and summary.tally.rounds == CHUNK_ROUNDS and calls == [0, 1]


# ---- the command -------------------------------------------------------------------------


def simulate_json(capsys, *args):
    status = main(["simulate", "--json", *args])
    out = capsys.readouterr()
    return status, json.loads(out.out), out.err


def test_the_command_prints_one_json_object_with_ev_ci_rounds_and_rates(capsys):
    status, out, err = simulate_json(capsys, "--rules", "vegas-strip", "--rounds", "3000", "--seed", "4")
    assert status == 0 and err == "", "no progress bar when stderr is not a terminal"
    assert out["rounds"] == 3000 and out["rules"] == "vegas-strip" and out["bot"] == "basic"
    low, high = out["ci95"]
    assert low < out["ev"] < high
    assert set(out["rates"]) == {"win", "push", "loss", "blackjack", "bust", "surrender"}
    assert out["interrupted"] is False


def test_the_command_gives_the_same_output_for_one_worker_or_two(capsys):
    args = ("--rules", "european", "--rounds", str(CHUNK_ROUNDS + 100), "--seed", "9", "--bot", "novice",
            "--seats", "2")
    _, one, _ = simulate_json(capsys, *args, "--workers", "1")
    _, two, _ = simulate_json(capsys, *args, "--workers", "2")
    assert one == two


def test_the_command_report_for_people(capsys):
    assert main(["simulate", "--rounds", "2000", "--seed", "1", "--bot", "counter", "--quiet"]) == 0
    out = capsys.readouterr().out
    assert "EV per initial unit" in out and "95% CI" in out and "per 100 rounds" in out


def test_the_counter_index_table_prints(capsys):
    assert main(["simulate", "--bot", "counter", "--show-indices"]) == 0
    assert "hard 16" in capsys.readouterr().out


def test_a_bad_rules_name_is_reported(capsys):
    assert main(["simulate", "--rules", "no-such-rules", "--rounds", "10"]) == 2
    assert "no preset or rules file" in capsys.readouterr().err


def run_command(*args, **kwargs):
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.Popen([sys.executable, "-m", "blackjack", "simulate", *args], cwd=ROOT, env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, **kwargs)


def test_ctrl_c_stops_the_workers_and_prints_what_was_gathered():
    # The most rounds a run takes: the kernel plays 100 million in under eight seconds on two cores.
    process = run_command("--rounds", "10000000000", "--seed", "1", "--bot", "novice", "--json",
                          "--workers", "2", preexec_fn=hear_ctrl_c)
    time.sleep(8)
    process.send_signal(signal.SIGINT)
    out, err = process.communicate(timeout=60)
    assert process.returncode == 130, err
    result = json.loads(out)
    assert result["interrupted"] is True and 0 <= result["rounds"] < 10_000_000_000
    assert result["rounds"] % CHUNK_ROUNDS == 0
    assert "interrupted" in err


def test_the_progress_bar_draws_on_a_terminal():
    from tests.process_helpers import run_on_a_terminal

    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done, drawn = run_on_a_terminal(
        [sys.executable, "-m", "blackjack", "simulate", "--rounds", str(2 * CHUNK_ROUNDS), "--seed", "1",
         "--bot", "novice", "--workers", "1", "--json"],
        cwd=ROOT, env=env, timeout=120,
    )
    assert done.returncode == 0 and json.loads(done.stdout)["rounds"] == 2 * CHUNK_ROUNDS
    assert "simulating" in drawn and "rounds" in drawn
