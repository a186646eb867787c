"""Real processes on a real SQLite file: a killed game loses nothing settled; two games share a file."""

from __future__ import annotations

import json
import os
import random
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from engine.money import to_cents
from engine.record import replay_record
from engine.store import DATABASE_NAME, Store, open_store, unfinished_round
from tests.test_store_worker import WORKER_BANKROLL

ROOT = Path(__file__).resolve().parent.parent

pytestmark = pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs POSIX signals")


def start_worker(
    folder: Path, players: str, *, seed: int, rounds: int = 0, options: tuple[str, ...] = ()
) -> subprocess.Popen[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.Popen(
        [sys.executable, "-m", "tests.test_store_worker", str(folder), "--players", players,
         "--seed", str(seed), "--rounds", str(rounds), *options],
        cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )


def kill_after_saves(worker: subprocess.Popen[str], saves: int, pause: float) -> list[int]:
    """Read `saved N` lines until `saves` came, wait `pause` seconds, then SIGKILL; returns the ids read."""
    return [int(line.split()[1]) for line in kill_after_lines(worker, saves, pause)]


def kill_after_lines(worker: subprocess.Popen[str], count: int, pause: float) -> list[str]:
    """Read `count` acknowledgement lines, wait `pause` seconds, then SIGKILL; returns the lines read."""
    assert worker.stdout is not None
    acknowledged = []
    deadline = time.monotonic() + 30
    while len(acknowledged) < count:
        line = worker.stdout.readline()
        assert line, f"the worker stopped early: {worker.stderr.read() if worker.stderr else ''}"
        acknowledged.append(line.strip())
        assert time.monotonic() < deadline, "the worker is too slow"
    time.sleep(pause)
    worker.send_signal(signal.SIGKILL)
    worker.wait(timeout=10)
    assert worker.returncode == -signal.SIGKILL
    assert worker.stdout is not None and worker.stderr is not None
    worker.stdout.close()
    worker.stderr.close()
    return acknowledged


def check_history(folder: Path) -> dict[str, int]:
    """Assert the file is sound and every saved round complete and consistent; returns rounds per player."""
    connection = sqlite3.connect(folder / DATABASE_NAME)
    assert connection.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
    assert connection.execute("PRAGMA foreign_key_check").fetchall() == []
    connection.close()
    rounds_per_player: dict[str, int] = {}
    with open_store(folder) as store:
        assert store.notice is None
        last_after: dict[int, int] = {}
        for round_row in store.rows("SELECT id, record FROM rounds WHERE unfinished = 0 ORDER BY id"):
            record = json.loads(round_row["record"])
            seats = store.rows(
                "SELECT * FROM round_seats WHERE round_id = ? ORDER BY seat", (round_row["id"],)
            )
            assert len(seats) == len(record["seats"]), f"round {round_row['id']} is missing seats"
            replayed = replay_record(record)
            for seat in seats:
                assert seat["bankroll_before"] == to_cents(record["seats"][seat["seat"]]["bankroll"])
                assert seat["bankroll_after"] == replayed.table.bankroll(seat["seat"])
                hands = store.rows(
                    "SELECT net FROM hands WHERE round_id = ? AND seat = ? ORDER BY hand",
                    (round_row["id"], seat["seat"]),
                )
                assert [h["net"] for h in hands] == [h.net for h in replayed.hands(seat["seat"])]
                profile_id = seat["profile_id"]
                if profile_id in last_after:
                    assert seat["bankroll_before"] == last_after[profile_id], "a round went missing"
                last_after[profile_id] = seat["bankroll_after"]
                rounds_per_player[seat["name"]] = rounds_per_player.get(seat["name"], 0) + 1
            decisions = store.rows("SELECT COUNT(*) FROM decisions WHERE round_id = ?", (round_row["id"],))
            assert decisions[0][0] in (len(record["decisions"]), 0), "as judged (a resumed round: none)"
        stakes = unfinished_stakes(store)
        for profile in store.rows("SELECT id, name, bankroll FROM profiles"):
            nets = store.rows(
                "SELECT COALESCE(SUM(net), 0) FROM round_seats WHERE profile_id = ?", (profile["id"],)
            )
            expected = WORKER_BANKROLL + nets[0][0] - stakes.get(profile["id"], 0)
            assert profile["bankroll"] == expected, f"{profile['name']}'s bankroll drifted"
            if profile["id"] in last_after:
                assert last_after[profile["id"]] - stakes.get(profile["id"], 0) == expected
    return rounds_per_player


def unfinished_stakes(store: Store) -> dict[int, int]:
    """What each profile has on the table in the unfinished round (checking it resumes to its own cards)."""
    assert store.rows("SELECT COUNT(*) FROM rounds WHERE unfinished = 1")[0][0] <= 1
    interrupted = unfinished_round(store)
    if interrupted is None:
        return {}
    resumed = interrupted.resume()  # raises unless the shoe deals exactly the journaled cards
    assert [card.code for card in resumed.drawn] == interrupted.record["shoe"]
    return {
        profile.id: resumed.start_bankrolls[seat] - resumed.table.bankroll(seat)
        for seat, profile in enumerate(interrupted.profiles)
        if profile is not None
    }


def check_acknowledged(folder: Path, last: str) -> None:
    """Assert the database holds at least the last step the worker said was saved."""
    word, round_id, *decisions = last.split()
    with open_store(folder) as store:
        (row,) = store.rows("SELECT unfinished, record FROM rounds WHERE id = ?", (int(round_id),))
    if word == "saved":
        assert not row["unfinished"], f"round {round_id} was acknowledged as saved"
    elif row["unfinished"] and decisions:
        assert len(json.loads(row["record"])["decisions"]) >= int(decisions[0]), f"{last} was lost"


def test_a_game_killed_mid_play_keeps_every_settled_round_and_nothing_half_written(tmp_path):
    acknowledged: list[int] = []
    for attempt, pause in enumerate((0.0, 0.013, 0.031)):
        worker = start_worker(tmp_path, "Ann,Bob", seed=attempt + 1)
        acknowledged += kill_after_saves(worker, saves=15, pause=pause)
        counts = check_history(tmp_path)
        assert counts["Ann"] == counts["Bob"] >= len(acknowledged)
    with open_store(tmp_path) as store:
        saved = {row[0] for row in store.rows("SELECT id FROM rounds")}
    assert set(acknowledged) <= saved


def test_a_game_killed_inside_a_save_leaves_no_part_of_that_round(tmp_path):
    worker = start_worker(tmp_path, "Ann,Bob", seed=4, rounds=5, options=("--stall-in-save",))
    assert worker.stdout is not None
    lines = [worker.stdout.readline().strip() for _ in range(6)]
    assert lines[-1] == "stalled", lines
    reader = sqlite3.connect(tmp_path / DATABASE_NAME)
    assert reader.execute("SELECT COUNT(*) FROM rounds").fetchone() == (5,), "a reader sees only commits"
    reader.close()
    kill_after_saves(worker, saves=0, pause=0.0)
    assert check_history(tmp_path) == {"Ann": 5, "Bob": 5}
    with open_store(tmp_path) as store:
        assert store.rows("SELECT MAX(round_id) FROM round_seats")[0][0] == 5


def test_two_games_opening_and_saving_to_one_file_at_once_lose_nothing(tmp_path):
    rounds = 150
    start = ("--start-at", str(time.time() + 1.0), "--pause", "0.003")
    workers = [
        start_worker(tmp_path, "Ann,Bob", seed=1, rounds=rounds, options=start),
        start_worker(tmp_path, "Cy,Dee", seed=2, rounds=rounds, options=start),
    ]
    for worker in workers:
        out, err = worker.communicate(timeout=60)
        assert worker.returncode == 0, err
        assert len(out.split("\n")) - 1 == rounds
    counts = check_history(tmp_path)
    assert counts == {"Ann": rounds, "Bob": rounds, "Cy": rounds, "Dee": rounds}
    with open_store(tmp_path) as store:
        seat_0 = store.rows("SELECT name FROM round_seats WHERE seat = 0 ORDER BY round_id")
    order = "".join(row[0][0] for row in seat_0)
    assert order.count("AC") + order.count("CA") > 1, f"the two games did not overlap: {order}"


def test_a_journaling_game_killed_at_any_moment_resumes_its_round_and_loses_or_repeats_nothing(tmp_path):
    moments = random.Random(5)
    mid_round = 0
    # Where a kill lands is the machine's timing: five kills at random moments, and more (on a
    # loaded machine all five once landed between rounds) until one has landed inside a round.
    for attempt in range(30):
        worker = start_worker(tmp_path, "Ann,Bob", seed=attempt + 1, options=("--journal",))
        lines = kill_after_lines(worker, moments.randint(3, 25), moments.uniform(0.0, 0.02))
        check_history(tmp_path)
        check_acknowledged(tmp_path, lines[-1])
        with open_store(tmp_path) as store:
            mid_round += unfinished_round(store) is not None
        if mid_round and attempt >= 4:
            break
    assert mid_round, "no kill landed inside a round"
    with open_store(tmp_path) as store:
        begun = store.rows("SELECT COUNT(*) FROM rounds")[0][0]
        interrupted = unfinished_round(store)
    worker = start_worker(tmp_path, "Ann,Bob", seed=9, rounds=1, options=("--journal",))
    out, err = worker.communicate(timeout=30)
    assert worker.returncode == 0, err
    if interrupted is not None:
        assert out.split("\n")[0] == f"resumed {interrupted.round_id}"
        assert f"saved {interrupted.round_id}" in out
    check_history(tmp_path)
    with open_store(tmp_path) as store:
        assert unfinished_round(store) is None
        assert store.rows("SELECT COUNT(*) FROM rounds")[0][0] == begun + 1


def test_a_journaling_game_killed_inside_the_finishing_save_resumes_the_round_from_its_last_step(tmp_path):
    worker = start_worker(tmp_path, "Ann,Bob", seed=4, rounds=3, options=("--journal", "--stall-in-save"))
    assert worker.stdout is not None
    lines = []
    while not lines or lines[-1] != "stalled":
        lines.append(worker.stdout.readline().strip())
        assert lines[-1], "the worker stopped before stalling"
    kill_after_lines(worker, 0, 0.0)
    last_step = lines[-2]
    check_history(tmp_path)
    with open_store(tmp_path) as store:
        interrupted = unfinished_round(store)
        assert interrupted is not None and interrupted.round_id == 4 and last_step.split()[1] == "4"
        if last_step.startswith("step"):
            assert len(interrupted.record["decisions"]) == int(last_step.split()[2])
        assert interrupted.resume().is_over, "the round was over; only its save was cut"
        assert store.rows("SELECT COUNT(*) FROM round_seats WHERE round_id = 4")[0][0] == 0
    worker = start_worker(tmp_path, "Ann,Bob", seed=4, rounds=1, options=("--journal",))
    out, err = worker.communicate(timeout=30)
    assert worker.returncode == 0, err
    assert out.split("\n")[:2] == ["resumed 4", "saved 4"]
    assert check_history(tmp_path) == {"Ann": 5, "Bob": 5}
