"""`blackjack replay FILE.jsonl [--json]`: play recorded rounds again and report the outcomes."""

from __future__ import annotations

import argparse
import json
import math
import os
import stat
import sys
from collections.abc import Callable, Iterator
from contextlib import nullcontext
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, BinaryIO, TypeVar, cast

if TYPE_CHECKING:
    from engine.errors import BlackjackError

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
    for number, summary in played_lines(args.file, lambda record, _: replay_summary(replay_record(record))):
        if isinstance(summary, BlackjackError):
            failures += 1
            _report(args, {"line": number, "error": str(summary)})
        else:
            _report(args, summary if args.json else {"line": number, **summary})
    return 1 if failures else 0


T = TypeVar("T")


def played_lines(path: str, play: Callable[[Any, int], T]) -> Iterator[tuple[int, T | BlackjackError]]:
    """Each non-blank line of the file ('-' for stdin) with its number and `play_line`'s result.

    Raises RecordError when the file itself cannot be read (see `record_lines`).
    """
    for line in record_lines(path):
        yield line.number, play_line(line, play)


def play_line(line: Line, play: Callable[[Any, int], T]) -> T | BlackjackError:
    """The line read and given to `play(record, line_number)`: what it returns, or the line's own error."""
    from engine.errors import BlackjackError, RecordError

    try:
        return play(read_record(line), line.number)
    except BlackjackError as error:
        return error
    except (ValueError, TypeError, ArithmeticError, RecursionError) as error:
        # A reader deeper in the engine let a malformed value through: a bug to fix there,
        # named here, but the file's other lines are not lost for it.
        return RecordError(f"the record cannot be read ({type(error).__name__}: {error})")


MAX_LINE_BYTES = 1 << 20
"""The longest line read (1 MiB; a round's record is a few hundred bytes): a longer one is
reported and skipped without ever being held whole, so no input can grow memory without limit."""

MAX_DIGITS = 40
"""The most digits a whole number in a record may have (a seed has at most 20)."""


@dataclass(frozen=True, slots=True)
class Line:
    """One non-blank line of a JSON-lines file, as bytes: it is decoded on its own, so a bad one stays one."""

    number: int
    """The line's number in the file, from 1."""
    data: bytes
    """The line's bytes, at most `MAX_LINE_BYTES` of them."""
    complete: bool = True
    """False when the line was longer than `MAX_LINE_BYTES` and only its start is kept."""


def record_lines(path: str) -> Iterator[Line]:
    """Each non-blank line of a JSON-lines file ('-' for stdin), the one reader of `replay` and `review`.

    Raises RecordError when the file cannot be opened or read, or is not something that ends:
    a path must name a regular file (a folder, a FIFO or a device such as /dev/zero is
    refused before anything is read); standard input may also be a pipe or a terminal.
    """
    from engine.errors import RecordError

    name = "standard input" if path == "-" else path
    stream = _open_input(path)
    try:
        with stream if path != "-" else nullcontext(stream):  # stdin stays Python's to close
            number = 0
            while True:
                data = stream.readline(MAX_LINE_BYTES + 1)
                if not data:
                    return
                number += 1
                complete = len(data) <= MAX_LINE_BYTES or data.endswith(b"\n")
                if not complete:
                    while (rest := stream.readline(MAX_LINE_BYTES)) and not rest.endswith(b"\n"):
                        pass  # the rest of an overlong line is skipped a bounded piece at a time
                if data.strip():
                    yield Line(number, data[:MAX_LINE_BYTES], complete)
    except OSError as error:
        raise RecordError(f"cannot read {name}: {error.strerror or error}") from None


def _open_input(path: str) -> BinaryIO:
    """The file (or stdin) as a binary stream, once it is known to be something that ends."""
    from engine.errors import RecordError

    if path == "-":
        stdin = getattr(sys.stdin, "buffer", None)
        if stdin is None:
            raise RecordError("cannot read standard input: it is closed")
        try:
            kind = os.fstat(stdin.fileno()).st_mode
        except (OSError, ValueError):
            raise RecordError("cannot read standard input: it is closed") from None
        if not (stat.S_ISREG(kind) or stat.S_ISFIFO(kind) or stat.S_ISSOCK(kind) or stdin.isatty()
                or _is_null_device(stdin.fileno())):
            raise RecordError("cannot read standard input: it is not a file, a pipe or a terminal")
        return cast(BinaryIO, stdin)
    try:
        # Non-blocking, so opening a FIFO cannot wait for a writer; a regular file ignores the flag.
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except OSError as error:
        raise RecordError(f"cannot read {path}: {error.strerror or error}") from None
    try:
        kind = os.fstat(fd).st_mode
    except OSError as error:
        os.close(fd)
        raise RecordError(f"cannot read {path}: {error.strerror or error}") from None
    if not stat.S_ISREG(kind):
        os.close(fd)
        what = "a folder" if stat.S_ISDIR(kind) else "not a regular file"
        raise RecordError(f"cannot read {path}: it is {what}; give a JSON-lines file, or '-' to read a pipe")
    return os.fdopen(fd, "rb")


def _is_null_device(fd: int) -> bool:
    """Whether the descriptor is the null device (an empty input, as `< /dev/null` gives)."""
    try:
        return os.path.samestat(os.fstat(fd), os.stat(os.devnull))
    except OSError:
        return False


def read_record(line: Line) -> Any:
    """One line's JSON value, checked as text and as JSON.

    Raises RecordError for a line too long, not UTF-8, not valid JSON, nested too deeply,
    or holding a number JSON does not have (NaN, Infinity) or one out of range (1e999, a
    whole number of more than `MAX_DIGITS` digits).
    """
    from engine.errors import RecordError

    if not line.complete:
        raise RecordError(
            f"the line is longer than {MAX_LINE_BYTES:,} bytes; a round's record is a few hundred"
        )
    try:
        text = line.data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise RecordError(
            f"not UTF-8 text (byte 0x{line.data[error.start]:02x} at position {error.start})"
        ) from None
    try:
        return json.loads(text, parse_constant=_no_constant, parse_float=_finite, parse_int=_whole)
    except json.JSONDecodeError as error:
        raise RecordError(f"not valid JSON ({error.msg})") from None
    except RecursionError:
        raise RecordError("not valid JSON (nested too deeply)") from None


def _no_constant(word: str) -> Any:
    from engine.errors import RecordError

    raise RecordError(f"not valid JSON ({word} is not a JSON number)")


def _finite(text: str) -> float:
    from engine.errors import RecordError

    value = float(text)
    if not math.isfinite(value):
        raise RecordError(f"the number {_cut(text)} is out of range")
    return value


def _whole(text: str) -> int:
    from engine.errors import RecordError

    if len(text.lstrip("-")) > MAX_DIGITS:
        raise RecordError(f"the number {_cut(text)} has more than {MAX_DIGITS} digits")
    return int(text)


def _cut(text: str, limit: int = 24) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


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
