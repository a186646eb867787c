"""The analysis agrees with the engine itself: play real rounds with the chart and compare.

Each check plays the real `engine.Round` (seeded, so the run is repeatable) and asks the
computed value to fall within 4 standard errors of the simulated mean: wide enough not to
flake, narrow enough to catch a wrong payout, a wrong rule or a sign error.
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterator, Sequence
from pathlib import Path

import pytest

from engine import Action, Card, InfiniteShoe, Rules, Shoe, Table, load_rules, parse_cards
from engine.cards import FULL_DECK
from engine.odds import action_evs, basic_strategy, house_edge
from engine.odds import cache as odds_cache

Z = 4.0
BET = 1000


@pytest.fixture(autouse=True, scope="module")
def _cache_dir(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    folder = tmp_path_factory.mktemp("odds-cache")
    patch = pytest.MonkeyPatch()
    patch.setenv("BLACKJACK_ODDS_CACHE", str(folder))
    odds_cache.clear_memory()
    yield folder
    patch.undo()


class RiggedShoe:
    """An infinite deck whose first cards each round are fixed (player, up card, player, ...)."""

    needs_shuffle = False
    exhausted = False
    cut_card_out = False

    def __init__(self, first: Sequence[Card], seed: int) -> None:
        self.first = list(first)
        self.rng = random.Random(seed)
        self.queue: list[Card] = []
        self.seed = seed

    def shuffle(self) -> int:
        return 0

    def reshuffle_discards(self) -> int:
        return 0

    def discard(self, cards: Sequence[Card]) -> None:
        self.queue = list(self.first)

    def discard_tray(self) -> tuple[Card, ...]:
        return ()

    def draw(self) -> Card:
        if self.queue:
            return self.queue.pop(0)
        return FULL_DECK[int(self.rng.random() * 52)]


def mean_and_error(nets: list[float]) -> tuple[float, float]:
    n = len(nets)
    mean = sum(nets) / n
    variance = sum((x - mean) ** 2 for x in nets) / (n - 1)
    return mean, math.sqrt(variance / n)


def play_chart(rules: Rules, table: Table, rounds: int) -> list[float]:
    """Each round's net in units when the seat follows the rules' basic strategy chart."""
    chart = basic_strategy(rules)
    nets = []
    for _ in range(rounds):
        before = table.bankroll(0)
        rnd = table.start_round()
        rnd.place_bet(0, BET)
        rnd.deal()
        while not rnd.is_over:
            decision = rnd.decision
            assert decision is not None
            cards = rnd.hands(decision.seat)[decision.hand].cards
            rnd.act(chart.action(cards, rnd.dealer_up_card, rnd.legal_actions()))
        nets.append((table.bankroll(0) - before) / BET)
    return nets


@pytest.mark.parametrize(
    ("preset", "rounds"),
    [("double-up", 30000), ("instant-blackjack", 30000), ("european", 30000)],
)
def test_house_edge_matches_the_engine_played_with_the_chart(preset: str, rounds: int) -> None:
    rules = load_rules(preset).with_changes(max_bet=None, tournament=None)
    shoe = InfiniteShoe(seed=2024) if rules.decks is None else Shoe(rules.decks, 0.0, seed=2024)
    table = Table(rules, [("P", 10**12)], shoe=shoe)
    mean, error = mean_and_error(play_chart(rules, table, rounds))
    assert abs(-house_edge(rules) - mean) < Z * error, (preset, -house_edge(rules), mean, error)


def test_home_game_fresh_deck_matches_the_engine() -> None:
    # One deck shuffled every round: exactly the off-the-top game the analysis values.
    rules = load_rules("home-game")
    table = Table(rules, [("P", 10**12)], seed=99)
    mean, error = mean_and_error(play_chart(rules, table, 25000))
    assert abs(-house_edge(rules) - mean) < Z * error


@pytest.mark.parametrize(
    ("hand", "up", "action"),
    [
        ("T 6", "T", Action.STAND),
        ("T 6", "T", Action.HIT),
        ("6 5", "6", Action.DOUBLE),
        ("8 8", "6", Action.SPLIT),
    ],
)
def test_one_situation_matches_the_engine(hand: str, up: str, action: Action) -> None:
    rules = load_rules("infinite-deck").with_changes(max_bet=None)  # no peek: values count dealer blackjacks
    player = parse_cards(hand)
    dealer = Card.parse(up)
    expected = action_evs(rules, player, dealer)[action]
    shoe = RiggedShoe([player[0], dealer, player[1]], seed=7)
    shoe.queue = list(shoe.first)
    table = Table(rules, [("P", 10**12)], shoe=shoe)
    chart = basic_strategy(rules)
    nets = []
    for _ in range(12000):
        before = table.bankroll(0)
        rnd = table.start_round()
        rnd.place_bet(0, BET)
        rnd.deal()
        rnd.act(action)
        while not rnd.is_over:
            decision = rnd.decision
            assert decision is not None
            cards = rnd.hands(decision.seat)[decision.hand].cards
            rnd.act(chart.action(cards, rnd.dealer_up_card, rnd.legal_actions()))
        nets.append((table.bankroll(0) - before) / BET)
    mean, error = mean_and_error(nets)
    assert abs(expected - mean) < Z * error, (hand, up, action, expected, mean, error)
