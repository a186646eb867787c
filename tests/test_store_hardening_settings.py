"""A broken settings.json: defaults and one sentence, the file kept aside, never a traceback or a hang."""

from __future__ import annotations

import json
import math
import os
import sys
import tempfile
import threading
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.settings import (
    MAX_BUY_IN,
    MAX_FILE_SIZE,
    MAX_TEXT,
    SPEEDS,
    Settings,
    load_settings,
    save_settings,
)


def assert_usable(loaded: Settings) -> None:
    """Every setting holds a value the game can use (checked apart from the reader's own test)."""
    assert loaded.speed in SPEEDS
    assert type(loaded.volume) is float and math.isfinite(loaded.volume) and 0 <= loaded.volume <= 1
    assert type(loaded.buy_in) is int and 0 < loaded.buy_in <= MAX_BUY_IN
    assert type(loaded.sound) is bool and type(loaded.four_color) is bool
    assert type(loaded.rules) is str and len(loaded.rules) <= MAX_TEXT
    assert type(loaded.seats) is str and len(loaded.seats) <= MAX_TEXT


def assert_one_sentence(message: str | None) -> None:
    assert message is None or ("\n" not in message and message.endswith(".") and message[0].isupper())


def aside(folder: Path) -> list[Path]:
    return sorted(folder.glob("settings.json.corrupt-*"))


def test_a_deeply_nested_file_gives_defaults_and_is_moved_aside_whole(tmp_path):
    path = tmp_path / "settings.json"
    text = "[" * 50_000  # under the size bound; json's parser gives up with RecursionError
    path.write_text(text)
    loaded, message = load_settings(path)
    assert loaded == Settings()
    assert message is not None and "damaged" in message and "nested too deeply" in message
    assert not path.exists() and [p.read_text() for p in aside(tmp_path)] == [text]
    assert_one_sentence(message)


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs")
def test_a_fifo_is_not_waited_on(tmp_path):
    path = tmp_path / "settings.json"
    os.mkfifo(path)
    answer: list[tuple[Settings, str | None]] = []
    reader = threading.Thread(target=lambda: answer.append(load_settings(path)), daemon=True)
    reader.start()
    reader.join(timeout=10)
    assert not reader.is_alive(), "load_settings is blocked opening the FIFO"
    loaded, message = answer[0]
    assert loaded == Settings() and message is not None and "not a regular file" in message
    assert not path.exists() and len(aside(tmp_path)) == 1, "the FIFO was moved aside, not deleted"


def test_a_file_over_the_size_bound_is_not_read(tmp_path):
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"speed": "fast", "pad": " " * MAX_FILE_SIZE}))
    loaded, message = load_settings(path)
    assert loaded == Settings() and message is not None and "larger than" in message


def test_a_damaged_file_is_not_overwritten_by_the_next_save(tmp_path):
    path = tmp_path / "settings.json"
    path.write_text("{oops")
    loaded, message = load_settings(path)
    assert message is not None and "moved to settings.json.corrupt-" in message
    assert save_settings(loaded.with_changes(speed="fast"), path) is None
    assert [p.read_text() for p in aside(tmp_path)] == ["{oops"]
    assert load_settings(path) == (Settings(speed="fast"), None)


@pytest.mark.parametrize(
    ("name", "text"),
    [
        ("buy_in", str(10**30)),
        ("buy_in", str(MAX_BUY_IN + 1)),
        ("buy_in", "-500"),
        ("buy_in", "0"),
        ("buy_in", "1000.0"),
        ("buy_in", '"1000"'),
        ("buy_in", "true"),
        ("buy_in", "NaN"),
        ("volume", "NaN"),
        ("volume", "Infinity"),
        ("volume", "1e400"),
        ("volume", "-0.1"),
        ("volume", str(10**30)),
        ("volume", '"0.5"'),
        ("volume", "true"),
        ("rules", json.dumps("x" * (MAX_TEXT + 1))),
        ("seats", json.dumps("Ann," * 500)),
    ],
)
def test_a_value_out_of_range_gets_its_default_and_is_named(tmp_path, name, text):
    path = tmp_path / "settings.json"
    path.write_text(f'{{"speed": "fast", "{name}": {text}}}')
    loaded, message = load_settings(path)
    assert getattr(loaded, name) == getattr(Settings(), name) and loaded.speed == "fast"
    assert message == f"Some settings were invalid and were reset: {name}."
    assert path.exists(), "a file with a bad value is still ours: it is rewritten at the next save"


def test_the_largest_buy_in_the_setup_offers_is_a_valid_setting():
    from game.scenes.setup import BUY_INS

    assert max(BUY_INS) <= MAX_BUY_IN


@settings(max_examples=150, deadline=None)
@given(st.binary(max_size=300) | st.integers(0, MAX_FILE_SIZE + 10).map(lambda depth: b"[" * depth))
def test_any_bytes_give_usable_settings_and_at_most_one_sentence(data):
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "settings.json"
        path.write_bytes(data)
        loaded, message = load_settings(path)
    assert_usable(loaded)
    assert_one_sentence(message)


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=12,
)
setting_values = (
    json_values | st.integers(min_value=-(10**40), max_value=10**40) | st.sampled_from(SPEEDS)
    | st.floats(min_value=-2, max_value=2) | st.text(min_size=MAX_TEXT - 2, max_size=MAX_TEXT + 2)
)
setting_files = json_values | st.dictionaries(
    st.sampled_from([*Settings.__dataclass_fields__, "other"]), setting_values, max_size=8
)


@settings(max_examples=200, deadline=None)
@given(setting_files)
def test_any_json_gives_usable_settings_keeping_what_is_good(raw):
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "settings.json"
        path.write_text(json.dumps(raw), encoding="utf-8")
        loaded, message = load_settings(path)
        kept = path.exists()
    assert_usable(loaded)
    assert_one_sentence(message)
    assert kept == isinstance(raw, dict), "only a file that is not a JSON object is moved aside"
    if isinstance(raw, dict):
        fields_of = Settings.__dataclass_fields__
        reset = [name for name in fields_of if name in raw and not same(name, loaded, raw)]
        if reset:
            assert message == "Some settings were invalid and were reset: " + ", ".join(reset) + "."
        else:
            assert message is None


def same(name: str, loaded: Settings, raw: dict) -> bool:
    """Whether the setting was kept as the file had it (a whole volume or UI scale becomes a float)."""
    value, wanted = getattr(loaded, name), raw[name]
    whole = name in ("volume", "ui_scale") and type(wanted) is int
    return value == wanted and (type(value) is type(wanted) or whole)


def test_the_game_opens_with_a_fifo_settings_file(tmp_path):
    """The whole launch, as the referee ran it: the game starts, says why, and ends."""
    import subprocess

    if not hasattr(os, "mkfifo"):
        pytest.skip("needs FIFOs")
    os.mkfifo(tmp_path / "settings.json")
    root = Path(__file__).resolve().parent.parent
    env = {**os.environ, "PYTHONPATH": str(root)}
    done = subprocess.run(
        [sys.executable, "-m", "blackjack", "--data-dir", str(tmp_path), "--frames", "2"],
        cwd=root, env=env, capture_output=True, text=True, timeout=60,
    )
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr
