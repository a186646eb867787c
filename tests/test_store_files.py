"""The database file: fresh, migrated from version 1, and what happens to a corrupt, foreign or newer file."""

from __future__ import annotations

import os
import random
import sqlite3
from datetime import UTC, datetime

import pytest

from engine import Table, load_rules
from engine.store import (
    DATABASE_NAME,
    SCHEMA_VERSION,
    StoreError,
    find_profile,
    get_or_create_profile,
    open_store,
    player_stats,
    round_count,
    save_round,
)
from engine.store.schema import APPLICATION_ID, MIGRATIONS
from tests.test_store_worker import play_round

MOMENT = datetime(2024, 5, 1, 12, 30, 45, tzinfo=UTC)
ASIDE = f"{DATABASE_NAME}.corrupt-20240501-123045"


def fill(folder, rounds=3):
    """A database of ours with a profile and some saved rounds."""
    with open_store(folder) as store:
        ann = get_or_create_profile(store, "Ann", bankroll=100_000)
        table = Table(load_rules("vegas-strip"), [("Ann", ann.bankroll)], seed=5)
        rng = random.Random(5)
        for _ in range(rounds):
            rnd, judged = play_round(table, [1000], rng)
            save_round(store, rnd, [ann], decisions=judged)


def assert_fresh_and_working(folder):
    with open_store(folder) as store:
        assert store.notice is None and store.schema_version == SCHEMA_VERSION
        assert round_count(store) == 0
        get_or_create_profile(store, "Ann")


def test_a_new_folder_gets_a_database_marked_as_ours(tmp_path):
    folder = tmp_path / "deep" / "data"
    with open_store(folder) as store:
        assert store.path == folder / DATABASE_NAME and store.notice is None
    connection = sqlite3.connect(folder / DATABASE_NAME)
    assert connection.execute("PRAGMA application_id").fetchone()[0] == APPLICATION_ID
    assert connection.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
    assert connection.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    connection.close()


def test_reopening_keeps_everything(tmp_path):
    fill(tmp_path, rounds=4)
    with open_store(tmp_path) as store:
        assert store.notice is None and round_count(store) == 4


def test_random_bytes_are_moved_aside_with_a_message_and_a_fresh_database_works(tmp_path):
    junk = random.Random(1).randbytes(5000)
    (tmp_path / DATABASE_NAME).write_bytes(junk)
    with open_store(tmp_path, now=MOMENT) as store:
        assert store.notice is not None
        assert "is not an SQLite database" in store.notice and ASIDE in store.notice
        assert "fresh history" in store.notice
        get_or_create_profile(store, "Ann")
    assert (tmp_path / ASIDE).read_bytes() == junk
    with open_store(tmp_path) as store:
        assert store.notice is None and find_profile(store, "Ann") is not None


def test_another_programs_sqlite_file_is_moved_aside(tmp_path):
    connection = sqlite3.connect(tmp_path / DATABASE_NAME)
    connection.execute("CREATE TABLE photos (id INTEGER PRIMARY KEY, path TEXT)")
    connection.execute("INSERT INTO photos (path) VALUES ('cat.jpg')")
    connection.commit()
    connection.close()
    with open_store(tmp_path, now=MOMENT) as store:
        assert store.notice is not None and "belongs to another program" in store.notice
    moved = sqlite3.connect(tmp_path / ASIDE)
    assert moved.execute("SELECT path FROM photos").fetchall() == [("cat.jpg",)]
    moved.close()
    assert_fresh_and_working(tmp_path)


def test_a_file_with_another_application_id_is_foreign_even_when_empty(tmp_path):
    connection = sqlite3.connect(tmp_path / DATABASE_NAME)
    connection.execute("PRAGMA application_id = 1234")
    connection.close()
    with open_store(tmp_path, now=MOMENT) as store:
        assert store.notice is not None and "belongs to another program" in store.notice


def test_an_empty_file_or_empty_sqlite_database_is_simply_used(tmp_path):
    (tmp_path / DATABASE_NAME).write_bytes(b"")
    assert_fresh_and_working(tmp_path)
    other = tmp_path / "other"
    other.mkdir()
    sqlite3.connect(other / DATABASE_NAME).execute("PRAGMA user_version").fetchone()
    assert_fresh_and_working(other)


def test_a_database_of_ours_with_damaged_pages_is_moved_aside(tmp_path):
    fill(tmp_path, rounds=40)
    path = tmp_path / DATABASE_NAME
    data = bytearray(path.read_bytes())
    page = 4096
    assert len(data) > 4 * page
    data[page:len(data)] = random.Random(2).randbytes(len(data) - page)
    path.write_bytes(bytes(data))
    with open_store(tmp_path, now=MOMENT) as store:
        assert store.notice is not None and "is damaged" in store.notice and ASIDE in store.notice
        assert round_count(store) == 0


def test_our_mark_without_our_tables_counts_as_damaged(tmp_path):
    connection = sqlite3.connect(tmp_path / DATABASE_NAME)
    connection.execute(f"PRAGMA application_id = {APPLICATION_ID}")
    connection.execute("PRAGMA user_version = 2")
    connection.execute("CREATE TABLE profiles (id INTEGER PRIMARY KEY)")
    connection.close()
    with open_store(tmp_path, now=MOMENT) as store:
        assert store.notice is not None and "tables are missing" in store.notice


def test_the_moved_name_does_not_overwrite_an_earlier_one(tmp_path):
    for expected in (ASIDE, f"{ASIDE}-2"):
        (tmp_path / DATABASE_NAME).write_bytes(b"not a database at all, " * 10)
        with open_store(tmp_path, now=MOMENT) as store:
            assert store.notice is not None and expected in store.notice
        assert (tmp_path / expected).exists()


@pytest.mark.parametrize("journal", ["delete", "wal"])
def test_a_newer_schema_is_refused_and_the_file_left_byte_identical(tmp_path, journal):
    fill(tmp_path)
    path = tmp_path / DATABASE_NAME
    connection = sqlite3.connect(path)
    connection.execute(f"PRAGMA journal_mode = {journal}")
    connection.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    connection.close()
    before = path.read_bytes()
    with pytest.raises(StoreError) as raised:
        open_store(tmp_path)
    message = str(raised.value)
    assert f"schema version {SCHEMA_VERSION + 1}" in message and f"version {SCHEMA_VERSION} that" in message
    assert path.read_bytes() == before
    assert not [name for name in os.listdir(tmp_path) if ".corrupt-" in name]
    wal = tmp_path / f"{DATABASE_NAME}-wal"
    assert not wal.exists() or wal.stat().st_size == 0, "SQLite's read-only look may leave an empty WAL"


def version_1_database(folder):
    """A database as version 1 of the schema made it, with one profile and one saved round."""
    connection = sqlite3.connect(folder / DATABASE_NAME)
    for statement in MIGRATIONS[0]:
        connection.execute(statement)
    connection.execute(f"PRAGMA application_id = {APPLICATION_ID}")
    connection.execute("PRAGMA user_version = 1")
    connection.execute(
        "INSERT INTO profiles (name, name_key, bankroll, created)"
        " VALUES ('Ann', 'ann', 11000, '2023-01-01T00:00:00Z')"
    )
    record = ('{"rules":"vegas-strip","seats":[{"name":"Ann","bankroll":100}],"bets":[10],'
              '"shoe":["T","7","9","T"],"decisions":["stand"],"seed":null}')
    connection.execute(
        "INSERT INTO rounds (played_at, number, dealer, record) VALUES ('2023-01-01T00:00:00Z', 1, '7 T', ?)",
        (record,),
    )
    connection.execute("INSERT INTO round_seats VALUES (1, 0, 1, 'Ann', 1000, 10000, 11000, 1000, NULL)")
    connection.execute("INSERT INTO hands VALUES (1, 0, 0, 'T 9', 1000, 1000, 0, 0, 0, 19, 'win', 1000)")
    connection.commit()
    connection.close()


def test_a_version_1_database_is_migrated_to_the_current_schema_keeping_its_data(tmp_path):
    version_1_database(tmp_path)
    with open_store(tmp_path) as store:
        assert store.notice is None and store.schema_version == SCHEMA_VERSION
        stats = player_stats(store, "Ann")
        assert (stats.rounds, stats.won, stats.net, stats.bankroll) == (1, 1, 1000, 11000)
        assert (stats.luck, stats.decisions) == (None, 0)
        ann = find_profile(store, "ann")
        table = Table(load_rules("vegas-strip"), [("Ann", ann.bankroll)], seed=1)
        rnd, judged = play_round(table, [1000], random.Random(1))
        save_round(store, rnd, [ann], decisions=judged, player_ev=-0.005)
        assert player_stats(store, "Ann").rounds == 2
    with open_store(tmp_path) as store:
        assert store.schema_version == SCHEMA_VERSION and round_count(store) == 2
