"""Hostile input to the command line ends in one clear line: replay/review lines, arguments, output.

Every bad line of a replay or review file is that line's error (exit 1) and the others still
run; a file that is not a regular one, an argument out of range, or output that cannot be
written is one `blackjack: <reason>` line with exit 2. Never a traceback, never a hang.
"""

from __future__ import annotations

import io
import json
import os
import sys
import tempfile
from decimal import Decimal
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from blackjack.cli import EXIT_USAGE, main
from blackjack.commands.replay import MAX_LINE_BYTES, Line, play_line, read_record, record_lines
from engine import load_rules
from engine.errors import BlackjackError
from engine.money import MAX_UNITS, to_cents
from engine.record import replay_record
from engine.review import review_record
from engine.rulesets import rules_to_mapping

GOOD = {"rules": "vegas-strip", "seats": [{"name": "Zoë", "bankroll": 100}], "bets": [10],
        "shoe": ["T", "6", "2", "7", "9"], "decisions": ["stand"]}
"""A round that replays: Zoë stands on 12 against a 6 and the dealer busts."""


def with_(old: str, new: str) -> bytes:
    """The good record's line with one piece of its JSON text changed."""
    return json.dumps(GOOD).replace(old, new).encode()


def good_line() -> bytes:
    return json.dumps(GOOD).encode() + b"\n"


def status_and_err(argv: list[str], capsys) -> tuple[int, str]:
    """Run the command; its status (argparse's exit included) and its standard error."""
    try:
        status = main(argv)
    except SystemExit as done:
        status = done.code
    return status, capsys.readouterr().err


def assert_one_line(err: str, *words: str) -> None:
    assert err.startswith("blackjack: ") and err.count("\n") == 1, err
    assert "Traceback" not in err
    for word in words:
        assert word in err, err


# ---- replay and review: one bad line is that line's error ------------------------------------


def replayed(path: Path, command: str, capsys) -> tuple[int, list[str]]:
    status = main([command, str(path)])
    captured = capsys.readouterr()
    assert captured.err == ""
    return status, captured.out.splitlines()


@pytest.mark.parametrize("command", ("replay", "review"))
def test_a_line_that_is_not_utf8_is_its_own_error_and_the_lines_after_it_still_run(command, tmp_path, capsys):
    path = tmp_path / "rounds.jsonl"
    path.write_bytes(good_line() + b"\xff\xfe{}\n" + good_line())
    status, lines = replayed(path, command, capsys)
    assert status == 1
    assert lines[0].startswith("line 1: ") and "error" not in lines[0]
    assert lines[1] == "line 2: error: not UTF-8 text (byte 0xff at position 0)"
    assert lines[2].startswith("line 3: ") and "error" not in lines[2]


@pytest.mark.parametrize("command", ("replay", "review"))
@pytest.mark.parametrize(
    ("line", "reason"),
    [
        (b"[" * 100_000 + b"]" * 100_000, "nested too deeply"),
        (json.dumps({**GOOD, "rules": {"blackjack_pays": "NaN"}}).replace('"NaN"', "NaN").encode(),
         "NaN is not a JSON number"),
        (with_("[10]", "[1e999999999]"), "out of range"),
        (with_("[10]", '["1e999999999"]'), "cannot be more than 1,000,000,000,000"),
        (with_("[10]", '["1e-999999999"]'), "whole number of cents"),
        (with_('"bankroll": 100', '"bankroll": 1e300'), "cannot be more than"),
        (with_('"bankroll": 100', '"bankroll": ' + "9" * 5000), "more than 40 digits"),
        (with_("[10]", "[-Infinity]"), "Infinity is not a JSON number"),
    ],
    ids=["deep", "nan-rules", "float-overflow", "huge-string", "tiny-string", "huge-float", "huge-int",
         "inf"],
)
def test_a_hostile_line_is_one_lines_error(command, line, reason, tmp_path, capsys):
    path = tmp_path / "rounds.jsonl"
    path.write_bytes(line + b"\n" + good_line())
    status, lines = replayed(path, command, capsys)
    assert status == 1 and len(lines) == 2, lines
    assert lines[0].startswith("line 1: error: ") and reason in lines[0], lines[0]
    assert lines[1].startswith("line 2: ") and "error" not in lines[1]


def test_an_overlong_line_is_reported_without_being_held_and_the_next_line_runs(tmp_path, capsys):
    path = tmp_path / "rounds.jsonl"
    path.write_bytes(b"x" * (3 * MAX_LINE_BYTES) + b"\n" + good_line())
    status, lines = replayed(path, "replay", capsys)
    assert status == 1
    assert lines[0] == ("line 1: error: the line is longer than 1,048,576 bytes; "
                        "a round's record is a few hundred")
    assert lines[1].startswith("line 2: dealer")
    kept = list(record_lines(str(path)))
    assert [len(line.data) for line in kept] == [MAX_LINE_BYTES, len(good_line())]


@pytest.mark.parametrize("command", ("replay", "review"))
def test_what_is_not_a_regular_file_is_refused_before_anything_is_read(command, tmp_path, capsys):
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)  # opening it for reading would wait for a writer for ever
    refused = ((fifo, "not a regular file"), ("/dev/zero", "not a regular file"), (tmp_path, "a folder"))
    for path, reason in refused:
        status, err = status_and_err([command, str(path)], capsys)
        assert status == EXIT_USAGE
        assert_one_line(err, f"cannot read {path}", reason)


def test_a_file_that_fails_to_read_is_one_line():
    if not Path("/proc/self/mem").exists():
        pytest.skip("no /proc here")
    with pytest.raises(BlackjackError, match=r"^cannot read /proc/self/mem: Input/output error$"):
        list(record_lines("/proc/self/mem"))


# ---- the property: any line gives a result or one clean error --------------------------------

JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False, allow_infinity=False) | st.text(),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=12,
)
RULE_KEYS = sorted(rules_to_mapping(load_rules("vegas-strip")))
RULES = st.dictionaries(
    st.sampled_from([*RULE_KEYS, "base"]),
    JSON | st.sampled_from([10**30, -1, 0, 1e308, 1e-308, "3:2", "late", "infinite", "vegas-strip"]),
    max_size=4,
)
"""Rules objects with real option names and any values, as a hand-edited record may hold."""

RECORDISH = st.fixed_dictionaries(
    {"rules": st.sampled_from(["vegas-strip", "european", "nope"]) | RULES | JSON,
     "seats": st.lists(st.fixed_dictionaries({"name": st.text(max_size=5), "bankroll": JSON}), max_size=3)
     | JSON,
     "bets": st.lists(st.integers(-5, 50) | JSON, max_size=3) | JSON,
     "shoe": st.lists(st.sampled_from(list("A23456789TJQKZ")), max_size=12) | JSON,
     "decisions": st.lists(st.sampled_from(["hit", "stand", "double", "split", "x"]), max_size=4) | JSON},
)


def judged(data: bytes) -> str:
    """What the commands make of one line: 'ok', or the one error they would report for it."""
    def review(record: object, line: int) -> object:
        return review_record(record, line=line)  # type: ignore[arg-type]

    for play in (lambda record, _: replay_record(record), review):
        result = play_line(Line(1, data), play)
        if isinstance(result, BlackjackError):
            message = str(result)
            assert message and "\n" not in message
            return message
    return "ok"


@settings(max_examples=300, deadline=None)
@given(st.binary(max_size=200))
def test_any_bytes_are_a_record_or_one_clean_error(data):
    judged(data)


@settings(max_examples=200, deadline=None)
@given(JSON | RECORDISH)
def test_any_json_value_is_a_record_or_one_clean_error(value):
    text = json.dumps(value).encode()
    assert read_record(Line(1, text)) == json.loads(text)
    judged(text)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(lines=st.lists(st.binary(max_size=60) | st.just(good_line().rstrip()), max_size=6))
def test_the_commands_report_every_line_of_any_file(lines, capsys):
    data = b"\n".join(lines)
    nonblank = [n for n, line in enumerate(data.split(b"\n"), start=1) if line.strip()]
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "rounds.jsonl"
        path.write_bytes(data)
        for command in ("replay", "review"):
            status = main([command, "--json", str(path)])
            captured = capsys.readouterr()
            assert captured.err == ""
            outs = [json.loads(out) for out in captured.out.splitlines()]
            errors = [out["line"] for out in outs if "error" in out]
            assert set(errors) <= set(nonblank) and status == (1 if errors else 0)
            if command == "replay":  # one object per line: its outcome or its error
                assert len(outs) == len(nonblank)


# ---- amounts --------------------------------------------------------------------------------


@pytest.mark.parametrize("amount", ["1e999999999", 10**5000, 1e300, "1" * 2000, Decimal("1e999999999")],
                         ids=["string", "int", "float", "digits", "decimal"])
def test_an_amount_too_large_is_refused_without_an_overflow(amount):
    with pytest.raises(ValueError, match=r"^an amount cannot be more than 1,000,000,000,000$"):
        to_cents(amount)


@pytest.mark.parametrize("amount", ["1e-999999999", "0.0100000000000000000000000000001", f"0.{'0' * 5000}1"])
def test_an_amount_with_a_sliver_of_a_cent_is_refused_not_rounded(amount):
    with pytest.raises(ValueError, match="is not a whole number of cents"):
        to_cents(amount)


def test_the_largest_amount_is_taken_exactly():
    assert to_cents(f"{MAX_UNITS}.00") == to_cents(MAX_UNITS) == MAX_UNITS * 100
    assert to_cents("999999999999.99") == MAX_UNITS * 100 - 1


# ---- arguments -------------------------------------------------------------------------------

SIM = ["simulate", "--rounds", "100", "--workers", "1", "--quiet", "--seed", "1"]


@pytest.mark.parametrize(
    "case",
    [
        ([*SIM, "--sweep", "penetration=nan"], ["--sweep penetration=nan", "not a finite number"]),
        ([*SIM, "--sweep", "penetration=inf"], ["not a finite number"]),
        ([*SIM, "--sweep", "penetration=1e400"], ["not a finite number"]),
        ([*SIM, "--sweep", "seats=1000"], ["--sweep seats=1000", "at most 7 seats"]),
        ([*SIM, "--sweep", "spread=0"], ["--sweep spread=0"]),
        ([*SIM, "--sweep", "decks=" + ",".join(map(str, range(1, 9))), "--sweep",
          "spread=" + ",".join(map(str, range(1, 201)))], ["1,600 combinations", "at most 1,000"]),
        ([*SIM, "--bankroll", "1e308"], ["--bankroll", "cannot be more than 1,000,000,000,000"]),
        ([*SIM, "--bankroll", "1e5000"], ["--bankroll", "cannot be more than"]),
        ([*SIM, "--bankroll", "nan"], ["--bankroll", "not an amount of money"]),
        ([*SIM, "--bankroll=-inf"], ["--bankroll", "not an amount of money"]),
        ([*SIM, "--bankroll", "-5"], ["--bankroll", "more than 0"]),
        ([*SIM, "--seats", "1000"], ["at most 7 seats", "not 1,000"]),
        ([*SIM, "--seats", "8"], ["at most 7 seats"]),
        ([*SIM, "--seats", "0"], ["--seats", "use 1 or more"]),
        ([*SIM, "--rounds", "99999999999999999999999"], ["10,000,000,000 rounds"]),
        ([*SIM, "--rounds", "1e9"], ["--rounds", "'1e9' is not a whole number"]),
        ([*SIM, "--rounds", "-1"], ["--rounds", "use 0 or more"]),
        (["simulate", "--rounds", "6000000000", "--sweep", "seats=1,2", "--quiet"], ["12,000,000,000"]),
        ([*SIM, "--workers", "100000"], ["worker processes", "per core"]),
        ([*SIM, "--workers", "0"], ["--workers"]),
        ([*SIM, "--spread", "99999999999999999999"], ["spread", "1 to 1000"]),
        ([*SIM, "--bankroll", "100", "--trip-rounds", "1" + "0" * 400], ["--trip-rounds", "out of range"]),
        ([*SIM, "--seed", "-1"], ["--seed", "use 0 to 18446744073709551615"]),
        ([*SIM, "--seed", str(2**64)], ["--seed", "out of range"]),
        ([*SIM, "--seed", "9" * 5000], ["--seed", "out of range"]),
        (["--frames", "0"], ["--frames", "use 1 to"]),
        (["--frames", "-5"], ["--frames"]),
        (["--frames", "inf"], ["--frames", "not a whole number"]),
        (["--seed", "nan"], ["--seed", "not a whole number"]),
        (["--seed", str(2**70)], ["--seed", "out of range"]),
        (["odds", "--hand", "T,6", "--up", "T", "--removed", ",".join(["5"] * 400)],
         ["no card of that value"]),
    ],
    ids=lambda case: " ".join(case[0][-2:])[:32],
)
def test_an_argument_out_of_range_is_one_line_and_status_2(case, capsys):
    argv, words = case
    status, err = status_and_err(argv, capsys)
    assert status == EXIT_USAGE
    assert_one_line(err, *words)


def test_seven_seats_still_play(capsys):
    assert main([*SIM, "--seats", "7", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["seats"] == 7


def test_a_screenshot_path_naming_a_folder_is_refused_before_the_window_opens(tmp_path, capsys, monkeypatch):
    import game.app

    def never(*_args, **_kwargs):
        raise AssertionError("the window opened")

    monkeypatch.setattr(game.app, "run_game", never)
    for path, reason in ((str(tmp_path), "that is a folder"), (f"{tmp_path}/", "that is a folder"),
                         (f"{tmp_path}/file.txt/shot.png", "is a file, not a folder")):
        (tmp_path / "file.txt").write_text("")
        argv = ["--frames", "1", "--data-dir", str(tmp_path), "--screenshot", path]
        status, err = status_and_err(argv, capsys)
        assert status == EXIT_USAGE
        assert_one_line(err, f"--screenshot {path}", reason)


# ---- output ----------------------------------------------------------------------------------


class FullDisk(io.TextIOBase):
    """Standard output on a full disk: every write fails as on /dev/full."""

    def write(self, text: str) -> int:
        raise OSError(28, "No space left on device")


def test_output_that_cannot_be_written_is_one_line_and_status_2(tmp_path, capsys, monkeypatch):
    path = tmp_path / "rounds.jsonl"
    path.write_bytes(good_line())
    real = sys.stdout
    monkeypatch.setattr(sys, "stdout", FullDisk())
    status = main(["replay", str(path)])
    monkeypatch.setattr(sys, "stdout", real)
    assert status == EXIT_USAGE
    assert_one_line(capsys.readouterr().err, "cannot write the output: No space left on device")


def test_a_name_the_locale_cannot_encode_is_escaped_not_an_error(tmp_path, monkeypatch):
    rules = tmp_path / "zoe.toml"
    rules.write_text('base = "vegas-strip"\nname = "Zoë\'s table"\n', encoding="utf-8")
    out = io.TextIOWrapper(io.BytesIO(), encoding="ascii")  # what PYTHONIOENCODING=ascii gives
    monkeypatch.setattr(sys, "stdout", out)
    assert main(["strategy", "--rules", str(rules), "--no-color"]) == 0
    out.flush()
    text = out.buffer.getvalue().decode("ascii")
    assert "Basic strategy: Zo\\xeb's table" in text
