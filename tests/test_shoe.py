"""Shoes: seeding, the cut card, reshuffles between and during rounds, infinite and stacked sources."""

from collections import Counter

import pytest

from engine import Action, InfiniteShoe, Shoe, ShoeExhaustedError, StackedShoe, Table, load_rules


def test_the_same_seed_gives_the_same_shuffle():
    first, second = Shoe(6, seed=42), Shoe(6, seed=42)
    first.shuffle()
    second.shuffle()
    assert [first.draw() for _ in range(100)] == [second.draw() for _ in range(100)]
    third, other = Shoe(6, seed=42), Shoe(6, seed=43)
    third.shuffle()
    other.shuffle()
    assert [third.draw() for _ in range(20)] != [other.draw() for _ in range(20)]


def test_a_shoe_without_a_seed_records_the_one_it_chose():
    shoe = Shoe(2)
    assert isinstance(shoe.seed, int)
    assert InfiniteShoe().seed is not None


def test_a_shuffled_shoe_holds_whole_decks():
    shoe = Shoe(2, seed=1)
    assert shoe.shuffle() == 104
    counts = Counter(shoe.draw().code for _ in range(104))
    assert len(counts) == 52 and set(counts.values()) == {2}


def test_the_cut_card_comes_out_at_the_penetration():
    shoe = Shoe(1, penetration=0.5, seed=1)
    shoe.shuffle()
    for _ in range(25):
        shoe.draw()
    assert not shoe.cut_card_out and not shoe.needs_shuffle
    shoe.draw()
    assert shoe.cut_card_out and shoe.needs_shuffle


def test_the_table_reshuffles_between_rounds_after_the_cut_card():
    table = Table(load_rules("single-deck"), [("Ann", 1_000_000)], seed=5)
    shuffles = 0
    for _ in range(40):
        rnd = table.start_round()
        shuffles += sum(type(e).__name__ == "ShoeShuffled" for e in rnd.events)
        rnd.place_bet(0, 2500)
        rnd.deal()
        while not rnd.is_over:
            legal = rnd.legal_actions()
            rnd.act(Action.STAND if Action.STAND in legal else Action.NO_INSURANCE)
    assert shuffles >= 4


def test_a_shoe_that_runs_out_mid_round_shuffles_the_discards_back_in():
    rules = load_rules("single-deck").with_changes(penetration=1)
    table = Table(rules, [(f"P{i}", 1_000_000) for i in range(7)], seed=11)
    mid_round = 0
    for _ in range(30):
        rnd = table.start_round()
        for seat in range(7):
            rnd.place_bet(seat, 2500)
        rnd.deal()
        while not rnd.is_over:
            legal = rnd.legal_actions()
            preferred = (Action.HIT, Action.STAND, Action.NO_INSURANCE, Action.NO_EVEN_MONEY)
            rnd.act(next(a for a in preferred if a in legal))
        mid_round += sum(getattr(e, "mid_round", False) for e in rnd.events)
        codes = [c.code for c in rnd.drawn]
        assert len(codes) == len(set(codes)), "a single deck never shows a card twice in one round"
    assert mid_round >= 1


def test_infinite_shoe_draws_every_card_independently():
    shoe = InfiniteShoe(seed=3)
    counts = Counter(shoe.draw().rank for _ in range(52_000))
    assert all(3600 < n < 4400 for n in counts.values()) and len(counts) == 13
    assert not shoe.needs_shuffle


def test_stacked_shoe_fails_clearly_when_it_runs_out():
    shoe = StackedShoe(["AS", "KD"])
    shoe.draw()
    shoe.draw()
    with pytest.raises(ShoeExhaustedError, match="ran out after 2 cards"):
        shoe.draw()


def test_the_fast_shuffle_deals_exactly_what_random_shuffle_deals():
    import random

    from engine.cards import FULL_DECK
    from engine.shoe import shuffle_cards

    for seed in range(40):
        for size in (0, 1, 2, 52, 312, 416):
            expected = [FULL_DECK[i % 52] for i in range(size)]
            got = list(expected)
            random.Random(seed).shuffle(expected)
            shuffle_cards(got, random.Random(seed))
            assert got == expected, (seed, size)
