"""Count systems as data: published tags, balance, starting counts, true-count conversion, custom files."""

from __future__ import annotations

import os
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import parse_cards
from engine.cards import FULL_DECK
from engine.counting import (
    HI_LO,
    SYSTEMS,
    Count,
    CountSystemError,
    Precision,
    Rounding,
    card_tag,
    count_system,
    decks_left_cards,
    running_count,
    whole,
)
from engine.errors import RulesError

# The published tags, ace first then two to nine then ten (sources: docs/simulate.md).
PUBLISHED = {
    "hi-lo": "-1 1 1 1 1 1 0 0 0 -1",
    "ko": "-1 1 1 1 1 1 1 0 0 -1",
    "hi-opt-i": "0 0 1 1 1 1 0 0 0 -1",
    "hi-opt-ii": "0 1 1 2 2 1 1 0 0 -2",
    "omega-ii": "0 1 1 2 2 2 1 0 -1 -2",
    "zen": "-1 1 1 2 2 2 1 0 0 -2",
    "wong-halves": "-1 0.5 1 1 1.5 1 0.5 0 -0.5 -1",
    "red-7": "-1 1 1 1 1 1 0 0 0 -1",
    "reko": "-1 1 1 1 1 1 1 0 0 -1",
    "uston-apc": "0 1 2 2 3 2 2 1 -1 -3",
}
DECK_COUNT = {"hi-lo": 0, "ko": 4, "hi-opt-i": 0, "hi-opt-ii": 0, "omega-ii": 0, "zen": 0,
              "wong-halves": 0, "red-7": 2, "reko": 4, "uston-apc": 0}


def test_the_shipped_systems_are_the_ten_published_ones_hi_lo_first():
    assert list(SYSTEMS) == list(PUBLISHED)
    assert next(iter(SYSTEMS.values())) is HI_LO


@pytest.mark.parametrize("key", PUBLISHED)
def test_each_system_has_its_published_tags(key):
    system = SYSTEMS[key]
    assert system.tags == tuple(Fraction(t) for t in PUBLISHED[key].split())
    assert system.key == key


@pytest.mark.parametrize("key", PUBLISHED)
def test_balance_is_what_a_real_deck_counts_to(key):
    system = SYSTEMS[key]
    total = running_count(system, FULL_DECK)
    assert total == DECK_COUNT[key]
    assert system.balanced is (total == 0)


def test_red_sevens_count_and_black_sevens_do_not():
    red7 = SYSTEMS["red-7"]
    assert [card_tag(red7, c) for c in parse_cards("7H 7D 7S 7C 7")] == [1, 1, 0, 0, 0]
    assert card_tag(HI_LO, parse_cards("7H")[0]) == 0


def test_unbalanced_systems_start_where_their_books_say():
    ko, red7, reko = SYSTEMS["ko"], SYSTEMS["red-7"], SYSTEMS["reko"]
    assert [ko.initial_running_count(d) for d in (1, 2, 6, 8)] == [0, -4, -20, -28]
    assert [red7.initial_running_count(d) for d in (1, 2, 6, 8)] == [-2, -4, -12, -16]
    assert reko.initial_running_count(6) == -20
    assert (ko.key_count, ko.pivot, red7.pivot) == (2, 4, 0)
    assert HI_LO.initial_running_count(6) == 0


@pytest.mark.parametrize("key", ["ko", "red-7", "reko"])
def test_an_unbalanced_count_through_the_whole_shoe_ends_at_its_start_plus_the_imbalance(key):
    system = SYSTEMS[key]
    count = Count(system, 6)
    count.add(FULL_DECK * 6)
    assert count.running == system.initial_running_count(6) + 6 * DECK_COUNT[key]


def test_ko_pivot_reads_the_same_true_edge_at_any_depth():
    """At the pivot the running count's excess over its average is the pivot's true count."""
    ko = SYSTEMS["ko"]
    for dealt_decks in (1, 2, 3, 4):
        expected_running = ko.initial_running_count(6) + 4 * dealt_decks  # the average after that many decks
        excess = ko.pivot - expected_running
        assert Fraction(excess, 6 - dealt_decks) == 4


def test_systems_are_found_by_key_or_name_in_any_case():
    assert count_system("KO") is SYSTEMS["ko"]
    assert count_system("wong halves") is SYSTEMS["wong-halves"]
    assert count_system("Hi-Opt II") is SYSTEMS["hi-opt-ii"]
    with pytest.raises(CountSystemError, match="no count system named 'hi-lo-lo'; the systems are hi-lo, ko"):
        count_system("hi-lo-lo")
    assert issubclass(CountSystemError, RulesError)


# --- true-count conversion ---------------------------------------------------------------------


def test_whole_floors_truncates_or_rounds_halves_away_from_zero():
    assert [whole(n, 4, Rounding.FLOOR) for n in (-6, -5, -2, 2, 5, 6)] == [-2, -2, -1, 0, 1, 1]
    assert [whole(n, 4, Rounding.TRUNCATE) for n in (-6, -5, -2, 2, 5, 6)] == [-1, -1, 0, 0, 1, 1]
    assert [whole(n, 4, Rounding.ROUND) for n in (-6, -5, -2, 2, 5, 6)] == [-2, -1, -1, 1, 1, 2]


@pytest.mark.parametrize(
    ("left", "precision", "cards"),
    [
        (100, Precision.EXACT, 100), (100, Precision.QUARTER, 104), (100, Precision.HALF, 104),
        (100, Precision.WHOLE, 104), (77, Precision.WHOLE, 52), (78, Precision.WHOLE, 104),
        (70, Precision.HALF, 78), (65, Precision.HALF, 78), (64, Precision.HALF, 52),
        (19, Precision.QUARTER, 26), (45, Precision.QUARTER, 39), (10, Precision.EXACT, 26),
        (0, Precision.WHOLE, 26),
    ],
)
def test_decks_left_are_estimated_to_the_unit_never_under_half_a_deck(left, precision, cards):
    assert decks_left_cards(left, precision) == cards


def _hi_lo_after(cards: str, decks: int, **setting):
    count = Count(HI_LO, decks, **setting)
    count.add(parse_cards(cards))
    return count


def test_true_count_in_every_precision_and_rounding():
    # Running +7 after 70 cards of a two-deck shoe: 34 cards (0.65 decks) left.
    shown = " ".join(["2"] * 7 + ["8"] * 63)
    expected = {
        (Precision.EXACT, Rounding.FLOOR): 10,  # 7 / (34/52) = 10.7
        (Precision.EXACT, Rounding.TRUNCATE): 10,
        (Precision.EXACT, Rounding.ROUND): 11,
        (Precision.QUARTER, Rounding.FLOOR): 9,  # 39 cards: 7 / 0.75 = 9.33
        (Precision.HALF, Rounding.ROUND): 14,  # 34 cards round to half a deck: 7 / 0.5
        (Precision.WHOLE, Rounding.FLOOR): 7,  # ... and to one whole deck
    }
    for (precision, rounding), true in expected.items():
        count = _hi_lo_after(shown, 2, precision=precision, rounding=rounding)
        assert count.running == 7
        assert count.true_count() == true, (precision, rounding)


def test_negative_true_counts_floor_down_and_truncate_toward_zero():
    shown = " ".join(["T"] * 3 + ["8"] * 49)  # running -3 with one deck left of two
    assert _hi_lo_after(shown, 2).true_count() == -3
    shown = " ".join(["T"] * 3 + ["8"] * 75)  # running -3, 26 cards left: -6 exactly
    assert _hi_lo_after(shown, 2).true_count() == -6
    shown = " ".join(["T"] * 3 + ["8"] * 37)  # running -3, 64 cards left: -2.44
    assert _hi_lo_after(shown, 2, rounding=Rounding.FLOOR).true_count() == -3
    assert _hi_lo_after(shown, 2, rounding=Rounding.TRUNCATE).true_count() == -2
    assert _hi_lo_after(shown, 2, rounding=Rounding.ROUND).true_count() == -2


def test_half_point_counts_divide_exactly():
    count = Count(SYSTEMS["wong-halves"], 1)
    count.add(parse_cards("2 2 2 8 8 8 8 8 8 8 8 8 8 8 8 8 8 8 8 8 8 8 8 8 8 8"))  # +1.5, half a deck left
    assert count.running == Fraction(3, 2)
    assert count.true_count() == 3
    assert count.count() == 3


def test_unbalanced_systems_bet_off_the_running_count():
    ko = Count(SYSTEMS["ko"], 6)
    ko.add(parse_cards("2 3 4 5 6 7"))
    assert ko.running == -14
    assert ko.count() == -14  # not divided by the decks left
    # Six low cards where 6 x 4/52 were expected: (-14 + 20 - 0.46) / (306/52) = 0.94, floored.
    assert ko.true_count() == 0
    ko.add(parse_cards("2 3 4 5 6 7"))
    assert (ko.count(), ko.true_count()) == (-8, 1)  # (12 - 0.92) / (300/52) = 1.92


@pytest.mark.parametrize("key", ["ko", "red-7", "reko"])
def test_an_unbalanced_true_count_is_zero_on_a_shoe_dealt_at_its_average(key):
    count = Count(SYSTEMS[key], 2)
    count.add(FULL_DECK)  # one whole deck: exactly the average composition
    assert count.running == SYSTEMS[key].initial_running_count(2) + DECK_COUNT[key]
    assert count.true_count() == 0


def test_reset_starts_a_fresh_shoe_and_an_infinite_deck_has_no_count():
    ko = Count(SYSTEMS["ko"], 2)
    ko.add(parse_cards("5 5 5"))
    ko.reset()
    assert (ko.running, ko.seen) == (-4, 0)
    endless = Count(HI_LO, None)
    endless.add(parse_cards("5 5"))
    assert endless.true_count() is None and endless.count() is None


@settings(max_examples=200, deadline=None)
@given(
    st.sampled_from(list(SYSTEMS)), st.integers(1, 8), st.sampled_from(list(Precision)),
    st.sampled_from(list(Rounding)), st.lists(st.sampled_from(FULL_DECK), max_size=60),
)
def test_true_count_is_the_exact_quotient_made_whole(key, decks, precision, rounding, cards):
    count = Count(SYSTEMS[key], decks, precision=precision, rounding=rounding)
    count.add(cards)
    cards_left = decks_left_cards(decks * 52 - len(cards), precision)
    system = SYSTEMS[key]
    excess = count.running - system.initial_running_count(decks) - Fraction(DECK_COUNT[key] * len(cards), 52)
    exact = excess * 52 / cards_left
    true = count.true_count()
    assert true is not None
    if rounding is Rounding.FLOOR:
        assert true <= exact < true + 1
    elif rounding is Rounding.TRUNCATE:
        assert abs(true) <= abs(exact) < abs(true) + 1 and (true == 0 or (true > 0) == (exact > 0))
    else:
        assert abs(exact - true) <= Fraction(1, 2)


# --- custom systems from TOML ------------------------------------------------------------------


def _write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "mine.toml"
    path.write_text(text, encoding="utf-8")
    return path


def test_a_custom_system_reads_from_toml(tmp_path):
    path = _write(tmp_path, 'name = "Mine"\ntags = [-1, 0.5, 1, 1, 1.5, 1, 0.5, 0, -0.5, -1]\n')
    system = count_system(str(path))
    assert system.name == "Mine" and system.key == "mine"
    assert system.tags == SYSTEMS["wong-halves"].tags and system.balanced
    unbalanced = _write(tmp_path, 'name = "U"\ntags = [-1, 1, 1, 1, 1, 1, 1, 0, 0, -1]\n'
                                  "initial_running_count_per_deck = -4\nkey_count = 2\n")
    system = count_system(unbalanced)
    assert not system.balanced and system.initial_running_count(2) == -8 and system.key_count == 2


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ('name = "M"\ntags = [1, 2, 3]\n', "key 'tags': needs 10 tags (ace, two to nine, ten), not 3"),
        ('name = "M"\ntags = [nan, 1, 1, 1, 1, 1, 0, 0, 0, -1]\n', "key 'tags': nan is not a number"),
        ('name = "M"\ntags = [inf, 1, 1, 1, 1, 1, 0, 0, 0, -1]\n', "key 'tags': inf is not a number"),
        ('name = "M"\ntags = [0.3, 1, 1, 1, 1, 1, 0, 0, 0, -1]\n', "0.3 is not a whole or half number"),
        ('name = "M"\ntags = [9, 1, 1, 1, 1, 1, 0, 0, 0, -1]\n', "from -5 to 5"),
        ('name = "M"\ntags = ["a", 1, 1, 1, 1, 1, 0, 0, 0, -1]\n', "'a' is not a number"),
        ('name = "M"\ntags = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0]\n', "every tag is 0"),
        ('name = "M"\ntags = "hi-lo"\n', "key 'tags': use a list of 10 numbers"),
        ('tags = [-1, 1, 1, 1, 1, 1, 0, 0, 0, -1]\n', "key 'name': use a name"),
        ('name = "M"\ncolour = 3\ntags = [-1, 1, 1, 1, 1, 1, 0, 0, 0, -1]\n', "unknown key 'colour'"),
        ('name = "M"\ntags = [-1, 1, 1, 1, 1, 1, 0, 0, 0, -1]\npivot = true\n', "'pivot': True is not"),
        ('name = "M"\ntags = [-1, 1, 1, 1, 1, 1, 0, 0, 0, -1]\nace_side_count = 1\n', "use true or false"),
        ("name = \n", "not valid TOML"),
        ('name = "M"\ntags = [-1, 1, 1, 1, 1, 1, 0, 0, 0, 99999999999999999999]\n', "far too large"),
    ],
)
def test_a_broken_system_file_is_one_sentence_naming_it(tmp_path, text, reason):
    path = _write(tmp_path, text)
    with pytest.raises(CountSystemError) as caught:
        count_system(str(path))
    message = str(caught.value)
    assert message.startswith(f"count system file '{path}': "), message
    assert reason in message, message
    assert "\n" not in message


def test_folders_pipes_missing_and_non_utf8_files_are_refused_without_reading(tmp_path):
    with pytest.raises(CountSystemError, match="is a folder, not a regular file"):
        count_system(str(tmp_path) + "/")
    with pytest.raises(CountSystemError, match="there is no such file"):
        count_system(str(tmp_path / "gone.toml"))
    fifo = tmp_path / "pipe.toml"
    os.mkfifo(fifo)
    with pytest.raises(CountSystemError, match="is a named pipe, not a regular file"):
        count_system(str(fifo))  # returns at once: a pipe is never opened
    binary = tmp_path / "bin.toml"
    binary.write_bytes(b"name = \xff\n")
    with pytest.raises(CountSystemError, match="is not UTF-8 text"):
        count_system(str(binary))
