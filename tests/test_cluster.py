"""--cluster: the same seeded chunks on Dask give the identical result; unreachable or missing, it says so."""

from __future__ import annotations

import gc
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from blackjack.cli import main
from blackjack.extras import MissingExtraError
from engine import load_rules
from engine.simulate import CHUNK_ROUNDS, Plan, run_all
from tests.process_helpers import hear_ctrl_c

ROOT = Path(__file__).resolve().parent.parent
STRIP = load_rules("vegas-strip")


@pytest.fixture(autouse=True)
def collect_dropped_clients():
    """Collect each test's Dask clients once it ends, while no lock is held.

    A dropped client closes itself in `__del__`, which takes the lock every Dask loop
    runner shares; collected in the middle of the next cluster's start, which holds that
    lock, it waits on it for ever (a hang seen here). `blackjack simulate` makes one
    cluster a process; this file makes many.
    """
    yield
    gc.collect()


@pytest.fixture
def client():
    """An in-process cluster for one test: one left running would share the process with the next
    test's own cluster and pool."""
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(n_workers=1, threads_per_worker=2, processes=False,
                                  dashboard_address=":0") as cluster, distributed.Client(cluster) as dask:
        yield dask


def test_a_sweep_on_the_cluster_merges_to_exactly_the_local_result(client):
    from blackjack.cluster import played_on

    plans = [Plan(STRIP, "counter", rounds=rounds, seed=11, spread=spread)
             for rounds, spread in ((CHUNK_ROUNDS + 200, 4), (700, 12))]
    plans.append(Plan(STRIP.with_settings(decks=2), "basic", seats=2, rounds=900, seed=11))
    on_cluster = run_all(plans, played=played_on(client, plans))
    local = run_all(plans, workers=1)
    assert [s.tally for s in on_cluster] == [s.tally for s in local]
    assert [s.to_dict(100_000) for s in on_cluster] == [s.to_dict(100_000) for s in local]
    assert on_cluster[0].tally.by_count and not on_cluster[0].interrupted


def test_closing_the_stream_early_cancels_what_is_left(client):
    from blackjack.cluster import played_on

    plans = [Plan(STRIP, "novice", rounds=8 * CHUNK_ROUNDS, seed=2)]
    stream = played_on(client, plans)
    index, first = next(stream)
    stream.close()
    assert index == 0 and first.rounds == CHUNK_ROUNDS
    deadline = time.monotonic() + 10
    while client.processing() and any(client.processing().values()) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not any(client.processing().values()), "the cancelled chunks still run"


def json_run(capsys, *args):
    status = main(["simulate", "--json", "--rules", "european", "--bot", "novice", "--seats", "2",
                   "--rounds", str(CHUNK_ROUNDS + 300), "--seed", "21", *args])
    out = capsys.readouterr()
    return status, out.out, out.err


def test_cluster_local_prints_the_same_json_as_a_local_run(capsys):
    pytest.importorskip("distributed")
    status, on_cluster, err = json_run(capsys, "--cluster", "local", "--workers", "1")
    assert status == 0, err
    _, local, _ = json_run(capsys, "--workers", "2")
    assert json.loads(on_cluster) == json.loads(local)
    assert json.loads(on_cluster)["rounds"] == CHUNK_ROUNDS + 300


class CountingBar:
    """Stands in for the tqdm bar: what it was told, in order."""

    def __init__(self, total: int) -> None:
        self.total, self.updates, self.closed = total, [], False

    def update(self, count: int) -> None:
        self.updates.append(count)

    def close(self) -> None:
        self.closed = True


def test_one_bar_counts_every_chunk_the_cluster_plays_for_a_whole_sweep(capsys, monkeypatch):
    pytest.importorskip("distributed")
    import blackjack.commands.simulate as command

    bars: list[CountingBar] = []

    def new_bar(args, total):
        bars.append(CountingBar(total))
        return bars[-1]

    monkeypatch.setattr(command, "_progress_bar", new_bar)
    status = main(["simulate", "--json", "--rules", "european", "--rounds", str(CHUNK_ROUNDS + 300),
                   "--seed", "3", "--sweep", "decks=2,6", "--cluster", "local", "--workers", "1"])
    assert status == 0, capsys.readouterr().err
    (bar,) = bars
    assert bar.total == 2 * (CHUNK_ROUNDS + 300) and sum(bar.updates) == bar.total and bar.closed
    assert sorted(bar.updates) == [300, 300, CHUNK_ROUNDS, CHUNK_ROUNDS], "one update per chunk of each point"


def test_an_unreachable_scheduler_is_named_and_exits_2(capsys, monkeypatch):
    pytest.importorskip("distributed")
    import blackjack.cluster

    monkeypatch.setattr(blackjack.cluster, "CONNECT_SECONDS", 1.0)
    for address, reason in (("tcp://127.0.0.1:9", "Timed out"), ("no-port-here", "missing port")):
        status, out, err = json_run(capsys, "--cluster", address)
        assert status == 2 and out == ""
        assert f"cannot reach the Dask scheduler at {address!r}" in err and reason in err


def test_a_local_worker_that_does_not_start_in_time_is_named_and_exits_2(capsys, monkeypatch):
    pytest.importorskip("distributed")
    import blackjack.cluster

    monkeypatch.setattr(blackjack.cluster, "START_SECONDS", 0.01)  # no worker process starts that fast
    status, out, err = json_run(capsys, "--cluster", "local", "--workers", "1")
    assert status == 2 and out == ""
    assert err.strip() == "blackjack: cannot start a local Dask cluster: a worker did not start within 0.01 s"


def test_a_missing_extra_names_the_extra_and_the_pip_command(capsys, monkeypatch):
    monkeypatch.setitem(sys.modules, "distributed", None)  # import distributed now fails
    monkeypatch.setitem(sys.modules, "matplotlib", None)
    status, out, err = json_run(capsys, "--cluster", "local")
    assert status == 2 and out == ""
    assert "--cluster needs the optional extra 'cluster'" in err
    assert "pip install 'blackjack-table[cluster]'" in err
    status, out, err = json_run(capsys, "--plot", "ev.png")
    assert status == 2 and "--plot needs the optional extra 'plot'" in err and "blackjack-table[plot]" in err
    from blackjack.extras import require

    with pytest.raises(MissingExtraError, match="distributed is not installed"):
        require("distributed", "cluster", "--cluster")


def test_ctrl_c_on_the_cluster_prints_what_was_gathered():
    pytest.importorskip("distributed")
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    process = subprocess.Popen(
        [sys.executable, "-m", "blackjack", "simulate", "--rounds", "100000000", "--seed", "1", "--bot",
         "novice", "--json", "--cluster", "local", "--workers", "1"],
        cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, preexec_fn=hear_ctrl_c,
    )
    time.sleep(7)
    process.send_signal(signal.SIGINT)
    out, err = process.communicate(timeout=60)
    assert process.returncode == 130, err
    result = json.loads(out)
    assert result["interrupted"] is True and 0 <= result["rounds"] < 100_000_000
    assert result["rounds"] % CHUNK_ROUNDS == 0 and "interrupted" in err
