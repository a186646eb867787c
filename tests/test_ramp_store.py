"""The store's count of bets judged against a person's ramp: saved, kept across a reopening, migrated
onto an older file, and deleted with the profile."""

from __future__ import annotations

import sqlite3

import pytest

from engine.store import (
    DATABASE_NAME,
    SCHEMA_VERSION,
    StoreError,
    delete_profile,
    get_or_create_profile,
    open_store,
    ramp_bet_stats,
    record_ramp_bet,
)
from engine.store.schema import APPLICATION_ID, MIGRATIONS


def test_judged_bets_add_up_per_person_and_outlive_the_store(tmp_path):
    with open_store(tmp_path) as store:
        get_or_create_profile(store, "Ann", bankroll=100)
        get_or_create_profile(store, "Bob", bankroll=100)
        for off in (True, False, True):
            record_ramp_bet(store, "Ann", off_ramp=off)
        record_ramp_bet(store, "Bob", off_ramp=False)
    with open_store(tmp_path) as store:
        ann, bob = ramp_bet_stats(store, "ann"), ramp_bet_stats(store, "Bob")
    assert (ann.judged, ann.off_ramp, bob.judged, bob.off_ramp) == (3, 2, 1, 0)
    assert ann.on_ramp == pytest.approx(1 / 3) and bob.on_ramp == 1.0


def test_an_unknown_person_is_refused(tmp_path):
    with open_store(tmp_path) as store, pytest.raises(StoreError):
        record_ramp_bet(store, "Nobody", off_ramp=True)


def test_a_version_4_database_gains_the_table_and_keeps_its_profiles(tmp_path):
    connection = sqlite3.connect(tmp_path / DATABASE_NAME)
    for migration in MIGRATIONS[:4]:
        for statement in migration:
            connection.execute(statement)
    connection.execute(f"PRAGMA application_id = {APPLICATION_ID}")
    connection.execute("PRAGMA user_version = 4")
    connection.execute(
        "INSERT INTO profiles (name, name_key, bankroll, created) VALUES ('Ann', 'ann', 5000, 'x')"
    )
    connection.commit()
    connection.close()
    with open_store(tmp_path) as store:
        assert store.schema_version == SCHEMA_VERSION
        assert ramp_bet_stats(store, "Ann").judged == 0
        assert record_ramp_bet(store, "Ann", off_ramp=True).off_ramp == 1


def test_deleting_a_profile_deletes_its_judged_bets(tmp_path):
    with open_store(tmp_path) as store:
        get_or_create_profile(store, "Ann", bankroll=100)
        record_ramp_bet(store, "Ann", off_ramp=True)
        delete_profile(store, "Ann")
        get_or_create_profile(store, "Ann", bankroll=100)
        assert ramp_bet_stats(store, "Ann").judged == 0
        assert store.rows("SELECT COUNT(*) FROM ramp_bets")[0][0] == 0
