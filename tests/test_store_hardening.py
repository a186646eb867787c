"""The store facing bad files and rows: wrong schema versions, garbled rounds, arbitrary bytes, a rename."""

from __future__ import annotations

import sqlite3
import tempfile
from datetime import UTC, datetime
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.store import (
    DATABASE_NAME,
    SCHEMA_VERSION,
    StoreError,
    history_entries,
    open_store,
    player_stats,
    rename_profile,
    round_count,
    save_round,
)
from engine.store.history import round_lines
from engine.store.schema import migrate
from tests.test_store_files import fill
from tests.test_store_rounds import seat_profiles, split_round

MOMENT = datetime(2024, 5, 1, 12, 30, 45, tzinfo=UTC)
ASIDE = f"{DATABASE_NAME}.corrupt-20240501-123045"


def set_version(folder: Path, version: int) -> None:
    connection = sqlite3.connect(folder / DATABASE_NAME)
    connection.execute(f"PRAGMA user_version = {version}")
    connection.commit()
    connection.close()


def test_a_negative_schema_version_is_moved_aside_and_a_fresh_history_saves(tmp_path):
    fill(tmp_path)
    before = (tmp_path / DATABASE_NAME).read_bytes()
    set_version(tmp_path, -1)
    with open_store(tmp_path, now=MOMENT) as store:
        assert store.notice is not None and "schema version -1" in store.notice and ASIDE in store.notice
        assert store.schema_version == SCHEMA_VERSION and round_count(store) == 0
        profiles = seat_profiles(store, "Ann", "Bob")
        save_round(store, split_round(profiles), profiles)
        assert round_count(store) == 1, "the fresh history saves"
    assert len((tmp_path / ASIDE).read_bytes()) == len(before), "the old file is kept whole"


def version_database(folder: Path, built: int, claimed: int) -> None:
    """A database whose tables are those of version `built` but whose user_version says `claimed`."""
    connection = sqlite3.connect(folder / DATABASE_NAME, isolation_level=None)
    migrate(connection, "test", target=built)
    connection.execute(f"PRAGMA user_version = {claimed}")
    connection.close()


@pytest.mark.parametrize(("built", "claimed"), [(4, 1), (4, 2), (4, 3), (3, 2), (2, 3), (2, 1), (1, 3)])
def test_tables_that_are_not_the_claimed_versions_are_moved_aside(tmp_path, built, claimed):
    version_database(tmp_path, built, claimed)
    with open_store(tmp_path, now=MOMENT) as store:
        assert store.notice is not None and ASIDE in store.notice
        assert store.schema_version == SCHEMA_VERSION
        profiles = seat_profiles(store, "Ann", "Bob")
        save_round(store, split_round(profiles), profiles)
        assert history_entries(store)[0]["round"] == 1
    assert (tmp_path / ASIDE).exists()


@pytest.mark.parametrize("version", range(1, SCHEMA_VERSION + 1))
def test_every_released_version_still_opens_without_a_notice(tmp_path, version):
    version_database(tmp_path, version, version)
    with open_store(tmp_path) as store:
        assert store.notice is None and store.schema_version == SCHEMA_VERSION
        profiles = seat_profiles(store, "Ann", "Bob")
        save_round(store, split_round(profiles), profiles)
    assert not list(tmp_path.glob("*.corrupt-*"))


def test_a_newer_version_is_still_refused_untouched(tmp_path):
    fill(tmp_path)
    set_version(tmp_path, SCHEMA_VERSION + 7)
    before = (tmp_path / DATABASE_NAME).read_bytes()
    with pytest.raises(StoreError, match=f"schema version {SCHEMA_VERSION + 7}, newer"):
        open_store(tmp_path)
    assert (tmp_path / DATABASE_NAME).read_bytes() == before and not list(tmp_path.glob("*.corrupt-*"))


def assert_clean_open(folder: Path) -> None:
    """Opening and reading give a working store (with at most a one-sentence notice) or one-line
    StoreErrors (damage that SQLite's quick check does not see can surface on a read), nothing else."""
    try:
        with open_store(folder) as store:
            assert store.notice is None or "\n" not in store.notice
            round_count(store)
            history_entries(store)
    except StoreError as error:
        assert "\n" not in str(error)


@settings(max_examples=60, deadline=None)
@given(st.binary(max_size=2000) | st.binary(max_size=2000).map(lambda tail: b"SQLite format 3\x00" + tail))
def test_a_file_of_arbitrary_bytes_opens_cleanly(data):
    with tempfile.TemporaryDirectory() as folder:
        (Path(folder) / DATABASE_NAME).write_bytes(data)
        assert_clean_open(Path(folder))


@pytest.fixture(scope="module")
def real_database() -> bytes:
    with tempfile.TemporaryDirectory() as folder:
        fill(Path(folder), rounds=6)
        connection = sqlite3.connect(Path(folder) / DATABASE_NAME)
        connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        connection.execute("PRAGMA journal_mode = DELETE")
        connection.close()
        return (Path(folder) / DATABASE_NAME).read_bytes()


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 2**20), st.integers(0, 255)), min_size=1, max_size=8))
def test_a_real_database_with_bytes_changed_opens_cleanly(real_database, changes):
    data = bytearray(real_database)
    for where, value in changes:
        data[where % len(data)] = value
    with tempfile.TemporaryDirectory() as folder:
        (Path(folder) / DATABASE_NAME).write_bytes(bytes(data))
        assert_clean_open(Path(folder))




@pytest.mark.parametrize(
    ("sql", "reason"),
    [
        ("UPDATE rounds SET record = '{bad' WHERE id = 2", "its record is not JSON"),
        ("UPDATE rounds SET record = '[1]' WHERE id = 2", "its record is not a JSON object"),
        ("UPDATE rounds SET record = X'7bff7d' WHERE id = 2", "its record is not UTF-8 text"),
        ("UPDATE rounds SET played_at = CAST(X'ff' AS TEXT) WHERE id = 2", "its time is not UTF-8 text"),
        ("UPDATE round_seats SET bet = 'ten' WHERE round_id = 2 AND seat = 0", "a seat's money is 'ten'"),
        ("UPDATE round_seats SET net = 2.5 WHERE round_id = 2 AND seat = 1", "a seat's money is 2.5"),
        ("UPDATE round_seats SET name = X'ff' WHERE round_id = 2", "a seat's name is not UTF-8 text"),
        ("UPDATE round_seats SET bankroll_after = 1e30 WHERE round_id = 2", "a seat's money is 1e+30"),
    ],
)
def test_a_garbled_round_is_left_out_with_a_sentence_and_the_rest_listed(ann_and_bob_rounds, sql, reason):
    connection = sqlite3.connect(ann_and_bob_rounds / DATABASE_NAME)
    connection.execute(sql)
    connection.commit()
    connection.close()
    with open_store(ann_and_bob_rounds) as store:
        skipped: list[str] = []
        entries = history_entries(store, skipped=skipped)
        assert [entry["round"] for entry in entries] == [1, 3]
        assert len(skipped) == 1 and skipped[0].startswith(f"round 2 is garbled in the database ({reason}")
        assert [entry["round"] for entry in history_entries(store)] == [1, 3], "skipped without a list too"


def test_a_garbled_unfinished_round_is_left_out(ann_and_bob_rounds):
    connection = sqlite3.connect(ann_and_bob_rounds / DATABASE_NAME)
    connection.execute("UPDATE rounds SET unfinished = 1, journal = '{\"profiles\": 5}' WHERE id = 3")
    connection.commit()
    connection.close()
    with open_store(ann_and_bob_rounds) as store:
        skipped: list[str] = []
        assert [entry["round"] for entry in history_entries(store, skipped=skipped)] == [1, 2]
        assert skipped == ["round 3 is garbled in the database (its journal and record do not list the same"
                           " seats); it was left out."]


def test_the_history_list_keeps_a_renamed_persons_net(ann_and_bob_rounds):
    with open_store(ann_and_bob_rounds) as store:
        rename_profile(store, "Ann", "Annie")
        assert player_stats(store, "Annie").net == 3 * -2500
        lines = round_lines(store, player="Annie")
        assert [line.net for line in lines] == [-2500] * 3, "Ann's rounds are Annie's"
        assert [seat.player for seat in lines[0].seats] == ["Ann", "Bob"], "rounds keep the name played with"
        assert [line.net for line in round_lines(store, player="bob")] == [1500] * 3
        assert [line.net for line in round_lines(store)] == [-1000] * 3, "everyone: the people together"


def test_a_bots_seat_is_not_counted_in_everyones_net(tmp_path):
    with open_store(tmp_path) as store:
        ann, bob = seat_profiles(store, "Ann", "Bob")
        save_round(store, split_round([ann, bob]), [ann, None])  # Bob's seat belongs to no profile: a bot
        assert [line.net for line in round_lines(store)] == [-2500]


def test_hand_rows_refuses_a_negative_count_and_takes_a_huge_one(ann_and_bob_rounds):
    from engine.store import hand_rows

    with open_store(ann_and_bob_rounds) as store:
        with pytest.raises(StoreError, match="must be 0 or more, not -1"):
            hand_rows(store, last_rounds=-1)
        assert {row.round_id for row in hand_rows(store, last_rounds=10**30)} == {1, 2, 3}
        assert {row.round_id for row in hand_rows(store, last_rounds=1)} == {3}

