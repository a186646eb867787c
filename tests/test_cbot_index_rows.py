"""The counter plays every generated index as the table gives it: a pair's own surrender row, and each
change of a row whose surrender (or insurance) play changes more than once, for Hi-Lo and KO (unbalanced)."""

from __future__ import annotations

import pytest

from engine import Action, load_rules, parse_cards
from engine.bots import CounterBot, IndexPlay, SeatView
from engine.counting import SYSTEMS
from engine.odds import basic_strategy
from engine.odds.indices import index_plays
from engine.round import DecisionKind

RULES = load_rules("vegas-strip")
CHART = basic_strategy(RULES)
FIRST = frozenset({Action.HIT, Action.STAND, Action.DOUBLE, Action.SURRENDER})
"""What a first two-card hand that is no pair may do at Vegas Strip (late surrender)."""
PAIR = FIRST | {Action.SPLIT}


@pytest.fixture(scope="module", params=["hi-lo", "ko"])
def plays(request: pytest.FixtureRequest) -> tuple[IndexPlay, ...]:
    """The index plays generated for Vegas Strip and the count system (computed once per test run)."""
    return index_plays(RULES, SYSTEMS[request.param])


def view(cards: str, up: int, kind: DecisionKind = DecisionKind.PLAY) -> SeatView:
    up_card = parse_cards("A" if up == 1 else "T" if up == 10 else str(up))[0]
    return SeatView(RULES, 0, kind, parse_cards(cards), 0, 1, up_card, 1000, 100_000, (), 0)


def cards_of(hand: str) -> str:
    """Two cards that make a row: the pair itself, or a ten and the rest for a hard total of 12 to 19."""
    kind, _, value = hand.partition(" ")
    if kind == "pair":
        return f"{value} {value}"
    assert kind == "hard" and 12 <= int(value) <= 19, hand
    return f"T {int(value) - 10}"


def surrender_rows(plays: tuple[IndexPlay, ...]) -> list[IndexPlay]:
    return [p for p in plays if Action.SURRENDER in (p.at_or_above, p.below)]


def test_the_generated_tables_hold_pair_surrender_rows_and_a_row_that_changes_twice(plays):
    # What the tests below rely on: 7,7 and 8,8 have surrender rows of their own, and 17 v A two.
    rows = [(p.hand, p.up) for p in surrender_rows(plays)]
    assert {("pair 7", 10), ("pair 8", 10)} <= set(rows)
    assert rows.count(("hard 17", 1)) == 2


def test_a_pair_surrenders_by_its_own_row_not_its_totals(plays):
    counter = CounterBot(CHART, plays=plays)
    pairs = [p for p in surrender_rows(plays) if p.hand.startswith("pair")]
    for play in pairs:
        here = view(cards_of(play.hand), play.up)
        assert counter.decide_at(play.index, here, PAIR) is play.at_or_above, play
        assert counter.decide_at(play.index - 1, here, PAIR) is play.below, play


def test_a_pair_with_no_surrender_row_plays_its_chart_at_its_totals_surrender_index(plays):
    # 8,8 v 9 has no surrender index of its own (splitting beats surrendering at every count priced),
    # though 16 v 9 surrenders from its index: there the counter splits the eights, as the chart does.
    sixteen = next(p for p in surrender_rows(plays) if (p.hand, p.up) == ("hard 16", 9))
    assert not any((p.hand, p.up) == ("pair 8", 9) for p in surrender_rows(plays))
    counter = CounterBot(CHART, plays=plays)
    assert counter.decide_at(sixteen.index, view("T 6", 9), FIRST) is Action.SURRENDER
    assert counter.decide_at(sixteen.index, view("8 8", 9), PAIR) is Action.SPLIT


def test_every_change_of_a_surrender_row_is_played_at_its_index_and_one_below(plays):
    counter = CounterBot(CHART, plays=plays)
    for play in surrender_rows(plays):
        legal = PAIR if play.hand.startswith("pair") else FIRST
        here = view(cards_of(play.hand), play.up)
        assert counter.decide_at(play.index, here, legal) is play.at_or_above, play
        assert counter.decide_at(play.index - 1, here, legal) is play.below, play


def test_seventeen_against_an_ace_surrenders_only_between_its_two_indices(plays):
    low, high = sorted((p for p in surrender_rows(plays) if (p.hand, p.up) == ("hard 17", 1)),
                       key=lambda p: p.index)
    assert low.at_or_above is high.below is Action.SURRENDER and high.at_or_above is Action.STAND
    counter = CounterBot(CHART, plays=plays)
    played = {count: counter.decide_at(count, view("T 7", 1), FIRST)
              for count in range(low.index - 2, high.index + 3)}
    surrendered = {count for count, action in played.items() if action is Action.SURRENDER}
    assert surrendered == set(range(low.index, high.index))
    assert all(played[c] is Action.STAND for c in range(high.index, high.index + 3))


def test_a_surrender_row_that_changes_twice_reads_like_a_ladder():
    # Surrender from 0 until 6; from there the hand is played, by its own row: stand from 4.
    plays = (
        IndexPlay("hard 15", 10, 0, Action.SURRENDER, Action.HIT, "generated"),
        IndexPlay("hard 15", 10, 6, Action.STAND, Action.SURRENDER, "generated"),
        IndexPlay("hard 15", 10, 4, Action.STAND, Action.HIT, "generated"),
    )
    counter = CounterBot(CHART, plays=plays)
    played = [counter.decide_at(count, view("T 5", 10), FIRST) for count in (-1, 0, 5, 6)]
    assert played == [Action.HIT, Action.SURRENDER, Action.SURRENDER, Action.STAND]
    assert counter.decide_at(5, view("T 5", 10), FIRST - {Action.SURRENDER}) is Action.STAND


def test_an_insurance_row_that_changes_twice_reads_like_a_ladder():
    plays = (
        IndexPlay("insurance", 1, 3, Action.INSURANCE, Action.NO_INSURANCE, "generated"),
        IndexPlay("insurance", 1, 8, Action.NO_INSURANCE, Action.INSURANCE, "generated"),
    )
    counter = CounterBot(CHART, plays=plays)
    legal = frozenset({Action.INSURANCE, Action.NO_INSURANCE})
    played = [counter.decide_at(c, view("T 6", 1, DecisionKind.INSURANCE), legal) for c in (2, 3, 7, 8)]
    assert played == [Action.NO_INSURANCE, Action.INSURANCE, Action.INSURANCE, Action.NO_INSURANCE]


def test_the_fixed_fab_4_still_surrender_a_pair_of_sevens_as_a_hard_14():
    # The published plays index totals only; 7,7 v 10 is a 14 v 10 to them.
    counter = CounterBot(CHART)
    assert counter.decide_at(3, view("7 7", 10), PAIR) is Action.SURRENDER
    assert counter.decide_at(2, view("7 7", 10), PAIR) is not Action.SURRENDER
