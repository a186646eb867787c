"""`blackjack history`: listing, a JSONL export `blackjack replay` plays to the saved results, CSV."""

from __future__ import annotations

import csv
import json
import random

import pytest

from blackjack.cli import main
from blackjack.commands.history import DATA_DIR_ENV, data_dir
from engine import Table, load_rules
from engine.record import replay_record, replay_summary
from engine.store import (
    CSV_HEADER,
    DATABASE_NAME,
    StoreError,
    export_history,
    get_or_create_profile,
    hand_rows,
    open_store,
    save_round,
)
from tests.test_store_worker import play_round


@pytest.fixture
def folder(tmp_path, monkeypatch):
    """A data folder holding 12 rounds of Ann and Bob (seeded), with the env pointing nowhere real."""
    monkeypatch.setenv(DATA_DIR_ENV, str(tmp_path / "unused"))
    with open_store(tmp_path) as store:
        profiles = [get_or_create_profile(store, name, bankroll=50_000) for name in ("Ann", "Bob")]
        table = Table(load_rules("vegas-strip"), [(p.name, p.bankroll) for p in profiles],
                      seed=11, rules_source="vegas-strip")
        rng = random.Random(11)
        for number in range(12):
            bets = [2000, 0] if number % 4 == 3 else [2000, 1000]
            rnd, judged = play_round(table, bets, rng)
            save_round(store, rnd, profiles, decisions=judged)
    return tmp_path


def test_the_jsonl_export_replays_to_the_saved_nets_and_bankrolls(folder, tmp_path, capsys):
    out = tmp_path / "all.jsonl"
    assert main(["history", "--data-dir", str(folder), "--export", str(out)]) == 0
    assert capsys.readouterr().out.strip() == f"exported 12 rounds to {out}"
    with open_store(folder) as store:
        saved = hand_rows(store)
    lines = out.read_text(encoding="utf-8").splitlines()
    replayed = []
    for line in lines:
        summary = replay_summary(replay_record(json.loads(line)))
        replayed += [(hand["seat"], round(hand["net"] * 100)) for hand in summary["hands"]]
    assert replayed == [(row.seat, row.net) for row in saved]
    last = replay_record(json.loads(lines[-1]))
    with open_store(folder) as store:
        after = [row[0] for row in store.rows("SELECT bankroll_after FROM round_seats WHERE round_id = 12")]
    assert list(last.table.bankrolls()) == after


def test_blackjack_replay_reads_the_export_without_an_error(folder, tmp_path, capsys):
    out = tmp_path / "ann.jsonl"
    main(["history", "--data-dir", str(folder), "--player", "ann", "--export", str(out)])
    capsys.readouterr()
    assert main(["replay", str(out), "--json"]) == 0
    summaries = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert len(summaries) == 12 and all("error" not in s for s in summaries)


def test_a_players_export_holds_only_rounds_they_bet_in_but_whole(folder, tmp_path):
    with open_store(folder) as store:
        assert export_history(store, tmp_path / "bob.jsonl", player="BOB") == 9
        records = [json.loads(line) for line in (tmp_path / "bob.jsonl").read_text().splitlines()]
        assert all(len(r["seats"]) == 2 for r in records)
        assert export_history(store, tmp_path / "bob.csv", player="Bob") == 9
        with pytest.raises(StoreError, match="no profile named 'Zed'"):
            export_history(store, tmp_path / "z.csv", player="Zed")
        with pytest.raises(StoreError, match=r"must end in \.jsonl or \.csv"):
            export_history(store, tmp_path / "x.txt")


def test_the_csv_export_has_the_documented_header_and_one_row_per_hand(folder, tmp_path):
    out = tmp_path / "all.csv"
    assert main(["history", "--data-dir", str(folder), "--export", str(out)]) == 0
    with out.open(newline="", encoding="utf-8") as stream:
        rows = list(csv.reader(stream))
    assert tuple(rows[0]) == CSV_HEADER == (
        "round", "played_at", "session", "seat", "player", "hand", "cards", "dealer", "bet", "stake",
        "doubled", "split", "surrendered", "total", "result", "net", "insurance", "seat_net",
        "bankroll_after",
    )
    with open_store(folder) as store:
        saved = hand_rows(store)
    assert len(rows) - 1 == len(saved)
    first = dict(zip(CSV_HEADER, rows[1], strict=True))
    assert first["round"] == "1" and first["player"] == "Ann" and first["bet"] == "20"
    assert first["result"] == saved[0].result and first["cards"] == saved[0].cards


def test_listing_prints_recent_hands_of_one_player(folder, capsys):
    assert main(["history", "--data-dir", str(folder), "--player", "bob", "--last", "2"]) == 0
    lines = capsys.readouterr().out.splitlines()
    titles = ["round", "played", "player", "hand", "dealer", "bet", "result", "net", "bankroll"]
    assert lines[0].split() == titles
    assert {line.split()[0] for line in lines[1:]} == {"10", "11"}
    assert all(" Bob " in line for line in lines[1:])


def test_the_data_folder_comes_from_the_environment_when_not_given(folder, monkeypatch, capsys):
    monkeypatch.setenv(DATA_DIR_ENV, str(folder))
    assert data_dir(None) == folder and data_dir("elsewhere").name == "elsewhere"
    assert main(["history", "--last", "1"]) == 0
    assert "12" in capsys.readouterr().out


def test_a_missing_database_is_reported_and_not_created(tmp_path, capsys):
    assert main(["history", "--data-dir", str(tmp_path)]) == 0
    assert capsys.readouterr().out.strip() == f"no saved history in {tmp_path}"
    assert not (tmp_path / DATABASE_NAME).exists()


def test_an_unknown_player_is_an_error_with_a_sentence(folder, capsys):
    assert main(["history", "--data-dir", str(folder), "--player", "Zed"]) == 2
    assert "there is no profile named 'Zed'" in capsys.readouterr().err
