"""`blackjack history [--player NAME] [--export FILE.jsonl|.csv] [--json] [--data-dir DIR]`: list or export.

Without --export it prints the hands of the most recent rounds; with it, it writes the
file (JSONL in the round-record format `blackjack replay` reads, or CSV one row per hand)
and says how many rounds went in. With --json it prints one JSON object per saved round,
oldest first, the unfinished round included (`engine.store.history_entries`).
The data folder is --data-dir, else $BLACKJACK_DATA_DIR, else the user's data folder from
platformdirs. A missing database is reported, not created.
"""

from __future__ import annotations

import argparse
import errno
import os
import stat
import sys
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from engine.rules import Rules
    from engine.store.history import HandRow

NAME = "history"
HELP = "list the saved hand history, or export it as JSON lines (replayable) or CSV"

APP_NAME = "blackjack-table"
"""The application name platformdirs files the data folder under."""

DATA_DIR_ENV = "BLACKJACK_DATA_DIR"
"""The environment variable that overrides the default data folder."""

NAME_MAX = 255
"""The longest name (one part of a path) file systems allow, in bytes (ext4, APFS; NTFS: 255 characters)."""

_COLUMNS = ("round", "played", "player", "hand", "dealer", "bet", "result", "net", "bankroll")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Declare the command's arguments."""
    parser.add_argument("--player", metavar="NAME", help="only this player's rounds")
    parser.add_argument(
        "--export", metavar="FILE.jsonl|FILE.csv", help="write the history to a file instead of listing it"
    )
    parser.add_argument(
        "--data-dir", metavar="DIR", default=argparse.SUPPRESS,
        help=f"the folder holding the database (default: ${DATA_DIR_ENV}, else the user data folder)",
    )
    parser.add_argument("--last", type=int, default=20, metavar="N", help="rounds to list (default 20)")
    parser.add_argument(
        "--json", action="store_true",
        help="print every saved round (the unfinished one too) as one JSON object per line, oldest first",
    )


def default_data_dir() -> Path:
    """$BLACKJACK_DATA_DIR when set, else platformdirs' user data folder for the game."""
    override = os.environ.get(DATA_DIR_ENV)
    if override:
        return Path(override)
    import platformdirs

    return Path(platformdirs.user_data_dir(APP_NAME))


def data_dir(explicit: str | Path | None) -> Path:
    """The data folder: the one given (--data-dir), else `default_data_dir()`.

    Raises StoreError, before anything is created or announced, for an empty --data-dir, a
    name longer than file systems allow, or a path that is there but is not a folder.
    """
    from engine.store import StoreError

    if explicit is not None and not str(explicit):
        raise StoreError("--data-dir is empty; give the folder to keep the history and settings in")
    folder = Path(explicit) if explicit is not None else default_data_dir()
    given = "--data-dir" if explicit is not None else "the data folder"
    longest = max((len(os.fsencode(part)) for part in folder.parts), default=0)
    if longest > NAME_MAX:
        raise StoreError(f"{given} has a name of {longest} bytes; file systems allow at most {NAME_MAX}")
    try:
        mode = folder.stat().st_mode
    except ValueError:  # a NUL character, which no path can hold
        raise StoreError(f"{given} {str(folder)!r} cannot be a folder name") from None
    except OSError as error:
        if error.errno == errno.ENAMETOOLONG:
            raise StoreError(f"{given} is {len(str(folder))} characters long, more than allowed") from None
        # Missing (made at launch) or unreachable: the folder lock and the store say so and save nothing.
        return folder
    if not stat.S_ISDIR(mode):
        raise StoreError(f"{given} {folder} is a file, not a folder")
    return folder


def load_rules_arg(spec: str, args: argparse.Namespace) -> Rules:
    """The rules a `--rules` argument names: a preset id, a table saved in the data folder, or a file."""
    from engine.rulesets import load_rules
    from engine.tables import tables_folder

    return load_rules(spec, tables=tables_folder(data_dir(getattr(args, "data_dir", None))))


def run(args: argparse.Namespace) -> int:
    """List or export the history; returns the exit status (StoreError for a bad request)."""
    import json

    from engine.store import DATABASE_NAME, StoreError, export_history, hand_rows, history_entries, open_store

    if args.last < 0:
        raise StoreError(f"--last must be 0 or more, not {args.last}")
    folder = data_dir(getattr(args, "data_dir", None))
    if not (folder / DATABASE_NAME).exists():
        print(f"no saved history in {folder}", file=sys.stderr if args.json else sys.stdout)
        return 0
    skipped: list[str] = []  # a sentence per garbled round left out
    with open_store(folder) as store:
        if store.notice:
            print(store.notice, file=sys.stderr)
        if args.json:
            for entry in history_entries(store, player=args.player, skipped=skipped):
                print(json.dumps(entry, separators=(",", ":")))
        elif args.export:
            count = export_history(store, args.export, player=args.player, skipped=skipped)
            print(f"exported {count} round{'' if count == 1 else 's'} to {args.export}")
        else:
            rows = hand_rows(store, player=args.player, last_rounds=args.last, skipped=skipped)
    for problem in skipped:
        print(f"blackjack: {problem}", file=sys.stderr)
    if args.json or args.export:
        return 0
    if not rows:
        print("no rounds saved yet" + (f" for {args.player}" if args.player else ""))
        return 0
    print_table([_cells(row) for row in rows])
    return 0


def print_table(lines: list[tuple[str, ...]]) -> None:
    """Print rows under the column titles, numbers right-aligned."""
    table = [_COLUMNS, *lines]
    widths = [max(len(line[i]) for line in table) for i in range(len(_COLUMNS))]
    numeric = {0, 5, 7, 8}
    for line in table:
        cells = (
            cell.rjust(width) if i in numeric else cell.ljust(width)
            for i, (cell, width) in enumerate(zip(line, widths, strict=True))
        )
        print("  ".join(cells).rstrip())


def _cells(row: HandRow) -> tuple[str, ...]:
    from engine.money import format_money

    result = row.result + (" (doubled)" if row.doubled else "")
    return (
        str(row.round_id), row.played_at.replace("T", " ")[:16], row.player, f"{row.cards} ({row.total})",
        row.dealer or "-", format_money(row.stake), result, format_money(row.net, sign=True),
        format_money(row.bankroll_after),
    )
