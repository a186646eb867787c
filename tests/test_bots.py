"""The bots: basic strategy, the Hi-Lo counter and the novice, each as a person at the table would play."""

from __future__ import annotations

import pytest

from engine import Action, Card, DecisionKind, StackedShoe, load_rules, parse_cards, preset_ids
from engine.bots import (
    BOT_NAMES,
    INDEX_PLAYS,
    BasicBot,
    BotTable,
    CounterBot,
    NoviceBot,
    NoviceStyle,
    SeatView,
    format_indices,
    hi_lo,
    make_bot,
)
from engine.odds import basic_strategy
from tests.test_bots_support import SimpleChart

STRIP = load_rules("vegas-strip")
PLAY = frozenset({Action.HIT, Action.STAND, Action.DOUBLE, Action.SPLIT, Action.SURRENDER})


def view(rules=STRIP, kind=DecisionKind.PLAY, hand="T 6", up="T", *, bankroll=100_000, seen=(), shuffles=1,
         bet=1000, hands=1):
    cards = parse_cards(hand) if isinstance(hand, str) else tuple(hand)
    up_card = Card.parse(up) if up else None
    return SeatView(rules, 0, kind, cards, 0, hands, up_card, bet, bankroll, tuple(seen), shuffles)


def betting(rules=STRIP, *, bankroll=100_000, seen=(), shuffles=1):
    return view(rules, None, (), None, bankroll=bankroll, seen=seen, shuffles=shuffles, bet=0, hands=0)


# ---- basic -------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def basic():
    return BasicBot(basic_strategy(STRIP))


def test_basic_bets_the_table_minimum_or_sits_out(basic):
    assert basic.bet(betting()) == STRIP.min_bet
    assert basic.bet(betting(bankroll=STRIP.min_bet - 1)) == 0


def test_basic_never_takes_insurance_or_even_money(basic):
    assert basic.decide(view(kind=DecisionKind.INSURANCE, hand="T 9", up="A"),
                        frozenset({Action.INSURANCE, Action.NO_INSURANCE})) is Action.NO_INSURANCE
    assert basic.decide(view(kind=DecisionKind.EVEN_MONEY, hand="A K", up="A"),
                        frozenset({Action.EVEN_MONEY, Action.NO_EVEN_MONEY})) is Action.NO_EVEN_MONEY


@pytest.mark.parametrize(("hand", "up", "legal", "expected"), [
    ("T 6", "T", PLAY, Action.SURRENDER),
    ("T 6", "T", frozenset({Action.HIT, Action.STAND}), Action.HIT),
    ("6 5", "6", PLAY, Action.DOUBLE),
    ("6 5", "6", frozenset({Action.HIT, Action.STAND}), Action.HIT),
    ("8 8", "T", PLAY - {Action.SURRENDER}, Action.SPLIT),
    ("T 2", "4", PLAY, Action.STAND),
    ("A 7", "9", PLAY, Action.HIT),
    ("T 7", "A", PLAY - {Action.SURRENDER}, Action.STAND),
])
def test_basic_plays_the_chart_with_its_fallbacks(basic, hand, up, legal, expected):
    assert basic.decide(view(hand=hand, up=up), legal) is expected


@pytest.mark.parametrize("preset", preset_ids())
def test_basic_plays_every_preset_through_the_round_api(preset):
    rules = load_rules(preset)
    bankroll = rules.tournament.bankroll if rules.tournament else 10**9
    bots = [make_bot("basic", rules), make_bot("basic", rules)]
    table = BotTable(rules, bots, bankrolls=[bankroll] * 2, seed=4)
    for _ in range(100):
        played = table.play_round()
        assert played is not None and played.is_over
        assert not any(a in (Action.INSURANCE, Action.EVEN_MONEY) for a in played.decisions)


# ---- counter -----------------------------------------------------------------------------


def test_hi_lo_tags_low_cards_up_and_tens_and_aces_down():
    assert hi_lo(parse_cards("2 3 4 5 6")) == 5
    assert hi_lo(parse_cards("7 8 9")) == 0
    assert hi_lo(parse_cards("T J Q K A")) == -5


def test_the_true_count_divides_by_the_decks_left_and_resets_on_a_shuffle():
    bot = CounterBot(SimpleChart())
    low = parse_cards("2 3 4 5 6") * 12  # 60 cards, running count +60
    bot.bet(betting(seen=low))
    assert bot.running_count == 60
    assert bot.true_count(betting(seen=low)) == (60 * 52) // (6 * 52 - 60)
    bot.bet(betting(seen=(), shuffles=2))
    assert bot.running_count == 0


def test_the_count_follows_new_cards_only():
    bot = CounterBot(SimpleChart())
    seen = list(parse_cards("5 5"))
    bot.bet(betting(seen=seen))
    seen += parse_cards("K")
    bot.bet(betting(seen=seen))
    assert bot.running_count == 1


@pytest.mark.parametrize(("count_cards", "units"), [(0, 1), (6, 1), (12, 2), (18, 4), (24, 6), (100, 8)])
def test_the_bet_ramps_with_the_true_count(count_cards, units):
    bot = CounterBot(SimpleChart())
    seen = parse_cards("5") * count_cards
    assert bot.bet(betting(seen=seen)) == STRIP.min_bet * units


def test_the_bet_ramp_stays_within_the_table_maximum_and_the_bankroll():
    rules = STRIP.with_changes(max_bet=3000)
    bot = CounterBot(SimpleChart())
    hot = parse_cards("5") * 100
    assert bot.bet(betting(rules, seen=hot)) == 3000
    assert bot.bet(betting(rules, seen=hot, bankroll=2500)) == 2500
    assert bot.bet(betting(rules, seen=hot, bankroll=999)) == 0


def test_the_counter_insures_at_plus_three_and_not_below():
    bot = CounterBot(SimpleChart())
    offer = frozenset({Action.INSURANCE, Action.NO_INSURANCE})
    hot = parse_cards("5") * 45  # true count (45 * 52) // 267 = 8
    cold = parse_cards("5") * 10  # true count 1
    insurance = view(kind=DecisionKind.INSURANCE, hand="T 9", up="A", seen=hot)
    assert bot.decide(insurance, offer) is Action.INSURANCE
    bot = CounterBot(SimpleChart())
    assert bot.decide(insurance._replace(seen=tuple(cold)), offer) is Action.NO_INSURANCE
    money = frozenset({Action.EVEN_MONEY, Action.NO_EVEN_MONEY})
    bot = CounterBot(SimpleChart())
    even_money = view(kind=DecisionKind.EVEN_MONEY, hand="A K", up="A", seen=hot)
    assert bot.decide(even_money, money) is Action.EVEN_MONEY


def test_index_plays_change_basic_strategy_at_their_counts():
    chart = basic_strategy(STRIP)
    hit_stand = frozenset({Action.HIT, Action.STAND})
    neutral = parse_cards("5 K") * 5
    plus_five = parse_cards("5") * 30
    minus_three = parse_cards("K") * 20
    assert CounterBot(chart).decide(view(hand="T 6", up="T", seen=neutral), hit_stand) is Action.STAND
    assert CounterBot(chart).decide(view(hand="T 6", up="T", seen=minus_three), hit_stand) is Action.HIT
    tens = frozenset({Action.HIT, Action.STAND, Action.SPLIT, Action.DOUBLE})
    assert CounterBot(chart).decide(view(hand="K K", up="6", seen=plus_five), tens) is Action.SPLIT
    assert CounterBot(chart).decide(view(hand="K K", up="6", seen=neutral), tens) is Action.STAND
    assert CounterBot(chart).decide(view(hand="T 2", up="4", seen=minus_three), PLAY) is Action.HIT
    assert BasicBot(chart).decide(view(hand="T 2", up="4"), PLAY) is Action.STAND


def test_fab_four_surrenders_at_their_counts():
    chart = basic_strategy(STRIP)
    plus_five = parse_cards("5") * 30
    minus_three = parse_cards("K") * 20
    assert CounterBot(chart).decide(view(hand="T 4", up="T", seen=plus_five), PLAY) is Action.SURRENDER
    assert CounterBot(chart).decide(view(hand="T 4", up="T", seen=minus_three), PLAY) is Action.HIT


def test_an_infinite_deck_has_nothing_to_count():
    rules = load_rules("infinite-deck")
    chart = basic_strategy(rules)
    bot = CounterBot(chart)
    hot = parse_cards("5") * 100
    assert bot.true_count(betting(rules, seen=hot)) is None
    assert bot.bet(betting(rules, seen=hot)) == rules.min_bet
    hit_stand = frozenset({Action.HIT, Action.STAND})
    assert bot.decide(view(rules, hand="T 6", up="T", seen=hot), hit_stand) is BasicBot(chart).decide(
        view(rules, hand="T 6", up="T"), hit_stand
    )


def test_the_counter_sees_the_hole_card_only_once_it_is_turned():
    # Ann: T 7 ; dealer 9 up, 5 in the hole; Ann stands; the dealer draws 3.
    table = BotTable(STRIP, [CounterBot(SimpleChart())], bankrolls=[100_000], shoe=StackedShoe("T 9 7 5 3"))
    counter = table.bots[0]
    seen_at_decision = []
    decide = counter.decide

    def spy(view, legal):
        seen_at_decision.append(tuple(view.seen))
        return decide(view, legal)

    counter.decide = spy  # type: ignore[method-assign]
    played = table.play_round()
    assert played is not None
    assert [c.code for c in seen_at_decision[0]] == ["T", "9", "7"]
    assert [c.code for c in table.watcher.seen] == ["T", "9", "7", "5", "3"]


def test_the_index_table_prints_every_play():
    text = format_indices()
    assert len(text.splitlines()) == len(INDEX_PLAYS) + 1 == 23
    assert "insurance" in text and "Fab 4" in text and "Illustrious 18" in text


def test_a_ramp_needs_whole_units():
    with pytest.raises(ValueError, match="ramp"):
        CounterBot(SimpleChart(), ramp=())


# ---- novice ------------------------------------------------------------------------------


@pytest.mark.parametrize(("style", "hand", "up", "expected"), [
    (NoviceStyle.BUST_CARD, "T 2", "5", Action.STAND),
    (NoviceStyle.BUST_CARD, "T 2", "9", Action.HIT),
    (NoviceStyle.BUST_CARD, "T 6", "T", Action.HIT),
    (NoviceStyle.BUST_CARD, "6 5", "T", Action.DOUBLE),
    (NoviceStyle.BUST_CARD, "8 8", "T", Action.SPLIT),
    (NoviceStyle.NEVER_BUST, "T 2", "T", Action.STAND),
    (NoviceStyle.NEVER_BUST, "A 5", "T", Action.HIT),
    (NoviceStyle.NEVER_BUST, "6 3", "T", Action.HIT),
    (NoviceStyle.MIMIC_DEALER, "T 6", "5", Action.HIT),
    (NoviceStyle.MIMIC_DEALER, "T 7", "T", Action.STAND),
    (NoviceStyle.MIMIC_DEALER, "8 8", "T", Action.HIT),
    (NoviceStyle.MIMIC_DEALER, "6 5", "T", Action.HIT),
])
def test_the_novice_styles(style, hand, up, expected):
    cards = parse_cards(hand)
    legal = PLAY - {Action.SURRENDER} - (set() if cards[0].rank is cards[1].rank else {Action.SPLIT})
    assert NoviceBot(style).decide(view(hand=hand, up=up), legal) is expected


def test_the_novice_takes_even_money_but_no_insurance_and_never_surrenders_early():
    bot = NoviceBot()
    assert bot.decide(view(kind=DecisionKind.EVEN_MONEY, hand="A K", up="A"),
                      frozenset({Action.EVEN_MONEY, Action.NO_EVEN_MONEY})) is Action.EVEN_MONEY
    assert bot.decide(view(kind=DecisionKind.INSURANCE, hand="T T", up="A"),
                      frozenset({Action.INSURANCE, Action.NO_INSURANCE})) is Action.NO_INSURANCE
    assert bot.decide(view(kind=DecisionKind.EARLY_SURRENDER, hand="T 6", up="A"),
                      frozenset({Action.SURRENDER, Action.NO_SURRENDER})) is Action.NO_SURRENDER


def test_make_bot_knows_the_three_bots_and_refuses_others():
    assert BOT_NAMES == ("basic", "counter", "novice")
    assert [make_bot(name, STRIP).name for name in BOT_NAMES] == list(BOT_NAMES)
    with pytest.raises(ValueError, match="no bot named 'shark'"):
        make_bot("shark", STRIP)
