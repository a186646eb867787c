"""Profiles: case-free unique names, clear refusals, and changes that stick."""

from __future__ import annotations

import pytest

from engine.store import (
    StoreError,
    find_profile,
    get_or_create_profile,
    list_profiles,
    open_store,
    profile_named,
    update_profile,
)


@pytest.fixture
def store(tmp_path):
    with open_store(tmp_path) as opened:
        yield opened


def test_names_are_trimmed_and_found_without_regard_to_case(store):
    ann = get_or_create_profile(store, "  Ann   Lee ", bankroll=5000)
    again = get_or_create_profile(store, "ANN LEE", bankroll=999)
    assert ann.name == "Ann Lee" and again == ann and again.bankroll == 5000
    assert find_profile(store, "ann lee") == ann
    assert find_profile(store, "Bob") is None


def test_a_new_profile_takes_the_given_bankroll_settings_coach_level_and_color(store):
    bob = get_or_create_profile(
        store, "Bob", bankroll=12_345, settings={"speed": "fast"}, coach_level=2, color="#d04040"
    )
    assert (bob.bankroll, dict(bob.settings), bob.coach_level, bob.color) == (
        12_345, {"speed": "fast"}, 2, "#d04040"
    )
    assert bob.created.endswith("Z")


@pytest.mark.parametrize(
    ("name", "message"),
    [
        ("", "at least one character"),
        ("   ", "at least one character"),
        ("x" * 25, "at most 24 characters"),
        ("Ann,Bob", "cannot contain a comma"),
        ("Bot:basic", "marks a bot seat"),
        ("Ann\x07", "control characters"),
    ],
)
def test_a_name_that_cannot_be_a_profile_is_refused_with_the_reason(store, name, message):
    with pytest.raises(StoreError, match=message):
        get_or_create_profile(store, name)
    assert list_profiles(store) == []


def test_twenty_four_characters_is_long_enough(store):
    assert get_or_create_profile(store, "x" * 24).name == "x" * 24


def test_updates_change_only_what_is_given_and_persist(tmp_path):
    with open_store(tmp_path) as store:
        get_or_create_profile(store, "Cy", bankroll=1000, settings={"a": 1})
        update_profile(store, "cy", bankroll=5000, coach_level=1)
    with open_store(tmp_path) as store:
        cy = profile_named(store, "CY")
        assert (cy.bankroll, dict(cy.settings), cy.coach_level, cy.color) == (5000, {"a": 1}, 1, "")


def test_bad_updates_are_refused(store):
    get_or_create_profile(store, "Dee")
    with pytest.raises(StoreError, match="non-negative"):
        update_profile(store, "Dee", bankroll=-1)
    with pytest.raises(StoreError, match="JSON-ready"):
        update_profile(store, "Dee", settings={"x": object()})
    with pytest.raises(StoreError, match="coach level"):
        update_profile(store, "Dee", coach_level=-1)
    assert profile_named(store, "Dee").coach_level == 0
    with pytest.raises(StoreError, match="no profile named 'Eve'"):
        update_profile(store, "Eve", bankroll=10)
    with pytest.raises(StoreError, match="no profile named 'eve'"):
        profile_named(store, "eve ")


def test_profiles_list_by_name_without_regard_to_case(store):
    for name in ("bob", "Ann", "cy"):
        get_or_create_profile(store, name)
    assert [p.name for p in list_profiles(store)] == ["Ann", "bob", "cy"]
