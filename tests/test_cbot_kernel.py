"""The compiled kernel's tables play a pair's own surrender index and each change of a surrender row,
as the Python counter does, for the indices generated for Vegas Strip under Hi-Lo and KO."""

from __future__ import annotations

import pytest

pytest.importorskip("numpy")

from engine import Action, Card, load_rules, parse_cards
from engine.bots import CounterBot, CounterSetup, IndexPlay, SeatView
from engine.counting import SYSTEMS
from engine.hand import hand_total
from engine.kernel import tables_for
from engine.kernel.tables import ACTIONS, Tables
from engine.odds import basic_strategy
from engine.odds.indices import index_plays
from engine.round import DecisionKind

RULES = load_rules("vegas-strip")


@pytest.fixture(scope="module", params=["hi-lo", "ko"])
def setup(request: pytest.FixtureRequest) -> CounterSetup:
    """A counter holding the indices generated for Vegas Strip and the system (computed once per run)."""
    system = SYSTEMS[request.param]
    return CounterSetup(system=system, plays=index_plays(RULES, system))


def play_bucket(tables: Tables, counter: CounterBot, count: int) -> int:
    """The kernel's play bucket of a cell (running count, cards seen) whose count is `count`."""
    assert RULES.decks is not None
    placed = counter.new_count(RULES.decks)
    for seen in range(26, 52 * RULES.decks, 26):
        for tagged in range(-seen, seen + 1):  # every system here tags a card a point or less
            placed.place(tagged, seen)
            if placed.count() == count:
                return int(tables.play_bucket[tagged + tables.count_offset, seen])
    raise AssertionError(f"no cell counts {count}")


def kernel_action(tables: Tables, bucket: int, cards: tuple[Card, ...], up: int) -> Action:
    """The kernel's play of a first two-card hand (no split yet, one hand held) against the up card."""
    total, soft = hand_total(cards)
    pair = cards[0].points if cards[0].rank == cards[1].rank else 0
    state = int(tables.hand_state[2 * total + soft, 0, pair])
    return ACTIONS[int(tables.situation[bucket, state, 0, 0, up])]


def spots(plays: tuple[IndexPlay, ...]) -> list[tuple[IndexPlay, str]]:
    """Each pair's surrender index, and each change of 17 v A's surrender row, with cards that make it."""
    found = []
    for play in plays:
        if Action.SURRENDER not in (play.at_or_above, play.below):
            continue
        if play.hand.startswith("pair"):
            found.append((play, f"{play.hand[-1]} {play.hand[-1]}"))
        elif (play.hand, play.up) == ("hard 17", 1):
            found.append((play, "T 7"))
    return found


def test_the_kernel_surrenders_as_the_generated_index_and_the_counter_do(setup):
    tables = tables_for(RULES, "counter", counter=setup)
    counter = CounterBot.from_setup(basic_strategy(RULES), setup, 8)
    checked = spots(counter.plays)
    assert sum(play.hand.startswith("pair") for play, _ in checked) >= 2 and len(checked) >= 4
    for play, cards in checked:
        dealt = parse_cards(cards)
        up = parse_cards("A" if play.up == 1 else "T" if play.up == 10 else str(play.up))[0]
        view = SeatView(RULES, 0, DecisionKind.PLAY, dealt, 0, 1, up, 1000, 100_000, (), 0)
        legal = frozenset({Action.HIT, Action.STAND, Action.DOUBLE, Action.SURRENDER}
                          | ({Action.SPLIT} if play.hand.startswith("pair") else set()))
        for count, expected in ((play.index, play.at_or_above), (play.index - 1, play.below)):
            kernel = kernel_action(tables, play_bucket(tables, counter, count), dealt, play.up)
            assert kernel is counter.decide_at(count, view, legal) is expected, (play, count, kernel)
