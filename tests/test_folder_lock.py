"""One game at a time on a data folder: a second is refused with one line; a killed game frees it."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from engine.store.folder_lock import LOCK_NAME, FolderInUseError, hold_folder

ROOT = Path(__file__).resolve().parent.parent


def test_a_held_folder_is_refused_naming_the_folder_and_the_holder(tmp_path):
    with hold_folder(tmp_path):
        with pytest.raises(FolderInUseError) as refused, hold_folder(tmp_path):
            pytest.fail("two holders of one folder")
        assert str(refused.value) == (
            f"another game is already open with the data folder {tmp_path} (process {os.getpid()}); "
            "close it first, or open this one with its own folder: --data-dir DIR"
        )
    with hold_folder(tmp_path):  # released when the first holder's block ended
        assert (tmp_path / LOCK_NAME).read_text() == str(os.getpid())


def test_the_folder_is_made_when_it_does_not_exist_yet(tmp_path):
    folder = tmp_path / "new" / "data"
    with hold_folder(folder):
        assert (folder / LOCK_NAME).exists()


GAME_ENV = {**os.environ, "PYTHONPATH": str(ROOT), "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}


def game_command(folder: Path, frames: int) -> list[str]:
    return [sys.executable, "-m", "blackjack", "--data-dir", str(folder), "--frames", str(frames)]


def short_game(folder: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(game_command(folder, 5), cwd=ROOT, env=GAME_ENV, capture_output=True, text=True,
                          timeout=60)


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs POSIX signals")
def test_a_second_game_on_the_folder_stops_with_one_line_until_the_first_is_killed(tmp_path):
    first = subprocess.Popen(game_command(tmp_path, 10_000_000), cwd=ROOT, env=GAME_ENV,
                             stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        lock, deadline = tmp_path / LOCK_NAME, time.monotonic() + 60
        while not (lock.exists() and lock.read_text() == str(first.pid)):
            assert first.poll() is None and time.monotonic() < deadline, "the first game did not start"
            time.sleep(0.1)
        second = short_game(tmp_path)
        assert second.returncode == 2 and second.stdout == ""
        assert second.stderr == (
            f"blackjack: another game is already open with the data folder {tmp_path} (process {first.pid}); "
            "close it first, or open this one with its own folder: --data-dir DIR\n"
        )
    finally:
        first.send_signal(signal.SIGKILL)  # as a crash would: the lock goes with the process
        first.wait(timeout=60)
    after = short_game(tmp_path)
    assert after.returncode == 0, after.stderr


def test_a_folder_that_cannot_be_made_is_not_held_and_the_game_still_opens(tmp_path):
    blocker = tmp_path / "a-file"
    blocker.write_text("")
    with hold_folder(blocker / "data"):  # no folder can be made under a file: nothing to save, nothing held
        pass
    opened = short_game(blocker / "data")
    assert opened.returncode == 0, opened.stderr
