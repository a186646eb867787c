"""The round in progress, journaled step by step so a quit or a crash resumes it instead of refunding it.

`begin_round` writes the round's row in `rounds` marked unfinished, with its record so far
and the state the table was in at its start (`engine.record.round_start_state`), and in the
same transaction sets each profile's bankroll to its seat's money off the table (the bets
are taken). `record_step` writes the record after each decision and the bankrolls it leaves
(a double, a split or insurance moves money). `save_round(..., round_id=...)` fills the same
row when the round is over. Each is one short transaction, so a kill leaves the last step
that committed; `unfinished_round` reads it back and `UnfinishedRound.resume()` rebuilds the
table and the live round from it.

Repeating a step is a no-op, a step that would rewrite what is journaled is refused, and a
finished round takes no step and cannot be finished again: nothing is applied twice. There
is at most one unfinished round per database; a second game beginning a round while another
round is unfinished gets a StoreError.

>>> import tempfile
>>> from engine import Table, StackedShoe, load_rules
>>> from engine.record import round_start_state
>>> from engine.store import open_store, get_or_create_profile, find_profile, save_round
>>> folder = tempfile.TemporaryDirectory(); store = open_store(folder.name)
>>> ann = get_or_create_profile(store, "Ann", bankroll=10_000)
>>> table = Table(load_rules("vegas-strip"), [("Ann", 10_000)], shoe=StackedShoe("T 7 2 T 6"))
>>> start = round_start_state(table)                     # just before start_round()
>>> rnd = table.start_round(); _ = rnd.place_bet(0, 1000); _ = rnd.deal()
>>> round_id = begin_round(store, rnd, [ann], start)      # the bet is taken
>>> _ = rnd.hit(); record_step(store, round_id, rnd)      # a kill here keeps the hit
True
>>> find_profile(store, "Ann").bankroll
9000
>>> again = unfinished_round(store).resume()              # the next launch
>>> again.hands(0)[0].cards, again.decision.seat
((T, 2, 6), 0)
>>> _ = again.stand(); save_round(store, again, [ann], round_id=round_id), find_profile(store, "Ann").bankroll
(1, 11000)
>>> store.close(); folder.cleanup()
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from types import MappingProxyType
from typing import Any

from engine.errors import BlackjackError
from engine.record import continue_record, record_line
from engine.round import Round
from engine.shoe import shoe_seal
from engine.store.database import Store, database_errors, timestamp
from engine.store.errors import StoreError
from engine.store.profiles import Profile, check_seat_profiles, profiles_by_id


@dataclass(frozen=True, slots=True)
class UnfinishedRound:
    """The round a quit or crash interrupted, as journaled: enough to open the table again and go on."""

    round_id: int
    started_at: str
    """When the round was begun, as ISO 8601 UTC text."""
    session: str | None
    number: int
    record: dict[str, Any] = field(hash=False)
    """The round's record so far (rules, seats, bets, the cards dealt, the decisions made)."""
    start: dict[str, Any] = field(hash=False)
    """The table's state when the round began (`round_start_state`)."""
    profiles: tuple[Profile | None, ...]
    """The profile whose bankroll each seat plays (None for a bot or a tournament seat), as stored now."""
    tournament_owners: tuple[Profile | None, ...]
    """The profile a tournament result of each seat is saved for."""
    extra: Mapping[str, Any] = field(hash=False)
    """What the game gave `begin_round` to open its table again (a read-only view of a JSON object)."""

    def resume(self) -> Round:
        """The table and its live round at the journaled step, ready for the pending decision.

        Raises RecordError, ShoeStateError or RulesError (BlackjackErrors) when the journal
        cannot be played again, for instance when its rules file is gone.
        """
        return continue_record(self.record, self.start)


def begin_round(
    store: Store,
    played: Round,
    profiles: Sequence[Profile | None],
    start: Mapping[str, Any],
    *,
    tournament_owners: Sequence[Profile | None] | None = None,
    session: str | None = None,
    extra: Mapping[str, Any] | None = None,
    played_at: datetime | None = None,
) -> int:
    """Journal a round from its deal (or first card) with its bets taken, in one transaction; returns its id.

    `profiles` has one entry per seat, as for `save_round`; each profile's bankroll becomes
    its seat's bankroll now (after the bets). `start` is `round_start_state(table)` taken
    just before `table.start_round()`; it is checked by playing the record again from it.
    `tournament_owners` (the profiles by default) are whom a tournament result is saved for,
    which is how a tournament seat without a bankroll profile keeps its owner. `extra` is any
    JSON-ready object the game needs to open the table again; `unfinished_round` gives it back.
    When the round is dealt from a shoe whose commitment is saved (`commit_shoe`), the round
    names that shoe, for checking it once it is revealed.

    Raises StoreError when another round is unfinished in this database, the profiles do not
    fit the seats, the start state does not deal this round's cards, `extra` is not JSON-ready,
    or the database fails.
    """
    names = played.table.seat_names
    owners = profiles if tournament_owners is None else tournament_owners
    try:
        check_seat_profiles(names, profiles)
        check_seat_profiles(names, owners)
    except StoreError as error:
        raise StoreError(f"cannot journal round {played.number}: {error}") from None
    line = record_line(played)
    try:
        again = continue_record(json.loads(line), dict(start))
    except BlackjackError as error:
        raise StoreError(
            f"cannot journal round {played.number}: its start state does not lead to it ({error});"
            " take round_start_state(table) just before table.start_round()"
        ) from None
    if again.table.bankrolls() != played.table.bankrolls():
        raise StoreError(f"cannot journal round {played.number}: its bankrolls do not follow from its record")
    try:
        kept = {"start": dict(start), "profiles": _ids(profiles), "owners": _ids(owners)}
        kept["extra"] = dict(extra or {})
        journal = json.dumps(kept, separators=(",", ":"), allow_nan=False)
    except (TypeError, ValueError) as error:
        raise StoreError(f"cannot journal round {played.number}: extra must be JSON-ready: {error}") from None
    with store.transaction() as connection:
        other = connection.execute("SELECT id, played_at FROM rounds WHERE unfinished = 1").fetchone()
        if other is not None:
            raise StoreError(
                f"cannot journal round {played.number}: round {other['id']}, begun {other['played_at']}, is"
                " still unfinished in this history (finish it first; is another game playing in this folder?)"
            )
        cursor = connection.execute(
            "INSERT INTO rounds (played_at, session, number, dealer, record, unfinished, journal)"
            " VALUES (?, ?, ?, '', ?, 1, ?)",
            (timestamp(played_at), session, played.number, line, journal),
        )
        round_id = cursor.lastrowid
        assert round_id is not None
        if (seal := shoe_seal(again.table.shoe)) is not None:  # the round's shoe, if its commitment is kept
            connection.execute(
                "UPDATE rounds SET shoe_id = (SELECT id FROM shoes WHERE digest = ?) WHERE id = ?",
                (seal.digest, round_id),
            )
        _take_bankrolls(connection, played, _ids(profiles))
    return round_id


def record_step(store: Store, round_id: int, played: Round) -> bool:
    """Journal the round's record so far and the bankrolls it leaves, in one transaction.

    Call it after each decision (and after the bets, when `begin_round` came before them).
    Returns False, writing nothing, when the journal already holds this step or a later one.

    Raises StoreError when the round is finished or unknown, when the record does not carry
    on from the journaled one (another game played the round on), or the database fails.
    """
    line = record_line(played)
    record = json.loads(line)
    with store.transaction() as connection:
        row = unfinished_row(connection, round_id, "journal a step of")
        journaled = json.loads(row["record"])
        if continues(record, journaled):
            return False
        if not continues(journaled, record):
            raise StoreError(
                f"cannot journal a step of round {round_id}: it does not carry on from the journaled"
                " cards and decisions (is another game playing it?)"
            )
        connection.execute("UPDATE rounds SET record = ? WHERE id = ?", (line, round_id))
        _take_bankrolls(connection, played, json.loads(row["journal"])["profiles"])
    return True


def unfinished_round(store: Store) -> UnfinishedRound | None:
    """The round a quit or crash interrupted (at most one per database), or None.

    Raises StoreError when the database fails or a profile at its table is gone.
    """
    rows = store.rows("SELECT * FROM rounds WHERE unfinished = 1")
    if not rows:
        return None
    row = rows[0]
    journal = json.loads(row["journal"])
    with database_errors():
        profiles = profiles_by_id(store.connection, journal["profiles"])
        owners = profiles_by_id(store.connection, journal["owners"])
    return UnfinishedRound(
        round_id=row["id"], started_at=row["played_at"], session=row["session"], number=row["number"],
        record=json.loads(row["record"]), start=journal["start"], profiles=tuple(profiles),
        tournament_owners=tuple(owners), extra=MappingProxyType(journal["extra"]),
    )


def finishing(
    connection: sqlite3.Connection,
    round_id: int,
    played: Round,
    profiles: Sequence[Profile | None],
    tournament_owners: Sequence[Profile | None] | None,
) -> list[int | None]:
    """Check a settled round may fill its journaled row (inside the save); returns its tournament owners' ids.

    Raises StoreError when the round is finished or unknown, was begun with other profiles,
    or is not the journaled round played on.
    """
    row = unfinished_row(connection, round_id, "finish")
    journal = json.loads(row["journal"])
    if _ids(profiles) != journal["profiles"]:
        raise StoreError(f"cannot finish round {round_id}: it was begun with other profiles at its seats")
    if not continues(json.loads(row["record"]), json.loads(record_line(played))):
        raise StoreError(f"cannot finish round {round_id}: the round given is not the one journaled")
    owners: list[int | None] = journal["owners"]
    return owners if tournament_owners is None else _ids(tournament_owners)


def unfinished_row(connection: sqlite3.Connection, round_id: int, doing: str) -> sqlite3.Row:
    """The journaled row of an unfinished round.

    Raises StoreError when there is no such round or it is already finished.
    """
    row: sqlite3.Row | None = connection.execute("SELECT * FROM rounds WHERE id = ?", (round_id,)).fetchone()
    if row is None:
        raise StoreError(f"cannot {doing} round {round_id}: there is no such round")
    if not row["unfinished"]:
        raise StoreError(f"cannot {doing} round {round_id}: it is already finished; nothing was saved twice")
    return row


def continues(before: dict[str, Any], after: dict[str, Any]) -> bool:
    """Whether record `after` is `before` played on (or the same): same table, more cards and decisions.

    While `before` has no bet yet, seats may still buy in and bet.

    >>> r = {"rules": "x", "seats": [{"name": "A", "bankroll": 100}], "bets": [10], "shoe": ["T"],
    ...      "decisions": [], "seed": 1}
    >>> continues(r, {**r, "shoe": ["T", "9"], "decisions": ["hit"]}), continues(r, {**r, "shoe": ["9"]})
    (True, False)
    """
    betting = not any(before["bets"])
    return (
        before["rules"] == after["rules"]
        and before["seed"] == after["seed"]
        and [seat["name"] for seat in before["seats"]] == [seat["name"] for seat in after["seats"]]
        and (betting or (_money_in(before) == _money_in(after) and before["bets"] == after["bets"]))
        and after["shoe"][: len(before["shoe"])] == before["shoe"]
        and after["decisions"][: len(before["decisions"])] == before["decisions"]
    )


def _money_in(record: dict[str, Any]) -> list[tuple[Any, Any]]:
    """Each seat's name and bankroll before the round (a round journaled before records held each
    seat's tournament standing carries on in a record that holds it)."""
    return [(seat["name"], seat["bankroll"]) for seat in record["seats"]]


def _take_bankrolls(connection: sqlite3.Connection, played: Round, profile_ids: Sequence[int | None]) -> None:
    """Set each seat's profile bankroll to the seat's money off the table now."""
    for seat, profile_id in enumerate(profile_ids):
        if profile_id is None:
            continue
        cursor = connection.execute(
            "UPDATE profiles SET bankroll = ? WHERE id = ?", (played.table.bankroll(seat), profile_id)
        )
        if cursor.rowcount != 1:
            raise StoreError(f"cannot journal round {played.number}: profile {profile_id} is gone")


def _ids(profiles: Sequence[Profile | None]) -> list[int | None]:
    return [None if profile is None else profile.id for profile in profiles]
