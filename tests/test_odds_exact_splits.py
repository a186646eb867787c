"""Split values are exact for the shoe: a brute-force deal of tiny shoes, and Eric Farmer's figures.

The brute force plays a split the way the table does (each hand takes its second card,
resplits a pair, plays out, then the next hand), card by card from a small shoe, with a
fixed strategy, and weighs every way the cards can fall; the evaluator's split value for
the same strategy must agree to rounding. Farmer's figures check the best play (his CDP).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cache

import pytest

from engine.actions import Action
from engine.odds import dealer
from engine.odds.composition import RANKS, Composition
from engine.odds.player import ACE, TEN, Evaluator, best_total
from engine.rules import Rules, Surrender
from engine.rulesets import load_rules

FOUR_HANDS = load_rules("vegas-strip").with_changes(surrender=Surrender.NONE)
"""S17, double any two, double after split, split to four hands, no resplit of aces."""


def simple(total: int, soft: bool, pair: int | None, legal: frozenset[Action]) -> Action:
    """A fixed strategy: split every pair, double 10 and 11, hit below 17 (soft 18)."""
    if pair is not None and Action.SPLIT in legal:
        return Action.SPLIT
    if total in (10, 11) and Action.DOUBLE in legal:
        return Action.DOUBLE
    return Action.HIT if total < (18 if soft else 17) else Action.STAND


@cache
def dealer_ends(counts: tuple[int, ...], points: int, ace: bool) -> tuple[tuple[int, float], ...]:
    """The dealer's final totals (22 for a bust) and their chances, S17, drawing from `counts`."""
    total = best_total(points, ace)
    if total >= 17:
        return ((min(total, 22), 1.0),)
    size = sum(counts)
    assert size > 0, "the test shoe ran out of cards"
    ends: dict[int, float] = {}
    for i in range(RANKS):
        if counts[i]:
            rest = (*counts[:i], counts[i] - 1, *counts[i + 1:])
            for end, p in dealer_ends(rest, points + i + 1, ace or i == ACE):
                ends[end] = ends.get(end, 0.0) + counts[i] / size * p
    return tuple(ends.items())


def brute_split(rules: Rules, counts: Sequence[int], dealer: Sequence[int], pair: int) -> float:
    """The split's expected value, dealing every card in turn (`dealer`: up card, and hole card if any)."""
    most = rules.max_hands

    def settle(shoe: tuple[int, ...], hands: tuple[tuple[int, int], ...]) -> float:
        points = sum(i + 1 for i in dealer)
        value = 0.0
        for end, p in dealer_ends(shoe, points, ACE in dealer):
            for total, bet in hands:
                if total > 21:
                    value -= p * bet
                elif end > 21 or total > end:
                    value += p * bet
                elif total < end:
                    value -= p * bet
        return value

    def draw(shoe: tuple[int, ...], then: Callable[[tuple[int, ...], int], float]) -> float:
        size = sum(shoe)
        # The evaluator's shoe never runs dry; a test shoe must hold enough for every way of play.
        assert size > 0, "the test shoe ran out of cards"
        return sum(
            shoe[i] / size * then((*shoe[:i], shoe[i] - 1, *shoe[i + 1:]), i)
            for i in range(RANKS) if shoe[i]
        )

    @cache
    def deal(shoe: tuple[int, ...], done: tuple[tuple[int, int], ...], waiting: int) -> float:
        """`waiting` hands hold only the pair card; `done` hands are played out (total, bet)."""
        done = tuple(sorted(done))
        if waiting == 0:
            return settle(shoe, done)
        made = len(done) + waiting

        def second(rest: tuple[int, ...], card: int) -> float:
            if card == pair and made < most and pair != ACE:
                return deal(rest, done, waiting + 1)
            return play(rest, done, waiting - 1, (pair, card), True)

        return draw(shoe, second)

    @cache
    def play(shoe: tuple[int, ...], done: tuple[tuple[int, int], ...], waiting: int,
             hand: tuple[int, ...], first: bool) -> float:
        points = sum(i + 1 for i in hand)
        total = best_total(points, ACE in hand)
        soft = ACE in hand and points <= 11
        legal = {Action.STAND, Action.HIT}
        if first and rules.double_after_split and rules.double_on.allows(total):
            legal.add(Action.DOUBLE)
        choice = Action.STAND if total >= 21 else simple(total, soft, None, frozenset(legal))
        if choice is Action.STAND:
            return deal(shoe, (*done, (total, 1)), waiting)
        if choice is Action.DOUBLE:
            return draw(shoe, lambda rest, i: deal(
                rest, (*done, (best_total(points + i + 1, ACE in hand or i == ACE), 2)), waiting))
        return draw(shoe, lambda rest, i: (
            deal(rest, (*done, (99, 1)), waiting) if best_total(points + i + 1, ACE in hand or i == ACE) > 21
            else play(rest, done, waiting, (*hand, i), False)))

    return deal(tuple(counts), (), 2)


def engine_split(rules: Rules, counts: Sequence[int], up: int, pair: int) -> float:
    """The evaluator's exact split value for the same shoe (the pair and up card already out)."""
    shoe = Composition(tuple(counts[i] + 2 * (i == pair) for i in range(RANKS)))
    evaluator = Evaluator(rules, up, shoe, exact=True)
    values = evaluator.values([pair, pair], [pair, pair], legal=frozenset((Action.SPLIT,)), policy=simple)
    return values[Action.SPLIT]


@pytest.mark.parametrize(
    ("counts", "up", "pair", "most"),
    [
        # A shoe of fifteen cards with three more 2s: up to four hands of 2s against a 6.
        ((1, 3, 0, 0, 1, 0, 1, 1, 0, 8), 5, 1, 4),
        # Three more 8s, resplit to three hands only, against a 9.
        ((1, 1, 0, 1, 0, 1, 1, 3, 0, 6), 8, 7, 3),
        # Split once: the second card is anything, a pair card included.
        ((1, 2, 0, 1, 1, 0, 1, 2, 0, 5), 6, 7, 2),
    ],
)
def test_resplits_match_a_brute_force_deal_of_a_tiny_shoe(
    counts: tuple[int, ...], up: int, pair: int, most: int
) -> None:
    rules = FOUR_HANDS.with_changes(max_hands=most)
    brute = brute_split(rules, counts, [up], pair)
    assert engine_split(rules, counts, up, pair) == pytest.approx(brute, abs=1e-12)


def test_a_split_against_a_ten_is_valued_given_no_dealer_blackjack() -> None:
    # The dealer peeks: the split's value is its expectation over the hole cards that are not an ace.
    counts, up, pair = (2, 3, 1, 0, 1, 0, 1, 1, 0, 7), TEN, 1
    rules = FOUR_HANDS
    size = sum(counts) - counts[ACE]
    brute = 0.0
    for hole in range(1, RANKS):
        if counts[hole]:
            rest = [c - (i == hole) for i, c in enumerate(counts)]
            brute += counts[hole] / size * brute_split(rules, rest, [up, hole], pair)
    shoe_with_hole = tuple(counts)
    assert engine_split(rules, shoe_with_hole, up, pair) == pytest.approx(brute, abs=1e-12)


# Eric Farmer's strategy calculator 7.6 (../shared/peers/farmer), answers as in
# six-deck-s17-das-cdp.answers (6 decks, S17, DAS, split to 4, no RSA, CDP) and the same with
# one deck (one-deck answers: "1" for the decks); percent, given no dealer blackjack, from
# "Enter dealer up card and player hand": e.g. "7 2 8 8". Keyed by (pair, up card) point index;
# stand, hit, double, split.
FARMER_SIX_DECKS = {
    (7, 6): (-48.018059472, -40.842264556, -81.684529112, 31.871855742),   # 8,8 v 7
    (7, 9): (-53.685329924, -53.536103837, -107.072207673, -47.489375082),  # 8,8 v T
    (0, 5): (-14.569857704, 18.797352079, 19.070859754, 68.236641601),     # A,A v 6
}
FARMER_ONE_DECK = {
    (2, 1): (-29.486621301, -15.294829615, -56.747002329, -10.765052803),  # 3,3 v 2
    (7, 6): (-50.251424312, -37.356095340, -74.712190679, 30.366383478),   # 8,8 v 7
}


@pytest.mark.parametrize(
    ("decks", "pair", "up", "farmer"),
    [(6, *key, value) for key, value in FARMER_SIX_DECKS.items()]
    + [(1, *key, value) for key, value in FARMER_ONE_DECK.items()],
)
def test_every_action_of_a_pair_matches_farmers_exact_cdp_figures(
    decks: int, pair: int, up: int, farmer: tuple[float, float, float, float]
) -> None:
    rules = FOUR_HANDS.with_changes(decks=decks)
    shoe = Composition.full(decks).without([up + 1])
    values = Evaluator(rules, up, shoe, exact=True).values([pair, pair], [pair, pair])
    ours = tuple(100 * values[a] for a in (Action.STAND, Action.HIT, Action.DOUBLE, Action.SPLIT))
    assert ours == pytest.approx(farmer, abs=1e-6)


@pytest.mark.parametrize("hits_soft_17", [False, True])
def test_the_dealers_odds_are_the_same_with_numpy_and_without(
    hits_soft_17: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    pytest.importorskip("numpy")
    shoes = [(4,) * 9 + (16,), (1, 3, 0, 0, 1, 0, 1, 1, 0, 8), (23, 24, 22, 24, 24, 21, 24, 24, 24, 95)]
    starts = [(up + 1, up == ACE, 1) for up in range(RANKS)] + [(0, False, 0)]
    with_numpy = [dealer._finite(hits_soft_17, s, *start) for s in shoes for start in starts]
    monkeypatch.setenv("BLACKJACK_ODDS_PURE", "1")
    dealer._pure.cache_clear()
    try:
        pure = [dealer._finite(hits_soft_17, s, *start) for s in shoes for start in starts]
    finally:
        monkeypatch.delenv("BLACKJACK_ODDS_PURE")
        dealer._pure.cache_clear()
    for a, b in zip(with_numpy, pure, strict=True):
        assert a == pytest.approx(b, abs=1e-15)
        assert sum(a) == pytest.approx(1.0, abs=1e-12)
