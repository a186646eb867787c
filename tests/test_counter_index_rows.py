"""The counter reads index plays as rows: soft totals, any pair, and rows whose best play changes twice."""

from __future__ import annotations

from engine import Action, load_rules, parse_cards
from engine.bots import CounterBot, IndexPlay, SeatView
from engine.odds import basic_strategy
from engine.round import DecisionKind

RULES = load_rules("vegas-strip")
CHART = basic_strategy(RULES)
PLAY = frozenset({Action.HIT, Action.STAND, Action.DOUBLE, Action.SPLIT})


def view(cards: str, up: str) -> SeatView:
    return SeatView(RULES, 0, DecisionKind.PLAY, parse_cards(cards), 0, 1, parse_cards(up)[0], 1000, 100_000,
                    (), 0)


def decide(plays: tuple[IndexPlay, ...], cards: str, up: str, count: int) -> Action:
    return CounterBot(CHART, plays=plays).decide_at(count, view(cards, up), PLAY)


def test_a_soft_total_row_changes_the_play_at_its_index():
    plays = (IndexPlay("soft 19", 6, 1, Action.DOUBLE, Action.STAND, "generated"),)
    assert decide(plays, "A 8", "6", 0) is Action.STAND
    assert decide(plays, "A 8", "6", 1) is Action.DOUBLE


def test_a_pair_row_other_than_tens_splits_at_its_index():
    plays = (IndexPlay("pair 9", 7, 3, Action.SPLIT, Action.STAND, "generated"),)
    assert decide(plays, "9 9", "7", 2) is Action.STAND
    assert decide(plays, "9 9", "7", 3) is Action.SPLIT


def test_a_row_that_changes_twice_reads_like_a_ladder():
    plays = (
        IndexPlay("hard 12", 2, 3, Action.STAND, Action.HIT, "generated"),
        IndexPlay("hard 12", 2, 9, Action.DOUBLE, Action.STAND, "generated"),
    )
    assert [decide(plays, "T 2", "2", count) for count in (2, 3, 8, 9)] == [
        Action.HIT, Action.STAND, Action.STAND, Action.DOUBLE
    ]
