"""`blackjack replay FILE.jsonl [--json]`: play recorded rounds again and report the outcomes."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterator
from typing import Any

NAME = "replay"
HELP = "replay rounds from a JSON-lines history file and print their outcomes"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Declare the command's arguments."""
    parser.add_argument("file", metavar="FILE.jsonl", help="one round record per line ('-' for stdin)")
    parser.add_argument("--json", action="store_true", help="print one JSON object per input line")


def run(args: argparse.Namespace) -> int:
    """Replay every line; a bad line is reported and the others still run. Returns the exit status."""
    from engine.errors import BlackjackError
    from engine.record import replay_record, replay_summary

    failures = 0
    for number, line in numbered_lines(args.file):
        try:
            summary = replay_summary(replay_record(parse_record(line)))
        except BlackjackError as error:
            failures += 1
            _report(args, {"line": number, "error": str(error)})
        else:
            _report(args, summary if args.json else {"line": number, **summary})
    return 1 if failures else 0


def numbered_lines(path: str) -> Iterator[tuple[int, str]]:
    """Each non-blank line of a JSON-lines file ('-' for stdin) with its line number, from 1.

    Raises RecordError when the file cannot be read.
    """
    from engine.errors import RecordError

    try:
        stream = sys.stdin if path == "-" else open(path, encoding="utf-8")  # noqa: SIM115
    except OSError as error:
        raise RecordError(f"cannot read {path}: {error.strerror}") from None
    with stream:
        for number, line in enumerate(stream, start=1):
            if line.strip():
                yield number, line


def parse_record(line: str) -> Any:
    """One line's JSON. Raises RecordError when it is not valid JSON."""
    from engine.errors import RecordError

    try:
        return json.loads(line)
    except json.JSONDecodeError as error:
        raise RecordError(f"not valid JSON ({error.msg})") from None


def _report(args: argparse.Namespace, out: dict[str, Any]) -> None:
    if args.json:
        print(json.dumps(out))
        return
    if "error" in out:
        print(f"line {out['line']}: error: {out['error']}")
        return
    dealer = out["dealer"]
    hands = "; ".join(
        f"seat {h['seat']} {' '.join(h['cards'])} ({h['total']}) {h['result']} {h['net']:+g}"
        for h in out["hands"]
    )
    print(f"line {out['line']}: dealer {' '.join(dealer['cards'])} ({dealer['total']}) | {hands}")
