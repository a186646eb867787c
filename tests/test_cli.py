"""The `blackjack` command line: headless commands never load pygame, and user errors are one line."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from blackjack.cli import main
from engine.store import open_store
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
        "strategy": ["strategy", "--rules", "vegas-strip", "--format", "csv"],
        "odds": ["odds", "--rules", "vegas-strip", "--hand", "T,6", "--up", "T"],
        "simulate": ["simulate", "--rounds", "20", "--seed", "1", "--workers", "1", "--quiet"],
        "replay": ["replay", str(records)],
        "history": ["history", "--data-dir", str(tmp_path)],
    }


COMMANDS = ("rules", "strategy", "odds", "simulate", "replay", "history")


@pytest.mark.parametrize("command", ("help", *COMMANDS))
def test_headless_commands_never_import_pygame(command, headless_argvs):
    done = subprocess.run(
        [sys.executable, "-c", PROBE, *headless_argvs[command]],
        cwd=ROOT, capture_output=True, text=True, timeout=120,
    )
    assert done.stdout, "the command printed nothing"
    assert done.stderr.splitlines()[-1] == "pygame loaded: False status: 0", done.stderr


def test_an_unknown_preset_is_one_line_and_status_2(capsys):
    assert main(["strategy", "--rules", "no-such-rules"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("blackjack: no preset or rules file named 'no-such-rules'")
    assert err.count("\n") == 1
