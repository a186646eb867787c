"""Opening the history database: where it lives, WAL sharing, and what happens to a bad file.

The file is `blackjack.sqlite3` in a data directory the caller passes in (the game
resolves it with platformdirs or --data-dir). It is opened in WAL journal mode with a
busy timeout, so two games can share it. Before anything is written the file is
inspected read-only: a file that is not SQLite, is damaged, or belongs to another program
(or whose schema version is negative, or whose tables are not those of the version it
claims) is moved aside to `<name>.corrupt-<timestamp>` and a fresh database is started, with
a `notice` for the game to show; a file with a newer schema is refused with a StoreError
and left exactly as it was.
"""

from __future__ import annotations

import os
import sqlite3
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path
from types import TracebackType
from typing import Any

from engine.i18n import _
from engine.store.errors import StoreError
from engine.store.schema import (
    APPLICATION_ID,
    check_version,
    columns_of,
    migrate,
    table_columns,
    unknown_version,
)

DATABASE_NAME = "blackjack.sqlite3"
"""The database's file name inside the data directory."""

BUSY_TIMEOUT = 10.0
"""Seconds to wait for another game's write to finish before giving up."""

_SQLITE_HEADER = b"SQLite format 3\x00"
_SIDE_FILES = ("-wal", "-shm", "-journal")


class Store:
    """An open history database; made by `open_store`, closed by `close()` or a with-block."""

    def __init__(self, connection: sqlite3.Connection, path: Path, notice: str | None) -> None:
        self.connection = connection
        """The open connection (autocommit mode; writes go through `transaction()`)."""
        self.path = path
        """The database file."""
        self.notice = notice
        """A message for the player when a bad file was moved aside at opening, else None."""

    def __enter__(self) -> Store:
        return self

    def __exit__(
        self, kind: type[BaseException] | None, error: BaseException | None, trace: TracebackType | None
    ) -> None:
        self.close()

    def close(self) -> None:
        """Close the connection (committed data is already on disk)."""
        self.connection.close()

    @contextmanager
    def transaction(self) -> Iterator[sqlite3.Connection]:
        """Run a block as one write transaction: all of it is saved, or none of it.

        Raises StoreError when the database stays busy past BUSY_TIMEOUT or a write fails.
        """
        with database_errors():
            self.connection.execute("BEGIN IMMEDIATE")
        try:
            with database_errors():
                yield self.connection
                self.connection.execute("COMMIT")
        except BaseException:
            if self.connection.in_transaction:
                self.connection.execute("ROLLBACK")
            raise

    def rows(self, sql: str, parameters: Sequence[Any] = ()) -> list[sqlite3.Row]:
        """Run one read query and return every row.

        Raises StoreError when the query fails.
        """
        with database_errors():
            return self.connection.execute(sql, parameters).fetchall()

    @property
    def schema_version(self) -> int:
        """The file's schema version (`PRAGMA user_version`)."""
        return int(self.rows("PRAGMA user_version")[0][0])


def open_store(data_dir: str | Path, *, now: datetime | None = None) -> Store:
    """Open (creating or migrating as needed) the history database in `data_dir`.

    A bad file is moved aside and `Store.notice` says so; `now` stamps the moved file's
    name (the current time by default).

    >>> import tempfile
    >>> from engine.store.schema import SCHEMA_VERSION
    >>> with tempfile.TemporaryDirectory() as folder, open_store(folder) as store:
    ...     store.path.name, store.schema_version == SCHEMA_VERSION, store.notice
    ('blackjack.sqlite3', True, None)

    Raises StoreError for a file with a newer schema (left untouched), a folder that cannot
    be created, or a database that stays busy.
    """
    directory = Path(data_dir)
    try:
        directory.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise StoreError(_("cannot create the data folder {folder}: {reason}").format(
            folder=directory, reason=error.strerror)) from None
    path = directory / DATABASE_NAME
    notice = None
    problem = inspect_file(path)
    if problem is not None:
        moved = move_aside(path, now or datetime.now(UTC))
        notice = _("The saved history {path} {problem}, so it was moved to {moved} "
                   "and a fresh history was started.").format(path=path, problem=problem, moved=moved.name)
    with database_errors():
        connection = sqlite3.connect(path, timeout=BUSY_TIMEOUT, isolation_level=None)
    try:
        with database_errors():
            connection.row_factory = sqlite3.Row
            _use_wal(connection)
            connection.execute("PRAGMA synchronous = FULL")
            connection.execute("PRAGMA foreign_keys = ON")
            migrate(connection, str(path))
    except BaseException:
        connection.close()
        raise
    return Store(connection, path, notice)


def timestamp(moment: datetime | None = None) -> str:
    """A moment (now by default) as the ISO 8601 UTC text the database stores.

    >>> timestamp(datetime(2024, 5, 1, 12, 30, tzinfo=UTC))
    '2024-05-01T12:30:00Z'
    """
    moment = moment or datetime.now(UTC)
    return moment.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def inspect_file(path: Path) -> str | None:
    """Look at a database file without writing to it: None when usable, else what is wrong.

    Raises StoreError when the schema is newer than this build knows, or the file cannot be
    read for a reason that is not damage (busy, no permission).
    """
    try:
        size = path.stat().st_size
    except FileNotFoundError:
        return None
    if size == 0:
        return None
    try:
        with path.open("rb") as stream:
            header = stream.read(len(_SQLITE_HEADER))
    except OSError as error:
        raise StoreError(_("cannot read {path}: {reason}").format(path=path, reason=error.strerror)) from None
    if header != _SQLITE_HEADER:
        # TRANSLATORS: follows "The saved history FILE"
        return _("is not an SQLite database")
    try:
        connection = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True, timeout=BUSY_TIMEOUT)
    except sqlite3.Error as error:
        return _damage_or_raise(error, path)
    try:
        application_id = int(connection.execute("PRAGMA application_id").fetchone()[0])
        version = int(connection.execute("PRAGMA user_version").fetchone()[0])
        tables = table_columns(connection)
        if application_id != APPLICATION_ID:
            if application_id == 0 and version == 0 and not tables:
                return None
            return _("belongs to another program")
        if (problem := unknown_version(version)) is not None:
            return problem
        check_version(version, str(path))
        if version == 0 or not columns_of(version).keys() <= tables.keys():
            return _("is marked as a blackjack history but its tables are missing")
        if tables != columns_of(version):
            # Migrating it would fail half-way (a column or table already there), or read the wrong columns.
            return _("is marked as schema version {version} but its tables are not that version's").format(
                version=version)
        verdict = [row[0] for row in connection.execute("PRAGMA quick_check")]
        if verdict != ["ok"]:
            return _("is damaged ({detail})").format(detail=_one_line(verdict[0]))
    except sqlite3.Error as error:
        return _damage_or_raise(error, path)
    except UnicodeDecodeError:
        return _("is damaged (its schema is not UTF-8 text)")
    finally:
        connection.close()
    return None


def move_aside(path: Path, now: datetime) -> Path:
    """Rename a bad file (a database with its -wal/-shm/-journal files) to `<name>.corrupt-<timestamp>`.

    Raises StoreError when the file cannot be renamed.
    """
    stamp = now.strftime("%Y%m%d-%H%M%S")
    target = path.with_name(f"{path.name}.corrupt-{stamp}")
    count = 1
    while target.exists():
        count += 1
        target = path.with_name(f"{path.name}.corrupt-{stamp}-{count}")
    try:
        os.replace(path, target)
        for suffix in _SIDE_FILES:
            side = path.with_name(path.name + suffix)
            if side.exists():
                os.replace(side, target.with_name(target.name + suffix))
    except OSError as error:
        raise StoreError(f"{path} is unusable and could not be moved aside: {error.strerror}") from None
    return target


@contextmanager
def database_errors() -> Iterator[None]:
    """Turn sqlite3 errors and undecodable text raised in the block into StoreErrors with a sentence."""
    try:
        yield
    except sqlite3.Error as error:
        if _primary_code(error) in (sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED):
            raise StoreError(
                _("the history database is busy (another game is writing to it): {detail}").format(
                    detail=error)
            ) from error
        raise StoreError(_("the history database failed: {detail}").format(detail=_one_line(str(error)))) \
            from error
    except UnicodeDecodeError as error:  # a damaged name read back
        raise StoreError(_("the history database holds text that is not UTF-8: {detail}").format(
            detail=error)) from error


def _use_wal(connection: sqlite3.Connection) -> None:
    """Switch to WAL, retrying while another game holds the file: SQLite answers this pragma
    with SQLITE_BUSY at once instead of calling the busy handler (two games creating the file)."""
    deadline = time.monotonic() + BUSY_TIMEOUT
    while True:
        try:
            connection.execute("PRAGMA journal_mode = WAL").fetchall()
            return
        except sqlite3.OperationalError as error:
            busy = _primary_code(error) in (sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED)
            if not busy or time.monotonic() > deadline:
                raise
        time.sleep(0.02)


def _one_line(text: str, limit: int = 120) -> str:
    """SQLite's words for a problem on one line, cut to `limit` characters: they can quote a whole
    damaged CREATE statement, newlines and all.

    >>> _one_line("malformed schema - near: CREATE TABLE x (\\n  id INTEGER\\n)", limit=40)
    'malformed schema - near: CREATE TABLE x…'
    """
    flat = " ".join(text.split())
    return flat if len(flat) <= limit else flat[: limit - 1].rstrip() + "…"


def _primary_code(error: sqlite3.Error) -> int | None:
    code = getattr(error, "sqlite_errorcode", None)
    return code & 0xFF if isinstance(code, int) else None


def _damage_or_raise(error: sqlite3.Error, path: Path) -> str:
    """A damage description for corruption errors; other errors (busy, permissions) raise."""
    if _primary_code(error) in (sqlite3.SQLITE_CORRUPT, sqlite3.SQLITE_NOTADB):
        return _("is damaged ({detail})").format(detail=_one_line(str(error)))
    if _primary_code(error) in (sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED):
        raise StoreError(_("{path} is busy (another game is writing to it); try again").format(path=path)) \
            from error
    raise StoreError(_("cannot read {path}: {reason}").format(path=path, reason=error)) from error
