"""Continuing a round from its record and the table's state at its start: same decision, cards, money."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from engine import (
    Action,
    BlackjackError,
    Phase,
    RecordError,
    Round,
    ShoeStateError,
    StackedShoe,
    Table,
    TournamentStatus,
    load_rules,
)
from engine.record import continue_record, record_line, replay_record, round_record, round_start_state


def chosen_action(rnd: Round, plan: list[float]) -> Action:
    """The decision number len(rnd.decisions) picks from the legal actions by the plan's number."""
    legal = sorted(rnd.legal_actions(), key=lambda action: action.value)
    return legal[int(plan[len(rnd.decisions) % len(plan)] * len(legal))]


def warm_table(rules_id: str, seats: int, seed: int, rounds: int) -> Table:
    """A seeded table that has already played some rounds (so the shoe is part dealt)."""
    rules = load_rules(rules_id)
    bankroll = rules.tournament.bankroll if rules.tournament else 50_000
    table = Table(rules, [(f"P{i}", bankroll) for i in range(seats)], seed=seed, rules_source=rules_id)
    plan = [random.Random(seed + i).random() for i in range(20)]
    for _ in range(rounds):
        rnd = table.start_round()
        bet_all(rnd)
        if rnd.phase is Phase.BETTING:
            break  # every seat is out of the tournament
        while rnd.decision is not None:
            rnd.act(chosen_action(rnd, plan))
    return table


def bet_all(rnd: Round) -> None:
    """Every seat that can bets the table minimum, then the cards are dealt (if anyone bet)."""
    amount = rnd.rules.min_bet
    for seat in range(len(rnd.table.seat_names)):
        if rnd.can_bet(seat, amount):
            rnd.place_bet(seat, amount)
    if any(rnd.bet(seat) for seat in range(len(rnd.table.seat_names))):
        rnd.deal()


def saved(value: dict) -> dict:
    """A value as it comes back from the database (through JSON)."""
    return json.loads(json.dumps(value))


@settings(max_examples=40, deadline=None)
@given(
    rules_id=st.sampled_from(["vegas-strip", "single-deck", "european", "double-up", "atlantic-city"]),
    seats=st.integers(1, 4),
    seed=st.integers(0, 2**32),
    warm=st.integers(0, 12),
    plan=st.lists(st.floats(0, 0.999), min_size=1, max_size=8),
    cut=st.integers(0, 8),
)
def test_a_round_cut_after_any_decision_continues_to_the_same_end(rules_id, seats, seed, warm, plan, cut):
    table = warm_table(rules_id, seats, seed, warm)
    assume(table.round is None or table.round.is_over)
    start = round_start_state(table)
    rnd = table.start_round()
    bet_all(rnd)
    snapshot = None
    while rnd.decision is not None:
        if len(rnd.decisions) == cut:
            snapshot = saved(round_record(rnd)), rnd.decision
        rnd.act(chosen_action(rnd, plan))
    record, decision = snapshot or (saved(round_record(rnd)), None)
    again = continue_record(record, saved(start))
    assert again.number == rnd.number and again.decision == decision
    while again.decision is not None:
        again.act(chosen_action(again, plan))
    assert record_line(again) == record_line(rnd)
    assert again.table.bankrolls() == table.bankrolls()
    assert [again.table.tournament_status(s) for s in range(seats)] == [
        table.tournament_status(s) for s in range(seats)
    ]
    assume(rnd.is_over)
    next_table, next_again = table.start_round(), again.table.start_round()
    bet_all(next_table)
    bet_all(next_again)
    assert next_again.drawn == next_table.drawn, "the shoe goes on dealing the same cards after the round"


def test_the_continued_round_waits_on_the_same_decision_with_the_same_money():
    table = Table(load_rules("vegas-strip"), [("Ann", 10_000), ("Bob", 10_000)],
                  shoe=StackedShoe("8 9 A 8 9 6 3 5 T T"), rules_source="vegas-strip")
    start = round_start_state(table)
    rnd = table.start_round()
    rnd.place_bet(0, 1000)
    rnd.place_bet(1, 2000)
    rnd.deal()
    rnd.act(Action.INSURANCE)
    rnd.act(Action.NO_INSURANCE)
    rnd.act(Action.SPLIT)
    again = continue_record(saved(round_record(rnd)), saved(start))
    assert again.decision == rnd.decision and again.legal_actions() == rnd.legal_actions()
    assert again.table.bankrolls() == table.bankrolls() == (7500, 8000)
    assert again.hands(0) == rnd.hands(0) and again.insurance(0) == 500
    assert again.table.rules_source == "vegas-strip" and again.start_bankrolls == (10_000, 10_000)


def test_a_rules_file_edited_after_the_cut_does_not_change_the_round_that_resumes(tmp_path):
    path = tmp_path / "club.toml"
    path.write_text('base = "vegas-strip"\nsurrender = "none"\n')
    table = Table(load_rules(path), [("Ann", 10_000)], shoe=StackedShoe("T 9 6 T 5"), rules_source=path)
    start = round_start_state(table)
    rnd = table.start_round()
    rnd.place_bet(0, 1000)
    rnd.deal()
    assert Action.SURRENDER not in rnd.legal_actions()
    path.write_text('base = "vegas-strip"\nsurrender = "late"\n')  # a second try at a bad hand
    again = continue_record(saved(round_record(rnd)), saved(start))
    assert again.legal_actions() == rnd.legal_actions() and Action.SURRENDER not in again.legal_actions()
    assert again.table.rules_source == str(path)


def test_a_double_up_round_saved_before_the_bet_keeps_its_first_cards():
    table = Table(load_rules("double-up"), [("Ann", 10_000), ("Bob", 10_000)], seed=8,
                  rules_source="double-up")
    start = round_start_state(table)
    rnd = table.start_round()
    again = continue_record(saved(round_record(rnd)), saved(start))
    assert again.phase is Phase.BETTING and again.drawn == rnd.drawn and len(rnd.drawn) == 2
    assert again.hands(0)[0].cards == rnd.hands(0)[0].cards


def test_tournament_standings_come_back_so_a_lost_seat_gets_no_first_card():
    rules = load_rules("double-up")
    table = Table(rules, [("Ann", 10_000), ("Bob", 100)], seed=3, rules_source="double-up")
    table.restore_standing(4, [TournamentStatus.PLAYING, TournamentStatus.LOST])
    start = saved(round_start_state(table))
    assert start["number"] == 5 and start["tournament"] == ["playing", "lost"]
    rnd = table.start_round()
    again = continue_record(saved(round_record(rnd)), start)
    assert again.number == 5 and again.hands(1) == ()
    assert again.table.tournament_status(1) is TournamentStatus.LOST


def test_cards_that_differ_from_the_record_are_refused():
    table = Table(load_rules("vegas-strip"), [("Ann", 10_000)], seed=4)
    start = saved(round_start_state(table))
    rnd = table.start_round()
    bet_all(rnd)
    record = saved(round_record(rnd))
    record["shoe"][1] = "AS" if record["shoe"][1] != "AS" else "KD"
    with pytest.raises(RecordError, match="does not deal the record's cards: card 2 is"):
        continue_record(record, start)
    record = saved(round_record(rnd))
    record["shoe"].append("2C")
    with pytest.raises(RecordError, match="cards came out, not"):
        continue_record(record, start)


@pytest.mark.parametrize(
    ("change", "error", "message"),
    [
        (lambda s: s.pop("shoe"), RecordError, "must be an object with 'number', 'tournament' and 'shoe'"),
        (lambda s: s.update(number=0), RecordError, "whole number from 1"),
        (lambda s: s.update(tournament=["won", "lost"]), RecordError, "one tournament status per seat"),
        (lambda s: s.update(tournament=["done"]), RecordError, "statuses must be playing, won, lost"),
        (lambda s: s["shoe"].update(kind="deck"), ShoeStateError, "kind must be one of"),
    ],
)
def test_a_bad_start_state_is_refused_with_the_reason(change, error, message):
    table = Table(load_rules("vegas-strip"), [("Ann", 10_000)], seed=4)
    start = saved(round_start_state(table))
    rnd = table.start_round()
    bet_all(rnd)
    change(start)
    with pytest.raises(error, match=message):
        continue_record(saved(round_record(rnd)), start)


def test_replay_still_requires_the_whole_round():
    table = Table(load_rules("vegas-strip"), [("Ann", 10_000)], shoe=StackedShoe("T 7 2 T 6"))
    rnd = table.start_round()
    with pytest.raises(RecordError, match="stops before the deal"):
        replay_record(saved(round_record(rnd)))
    bet_all(rnd)
    with pytest.raises(RecordError, match="decisions ran out while seat 0 hand 0"):
        replay_record(saved(round_record(rnd)))


def test_a_table_standing_is_restored_only_before_its_first_round():
    table = Table(load_rules("vegas-strip"), [("Ann", 10_000)], seed=4)
    with pytest.raises(BlackjackError, match="2 tournament statuses for 1 seats"):
        table.restore_standing(0, [TournamentStatus.PLAYING] * 2)
    with pytest.raises(BlackjackError, match="cannot have played -1 rounds"):
        table.restore_standing(-1, [TournamentStatus.PLAYING])
    table.start_round()
    with pytest.raises(BlackjackError, match="once it has started a round"):
        table.restore_standing(0, [TournamentStatus.PLAYING])


def test_a_round_that_reshuffles_the_discards_mid_round_continues_with_the_same_cards():
    rules = load_rules("single-deck").with_changes(penetration=1)
    table = Table(rules, [(f"P{i}", 1_000_000) for i in range(7)], seed=11)
    plan = [0.9, 0.1, 0.5]
    for _ in range(60):
        start = round_start_state(table)
        rnd = table.start_round()
        bet_all(rnd)
        while rnd.decision is not None:
            rnd.act(chosen_action(rnd, plan))
        if any(getattr(event, "mid_round", False) for event in rnd.events):
            break
    else:
        pytest.fail("no round reshuffled its discards")
    record = saved(round_record(rnd))
    assert isinstance(record["rules"], dict), "rules without a source travel as every option"
    record["decisions"] = record["decisions"][:1]
    record["shoe"] = [card.code for card in continue_record(record).drawn]
    again = continue_record(record, saved(start))
    while again.decision is not None:
        again.act(chosen_action(again, plan))
    assert record_line(again) == record_line(rnd) and again.table.bankrolls() == table.bankrolls()
