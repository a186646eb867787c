"""The history browser's query: rounds newest first, filtered by player, sitting, result and mistakes."""

from __future__ import annotations

import pytest

from engine import Action
from engine.store import DecisionQuality, StoreError, save_round
from engine.store.history import round_lines, sessions
from tests.test_store_rounds import seat_profiles, stacked_round, store  # noqa: F401 (a fixture)

BOTH = "T 8 9 T 7 T"
"""Ann T T (20) wins, Bob 8 7 (15) loses, against the dealer's 9 T."""
ANN_LOSES = "T 9 7 T"
"""Ann alone: T 7 (17) loses to 9 T."""


def saved(store, profiles, cards, decisions, *, session, mistake_seat=None, bets=(1000,)):  # noqa: F811
    rnd = stacked_round(profiles, cards, list(bets), decisions)
    judged = [
        DecisionQuality(seat=seat, hand=0, action=Action(word), correct=seat != mistake_seat,
                        best=Action.HIT, ev_lost=0.0 if seat != mistake_seat else 120.0)
        for seat, word in zip(range(len(bets)), decisions, strict=False)
    ]
    return save_round(store, rnd, profiles, decisions=judged, session=session)


def test_rounds_are_listed_newest_first_with_each_seats_hands_and_net(store):  # noqa: F811
    ann, bob = seat_profiles(store, "Ann", "Bob")
    first = saved(store, [ann, bob], BOTH, ["stand", "stand"], session="one", bets=(1000, 1500))
    second = saved(store, [ann, bob], ANN_LOSES, ["stand"], session="two", bets=(1000, 0))
    lines = round_lines(store)
    assert [line.round_id for line in lines] == [second, first]
    assert lines[0].dealer == "9 T" and [(s.player, s.hands, s.net) for s in lines[0].seats] == [
        ("Ann", ("T 7",), -1000),
    ]
    assert [(s.player, s.hands, s.results, s.bet, s.net, s.person) for s in lines[1].seats] == [
        ("Ann", ("T T",), ("win",), 1000, 1000, True), ("Bob", ("8 7",), ("lose",), 1500, -1500, True),
    ]
    assert [line.round_id for line in round_lines(store, player="bob")] == [first]
    assert sessions(store) == ["two", "one"] and sessions(store, player="Bob") == ["one"]
    assert [line.round_id for line in round_lines(store, session="one")] == [first]


def test_the_result_filter_reads_the_players_net_or_any_seats(store):  # noqa: F811
    ann, bob = seat_profiles(store, "Ann", "Bob")
    mixed = saved(store, [ann, bob], BOTH, ["stand", "stand"], session="s", bets=(1000, 1500))
    lost = saved(store, [ann, bob], ANN_LOSES, ["stand"], session="s", bets=(1000, 0))
    assert [line.round_id for line in round_lines(store, result="won")] == [mixed]
    assert [line.round_id for line in round_lines(store, result="lost")] == [lost, mixed]
    assert [line.round_id for line in round_lines(store, player="Ann", result="lost")] == [lost]
    assert round_lines(store, result="pushed") == []
    with pytest.raises(StoreError, match="the result must be one of won, lost, pushed, not 'big'"):
        round_lines(store, result="big")


def test_with_a_mistake_keeps_rounds_where_a_saved_decision_was_not_the_best(store):  # noqa: F811
    ann, bob = seat_profiles(store, "Ann", "Bob")
    clean = saved(store, [ann, bob], BOTH, ["stand", "stand"], session="s", bets=(1000, 1500))
    bobs = saved(store, [ann, bob], BOTH, ["stand", "stand"], session="s", bets=(1000, 1500),
                 mistake_seat=1)
    assert [line.round_id for line in round_lines(store, with_mistake=True)] == [bobs]
    assert round_lines(store, with_mistake=True, player="Ann") == []
    assert {line.round_id: line.mistakes for line in round_lines(store)} == {bobs: 1, clean: 0}
    assert {line.round_id: line.ev_lost for line in round_lines(store)} == {bobs: 120.0, clean: 0.0}
    assert [line.mistakes for line in round_lines(store, player="Ann")] == [0, 0]
    assert [line.ev_lost for line in round_lines(store, player="Bob", session="s")] == [120.0, 0.0]
    assert [line.round_id for line in round_lines(store, player="Bob", with_mistake=True)] == [bobs]
