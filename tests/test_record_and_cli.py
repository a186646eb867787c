"""Round records, `blackjack replay`, `blackjack rules`, and the engine staying headless."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from blackjack.cli import main
from engine import Action, StackedShoe, Table, load_rules
from engine.record import record_line, replay_record, replay_summary


def split_round_line() -> str:
    table = Table(load_rules("vegas-strip"), [("Ann", 10_000), ("Bob", 5_000)],
                  shoe=StackedShoe("8 A A 8 K 9 T 3 T"), rules_source="vegas-strip")
    rnd = table.start_round()
    rnd.place_bet(0, 1000)
    rnd.place_bet(1, 1500)
    rnd.deal()
    for word in ("insurance", "even-money", "split", "stand", "stand"):
        rnd.act(Action(word))
    return record_line(rnd)


def test_a_record_names_rules_seats_bets_shoe_decisions_and_seed():
    record = json.loads(split_round_line())
    assert record == {
        "rules": "vegas-strip",
        "seats": [{"name": "Ann", "bankroll": 100}, {"name": "Bob", "bankroll": 50}],
        "bets": [10, 15],
        "shoe": ["8", "A", "A", "8", "K", "9", "T", "3"],
        "decisions": ["insurance", "even-money", "split", "stand", "stand"],
        "seed": None,
    }


def test_a_record_without_a_rules_source_carries_every_option():
    table = Table(load_rules("european"), [("Ann", 10_000)], seed=9)
    rnd = table.start_round()
    rnd.place_bet(0, 1000)
    rnd.deal()
    while not rnd.is_over:
        rnd.act(Action.STAND if Action.STAND in rnd.legal_actions() else Action.NO_INSURANCE)
    record = json.loads(record_line(rnd))
    assert record["rules"]["hole_card"] == "none" and record["seed"] == 9
    assert replay_summary(replay_record(record))["bankrolls"] == [table.bankroll(0) / 100]


def test_replay_summary_reports_hands_in_seat_then_split_order():
    summary = replay_summary(replay_record(json.loads(split_round_line())))
    assert summary["dealer"] == {"cards": ["A", "9"], "total": 20}
    assert [(h["seat"], h["cards"], h["result"], h["net"]) for h in summary["hands"]] == [
        (0, ["8", "T"], "lose", -10), (0, ["8", "3"], "lose", -10), (1, ["A", "K"], "blackjack", 15),
    ]
    assert summary["insurance"] == [{"seat": 0, "net": -5}]
    assert summary["bankrolls"] == [75, 65]


def test_half_units_print_as_json_numbers():
    record = {"rules": "vegas-strip", "seats": [{"name": "A", "bankroll": 100}], "bets": [15],
              "shoe": ["A", "9", "K", "7"], "decisions": []}
    summary = replay_summary(replay_record(record))
    assert summary["hands"][0]["net"] == 22.5 and summary["bankrolls"] == [122.5]


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"decisions": ["stand", "hit"]}, "comes after the round is over"),
        ({"decisions": []}, "decisions ran out"),
        ({"decisions": ["split"]}, "not a pair"),
        ({"decisions": ["fold"]}, "'fold' is not a decision"),
        ({"shoe": ["T", "7"]}, "ran out"),
        ({"bets": [5]}, "table minimum"),
        ({"bets": [10, 10]}, "2 entries for 1 seats"),
        ({"rules": "nope"}, "no preset or rules file"),
        ({"shoe": ["ZZ"]}, "no rank"),
    ],
)
def test_a_bad_record_is_refused_with_the_reason(change, message):
    from engine import BlackjackError

    record = {"rules": "vegas-strip", "seats": [{"name": "A", "bankroll": 100}], "bets": [10],
              "shoe": ["T", "7", "9", "T"], "decisions": ["stand"], **change}
    with pytest.raises(BlackjackError, match=message):
        replay_record(record)


def test_replay_command_prints_one_json_object_per_line_and_fails_on_bad_lines(tmp_path, capsys):
    good = split_round_line()
    path = tmp_path / "history.jsonl"
    path.write_text(good + "\n{not json\n" + good.replace('"stand","stand"', '"stand"') + "\n")
    status = main(["replay", str(path), "--json"])
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert status != 0
    assert lines[0]["bankrolls"] == [75, 65]
    assert lines[1]["line"] == 2 and "not valid JSON" in lines[1]["error"]
    assert lines[2]["line"] == 3 and "ran out" in lines[2]["error"]


def test_replay_command_reports_a_missing_file_without_a_traceback(capsys):
    assert main(["replay", "/no/such/file.jsonl"]) == 2
    assert "cannot read /no/such/file.jsonl" in capsys.readouterr().err


def test_rules_command_lists_presets_and_prints_every_option(capsys):
    assert main(["rules"]) == 0
    listing = capsys.readouterr().out
    assert "double-up" in listing and "Vegas" not in listing.split("\n")[0][:3]
    assert main(["rules", "european"]) == 0
    options = capsys.readouterr().out
    assert 'hole_card = "none"' in options and 'double_on = "9-11"' in options


def test_rules_command_names_what_is_wrong_with_a_broken_file(tmp_path, capsys):
    path = tmp_path / "bad.toml"
    path.write_text("decks = 12\n")
    assert main(["rules", str(path)]) == 2
    err = capsys.readouterr().err
    assert "bad.toml" in err and "decks" in err and "Traceback" not in err


def test_engine_imports_without_pygame():
    code = "import sys, engine, engine.record; print('pygame' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


def test_events_serialize_to_plain_json():
    table = Table(load_rules("vegas-strip"), [("Ann", 10_000)], shoe=StackedShoe("A 9 K 7"))
    rnd = table.start_round()
    rnd.place_bet(0, 1500)
    rnd.deal()
    dicts = [e.to_dict() for e in rnd.events]
    json.dumps(dicts)
    settled = next(d for d in dicts if d["event"] == "HandSettled")
    assert settled["result"] == "blackjack" and settled["net"] == 22.5
    dealt = next(d for d in dicts if d["event"] == "CardDealt")
    assert dealt["card"] == "A"


def test_a_broke_seat_may_rebuy_while_betting_and_the_record_still_replays():
    from engine import InvalidBetError

    table = Table(load_rules("vegas-strip"), [("Ann", 500), ("Bob", 10_000)],
                  shoe=StackedShoe("T 9 7 9 T T 8"), rules_source="vegas-strip")
    rnd = table.start_round()
    rnd.place_bet(1, 1000)
    with pytest.raises(InvalidBetError, match="Bob cannot buy in"):
        table.rebuy(1, 5000)
    table.rebuy(0, 5000)
    assert table.bet_limit(0) == 5500 and table.bet_limit(1) == 9000
    rnd.place_bet(0, 1000)
    rnd.deal()
    while not rnd.is_over:
        rnd.act(Action.STAND)
    summary = replay_summary(replay_record(json.loads(record_line(rnd))))
    assert summary["bankrolls"] == [b / 100 for b in table.bankrolls()]
    assert sum(table.bankrolls()) + table.house == table.bought_in


@pytest.mark.parametrize("argv", [["--help"], *([name, "--help"] for name in ("simulate", "odds", "rules"))])
def test_help_prints_and_exits_cleanly(argv, capsys):
    with pytest.raises(SystemExit) as done:
        main(argv)
    assert done.value.code == 0
    assert "usage: blackjack" in capsys.readouterr().out
