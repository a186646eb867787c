"""Tournament results per profile (won or lost, final bankroll, rounds, rules, date) and the best of them.

`save_round` records a result by itself when a round ends a seat's tournament; `save_tournament`
is there for results the game decides otherwise. "Best" means won before lost, then the
higher final bankroll, then fewer rounds, then the earlier date.
"""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass
from datetime import datetime

from engine.money import Money
from engine.store.database import Store, timestamp
from engine.store.errors import StoreError
from engine.store.profiles import Profile, profile_named


@dataclass(frozen=True, slots=True)
class TournamentResult:
    """One finished tournament of one profile."""

    id: int
    player: str
    won: bool
    final_bankroll: Money
    rounds: int
    rules: str
    """The rules the table was opened with (a preset id or file), or "custom"."""
    finished_at: str


def save_tournament(
    store: Store,
    profile: Profile,
    *,
    won: bool,
    final_bankroll: Money,
    rounds: int,
    rules: str = "custom",
    finished_at: datetime | None = None,
) -> TournamentResult:
    """Record a tournament result for a profile; returns it as stored.

    Raises StoreError for a negative bankroll or round count, or a profile that is gone.
    """
    with store.transaction() as connection:
        result_id = insert_tournament(
            connection, profile.id, won=won, final_bankroll=final_bankroll, rounds=rounds, rules=rules,
            finished_at=timestamp(finished_at),
        )
        row = connection.execute(_SELECT + " WHERE t.id = ?", (result_id,)).fetchone()
    return _result(row)


def tournament_results(store: Store, player: str) -> list[TournamentResult]:
    """A player's tournament results, newest first.

    Raises StoreError for an unknown player.
    """
    profile = profile_named(store, player)
    rows = store.rows(_SELECT + " WHERE t.profile_id = ? ORDER BY t.id DESC", (profile.id,))
    return [_result(row) for row in rows]


def best_tournaments(
    store: Store, player: str | None = None, *, rules: str | None = None, limit: int = 10
) -> list[TournamentResult]:
    """The best tournament results, of one player or of everyone, of one rules id or of all, best first.

    `rules` is the id the tables were opened with (a preset id or a saved table's file, as
    stored in `TournamentResult.rules`). Raises StoreError for an unknown player.
    """
    conditions: list[str] = []
    parameters: list[object] = []
    if player is not None:
        conditions.append("t.profile_id = ?")
        parameters.append(profile_named(store, player).id)
    if rules is not None:
        conditions.append("t.rules = ?")
        parameters.append(rules)
    where = " WHERE " + " AND ".join(conditions) if conditions else ""
    order = " ORDER BY t.won DESC, t.final_bankroll DESC, t.rounds, t.id LIMIT ?"
    rows = store.rows(_SELECT + where + order, [*parameters, limit])
    return [_result(row) for row in rows]


def insert_tournament(
    connection: sqlite3.Connection,
    profile_id: int,
    *,
    won: bool,
    final_bankroll: Money,
    rounds: int,
    rules: str,
    finished_at: str,
) -> int:
    """Insert one result inside the caller's transaction; returns its id.

    Raises StoreError for a negative bankroll or round count, or a profile that is gone.
    """
    if final_bankroll < 0 or rounds < 0:
        raise StoreError("a tournament result cannot have a negative bankroll or round count")
    try:
        cursor = connection.execute(
            "INSERT INTO tournaments (profile_id, won, final_bankroll, rounds, rules, finished_at)"
            " VALUES (?, ?, ?, ?, ?, ?)",
            (profile_id, won, final_bankroll, rounds, rules, finished_at),
        )
    except sqlite3.IntegrityError:
        raise StoreError(f"cannot save a tournament result: profile {profile_id} is gone") from None
    assert cursor.lastrowid is not None
    return cursor.lastrowid


_SELECT = (
    "SELECT t.id, p.name, t.won, t.final_bankroll, t.rounds, t.rules, t.finished_at"
    " FROM tournaments t JOIN profiles p ON p.id = t.profile_id"
)


def _result(row: sqlite3.Row) -> TournamentResult:
    return TournamentResult(
        id=row["id"], player=row["name"], won=bool(row["won"]), final_bankroll=row["final_bankroll"],
        rounds=row["rounds"], rules=row["rules"], finished_at=row["finished_at"],
    )
