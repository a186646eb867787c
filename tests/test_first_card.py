"""The first card before the bet (the double-up's deal order): records name who was dealt one.

A seat out of its tournament, or one short of the minimum when the round began, gets no first
card; a record says which seats did, so its replay deals the same cards to the same seats.
Old records, written before they did, replay when their cards fit only one deal and are
refused otherwise, never replayed wrong.
"""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import Action, StackedShoe, Table, load_rules
from engine.errors import BlackjackError, InvalidBetError, RecordError
from engine.record import (
    continue_record,
    record_line,
    replay_record,
    replay_summary,
    round_record,
    round_start_state,
    walk_record,
)
from engine.table import TournamentStatus

DOUBLE_UP = load_rules("double-up")


def double_up(seats: list[tuple[str, int]], cards: str) -> Table:
    return Table(DOUBLE_UP, seats, shoe=StackedShoe(cards), rules_source="double-up")


def test_a_seat_that_won_its_tournament_gets_no_first_card_and_its_replay_deals_none():
    # Round 1: Ann's blackjack (T A) on 100 wins her tournament; Bob stands on 17 against 17... lost here
    table = double_up([("Ann", 10_000), ("Bob", 10_000)], "TS TH AS 7H TD 8C 9S 8D 6C TC AD")
    first = table.start_round()
    first.place_bet(0, 10_000)
    first.place_bet(1, 1_000)
    first.deal()
    first.act(Action.STAND)
    assert first.is_over and table.tournament_status(0) is TournamentStatus.WON
    second = table.start_round()
    assert second.first_card_seats == (1,), "Ann is out of the tournament: no first card"
    second.place_bet(1, 1_000)
    second.deal()
    second.act(Action.STAND)
    live = replay_summary(second)
    record = json.loads(record_line(second))
    assert record["first_cards"] == [1]
    assert [seat["standing"] for seat in record["seats"]] == ["won", "playing"]
    assert replay_summary(replay_record(record)) == live
    assert [hand["result"] for hand in live["hands"]] == ["push"], "Bob's 17 pushes the dealer's 17"


REFEREE_RECORD = {
    "rules": "double-up",
    "seats": [{"name": "Ann", "bankroll": 250}, {"name": "Bob", "bankroll": 90}],
    "bets": [0, 10],
    "shoe": ["9S", "8D", "6C", "TC", "AD"],
    "decisions": ["stand"],
}


def test_an_old_record_whose_cards_fit_two_deals_is_refused_not_replayed_wrong():
    with pytest.raises(RecordError, match="cannot be replayed exactly"):
        replay_record(REFEREE_RECORD)


def test_an_old_record_with_the_standing_that_settles_who_had_a_card_replays():
    record = {**REFEREE_RECORD, "seats": [{"name": "Ann", "bankroll": 250, "standing": "won"},
                                          {"name": "Bob", "bankroll": 90}]}
    summary = replay_summary(replay_record(record))
    assert [(h["cards"], h["result"]) for h in summary["hands"]] == [(["9S", "8D"], "push")]


def test_an_old_record_whose_cards_fit_one_deal_replays():
    # Ann and Bob both could bet; Ann sat out after her first card. Only the deal with her
    # first card uses every card: without it Bob stands on 11 and the dealer's 18 ends a card early.
    record = {
        "rules": "double-up",
        "seats": [{"name": "Ann", "bankroll": 100}, {"name": "Bob", "bankroll": 100}],
        "bets": [0, 10],
        "shoe": ["2S", "9S", "8D", "TC", "7C"],
        "decisions": ["stand"],
    }
    played = replay_record(record)
    assert played.first_card_seats == (0, 1)
    walk = walk_record(record)  # the review and the drills walk it decision by decision from the same deal
    assert walk.first_card_seats == (0, 1) and [c.code for c in walk.hands(1)[0].cards] == ["9S", "8D"]
    hand = replay_summary(played)["hands"][0]
    assert (hand["cards"], hand["result"]) == (["9S", "8D"], "push")


def test_a_record_naming_a_first_card_for_a_seat_that_could_not_bet_is_refused():
    record = {**REFEREE_RECORD, "first_cards": [0, 1],
              "seats": [{"name": "Ann", "bankroll": 250, "standing": "won"}, {"name": "Bob", "bankroll": 90}]}
    with pytest.raises(RecordError, match="Ann: the tournament is over"):
        replay_record(record)
    with pytest.raises(RecordError, match="first_cards"):
        replay_record({**REFEREE_RECORD, "first_cards": [0, 0]})
    with pytest.raises(RecordError, match="standing"):
        replay_record({**REFEREE_RECORD, "seats": [{"name": "Ann", "bankroll": 250, "standing": "gone"},
                                                   {"name": "Bob", "bankroll": 90}]})


def test_a_buy_in_while_betting_does_not_deal_the_seat_a_first_card_in_the_replay():
    rules = load_rules("double-up").with_changes(tournament=None)
    table = Table(rules, [("Ann", 500), ("Bob", 10_000)], shoe=StackedShoe("9S 8D 6C TC AD"))
    rnd = table.start_round()
    assert rnd.first_card_seats == (1,), "Ann is short of the minimum: no first card"
    table.rebuy(0, 10_000)
    rnd.place_bet(1, 1_000)
    rnd.deal()
    rnd.act(Action.STAND)
    record = round_record(rnd)
    assert record["seats"][0]["bankroll"] == 105 and record["first_cards"] == [1]
    assert replay_summary(replay_record(record)) == replay_summary(rnd)


def test_naming_first_cards_is_checked_before_the_shoe_is_touched():
    table = double_up([("Ann", 500)], "9S 8D")
    with pytest.raises(InvalidBetError, match="minimum"):
        table.start_round(first_cards=[0])
    assert table.rounds_played == 0 and table.round is None
    plain = Table(load_rules("vegas-strip"), [("Ann", 10_000)], shoe=StackedShoe("9S 8D"))
    with pytest.raises(InvalidBetError, match="deal none"):
        plain.start_round(first_cards=[0])


def play_randomly(table: Table, rng: random.Random, rounds: int) -> list[tuple[dict, dict, dict]]:
    """Rounds of random bets (sit-outs and buy-ins while betting too) and random legal decisions.

    For each round: its record, the state it began from, and its live outcome.
    """
    played = []
    for _ in range(rounds):
        if not any(table.seat_active(s) for s in range(len(table.seat_names))):
            break
        start = round_start_state(table)
        rnd = table.start_round()
        for seat in range(len(table.seat_names)):
            short = table.bankroll(seat) < table.rules.min_bet
            if short and table.rules.tournament is None and rng.random() < 0.5:
                table.rebuy(seat, 5_000)
            if rng.random() < 0.25:
                continue
            limit = table.bet_limit(seat)
            if rnd.can_bet(seat, table.rules.min_bet):
                rnd.place_bet(seat, rng.randint(table.rules.min_bet // 100, limit // 100) * 100)
        if not rnd.playing_seats():
            seats = [s for s in rnd.first_card_seats if rnd.can_bet(s, table.rules.min_bet)]
            if not seats:
                table.round = None  # nobody could bet: this round never happened
                table.rounds_played -= 1
                break
            rnd.place_bet(seats[0], table.rules.min_bet)
        rnd.deal()
        while not rnd.is_over:
            rnd.act(rng.choice(sorted(rnd.legal_actions(), key=lambda a: a.value)))
        played.append((round_record(rnd), start, replay_summary(rnd)))
    return played


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), seats=st.integers(1, 7), tournament=st.booleans())
def test_every_first_card_round_the_engine_records_replays_to_its_result(seed, seats, tournament):
    rng = random.Random(seed)
    rules = DOUBLE_UP if tournament else DOUBLE_UP.with_changes(tournament=None)
    bankrolls = [rng.choice((500, 2_000, 10_000, 19_000)) for _ in range(seats)]
    table = Table(rules, [(f"P{i}", b) for i, b in enumerate(bankrolls)], seed=seed)
    for record, start, live in play_randomly(table, rng, 12):
        assert replay_summary(replay_record(json.loads(json.dumps(record)))) == live
        resumed = continue_record(record, start)
        assert replay_summary(resumed) == live


def test_a_record_cut_before_the_bets_continues_from_its_start_with_the_same_first_cards():
    table = Table(DOUBLE_UP, [("Ann", 10_000), ("Bob", 500)], seed=3, rules_source="double-up")
    start = round_start_state(table)
    rnd = table.start_round()
    record = round_record(rnd)
    assert record["bets"] == [0, 0] and record["first_cards"] == [0] and len(record["shoe"]) == 1
    again = continue_record(record, start)
    assert again.first_card_seats == (0,) and again.drawn == rnd.drawn
    with pytest.raises(BlackjackError):
        replay_record(record)


def test_a_round_journaled_before_records_held_standings_carries_on_in_one_that_does():
    from engine.store.journal import continues

    table = double_up([("Ann", 10_000)], "9S 8D 6C TC AD")
    rnd = table.start_round()
    rnd.place_bet(0, 1_000)
    rnd.deal()
    now = round_record(rnd)
    old = {**now, "seats": [{"name": "Ann", "bankroll": 100}]}
    del old["first_cards"]
    assert now["seats"] == [{"name": "Ann", "bankroll": 100, "standing": "playing"}]
    assert continues(old, now)


def test_a_record_s_rules_read_back_exactly_as_they_were_played():
    from engine.rulesets import resolve_rules_spec, rules_to_mapping

    rules = load_rules("single-deck").with_changes(penetration=1)  # a preset's words on other rules
    assert resolve_rules_spec(rules_to_mapping(rules)) == rules
