"""A one-deck hot-seat game killed at random points never loses a shoe's commitment nor reveals a shoe early.

After every run (a SIGKILL or a frame limit): every round in the history names the shoe it was
dealt from, so its commitment was saved before the round's first journal step; a shoe an
unfinished round deals from is still sealed; every revealed shoe verifies; and a round a kill
cut is finished by the next launch from the same shoe.
"""

from __future__ import annotations

import json
import random
import time

from engine.store import open_store, shoe_records
from tests.kill_checks import check_history, launch, prepare


def check_shoes(folder) -> dict[int, int]:
    """Check the shoes' promises; return each round's shoe."""
    with open_store(folder) as store:
        rounds = store.rows("SELECT id, shoe_id, unfinished FROM rounds ORDER BY id")
        shoes = {shoe.shoe_id: shoe for shoe in shoe_records(store)}
    assert rounds, "rounds were played"
    for row in rounds:
        assert row["shoe_id"] in shoes, f"round {row['id']} names no saved commitment"
    for row in rounds:
        if row["unfinished"]:
            assert shoes[row["shoe_id"]].revealed_at is None, "the shoe of an unfinished round is revealed"
    for shoe in shoes.values():
        check = shoe.check()
        assert check is None or check.ok, f"shoe {shoe.shoe_id}: {check.problems}"
    return {row["id"]: row["shoe_id"] for row in rounds}


def test_kills_neither_lose_a_commitment_nor_reveal_a_shoe_early(tmp_path):
    folder = tmp_path / "data"
    prepare(folder)
    settings = json.loads((folder / "settings.json").read_text())
    (folder / "settings.json").write_text(json.dumps({**settings, "rules": "single-deck"}))
    rng = random.Random(7)
    cut, shoes, revealed = None, {}, 0
    for number, how in enumerate(("kill", "kill", "frames", "kill", "frames")):
        game = launch(folder, seed=number, frames=900 if how == "frames" else 1_000_000)
        if how == "kill":
            time.sleep(rng.uniform(2.0, 4.5))
            game.kill()
        _, errors = game.communicate(timeout=120)
        assert game.returncode == (-9 if how == "kill" else 0), errors
        before = cut
        cut, _ = check_history(folder, cut)
        now = check_shoes(folder)
        assert all(now[round_id] == shoe for round_id, shoe in shoes.items()), "a round changed its shoe"
        if before is not None:
            assert now[before.round_id] == shoes[before.round_id], "a resumed round goes on with its shoe"
        shoes = now
        with open_store(folder) as store:
            revealed = sum(shoe.revealed_at is not None for shoe in shoe_records(store))
    assert revealed >= 2, "one-deck shoes ended and were revealed"
