"""Killing the game at random points and checking what it left (shared by the kill test and its bench).

`launch` starts a headless hot-seat game (`blackjack --seats ... --autoplay --data-dir D`)
as a subprocess; `check_history` opens the data folder after it ended, however it ended,
and checks every promise of the round journal: the file is sound, every finished round
replays to its stored bankrolls, each person's bankroll is their buy-in plus rebuys plus
their settled nets (less what an unfinished round has on the table), and a round cut
before is now either finished with the cards it was dealt or still unfinished further on.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from engine.record import replay_record
from engine.store import list_profiles, open_store, unfinished_round
from engine.store.journal import continues

ROOT = Path(__file__).resolve().parent.parent
SEATS = "Ann,Bob,bot:basic"
BUY_IN = 100_000
"""What each person brings the first time (the settings' default buy-in, in cents)."""


@dataclass(frozen=True, slots=True)
class Cut:
    """The round a run left unfinished: its id, its record so far, and the phase it was cut in."""

    round_id: int
    record: dict[str, Any]

    @property
    def phase(self) -> str:
        """'betting' (a first card out, no bet), 'dealt' (no decision yet) or 'deciding'."""
        if not any(self.record["bets"]):
            return "betting"
        return "deciding" if self.record["decisions"] else "dealt"


def prepare(folder: Path) -> None:
    """A data folder whose settings play fast and silent."""
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "settings.json").write_text(json.dumps({"speed": "fast", "sound": False}))


def launch(folder: Path, seed: int, frames: int) -> subprocess.Popen[str]:
    """Start a headless hot-seat game on the folder for `frames` frames (at most)."""
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")
    command = [sys.executable, "-m", "game", "--seats", SEATS, "--autoplay", "--data-dir", str(folder),
               "--frames", str(frames), "--seed", str(seed)]
    return subprocess.Popen(command, cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                            text=True)


def check_history(folder: Path, before: Cut | None = None) -> tuple[Cut | None, int]:
    """Check what the last run left; return the round it left unfinished (or None) and the finished rounds.

    `before` is the round the run before it left unfinished, which this run had to take up.
    Raises AssertionError naming the broken promise.
    """
    store = open_store(folder)
    try:
        [[verdict]] = store.rows("PRAGMA integrity_check")
        assert verdict == "ok", f"the database is damaged: {verdict}"
        finished = store.rows("SELECT id, record FROM rounds WHERE unfinished = 0 ORDER BY id")
        for row in finished:
            replayed = replay_record(json.loads(row["record"]))
            stored = store.rows("SELECT bankroll_after FROM round_seats WHERE round_id = ? ORDER BY seat",
                                (row["id"],))
            assert tuple(r[0] for r in stored) == replayed.table.bankrolls(), f"round {row['id']} replays"
        found = unfinished_round(store)
        cut = None if found is None else Cut(found.round_id, dict(found.record))
        off_table: dict[str, int] = {}
        if found is not None:
            live = found.resume()
            seated = [(seat, p) for seat, p in enumerate(found.profiles) if p is not None]
            off_table = {profile.name: live.table.bankroll(seat) for seat, profile in seated}
        for profile in list_profiles(store):
            money = BUY_IN
            for bought, net, after in store.rows(
                "SELECT bankroll_before, net, bankroll_after FROM round_seats rs JOIN rounds r"
                " ON r.id = rs.round_id WHERE rs.profile_id = ? AND r.unfinished = 0 ORDER BY r.id",
                (profile.id,),
            ):
                assert bought - money in (0, BUY_IN), f"{profile.name}: money came from nowhere"
                assert after == bought + net, f"{profile.name}: a round's net does not add up"
                money = after
            assert profile.bankroll == off_table.get(profile.name, money), (
                f"{profile.name} has {profile.bankroll}, not buy-ins + rebuys + settled nets"
            )
        if before is not None:
            again = store.rows("SELECT unfinished, record FROM rounds WHERE id = ?", (before.round_id,))
            assert again, f"round {before.round_id} was lost"
            assert continues(before.record, json.loads(again[0]["record"])), (
                f"round {before.round_id} did not go on with the cards it was dealt"
            )
        return cut, len(finished)
    finally:
        store.close()
