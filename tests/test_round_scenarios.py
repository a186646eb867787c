"""Scenario tests: stacked shoes, one per rule, asserting outcomes and money.

Deal order for one seat: player, dealer up card, player, dealer hole card (when the
rules have one); then the cards the decisions draw, then the dealer's draws.
"""

import pytest

from engine import (
    Action,
    BlackjackError,
    DecisionKind,
    IllegalActionError,
    Result,
    Round,
    StackedShoe,
    Table,
    load_rules,
)
from engine import events as ev
from tests.engine_helpers import kinds, play, results

STRIP = "vegas-strip"


# ---- totals, payouts, and the dealer's soft 17 ------------------------------------------


def test_higher_total_wins_even_money():
    rnd = play(STRIP, "T 7 9 T", ["stand"])
    assert results(rnd) == [("win", 1000)]
    assert rnd.table.bankroll(0) == 101_000


def test_equal_totals_push():
    assert results(play(STRIP, "T 7 7 K", ["stand"])) == [("push", 0)]


def test_dealer_stands_on_soft_17_under_s17():
    rnd = play(STRIP, "T 6 8 A", ["stand"])
    assert [c.code for c in rnd.dealer] == ["6", "A"]
    assert results(rnd) == [("win", 1000)]


def test_dealer_hits_soft_17_under_h17():
    rnd = play(STRIP, "T 6 8 A 5 T", ["stand"], dealer_hits_soft_17=True)
    assert [c.code for c in rnd.dealer] == ["6", "A", "5", "T"]
    assert results(rnd) == [("win", 1000)]


def test_dealer_stands_on_hard_17_even_under_h17():
    rnd = play(STRIP, "T 7 8 T", ["stand"], dealer_hits_soft_17=True)
    assert len(rnd.dealer) == 2 and results(rnd) == [("win", 1000)]


def test_dealer_draws_to_seventeen_through_soft_totals():
    rnd = play(STRIP, "T A 9 2 3 A 5", ["stand"], insurance=False, even_money=False)
    # A,2 = soft 13; +3 soft 16; +A soft 17: stands under S17.
    assert [c.code for c in rnd.dealer] == ["A", "2", "3", "A"]
    assert results(rnd) == [("win", 1000)]


def test_blackjack_pays_three_to_two():
    rnd = play(STRIP, "A 9 K 7")
    assert results(rnd) == [("blackjack", 1500)]
    assert len(rnd.dealer) == 2, "the dealer draws nothing when only a blackjack is left"


def test_blackjack_pays_six_to_five():
    assert results(play("six-to-five", "A 9 K 7")) == [("blackjack", 1200)]


def test_six_to_five_on_an_odd_bet_rounds_down_to_the_cent():
    assert results(play("six-to-five", "A 9 K 7", bets=[1003])) == [("blackjack", 1203)]


def test_blackjack_pays_two_to_one_and_one_to_one():
    assert results(play(STRIP, "A 9 K 7", blackjack_pays="2:1")) == [("blackjack", 2000)]
    assert results(play(STRIP, "A 9 K 7", blackjack_pays="1:1")) == [("blackjack", 1000)]


def test_bust_loses_and_the_dealer_does_not_draw_for_busted_hands():
    rnd = play(STRIP, "T 6 6 T 9 5", ["hit"])
    assert results(rnd) == [("bust", -1000)]
    assert [c.code for c in rnd.dealer] == ["6", "T"], "hole card shown, no draw"
    assert "HandBusted" in kinds(rnd)


def test_hand_reaching_21_stands_automatically():
    rnd = play(STRIP, "5 T 6 7 K", ["hit"])
    stood = [e for e in rnd.events if type(e).__name__ == "HandStood"]
    assert stood[0].total == 21 and stood[0].automatic
    assert results(rnd) == [("win", 1000)]


# ---- hole card, peek, insurance, even money ----------------------------------------------


def test_peek_finds_dealer_blackjack_and_takes_only_the_original_bet():
    rnd = play(STRIP, "T A 9 K", ["no-insurance"])
    assert results(rnd) == [("lose", -1000)]
    assert "DealerPeeked" in kinds(rnd) and "TurnStarted" not in kinds(rnd)


def test_peek_with_a_ten_up_asks_no_insurance():
    rnd = play(STRIP, "9 T T A")
    assert "InsuranceOffered" not in kinds(rnd)
    assert results(rnd) == [("lose", -1000)]


def test_insurance_pays_two_to_one_on_a_dealer_blackjack():
    rnd = play(STRIP, "T A 9 K", ["insurance"])
    assert rnd.insurance(0) == 500 and rnd.insurance_net(0) == 1000
    assert rnd.table.bankroll(0) == 100_000, "insurance made the seat whole"


def test_insurance_is_lost_when_the_dealer_has_no_blackjack():
    rnd = play(STRIP, "T A 9 7", ["insurance", "stand"])
    assert rnd.insurance_net(0) == -500
    assert results(rnd) == [("win", 1000)]
    assert rnd.table.bankroll(0) == 100_500


def test_insurance_is_offered_seat_by_seat():
    rnd = play(STRIP, "T 9 A 9 T 7", ["insurance", "no-insurance", "stand", "stand"], bets=[1000, 1000])
    offers = [e.seat for e in rnd.events if type(e).__name__ == "InsuranceOffered"]
    assert offers == [0, 1]


def test_even_money_is_offered_instead_of_insurance_to_a_blackjack_and_paid_at_once():
    rnd = play(STRIP, "A A K 7", finish=False)
    assert rnd.decision is not None and rnd.decision.kind is DecisionKind.EVEN_MONEY
    rnd.act(Action.EVEN_MONEY)
    assert rnd.is_over and results(rnd) == [("blackjack", 1000)]


def test_declined_even_money_pushes_a_dealer_blackjack():
    rnd = play(STRIP, "A A K K", ["no-even-money"])
    assert results(rnd) == [("push", 0)]


def test_declined_even_money_wins_three_to_two_without_a_dealer_blackjack():
    rnd = play(STRIP, "A A K 7", ["no-even-money"])
    assert results(rnd) == [("blackjack", 1500)]


def test_without_even_money_a_blackjack_is_offered_insurance():
    rnd = play(STRIP, "A A K 7", ["insurance"], even_money=False)
    assert rnd.insurance_net(0) == -500 and results(rnd) == [("blackjack", 1500)]


def test_insurance_is_not_offered_when_the_bankroll_cannot_cover_it():
    rnd = play(STRIP, "T A 9 7", ["stand"], bankrolls=[1200])
    assert "InsuranceOffered" not in kinds(rnd)


def test_blackjack_against_dealer_blackjack_can_win_by_rule():
    # even money could only cost a blackjack that beats a dealer blackjack: insurance is offered instead
    rnd = play(STRIP, "A A K K", ["no-insurance"], blackjack_vs_dealer_blackjack="player-wins")
    assert results(rnd) == [("blackjack", 1500)]


def test_no_peek_dealer_blackjack_takes_only_the_original_bet_of_a_double():
    rnd = play(STRIP, "6 T 5 A 9", ["double"], hole_card="no-peek", surrender="none")
    assert rnd.hands(0)[0].doubled
    assert results(rnd) == [("lose", -1000)], "the doubled half went back"


def test_no_peek_original_bet_rule_gives_back_split_bets():
    rnd = play(STRIP, "8 T 8 A 3 T", ["split", "stand", "stand"], hole_card="no-peek", surrender="none")
    assert results(rnd) == [("lose", -1000), ("refunded", 0)]


def test_no_hole_card_dealer_blackjack_takes_doubled_bets_too():
    rnd = play("european", "6 T 5 9 A", ["double"])
    assert [c.code for c in rnd.dealer] == ["T", "A"]
    assert results(rnd) == [("lose", -2000)]


def test_no_hole_card_dealer_blackjack_takes_split_bets_too():
    rnd = play("european", "8 T 8 3 T A", ["split", "stand", "stand"])
    assert results(rnd) == [("lose", -1000), ("lose", -1000)]


def test_no_hole_card_insurance_is_settled_after_play():
    rnd = play("european", "T A 9 7", ["insurance", "stand"])
    assert rnd.insurance_net(0) == -500 and results(rnd) == [("win", 1000)]
    settled = [type(e).__name__ for e in rnd.events]
    assert settled.index("InsuranceSettled") > settled.index("HandStood")


def test_no_hole_card_dealer_takes_a_second_card_only_when_it_matters():
    rnd = play("european", "T 6 6 T", ["hit"])
    assert [c.code for c in rnd.dealer] == ["6"] and results(rnd) == [("bust", -1000)]


def test_dealer_blackjack_beats_a_players_three_card_21():
    rnd = play("european", "5 T 6 T A", ["hit"])
    assert results(rnd) == [("lose", -1000)]


# ---- surrender ----------------------------------------------------------------------------


def test_late_surrender_returns_half_the_bet():
    rnd = play(STRIP, "T T 6 7", ["surrender"])
    assert results(rnd) == [("surrender", -500)]
    assert rnd.table.bankroll(0) == 99_500


def test_late_surrender_is_only_on_the_first_two_cards():
    rnd = play(STRIP, "T T 3 7 2", ["hit"], finish=False)
    assert Action.SURRENDER not in rnd.legal_actions()
    with pytest.raises(IllegalActionError, match="first two cards"):
        rnd.act(Action.SURRENDER)


def test_late_surrender_comes_too_late_against_a_peeked_blackjack():
    rnd = play(STRIP, "T T 6 A")
    assert results(rnd) == [("lose", -1000)]


def test_early_surrender_is_asked_before_the_peek_and_beats_a_dealer_blackjack():
    rnd = play(STRIP, "T T 6 A", finish=False, surrender="early")
    assert rnd.decision is not None and rnd.decision.kind is DecisionKind.EARLY_SURRENDER
    rnd.act(Action.SURRENDER)
    assert results(rnd) == [("surrender", -500)]


def test_declined_early_surrender_is_not_offered_again():
    rnd = play(STRIP, "T T 6 7", ["no-surrender"], finish=False, surrender="early")
    assert Action.SURRENDER not in rnd.legal_actions()
    rnd.act(Action.STAND)
    assert results(rnd) == [("lose", -1000)]


def test_early_surrender_against_a_low_card_is_asked_in_play():
    rnd = play(STRIP, "T 6 6 7", ["surrender"], surrender="early")
    assert results(rnd) == [("surrender", -500)]


def test_late_surrender_without_a_hole_card_is_void_against_a_dealer_blackjack():
    rnd = play("european", "T T 6 A", ["surrender"], surrender="late")
    assert results(rnd) == [("lose", -1000)]


def test_early_surrender_without_a_hole_card_stands_against_a_dealer_blackjack():
    rnd = play("european", "T T 6 A", ["surrender"], surrender="early")
    assert results(rnd) == [("surrender", -500)]


def test_no_surrender_rule_refuses_surrender():
    rnd = play("downtown", "T T 6 7", finish=False)
    with pytest.raises(IllegalActionError, match="do not allow surrender"):
        rnd.act(Action.SURRENDER)


# ---- doubling ----------------------------------------------------------------------------


def test_double_takes_one_card_and_stands():
    rnd = play(STRIP, "6 7 5 T 9", ["double"])
    assert [c.code for c in rnd.hands(0)[0].cards] == ["6", "5", "9"]
    assert results(rnd) == [("win", 2000)]


def test_double_only_on_two_cards():
    rnd = play(STRIP, "2 7 3 T 4", ["hit"], finish=False)
    with pytest.raises(IllegalActionError, match="only a two-card hand may double"):
        rnd.act(Action.DOUBLE)


@pytest.mark.parametrize(
    ("double_on", "cards", "allowed"),
    [
        ("9-11", "5 7 4 T", True),
        ("9-11", "6 7 6 T", False),
        ("9-11", "A 7 8 T", False),
        ("10-11", "5 7 4 T", False),
        ("10-11", "6 7 4 T", True),
        ("10-11", "6 7 5 T", True),
        ("none", "6 7 5 T", False),
        ("any", "A 7 8 T", True),
    ],
)
def test_double_on_restricts_the_totals(double_on, cards, allowed):
    rnd = play(STRIP, cards, finish=False, double_on=double_on)
    assert (Action.DOUBLE in rnd.legal_actions()) is allowed


def test_double_needs_the_bankroll_to_cover_it():
    rnd = play(STRIP, "6 7 5 T", finish=False, bankrolls=[1500])
    assert Action.DOUBLE not in rnd.legal_actions()
    with pytest.raises(IllegalActionError, match="needs 10 more to double"):
        rnd.act(Action.DOUBLE)


# ---- splitting ---------------------------------------------------------------------------


def test_split_plays_the_first_hand_out_before_the_second_gets_its_card():
    rnd = play(STRIP, "8 6 8 T 3 T 9", ["split", "double"], finish=False)
    first, second = rnd.hands(0)
    assert [c.code for c in first.cards] == ["8", "3", "T"] and first.doubled
    assert [c.code for c in second.cards] == ["8", "9"]
    assert rnd.decision is not None and rnd.decision.hand == 1


def test_double_after_split_follows_the_rule():
    allowed = play(STRIP, "8 6 8 T 3", ["split"], finish=False)
    assert Action.DOUBLE in allowed.legal_actions()
    refused = play(STRIP, "8 6 8 T 3", ["split"], finish=False, double_after_split=False)
    with pytest.raises(IllegalActionError, match="doubling after a split"):
        refused.act(Action.DOUBLE)


def test_resplit_inserts_the_new_hand_right_after_the_one_split():
    rnd = play(STRIP, "8 6 8 T 8 2 9 3 T", ["split", "split"], finish=False)
    events = [e for e in rnd.events if type(e).__name__ == "HandSplit"]
    assert [(e.hand, e.new_hand) for e in events] == [(0, 1), (0, 1)]
    assert [[c.code for c in h.cards] for h in rnd.hands(0)] == [["8", "2"], ["8"], ["8"]]


def test_resplit_stops_at_the_most_hands_the_rules_allow():
    rnd = play(STRIP, "8 6 8 T 8 8 8 8", ["split", "split", "split"], finish=False)
    assert len(rnd.hands(0)) == 4
    assert Action.SPLIT not in rnd.legal_actions()
    with pytest.raises(IllegalActionError, match="4 hands, the most"):
        rnd.act(Action.SPLIT)


def test_split_once_rule_allows_two_hands():
    rnd = play("classic-shoe", "8 6 8 T 8", ["split"], finish=False)
    assert len(rnd.hands(0)) == 2 and Action.SPLIT not in rnd.legal_actions()


def test_no_split_rule_refuses_splitting():
    rnd = play("home-game", "8 6 8 T", finish=False)
    with pytest.raises(IllegalActionError, match="do not allow splitting"):
        rnd.act(Action.SPLIT)


def test_split_needs_a_pair_of_the_same_rank_unless_pairs_go_by_value():
    rnd = play(STRIP, "K 6 Q T", finish=False)
    assert Action.SPLIT not in rnd.legal_actions()
    rnd = play(STRIP, "K 6 Q T", finish=False, pair_by_value=True)
    assert Action.SPLIT in rnd.legal_actions()


def test_split_aces_get_one_card_each_and_21_is_not_blackjack():
    rnd = play(STRIP, "A 7 A T K 9", ["split"])
    assert [[c.code for c in h.cards] for h in rnd.hands(0)] == [["A", "K"], ["A", "9"]]
    assert results(rnd) == [("win", 1000), ("win", 1000)]


def test_split_ace_21_counts_as_blackjack_by_rule():
    rnd = play(STRIP, "A 7 A T K 9", ["split"], split_ace_21_is_blackjack=True)
    assert results(rnd) == [("blackjack", 1500), ("win", 1000)]


def test_split_aces_may_not_be_resplit_without_the_rule():
    rnd = play(STRIP, "A 7 A T A 9", ["split"])
    assert len(rnd.hands(0)) == 2
    assert [[c.code for c in h.cards] for h in rnd.hands(0)] == [["A", "A"], ["A", "9"]]


def test_split_aces_may_be_resplit_with_the_rule():
    rnd = play(STRIP, "A 7 A T A 9 8 7 6", ["split"], finish=False, resplit_aces=True)
    assert rnd.legal_actions() == {Action.SPLIT, Action.STAND}
    rnd.act(Action.SPLIT)
    assert len(rnd.hands(0)) == 3


def test_split_aces_may_be_hit_with_the_rule():
    rnd = play(STRIP, "A 7 A T 5", ["split"], finish=False, hit_split_aces=True)
    assert Action.HIT in rnd.legal_actions()


def test_split_needs_the_bankroll_to_cover_it():
    rnd = play(STRIP, "8 6 8 T", finish=False, bankrolls=[1999])
    assert Action.SPLIT not in rnd.legal_actions()


def test_a_two_card_21_after_splitting_tens_is_not_blackjack():
    rnd = play(STRIP, "T 7 T T A 9", ["split", "stand"])
    assert results(rnd) == [("win", 1000), ("win", 1000)]


# ---- several seats -------------------------------------------------------------------------


def test_deal_order_is_seat_by_seat_then_the_dealer():
    rnd = play(STRIP, "2 3 4 5 6 7 8 9 T", ["stand", "stand", "stand"], bets=[1000, 1000, 1000])
    assert [[c.code for c in rnd.hands(s)[0].cards] for s in range(3)] == [["2", "6"], ["3", "7"], ["4", "8"]]
    assert [c.code for c in rnd.dealer[:2]] == ["5", "9"]


def test_a_seat_without_a_bet_sits_out():
    rnd = play(STRIP, "T 7 9 T", ["stand"], bets=[0, 1000])
    assert rnd.hands(0) == () and results(rnd, 1) == [("win", 1000)]


def test_dealer_plays_when_any_seat_is_live():
    rnd = play(STRIP, "T 9 6 7 6 T T 8", ["hit", "stand"], bets=[1000, 1000])
    assert results(rnd, 0) == [("bust", -1000)] and results(rnd, 1) == [("win", 1000)]
    assert [c.code for c in rnd.dealer] == ["6", "T", "8"]


# ---- presets ----------------------------------------------------------------------------------


def test_home_game_pays_a_natural_even_money_at_once():
    rnd = play("home-game", "A 9 K 7")
    assert results(rnd) == [("blackjack", 1000)]
    settled = kinds(rnd).index("HandSettled")
    assert "HoleCardRevealed" not in kinds(rnd)[:settled]


def test_home_game_offers_only_hit_or_stand():
    rnd = play("home-game", "8 6 8 T", finish=False)
    assert rnd.legal_actions() == {Action.HIT, Action.STAND}


def test_home_game_natural_pushes_a_dealer_natural_and_dealer_natural_wins():
    assert results(play("home-game", "A A K K")) == [("push", 0)]
    assert results(play("home-game", "T A 9 K")) == [("lose", -1000)]


def test_home_game_shuffles_a_single_deck_before_every_round():
    from engine import Table, load_rules

    table = Table(load_rules("home-game"), [("Ann", 10_000)], seed=3)
    for _ in range(3):
        rnd = table.start_round()
        assert type(rnd.events[0]).__name__ == "ShoeShuffled" and rnd.events[0].cards == 52
        rnd.place_bet(0, 100)
        rnd.deal()
        while not rnd.is_over:
            rnd.act(Action.STAND)


def hole_card_dealt_face_down_before_play(rnd: Round) -> bool:
    """Whether the deal gave the dealer a face-up card and then a face-down one, before any turn."""
    dealt = [e.face_up for e in rnd.events if isinstance(e, ev.DealerCardDealt)]
    first_turn = next(i for i, e in enumerate(rnd.events) if isinstance(e, ev.TurnStarted))
    hole = next(e for e in rnd.events if isinstance(e, ev.DealerCardDealt) and not e.face_up)
    return dealt[:2] == [True, False] and rnd.events.index(hole) < first_turn


def test_instant_blackjack_pays_a_blackjack_at_once_and_it_beats_a_dealer_blackjack():
    rnd = play("instant-blackjack", "A T K A", bets=[1000])
    assert results(rnd) == [("blackjack", 1500)]
    assert [c.code for c in rnd.dealer] == ["T", "A"], "the hole card turned over, nothing drawn"
    assert "DealerPeeked" not in kinds(rnd) and rnd.hole_revealed


def test_instant_blackjack_pairs_face_cards_and_resplits_without_limit():
    rnd = play("instant-blackjack", "K 6 Q 9 J T Q J 9 9 9 9 T", ["split"] * 4 + ["stand"] * 5)
    assert len(rnd.hands(0)) == 5
    assert [c.code for c in rnd.dealer] == ["6", "9", "T"]


def test_instant_blackjack_deals_a_hole_card_face_down_and_never_peeks():
    rnd = play("instant-blackjack", "T A 7 K", finish=False)
    assert hole_card_dealt_face_down_before_play(rnd)
    assert rnd.dealer_visible_cards() == (rnd.dealer[0],), "the hole card stays face down"
    assert rnd.decision is not None and rnd.decision.kind is DecisionKind.PLAY, "no insurance, no peek"
    rnd.stand()
    assert "DealerPeeked" not in kinds(rnd)
    assert kinds(rnd).index("HoleCardRevealed") > kinds(rnd).index("HandStood")
    assert results(rnd) == [("lose", -1000)]


def test_instant_blackjack_dealer_blackjack_turned_over_takes_doubles_and_beats_21():
    rnd = play("instant-blackjack", "6 T 5 A T", ["double"])
    assert hole_card_dealt_face_down_before_play(rnd) and "DealerPeeked" not in kinds(rnd)
    assert results(rnd) == [("lose", -2000)]
    rnd = play("instant-blackjack", "5 T 6 A T", ["hit"])
    assert results(rnd) == [("lose", -1000)]


def test_instant_blackjack_dealer_blackjack_turned_over_takes_split_and_doubled_bets():
    rnd = play("instant-blackjack", "8 A 8 K 3 T 2", ["split", "double", "stand"])
    assert [h.stake for h in rnd.hands(0)] == [2000, 1000]
    assert results(rnd) == [("lose", -2000), ("lose", -1000)]
    assert rnd.table.bankroll(0) == 97_000


def test_instant_blackjack_ten_on_a_split_ace_is_a_plain_21():
    rnd = play("instant-blackjack", "A 7 A T K 9", ["split"])
    assert results(rnd) == [("win", 1000), ("win", 1000)]


def test_infinite_deck_blackjack_pushes_a_dealer_blackjack_after_play():
    rnd = play("infinite-deck", "A A K K")
    assert results(rnd) == [("push", 0)]
    assert hole_card_dealt_face_down_before_play(rnd) and "DealerPeeked" not in kinds(rnd)
    rnd = play("infinite-deck", "A 9 K 7")
    assert results(rnd) == [("blackjack", 1500)]


def test_downtown_dealer_hits_soft_17():
    rnd = play("downtown", "T A 8 6 2", ["no-insurance", "stand"])
    assert [c.code for c in rnd.dealer] == ["A", "6", "2"]


def test_single_deck_doubles_on_ten_and_eleven_only():
    rnd = play("single-deck", "5 7 4 T", finish=False, bets=[2500])
    assert Action.DOUBLE not in rnd.legal_actions()


def test_atlantic_city_allows_late_surrender():
    assert results(play("atlantic-city", "T T 6 7", ["surrender"], bets=[1500])) == [("surrender", -750)]


# ---- illegal actions -----------------------------------------------------------------------


def test_an_illegal_action_raises_and_changes_nothing():
    rnd = play(STRIP, "T A 9 7", finish=False)
    before = (len(rnd.events), rnd.table.bankrolls(), rnd.decision)
    with pytest.raises(IllegalActionError, match="being asked about insurance"):
        rnd.act(Action.HIT)
    assert (len(rnd.events), rnd.table.bankrolls(), rnd.decision) == before


def test_acting_after_the_round_is_over_is_refused():
    rnd = play(STRIP, "T 7 9 T", ["stand"])
    with pytest.raises(IllegalActionError, match="the round is over"):
        rnd.act(Action.HIT)


def test_settled_results_cover_every_result_word():
    assert {r.value for r in Result} == {"blackjack", "win", "push", "lose", "bust", "surrender", "refunded"}


# ---- what a round needs of its table -----------------------------------------------------


class _Kitchen:
    """Not a Table: only what `RoundTable` names, to show a round needs nothing more."""

    def __init__(self, cards: str) -> None:
        self.rules = load_rules(STRIP)
        self.seat_names = ("Ann",)
        self.shoe = StackedShoe(cards)
        self.money = [5000]
        self.ended: list[Round] = []

    def bankroll(self, seat: int) -> int:
        return self.money[seat]

    def bankrolls(self) -> tuple[int, ...]:
        return tuple(self.money)

    def seat_active(self, seat: int) -> bool:
        return True

    def credit(self, seat: int, amount: int) -> None:
        self.money[seat] += amount

    def round_ended(self, finished: Round) -> list[ev.Event]:
        self.ended.append(finished)
        return [ev.RoundEnded(number=finished.number, bankrolls=self.bankrolls())]


def test_a_round_plays_at_anything_that_gives_it_a_round_table():
    kitchen = _Kitchen("T 7 9 T")
    rnd = Round(kitchen, 1)
    rnd.place_bet(0, 1000)
    assert kitchen.money == [4000], "the bet left the bankroll through credit"
    rnd.deal()
    rnd.stand()
    assert kitchen.money == [6000] and kitchen.ended == [rnd], "told once, as the round ended"
    assert rnd.events[-1] == ev.RoundEnded(number=1, bankrolls=(6000,))
    with pytest.raises(BlackjackError, match="round 1 was not played at a Table"):
        Table.of(rnd)
