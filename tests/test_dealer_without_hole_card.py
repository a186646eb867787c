"""Without a hole card the dealer draws only what can change a hand; refunds and even money are named."""

from __future__ import annotations

from engine import Action, Result, StackedShoe, Table, load_rules
from engine.fastplay import FastTable
from engine.round import DecisionKind
from engine.rules import BlackjackVsBlackjack, DealerBlackjackTakes

EUROPEAN = load_rules("european")
ORIGINAL_BET = EUROPEAN.with_changes(dealer_blackjack_takes=DealerBlackjackTakes.ORIGINAL_BET)
SPLIT_STAND_HIT = (Action.NO_INSURANCE, Action.SPLIT, Action.STAND, Action.HIT)


def play(rules, cards: str, bet: int, *actions: Action):
    table = Table(rules, [("Ann", 100_000)], shoe=StackedShoe(cards))
    rnd = table.start_round()
    rnd.place_bet(0, bet)
    rnd.deal()
    for action in actions:
        rnd.act(action)
    assert rnd.is_over
    return rnd


def test_a_busted_split_hand_refunded_by_the_original_bet_rule_says_refunded_not_push():
    # 8 8 against an ace; hand 1 takes 9 and stands on 17, hand 2 takes 5, hits a ten and busts;
    # the dealer's ten makes blackjack, which takes only the original bet: hand 1 pays it.
    rnd = play(ORIGINAL_BET, "8 A 8 9 5 T T", 1000, *SPLIT_STAND_HIT)
    assert [(h.result, h.net) for h in rnd.hands(0)] == [(Result.LOSE, -1000), (Result.REFUNDED, 0)]
    assert rnd.table.bankroll(0) == 99_000


def test_a_lone_bust_under_the_original_bet_rule_draws_the_dealer_nothing_more():
    # 16 against an ace hits a 9 and busts; the next card, a ten, would have made blackjack
    rnd = play(ORIGINAL_BET, "T A 6 9 T", 1000, Action.NO_INSURANCE, Action.HIT)
    assert [c.code for c in rnd.dealer] == ["A"], "a dealer blackjack could change nothing"
    assert rnd.hands(0)[0].result is Result.BUST


def test_a_busted_split_hand_under_the_original_bet_rule_draws_the_dealer_a_second_card():
    # (a doubled hand cannot bust here: these rules double on 9 to 11 only)
    rnd = play(ORIGINAL_BET, "8 A 8 T 5 T T", 1000, *SPLIT_STAND_HIT)
    assert [c.code for c in rnd.dealer] == ["A", "T"], "the dealer's blackjack hands hand 2's bet back"


def test_busted_hands_without_a_hole_card_leave_the_dealer_with_the_up_card():
    rnd = play(EUROPEAN, "T 6 6 T 5", 1000, Action.HIT)
    assert [c.code for c in rnd.dealer] == ["6"]


def test_a_blackjack_that_beats_a_dealer_blackjack_draws_the_dealer_nothing_more():
    rules = EUROPEAN.with_changes(blackjack_vs_dealer_blackjack=BlackjackVsBlackjack.PLAYER_WINS)
    rnd = play(rules, "A T K 9", 1000)  # Ann's blackjack against a ten up: nothing can change it
    assert [c.code for c in rnd.dealer] == ["T"]
    assert rnd.hands(0)[0].result is Result.BLACKJACK and rnd.table.bankroll(0) == 101_500
    pushing = play(EUROPEAN, "A T K A", 1000)  # where it would push a dealer blackjack, the dealer looks
    assert [c.code for c in pushing.dealer] == ["T", "A"] and pushing.hands(0)[0].result is Result.PUSH


def test_even_money_is_not_offered_where_a_blackjack_beats_a_dealer_blackjack():
    player_wins = BlackjackVsBlackjack.PLAYER_WINS
    rules = load_rules("vegas-strip").with_changes(blackjack_vs_dealer_blackjack=player_wins)
    table = Table(rules, [("Ann", 100_000)], shoe=StackedShoe("A A K T"))
    rnd = table.start_round()
    rnd.place_bet(0, 1000)
    rnd.deal()
    assert rnd.decision is not None and rnd.decision.kind is DecisionKind.INSURANCE
    rnd.act(Action.NO_INSURANCE)
    assert rnd.hands(0)[0].result is Result.BLACKJACK and table.bankroll(0) == 101_500


class Scripted:
    """A bot that bets 10 and answers from a script."""

    name = "scripted"

    def __init__(self, actions) -> None:
        self.actions = iter(actions)

    def bet(self, view) -> int:
        return 1000

    def decide(self, view, legal) -> Action:
        return next(self.actions)


def test_the_fast_path_draws_the_dealer_the_same_cards():
    for rules, cards, actions in (
        (ORIGINAL_BET, "T A 6 9 T", (Action.NO_INSURANCE, Action.HIT)),
        (ORIGINAL_BET, "8 A 8 T 5 T T", SPLIT_STAND_HIT),
        (EUROPEAN, "T 6 6 T 5", (Action.HIT,)),
    ):
        slow = play(rules, cards, 1000, *actions)
        fast = FastTable(rules, [Scripted(actions)], bankrolls=[100_000], shoe=StackedShoe(cards))
        fast.play_round()
        assert list(fast.dealer) == list(slow.dealer), cards
