"""The `blackjack` command line: headless commands never load pygame, and every exit is quiet."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from blackjack.cli import EXIT_BROKEN_PIPE, EXIT_INTERRUPTED, main
from engine.store import open_store
from tests.process_helpers import hear_ctrl_c
from tests.test_record_and_cli import split_round_line

ROOT = Path(__file__).resolve().parent.parent

PROBE = """\
import sys
from blackjack.cli import main
try:
    status = main(sys.argv[1:])
except SystemExit as done:
    status = done.code
print("pygame loaded:", "pygame" in sys.modules, "status:", status, file=sys.stderr)
"""
"""Runs the command line in this interpreter, then says whether pygame was loaded."""


@pytest.fixture
def headless_argvs(tmp_path):
    """One small, quick command line per headless subcommand, plus --help."""
    records = tmp_path / "rounds.jsonl"
    records.write_text(split_round_line() + "\n")
    open_store(tmp_path).close()  # an empty database, so `history` opens the store
    return {
        "help": ["--help"],
        "rules": ["rules", "european"],
        "rules-words": ["rules", "european", "--words"],
        "rules-effects": ["rules", "infinite-deck", "--effects", "--json"],
        "strategy": ["strategy", "--rules", "vegas-strip", "--format", "csv"],
        "odds": ["odds", "--rules", "vegas-strip", "--hand", "T,6", "--up", "T"],
        "simulate": ["simulate", "--rounds", "20", "--seed", "1", "--workers", "1", "--quiet"],
        "replay": ["replay", str(records)],
        "review": ["review", str(records)],
        "history": ["history", "--data-dir", str(tmp_path)],
    }


COMMANDS = (
    "rules", "rules-words", "rules-effects", "strategy", "odds", "simulate", "replay", "review", "history",
)


def blackjack(*argv: str, unbuffered: bool = False, **kwargs) -> subprocess.Popen[str]:
    """Start `python -m blackjack ARGV` in a fresh interpreter, stdout block-buffered unless `unbuffered`.

    Buffered, a closed pipe shows up when the output is flushed; unbuffered, at the first write.
    """
    env = {name: value for name, value in os.environ.items() if name != "PYTHONUNBUFFERED"}
    if unbuffered:
        env["PYTHONUNBUFFERED"] = "1"
    kwargs.setdefault("stderr", subprocess.PIPE)
    command = [sys.executable, "-m", "blackjack", *argv]
    return subprocess.Popen(command, cwd=ROOT, env=env, text=True, **kwargs)


def into_a_closed_pipe(argv: list[str], *, unbuffered: bool) -> tuple[int, str]:
    """Run the command with its stdout a pipe nobody reads any more; its status and stderr."""
    reader, writer = os.pipe()
    os.close(reader)  # the reader has gone before the first line: every write meets a closed pipe
    try:
        process = blackjack(*argv, unbuffered=unbuffered, stdout=writer)
    finally:
        os.close(writer)
    _, err = process.communicate(timeout=120)
    return process.returncode, err


@pytest.mark.parametrize("command", ("help", *COMMANDS))
def test_headless_commands_never_import_pygame(command, headless_argvs):
    done = subprocess.run(
        [sys.executable, "-c", PROBE, *headless_argvs[command]],
        cwd=ROOT, capture_output=True, text=True, timeout=120,
    )
    assert done.stdout, "the command printed nothing"
    assert done.stderr.splitlines()[-1] == "pygame loaded: False status: 0", done.stderr


@pytest.mark.parametrize("command", ("help", *COMMANDS))
def test_every_command_ends_quietly_when_nobody_reads_its_output(command, headless_argvs):
    status, err = into_a_closed_pipe(headless_argvs[command], unbuffered=False)
    assert status == EXIT_BROKEN_PIPE and err == "", err


@pytest.mark.parametrize("command", COMMANDS)
def test_every_command_ends_quietly_when_its_first_write_meets_a_closed_pipe(command, headless_argvs):
    status, err = into_a_closed_pipe(headless_argvs[command], unbuffered=True)
    assert status == EXIT_BROKEN_PIPE and err == "", err


def test_output_stops_quietly_when_the_reader_leaves_after_the_first_line():
    # unbuffered: each line reaches the pipe when it is printed
    process = blackjack("replay", "-", unbuffered=True, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                        preexec_fn=hear_ctrl_c)
    line = split_round_line() + "\n"
    process.stdin.write(line)
    process.stdin.flush()
    assert process.stdout.readline().startswith("line 1: dealer")
    process.stdout.close()  # like `| head -1`
    process.stdin.write(line)
    process.stdin.close()
    assert process.wait(timeout=60) == EXIT_BROKEN_PIPE
    err = process.stderr.read()
    process.stderr.close()
    assert err == "", err  # no traceback, no "Exception ignored"


def test_ctrl_c_ends_a_command_with_130_and_no_traceback():
    process = blackjack("replay", "-", unbuffered=True, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                        preexec_fn=hear_ctrl_c)
    process.stdin.write(split_round_line() + "\n")
    process.stdin.flush()
    assert process.stdout.readline().startswith("line 1: dealer")  # it is running, waiting for line 2
    process.send_signal(signal.SIGINT)
    status = process.wait(timeout=60)  # stdin stays open: the end of input must not race the signal
    out, err = process.communicate(timeout=10)
    assert status == EXIT_INTERRUPTED and out == "" and err == "", err


def test_an_unknown_preset_is_one_line_and_status_2(capsys):
    assert main(["strategy", "--rules", "no-such-rules"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("blackjack: no preset or rules file named 'no-such-rules'")
    assert err.count("\n") == 1
