"""The counting drills' engine: true counts at each precision, deck estimates to halves and quarters,
the speed deck, the full table's count, and the speed drill's best times in the store."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import events as ev
from engine import load_rules
from engine.count_drills import (
    DeckSpot,
    Reading,
    TableDrill,
    TrueCountSpot,
    deck_spot,
    next_deck_seconds,
    parse_decks,
    speed_run,
    true_count_spot,
)
from engine.counting import HI_LO, Count, Precision, Rounding, running_count
from engine.drills import DrillError
from engine.store import StoreError, delete_profile, get_or_create_profile, open_store
from engine.store.drills import record_speed_time, speed_best_times


@pytest.mark.parametrize(
    ("precision", "divisor", "expected"),
    [
        (Precision.EXACT, Fraction(66, 52), 7),  # 10 / 1.27 = 7.9, floored
        (Precision.QUARTER, Fraction(5, 4), 8),  # 66 cards are 1.25 decks to the quarter: 10 / 1.25
        (Precision.HALF, Fraction(3, 2), 6),  # 1.5 decks to the half: 6.7, floored
        (Precision.WHOLE, Fraction(1), 10),  # one deck to the whole deck
    ],
)
def test_the_true_count_divides_by_the_decks_left_at_the_precision_and_floors(precision, divisor, expected):
    spot = TrueCountSpot(6, 312 - 66, 10, precision)
    assert spot.divisor == divisor
    assert spot.true_count() == expected
    assert spot.right(expected)
    assert not spot.right(expected + 3) and not spot.right(-expected)


def test_a_negative_count_floors_down_and_rounding_is_the_counts_own():
    spot = TrueCountSpot(2, 26, -5, Precision.HALF)  # 78 cards left: 1.5 decks; -3.33
    assert spot.true_count() == -4
    assert TrueCountSpot(2, 26, -5, Precision.HALF, Rounding.TRUNCATE).true_count() == -3


def test_a_tray_read_a_few_cards_off_is_still_right_but_not_further():
    spot = TrueCountSpot(2, 52, 5, Precision.EXACT)  # one deck left: +5 exactly
    assert spot.accepted() == {4, 5}  # 58 cards left reads +4.48
    assert not spot.right(3) and not spot.right(6)


@settings(max_examples=60, deadline=None)
@given(st.integers(1, 8), st.integers(0, 2**32), st.sampled_from(list(Precision)))
def test_a_drawn_spot_is_a_real_shoe_dealt_and_judged_as_count_reads_it(decks, seed, precision):
    spot = true_count_spot(decks, precision, random.Random(seed))
    assert 13 <= spot.discards <= max(13, decks * 39)
    count = Count(HI_LO, decks, precision=precision)
    count.place(2 * spot.running, spot.discards)
    assert spot.true_count() == count.true_count()
    assert spot.true_count() in spot.accepted()
    assert spot == true_count_spot(decks, precision, random.Random(seed)), "seeded"


def test_deck_estimates_to_the_half_deck_take_the_nearest_half_and_a_tie_either_way():
    tie = DeckSpot(6, 312 - 117, Reading.TRAY_LEFT, Precision.HALF)  # 2.25 decks left
    assert tie.right(Fraction(2)) and tie.right(Fraction(5, 2)) and not tie.right(Fraction(3))
    over = DeckSpot(6, 312 - 118, Reading.SHOE, Precision.HALF)
    assert over.right(Fraction(5, 2)) and not over.right(Fraction(2))
    assert not over.right(Fraction(9, 4)), "a quarter is not an answer to the half deck"


def test_deck_estimates_to_the_quarter_deck_and_the_tray_reading_counts_the_tray():
    spot = DeckSpot(6, 312 - 118, Reading.TRAY_LEFT, Precision.QUARTER)  # 2.27 decks left
    assert spot.right(Fraction(9, 4)) and not spot.right(Fraction(5, 2)) and not spot.right(Fraction(2))
    tray = DeckSpot(6, 118, Reading.TRAY, Precision.QUARTER)  # 2.27 decks in the tray
    assert tray.asked_cards == 118 and tray.shown_cards == 118 and tray.right(Fraction(9, 4))
    shoe = DeckSpot(6, 118, Reading.SHOE, Precision.QUARTER)
    assert shoe.shown_cards == shoe.asked_cards == 194
    assert tray.explain() == "2.27 decks in the tray (118 cards)"


def test_deck_spots_come_from_the_seed_and_refuse_other_units():
    assert deck_spot(6, Reading.TRAY, Precision.HALF, random.Random(3)) == deck_spot(
        6, Reading.TRAY, Precision.HALF, random.Random(3))
    with pytest.raises(DrillError, match="half or the quarter deck"):
        deck_spot(6, Reading.TRAY, Precision.WHOLE, random.Random(3))


@pytest.mark.parametrize(("text", "value"), [("2.5", Fraction(5, 2)), ("2,25", Fraction(9, 4)),
                                             ("2 3/4", Fraction(11, 4)), ("1/2", Fraction(1, 2)),
                                             (".75", Fraction(3, 4)), ("4", Fraction(4))])
def test_typed_decks_read_as_decimals_or_fractions(text, value):
    assert parse_decks(text) == value


@pytest.mark.parametrize("text", ["", "2..5", "1/0", "2 1/", "/", "99"])
def test_typed_decks_that_do_not_read_say_so_in_a_sentence(text):
    with pytest.raises(DrillError, match=r"\.$"):
        parse_decks(text)


@pytest.mark.parametrize("per_flash", [1, 2, 3, 4])
def test_a_speed_deck_shows_49_cards_in_flashes_and_stops_inside_it(per_flash):
    run = speed_run(per_flash, random.Random(per_flash))
    assert run.cards == 49 and all(len(f) == per_flash for f in run.flashes[:-1])
    assert len(set(run.flashes)) == len(run.flashes)
    assert len(run.stops) == 3 and run.stops[-1] == len(run.flashes)
    assert 0 < run.stops[0] < run.stops[1] < run.stops[2]
    for stop in run.stops:
        cards = [c for f in run.flashes[:stop] for c in f]
        assert run.count_after(stop) == running_count(HI_LO, cards)


def test_a_speed_deck_flashes_one_to_four_cards():
    for bad in (0, 5):
        with pytest.raises(DrillError, match="1 to 4 cards"):
            speed_run(bad, random.Random(1))


def test_the_next_deck_is_faster_after_a_right_count_and_slower_after_a_miss():
    assert next_deck_seconds(60, True) == 55 and next_deck_seconds(60, False) == 65
    assert next_deck_seconds(10, True) == 10 and next_deck_seconds(90, False) == 90


def test_a_full_table_keeps_the_count_since_the_shuffle_and_asks_at_the_end_of_the_shoe():
    rules = load_rules("single-deck")
    drill = TableDrill(rules, 7, seed=5)
    seen, ends = [], 0
    for _ in range(12):
        played = drill.next_round()
        if any(isinstance(e, ev.ShoeShuffled) for e in played.events):
            seen = []
        seen += [c for e in played.events if (c := ev.card_shown(e)) is not None]
        assert played.running == running_count(HI_LO, seen)
        shown = tuple(c for e in played.events if (c := ev.card_shown(e)) is not None)
        assert played.shown == shown
        dealt = {e.seat for e in played.events if isinstance(e, ev.CardDealt)}
        assert dealt == set(range(7)), "every seat plays"
        if played.last_of_shoe:
            ends += 1
            assert played.asked
    assert ends >= 2, "a single deck runs out every round or two"


def test_a_full_table_needs_a_shoe_and_five_to_seven_seats():
    with pytest.raises(DrillError, match="endless shoe"):
        TableDrill(load_rules("infinite-deck"), 6)
    with pytest.raises(DrillError, match="5 to 7 seats"):
        TableDrill(load_rules("vegas-strip"), 3)


def test_the_speed_drills_best_time_is_the_fastest_per_cards_a_flash(tmp_path):
    with open_store(tmp_path) as store:
        get_or_create_profile(store, "Ann", bankroll=1000)
        assert speed_best_times(store, "Ann") == {}
        assert record_speed_time(store, "Ann", 2, 45.0) == 45.0
        assert record_speed_time(store, "ann", 2, 50.0) == 45.0, "a slower deck keeps the best"
        assert record_speed_time(store, "Ann", 2, 30.5) == 30.5
        assert record_speed_time(store, "Ann", 1, 55.0) == 55.0
        assert speed_best_times(store, "Ann") == {1: 55.0, 2: 30.5}
        with pytest.raises(StoreError, match="positive number of seconds"):
            record_speed_time(store, "Ann", 1, 0.0)
        with pytest.raises(StoreError):
            record_speed_time(store, "Nobody", 1, 20.0)
        delete_profile(store, "Ann")
        get_or_create_profile(store, "Ann", bankroll=1000)
        assert speed_best_times(store, "Ann") == {}, "the times go with the profile"
