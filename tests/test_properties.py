"""Invariants over random rules, seats, bets and decisions (hypothesis).

Money is conserved, every bet settles exactly once, and an illegal action or bet raises
and changes nothing.
"""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from engine import (
    Action,
    BlackjackError,
    IllegalActionError,
    InvalidBetError,
    Round,
    Rules,
    RulesError,
    Table,
    preset_ids,
)
from engine import events as ev
from engine.rulesets import rules_from_mapping

OPTIONS = {
    "decks": st.sampled_from(["infinite", 1, 2, 6, 8]),
    "penetration": st.sampled_from([0, 0.5, 0.75, 1]),
    "dealer_hits_soft_17": st.booleans(),
    "blackjack_pays": st.sampled_from(["3:2", "6:5", "1:1", "2:1"]),
    "blackjack_vs_dealer_blackjack": st.sampled_from(["push", "player-wins"]),
    "player_blackjack_paid_at_once": st.booleans(),
    "hole_card": st.sampled_from(["peek", "no-peek", "none"]),
    "dealer_blackjack_takes": st.sampled_from(["original-bet", "all-bets"]),
    "double_on": st.sampled_from(["any", "9-11", "10-11", "none"]),
    "double_after_split": st.booleans(),
    "max_hands": st.integers(0, 5),
    "resplit_aces": st.booleans(),
    "hit_split_aces": st.booleans(),
    "split_ace_21_is_blackjack": st.booleans(),
    "pair_by_value": st.booleans(),
    "insurance": st.booleans(),
    "even_money": st.booleans(),
    "surrender": st.sampled_from(["none", "late", "early"]),
    "first_card_before_bet": st.booleans(),
    "dealer_draws_after_players": st.booleans(),
}


@st.composite
def rule_sets(draw: st.DrawFn) -> Rules:
    """A valid rule set: a preset with random options changed."""
    table: dict[str, object] = {"base": draw(st.sampled_from(preset_ids()))}
    for key in draw(st.lists(st.sampled_from(sorted(OPTIONS)), unique=True, max_size=10)):
        table[key] = draw(OPTIONS[key])
    table["max_bet"] = "bankroll"
    table["min_bet"] = 1
    try:
        return rules_from_mapping(table)
    except RulesError:
        assume(False)
        raise


def snapshot(rnd: Round) -> tuple[object, ...]:
    table = rnd.table
    return (
        len(rnd.events), table.bankrolls(), rnd.decision, rnd.phase, list(rnd.dealer),
        tuple(rnd.hands(s) for s in range(len(table.seat_names))), table.house,
    )


def play_round(rnd: Round, chooser: random.Random, bets: list[int]) -> None:
    for seat, bet in enumerate(bets):
        if bet and rnd.can_bet(seat, bet):
            rnd.place_bet(seat, bet)
    if not rnd.playing_seats():
        first = next((s for s in range(len(bets)) if rnd.can_bet(s, 100)), None)
        assume(first is not None)
        assert first is not None
        rnd.place_bet(first, 100)
    rnd.deal()
    while not rnd.is_over:
        legal = sorted(rnd.legal_actions(), key=lambda a: a.value)
        assert legal, "a round that is not over always offers something"
        illegal = [a for a in Action if a not in legal]
        if illegal:
            wrong = chooser.choice(illegal)
            before = snapshot(rnd)
            try:
                rnd.act(wrong)
            except IllegalActionError:
                pass
            else:
                raise AssertionError(f"{wrong} was not legal but was accepted")
            assert snapshot(rnd) == before, "an illegal action changed the round"
        rnd.act(chooser.choice(legal))


def check_settled_once(rnd: Round) -> None:
    settled = Counter((e.seat, e.hand) for e in rnd.events if isinstance(e, ev.HandSettled))
    for seat in range(len(rnd.table.seat_names)):
        hands = rnd.hands(seat)
        assert sorted(k for k in settled if k[0] == seat) == [(seat, i) for i in range(len(hands))]
        assert all(settled[(seat, i)] == 1 for i in range(len(hands)))
        assert all(h.result is not None for h in hands)
    insured = Counter(e.seat for e in rnd.events if isinstance(e, ev.InsuranceTaken))
    insurance_settled = Counter(e.seat for e in rnd.events if isinstance(e, ev.InsuranceSettled))
    assert insured == insurance_settled


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    rules=rule_sets(),
    bankrolls=st.lists(st.integers(0, 50_000), min_size=1, max_size=7),
    seed=st.integers(0, 2**32),
    rounds=st.integers(1, 4),
)
def test_money_is_conserved_and_every_bet_settles_once(rules, bankrolls, seed, rounds):
    table = Table(rules, [(f"P{i}", b) for i, b in enumerate(bankrolls)], seed=seed)
    chooser = random.Random(seed)
    for _ in range(rounds):
        rnd = table.start_round()
        bets = [chooser.choice([0, 100, 250, 1001, 5000, b]) for b in table.bankrolls()]
        play_round(rnd, chooser, bets)
        check_settled_once(rnd)
        assert sum(table.bankrolls()) + table.house == table.bought_in
        assert all(b >= 0 for b in table.bankrolls())
        nets = Counter[int]()
        for event in rnd.events:
            if isinstance(event, ev.HandSettled | ev.InsuranceSettled):
                nets[event.seat] += event.net
        for seat, start in enumerate(rnd.start_bankrolls):
            assert table.bankroll(seat) == start + nets[seat]


@settings(max_examples=100, deadline=None)
@given(
    rules=rule_sets(),
    amount=st.integers(-1000, 200_000),
    bankroll=st.integers(0, 100_000),
)
def test_an_invalid_bet_raises_and_changes_nothing(rules, amount, bankroll):
    table = Table(rules.with_changes(max_bet=50_000), [("Ann", bankroll)], seed=1)
    rnd = table.start_round()
    before = snapshot(rnd)
    valid = rules.min_bet <= amount <= min(50_000, bankroll) and table.seat_active(0)
    if rules.first_card_before_bet and bankroll < rules.min_bet:
        valid = False
    try:
        rnd.place_bet(0, amount)
    except InvalidBetError as error:
        assert not valid, f"a valid bet was refused: {error}"
        assert snapshot(rnd) == before
        assert str(error).startswith("cannot bet")
    else:
        assert valid
        assert table.bankroll(0) == bankroll - amount


@settings(max_examples=60, deadline=None)
@given(rules=rule_sets(), seed=st.integers(0, 2**32))
def test_a_replayed_record_gives_the_same_round(rules, seed):
    from engine.record import replay_record, replay_summary, round_record

    table = Table(rules, [("Ann", 20_000), ("Bob", 20_000)], seed=seed)
    rnd = table.start_round()
    play_round(rnd, random.Random(seed), [500, 1000])
    record = round_record(rnd)
    try:
        again = replay_record(record)
    except BlackjackError as error:  # pragma: no cover - a failure here is the bug
        raise AssertionError(f"a recorded round did not replay: {error}") from error
    assert [e for e in again.events if not isinstance(e, ev.ShoeShuffled)] == [
        e for e in rnd.events if not isinstance(e, ev.ShoeShuffled)
    ]
    assert replay_summary(again)["bankrolls"] == [b / 100 if b % 100 else b // 100 for b in table.bankrolls()]
