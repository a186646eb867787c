"""A headless hot-seat game killed (SIGKILL) at random points, or quit by --frames, loses and refunds nothing.

After every run: the database is sound, every finished round replays to its stored
bankrolls, each person's bankroll is buy-ins plus rebuys plus settled nets, and a round a
run cut is taken up by the next launch with the cards it was dealt (see tests/kill_checks.py;
bench/kill_resume.py is the long version with many more kills).
"""

from __future__ import annotations

import random
import sqlite3
import time

from engine.store import DATABASE_NAME
from tests.kill_checks import check_history, launch, prepare


def test_sigkills_and_frame_limits_at_random_points_neither_refund_nor_lose_a_round(tmp_path):
    folder = tmp_path / "data"
    prepare(folder)
    rng = random.Random(20240611)
    cut, finished, phases, cuts = None, 0, [], set()
    plan = [("frames", 500), ("kill", 0), ("kill", 0), ("frames", 377), ("kill", 0), ("frames", 1200)]
    for number, (how, frames) in enumerate(plan):
        game = launch(folder, seed=number, frames=frames or 1_000_000)
        if how == "kill":
            time.sleep(rng.uniform(1.5, 4.0))
            game.kill()
        _, errors = game.communicate(timeout=120)
        assert game.returncode == (-9 if how == "kill" else 0), errors
        cut, finished = check_history(folder, cut)
        phases.append(cut.phase if cut else "between rounds")
        cuts |= {cut.round_id} if cut else set()
    assert finished >= 3, f"rounds were played and finished ({phases})"
    with sqlite3.connect(folder / DATABASE_NAME) as connection:
        left = {row[0] for row in connection.execute("SELECT id FROM rounds WHERE unfinished = 1")}
    connection.close()
    last = {cut.round_id} if cut else set()
    assert cuts - last and left <= last, f"every round a run cut was finished by a later one ({phases})"
