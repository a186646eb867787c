"""The round in progress journaled step by step: it resumes where it stopped, and nothing is applied twice."""

from __future__ import annotations

import json
import random
import sqlite3
import tempfile
from datetime import UTC, datetime

import pytest
from hypothesis import event, given, settings
from hypothesis import strategies as st

from blackjack.cli import main
from engine import Action, StackedShoe, Table, load_rules
from engine.money import to_units
from engine.record import record_line, replay_record, round_start_state
from engine.store import (
    DATABASE_NAME,
    SCHEMA_VERSION,
    StoreError,
    begin_round,
    best_tournaments,
    find_profile,
    get_or_create_profile,
    hand_rows,
    history_entries,
    open_store,
    player_stats,
    record_step,
    round_count,
    round_records,
    save_round,
    tournament_results,
    unfinished_round,
)
from engine.store.schema import APPLICATION_ID, MIGRATIONS, columns_of
from tests.test_store_worker import journal_round, place_bets, play_on, play_round

WHEN = datetime(2024, 5, 1, 12, tzinfo=UTC)


@pytest.fixture
def store(tmp_path):
    with open_store(tmp_path) as opened:
        yield opened


def seated(store, *names, bankroll=50_000, rules="vegas-strip", seed=7, shoe=None):
    profiles = [get_or_create_profile(store, name, bankroll=bankroll) for name in names]
    table = Table(load_rules(rules), [(p.name, p.bankroll) for p in profiles], seed=seed, shoe=shoe,
                  rules_source=rules)
    return profiles, table


def dump(store):
    """Every row a saved round leaves, ids and all (but when a profile was made)."""
    tables = ("rounds", "round_seats", "hands", "decisions", "tournaments")
    rows = {name: [tuple(r) for r in store.rows(f"SELECT * FROM {name} ORDER BY 1, 2")] for name in tables}
    rows["profiles"] = [tuple(r) for r in store.rows("SELECT id, name, bankroll FROM profiles ORDER BY id")]
    return rows


def test_begin_steps_and_finish_leave_exactly_the_rows_a_plain_save_leaves(tmp_path):
    dumps = []
    for journaled in (False, True):
        with open_store(tmp_path / str(journaled)) as store:
            profiles, table = seated(store, "Ann", "Bob")
            for number in range(6):
                rng = random.Random(number)
                bets = [1000, 2500 if number % 3 else 0]
                round_id = None
                if journaled:
                    round_id, rnd, judged = journal_round(store, table, profiles, bets, rng)
                else:
                    rnd, judged = play_round(table, bets, rng)
                save_round(store, rnd, profiles, decisions=judged, player_ev=-0.005, session="s",
                           played_at=WHEN, round_id=round_id)
            dumps.append(dump(store))
    assert dumps[0] == dumps[1]
    flag, journal = (columns_of(SCHEMA_VERSION)["rounds"].index(name) for name in ("unfinished", "journal"))
    finished = [(row[flag], row[journal]) for row in dumps[1]["rounds"]]
    assert all(row == (0, None) for row in finished), "finished: no flag, no journal"


def test_a_begun_round_has_taken_the_bets_and_each_step_the_money_it_moves(store):
    profiles, table = seated(store, "Ann", "Bob", shoe=StackedShoe("5 T 9 6 7 T T"))
    start = round_start_state(table)
    rnd = table.start_round()
    place_bets(rnd, [2000, 1000])
    round_id = begin_round(store, rnd, profiles, start)
    bankrolls = [find_profile(store, name).bankroll for name in ("Ann", "Bob")]
    assert bankrolls == [48_000, 49_000]
    rnd.act(Action.DOUBLE)
    assert record_step(store, round_id, rnd) is True
    assert find_profile(store, "Ann").bankroll == 46_000
    assert round_count(store) == 0 and hand_rows(store) == [] and round_records(store) == []
    rnd.act(Action.STAND)
    save_round(store, rnd, profiles, round_id=round_id)
    assert round_count(store) == 1
    assert [find_profile(store, name).bankroll for name in ("Ann", "Bob")] == [54_000, 49_000]


def test_an_interrupted_round_continues_to_the_same_cards_bankrolls_and_record(tmp_path):
    with open_store(tmp_path / "straight") as store:
        profiles, table = seated(store, "Ann", "Bob", seed=21)
        for _ in range(3):
            round_id, rnd, _ = journal_round(store, table, profiles, [1000, 2000], random.Random(1))
            save_round(store, rnd, profiles, round_id=round_id, played_at=WHEN)
        expected = dump(store)
    with open_store(tmp_path / "cut") as store:
        profiles, table = seated(store, "Ann", "Bob", seed=21)
        round_id, rnd, _ = journal_round(store, table, profiles, [1000, 2000], random.Random(1))
        save_round(store, rnd, profiles, round_id=round_id, played_at=WHEN)
        start = round_start_state(table)
        rnd = table.start_round()
        place_bets(rnd, [1000, 2000])
        round_id = begin_round(store, rnd, profiles, start, session="evening", extra={"mode": "table"})
        # the game is killed here
    with open_store(tmp_path / "cut") as store:
        interrupted = unfinished_round(store)
        assert interrupted.round_id == 2 and interrupted.session == "evening" and interrupted.number == 2
        assert interrupted.extra == {"mode": "table"}
        assert [p.name for p in interrupted.profiles] == ["Ann", "Bob"]
        assert interrupted.profiles[0].bankroll == find_profile(store, "Ann").bankroll
        again = interrupted.resume()
        assert again.drawn == rnd.drawn and again.decision == rnd.decision
        assert again.table.bankrolls() == rnd.table.bankrolls()
        play_on(again, random.Random(1), lambda: record_step(store, 2, again))
        save_round(store, again, list(interrupted.profiles), round_id=2, played_at=WHEN, session="")
        round_id, rnd, _ = journal_round(store, again.table, profiles, [1000, 2000], random.Random(1))
        save_round(store, rnd, profiles, round_id=round_id, played_at=WHEN)
        assert unfinished_round(store) is None
        got = dump(store)
    assert got["round_seats"] == expected["round_seats"] and got["hands"] == expected["hands"]
    assert got["profiles"] == expected["profiles"]
    assert [row[4:] for row in got["rounds"]] == [row[4:] for row in expected["rounds"]]


def test_a_repeated_or_stale_step_is_a_no_op_and_a_diverging_one_is_refused(store):
    profiles, table = seated(store, "Ann", shoe=StackedShoe("5 9 6 T 2 3 T 8"))
    start = round_start_state(table)
    rnd = table.start_round()
    place_bets(rnd, [1000])
    round_id = begin_round(store, rnd, profiles, start)
    stale = Table(load_rules("vegas-strip"), [("Ann", 50_000)], shoe=StackedShoe("5 9 6 T 2 3 T 8"),
                  rules_source="vegas-strip")
    stale_round = stale.start_round()
    place_bets(stale_round, [1000])
    rnd.act(Action.HIT)
    assert record_step(store, round_id, rnd) is True
    assert record_step(store, round_id, rnd) is False
    assert record_step(store, round_id, stale_round) is False, "an older step is already journaled"
    stale_round.act(Action.STAND)
    with pytest.raises(StoreError, match="does not carry on from the journaled cards"):
        record_step(store, round_id, stale_round)
    assert json.loads(store.rows("SELECT record FROM rounds")[0][0])["decisions"] == ["hit"]


def test_a_finished_round_takes_no_step_and_cannot_be_finished_twice(store):
    profiles, table = seated(store, "Ann")
    round_id, rnd, _ = journal_round(store, table, profiles, [1000], random.Random(3))
    save_round(store, rnd, profiles, round_id=round_id)
    before = dump(store)
    with pytest.raises(StoreError, match=f"cannot finish round {round_id}: it is already finished"):
        save_round(store, rnd, profiles, round_id=round_id)
    with pytest.raises(StoreError, match=f"a step of round {round_id}: it is already finished"):
        record_step(store, round_id, rnd)
    with pytest.raises(StoreError, match="cannot finish round 99: there is no such round"):
        save_round(store, rnd, profiles, round_id=99)
    assert dump(store) == before


def test_a_second_unfinished_round_is_refused(store):
    profiles, table = seated(store, "Ann")
    start = round_start_state(table)
    rnd = table.start_round()
    place_bets(rnd, [1000])
    first = begin_round(store, rnd, profiles, start)
    (bob,), other = seated(store, "Bob", seed=8)
    start = round_start_state(other)
    theirs = other.start_round()
    place_bets(theirs, [1000])
    with pytest.raises(StoreError, match=f"round {first}, begun .* is still unfinished"):
        begin_round(store, theirs, [bob], start)
    assert find_profile(store, "Bob").bankroll == 50_000
    with pytest.raises(sqlite3.IntegrityError):
        store.connection.execute("UPDATE rounds SET unfinished = 1 WHERE id != ?", (first,))
        store.connection.execute("INSERT INTO rounds (played_at, number, dealer, record, unfinished)"
                                 " VALUES ('x', 1, '', '', 1)")


@pytest.mark.parametrize(
    ("when", "message"),
    [("after the round started", "its start state does not lead to it"),
     ("with other profiles", "seat 0 is 'Ann' but the profile given for it is 'Bob'")],
)
def test_a_journal_that_could_not_be_resumed_is_refused_at_the_start(store, when, message):
    profiles, table = seated(store, "Ann")
    (bob,) = [get_or_create_profile(store, "Bob")]
    start = round_start_state(table)
    rnd = table.start_round()
    place_bets(rnd, [1000])
    if when == "after the round started":
        start = round_start_state(table)
    else:
        profiles = [bob]
    with pytest.raises(StoreError, match=message):
        begin_round(store, rnd, profiles, start)
    assert unfinished_round(store) is None and find_profile(store, "Ann").bankroll == 50_000


def test_finishing_needs_the_profiles_and_the_round_that_were_journaled(store):
    profiles, table = seated(store, "Ann", "Bob")
    round_id, rnd, _ = journal_round(store, table, profiles, [1000, 1000], random.Random(3))
    with pytest.raises(StoreError, match="begun with other profiles"):
        save_round(store, rnd, [profiles[0], None], round_id=round_id)
    _, other = seated(store, "Ann", "Bob", seed=99)
    elsewhere, _ = play_round(other, [1000, 1000], random.Random(3))
    with pytest.raises(StoreError, match="not the one journaled"):
        save_round(store, elsewhere, profiles, round_id=round_id)


def test_stats_and_listings_ignore_the_unfinished_round(store):
    profiles, table = seated(store, "Ann")
    rnd, _ = play_round(table, [1000], random.Random(1))
    save_round(store, rnd, profiles)
    journal_round(store, table, profiles, [1000], random.Random(1))
    stats = player_stats(store, "Ann")
    assert (stats.rounds, stats.wagered) == (1, 1000)
    assert round_count(store) == round_count(store, player="Ann") == 1
    assert len(round_records(store)) == 1 and {r.round_id for r in hand_rows(store)} == {1}


def test_a_tournament_result_is_saved_for_its_owner_with_its_last_round(store):
    rules = load_rules("double-up")
    ann = get_or_create_profile(store, "Ann")
    table = Table(rules, [("Ann", rules.tournament.bankroll)], shoe=StackedShoe("T A"),
                  rules_source="double-up")
    start = round_start_state(table)
    rnd = table.start_round()
    round_id = begin_round(store, rnd, [None], start, tournament_owners=[ann])
    assert unfinished_round(store).tournament_owners == (find_profile(store, "Ann"),)
    place_bets(rnd, [10_000])
    record_step(store, round_id, rnd)
    save_round(store, rnd, [None], round_id=round_id)
    (result,) = tournament_results(store, "Ann")
    assert (result.won, result.final_bankroll, result.rounds) == (True, 25_000, 1)
    assert find_profile(store, "Ann").bankroll == ann.bankroll, "tournament chips are not the bankroll"
    other = Table(rules, [("Bob", rules.tournament.bankroll)], shoe=StackedShoe("T A"),
                  rules_source="double-up")
    bob = get_or_create_profile(store, "Bob")
    plain = other.start_round()
    place_bets(plain, [10_000])
    save_round(store, plain, [None], tournament_owners=[bob])
    assert [r.player for r in best_tournaments(store)] == ["Ann", "Bob"]


def test_a_double_up_round_is_journaled_from_its_first_card(store):
    rules = load_rules("double-up")
    ann = get_or_create_profile(store, "Ann", bankroll=rules.tournament.bankroll)
    table = Table(rules, [("Ann", ann.bankroll)], seed=5, rules_source="double-up")
    start = round_start_state(table)
    rnd = table.start_round()
    round_id = begin_round(store, rnd, [ann], start)
    first_card = rnd.hands(0)[0].cards
    again = unfinished_round(store).resume()
    assert again.hands(0)[0].cards == first_card and again.can_bet(0, 1000)
    assert find_profile(store, "Ann").bankroll == rules.tournament.bankroll, "no bet yet, nothing taken"
    place_bets(again, [2000])
    record_step(store, round_id, again)
    assert find_profile(store, "Ann").bankroll == rules.tournament.bankroll - 2000
    resumed = unfinished_round(store).resume()
    assert resumed.bet(0) == 2000 and resumed.drawn == again.drawn


def test_history_json_lists_finished_and_unfinished_rounds_oldest_first(tmp_path, capsys):
    with open_store(tmp_path) as store:
        profiles, table = seated(store, "Ann", "Bob")
        cy = get_or_create_profile(store, "Cy")
        for bets in ([1000, 2500], [0, 1000]):
            rnd, _ = play_round(table, bets, random.Random(2))
            save_round(store, rnd, profiles, played_at=WHEN)
        start = round_start_state(table)
        rnd = table.start_round()
        place_bets(rnd, [1500, 0])
        begin_round(store, rnd, profiles, start, played_at=WHEN)
        bankrolls = [to_units(b) for b in rnd.start_bankrolls]
        assert history_entries(store, player="Cy") == [] and cy.name == "Cy"
    assert main(["history", "--data-dir", str(tmp_path), "--json"]) == 0
    entries = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [(e["round"], e["unfinished"]) for e in entries] == [(1, False), (2, False), (3, True)]
    first, _, last = entries
    assert set(first) == {"round", "time", "rules", "unfinished", "record", "seats"}
    assert first["time"] == "2024-05-01T12:00:00Z" and first["rules"] == "vegas-strip"
    assert replay_record(first["record"]).table.bankrolls() == tuple(
        round(seat["bankroll_after"] * 100) for seat in first["seats"]
    )
    assert [(s["name"], s["bet"]) for s in first["seats"]] == [("Ann", 10), ("Bob", 25)]
    before = [seat["bankroll"] for seat in first["record"]["seats"]]
    assert [s["net"] for s in first["seats"]] == [
        s["bankroll_after"] - b for s, b in zip(first["seats"], before, strict=True)
    ]
    assert last["seats"] == [
        {"name": "Ann", "bet": 15, "net": None, "bankroll_after": None},
        {"name": "Bob", "bet": 0, "net": None, "bankroll_after": None},
    ]
    assert last["record"]["shoe"] == [card.code for card in rnd.drawn]
    assert last["record"]["bets"] == [15, 0] and [s["bankroll"] for s in last["record"]["seats"]] == bankrolls
    assert main(["history", "--data-dir", str(tmp_path), "--json", "--player", "bob"]) == 0
    assert [json.loads(line)["round"] for line in capsys.readouterr().out.splitlines()] == [1, 2]
    assert main(["history", "--data-dir", str(tmp_path), "--json", "--player", "ann"]) == 0
    assert [json.loads(line)["round"] for line in capsys.readouterr().out.splitlines()] == [1, 3]


def test_history_json_of_a_missing_database_prints_nothing(tmp_path, capsys):
    assert main(["history", "--data-dir", str(tmp_path), "--json"]) == 0
    out = capsys.readouterr()
    assert out.out == "" and "no saved history" in out.err


def test_a_version_2_database_is_migrated_to_version_3_with_its_rounds_finished(tmp_path):
    connection = sqlite3.connect(tmp_path / DATABASE_NAME)
    for step in MIGRATIONS[:2]:
        for statement in step:
            connection.execute(statement)
    connection.execute(f"PRAGMA application_id = {APPLICATION_ID}")
    connection.execute("PRAGMA user_version = 2")
    connection.execute(
        "INSERT INTO profiles (name, name_key, bankroll, created) VALUES ('Ann', 'ann', 11000, 'x')"
    )
    record = ('{"rules":"vegas-strip","seats":[{"name":"Ann","bankroll":100}],"bets":[10],'
              '"shoe":["T","7","9","T"],"decisions":["stand"],"seed":null}')
    connection.execute("INSERT INTO rounds (played_at, number, dealer, record, player_ev)"
                       " VALUES ('2023-01-01T00:00:00Z', 1, '7 T', ?, -0.005)", (record,))
    connection.execute("INSERT INTO round_seats VALUES (1, 0, 1, 'Ann', 1000, 10000, 11000, 1000, NULL)")
    connection.execute("INSERT INTO hands VALUES (1, 0, 0, 'T 9', 1000, 1000, 0, 0, 0, 19, 'win', 1000)")
    connection.commit()
    connection.close()
    with open_store(tmp_path) as store:
        assert store.notice is None and store.schema_version == SCHEMA_VERSION
        assert unfinished_round(store) is None and round_count(store) == 1
        assert [e["unfinished"] for e in history_entries(store)] == [False]
        (ann,) = [find_profile(store, "Ann")]
        table = Table(load_rules("vegas-strip"), [("Ann", ann.bankroll)], seed=1, rules_source="vegas-strip")
        round_id, _, _ = journal_round(store, table, [ann], [1000], random.Random(1))
        assert round_id == 2 and unfinished_round(store).round_id == 2


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 2**32), rounds=st.integers(1, 3), cut=st.integers(0, 6), seats=st.integers(1, 3))
def test_a_round_cut_after_any_step_and_continued_from_the_database_ends_the_same(seed, rounds, cut, seats):
    names = ["Ann", "Bob", "Cy"][:seats]
    outcomes = []
    for interrupt in (False, True):
        with tempfile.TemporaryDirectory() as folder:
            outcomes.append(play_rounds(folder, names, seed, rounds, cut if interrupt else None))
    assert outcomes[0] == outcomes[1]


def play_rounds(folder, names, seed, rounds, cut):
    """Journal `rounds` rounds; with `cut`, the game dies after step `cut` (counted over every round)
    and a new one continues from the database. Returns the records and the profiles' bankrolls."""
    rng = random.Random(seed)
    steps = 0
    with open_store(folder) as store:
        profiles, table = seated(store, *names, seed=seed)
        for _ in range(rounds):
            bets = [rng.choice((0, 1000, 2500)) for _ in names]
            bets[0] = bets[0] or 1000
            start = round_start_state(table)
            rnd = table.start_round()
            place_bets(rnd, bets)
            round_id = begin_round(store, rnd, profiles, start)
            while not rnd.is_over and steps != cut:
                play_one(rnd)
                record_step(store, round_id, rnd)
                steps += 1
            if steps == cut:
                break
            save_round(store, rnd, profiles, round_id=round_id)
    if cut is not None and steps == cut:
        event("interrupted")
        with open_store(folder) as store:
            interrupted = unfinished_round(store)
            rnd = interrupted.resume()
            while not rnd.is_over:
                play_one(rnd)
                record_step(store, interrupted.round_id, rnd)
            save_round(store, rnd, list(interrupted.profiles), round_id=interrupted.round_id)
            table, profiles = rnd.table, list(interrupted.profiles)
            for _ in range(rnd.number, rounds):
                bets = [rng.choice((0, 1000, 2500)) for _ in names]
                bets[0] = bets[0] or 1000
                start = round_start_state(table)
                rnd = table.start_round()
                place_bets(rnd, bets)
                round_id = begin_round(store, rnd, profiles, start)
                while not rnd.is_over:
                    play_one(rnd)
                    record_step(store, round_id, rnd)
                save_round(store, rnd, profiles, round_id=round_id)
    with open_store(folder) as store:
        assert unfinished_round(store) is None
        return round_records(store), [p.bankroll for p in (find_profile(store, n) for n in names)]


def play_one(rnd):
    """A fixed policy using every kind of decision: insurance, split pairs, double 9-11, hit to 15."""
    legal = rnd.legal_actions()
    for wanted in (Action.INSURANCE, Action.EVEN_MONEY, Action.NO_SURRENDER):
        if wanted in legal:
            rnd.act(wanted)
            return
    hand = rnd.hands(rnd.decision.seat)[rnd.decision.hand]
    total = hand.value.total
    if Action.SPLIT in legal:
        choice = Action.SPLIT
    elif Action.DOUBLE in legal and 9 <= total <= 11:
        choice = Action.DOUBLE
    else:
        choice = Action.HIT if total < 15 else Action.STAND
    rnd.act(choice)


def test_the_record_so_far_is_what_the_row_holds(store):
    profiles, table = seated(store, "Ann")
    round_id, rnd, _ = journal_round(store, table, profiles, [1000], random.Random(4))
    assert store.rows("SELECT record FROM rounds WHERE id = ?", (round_id,))[0][0] == record_line(rnd)
