"""Shoe commitments in the history: saved before the shoe, revealed after it, and `blackjack verify-shoe`."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from blackjack.cli import main
from engine import Table, load_rules
from engine.events import ShoeShuffled
from engine.record import round_start_state
from engine.shoe import shoe_seal
from engine.store import (
    DATABASE_NAME,
    begin_round,
    commit_shoe,
    get_or_create_profile,
    open_store,
    reveal_shoes,
    save_round,
    shoe_records,
)
from engine.store.schema import SCHEMA_VERSION, columns_of


def play_rounds(folder: Path, rounds: int, *, finish_last: bool = True, rules: str = "single-deck") -> Table:
    """Rounds at a seeded table, journaled and saved as the game does, each new shoe committed first."""
    store = open_store(folder)
    ann = get_or_create_profile(store, "Ann", bankroll=1_000_000)
    table = Table(load_rules(rules), [("Ann", 1_000_000)], seed=17)
    try:
        for number in range(rounds):
            start = round_start_state(table)
            rnd = table.start_round()
            if any(isinstance(event, ShoeShuffled) for event in rnd.events):
                commit_shoe(store, shoe_seal(table.shoe))
            rnd.place_bet(0, 2500)
            rnd.deal()
            round_id = begin_round(store, rnd, [ann], start)
            if number == rounds - 1 and not finish_last:
                break
            play_out_dealt(rnd)
            save_round(store, rnd, [ann], round_id=round_id)
    finally:
        store.close()
    return table


def play_out_dealt(rnd) -> None:
    from engine.actions import Action

    while not rnd.is_over:
        legal = rnd.legal_actions()
        rnd.act(Action.STAND if Action.STAND in legal else sorted(legal, key=lambda a: a.value)[0])


def test_the_migration_adds_the_shoes_and_each_rounds_shoe():
    assert "shoes" in columns_of(SCHEMA_VERSION) and "shoe_id" in columns_of(SCHEMA_VERSION)["rounds"]


def test_a_shoe_stays_sealed_while_it_deals_and_is_revealed_by_the_next_shuffle(tmp_path):
    play_rounds(tmp_path, 8)  # a one-deck shoe: several shuffles
    with open_store(tmp_path) as store:
        shoes = shoe_records(store)
    assert len(shoes) >= 2
    newest, *older = shoes
    assert newest.revealed_at is None and newest.order is None and newest.salt is None
    assert all(shoe.order is not None and shoe.check().ok for shoe in older)
    assert sum(len(shoe.rounds) for shoe in shoes) == 8, "every round names its shoe"


def test_a_shoe_an_unfinished_round_deals_from_is_never_revealed(tmp_path):
    play_rounds(tmp_path, 3, finish_last=False)
    with open_store(tmp_path) as store:
        assert reveal_shoes(store) == 0
        [shoe] = [s for s in shoe_records(store) if s.revealed_at is None]
        assert shoe.order is None


def test_closing_the_table_reveals_its_shoe_and_it_verifies(tmp_path, capsys):
    play_rounds(tmp_path, 3)
    with open_store(tmp_path) as store:
        assert reveal_shoes(store) == 1
    assert main(["verify-shoe", "--data-dir", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert "verified: the order of 52 cards and its salt were checked" in out and "3 rounds" in out


def test_committing_the_same_seal_again_keeps_one_shoe(tmp_path):
    table = play_rounds(tmp_path, 1)
    with open_store(tmp_path) as store:
        first = shoe_records(store)[0].shoe_id
        assert commit_shoe(store, shoe_seal(table.shoe)) == first and len(shoe_records(store)) == 1


def tamper(folder: Path, sql: str) -> None:
    connection = sqlite3.connect(folder / DATABASE_NAME)
    with connection:
        connection.execute(sql)
    connection.close()


def test_verify_shoe_names_a_tampered_order(tmp_path, capsys):
    play_rounds(tmp_path, 3)
    with open_store(tmp_path) as store:
        reveal_shoes(store)
        [shoe] = shoe_records(store)
    codes = shoe.order.split()
    codes[-1], codes[-2] = codes[-2], codes[-1]
    sealed = json.dumps({"order": " ".join(codes), "salt": shoe.salt})
    tamper(tmp_path, f"UPDATE shoes SET sealed = '{sealed}'")
    assert main(["verify-shoe", "1", "--data-dir", str(tmp_path)]) == 1
    out = capsys.readouterr().out
    assert "NOT VERIFIED" in out
    assert "problem: the revealed order and salt do not hash to the commitment" in out


def test_verify_shoe_names_a_round_whose_cards_were_changed(tmp_path, capsys):
    play_rounds(tmp_path, 2)
    with open_store(tmp_path) as store:
        reveal_shoes(store)
        record = json.loads(store.rows("SELECT record FROM rounds WHERE id = 2")[0][0])
    first, second = record["shoe"][0], record["shoe"][1]
    record["shoe"][0], record["shoe"][1] = second, first
    tamper(tmp_path, f"UPDATE rounds SET record = '{json.dumps(record)}' WHERE id = 2")
    assert main(["verify-shoe", "--data-dir", str(tmp_path)]) == 1
    assert f"problem: round 2 took {second} as its card 1, but card" in capsys.readouterr().out


def test_a_shoe_handed_over_as_json_verifies_on_its_own(tmp_path, capsys):
    play_rounds(tmp_path, 2)
    with open_store(tmp_path) as store:
        reveal_shoes(store)
    assert main(["verify-shoe", "--json", "--data-dir", str(tmp_path)]) == 0
    shoe_file = tmp_path / "shoe.json"
    shoe_file.write_text(capsys.readouterr().out)
    assert main(["verify-shoe", "--file", str(shoe_file)]) == 0
    assert "verified" in capsys.readouterr().out
    shoe = json.loads(shoe_file.read_text())
    shoe["salt"] = "0" * 32
    shoe_file.write_text(json.dumps(shoe))
    assert main(["verify-shoe", "--file", str(shoe_file)]) == 1


def test_a_sealed_shoe_is_said_to_be_sealed(tmp_path, capsys):
    play_rounds(tmp_path, 1)
    assert main(["verify-shoe", "--data-dir", str(tmp_path)]) == 0
    assert "still sealed" in capsys.readouterr().out


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.binary(max_size=3000))
def test_verify_shoe_on_any_bytes_says_one_line_and_exits_2(tmp_path_factory, capsys, data):
    folder = tmp_path_factory.mktemp("bytes")
    shoe_file = folder / "shoe.json"
    shoe_file.write_bytes(data)
    written = b"SQLite format 3\x00" + data if data[:1] == b"\x01" else data or b"x"
    (folder / DATABASE_NAME).write_bytes(written)
    for argv in (["verify-shoe", "--file", str(shoe_file)], ["verify-shoe", "--data-dir", str(folder)]):
        code = main(argv)
        captured = capsys.readouterr()
        if code == 2:
            assert captured.err.count("\n") == 1 and captured.err.startswith("blackjack: "), captured.err
        else:  # bytes that happen to be a valid shoe or an empty history
            assert code in (0, 1) and "Traceback" not in captured.err
    assert (folder / DATABASE_NAME).read_bytes() == written, "a check leaves a bad file as it is"


def test_verify_shoe_refuses_a_missing_file_in_one_line(capsys):
    assert main(["verify-shoe", "--file", "/nonexistent/shoe.json"]) == 2
    said = capsys.readouterr().err
    assert said == "blackjack: cannot read /nonexistent/shoe.json: No such file or directory\n"


def test_verify_shoe_refuses_a_shoe_number_below_1(capsys):
    with pytest.raises(SystemExit) as exit_:
        main(["verify-shoe", "0"])
    assert exit_.value.code == 2 and "0 is out of range; use 1 or more" in capsys.readouterr().err


def test_verify_shoe_refuses_json_nested_too_deeply_in_one_line(tmp_path, capsys):
    shoe_file = tmp_path / "deep.json"
    shoe_file.write_text("[" * 100_000 + "]" * 100_000)
    assert main(["verify-shoe", "--file", str(shoe_file)]) == 2
    said = capsys.readouterr().err
    assert said.count("\n") == 1 and "nests its JSON too deeply" in said
