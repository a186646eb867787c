"""A continuous shuffling machine (`csm = true`) and burn cards (`burn_cards`): the discards go back
into the machine at random places every round, a burned card goes face down to the tray
uncounted, and both save and restore so a killed round resumes exactly."""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import events as ev
from engine import load_rules
from engine.bots import BasicBot, NoviceBot
from engine.cards import FULL_DECK
from engine.errors import RulesError, ShoeStateError
from engine.kernel import declines
from engine.record import continue_record, record_line, replay_record, round_record, round_start_state
from engine.rule_words import rules_in_words
from engine.rulesets import rules_from_mapping, rules_to_mapping
from engine.shoe import Shoe, restore_shoe, shoe_for
from engine.shuffler import BurningShoe, ContinuousShuffler
from engine.simulate import Plan, SimulationError
from engine.table import Table
from tests.test_bots_support import SimpleChart, play_both
from tests.test_resume import bet_all, chosen_action

CSM = rules_from_mapping({"base": "vegas-strip", "csm": True})
BURN = rules_from_mapping({"base": "vegas-strip", "burn_cards": 1})


def saved(value: dict) -> dict:
    return json.loads(json.dumps(value))


def test_the_rules_choose_a_machine_or_a_burning_shoe():
    assert type(shoe_for(CSM, seed=1)) is ContinuousShuffler
    assert type(shoe_for(BURN, seed=1)) is BurningShoe
    assert type(shoe_for(load_rules("vegas-strip"), seed=1)) is Shoe
    assert rules_from_mapping(rules_to_mapping(CSM)) == CSM and CSM.csm and BURN.burn_cards == 1


def test_a_machine_cannot_hold_an_infinite_deck_and_never_burns():
    with pytest.raises(RulesError, match="csm: an infinite deck has no discards"):
        rules_from_mapping({"decks": "infinite", "csm": True})
    with pytest.raises(RulesError, match="burn_cards: a continuous shuffler"):
        rules_from_mapping({"csm": True, "burn_cards": 1})
    with pytest.raises(RulesError, match="burn_cards: 6 is out of range; use 0 to 5"):
        rules_from_mapping({"burn_cards": 6})


def test_the_words_say_a_machine_deals_as_a_full_shoe_every_round():
    words = rules_in_words(CSM)
    assert "continuous shuffling machine" in words and "the odds are a full shoe's" in words
    assert "The dealer burns one card, face down, after each shuffle." in rules_in_words(BURN)


def test_the_discards_go_back_into_the_machine_and_the_tray_stays_empty():
    machine = ContinuousShuffler(2, seed=9)
    machine.shuffle()
    dealt = [machine.draw() for _ in range(10)]
    assert machine.remaining == 94
    machine.discard(dealt)
    assert machine.remaining == 104 and machine.discard_tray() == () and not machine.needs_shuffle
    assert Counter(machine.undealt_cards()) == Counter(FULL_DECK * 2)


def test_the_discards_go_back_at_random_places_not_on_top_or_bottom():
    machine = ContinuousShuffler(6, seed=4)
    machine.shuffle()
    dealt = [machine.draw() for _ in range(12)]
    machine.discard(dealt)
    order = list(reversed(machine.undealt_cards()))  # the order they will be dealt in
    places = sorted({i for i, card in enumerate(order) if card in dealt})
    assert places[0] < 100 and places[-1] > 200, "returned cards are spread through the machine"


def test_a_seeded_machine_deals_the_same_cards_again():
    def deal(seed: int) -> list[str]:
        table = Table(CSM, [("Ann", 10**7)], seed=seed)
        out: list[str] = []
        for _ in range(30):
            rnd = table.start_round()
            bet_all(rnd)
            while rnd.decision is not None:
                rnd.act(chosen_action(rnd, [0.5]))
            out += [card.code for card in rnd.drawn]
        return out

    assert deal(3) == deal(3) != deal(4)


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**32), seats=st.integers(1, 4), rounds=st.integers(1, 40),  # 1 deck: enough
       plan=st.lists(st.floats(0, 0.999), min_size=1, max_size=6))
def test_a_machine_keeps_every_card_and_only_the_round_holds_any_out(seed, seats, rounds, plan):
    rules = rules_from_mapping({"base": "single-deck", "csm": True})
    table = Table(rules, [(f"P{i}", 10**7) for i in range(seats)], seed=seed)
    shuffles = 0
    for _ in range(rounds):
        rnd = table.start_round()
        bet_all(rnd)
        while rnd.decision is not None:
            rnd.act(chosen_action(rnd, plan))
        shuffles += sum(isinstance(e, ev.ShoeShuffled) and not e.mid_round for e in rnd.events)
        assert Counter(table.shoe.undealt_cards()) == Counter(FULL_DECK)
    assert shuffles == 1, "the machine is filled once and never shuffled again"


@settings(max_examples=30, deadline=None)
@given(rules=st.sampled_from([CSM, BURN]), seed=st.integers(0, 2**32), warm=st.integers(0, 10),
       cut=st.integers(0, 6), plan=st.lists(st.floats(0, 0.999), min_size=1, max_size=6))
def test_a_round_killed_anywhere_resumes_exactly_and_the_shoe_goes_on(rules, seed, warm, cut, plan):
    table = Table(rules, [("Ann", 10**7), ("Bob", 10**7)], seed=seed)
    for _ in range(warm):
        rnd = table.start_round()
        bet_all(rnd)
        while rnd.decision is not None:
            rnd.act(chosen_action(rnd, plan))
    start = saved(round_start_state(table))
    rnd = table.start_round()
    bet_all(rnd)
    record = saved(round_record(rnd))
    while rnd.decision is not None:
        if len(rnd.decisions) == cut:
            record = saved(round_record(rnd))
        rnd.act(chosen_action(rnd, plan))
    again = continue_record(record, start)
    while again.decision is not None:
        again.act(chosen_action(again, plan))
    assert record_line(again) == record_line(rnd)
    assert replay_record(saved(round_record(rnd))).drawn == rnd.drawn, "the record replays unchanged"
    follow, follow_again = table.start_round(), again.table.start_round()
    bet_all(follow)
    bet_all(follow_again)
    assert follow_again.drawn == follow.drawn


def test_a_broken_machine_snapshot_is_refused_with_a_sentence():
    machine = ContinuousShuffler(1, seed=2)
    machine.shuffle()
    broken = machine.snapshot() | {"undealt": ["AS"] * 3}
    with pytest.raises(ShoeStateError, match="cards that 1 whole decks do not have"):
        restore_shoe(broken)
    shoe = BurningShoe(1, burn=1, seed=2)
    shoe.shuffle()
    with pytest.raises(ShoeStateError, match="'burned'"):
        restore_shoe({k: v for k, v in shoe.snapshot().items() if k != "burned"})


def test_the_burned_card_is_the_first_of_the_shuffle_face_down_and_uncounted():
    plain, burning = Shoe(6, seed=11), BurningShoe(6, burn=1, seed=11)
    plain.shuffle()
    burning.shuffle()
    assert burning.burned_cards() == (plain.draw(),)
    assert burning.discard_tray() == () and burning.tray_size == 1 and burning.remaining == 311
    table = Table(BURN, [("Ann", 10**6)], seed=11)
    rnd = table.start_round()
    bet_all(rnd)
    assert rnd.drawn[0] == plain.draw(), "the deal starts after the burned card"
    assert isinstance(table.shoe, BurningShoe) and len(table.shoe.burned_cards()) == 1
    while rnd.decision is not None:
        rnd.act(chosen_action(rnd, [0.5]))
    assert table.shoe.discard_tray() == tuple(rnd.drawn), "the tray shows the round's cards, not the burned"
    assert table.shoe.tray_size == len(rnd.drawn) + 1


def test_burned_cards_come_out_again_at_each_shuffle_and_count_toward_the_cut_card():
    shoe = BurningShoe(1, 0.5, burn=3, seed=1)
    shoe.shuffle()
    first = shoe.burned_cards()
    while not shoe.cut_card_out:
        shoe.discard([shoe.draw()])
    assert shoe.discarded == 23 and shoe.tray_size == 26, "3 burned + 23 dealt reach the cut at 26"
    shoe.shuffle()
    assert len(shoe.burned_cards()) == 3 and shoe.burned_cards() != first and shoe.tray_size == 3


def test_a_mid_round_reshuffle_takes_the_burned_cards_back_too():
    shoe = BurningShoe(1, 1.0, burn=2, seed=5)
    shoe.shuffle()
    shoe.discard([shoe.draw() for _ in range(40)])
    left = [shoe.draw() for _ in range(10)]
    assert shoe.exhausted and shoe.reshuffle_discards() == 42 and shoe.burned_cards() == ()
    assert Counter(shoe.undealt_cards() + tuple(left)) == Counter(FULL_DECK)


def test_the_kernel_refuses_a_machine_and_burn_cards_in_one_sentence():
    refusal = "the kernel deals from a shoe with a cut card, not a continuous shuffling machine"
    assert declines(CSM, "basic") == refusal
    assert declines(BURN, "basic") == "the kernel does not burn cards after a shuffle"
    assert Plan(CSM, "basic", rounds=10, engine="auto").engine == "fast"


def test_the_simulator_refuses_a_counter_at_a_machine():
    with pytest.raises(SimulationError, match="a counter cannot be simulated at a continuous shuffler"):
        Plan(CSM, "counter", rounds=10)


@pytest.mark.parametrize("rules", [CSM, BURN], ids=["csm", "burn"])
def test_the_fast_path_plays_a_machine_and_burn_cards_as_the_round_does(rules):
    chart = SimpleChart()

    def team() -> list:
        return [BasicBot(chart), NoviceBot(), BasicBot(chart)]

    assert play_both(rules, team, [10**9] * 3, random.Random(7).randrange(2**32), 200) == 200
