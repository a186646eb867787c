"""Drill results per profile: streaks and accuracy per family, count drill totals, mistakes read from play."""

from __future__ import annotations

import sqlite3

import pytest

from engine import Action, StackedShoe, Table, load_rules
from engine.cards import parse_cards
from engine.round import DecisionKind
from engine.store import (
    DATABASE_NAME,
    SCHEMA_VERSION,
    CountDrillStats,
    DecisionQuality,
    StoreError,
    count_drill_stats,
    delete_profile,
    drill_stats,
    get_or_create_profile,
    missed_decisions,
    open_store,
    record_count_drill,
    record_drill_answer,
    save_round,
)
from engine.store.schema import APPLICATION_ID, MIGRATIONS


@pytest.fixture
def store(tmp_path):
    with open_store(tmp_path) as opened:
        yield opened


def test_a_familys_streak_grows_with_right_answers_and_starts_over_after_a_wrong_one(store):
    get_or_create_profile(store, "Ann", bankroll=10_000)
    answers = [True, True, True, False, True]
    for correct in answers:
        last = record_drill_answer(store, "ann", "hard", correct)
    assert (last.answered, last.correct, last.streak, last.best_streak) == (5, 4, 1, 3)
    assert last.accuracy == pytest.approx(0.8)
    record_drill_answer(store, "Ann", "pairs", False)
    found = drill_stats(store, "ANN")
    assert set(found) == {"hard", "pairs"} and found["hard"] == last
    assert (found["pairs"].answered, found["pairs"].correct, found["pairs"].streak) == (1, 0, 0)


def test_results_are_per_person(store):
    for name in ("Ann", "Bob"):
        get_or_create_profile(store, name, bankroll=10_000)
    record_drill_answer(store, "Ann", "soft", True)
    assert drill_stats(store, "Bob") == {}
    assert count_drill_stats(store, "Bob") == CountDrillStats(0, 0, 0)


def test_count_drill_attempts_count_running_and_true_counts_apart(store):
    get_or_create_profile(store, "Ann", bankroll=10_000)
    record_count_drill(store, "Ann", running_right=True, true_right=False)
    totals = record_count_drill(store, "Ann", running_right=True, true_right=True)
    assert (totals.attempts, totals.running_correct, totals.true_correct) == (2, 2, 1)
    assert count_drill_stats(store, "ann") == totals


def test_an_unknown_person_or_family_is_refused_with_a_sentence(store):
    with pytest.raises(StoreError, match="there is no profile named 'Zed'"):
        record_drill_answer(store, "Zed", "hard", True)
    get_or_create_profile(store, "Ann", bankroll=10_000)
    with pytest.raises(StoreError, match="needs the family"):
        record_drill_answer(store, "Ann", " ", True)


def test_deleting_a_profile_deletes_its_drill_results(store):
    get_or_create_profile(store, "Ann", bankroll=10_000)
    record_drill_answer(store, "Ann", "hard", True)
    record_count_drill(store, "Ann", running_right=True, true_right=True)
    delete_profile(store, "Ann")
    get_or_create_profile(store, "Ann", bankroll=10_000)
    assert drill_stats(store, "Ann") == {} and count_drill_stats(store, "Ann").attempts == 0


def test_a_version_3_database_gains_the_drill_tables_and_keeps_its_profiles(tmp_path):
    connection = sqlite3.connect(tmp_path / DATABASE_NAME)
    for step in MIGRATIONS[:3]:
        for statement in step:
            connection.execute(statement)
    connection.execute(f"PRAGMA application_id = {APPLICATION_ID}")
    connection.execute("PRAGMA user_version = 3")
    connection.execute(
        "INSERT INTO profiles (name, name_key, bankroll, created) VALUES ('Ann', 'ann', 5000, 'x')"
    )
    connection.commit()
    connection.close()
    with open_store(tmp_path) as store:
        assert store.notice is None and store.schema_version == SCHEMA_VERSION
        assert record_drill_answer(store, "Ann", "hard", True).streak == 1


def test_a_newer_database_is_still_refused_untouched(tmp_path):
    with open_store(tmp_path):
        pass
    connection = sqlite3.connect(tmp_path / DATABASE_NAME)
    connection.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    connection.commit()
    connection.close()
    before = (tmp_path / DATABASE_NAME).read_bytes()
    newer = f"schema version {SCHEMA_VERSION + 1}, newer than version {SCHEMA_VERSION}"
    with pytest.raises(StoreError, match=newer):
        open_store(tmp_path)
    assert (tmp_path / DATABASE_NAME).read_bytes() == before


def played_round(ann, bob):
    """Ann (T 6 against a 7) stands wrongly, then Bob (8 8) hits wrongly and then stands."""
    rules = load_rules("vegas-strip")
    table = Table(rules, [(ann.name, ann.bankroll), (bob.name, bob.bankroll)],
                  shoe=StackedShoe("T 8 7 6 8 T 2 9"), rules_source="vegas-strip")
    rnd = table.start_round()
    rnd.place_bet(0, 1000)
    rnd.place_bet(1, 1000)
    rnd.deal()
    for action in (Action.STAND, Action.HIT, Action.STAND):
        rnd.act(action)
    return rnd


def test_my_mistakes_are_the_wrong_decisions_with_the_cards_they_were_made_on(store):
    ann = get_or_create_profile(store, "Ann", bankroll=10_000)
    bob = get_or_create_profile(store, "Bob", bankroll=10_000)
    rnd = played_round(ann, bob)
    decisions = [
        DecisionQuality(0, 0, Action.STAND, False, Action.HIT, 50.0),
        DecisionQuality(1, 0, Action.HIT, False, Action.SPLIT, 90.0),
        DecisionQuality(1, 0, Action.STAND, True, Action.STAND, 0.0),
    ]
    save_round(store, rnd, [ann, bob], decisions=decisions)
    (mine,) = missed_decisions(store, "Ann")
    assert (mine.cards, mine.up.code, mine.kind, mine.action, mine.best) == (
        parse_cards("T 6"), "7", DecisionKind.PLAY, Action.STAND, Action.HIT
    )
    (his,) = missed_decisions(store, "Bob")
    assert his.cards == parse_cards("8 8") and his.action is Action.HIT and his.best is Action.SPLIT
    assert not his.from_split and his.hands == 1


def test_no_mistakes_is_an_empty_list(store):
    get_or_create_profile(store, "Ann", bankroll=10_000)
    assert missed_decisions(store, "Ann") == []
