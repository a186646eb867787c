"""The fast path plays exactly the rounds the event-producing engine plays, seed for seed.

Every test plays the same bots at a `FastTable` and at a `BotTable` (which acts only
through `Round.legal_actions()` / `act()`) and compares each round: the cards drawn, the
dealer's cards, bets, nets, hand results, bankrolls and tournament standing.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine import Action, StackedShoe, Table, load_rules, preset_ids
from engine.bots import BasicBot, CounterBot, NoviceBot, NoviceStyle
from engine.fastplay import FastTable
from tests.test_bots_support import RandomBot, Recorder, SimpleChart, play_both
from tests.test_properties import rule_sets

PRESETS = preset_ids()
CHART = SimpleChart()


def bankrolls_for(rules, seats, bankroll=10**9):
    tournament = rules.tournament
    return [tournament.bankroll if tournament else bankroll] * seats


BOTS = {
    "basic": lambda seat: BasicBot(CHART),
    "counter": lambda seat: CounterBot(CHART),
    "novice": lambda seat: NoviceBot(),
    "mimic": lambda seat: NoviceBot(NoviceStyle.MIMIC_DEALER),
    "never-bust": lambda seat: NoviceBot(NoviceStyle.NEVER_BUST),
    "random": lambda seat: RandomBot(seat),
}


def team(bot, seats):
    """A maker of one bot of this kind per seat."""
    return lambda: [BOTS[bot](seat) for seat in range(seats)]


@pytest.mark.parametrize("preset", PRESETS)
@pytest.mark.parametrize("bot", sorted(BOTS))
def test_every_preset_and_bot_plays_the_same_rounds_on_both_paths(preset, bot):
    rules = load_rules(preset)
    for seed, seats in ((1, 1), (2, 3)):
        assert play_both(rules, team(bot, seats), bankrolls_for(rules, seats), seed, 150) == 150


@pytest.mark.parametrize("preset", ["vegas-strip", "double-up", "european", "single-deck"])
def test_bots_are_asked_the_same_questions_with_the_same_views(preset):
    rules = load_rules(preset)
    logs: dict[str, list[tuple[object, ...]]] = {"fast": [], "slow": []}
    fast = FastTable(rules, [Recorder(CounterBot(CHART), logs["fast"]), Recorder(RandomBot(7), logs["fast"])],
                     bankrolls=bankrolls_for(rules, 2), seed=11)
    from engine.bots import BotTable

    slow = BotTable(rules, [Recorder(CounterBot(CHART), logs["slow"]), Recorder(RandomBot(7), logs["slow"])],
                    bankrolls=bankrolls_for(rules, 2), seed=11)
    for _ in range(200):
        fast.play_round()
        slow.play_round()
    assert logs["fast"] == logs["slow"]
    assert any(entry[0] == "decide" for entry in logs["fast"])


def test_small_bankrolls_refuse_doubles_and_splits_the_same_way():
    rules = load_rules("vegas-strip").with_changes(min_bet=100, max_bet=None)
    def bots():
        return [RandomBot(1), BasicBot(CHART), RandomBot(2)]

    played = play_both(rules, bots, [3_000, 2_500, 900], 5, 400)
    assert played > 0


def test_a_mid_round_reshuffle_happens_on_both_paths():
    rules = load_rules("single-deck").with_changes(penetration=1)
    played = play_both(rules, lambda: [BasicBot(CHART) for _ in range(7)], bankrolls_for(rules, 7), 3, 60)
    assert played == 60


def test_tournaments_restart_when_every_seat_has_finished():
    rules = load_rules("double-up")
    fast = FastTable(rules, [RandomBot(3)], bankrolls=bankrolls_for(rules, 1), seed=9)
    finished = 0
    for _ in range(300):
        assert fast.play_round()
        finished += not fast.active[0]
    assert finished > 5, "a bankroll bet at random should end many tournaments"
    assert play_both(rules, lambda: [RandomBot(3), RandomBot(4)], bankrolls_for(rules, 2), 9, 300) == 300


def test_a_stacked_shoe_deals_the_same_cards_and_runs_out_the_same_way():
    rules = load_rules("vegas-strip")
    cards = "T 7 9 T 8 A K 6 6 5 T 9 9 2 3 4"
    fast = FastTable(rules, [BasicBot(CHART)], bankrolls=[100_000], shoe=StackedShoe(cards))
    table = Table(rules, [("Ann", 100_000)], shoe=StackedShoe(cards))
    rnd = table.start_round()
    rnd.place_bet(0, 1000)
    rnd.deal()
    while not rnd.is_over:
        rnd.act(Action.STAND if Action.STAND in rnd.legal_actions() else Action.NO_INSURANCE)
    assert fast.play_round()
    assert fast.drawn == rnd.drawn and fast.nets == [1000]
    from engine.errors import ShoeExhaustedError

    with pytest.raises(ShoeExhaustedError):
        for _ in range(5):
            fast.play_round()


def test_a_seat_that_sits_out_discards_its_first_card_once():
    rules = load_rules("vegas-strip").with_changes(first_card_before_bet=True)
    table = Table(rules, [("Ann", 100_000), ("Bob", 100_000)], seed=1)
    rnd = table.start_round()
    rnd.place_bet(0, 1000)
    rnd.deal()
    while not rnd.is_over:
        legal = rnd.legal_actions()
        rnd.act(Action.STAND if Action.STAND in legal else sorted(legal, key=lambda a: a.value)[0])
    assert table.shoe.discarded == len(rnd.drawn)


def test_an_illegal_answer_raises_on_the_fast_path():
    class Stubborn(RandomBot):
        def decide(self, view, legal):
            return Action.SPLIT

    from engine.errors import IllegalActionError

    fast = FastTable(load_rules("vegas-strip"), [Stubborn(1)], bankrolls=[100_000], seed=1)
    with pytest.raises(IllegalActionError):
        for _ in range(50):
            fast.play_round()


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    rules=rule_sets(),
    seed=st.integers(0, 2**32),
    bots=st.lists(st.sampled_from(sorted(BOTS)), min_size=1, max_size=4),
    bankroll=st.sampled_from([500, 5_000, 50_000, 10**9]),
)
def test_random_rule_sets_play_the_same_rounds_on_both_paths(rules, seed, bots, bankroll):
    rules = rules.with_changes(min_bet=100)
    seats = len(bots)
    play_both(rules, lambda: [BOTS[name](i) for i, name in enumerate(bots)], [bankroll] * seats, seed, 40)
