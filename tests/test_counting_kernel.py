"""Every count system, precision and ramp plays the same rounds in the compiled kernel and in FastTable.

The same prepared shoes go to `engine.kernel.play_shoes` and to a FastTable counter run the
way the simulator runs it (`engine.simulate.leave_if_counted_out` before each round). The
ramps here bet a different number of units at every count they can meet, so equal bets
round by round mean equal counts card by card. Skipped without the `fast` extra (numba).
"""

from __future__ import annotations

import random

import pytest

pytest.importorskip("numba")

from engine import Card, load_rules
from engine.bots import CounterBot, CounterSetup, SeatView, make_bot
from engine.cards import FULL_DECK
from engine.counting import SYSTEMS, Count, Precision, Ramp, Rounding, running_count
from engine.fastplay import FastTable
from engine.kernel import play_shoes, tables_for
from engine.kernel.tables import RED_SEVEN, card_code
from engine.rules import Rules
from engine.shoe import Shoe
from engine.simulate import BANKROLL, Plan, leave_if_counted_out, run_chunk
from engine.tally import TRUE_COUNTS, count_bucket
from tests.test_kernel import ScriptedShoe, prepared

TWO_DECKS = load_rules("vegas-strip").with_changes(decks=2)


def telling_ramp(rules: Rules, setup: CounterSetup, leave: int | None = None) -> Ramp:
    """A ramp with its own bet at every count a shoe of these rules can show (so bets reveal counts)."""
    decks = rules.decks or 1
    start = int(setup.system.initial_running_count(decks)) if not setup.system.balanced else 0
    low, high = (start - 12, start + 24) if not setup.system.balanced else (-12, 14)
    steps = tuple((count, 1 + count - low) for count in range(low, high))
    if leave is not None:
        steps = tuple((c, u) for c, u in steps if c > leave) or steps[-1:]
        steps = ((steps[0][0], 1), *steps[1:])
    return Ramp(steps, leave)


def agree(rules: Rules, setup: CounterSetup, rounds: int, seed: int, seats: int = 1) -> dict[str, int]:
    """Play the same shoes both ways; assert every round and the tally by true count agree; kernel events."""
    cut = Shoe(rules.decks or 1, float(rules.penetration)).cut_index
    shoes = prepared(rules, seed, rounds * 6 * seats // cut + rounds // 2 + 40)  # leaving takes more
    kernel = play_shoes(rules, "counter", shoes, rounds, seats=seats, counter=setup)
    bots = [make_bot("counter", rules, counter=setup) for _ in range(seats)]
    counter = bots[0]
    assert isinstance(counter, CounterBot)
    table = FastTable(rules, bots, bankrolls=[BANKROLL] * seats, shoe=ScriptedShoe(rules, shoes))
    by_count = [[0] * (len(TRUE_COUNTS) + 1) for _ in range(7)]
    left = 0
    assert kernel.rounds == rounds
    for number in range(rounds):
        counter.bet_true_count = None
        left += leave_if_counted_out(table, counter)
        assert table.play_round()
        where = f"{setup.system.key} {setup.precision.value} {setup.rounding.value}, round {number + 1}"
        assert list(kernel.bets[number]) == table.bets, where
        assert list(kernel.nets[number]) == table.nets, where
        assert kernel.round_results(number) == table.results, where
        assert kernel.cards[number] == len(table.drawn), where
        column = -1 if counter.bet_true_count is None else count_bucket(counter.bet_true_count)
        net, bet = sum(table.nets), sum(table.bets)
        for row, value in zip(by_count, (1, sum(map(bool, table.bets)), net, net * net, bet, bet * bet,
                                          net * bet), strict=True):
            row[column] += value
    assert [list(row) for row in kernel.by_count] == by_count
    assert kernel.events["left_shoes"] == left
    return kernel.events


@pytest.mark.parametrize("key", list(SYSTEMS))
def test_every_system_counts_alike_in_the_kernel_and_in_python(key):
    setup = CounterSetup(system=SYSTEMS[key])
    setup = CounterSetup(system=SYSTEMS[key], ramp=telling_ramp(TWO_DECKS, setup))
    events = agree(TWO_DECKS, setup, 600, seed=len(key))
    assert events["shuffles"] > 10
    bets = {int(b) for b in play_shoes(TWO_DECKS, "counter", prepared(TWO_DECKS, 1, 40), 600,
                                        counter=setup).bets[:, 0]}
    assert len(bets) > 8, "the ramp's bets tell many counts apart"


@pytest.mark.parametrize("precision", list(Precision))
@pytest.mark.parametrize("rounding", list(Rounding))
def test_every_true_count_setting_agrees(precision, rounding):
    system = SYSTEMS["wong-halves"]  # half points: the rounding matters on every card
    setup = CounterSetup(system=system, precision=precision, rounding=rounding)
    setup = CounterSetup(system=system, precision=precision, rounding=rounding,
                         ramp=telling_ramp(TWO_DECKS, setup))
    agree(TWO_DECKS, setup, 300, seed=3)


@pytest.mark.parametrize("key", ["hi-lo", "ko"])
def test_leaving_the_shoe_at_the_leave_count_agrees(key):
    system = SYSTEMS[key]
    leave = -2 if system.balanced else int(system.initial_running_count(2)) - 3
    setup = CounterSetup(system=system)
    setup = CounterSetup(system=system, ramp=telling_ramp(TWO_DECKS, setup, leave=leave))
    events = agree(TWO_DECKS, setup, 500, seed=11)
    assert events["left_shoes"] > 5, "the counter left some shoes"


def test_three_counters_at_one_table_agree():
    setup = CounterSetup(system=SYSTEMS["zen"], rounding=Rounding.TRUNCATE)
    agree(TWO_DECKS, setup, 300, seed=4, seats=3)


def test_red_sevens_are_their_own_kernel_code_and_count_apart():
    assert card_code(Card.parse("7D")) == RED_SEVEN and card_code(Card.parse("7C")) == 6
    tables = tables_for(TWO_DECKS, "counter", counter=CounterSetup(system=SYSTEMS["red-7"]))
    assert (int(tables.tag[6]), int(tables.tag[RED_SEVEN])) == (0, 2)  # half points
    hi_lo = tables_for(TWO_DECKS, "counter")
    assert int(hi_lo.tag[6]) == int(hi_lo.tag[RED_SEVEN]) == 0


def bot_view() -> SeatView:
    return SeatView(TWO_DECKS, 0, None, (), 0, 0, None, 0, BANKROLL, (), 0)


def test_the_kernel_count_table_is_the_counts_own_conversion():
    setup = CounterSetup(system=SYSTEMS["omega-ii"], precision=Precision.HALF, rounding=Rounding.ROUND)
    bot = make_bot("counter", TWO_DECKS, counter=setup)
    assert isinstance(bot, CounterBot)
    tables = tables_for(TWO_DECKS, "counter", counter=setup)
    count = Count(SYSTEMS["omega-ii"], 2, precision=Precision.HALF, rounding=Rounding.ROUND)
    shoe = list(FULL_DECK) * 2
    rng = random.Random(5)
    for _ in range(300):
        rng.shuffle(shoe)
        seen = rng.randrange(1, 104)
        count.reset()
        count.add(shoe[:seen])
        tagged = int(2 * running_count(SYSTEMS["omega-ii"], shoe[:seen]))  # half points, as the kernel adds
        true, now = count.true_count(), count.count()
        assert true is not None and now is not None
        assert int(tables.true_bucket[tagged + tables.count_offset, seen]) == count_bucket(true)
        bucket = int(tables.count_bucket[tagged + tables.count_offset, seen])
        assert int(tables.bet[tables.bet_index[bucket]]) == bot.bet_at(now, bot_view())


def test_the_simulator_plays_a_system_and_ramp_on_both_engines():
    setup = CounterSetup(system=SYSTEMS["ko"], ramp=Ramp(((-4, 1), (-2, 2), (0, 4), (2, 8)), leave=-9))
    fast = run_chunk(Plan(TWO_DECKS, "counter", rounds=2000, seed=1, engine="fast", counter=setup), 0)
    kernel = run_chunk(Plan(TWO_DECKS, "counter", rounds=2000, seed=1, engine="kernel", counter=setup), 0)
    for tally in (fast, kernel):
        assert tally.rounds == 2000
        assert tally.bet // TWO_DECKS.min_bet > 2000, "the ramp raised some bets"
        assert sum(t.rounds for t in tally.by_count) == 2000


def test_generated_index_plays_play_the_same_rounds_on_both_engines():
    from blackjack.commands.simulate import with_generated_indices

    setup = with_generated_indices(TWO_DECKS, CounterSetup(system=SYSTEMS["hi-lo"]))
    assert setup.plays is not None and any(play.hand.startswith("soft") for play in setup.plays)
    setup = CounterSetup(system=setup.system, ramp=telling_ramp(TWO_DECKS, setup), plays=setup.plays)
    agree(TWO_DECKS, setup, 400, seed=5)
