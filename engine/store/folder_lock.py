"""One game at a time on a data folder: a lock the operating system drops however the game ends.

Two games on one folder would each keep their own table's bankroll for a profile they both
seat, and the last save would win: money made or lost by nobody's play. The lock is an
advisory whole-file lock (`flock` on POSIX, `msvcrt.locking` on Windows) on `LOCK_NAME` in
the folder. It belongs to the open file, so a game that crashes or is killed leaves no stale
lock behind; the file itself stays, holding the last holder's process id for the message.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import IO

from engine.i18n import _
from engine.store.errors import StoreError

LOCK_NAME = "blackjack.lock"
"""The lock file's name inside the data folder."""


_ID_LENGTH = 20
"""The most characters of the lock file read as the holder's process id (a 64-bit id has 20 digits)."""


class FolderInUseError(StoreError):
    """Another game already has the data folder open."""


@contextmanager
def hold_folder(folder: Path) -> Iterator[str | None]:
    """Hold the data folder for one game for the block; FolderInUseError at once if another holds it.

    The block gets None when the folder is held, else one sentence saying why it cannot be
    guarded (it cannot be made, the lock file cannot be opened, the file system has no locks):
    the game must then say so and save nothing, since another game could be writing to it.
    A full disk that cannot take the process id still leaves the folder held.
    """
    problem: str | None = None
    try:
        folder.mkdir(parents=True, exist_ok=True)
        handle = open(folder / LOCK_NAME, "a+", encoding="ascii", errors="replace")  # noqa: SIM115 (closed below)
    except OSError as error:
        problem = _unguarded(folder, error)
    if problem is not None:  # yielded outside the except block, so the game's own errors chain to nothing
        yield problem
        return
    with handle:
        try:
            locked = _try_lock(handle)
        except OSError as error:  # a file system without locks (some network shares)
            problem = _unguarded(folder, error)
        if problem is not None:
            yield problem
            return
        if not locked:
            handle.seek(0)
            holder = handle.read(_ID_LENGTH).strip()  # bounded: the lock file may be anything, even a device
            words = {"folder": folder, "process": holder}
            if holder.isdigit():
                raise FolderInUseError(_(
                    "another game is already open with the data folder {folder} (process {process}); "
                    "close it first, or open this one with its own folder: --data-dir DIR").format(**words))
            raise FolderInUseError(_(
                "another game is already open with the data folder {folder}; "
                "close it first, or open this one with its own folder: --data-dir DIR").format(**words))
        try:
            # Unbuffered, so a failed write leaves nothing for close() to fail on again.
            os.ftruncate(handle.fileno(), 0)
            os.write(handle.fileno(), str(os.getpid()).encode("ascii"))
        except OSError:
            pass  # a full disk: the lock is held all the same; the id only names the holder to a second game
        yield None


def _unguarded(folder: Path, error: OSError) -> str:
    """The sentence for a folder that cannot be held."""
    return _("cannot guard the data folder {folder} against a second game ({reason}), "
             "so this game saves nothing").format(folder=folder, reason=error.strerror or error)


if sys.platform == "win32":
    import msvcrt

    def _try_lock(handle: IO[str]) -> bool:
        """Lock the file's first byte without waiting; False when another process has it."""
        handle.seek(0)
        try:
            msvcrt.locking(handle.fileno(), msvcrt.LK_NBLCK, 1)
        except OSError:
            return False
        return True

else:
    import fcntl

    def _try_lock(handle: IO[str]) -> bool:
        """Lock the whole file without waiting; False when another open of it holds the lock."""
        try:
            fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            return False
        return True
