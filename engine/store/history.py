"""Saved rounds: one transaction per settled round, and the hand-by-hand history read back.

Only finished rounds are listed and counted here; the round in progress (journaled by
`engine.store.journal`) has no seats or hands until `save_round` finishes it.

`save_round` writes the round's record line (the engine's replay format), a row per seat
(profile, initial bet, bankroll before and after, net, insurance), a row per hand, the
decision-quality rows the game passes in, any tournament results the round decided, and
each profile's new bankroll, all in one transaction: a crash or kill loses at most the
round in progress, never half of one.
"""

from __future__ import annotations

import json
import math
import sqlite3
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from engine import events as ev
from engine.actions import Action
from engine.audit import ShoeCheck, ShoeSeal, check_shoe, fingerprint, order_text
from engine.cards import Card
from engine.hand import hand_total
from engine.money import Money
from engine.record import record_line
from engine.round import Round
from engine.store.database import Store, timestamp
from engine.store.errors import StoreError
from engine.store.journal import finishing
from engine.store.profiles import Profile, check_seat_profiles, profile_named
from engine.store.tournaments import insert_tournament
from engine.table import Table


@dataclass(frozen=True, slots=True)
class DecisionQuality:
    """How one decision compared with basic strategy, as the game judged it.

    `ev_lost` is the expected loss in cents of the choice against the best play (an
    estimate, so a float), when known.
    """

    seat: int
    hand: int
    action: Action
    correct: bool
    best: Action | None = None
    ev_lost: float | None = None
    index_play: Mapping[str, Any] | None = field(default=None, hash=False)
    """When the count called for an index play here: the round record's `index_plays` entry for it."""


@dataclass(frozen=True, slots=True)
class HandRow:
    """One settled hand with its round and seat, as `blackjack history` lists it and CSV holds it."""

    round_id: int
    played_at: str
    session: str | None
    seat: int
    player: str
    hand: int
    cards: str
    """The hand's card codes, space-separated."""
    dealer: str
    """The dealer's card codes, space-separated."""
    bet: Money
    stake: Money
    doubled: bool
    from_split: bool
    surrendered: bool
    total: int
    result: str
    """The engine's result word: blackjack, win, push, lose, bust or surrender."""
    net: Money
    insurance_net: Money | None
    """The seat's insurance result this round (None without insurance)."""
    seat_net: Money
    """The seat's whole result this round, every hand and insurance."""
    bankroll_after: Money


def save_round(
    store: Store,
    played: Round,
    profiles: Sequence[Profile | None],
    *,
    decisions: Sequence[DecisionQuality] = (),
    player_ev: float | None = None,
    session: str | None = None,
    played_at: datetime | None = None,
    round_id: int | None = None,
    tournament_owners: Sequence[Profile | None] | None = None,
) -> int:
    """Save a settled round and every profile's bankroll after it in one transaction; returns its id.

    `profiles` has one entry per seat (None for a seat no profile owns, such as a bot);
    a profile's name must be its seat's name. `player_ev` is the rules' expected result
    per unit of initial bet (for example -0.005), which the statistics use for luck;
    `session` is any label the game gives one sitting, for the session leaderboard.
    A tournament end in the round is saved, in the same transaction, as a result for that
    seat's entry in `tournament_owners` (the profiles by default). With `round_id` the
    round journaled by `begin_round` is finished in its own row: the profiles must be the
    ones it was begun with, and its tournament owners are the journaled ones by default.

    Raises StoreError when the round is not over, the profiles do not match the seats,
    a decision names a seat or hand that does not exist, the journaled round is finished
    already (nothing is saved twice) or is another round, or the database fails.
    """
    table = played.table
    names = table.seat_names
    if not played.is_over:
        raise StoreError(f"cannot save round {played.number}: it is not over")
    try:
        check_seat_profiles(names, profiles)
        if tournament_owners is not None:
            check_seat_profiles(names, tournament_owners)
    except StoreError as error:
        raise StoreError(f"cannot save round {played.number}: {error}") from None
    _check_decisions(played, decisions)
    if player_ev is not None and not math.isfinite(player_ev):
        raise StoreError(f"the player EV must be a finite number, not {player_ev!r}")
    ended = [event for event in played.events if isinstance(event, ev.RoundEnded)]
    if not ended:
        raise StoreError(f"cannot save round {played.number}: it has no end event")
    after = ended[-1].bankrolls
    before = played.start_bankrolls
    line = record_line(played, [q.index_play for q in decisions if q.index_play is not None])
    when = timestamp(played_at)
    with store.transaction() as connection:
        if round_id is None:
            cursor = connection.execute(
                "INSERT INTO rounds (played_at, number, dealer, record) VALUES (?, ?, '', '')",
                (when, played.number),
            )
            assert cursor.lastrowid is not None
            round_id = cursor.lastrowid
            owners = [None if p is None else p.id for p in tournament_owners or profiles]
        else:
            owners = finishing(connection, round_id, played, profiles, tournament_owners)
        connection.execute(
            "UPDATE rounds SET played_at = ?, session = COALESCE(?, session), dealer = ?, record = ?,"
            " player_ev = ?, unfinished = 0, journal = NULL WHERE id = ?",
            (when, session, _codes(played.dealer), line, player_ev, round_id),
        )
        for seat, name in enumerate(names):
            profile = profiles[seat]
            try:
                connection.execute(
                    "INSERT INTO round_seats (round_id, seat, profile_id, name, bet, bankroll_before,"
                    " bankroll_after, net, insurance_net) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    (round_id, seat, profile.id if profile else None, name, played.bet(seat), before[seat],
                     after[seat], after[seat] - before[seat], played.insurance_net(seat)),
                )
            except sqlite3.IntegrityError:
                raise StoreError(f"cannot save round {played.number}: {name}'s profile is gone") from None
            for hand in played.hands(seat):
                if hand.result is None or hand.net is None:
                    continue
                connection.execute(
                    "INSERT INTO hands (round_id, seat, hand, cards, bet, stake, doubled, from_split,"
                    " surrendered, total, result, net) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    (round_id, seat, hand.index, _codes(hand.cards), hand.bet, hand.stake, hand.doubled,
                     hand.from_split, hand.surrendered, hand_total(hand.cards)[0], hand.result.value,
                     hand.net),
                )
        for ordinal, quality in enumerate(decisions):
            connection.execute(
                "INSERT INTO decisions (round_id, ordinal, seat, hand, action, best, correct, ev_lost)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                (round_id, ordinal, quality.seat, quality.hand, quality.action.value,
                 quality.best.value if quality.best else None, quality.correct, quality.ev_lost),
            )
        for seat, profile in enumerate(profiles):
            if profile is None:
                continue
            connection.execute("UPDATE profiles SET bankroll = ? WHERE id = ?", (after[seat], profile.id))
        for event in played.events:
            if isinstance(event, ev.TournamentEnded) and (owner := owners[event.seat]) is not None:
                insert_tournament(
                    connection, owner, won=event.won, final_bankroll=event.bankroll,
                    rounds=played.number, rules=Table.of(played).rules_source or "custom", finished_at=when,
                )
    return round_id


def hand_rows(
    store: Store,
    *,
    player: str | None = None,
    last_rounds: int | None = None,
    skipped: list[str] | None = None,
) -> list[HandRow]:
    """Settled hands oldest first (seat and split order within a round), of one player or everyone.

    `last_rounds` keeps only the most recent rounds (that the player bet in); more than the
    database can count means all of them. A round with a garbled hand or seat row (money or
    a count that is not a whole number, cards or a name that are not text) is left out, and
    `garbled_round`'s sentence for it is added to `skipped` when given. Raises StoreError
    for an unknown player or a negative `last_rounds`.
    """
    if last_rounds is not None and last_rounds < 0:
        raise StoreError(f"the number of rounds to list must be 0 or more, not {last_rounds}")
    where, parameters = _player_filter(store, player)
    rows = store.rows(
        "WITH chosen AS (SELECT DISTINCT rs.round_id FROM round_seats rs WHERE rs.bet > 0"
        f"{where} ORDER BY rs.round_id DESC LIMIT ?)"
        " SELECT r.id AS round_id, r.played_at, r.session, r.dealer, rs.seat, rs.name, rs.net AS seat_net,"
        " rs.insurance_net, rs.bankroll_after, h.hand, h.cards, h.bet, h.stake, h.doubled, h.from_split,"
        " h.surrendered, h.total, h.result, h.net"
        " FROM hands h JOIN round_seats rs USING (round_id, seat) JOIN rounds r ON r.id = rs.round_id"
        f" WHERE rs.round_id IN chosen{where} ORDER BY r.id, h.seat, h.hand",
        [*parameters, -1 if last_rounds is None else min(last_rounds, _SQLITE_MAX), *parameters],
    )
    garbled: dict[int, str] = {}
    for row in rows:
        if row["round_id"] not in garbled and (problem := _hand_row_problem(row)) is not None:
            garbled[row["round_id"]] = problem
    if skipped is not None:
        skipped.extend(garbled_round(round_id, problem) for round_id, problem in garbled.items())
    return [
        HandRow(
            round_id=row["round_id"], played_at=row["played_at"], session=row["session"], seat=row["seat"],
            player=row["name"], hand=row["hand"], cards=row["cards"], dealer=row["dealer"], bet=row["bet"],
            stake=row["stake"], doubled=bool(row["doubled"]), from_split=bool(row["from_split"]),
            surrendered=bool(row["surrendered"]), total=row["total"], result=row["result"], net=row["net"],
            insurance_net=row["insurance_net"], seat_net=row["seat_net"],
            bankroll_after=row["bankroll_after"],
        )
        for row in rows
        if row["round_id"] not in garbled
    ]


def garbled_round(round_id: int, problem: str) -> str:
    """The sentence for a saved round left out of a listing because a row of it cannot be read back.

    >>> garbled_round(2, "its record is not JSON")
    'round 2 is garbled in the database (its record is not JSON); it was left out.'
    """
    return f"round {round_id} is garbled in the database ({problem}); it was left out."


_WHOLE = ("seat", "hand", "bet", "stake", "total", "net", "seat_net", "bankroll_after")
_TEXT = ("played_at", "name", "cards", "dealer", "result")


def _hand_row_problem(row: sqlite3.Row) -> str | None:
    """What is wrong with one of `hand_rows`' rows for a listing, or None."""
    for column in _WHOLE:
        if type(row[column]) is not int:
            return f"its {column} is {row[column]!r:.40}, not a whole number"
    if row["insurance_net"] is not None and type(row["insurance_net"]) is not int:
        return f"its insurance_net is {row['insurance_net']!r:.40}, not a whole number"
    for column in _TEXT:
        if not isinstance(row[column], str):
            return f"its {column} is {row[column]!r:.40}, not text"
    return None


def round_records(store: Store, *, player: str | None = None) -> list[str]:
    """The saved record lines (the engine's replay format), oldest first, of rounds a player bet in.

    Without a player every round is given. Raises StoreError for an unknown player.
    """
    where, parameters = _player_filter(store, player)
    rows = store.rows(
        "SELECT r.record FROM rounds r WHERE r.unfinished = 0 AND EXISTS (SELECT 1 FROM round_seats rs"
        f" WHERE rs.round_id = r.id AND rs.bet > 0{where}) ORDER BY r.id",
        parameters,
    )
    return [row["record"] for row in rows]


RESULTS = ("won", "lost", "pushed")
"""The result filter of `round_lines`: a seat's net above, below or at zero."""


@dataclass(frozen=True, slots=True)
class SeatLine:
    """One seat of a listed round: who sat there, the hands, and the money."""

    seat: int
    player: str
    person: bool
    """Whether a profile (a person) owned the seat; bots own none."""
    bet: Money
    net: Money
    hands: tuple[str, ...]
    """Each hand's card codes, space-separated, in split order."""
    results: tuple[str, ...]
    """Each hand's result word (blackjack, win, push, lose, bust, surrender), in split order."""


@dataclass(frozen=True, slots=True)
class RoundLine:
    """One saved round as the history browser lists it."""

    round_id: int
    played_at: str
    session: str | None
    dealer: str
    """The dealer's card codes, space-separated."""
    record: str
    """The round's record line (the engine's replay format)."""
    seats: tuple[SeatLine, ...]
    """The seats that bet, in seat order."""
    mistakes: int
    """Decisions saved as not the best play (of the chosen player, when one is chosen)."""
    ev_lost: float
    """What those decisions gave up in expectation, in cents (0 where they were not priced)."""
    net: Money
    """The chosen player's net (matched by profile, so a renamed person's earlier rounds count),
    or without one the people's together (bots left out)."""


def round_lines(
    store: Store,
    *,
    player: str | None = None,
    session: str | None = None,
    result: str | None = None,
    with_mistake: bool = False,
    limit: int = 500,
) -> list[RoundLine]:
    """Settled rounds newest first, of one player (rounds they bet in) or the whole table, filtered.

    `session` keeps one sitting; `result` ("won", "lost" or "pushed") keeps rounds whose
    player (without one: any seat) ended with a net above, below or at zero; `with_mistake`
    keeps rounds with a decision saved as not the best play (the player's, when named).
    Raises StoreError for an unknown player or result.
    """
    if result is not None and result not in RESULTS:
        raise StoreError(f"the result must be one of {', '.join(RESULTS)}, not {result!r}")
    seat_where, by_player = _player_filter(store, player)
    of_mistakes = (
        "FROM decisions d JOIN round_seats rs USING (round_id, seat)"
        f" WHERE d.round_id = r.id AND d.correct = 0{seat_where})"
    )
    mistakes = f"(SELECT COUNT(*) {of_mistakes}"
    ev_lost = f"(SELECT COALESCE(SUM(d.ev_lost), 0) {of_mistakes}"
    conditions = [
        "r.unfinished = 0",
        "EXISTS (SELECT 1 FROM round_seats rs WHERE rs.round_id = r.id"
        f" AND rs.bet > 0{seat_where}{_net_condition(result)})",
    ]
    # the mistake count's, the EV lost's, then the seat condition's
    parameters: list[object] = [*by_player, *by_player, *by_player]
    if session is not None:
        conditions.append("r.session = ?")
        parameters.append(session)
    if with_mistake:
        conditions.append(f"{mistakes} > 0")
        parameters.extend(by_player)
    rows = store.rows(
        f"SELECT r.id, r.played_at, r.session, r.dealer, r.record, {mistakes} AS mistakes,"
        f" {ev_lost} AS ev_lost FROM rounds r"
        f" WHERE {' AND '.join(conditions)} ORDER BY r.id DESC LIMIT ?",
        [*parameters, limit],
    )
    if not rows:
        return []
    ids = [row["id"] for row in rows]
    marks = ", ".join("?" * len(ids))
    hands: dict[tuple[int, int], list[tuple[str, str]]] = {}
    for row in store.rows(
        f"SELECT round_id, seat, cards, result FROM hands WHERE round_id IN ({marks})"
        " ORDER BY round_id, seat, hand",
        ids,
    ):
        hands.setdefault((row["round_id"], row["seat"]), []).append((row["cards"], row["result"]))
    chosen = by_player[0] if by_player else None
    seats: dict[int, list[SeatLine]] = {}
    nets: dict[int, Money] = {}
    for row in store.rows(
        "SELECT round_id, seat, name, profile_id, bet, net FROM round_seats"
        f" WHERE round_id IN ({marks}) AND bet > 0 ORDER BY round_id, seat",
        ids,
    ):
        played = hands.get((row["round_id"], row["seat"]), [])
        seats.setdefault(row["round_id"], []).append(SeatLine(
            seat=row["seat"], player=row["name"], person=row["profile_id"] is not None, bet=row["bet"],
            net=row["net"], hands=tuple(cards for cards, _ in played),
            results=tuple(word for _, word in played),
        ))
        if row["profile_id"] is not None and chosen in (None, row["profile_id"]):
            nets[row["round_id"]] = nets.get(row["round_id"], 0) + row["net"]
    return [
        RoundLine(
            round_id=row["id"], played_at=row["played_at"], session=row["session"], dealer=row["dealer"],
            record=row["record"], seats=tuple(seats.get(row["id"], ())), mistakes=int(row["mistakes"]),
            ev_lost=float(row["ev_lost"]), net=nets.get(row["id"], 0),
        )
        for row in rows
    ]


def sessions(store: Store, *, player: str | None = None) -> list[str]:
    """The sittings' labels, newest first (those the player bet in, when one is named).

    Raises StoreError for an unknown player.
    """
    where, parameters = _player_filter(store, player)
    rows = store.rows(
        "SELECT r.session FROM rounds r JOIN round_seats rs ON rs.round_id = r.id"
        f" WHERE r.unfinished = 0 AND r.session IS NOT NULL AND rs.bet > 0{where}"
        " GROUP BY r.session ORDER BY MAX(r.id) DESC",
        parameters,
    )
    return [row[0] for row in rows]


_SQLITE_MAX = 2**63 - 1
"""The largest integer SQLite holds (a LIMIT beyond it overflows)."""

_NET = {None: "", "won": " AND rs.net > 0", "lost": " AND rs.net < 0", "pushed": " AND rs.net = 0"}


def _net_condition(result: str | None) -> str:
    return _NET[result]


def round_count(store: Store, *, player: str | None = None) -> int:
    """How many rounds are saved (in which the player had a bet, when one is named).

    Raises StoreError for an unknown player.
    """
    if player is None:
        return int(store.rows("SELECT COUNT(*) FROM rounds WHERE unfinished = 0")[0][0])
    where, parameters = _player_filter(store, player)
    return int(store.rows(f"SELECT COUNT(*) FROM round_seats rs WHERE rs.bet > 0{where}", parameters)[0][0])


def _player_filter(store: Store, player: str | None) -> tuple[str, list[object]]:
    if player is None:
        return "", []
    return " AND rs.profile_id = ?", [profile_named(store, player).id]


def _check_decisions(played: Round, decisions: Sequence[DecisionQuality]) -> None:
    seats = len(played.table.seat_names)
    for number, quality in enumerate(decisions):
        if not 0 <= quality.seat < seats:
            raise StoreError(f"decision {number} names seat {quality.seat}; the table has {seats} seats")
        hands = len(played.hands(quality.seat))
        if not 0 <= quality.hand < hands:
            raise StoreError(
                f"decision {number} names hand {quality.hand} of seat {quality.seat}, which has {hands} hands"
            )
        if quality.ev_lost is not None and not math.isfinite(quality.ev_lost):
            raise StoreError(f"decision {number}: the EV lost must be a finite number")


def _codes(cards: Sequence[Card]) -> str:
    return " ".join(card.code for card in cards)


@dataclass(frozen=True, slots=True)
class ShoeRecord:
    """A shoe's commitment as the history keeps it, with the rounds dealt from it; the order once revealed."""

    shoe_id: int
    committed_at: str
    """When the commitment was saved (before the shoe's first round), ISO 8601 UTC."""
    session: str | None
    digest: str
    """The commitment: SHA-256 of the order and the salt (`engine.audit`), 64 hex digits."""
    burned: int
    """Cards that left the shoe face down before its first round."""
    revealed_at: str | None
    """When the shoe ended and its order and salt were revealed; None while it may still deal."""
    order: str | None
    """The order's text (card codes separated by spaces), once revealed."""
    salt: str | None
    """The salt, once revealed."""
    rounds: tuple[tuple[int, str], ...]
    """Each finished round dealt from the shoe, oldest first: its id and its cards in the order dealt."""

    @property
    def fingerprint(self) -> str:
        """The commitment's first 16 hex digits, as the table showed it."""
        return fingerprint(self.digest)

    def check(self) -> ShoeCheck | None:
        """Check the revealed order and salt against the commitment and the rounds (None: not revealed)."""
        if self.order is None or self.salt is None:
            return None
        return check_shoe(self.digest, self.order, self.salt, self.rounds, burned=self.burned)


def commit_shoe(
    store: Store,
    seal: ShoeSeal,
    *,
    burned: int = 0,
    session: str | None = None,
    committed_at: datetime | None = None,
) -> int:
    """Save a shoe's commitment before its first round, revealing the shoes it ends; returns its id.

    In the same transaction every other shoe still sealed is revealed (a new shuffle ends the
    shoe before it, and a table closed by a quit or a kill deals no more), except a shoe an
    unfinished round is dealt from: a resumed round goes on dealing it. Committing the same
    seal again (a round resumed from before its shuffle seals it again) returns the same id.

    Raises StoreError when the database fails.
    """
    sealed = json.dumps({"order": order_text(seal.order), "salt": seal.salt})
    when = timestamp(committed_at)
    with store.transaction() as connection:
        known = connection.execute("SELECT id FROM shoes WHERE digest = ?", (seal.digest,)).fetchone()
        if known is not None:
            return int(known["id"])
        _reveal(connection, when, keep=None)
        cursor = connection.execute(
            "INSERT INTO shoes (committed_at, session, digest, burned, sealed) VALUES (?, ?, ?, ?, ?)",
            (when, session, seal.digest, burned, sealed),
        )
        assert cursor.lastrowid is not None
        return cursor.lastrowid


def reveal_shoes(store: Store, *, keep: str | None = None, revealed_at: datetime | None = None) -> int:
    """Reveal every sealed shoe but `keep` (a digest) and any an unfinished round is dealt from; how many.

    The game calls it when its table closes: that table's shoe deals no more. Raises
    StoreError when the database fails.
    """
    with store.transaction() as connection:
        return _reveal(connection, timestamp(revealed_at), keep=keep)


def _reveal(connection: sqlite3.Connection, when: str, *, keep: str | None) -> int:
    cursor = connection.execute(
        "UPDATE shoes SET revealed_at = ? WHERE revealed_at IS NULL AND digest IS NOT ?"
        " AND id NOT IN (SELECT shoe_id FROM rounds WHERE unfinished = 1 AND shoe_id IS NOT NULL)",
        (when, keep),
    )
    return cursor.rowcount


def shoe_records(store: Store, *, shoe_id: int | None = None, limit: int | None = 200) -> list[ShoeRecord]:
    """The newest `limit` shoes the history holds (None: all), newest first, or the one asked for, with
    their finished rounds.

    A sealed shoe's order and salt are left out (None) until it is revealed. Raises
    StoreError when the database fails.
    """
    where, parameters = ("WHERE id = ?", [shoe_id]) if shoe_id is not None else ("", [])
    newest = -1 if limit is None else limit  # SQLite's LIMIT -1: no limit
    rows = store.rows(f"SELECT * FROM shoes {where} ORDER BY id DESC LIMIT ?", [*parameters, newest])
    if not rows:
        return []
    ids = [row["id"] for row in rows]
    dealt: dict[int, list[tuple[int, str]]] = {}
    for row in store.rows(
        "SELECT id, shoe_id, record FROM rounds WHERE unfinished = 0"
        f" AND shoe_id IN ({', '.join('?' * len(ids))}) ORDER BY id",
        ids,
    ):
        dealt.setdefault(row["shoe_id"], []).append((row["id"], _record_cards(row["record"])))
    out = []
    for row in rows:
        order = salt = None
        if row["revealed_at"] is not None:
            order, salt = _sealed(row["sealed"])
        out.append(ShoeRecord(
            shoe_id=row["id"], committed_at=str(row["committed_at"]), session=row["session"],
            digest=str(row["digest"]), burned=row["burned"] if type(row["burned"]) is int else 0,
            revealed_at=row["revealed_at"], order=order, salt=salt, rounds=tuple(dealt.get(row["id"], ())),
        ))
    return out


def _sealed(text: object) -> tuple[str, str]:
    """The order and salt kept with a commitment (empty text when garbled: checking it then fails)."""
    try:
        kept = json.loads(text) if isinstance(text, str) else None
    except ValueError:
        kept = None
    if not isinstance(kept, dict):
        return "", ""
    order, salt = kept.get("order"), kept.get("salt")
    return (order if isinstance(order, str) else "", salt if isinstance(salt, str) else "")


def _record_cards(line: object) -> str:
    """A round record's cards as text (a garbled record gives '?', which checking reports)."""
    try:
        record = json.loads(line) if isinstance(line, str) else None
    except ValueError:
        record = None
    cards = record.get("shoe") if isinstance(record, dict) else None
    if not isinstance(cards, list) or not all(isinstance(code, str) for code in cards):
        return "?"
    return " ".join(cards)
