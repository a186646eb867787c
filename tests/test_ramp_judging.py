"""What a person's ramp bets at the count of the cards shown: their own system, precision and unit."""

from __future__ import annotations

from engine import load_rules, parse_cards
from engine.counting import SYSTEMS, Precision, parse_ramp
from game.counter_settings import CounterSettings
from game.ramp import ramp_bet

RAMP = parse_ramp("1:1,2:2,3:4,4:8,leave:-2")
SEVEN_LOW = parse_cards("2 3 4 5 6 2 3")
"""Seven cards Hi-Lo tags +1: a running count of +7."""


def test_the_precision_sets_the_decks_the_running_count_is_divided_by():
    # +7 with 70 cards left: exact 70 cards, a quarter deck 65, a half deck 78, a whole deck 52
    rules = load_rules("vegas-strip")
    bets = [ramp_bet(CounterSettings(ramp=RAMP, precision=p), rules, SEVEN_LOW, 70) for p in Precision]
    counts = [bet.count for bet in bets if bet is not None]
    assert counts == [7 * 52 // 70, 7 * 52 // 65, 7 * 52 // 78, 7] == [5, 5, 4, 7]


def test_an_unbalanced_system_bets_by_its_running_count():
    ko = SYSTEMS["ko"]
    rules = load_rules("vegas-strip")
    bet = ramp_bet(CounterSettings(system_spec="ko", system=ko, ramp=RAMP), rules, SEVEN_LOW, 300)
    assert bet.count == int(ko.initial_running_count(6)) + 7 and bet.count_words.startswith("running")


def test_the_unit_and_the_exit():
    rules = load_rules("single-deck")
    tens = parse_cards("T T T T")
    bet = ramp_bet(CounterSettings(ramp=RAMP, unit=5000), rules, tens, 48)
    assert (bet.count, bet.units, bet.amount, bet.leaves) == (-4, 1, 5000, True)
    assert ramp_bet(CounterSettings(), rules, tens, 48) is None, "no ramp, nothing to judge"
    assert ramp_bet(CounterSettings(ramp=RAMP), load_rules("infinite-deck"), tens, None) is None
