"""Round records: one JSON line per round, enough to replay it exactly, or to continue it.

A record holds `rules` (a preset id, a file path, or an object of options), `seats`
(`name`, `bankroll` before the round, and at a tournament table the seat's `standing`:
`playing`, `won` or `lost`), `bets` (one per seat, 0 to sit out), `shoe` (card codes in
the order they left the shoe), `decisions` (action words in the order the engine asked)
and `seed` (the shoe's seed when known). When the rules deal a first card before the bet,
`first_cards` lists the seats (from 0) that were dealt one: a seat out of its tournament,
or one that could not cover the minimum when the round began, gets none, and a buy-in
made while betting does not change that. Money is in units, as JSON numbers.

A saved round may also hold `index_plays`: each decision at which the person's count called
for an index play (`seat`, `hand`, the `count`, the `index`, the `play` and whether it was
`made`), for the Statistics screen; replay ignores it, and records without it read as before.

A record written before `first_cards` existed is replayed when its cards can be read only
one way; otherwise it is refused with a sentence rather than replayed wrong.

The record of a round still in play is the record so far. With the state the table was in
when the round began (`round_start_state`: round number, tournament standings, the shoe's
snapshot), `continue_record` rebuilds the table and the live round at the same decision,
and the shoe deals on what it would have dealt; `replay_record` is the same play, required
to reach the end.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from engine.actions import Action
from engine.cards import Card
from engine.errors import BlackjackError, RecordError
from engine.events import TournamentEnded
from engine.hand import hand_total
from engine.i18n import _, ngettext
from engine.money import Money, to_cents, to_units
from engine.round import Round, first_card_takers
from engine.rules import Rules
from engine.rulesets import preset_ids, resolve_rules_spec, rules_to_mapping
from engine.shoe import CardSource, StackedShoe, restore_shoe, shoe_snapshot
from engine.table import Seat, Table, TournamentStatus

RECORD_KEYS = ("rules", "seats", "bets", "shoe", "decisions", "seed", "first_cards", "index_plays")


def round_record(played: Round) -> dict[str, Any]:
    """The record of a round (finished or not) as a JSON-ready dict.

    The rules go in by a preset's id, which ships with the program; the rules of a file (one
    passed with --rules, or a table saved in the editor) go in option by option, since the file
    may be edited after the round and its replay must not change.
    """
    table = Table.of(played)
    source = table.rules_source
    rules: Any = source if source in preset_ids() else rules_to_mapping(table.rules)
    seats: list[dict[str, Any]] = [
        {"name": name, "bankroll": to_units(bankroll)}
        for name, bankroll in zip(table.seat_names, played.start_bankrolls, strict=True)
    ]
    if table.rules.tournament is not None:
        for seat, standing in zip(seats, start_standing(played), strict=True):
            seat["standing"] = standing.value
    record: dict[str, Any] = {
        "rules": rules,
        "seats": seats,
        "bets": [to_units(played.bet(seat)) for seat in range(len(table.seat_names))],
        "shoe": [card.code for card in played.drawn],
        "decisions": [action.value for action in played.decisions],
        "seed": table.seed,
    }
    if table.rules.first_card_before_bet:
        record["first_cards"] = list(played.first_card_seats)
    return record


def start_standing(played: Round) -> tuple[TournamentStatus, ...]:
    """Each seat's tournament standing as the round began (a seat the round itself ended was playing)."""
    table = Table.of(played)
    ended_now = {event.seat for event in played.events if isinstance(event, TournamentEnded)}
    return tuple(
        TournamentStatus.PLAYING if seat in ended_now else table.tournament_status(seat)
        for seat in range(len(table.seat_names))
    )


def record_line(played: Round, index_plays: Sequence[Mapping[str, Any]] = ()) -> str:
    """The record of a round as one compact JSON line (no newline), with its `index_plays` when any."""
    record = round_record(played)
    if index_plays:
        record["index_plays"] = [dict(play) for play in index_plays]
    return json.dumps(record, separators=(",", ":"))


def round_start_state(table: Table) -> dict[str, Any]:
    """What continuing the table's next round needs beyond its record; take it just before `start_round()`.

    It is JSON-ready: the round's `number`, each seat's `tournament` status, the `shoe`
    snapshot (cut card, undealt order, discards, RNG state) from before the round's first
    card, every option of the `rules` it is played by, so a rules file edited after a
    crash cannot change the round that resumes, and the rules' `source` (a preset id or
    file, or None), which the resumed table keeps naming.

    >>> from engine import StackedShoe, load_rules
    >>> table = Table(load_rules("vegas-strip"), [("Ann", 10000)], shoe=StackedShoe("T 7 9 T 8"))
    >>> state = round_start_state(table)
    >>> state["number"], state["tournament"], state["shoe"]["kind"], state["shoe"]["next"]
    (1, ['playing'], 'stacked', 0)

    Raises ShoeStateError when the table's card source is not one the engine can save.
    """
    seats = range(len(table.seat_names))
    return {
        "number": table.rounds_played + 1,
        "tournament": [table.tournament_status(seat).value for seat in seats],
        "shoe": shoe_snapshot(table.shoe),
        "rules": rules_to_mapping(table.rules),
        "source": table.rules_source,
    }


def continue_record(record: dict[str, Any], start: dict[str, Any] | None = None) -> Round:
    """Play a record's bets and decisions again and stop where it stops: the round, live, on its own table.

    Without `start` the cards come from the record's `shoe` (a replay). With the state
    `round_start_state` took, the table gets its round number, tournament standings and
    shoe back, so play goes on dealing what the original shoe would have dealt; the cards
    drawn must then be exactly the record's `shoe`. A record with no bet stops before the
    deal (a first card before the bet may be out); with a bet the cards are dealt.

    >>> from engine import Action, StackedShoe, load_rules
    >>> table = Table(load_rules("vegas-strip"), [("Ann", 10000)], shoe=StackedShoe("T 7 2 T 6 9"))
    >>> start = round_start_state(table)
    >>> rnd = table.start_round(); _ = rnd.place_bet(0, 1000); _ = rnd.deal(); _ = rnd.hit()
    >>> again = continue_record(round_record(rnd), start)
    >>> again.hands(0)[0].cards, again.decision.seat, again.table.bankroll(0)
    ((T, 2, 6), 0, 9000)
    >>> _ = again.stand(); again.table.bankroll(0)
    11000

    Raises RecordError (or another BlackjackError) naming what is wrong: a bad field, an
    illegal decision, a decision after the end, a shoe that ran out, or (with `start`) a
    start state that does not fit or cards that differ from the record's.
    """
    read = _read_record(record, start)
    if start is None and read.rules.first_card_before_bet and read.first_cards is None:
        return _replay_undeclared_first_cards(read)
    return _play(read, start, read.first_cards)


@dataclass(frozen=True, slots=True)
class _ReadRecord:
    """A record's fields, checked and parsed."""

    rules: Rules
    source: str | None
    seats: list[Seat]
    standing: list[TournamentStatus]
    bets: list[Money]
    cards: list[Card]
    decisions: list[Action]
    first_cards: list[int] | None


def _read_record(record: Any, start: dict[str, Any] | None) -> _ReadRecord:
    if not isinstance(record, dict):
        raise RecordError(_("a record must be a JSON object"))
    missing = [key for key in ("rules", "seats", "bets", "shoe", "decisions") if key not in record]
    if missing:
        raise RecordError(_("the record has no {key!r} field").format(key=missing[0]))
    spec = _field(record, "rules", (str, dict))
    rules = resolve_rules_spec(start["rules"] if isinstance(start, dict) and "rules" in start else spec)
    seat_fields = _field(record, "seats", list)
    seats = [_seat(i, s) for i, s in enumerate(seat_fields)]
    bets = [_money(bet, f"bets[{seat}]") for seat, bet in enumerate(_field(record, "bets", list))]
    if len(bets) != len(seats):
        raise RecordError(ngettext(
            # The English reads the same for one seat (as it always has); other languages need both forms.
            "'bets' has {count} entries for {seats} seats", "'bets' has {count} entries for {seats} seats",
            len(seats),
        ).format(count=len(bets), seats=len(seats)))
    cards = [Card.parse(_text(code, "shoe")) for code in _field(record, "shoe", list)]
    decisions = [_decision(i, word) for i, word in enumerate(_field(record, "decisions", list))]
    source = spec if isinstance(spec, str) else None
    if isinstance(start, dict) and isinstance(start.get("source"), str):
        source = start["source"]
    first_cards = None
    if record.get("first_cards") is not None:
        first_cards = _first_cards(record["first_cards"], len(seats))
    return _ReadRecord(
        rules=rules, source=source, seats=seats,
        standing=[_standing(i, s) for i, s in enumerate(seat_fields)],
        bets=bets, cards=cards, decisions=decisions, first_cards=first_cards,
    )


def _play(read: _ReadRecord, start: dict[str, Any] | None, first_cards: list[int] | None) -> Round:
    """The round a read record describes, dealt from its own cards (or from `start`'s shoe) and played on."""
    if start is None:
        table = Table(read.rules, read.seats, shoe=StackedShoe(read.cards), rules_source=read.source)
        table.restore_standing(0, read.standing)
    else:
        number, statuses, shoe = _start_state(start, len(read.seats))
        table = Table(read.rules, read.seats, shoe=shoe, rules_source=read.source)
        table.restore_standing(number - 1, statuses)
    try:
        played = table.start_round(first_cards=first_cards)
    except BlackjackError as error:
        raise RecordError(_("first_cards: {error}").format(error=error)) from None
    for seat, cents in enumerate(read.bets):
        if cents:
            played.place_bet(seat, cents)
    if any(read.bets):
        played.deal()
    for number, action in enumerate(read.decisions, start=1):
        if played.is_over:
            raise RecordError(
                _("decision {number} ({action!r}) comes after the round is over").format(
                    number=number, action=action.value)
            )
        try:
            played.act(action)
        except BlackjackError as error:
            raise RecordError(_("decision {number}: {error}").format(number=number, error=error)) from None
    if start is not None and played.drawn != read.cards:
        cards = read.cards
        at = next((i for i, (a, b) in enumerate(zip(played.drawn, cards, strict=False)) if a != b), None)
        if at is not None:
            raise RecordError(_(
                "the shoe saved at the round's start does not deal the record's cards: "
                "card {number} is {dealt}, not {recorded}"
            ).format(number=at + 1, dealt=played.drawn[at], recorded=cards[at]))
        raise RecordError(ngettext(
            "the shoe saved at the round's start does not deal the record's cards: "
            "{count} card came out, not {recorded}",
            "the shoe saved at the round's start does not deal the record's cards: "
            "{count} cards came out, not {recorded}",
            len(played.drawn),
        ).format(count=len(played.drawn), recorded=len(cards)))
    return played


def _replay_undeclared_first_cards(read: _ReadRecord) -> Round:
    """Replay a first-card record written before records named the seats dealt a first card.

    Every seat that bet had one; a seat that bet nothing may have had one and sat out, or had
    none (out of its tournament, or short of the minimum before a buy-in). Each way of dealing
    that plays out every card and decision is tried: one outcome is replayed, several are refused.
    """
    table = Table(read.rules, read.seats, shoe=StackedShoe(()))
    table.restore_standing(0, read.standing)
    could = first_card_takers(table)
    betting = [seat for seat, bet in enumerate(read.bets) if bet]
    optional = [seat for seat in could if seat not in betting]
    fits: list[Round] = []
    for mask in range(2 ** len(optional)):
        dealt = sorted(betting + [seat for bit, seat in enumerate(optional) if mask >> bit & 1])
        try:
            played = _play(read, None, dealt)
        except BlackjackError:
            continue
        if played.drawn == read.cards:
            fits.append(played)
    if not fits:
        return _play(read, None, could)  # raises the sentence for the deal the game would have made
    if any(replay_summary(played) != replay_summary(fits[0]) for played in fits[1:]):
        raise RecordError(_(
            "the record does not say which seats were dealt a first card (it was written before "
            "records did), and its cards fit more than one deal: it cannot be replayed exactly"
        ))
    return fits[0]


def walk_record(record: dict[str, Any]) -> Round:
    """A record's round dealt as the record says and stopped before its first decision, to be walked.

    The review, the resumed round's coach and the "my mistakes" drill play the decisions one
    by one from here. An old first-card record is read whole first, to learn who had a first card.

    Raises RecordError (or another BlackjackError) as `continue_record` does.
    """
    read = _read_record(record, None)
    first_cards = read.first_cards
    if read.rules.first_card_before_bet and first_cards is None:
        first_cards = list(_replay_undeclared_first_cards(read).first_card_seats)
    return _play(replace(read, decisions=[]), None, first_cards)


def replay_record(record: dict[str, Any]) -> Round:
    """Play a record again from its stacked shoe; the finished Round is returned.

    Raises RecordError (or another BlackjackError) naming what is wrong: a bad field, an
    illegal or missing decision, a decision left over, or a shoe that ran out.
    """
    played = continue_record(record)
    if not played.is_over:
        decision = played.decision
        if decision is None:
            raise RecordError(_("the record stops before the deal: no seat has bet"))
        raise RecordError(
            _("the decisions ran out while seat {seat} hand {hand} still had to decide").format(
                seat=decision.seat, hand=decision.hand)
        )
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


def _start_state(start: Any, seats: int) -> tuple[int, list[TournamentStatus], CardSource]:
    if not isinstance(start, dict) or not {"number", "tournament", "shoe"} <= start.keys():
        raise RecordError(_("a round's start state must be an object with 'number', 'tournament' and 'shoe'"))
    number = start["number"]
    if not isinstance(number, int) or isinstance(number, bool) or number < 1:
        raise RecordError(
            _("the start state's round number must be a whole number from 1, not {number!r}").format(
                number=number))
    statuses = start["tournament"]
    words = ", ".join(status.value for status in TournamentStatus)
    if not isinstance(statuses, list) or len(statuses) != seats:
        raise RecordError(
            _("the start state needs one tournament status per seat ({seats}): {words}").format(
                seats=seats, words=words))
    try:
        standing = [TournamentStatus(word) for word in statuses]
    except ValueError:
        raise RecordError(
            _("the start state's tournament statuses must be {words}").format(words=words)) from None
    return number, standing, restore_shoe(start["shoe"])


def _field(record: dict[str, Any], key: str, kind: type | tuple[type, ...]) -> Any:
    value = record[key]
    if not isinstance(value, kind):
        raise RecordError(_("the record's {key!r} field has the wrong type").format(key=key))
    return value


def _text(value: Any, where: str) -> str:
    if not isinstance(value, str):
        raise RecordError(_("{where}: {value!r} is not a string").format(where=where, value=value))
    return value


def _money(value: Any, where: str) -> int:
    try:
        cents = to_cents(value)
    except ValueError as error:
        raise RecordError(_("{where}: {error}").format(where=where, error=error)) from None
    if cents < 0:
        raise RecordError(_("{where}: an amount cannot be negative").format(where=where))
    return cents


def _standing(index: int, value: Any) -> TournamentStatus:
    word = value.get("standing", TournamentStatus.PLAYING.value) if isinstance(value, dict) else None
    try:
        return TournamentStatus(word)
    except ValueError:
        words = ", ".join(status.value for status in TournamentStatus)
        raise RecordError(_("seats[{index}].standing must be one of {words}, not {word!r}").format(
            index=index, words=words, word=word)) from None


def _first_cards(value: Any, seats: int) -> list[int]:
    if not isinstance(value, list) or not all(
        isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < seats for seat in value
    ) or len(set(value)) != len(value):
        raise RecordError(
            _("'first_cards' must list distinct seat numbers from 0 to {last}").format(last=seats - 1))
    return sorted(value)


def _seat(index: int, value: Any) -> Seat:
    if not isinstance(value, dict) or "name" not in value or "bankroll" not in value:
        raise RecordError(
            _("seats[{index}] must be an object with 'name' and 'bankroll'").format(index=index))
    return Seat(_text(value["name"], f"seats[{index}].name"), _money(value["bankroll"], f"seats[{index}]"))


def _decision(index: int, word: Any) -> Action:
    try:
        return Action(word)
    except ValueError:
        choices = ", ".join(action.value for action in Action)
        raise RecordError(_("decisions[{index}]: {word!r} is not a decision; use {choices}").format(
            index=index, word=word, choices=choices)) from None
