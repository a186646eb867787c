"""Saving settled rounds: one transaction with the bankrolls, read back as hands, stats and tournaments."""

from __future__ import annotations

import json
from datetime import UTC, datetime

import pytest

from engine import Action, StackedShoe, Table, load_rules
from engine.record import replay_record, replay_summary
from engine.store import (
    DecisionQuality,
    StoreError,
    bankroll_series,
    best_tournaments,
    find_profile,
    get_or_create_profile,
    hand_rows,
    leaderboard,
    open_store,
    player_stats,
    round_count,
    round_records,
    save_round,
    save_tournament,
    tournament_results,
)
from engine.store.profiles import Profile


@pytest.fixture
def store(tmp_path):
    with open_store(tmp_path) as opened:
        yield opened


def seat_profiles(store, *names, bankroll=10_000):
    return [get_or_create_profile(store, name, bankroll=bankroll) for name in names]


def stacked_round(profiles, cards, bets, decisions, rules="vegas-strip"):
    table = Table(load_rules(rules), [(p.name, p.bankroll) for p in profiles],
                  shoe=StackedShoe(cards), rules_source=rules)
    rnd = table.start_round()
    for seat, bet in enumerate(bets):
        if bet:
            rnd.place_bet(seat, bet)
    rnd.deal()
    for word in decisions:
        rnd.act(Action(word))
    return rnd


def split_round(profiles):
    """Ann splits eights and loses both plus insurance (-25); Bob takes even money (+15)."""
    return stacked_round(profiles, "8 A A 8 K 9 T 3 T", [1000, 1500],
                         ["insurance", "even-money", "split", "stand", "stand"])


def test_a_saved_round_updates_every_profiles_bankroll_with_it(store):
    ann = get_or_create_profile(store, "Ann", bankroll=10_000)
    bob = get_or_create_profile(store, "Bob", bankroll=5000)
    rnd = split_round([ann, bob])
    round_id = save_round(store, rnd, [ann, bob], played_at=datetime(2024, 5, 1, 12, tzinfo=UTC))
    assert round_id == 1 and round_count(store) == 1
    assert find_profile(store, "Ann").bankroll == 7500
    assert find_profile(store, "Bob").bankroll == 6500


def test_hands_read_back_in_seat_then_split_order_with_seat_money(store):
    profiles = seat_profiles(store, "Ann", "Bob")
    save_round(store, split_round(profiles), profiles, session="evening",
               played_at=datetime(2024, 5, 1, 12, tzinfo=UTC))
    rows = hand_rows(store)
    assert [(r.player, r.hand, r.cards, r.result, r.net) for r in rows] == [
        ("Ann", 0, "8 T", "lose", -1000),
        ("Ann", 1, "8 3", "lose", -1000),
        ("Bob", 0, "A K", "blackjack", 1500),
    ]
    first = rows[0]
    assert (first.dealer, first.insurance_net, first.seat_net, first.bankroll_after) == (
        "A 9", -500, -2500, 7500
    )
    assert (first.played_at, first.session, first.from_split, rows[2].insurance_net) == (
        "2024-05-01T12:00:00Z", "evening", True, None
    )
    assert [r.player for r in hand_rows(store, player="bob")] == ["Bob"]


def test_the_stored_record_replays_to_the_stored_bankrolls(store):
    profiles = seat_profiles(store, "Ann", "Bob")
    save_round(store, split_round(profiles), profiles)
    (line,) = round_records(store)
    summary = replay_summary(replay_record(json.loads(line)))
    assert summary["bankrolls"] == [75, 115]
    assert [h["net"] for h in summary["hands"]] == [-10, -10, 15]


def test_a_bot_seat_is_saved_without_a_profile(store):
    (ann,) = seat_profiles(store, "Ann")
    table = Table(load_rules("vegas-strip"), [("Ann", 10_000), ("bot:basic", 10_000)],
                  shoe=StackedShoe("T 9 7 8 T 9 2"))
    rnd = table.start_round()
    rnd.place_bet(0, 1000)
    rnd.place_bet(1, 1000)
    rnd.deal()
    rnd.act(Action.STAND)
    rnd.act(Action.STAND)
    save_round(store, rnd, [ann, None])
    assert [r.player for r in hand_rows(store)] == ["Ann", "bot:basic"]
    assert round_count(store, player="Ann") == 1


def test_a_round_in_play_is_refused_and_nothing_is_written(store):
    (ann,) = seat_profiles(store, "Ann")
    rnd = stacked_round([ann], "T 7 9 T", [1000], [])
    with pytest.raises(StoreError, match="it is not over"):
        save_round(store, rnd, [ann])
    assert round_count(store) == 0


@pytest.mark.parametrize(
    ("profiles", "message"),
    [
        (lambda ann, bob: [ann], "1 profiles for 2 seats"),
        (lambda ann, bob: [bob, ann], "seat 0 is 'Ann' but the profile given for it is 'Bob'"),
    ],
)
def test_profiles_must_match_the_seats(store, profiles, message):
    ann, bob = seat_profiles(store, "Ann", "Bob")
    with pytest.raises(StoreError, match=message):
        save_round(store, split_round([ann, bob]), profiles(ann, bob))
    assert round_count(store) == 0


def test_one_profile_cannot_sit_in_two_seats(store):
    (ann,) = seat_profiles(store, "Ann")
    rnd = split_round([ann, ann])
    with pytest.raises(StoreError, match="sits in seats 0 and 1"):
        save_round(store, rnd, [ann, ann])


def test_a_save_that_fails_midway_leaves_no_trace(store):
    ann, bob = seat_profiles(store, "Ann", "Bob")
    ghost = Profile(999, "Bob", bob.bankroll, {}, 0, "", bob.created)
    with pytest.raises(StoreError, match="profile is gone"):
        save_round(store, split_round([ann, bob]), [ann, ghost])
    assert round_count(store) == 0 and hand_rows(store) == []
    assert find_profile(store, "Ann").bankroll == 10_000
    assert store.rows("SELECT COUNT(*) FROM round_seats")[0][0] == 0


def test_decisions_that_name_no_hand_are_refused(store):
    (ann,) = seat_profiles(store, "Ann")
    rnd = stacked_round([ann], "T 7 9 T", [1000], ["stand"])
    with pytest.raises(StoreError, match="names hand 1 of seat 0"):
        save_round(store, rnd, [ann], decisions=[DecisionQuality(0, 1, Action.STAND, True)])


def test_player_stats_count_results_money_luck_and_accuracy(store):
    (ann,) = seat_profiles(store, "Ann", bankroll=100_000)
    plays = [  # (cards, bet, decisions): win, bust, push, blackjack
        ("T 7 9 T 8", 1000, ["stand"]),
        ("T 7 6 T 8", 2000, ["hit"]),
        ("T 7 7 T", 1000, ["stand"]),
        ("A 7 K T", 2000, []),
    ]
    for cards, bet, decisions in plays:
        ann = find_profile(store, "Ann")
        rnd = stacked_round([ann], cards, [bet], decisions)
        judged = [DecisionQuality(0, 0, Action(d), d == "stand", None if d == "stand" else Action.STAND,
                                  None if d == "stand" else 40.0) for d in decisions]
        save_round(store, rnd, [ann], decisions=judged, player_ev=-0.01)
    stats = player_stats(store, "ann")
    counts = (stats.rounds, stats.hands, stats.won, stats.busted, stats.pushed, stats.blackjacks)
    assert counts == (4, 4, 1, 1, 1, 1)
    assert (stats.net, stats.wagered, stats.bankroll) == (1000 - 2000 + 0 + 3000, 6000, 102_000)
    assert (stats.expected, stats.luck) == (-60, 2100)  # against the plays made: -60 less the 40 the hit cost
    assert (stats.win_rate, stats.loss_rate, stats.blackjack_rate, stats.bust_rate, stats.push_rate) == (
        0.5, 0.25, 0.25, 0.25, 0.25
    )
    assert (stats.decisions, stats.correct, stats.accuracy, stats.ev_lost) == (3, 2, 2 / 3, 40.0)


def test_stats_without_rounds_or_player_ev_say_so(store):
    (ann,) = seat_profiles(store, "Ann")
    empty = player_stats(store, "Ann")
    assert (empty.rounds, empty.win_rate, empty.accuracy) == (0, 0.0, None)
    assert (empty.expected, empty.luck) == (None, None)
    save_round(store, stacked_round([ann], "T 7 9 T 8", [1000], ["stand"]), [ann])
    assert player_stats(store, "Ann").luck is None


def test_bankroll_series_and_session_filter(store):
    (ann,) = seat_profiles(store, "Ann", bankroll=10_000)
    for session, cards in (("one", "T 7 9 T 8"), ("two", "T 7 6 T 8")):
        ann = find_profile(store, "Ann")
        decisions = ["stand"] if session == "one" else ["hit"]
        save_round(store, stacked_round([ann], cards, [1000], decisions), [ann], session=session)
    series = bankroll_series(store, "Ann")
    assert [(p.before, p.after) for p in series] == [(10_000, 11_000), (11_000, 10_000)]
    assert [(p.before, p.after) for p in bankroll_series(store, "Ann", session="two")] == [(11_000, 10_000)]
    assert player_stats(store, "Ann", session="one").net == 1000


def test_the_leaderboard_ranks_by_net_result(store):
    ann, bob, _ = seat_profiles(store, "Ann", "Bob", "Cy")
    save_round(store, split_round([ann, bob]), [ann, bob], session="s")
    rows = leaderboard(store, session="s")
    assert [(r.player, r.rounds, r.net) for r in rows] == [("Bob", 1, 1500), ("Ann", 1, -2500)]
    named = leaderboard(store, ["Ann", "Cy", "Bob"])
    assert [r.player for r in named] == ["Bob", "Cy", "Ann"]


def test_a_round_that_ends_a_tournament_records_the_result(store):
    rules = load_rules("double-up")
    (ann,) = seat_profiles(store, "Ann", bankroll=rules.tournament.bankroll)
    rnd = stacked_round([ann], "T A", [10_000], [], rules="double-up")
    save_round(store, rnd, [ann])
    (result,) = tournament_results(store, "Ann")
    assert (result.won, result.final_bankroll, result.rounds, result.rules) == (True, 25_000, 1, "double-up")


def test_best_tournaments_put_wins_first_then_bankroll_then_fewer_rounds(store):
    ann, bob = seat_profiles(store, "Ann", "Bob")
    save_tournament(store, ann, won=False, final_bankroll=900, rounds=30)
    save_tournament(store, ann, won=True, final_bankroll=20_000, rounds=12)
    save_tournament(store, bob, won=True, final_bankroll=20_000, rounds=7)
    save_tournament(store, bob, won=True, final_bankroll=21_000, rounds=20)
    best = best_tournaments(store, limit=3)
    assert [(r.player, r.final_bankroll, r.rounds) for r in best] == [
        ("Bob", 21_000, 20), ("Bob", 20_000, 7), ("Ann", 20_000, 12)
    ]
    assert [r.won for r in best_tournaments(store, "ann")] == [True, False]
    assert [r.rounds for r in tournament_results(store, "Ann")] == [12, 30]
    with pytest.raises(StoreError, match="negative"):
        save_tournament(store, ann, won=False, final_bankroll=-1, rounds=3)


def test_best_tournaments_of_one_rules_id_leave_out_the_other_tournaments(store):
    ann, bob = seat_profiles(store, "Ann", "Bob")
    cup = "/data/tables/Cup.toml"
    save_tournament(store, ann, won=True, final_bankroll=30_000, rounds=4, rules="double-up")
    save_tournament(store, bob, won=False, final_bankroll=500, rounds=9, rules=cup)
    save_tournament(store, ann, won=True, final_bankroll=25_000, rounds=6, rules=cup)
    assert [(r.player, r.rules) for r in best_tournaments(store, rules=cup)] == [("Ann", cup), ("Bob", cup)]
    assert [r.final_bankroll for r in best_tournaments(store, "bob", rules=cup)] == [500]
    assert best_tournaments(store, "bob", rules="double-up") == []
    assert len(best_tournaments(store)) == 3, "without a filter every tournament counts"
