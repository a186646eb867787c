"""Profiles: case-free unique names, clear refusals, changes that stick, renaming and deleting."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import Action, StackedShoe, Table, load_rules
from engine.record import round_start_state
from engine.store import (
    DecisionQuality,
    Profile,
    StoreError,
    begin_round,
    delete_profile,
    export_history,
    find_profile,
    get_or_create_profile,
    hand_rows,
    history_entries,
    list_profiles,
    normalize_name,
    open_store,
    player_stats,
    profile_named,
    rename_profile,
    round_count,
    round_records,
    save_round,
    save_tournament,
    tournament_results,
    unfinished_round,
    update_profile,
)
from engine.store.profiles import DEFAULT_BANKROLL


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


# ---- renaming and deleting ---------------------------------------------------------------


def rows(store):
    """Every row rename and delete could touch, ids and all."""
    tables = ("profiles", "rounds", "round_seats", "hands", "decisions", "tournaments")
    return {name: [tuple(r) for r in store.rows(f"SELECT * FROM {name} ORDER BY 1, 2")] for name in tables}


def ann_and_bob_play(store):
    """Ann and Bob each win 10 with 19 against 17; Ann's stand is judged; each has a tournament result."""
    ann = get_or_create_profile(store, "Ann", bankroll=50_000)
    bob = get_or_create_profile(store, "Bob", bankroll=50_000)
    seats = [("Ann", 50_000), ("Bob", 50_000)]
    table = Table(load_rules("vegas-strip"), seats, shoe=StackedShoe("T 9 7 9 T T"))
    rnd = table.start_round()
    rnd.place_bet(0, 1000)
    rnd.place_bet(1, 1000)
    rnd.deal()
    rnd.stand()
    rnd.stand()
    judged = [DecisionQuality(seat=0, hand=0, action=Action.STAND, correct=True)]
    round_id = save_round(store, rnd, [ann, bob], decisions=judged, player_ev=-0.005)
    save_tournament(store, ann, won=True, final_bankroll=20_000, rounds=7)
    save_tournament(store, bob, won=False, final_bankroll=0, rounds=4)
    return round_id


def unfinished(store, names, *, owners=None):
    """A round begun (bets taken) at a table of these profiles and left unfinished; returns its id."""
    profiles = [profile_named(store, name) for name in names]
    table = Table(load_rules("vegas-strip"), [(p.name, p.bankroll) for p in profiles], seed=3)
    start = round_start_state(table)
    rnd = table.start_round()
    for seat in range(len(profiles)):
        rnd.place_bet(seat, 1000)
    rnd.deal()
    seated = [None] * len(profiles) if owners is not None else profiles
    return begin_round(store, rnd, seated, start, tournament_owners=owners)


def test_a_renamed_profile_keeps_its_bankroll_statistics_and_tournaments(store):
    round_id = ann_and_bob_play(store)
    renamed = rename_profile(store, "ann", "  Annie   Lee ")
    assert (renamed.name, renamed.bankroll) == ("Annie Lee", 51_000)
    assert find_profile(store, "Ann") is None and find_profile(store, "ANNIE LEE") == renamed
    stats = player_stats(store, "annie lee")
    assert (stats.player, stats.rounds, stats.net, stats.decisions) == ("Annie Lee", 1, 1000, 1)
    assert [r.player for r in tournament_results(store, "Annie Lee")] == ["Annie Lee"]
    query = "SELECT name, profile_id FROM round_seats WHERE round_id = ? ORDER BY seat"
    seats = store.rows(query, (round_id,))
    assert tuple(seats[0]) == ("Ann", renamed.id), "the saved round keeps the name it was played with"
    assert '"Ann"' in round_records(store, player="Annie Lee")[0]


def test_a_profile_can_be_renamed_to_another_case_of_its_own_name(store):
    ann = get_or_create_profile(store, "ann lee", bankroll=4_000)
    assert rename_profile(store, "Ann Lee", "Ann LEE") == Profile(
        ann.id, "Ann LEE", 4_000, ann.settings, ann.coach_level, ann.color, ann.created
    )
    assert [p.name for p in list_profiles(store)] == ["Ann LEE"]
    assert rename_profile(store, "ann lee", "Ann LEE").name == "Ann LEE", "the same name changes nothing"


@pytest.mark.parametrize(
    ("new", "message"),
    [
        ("bob", r"cannot rename Ann to bob: there is already a profile named 'Bob'"),
        ("  BOB ", r"cannot rename Ann to BOB: there is already a profile named 'Bob'"),
        ("", r"cannot rename Ann: a name needs at least one character"),
        ("x" * 25, r"cannot rename Ann: a name can have at most 24 characters"),
        ("Ann, Bob", r"cannot rename Ann: a name cannot contain a comma"),
        ("bot:novice", r"cannot rename Ann: a name cannot start with 'bot:'"),
    ],
)
def test_a_rename_to_a_taken_or_impossible_name_is_refused_and_changes_nothing(store, new, message):
    ann_and_bob_play(store)
    before = rows(store)
    with pytest.raises(StoreError, match=message):
        rename_profile(store, "Ann", new)
    assert rows(store) == before


def test_renaming_or_deleting_nobody_is_refused_with_the_name(store):
    get_or_create_profile(store, "Ann")
    before = rows(store)
    with pytest.raises(StoreError, match="there is no profile named 'Eve'"):
        rename_profile(store, " Eve", "Eva")
    with pytest.raises(StoreError, match="there is no profile named 'Eve'"):
        delete_profile(store, "Eve")
    assert rows(store) == before


def test_deleting_a_profile_keeps_its_rounds_under_their_name_and_removes_the_rest(store, tmp_path):
    round_id = ann_and_bob_play(store)
    before = rows(store)
    gone = delete_profile(store, "ANN")
    assert (gone.name, gone.bankroll) == ("Ann", 51_000)
    after = rows(store)
    assert [p[1] for p in after["profiles"]] == ["Bob"]
    assert [t[1] for t in after["tournaments"]] == [profile_named(store, "Bob").id], "Ann's result is gone"
    assert after["rounds"] == before["rounds"] and after["hands"] == before["hands"]
    assert after["decisions"] == before["decisions"]
    assert [(s[1], s[2], s[3]) for s in after["round_seats"]] == [
        (0, None, "Ann"), (1, profile_named(store, "Bob").id, "Bob")
    ], "the seat keeps its name and money, no longer anyone's"
    assert [s[4:] for s in after["round_seats"]] == [s[4:] for s in before["round_seats"]]
    assert round_count(store) == 1 and len(round_records(store)) == 1
    assert [seat["name"] for seat in history_entries(store)[0]["seats"]] == ["Ann", "Bob"]
    assert [(row.player, row.net) for row in hand_rows(store)] == [("Ann", 1000), ("Bob", 1000)]
    assert export_history(store, tmp_path / "all.jsonl") == 1
    assert player_stats(store, "Bob").rounds == 1
    with pytest.raises(StoreError, match="no profile named 'Ann'"):
        player_stats(store, "Ann")
    fresh = get_or_create_profile(store, "Ann")
    assert (fresh.bankroll, player_stats(store, "Ann").rounds, tournament_results(store, "Ann")) == (
        DEFAULT_BANKROLL, 0, []
    ), "a new Ann starts afresh"
    assert history_entries(store)[0]["round"] == round_id


@pytest.mark.parametrize("change", ["rename", "rename-case", "delete"])
def test_a_profile_seated_in_an_unfinished_round_is_neither_renamed_nor_deleted(store, change):
    ann_and_bob_play(store)
    round_id = unfinished(store, ["Bob", "Ann"])
    before = rows(store)
    refusal = f"^Ann is seated in round {round_id}, which is not finished; finish it first$"
    with pytest.raises(StoreError, match=refusal):
        if change == "delete":
            delete_profile(store, "ann")
        else:
            rename_profile(store, "ann", "Annie" if change == "rename" else "ANN")
    assert rows(store) == before
    assert unfinished_round(store).profiles[1].name == "Ann"


def test_a_tournament_owner_of_the_unfinished_round_counts_as_seated(store):
    ann_and_bob_play(store)
    round_id = unfinished(store, ["Ann"], owners=[profile_named(store, "Ann")])
    with pytest.raises(StoreError, match=f"Ann is seated in round {round_id}"):
        delete_profile(store, "Ann")
    assert rename_profile(store, "Bob", "Robert").name == "Robert", "who is not seated may change"
    assert [p.name for p in list_profiles(store)] == ["Ann", "Robert"]


def test_once_the_round_is_finished_its_people_can_be_renamed_and_deleted(store):
    ann_and_bob_play(store)
    round_id = unfinished(store, ["Ann"])
    rnd = unfinished_round(store).resume()
    while not rnd.is_over:
        rnd.stand()
    save_round(store, rnd, [profile_named(store, "Ann")], round_id=round_id)
    assert rename_profile(store, "Ann", "Annie").name == "Annie"
    delete_profile(store, "Annie")
    assert [p.name for p in list_profiles(store)] == ["Bob"] and round_count(store) == 2


@settings(max_examples=60, deadline=None)
@given(new=st.text(alphabet=st.sampled_from("aAbB ,\t\x07xyz:"), max_size=30))
def test_a_rename_either_takes_the_normalized_name_or_changes_nothing(tmp_path_factory, new):
    with open_store(tmp_path_factory.mktemp("rename")) as store:
        get_or_create_profile(store, "Ann")
        get_or_create_profile(store, "b")
        before = rows(store)
        try:
            renamed = rename_profile(store, "Ann", new)
        except StoreError:
            assert rows(store) == before
        else:
            assert renamed.name == normalize_name(new) and find_profile(store, new) == renamed
            assert len(list_profiles(store)) == 2
