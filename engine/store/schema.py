"""The database schema as versioned migrations, with `PRAGMA user_version` as the version.

Step N (counting from 1) takes a database from version N-1 to version N; each step runs
in one transaction together with the new `user_version`, so a database is always at
exactly one version. A file whose version is newer than `SCHEMA_VERSION` is refused and
never written to. Money columns hold integer cents.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Mapping
from functools import cache
from types import MappingProxyType

from engine.i18n import _
from engine.store.errors import StoreError

APPLICATION_ID = 0x424A4B54
"""`PRAGMA application_id` of our files ("BJKT"): it tells our database from any other SQLite file."""

MIGRATIONS: tuple[tuple[str, ...], ...] = (
    # Version 1: profiles and settled rounds with their seats and hands.
    (
        """CREATE TABLE profiles (
            id INTEGER PRIMARY KEY,
            name TEXT NOT NULL,
            name_key TEXT NOT NULL UNIQUE,
            bankroll INTEGER NOT NULL,
            settings TEXT NOT NULL DEFAULT '{}',
            coach_level INTEGER NOT NULL DEFAULT 0,
            color TEXT NOT NULL DEFAULT '',
            created TEXT NOT NULL
        )""",
        """CREATE TABLE rounds (
            id INTEGER PRIMARY KEY,
            played_at TEXT NOT NULL,
            session TEXT,
            number INTEGER NOT NULL,
            dealer TEXT NOT NULL,
            record TEXT NOT NULL
        )""",
        "CREATE INDEX rounds_session ON rounds (session)",
        """CREATE TABLE round_seats (
            round_id INTEGER NOT NULL REFERENCES rounds (id) ON DELETE CASCADE,
            seat INTEGER NOT NULL,
            profile_id INTEGER REFERENCES profiles (id),
            name TEXT NOT NULL,
            bet INTEGER NOT NULL,
            bankroll_before INTEGER NOT NULL,
            bankroll_after INTEGER NOT NULL,
            net INTEGER NOT NULL,
            insurance_net INTEGER,
            PRIMARY KEY (round_id, seat)
        )""",
        "CREATE INDEX round_seats_profile ON round_seats (profile_id, round_id)",
        """CREATE TABLE hands (
            round_id INTEGER NOT NULL,
            seat INTEGER NOT NULL,
            hand INTEGER NOT NULL,
            cards TEXT NOT NULL,
            bet INTEGER NOT NULL,
            stake INTEGER NOT NULL,
            doubled INTEGER NOT NULL,
            from_split INTEGER NOT NULL,
            surrendered INTEGER NOT NULL,
            total INTEGER NOT NULL,
            result TEXT NOT NULL,
            net INTEGER NOT NULL,
            PRIMARY KEY (round_id, seat, hand),
            FOREIGN KEY (round_id, seat) REFERENCES round_seats (round_id, seat) ON DELETE CASCADE
        )""",
    ),
    # Version 2: statistics (the rules' player EV per round, decision quality) and tournaments.
    (
        "ALTER TABLE rounds ADD COLUMN player_ev REAL",
        """CREATE TABLE decisions (
            round_id INTEGER NOT NULL,
            ordinal INTEGER NOT NULL,
            seat INTEGER NOT NULL,
            hand INTEGER NOT NULL,
            action TEXT NOT NULL,
            best TEXT,
            correct INTEGER NOT NULL,
            ev_lost REAL,
            PRIMARY KEY (round_id, ordinal),
            FOREIGN KEY (round_id, seat) REFERENCES round_seats (round_id, seat) ON DELETE CASCADE
        )""",
        """CREATE TABLE tournaments (
            id INTEGER PRIMARY KEY,
            profile_id INTEGER NOT NULL REFERENCES profiles (id),
            won INTEGER NOT NULL,
            final_bankroll INTEGER NOT NULL,
            rounds INTEGER NOT NULL,
            rules TEXT NOT NULL,
            finished_at TEXT NOT NULL
        )""",
        "CREATE INDEX tournaments_profile ON tournaments (profile_id)",
    ),
    # Version 3: the round in progress is journaled in `rounds` from its deal (at most one at a time).
    (
        "ALTER TABLE rounds ADD COLUMN unfinished INTEGER NOT NULL DEFAULT 0",
        "ALTER TABLE rounds ADD COLUMN journal TEXT",
        "CREATE UNIQUE INDEX rounds_one_unfinished ON rounds (unfinished) WHERE unfinished = 1",
    ),
    # Version 4: drill results per profile: each spot family's score and streaks, and the count drill's.
    (
        """CREATE TABLE drill_results (
            profile_id INTEGER NOT NULL REFERENCES profiles (id) ON DELETE CASCADE,
            family TEXT NOT NULL,
            answered INTEGER NOT NULL DEFAULT 0,
            correct INTEGER NOT NULL DEFAULT 0,
            streak INTEGER NOT NULL DEFAULT 0,
            best_streak INTEGER NOT NULL DEFAULT 0,
            PRIMARY KEY (profile_id, family)
        )""",
        """CREATE TABLE count_drill_results (
            profile_id INTEGER PRIMARY KEY REFERENCES profiles (id) ON DELETE CASCADE,
            attempts INTEGER NOT NULL DEFAULT 0,
            running_correct INTEGER NOT NULL DEFAULT 0,
            true_correct INTEGER NOT NULL DEFAULT 0
        )""",
    ),
    # Version 5: bets judged against each person's bet ramp at the table, and how many were off it.
    (
        """CREATE TABLE ramp_bets (
            profile_id INTEGER PRIMARY KEY REFERENCES profiles (id) ON DELETE CASCADE,
            judged INTEGER NOT NULL DEFAULT 0,
            off_ramp INTEGER NOT NULL DEFAULT 0
        )""",
    ),
    # Version 6: the speed-counting drill's best deck time per profile and cards per flash.
    (
        """CREATE TABLE speed_drill_best (
            profile_id INTEGER NOT NULL REFERENCES profiles (id) ON DELETE CASCADE,
            per_flash INTEGER NOT NULL,
            millis INTEGER NOT NULL,
            PRIMARY KEY (profile_id, per_flash)
        )""",
    ),
    # Version 7: each shoe's commitment (engine.audit), kept before its first round and revealed after its
    # last; `sealed` holds the order and salt from the start (the journal holds the order already), but
    # nothing shows them before `revealed_at` is set. Each round names the shoe it was dealt from.
    (
        """CREATE TABLE shoes (
            id INTEGER PRIMARY KEY,
            committed_at TEXT NOT NULL,
            session TEXT,
            digest TEXT NOT NULL UNIQUE,
            burned INTEGER NOT NULL DEFAULT 0,
            sealed TEXT NOT NULL,
            revealed_at TEXT
        )""",
        "ALTER TABLE rounds ADD COLUMN shoe_id INTEGER REFERENCES shoes (id)",
        "CREATE INDEX rounds_shoe ON rounds (shoe_id) WHERE shoe_id IS NOT NULL",
    ),
)
"""The migration steps; `MIGRATIONS[n]` takes a database from version n to version n + 1."""

SCHEMA_VERSION = len(MIGRATIONS)
"""The newest schema version this build knows."""


def table_columns(connection: sqlite3.Connection) -> dict[str, tuple[str, ...]]:
    """Each table of a database (SQLite's own `sqlite_*` tables left out) with its column names in order."""
    names = connection.execute(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite!_%' ESCAPE '!'"
    ).fetchall()
    columns = "SELECT name FROM pragma_table_info(?)"
    return {name: tuple(column for (column,) in connection.execute(columns, (name,))) for (name,) in names}


@cache
def columns_of(version: int) -> Mapping[str, tuple[str, ...]]:
    """The tables and columns a database of `version` has, found by running the migrations in memory.

    >>> sorted(columns_of(1))
    ['hands', 'profiles', 'round_seats', 'rounds']
    >>> columns_of(3)["rounds"][-2:]
    ('unfinished', 'journal')
    """
    connection = sqlite3.connect(":memory:", isolation_level=None)
    try:
        migrate(connection, ":memory:", target=version)
        return MappingProxyType(table_columns(connection))
    finally:
        connection.close()


def unknown_version(version: int) -> str | None:
    """What is wrong with a schema version no build of the game writes (a negative one), else None.

    >>> unknown_version(-1)
    'has schema version -1, which no version of this game writes'
    """
    if version >= 0:
        return None
    return _("has schema version {version}, which no version of this game writes").format(version=version)


def check_version(version: int, where: str) -> None:
    """Raise StoreError naming both versions when a file's schema is newer than this build knows, or negative.

    >>> check_version(SCHEMA_VERSION, "x.sqlite3")
    >>> check_version(SCHEMA_VERSION + 1, "x.sqlite3")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    engine.store.errors.StoreError: x.sqlite3 has schema version ..., newer than version ... ...
    """
    if (problem := unknown_version(version)) is not None:
        raise StoreError(f"{where} {problem}")
    if version > SCHEMA_VERSION:
        raise StoreError(_(
            "{path} has schema version {version}, newer than version {known} that this game knows; "
            "it was left untouched (update the game, or use --data-dir for another folder)").format(
                path=where, version=version, known=SCHEMA_VERSION))


def migrate(connection: sqlite3.Connection, where: str, *, target: int = SCHEMA_VERSION) -> int:
    """Bring the database up to `target` in one write transaction; returns the version it was at.

    The connection must be in autocommit mode (isolation_level=None). The version is read
    again under the write lock, so two games opening the same file migrate it once.
    Raises StoreError for a newer or a negative version (rolling back, nothing written).
    """
    connection.execute("BEGIN IMMEDIATE")
    try:
        found = int(connection.execute("PRAGMA user_version").fetchone()[0])
        check_version(found, where)
        for version in range(found, target):
            for statement in MIGRATIONS[version]:
                connection.execute(statement)
        if found < target:
            connection.execute(f"PRAGMA application_id = {APPLICATION_ID}")
            connection.execute(f"PRAGMA user_version = {target}")
    except BaseException:
        connection.execute("ROLLBACK")
        raise
    connection.execute("COMMIT")
    return found
