"""The review's judge (`engine.review`) and `blackjack review`: each recorded decision priced by the odds."""

from __future__ import annotations

import json
import random
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from blackjack.cli import main
from engine import Action, Table, load_rules
from engine.cards import parse_cards
from engine.errors import RecordError
from engine.odds import hint
from engine.record import continue_record, round_record
from engine.review import review_record
from engine.round import DecisionKind
from tests.engine_helpers import play


def record_of(rules: str, cards: str, decisions: list[str], **kwargs) -> dict:
    return round_record(play(rules, cards, decisions, **kwargs))


def test_a_split_round_is_judged_decision_by_decision_with_the_odds_engines_values():
    # player 8 8, dealer 6 (T, then T): split, 8 3 stands (doubling was best), 8 9 stands
    record = record_of("vegas-strip", "8 6 8 T 3 9 T", ["split", "stand", "stand"])
    rules = load_rules("vegas-strip")
    reviewed = review_record(record, line=7)
    assert [(r.line, r.seat, r.hand, r.hand_text, r.decision.value) for r in reviewed] == [
        (7, 0, 0, "8 8", "split"), (7, 0, 0, "8 3", "stand"), (7, 0, 1, "8 9", "stand"),
    ]
    second = reviewed[1]
    legal = {Action.HIT, Action.STAND, Action.DOUBLE}
    priced = hint(rules, parse_cards("8 3"), parse_cards("6")[0], None, legal, from_split=True, hands=2)
    assert second.ev == priced.values
    assert second.best is Action.DOUBLE is priced.action
    assert second.cost == pytest.approx(priced.values[Action.DOUBLE] - priced.values[Action.STAND])
    assert second.is_mistake and second.cost_cents == pytest.approx(second.cost * 1000)
    assert reviewed[0].cost == 0 and not reviewed[0].is_mistake


def test_insurance_is_priced_exactly_from_the_shoe_less_the_hand_and_the_up_card():
    # 3 decks, T 6 against an ace: 47 tens among the 153 other cards
    reviewed = review_record(record_of("classic-shoe", "T A 6 7", ["insurance", "stand"]))
    offer = reviewed[0]
    assert offer.kind is DecisionKind.INSURANCE and offer.best is Action.NO_INSURANCE
    chance = Fraction(47, 153)
    assert offer.ev[Action.INSURANCE] == pytest.approx(float((3 * chance - 1) / 2), abs=1e-12)
    assert offer.cost == pytest.approx(-offer.ev[Action.INSURANCE])


def test_each_decision_knows_where_the_replay_stops_for_it():
    record = record_of("vegas-strip", "8 6 8 T 3 9 T", ["split", "stand", "stand"])
    for r in review_record(record):
        partial = continue_record({**record, "decisions": record["decisions"][: r.number]})
        assert r.event == len(partial.events) and partial.decision.seat == r.seat
        assert partial.hands(r.seat)[r.hand].cards == r.cards


def test_a_record_that_cannot_be_replayed_is_refused_with_the_reason():
    record = record_of("vegas-strip", "T 6 2 7 9", ["stand"])
    with pytest.raises(RecordError, match="comes after the round is over"):
        review_record({**record, "decisions": ["stand", "hit"]})
    with pytest.raises(RecordError, match="decisions ran out"):
        review_record({**record, "decisions": []})


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10_000))
def test_every_decision_costs_the_best_ev_minus_its_own_and_never_less_than_zero(seed):
    rng = random.Random(seed)
    table = Table(load_rules("vegas-strip"), [("A", 100_000), ("B", 100_000)], seed=seed)
    rnd = table.start_round()
    rnd.place_bet(0, 1000)
    rnd.place_bet(1, 2500)
    rnd.deal()
    while not rnd.is_over:
        rnd.act(rng.choice(sorted(rnd.legal_actions(), key=lambda a: a.value)))
    reviewed = review_record(round_record(rnd))
    assert [r.decision for r in reviewed] == rnd.decisions
    for r in reviewed:
        assert r.decision in r.ev and r.cost >= 0
        assert r.ev[r.best] == max(r.ev.values())
        assert r.cost == pytest.approx(r.ev[r.best] - r.ev[r.decision])
        assert r.bet == (1000 if r.seat == 0 else 2500)


def test_the_review_command_prints_each_decision_and_reports_bad_lines(tmp_path, capsys):
    good = record_of("vegas-strip", "8 6 8 T 3 9 T", ["split", "stand", "stand"])
    path = tmp_path / "rounds.jsonl"
    path.write_text(json.dumps(good) + "\nnot json\n\n" + json.dumps({**good, "decisions": []}) + "\n")
    assert main(["review", str(path), "--json"]) == 1
    out = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert out[1] == {
        "line": 1, "seat": 0, "hand": ["8", "3"], "dealer_up": "6", "decision": "stand", "best": "double",
        "ev": {a.value: round(v, 6) for a, v in review_record(good)[1].ranked},
        "cost": round(review_record(good)[1].cost, 6),
    }
    assert [o["line"] for o in out] == [1, 1, 1, 2, 4]
    assert out[3]["error"].startswith("not valid JSON")
    assert "decisions ran out" in out[4]["error"]
    assert main(["review", str(path)]) == 1
    text = capsys.readouterr().out.splitlines()
    assert text[1].startswith("line 1: seat 0 8 3 vs 6: stand (best double, cost 0.828) | double +0.675")
    assert text[3] == "line 2: error: not valid JSON (Expecting value)"


def test_the_review_command_says_which_file_it_cannot_read(capsys):
    assert main(["review", "/no/such/rounds.jsonl"]) == 2
    err = capsys.readouterr().err
    assert err == "blackjack: cannot read /no/such/rounds.jsonl: No such file or directory\n"
