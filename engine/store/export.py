"""Exporting hand history: JSON lines in the engine's round-record format, or CSV with one row per hand.

The JSONL export writes the saved record lines unchanged, one round per line, so
`blackjack replay FILE.jsonl` plays every exported round to the saved results. A round a
player bet in is exported whole (every seat), since a record needs the whole table.
The CSV export has one row per settled hand (only the player's hands when one is named)
under `CSV_HEADER`; money is in units ("12.50"), and the seat columns (`insurance`,
`seat_net`, `bankroll_after`) repeat on each of a seat's hands.
"""

from __future__ import annotations

import csv
from pathlib import Path

from engine.money import format_money
from engine.store.database import Store
from engine.store.errors import StoreError
from engine.store.history import HandRow, hand_rows, round_records

CSV_HEADER = (
    "round", "played_at", "session", "seat", "player", "hand", "cards", "dealer", "bet", "stake",
    "doubled", "split", "surrendered", "total", "result", "net", "insurance", "seat_net",
    "bankroll_after",
)
"""The CSV export's columns, in order."""

FORMATS = (".jsonl", ".csv")
"""The file suffixes `export_history` knows."""


def export_history(store: Store, path: str | Path, *, player: str | None = None) -> int:
    """Write the history (of one player, or everyone) to a .jsonl or .csv file; returns the rounds written.

    Raises StoreError for another suffix, an unknown player, or a file that cannot be written.
    """
    target = Path(path)
    suffix = target.suffix.lower()
    if suffix not in FORMATS:
        raise StoreError(f"cannot export to {target.name}: the file must end in .jsonl or .csv")
    if suffix == ".jsonl":
        records = round_records(store, player=player)
        _write(target, "".join(line + "\n" for line in records))
        return len(records)
    rows = hand_rows(store, player=player)
    _write_csv(target, rows)
    return len({row.round_id for row in rows})


def csv_row(row: HandRow) -> list[str]:
    """One hand as the CSV export writes it, in `CSV_HEADER` order."""
    return [
        str(row.round_id), row.played_at, row.session or "", str(row.seat), row.player, str(row.hand),
        row.cards, row.dealer, format_money(row.bet), format_money(row.stake), _flag(row.doubled),
        _flag(row.from_split), _flag(row.surrendered), str(row.total), row.result, format_money(row.net),
        "" if row.insurance_net is None else format_money(row.insurance_net), format_money(row.seat_net),
        format_money(row.bankroll_after),
    ]


def _flag(value: bool) -> str:
    return "1" if value else "0"


def _write(target: Path, text: str) -> None:
    try:
        target.write_text(text, encoding="utf-8")
    except OSError as error:
        raise StoreError(f"cannot write {target}: {error.strerror}") from None


def _write_csv(target: Path, rows: list[HandRow]) -> None:
    try:
        with target.open("w", encoding="utf-8", newline="") as stream:
            writer = csv.writer(stream)
            writer.writerow(CSV_HEADER)
            writer.writerows(csv_row(row) for row in rows)
    except OSError as error:
        raise StoreError(f"cannot write {target}: {error.strerror}") from None
