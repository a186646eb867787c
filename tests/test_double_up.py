"""The double-up tournament: first card before the bet, dealer draws from nothing, goal and bust-out."""

import pytest

from engine import Action, InvalidBetError, StackedShoe, Table, TournamentStatus, load_rules


def tournament(cards: str) -> Table:
    rules = load_rules("double-up")
    assert rules.tournament is not None
    return Table(rules, [("Ann", rules.tournament.bankroll)], shoe=StackedShoe(cards))


def play_round(table: Table, bet: int, decisions: list[str]):
    rnd = table.start_round()
    rnd.place_bet(0, bet)
    rnd.deal()
    for word in decisions:
        rnd.act(Action(word))
    assert rnd.is_over
    return rnd


def test_the_player_sees_a_first_card_before_betting():
    table = tournament("9 7")
    rnd = table.start_round()
    assert [c.code for c in rnd.hands(0)[0].cards] == ["9"]
    assert rnd.dealer == []
    rnd.place_bet(0, 1000)
    rnd.deal()
    assert [c.code for c in rnd.hands(0)[0].cards] == ["9", "7"]
    assert rnd.dealer == [], "the dealer draws only after the players"
    assert rnd.legal_actions() == {Action.HIT, Action.STAND}


def test_maximum_bet_is_the_bankroll():
    table = tournament("9 7")
    rnd = table.start_round()
    with pytest.raises(InvalidBetError, match="has only 100"):
        rnd.place_bet(0, 10_001)
    with pytest.raises(InvalidBetError, match="minimum is 10"):
        rnd.place_bet(0, 900)
    rnd.place_bet(0, 10_000)


def test_player_blackjack_wins_at_once_and_the_dealer_does_not_play():
    table = tournament("T A")
    rnd = play_round(table, 10_000, [])
    assert rnd.hands(0)[0].net == 15_000 and rnd.dealer == []


def test_dealer_draws_from_nothing_until_over_16():
    table = tournament("T 8 7 9 3")
    rnd = play_round(table, 1000, ["stand"])
    assert [c.code for c in rnd.dealer] == ["7", "9", "3"]
    assert rnd.hands(0)[0].net == -1000


def test_dealer_blackjack_beats_a_players_21():
    table = tournament("7 4 T A K")
    rnd = play_round(table, 1000, ["hit"])
    assert rnd.hands(0)[0].result.value == "lose" and [c.code for c in rnd.dealer] == ["A", "K"]


def test_sample_tournament_won_in_one_blackjack():
    table = tournament("T A")
    rnd = play_round(table, 10_000, [])
    assert table.bankroll(0) == 25_000
    assert table.tournament_status(0) is TournamentStatus.WON
    ended = [e for e in rnd.events if type(e).__name__ == "TournamentEnded"]
    assert len(ended) == 1 and ended[0].won


def test_sample_tournament_lost_below_the_minimum_bet():
    table = tournament("T 6 T 7")
    play_round(table, 9_500, ["stand"])
    assert table.bankroll(0) == 500
    assert table.tournament_status(0) is TournamentStatus.LOST
    rnd = table.start_round()
    assert rnd.hands(0) == (), "a seat out of the tournament gets no first card"
    with pytest.raises(InvalidBetError, match="finished the tournament"):
        rnd.place_bet(0, 500)


def test_sample_tournament_over_three_rounds():
    table = tournament("9 9 7 9 5  T T T 6 8  A T")
    play_round(table, 5_000, ["stand"])  # 18 against 7, 9, 5 = 21: lose 50
    assert table.bankroll(0) == 5_000
    assert table.tournament_status(0) is TournamentStatus.PLAYING
    play_round(table, 5_000, ["stand"])  # 20 against T, 6, 8 = bust: win 50
    assert table.bankroll(0) == 10_000
    play_round(table, 10_000, [])  # blackjack pays 150 at once
    assert table.bankroll(0) == 25_000
    assert table.tournament_status(0) is TournamentStatus.WON
