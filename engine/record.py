"""Round records: one JSON line per round, enough to replay it exactly.

A record holds `rules` (a preset id, a file path, or an object of options), `seats`
(`name`, `bankroll` before the round), `bets` (one per seat, 0 to sit out), `shoe` (card
codes in the order they left the shoe), `decisions` (action words in the order the
engine asked) and `seed` (the shoe's seed when known). Money is in units, as JSON numbers.
"""

from __future__ import annotations

import json
from typing import Any

from engine.actions import Action
from engine.cards import Card
from engine.errors import BlackjackError, RecordError
from engine.hand import hand_total
from engine.money import to_cents, to_units
from engine.round import Round
from engine.rulesets import resolve_rules_spec, rules_to_mapping
from engine.shoe import StackedShoe
from engine.table import Seat, Table

RECORD_KEYS = ("rules", "seats", "bets", "shoe", "decisions", "seed")


def round_record(played: Round) -> dict[str, Any]:
    """The record of a round (finished or not) as a JSON-ready dict."""
    table = Table.of(played)
    rules: Any = table.rules_source if table.rules_source is not None else rules_to_mapping(table.rules)
    return {
        "rules": rules,
        "seats": [
            {"name": name, "bankroll": to_units(bankroll)}
            for name, bankroll in zip(table.seat_names, played.start_bankrolls, strict=True)
        ],
        "bets": [to_units(played.bet(seat)) for seat in range(len(table.seat_names))],
        "shoe": [card.code for card in played.drawn],
        "decisions": [action.value for action in played.decisions],
        "seed": table.seed,
    }


def record_line(played: Round) -> str:
    """The record of a round as one compact JSON line (no newline)."""
    return json.dumps(round_record(played), separators=(",", ":"))


def replay_record(record: dict[str, Any]) -> Round:
    """Play a record again from its stacked shoe; the finished Round is returned.

    Raises RecordError (or another BlackjackError) naming what is wrong: a bad field, an
    illegal or missing decision, a decision left over, or a shoe that ran out.
    """
    if not isinstance(record, dict):
        raise RecordError("a record must be a JSON object")
    missing = [key for key in ("rules", "seats", "bets", "shoe", "decisions") if key not in record]
    if missing:
        raise RecordError(f"the record has no {missing[0]!r} field")
    rules = resolve_rules_spec(_field(record, "rules", (str, dict)))
    seats = [_seat(i, s) for i, s in enumerate(_field(record, "seats", list))]
    bets = _field(record, "bets", list)
    if len(bets) != len(seats):
        raise RecordError(f"'bets' has {len(bets)} entries for {len(seats)} seats")
    shoe = StackedShoe(Card.parse(_text(code, "shoe")) for code in _field(record, "shoe", list))
    decisions = [_decision(i, word) for i, word in enumerate(_field(record, "decisions", list))]
    table = Table(rules, seats, shoe=shoe)
    played = table.start_round()
    for seat, bet in enumerate(bets):
        cents = _money(bet, f"bets[{seat}]")
        if cents:
            played.place_bet(seat, cents)
    played.deal()
    for number, action in enumerate(decisions, start=1):
        if played.is_over:
            raise RecordError(
                f"decision {number} ({action.value!r}) comes after the round is over"
            )
        try:
            played.act(action)
        except BlackjackError as error:
            raise RecordError(f"decision {number}: {error}") from None
    if not played.is_over:
        decision = played.decision
        asked = f"seat {decision.seat} hand {decision.hand}" if decision else "a seat"
        raise RecordError(f"the decisions ran out while {asked} still had to decide")
    return played


def replay_summary(played: Round) -> dict[str, Any]:
    """The outcome of a finished round as the replay command prints it with --json."""
    table = played.table
    hands = []
    for seat in range(len(table.seat_names)):
        for hand in played.hands(seat):
            hands.append({
                "seat": seat,
                "cards": [card.code for card in hand.cards],
                "bet": to_units(hand.stake),
                "total": hand_total(hand.cards)[0],
                "result": hand.result.value if hand.result else None,
                "net": to_units(hand.net or 0),
            })
    insurance = [
        {"seat": seat, "net": to_units(net)}
        for seat in range(len(table.seat_names))
        if (net := played.insurance_net(seat)) is not None
    ]
    summary: dict[str, Any] = {
        "dealer": {
            "cards": [card.code for card in played.dealer],
            "total": hand_total(played.dealer)[0] if played.dealer else 0,
        },
        "hands": hands,
    }
    if insurance:
        summary["insurance"] = insurance
    summary["bankrolls"] = [to_units(b) for b in table.bankrolls()]
    return summary


def _field(record: dict[str, Any], key: str, kind: type | tuple[type, ...]) -> Any:
    value = record[key]
    if not isinstance(value, kind):
        raise RecordError(f"the record's {key!r} field has the wrong type")
    return value


def _text(value: Any, where: str) -> str:
    if not isinstance(value, str):
        raise RecordError(f"{where}: {value!r} is not a string")
    return value


def _money(value: Any, where: str) -> int:
    try:
        cents = to_cents(value)
    except ValueError as error:
        raise RecordError(f"{where}: {error}") from None
    if cents < 0:
        raise RecordError(f"{where}: an amount cannot be negative")
    return cents


def _seat(index: int, value: Any) -> Seat:
    if not isinstance(value, dict) or "name" not in value or "bankroll" not in value:
        raise RecordError(f"seats[{index}] must be an object with 'name' and 'bankroll'")
    return Seat(_text(value["name"], f"seats[{index}].name"), _money(value["bankroll"], f"seats[{index}]"))


def _decision(index: int, word: Any) -> Action:
    try:
        return Action(word)
    except ValueError:
        choices = ", ".join(action.value for action in Action)
        raise RecordError(f"decisions[{index}]: {word!r} is not a decision; use {choices}") from None
