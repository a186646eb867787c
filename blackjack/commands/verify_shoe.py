"""`blackjack verify-shoe [SHOE] [--file FILE] [--json] [--data-dir DIR]`: check a shoe's commitment.

For each revealed shoe in the history (or the one numbered SHOE) it recomputes the SHA-256 of
the revealed order and salt (`engine.audit`), compares it with the commitment saved before the
shoe's first round, and checks that every round dealt from the shoe took its cards in that
order; one line per shoe, then a line per problem or note. A shoe still sealed is said to be
so. `--json` prints each shoe as one JSON object (commitment, order, salt, rounds), which
`--file` checks on its own, so a shoe can be handed to someone else to verify.

Exit status: 0 when every shoe checked holds, 1 when one does not, 2 for a bad argument,
file or database (one line on stderr).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from blackjack.commands import count

if TYPE_CHECKING:
    from engine.store import ShoeRecord

NAME = "verify-shoe"
HELP = "check a finished shoe: its order and salt against the fingerprint shown before it, and its rounds"

FILE_LIMIT = 1_000_000
"""The largest --file read, in bytes (a shoe's JSON is a few kilobytes)."""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Declare the command's arguments."""
    parser.add_argument(
        "shoe", nargs="?", type=count(1), metavar="SHOE", help="the shoe's number (default: every shoe)"
    )
    parser.add_argument(
        "--file", metavar="FILE", help="check a shoe written by --json instead of the history's shoes"
    )
    parser.add_argument("--json", action="store_true", help="print each shoe as one JSON object per line")
    parser.add_argument(
        "--data-dir", metavar="DIR", default=argparse.SUPPRESS,
        help="the folder holding the database (default: $BLACKJACK_DATA_DIR, else the user data folder)",
    )


def run(args: argparse.Namespace) -> int:
    """Check the shoes asked for; returns the exit status (StoreError or AuditFileError for bad input)."""
    shoes = [_from_file(Path(args.file))] if args.file else _from_history(args)
    if shoes is None:
        return 0
    if args.json:
        for shoe in shoes:
            print(json.dumps(shoe_json(shoe), separators=(",", ":")))
        return 0
    if not shoes:
        print("no shoe fingerprints in the history yet" if args.shoe is None else f"no shoe {args.shoe}")
        return 0 if args.shoe is None else 1
    failed = False
    for shoe in shoes:
        check = shoe.check()
        if check is None:
            print(f"shoe {shoe.shoe_id} ({shoe.fingerprint}): still sealed; its order and salt are revealed"
                  " when it ends (at the next shuffle, or when its table closes)")
            continue
        print(f"shoe {shoe.shoe_id} ({shoe.fingerprint}): {check.summary}")
        for problem in check.problems:
            print(f"  problem: {problem}")
        for note in check.notes:
            print(f"  note: {note}")
        failed = failed or not check.ok
    return 1 if failed else 0


def shoe_json(shoe: ShoeRecord) -> dict[str, Any]:
    """A shoe as `--json` prints it and `--file` reads it."""
    return {
        "shoe": shoe.shoe_id, "committed_at": shoe.committed_at, "commitment": shoe.digest,
        "burned": shoe.burned, "revealed_at": shoe.revealed_at, "order": shoe.order, "salt": shoe.salt,
        "rounds": [{"round": round_id, "cards": cards} for round_id, cards in shoe.rounds],
    }


def _from_history(args: argparse.Namespace) -> list[ShoeRecord] | None:
    from blackjack.commands.history import data_dir
    from engine.store import DATABASE_NAME, StoreError, open_store, shoe_records
    from engine.store.database import inspect_file

    folder = data_dir(getattr(args, "data_dir", None))
    path = folder / DATABASE_NAME
    if not path.exists():
        print(f"no saved history in {folder}", file=sys.stderr if args.json else sys.stdout)
        return None
    problem = inspect_file(path)  # a damaged file is reported, never moved aside by a check
    if problem is not None:
        raise StoreError(f"the history {path} {problem}")
    with open_store(folder) as store:
        return shoe_records(store, shoe_id=args.shoe, limit=None)


def _from_file(path: Path) -> ShoeRecord:
    from engine.errors import RecordError
    from engine.store import ShoeRecord

    try:
        with path.open("rb") as stream:
            data = stream.read(FILE_LIMIT + 1)
    except OSError as error:
        raise RecordError(f"cannot read {path}: {error.strerror or error}") from None
    if len(data) > FILE_LIMIT:
        raise RecordError(f"{path} is larger than {FILE_LIMIT} bytes; a shoe's JSON is a few kilobytes")
    try:
        shoe = json.loads(data.decode("utf-8"))
    except (UnicodeDecodeError, ValueError):
        raise RecordError(f"{path} is not JSON, so not a shoe `blackjack verify-shoe --json` wrote") from None
    except RecursionError:
        raise RecordError(
            f"{path} nests its JSON too deeply to be a shoe `blackjack verify-shoe --json` wrote") from None
    if not isinstance(shoe, dict):
        raise RecordError(f"{path} must hold one JSON object, as `blackjack verify-shoe --json` writes")
    rounds = shoe.get("rounds")
    digest, order, salt = shoe.get("commitment"), shoe.get("order"), shoe.get("salt")
    if not (isinstance(digest, str) and isinstance(order, str) and isinstance(salt, str)):
        raise RecordError(f"{path} has no revealed shoe: it needs text in 'commitment', 'order' and 'salt'")
    if not isinstance(rounds, list) or not all(_round_entry(entry) for entry in rounds):
        raise RecordError(f"{path}: 'rounds' must be a list of objects with a whole 'round' and text 'cards'")
    burned = shoe.get("burned", 0)
    if type(burned) is not int or burned < 0:
        raise RecordError(f"{path}: 'burned' must be a whole number of cards, 0 or more")
    number = shoe.get("shoe")
    return ShoeRecord(
        shoe_id=number if type(number) is int else 0, committed_at=str(shoe.get("committed_at")),
        session=None,
        digest=digest, burned=burned, revealed_at=str(shoe.get("revealed_at")), order=order,
        salt=salt, rounds=tuple((r["round"], r["cards"]) for r in rounds),
    )


def _round_entry(entry: object) -> bool:
    """Whether a --file's round entry is an object with a whole 'round' and text 'cards'."""
    return isinstance(entry, dict) and type(entry.get("round")) is int and isinstance(entry.get("cards"), str)
