"""A check for the game tests (no tests here): every round the game saved replays to what it saved."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

from engine.record import replay_record
from engine.store import DATABASE_NAME


def assert_saved_rounds_replay(folder: Path) -> int:
    """Replay each finished round's record and hold it to its saved hands and bankrolls; returns how many."""
    with sqlite3.connect(folder / DATABASE_NAME) as db:
        rounds = db.execute("SELECT id, record FROM rounds WHERE unfinished = 0 ORDER BY id").fetchall()
        for round_id, line in rounds:
            played = replay_record(json.loads(line))
            saved_hands = db.execute(
                "SELECT seat, hand, cards, result, net FROM hands WHERE round_id = ? ORDER BY seat, hand",
                (round_id,),
            ).fetchall()
            replayed = [
                (seat, hand.index, " ".join(c.code for c in hand.cards), getattr(hand.result, "value", None),
                 hand.net)
                for seat in range(len(played.table.seat_names))
                for hand in played.hands(seat)
            ]
            assert replayed == saved_hands, f"round {round_id} replays to other hands: {line}"
            after = [row[0] for row in db.execute(
                "SELECT bankroll_after FROM round_seats WHERE round_id = ? ORDER BY seat", (round_id,)
            )]
            assert list(played.table.bankrolls()) == after, f"round {round_id} replays to other bankrolls"
    return len(rounds)
