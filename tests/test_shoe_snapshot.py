"""Shoe snapshots: a shoe rebuilt from one deals exactly what the original deals, shuffles included."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import InfiniteShoe, Shoe, ShoeStateError, StackedShoe, restore_shoe, shoe_snapshot
from engine.cards import Card


class Dealer:
    """Deals rounds of random sizes from a shoe as a table does: the discards go back between rounds,
    a shuffle when the cut card is out, and the tray is shuffled back in when the shoe runs dry mid-round."""

    def __init__(self, shoe: Shoe | InfiniteShoe, plan_seed: int) -> None:
        self.shoe = shoe
        self.plan = random.Random(plan_seed)
        self.on_table: list[Card] = []
        self.shuffles = 0
        self.mid_round = 0

    def copy_onto(self, shoe: Shoe | InfiniteShoe) -> Dealer:
        """The same dealer (plan, cards on the table) dealing from another shoe."""
        twin = Dealer(shoe, 0)
        twin.plan.setstate(self.plan.getstate())
        twin.on_table = list(self.on_table)
        return twin

    def deal(self, count: int) -> list[Card]:
        out: list[Card] = []
        while len(out) < count:
            if self.plan.random() < 0.15 or (self.shoe.exhausted and not self.shoe.discarded):
                self.shoe.discard(self.on_table)
                self.on_table = []
                if self.shoe.needs_shuffle:
                    self.shoe.shuffle()
                    self.shuffles += 1
                continue
            if self.shoe.exhausted:
                self.shoe.reshuffle_discards()
                self.mid_round += 1
            card = self.shoe.draw()
            self.on_table.append(card)
            out.append(card)
        return out


def through_json(snapshot: dict) -> dict:
    return json.loads(json.dumps(snapshot))


@settings(max_examples=40, deadline=None)
@given(
    seed=st.integers(0, 2**64 - 1),
    plan_seed=st.integers(0, 2**32),
    decks=st.integers(1, 3),
    penetration=st.sampled_from([0.5, 0.75, 0.9, 1.0]),
    point=st.integers(0, 1500),
)
def test_a_shoe_rebuilt_from_a_snapshot_deals_the_same_cards_through_every_shuffle(
    seed, plan_seed, decks, penetration, point
):
    original = Dealer(Shoe(decks, penetration, seed=seed), plan_seed)
    original.shoe.shuffle()
    original.deal(point)
    rebuilt = original.copy_onto(restore_shoe(through_json(shoe_snapshot(original.shoe))))
    assert rebuilt.deal(2500) == original.deal(2500)
    assert shoe_snapshot(rebuilt.shoe) == shoe_snapshot(original.shoe)


def test_the_snapshots_cover_cut_card_shuffles_and_mid_round_reshuffles():
    dealer = Dealer(Shoe(1, 1.0, seed=5), 9)
    dealer.shoe.shuffle()
    for _ in range(20):
        dealer.deal(150)
        twin = dealer.copy_onto(restore_shoe(through_json(shoe_snapshot(dealer.shoe))))
        assert twin.deal(300) == dealer.deal(300)
    assert dealer.shuffles > 5 and dealer.mid_round > 5


def test_a_snapshot_before_the_first_shuffle_shuffles_the_same_way():
    shoe = Shoe(6, seed=77)
    again = restore_shoe(shoe_snapshot(shoe))
    assert again.needs_shuffle and again.seed == 77
    shoe.shuffle()
    again.shuffle()
    assert [again.draw() for _ in range(312)] == [shoe.draw() for _ in range(312)]


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 2**64 - 1), point=st.integers(0, 3000))
def test_an_infinite_deck_rebuilt_from_a_snapshot_draws_the_same_cards(seed, point):
    shoe = InfiniteShoe(seed=seed)
    for _ in range(point):
        shoe.draw()
    again = restore_shoe(through_json(shoe_snapshot(shoe)))
    assert isinstance(again, InfiniteShoe) and again.seed == seed
    assert [again.draw() for _ in range(3000)] == [shoe.draw() for _ in range(3000)]


def test_a_stacked_shoe_snapshot_keeps_its_place():
    shoe = StackedShoe("AS KD 7 2H")
    shoe.draw()
    again = restore_shoe(through_json(shoe_snapshot(shoe)))
    assert [again.draw() for _ in range(3)] == [shoe.draw() for _ in range(3)]


def good_shoe_snapshot() -> dict:
    shoe = Shoe(2, seed=1)
    shoe.shuffle()
    shoe.draw()
    return through_json(shoe.snapshot())


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda s: s.pop("rng"), "has no 'rng'"),
        (lambda s: s.update(kind="deck"), "kind must be one of shoe, infinite, stacked"),
        (lambda s: s.update(decks="six"), "'decks' must be int"),
        (lambda s: s.update(decks=0), "at least one deck"),
        (lambda s: s.update(shuffled=1), "'shuffled' must be bool"),
        (lambda s: s.update(seed=True), "'seed' must be int"),
        (lambda s: s.update(cut_index=999), "outside the shoe"),
        (lambda s: s["undealt"].append("ZZ"), "not a card"),
        (lambda s: s["undealt"].append(3), "not a card"),
        (lambda s: s["undealt"].extend(["AS", "AS"]), "whole decks do not have"),
        (lambda s: s["undealt"].append("A"), "whole decks do not have"),
        (lambda s: s.update(rng=[3, [1, 2], None]), "random state cannot be used"),
        (lambda s: s.update(rng=[9, s["rng"][1], None]), "random state cannot be used"),
        (lambda s: s["rng"][1].__setitem__(0, -1), "random state cannot be used"),
        (lambda s: s["rng"][1].__setitem__(624, 625), "random state cannot be used"),
        (lambda s: s.update(rng="abc"), "'rng' must be list"),
    ],
)
def test_a_malformed_snapshot_is_refused_with_the_reason(change, message):
    snapshot = good_shoe_snapshot()
    change(snapshot)
    with pytest.raises(ShoeStateError, match=message):
        restore_shoe(snapshot)


def test_other_snapshot_shapes_are_refused():
    with pytest.raises(ShoeStateError, match="must be a JSON object"):
        restore_shoe(["shoe"])  # type: ignore[arg-type]
    with pytest.raises(ShoeStateError, match="cannot have dealt 3"):
        restore_shoe({"kind": "stacked", "cards": ["AS"], "next": 3})
    with pytest.raises(ShoeStateError, match="cannot be saved"):
        shoe_snapshot(object())  # type: ignore[arg-type]
