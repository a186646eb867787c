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
import json
import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from engine.money import format_money, to_units
from engine.store.database import Store
from engine.store.errors import StoreError
from engine.store.history import HandRow, garbled_round, hand_rows, round_records
from engine.store.profiles import profile_named

CSV_HEADER = (
    "round", "played_at", "session", "seat", "player", "hand", "cards", "dealer", "bet", "stake",
    "doubled", "split", "surrendered", "total", "result", "net", "insurance", "seat_net",
    "bankroll_after",
)
"""The CSV export's columns, in order."""

FORMATS = (".jsonl", ".csv")
"""The file suffixes `export_history` knows."""


def export_history(
    store: Store, path: str | Path, *, player: str | None = None, skipped: list[str] | None = None
) -> int:
    """Write the history (of one player, or everyone) to a .jsonl or .csv file; returns the rounds written.

    The CSV export leaves out a round with a garbled row, adding a sentence to `skipped` when
    given (as `hand_rows`); the JSONL export writes the records as they are saved.
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
    rows = hand_rows(store, player=player, skipped=skipped)
    _write_csv(target, rows)
    return len({row.round_id for row in rows})


def history_entries(
    store: Store, *, player: str | None = None, skipped: list[str] | None = None
) -> list[dict[str, Any]]:
    """Every saved round, oldest first, as `blackjack history --json` prints it (the unfinished one too).

    Each is `{"round", "time", "rules", "unfinished", "record", "seats"}`: `record` is the
    round's record (so far, while unfinished) and `seats` holds per seat `name`, `bet`, `net`
    and `bankroll_after` in units (`net` and `bankroll_after` are None while unfinished).
    With `player`, the finished rounds the player bet in, and the unfinished round when the
    player's profile sits at it with a bet (or before any bet). A round whose row is garbled
    (a record that is not JSON, money that is not whole cents) is left out, and a sentence
    saying so is added to `skipped` when it is given.

    Raises StoreError for an unknown player.
    """
    profile_id = None if player is None else profile_named(store, player).id
    where, parameters = "", []
    if profile_id is not None:
        where = " WHERE round_id IN (SELECT round_id FROM round_seats WHERE bet > 0 AND profile_id = ?)"
        parameters = [profile_id]
    seats: dict[int, list[sqlite3.Row]] = {}
    with _undecoded(store.connection):
        seat_rows = store.rows(
            f"SELECT round_id, name, bet, net, bankroll_after FROM round_seats{where}"
            " ORDER BY round_id, seat",
            parameters,
        )
        round_rows = store.rows("SELECT id, played_at, record, unfinished, journal FROM rounds ORDER BY id")
    for row in seat_rows:
        seats.setdefault(row["round_id"], []).append(row)
    entries = []
    for row in round_rows:
        try:
            entry = _entry(row, seats.get(row["id"]), profile_id)
        except _Garbled as garbled:
            if skipped is not None:
                skipped.append(garbled_round(row["id"], str(garbled)))
            continue
        if entry is not None:
            entries.append(entry)
    return entries


class _Garbled(Exception):
    """A saved round's row cannot be read back; the argument says what is wrong."""


def _entry(
    row: sqlite3.Row, seat_rows: list[sqlite3.Row] | None, profile_id: int | None
) -> dict[str, Any] | None:
    """One round as `history_entries` gives it, None when it is not listed; _Garbled for a garbled row."""
    record = _json_object(row["record"], "record")
    if "rules" not in record:
        raise _Garbled("its record has no rules")
    played_at = _text(row["played_at"], "its time")
    if row["unfinished"]:
        owners = _json_object(row["journal"], "journal").get("profiles")
        bets, named = record.get("bets"), record.get("seats")
        if not (
            isinstance(owners, list) and isinstance(bets, list) and isinstance(named, list)
            and len(owners) == len(bets) == len(named) and all(isinstance(seat, dict) for seat in named)
        ):
            raise _Garbled("its journal and record do not list the same seats")
        betting = not any(bets)
        sits = [owner == profile_id and (bet or betting) for owner, bet in zip(owners, bets, strict=True)]
        if profile_id is not None and not any(sits):
            return None
        listed = [
            {"name": seat.get("name"), "bet": bet, "net": None, "bankroll_after": None}
            for seat, bet in zip(named, bets, strict=True)
        ]
    elif seat_rows is not None:
        listed = [
            {"name": _text(seat["name"], "a seat's name"), "bet": _units(seat["bet"]),
             "net": _units(seat["net"]), "bankroll_after": _units(seat["bankroll_after"])}
            for seat in seat_rows
        ]
    else:
        return None
    return {
        "round": row["id"], "time": played_at, "rules": record["rules"],
        "unfinished": bool(row["unfinished"]), "record": record, "seats": listed,
    }


def _json_object(value: object, column: str) -> dict[str, Any]:
    """The JSON object a text column holds; _Garbled when it holds anything else."""
    try:
        parsed = json.loads(_text(value, f"its {column}"))
    except (ValueError, RecursionError):
        raise _Garbled(f"its {column} is not JSON") from None
    if not isinstance(parsed, dict):
        raise _Garbled(f"its {column} is not a JSON object")
    return parsed


def _units(cents: object) -> int | float:
    """Whole cents as units; _Garbled for anything else in a money column."""
    if type(cents) is not int:
        shown = cents.decode("utf-8", "replace") if isinstance(cents, bytes) else cents  # `_undecoded` text
        raise _Garbled(f"a seat's money is {shown!r:.40}, not whole cents")
    return to_units(cents)


def _text(value: object, what: str) -> str:
    """A text column read by `_undecoded`, as text; _Garbled for anything but UTF-8 text."""
    if not isinstance(value, bytes):
        raise _Garbled(f"{what} is {value!r}, not text")
    try:
        return value.decode("utf-8")
    except UnicodeDecodeError:
        raise _Garbled(f"{what} is not UTF-8 text") from None


@contextmanager
def _undecoded(connection: sqlite3.Connection) -> Iterator[None]:
    """Read text as bytes in the block: one row's bad UTF-8 would fail the whole query."""
    decoding = connection.text_factory
    connection.text_factory = bytes
    try:
        yield
    finally:
        connection.text_factory = decoding


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
