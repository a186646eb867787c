"""Profiles: the people at the table, by name, with their bankroll, settings, coach level and color.

Names are trimmed, runs of spaces become one, and they compare without regard to case:
"ann" finds "Ann". A name is 1 to 24 characters, with no control characters, no comma
(the `--seats` list is comma-separated) and no `bot:` prefix (which names a bot seat).
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from engine.i18n import _
from engine.money import Money
from engine.store.database import Store, timestamp
from engine.store.errors import StoreError

NAME_MAX = 24
"""The longest profile name, in characters."""

DEFAULT_BANKROLL: Money = 100_000
"""A new profile's bankroll in cents when the caller gives none (1000 units)."""

BOT_PREFIX = "bot:"
"""The `--seats` prefix that names a bot rather than a person."""


@dataclass(frozen=True, slots=True)
class Profile:
    """A person as stored: name, bankroll in cents, settings, coach level, color, creation time."""

    id: int
    name: str
    bankroll: Money
    settings: Mapping[str, Any] = field(hash=False)
    """The person's own settings (a read-only view of a JSON object)."""
    coach_level: int
    """How much the coach says: 0 is off; the game names the higher levels."""
    color: str
    """The person's color as the game writes it (for example "#d04040"), or "" for none."""
    created: str
    """When the profile was made, as ISO 8601 UTC text."""


def normalize_name(name: str) -> str:
    """The name as stored: trimmed, inner runs of spaces made one.

    >>> normalize_name("  Ann   Lee ")
    'Ann Lee'
    >>> normalize_name("")
    Traceback (most recent call last):
    engine.store.errors.StoreError: a name needs at least one character
    >>> normalize_name("Bob, Jr.")
    Traceback (most recent call last):
    engine.store.errors.StoreError: a name cannot contain a comma: 'Bob, Jr.'

    Raises StoreError with the reason when the name cannot be a profile's.
    """
    if not isinstance(name, str):
        raise StoreError(_("a name must be text, not {kind}").format(kind=type(name).__name__))
    cleaned = " ".join(name.split())
    if not cleaned:
        raise StoreError(_("a name needs at least one character"))
    if len(cleaned) > NAME_MAX:
        raise StoreError(_("a name can have at most {most} characters; {name} has {count}").format(
            most=NAME_MAX, name=repr(cleaned), count=len(cleaned)))
    if any(not ch.isprintable() for ch in cleaned):
        raise StoreError(_("a name cannot contain control characters: {name}").format(name=repr(cleaned)))
    if "," in cleaned:
        raise StoreError(_("a name cannot contain a comma: {name}").format(name=repr(cleaned)))
    if cleaned.casefold().startswith(BOT_PREFIX):
        raise StoreError(_("a name cannot start with {prefix}, which marks a bot seat: {name}").format(
            prefix=repr(BOT_PREFIX), name=repr(cleaned)))
    return cleaned


def name_key(name: str) -> str:
    """The case-free key two names share when they are the same person.

    >>> name_key(" ANN ") == name_key("ann")
    True
    """
    return normalize_name(name).casefold()


def get_or_create_profile(
    store: Store,
    name: str,
    *,
    bankroll: Money = DEFAULT_BANKROLL,
    settings: Mapping[str, Any] | None = None,
    coach_level: int = 0,
    color: str = "",
) -> Profile:
    """The profile with this name, made with the given bankroll and settings if there is none yet.

    An existing profile is returned as stored; the keyword arguments only shape a new one.
    Raises StoreError for a name that cannot be a profile's, a negative bankroll or coach
    level, or settings that are not JSON-ready.
    """
    key = name_key(name)
    _check_bankroll(bankroll)
    _check_looks(coach_level, color)
    settings_text = _settings_json(settings or {})
    with store.transaction() as connection:
        row = connection.execute("SELECT * FROM profiles WHERE name_key = ?", (key,)).fetchone()
        if row is None:
            connection.execute(
                "INSERT INTO profiles (name, name_key, bankroll, settings, coach_level, color, created)"
                " VALUES (?, ?, ?, ?, ?, ?, ?)",
                (normalize_name(name), key, bankroll, settings_text, coach_level, color, timestamp()),
            )
            row = connection.execute("SELECT * FROM profiles WHERE name_key = ?", (key,)).fetchone()
    return profile_from_row(row)


def find_profile(store: Store, name: str) -> Profile | None:
    """The profile with this name (in any case), or None.

    Raises StoreError for a name that cannot be a profile's.
    """
    rows = store.rows("SELECT * FROM profiles WHERE name_key = ?", (name_key(name),))
    return profile_from_row(rows[0]) if rows else None


def profile_named(store: Store, name: str) -> Profile:
    """The profile with this name.

    Raises StoreError when there is none, naming it.
    """
    found = find_profile(store, name)
    if found is None:
        raise StoreError(_("there is no profile named {name}").format(name=repr(normalize_name(name))))
    return found


def list_profiles(store: Store) -> list[Profile]:
    """Every profile, by name without regard to case."""
    return [profile_from_row(row) for row in store.rows("SELECT * FROM profiles ORDER BY name_key, id")]


def update_profile(
    store: Store,
    name: str,
    *,
    bankroll: Money | None = None,
    settings: Mapping[str, Any] | None = None,
    coach_level: int | None = None,
    color: str | None = None,
) -> Profile:
    """Change what is given of a profile (a rebuy or reset sets `bankroll`); returns it as stored.

    Raises StoreError when there is no such profile, the bankroll or coach level is
    negative, or the settings are not JSON-ready.
    """
    changes: dict[str, Any] = {}
    if bankroll is not None:
        _check_bankroll(bankroll)
        changes["bankroll"] = bankroll
    if settings is not None:
        changes["settings"] = _settings_json(settings)
    _check_looks(0 if coach_level is None else coach_level, "" if color is None else color)
    if coach_level is not None:
        changes["coach_level"] = coach_level
    if color is not None:
        changes["color"] = color
    key = name_key(name)
    with store.transaction() as connection:
        if changes:
            assignments = ", ".join(f"{column} = ?" for column in changes)
            connection.execute(
                f"UPDATE profiles SET {assignments} WHERE name_key = ?", (*changes.values(), key)
            )
        row = _row_named(connection, key, name)
    return profile_from_row(row)


def rename_profile(store: Store, old: str, new: str) -> Profile:
    """Give a profile a new name (another case of its own name too); returns it as stored.

    Its bankroll, statistics and tournament results follow it; saved rounds keep the name
    they were played with (their records and replays say who sat there then).

    >>> import tempfile
    >>> from engine.store import open_store
    >>> folder = tempfile.TemporaryDirectory(); store = open_store(folder.name)
    >>> _ = get_or_create_profile(store, "ann"); _ = get_or_create_profile(store, "Bob")
    >>> rename_profile(store, "ANN", "Ann Lee").name, rename_profile(store, "ann lee", "ANN LEE").name
    ('Ann Lee', 'ANN LEE')
    >>> rename_profile(store, "Ann Lee", "bob")
    Traceback (most recent call last):
    engine.store.errors.StoreError: cannot rename ANN LEE to bob: there is already a profile named 'Bob'
    >>> store.close(); folder.cleanup()

    Raises StoreError when there is no profile named `old`, `new` cannot be a name or is
    another profile's, or the profile is seated in a round that is not finished.
    """
    key = name_key(old)
    with store.transaction() as connection:
        profile = _row_named(connection, key, old)
        try:
            new_name = normalize_name(new)
        except StoreError as error:
            raise StoreError(
                _("cannot rename {name}: {problem}").format(name=profile["name"], problem=error)) from None
        _check_not_seated(connection, profile)
        taken = connection.execute(
            "SELECT name FROM profiles WHERE name_key = ? AND id != ?", (new_name.casefold(), profile["id"])
        ).fetchone()
        if taken is not None:
            raise StoreError(
                _("cannot rename {name} to {new}: there is already a profile named {taken}").format(
                    name=profile["name"], new=new_name, taken=repr(taken["name"])))
        connection.execute(
            "UPDATE profiles SET name = ?, name_key = ? WHERE id = ?",
            (new_name, new_name.casefold(), profile["id"]),
        )
        row = _row_named(connection, new_name.casefold(), new_name)
    return profile_from_row(row)


def delete_profile(store: Store, name: str) -> Profile:
    """Delete a profile with its bankroll, statistics and tournament results; returns it as it was.

    Saved rounds stay in the history and its replays under the name they were played with,
    no longer counted for anyone (a new profile of the same name starts afresh). Everything
    happens in one transaction.

    Raises StoreError when there is no such profile, it is seated in a round that is not
    finished, or the database fails.
    """
    key = name_key(name)
    with store.transaction() as connection:
        profile = _row_named(connection, key, name)
        _check_not_seated(connection, profile)
        connection.execute("UPDATE round_seats SET profile_id = NULL WHERE profile_id = ?", (profile["id"],))
        connection.execute("DELETE FROM tournaments WHERE profile_id = ?", (profile["id"],))
        connection.execute("DELETE FROM profiles WHERE id = ?", (profile["id"],))
    return profile_from_row(profile)


def check_seat_profiles(names: Sequence[str], profiles: Sequence[Profile | None]) -> None:
    """Check a round's profiles fit its seats: one per seat (None for nobody's), each its seat's name, once.

    Raises StoreError naming the seat that does not fit.
    """
    if len(profiles) != len(names):
        raise StoreError(f"{len(profiles)} profiles for {len(names)} seats")
    seen: dict[int, int] = {}
    for seat, (name, profile) in enumerate(zip(names, profiles, strict=True)):
        if profile is None:
            continue
        if " ".join(name.split()).casefold() != profile.name.casefold():
            raise StoreError(f"seat {seat} is {name!r} but the profile given for it is {profile.name!r}")
        if profile.id in seen:
            raise StoreError(
                f"{profile.name} sits in seats {seen[profile.id]} and {seat}; a profile has one bankroll"
            )
        seen[profile.id] = seat
        normalize_name(profile.name)


def profiles_by_id(connection: sqlite3.Connection, ids: Sequence[int | None]) -> list[Profile | None]:
    """The profiles with these ids, in order (None stays None).

    Raises StoreError when one of them is gone.
    """
    out: list[Profile | None] = []
    for profile_id in ids:
        if profile_id is None:
            out.append(None)
            continue
        row = connection.execute("SELECT * FROM profiles WHERE id = ?", (profile_id,)).fetchone()
        if row is None:
            raise StoreError(f"profile {profile_id} is gone")
        out.append(profile_from_row(row))
    return out


def profile_from_row(row: sqlite3.Row) -> Profile:
    """Build a Profile from a `profiles` row."""
    return Profile(
        id=row["id"],
        name=row["name"],
        bankroll=row["bankroll"],
        settings=MappingProxyType(json.loads(row["settings"])),
        coach_level=row["coach_level"],
        color=row["color"],
        created=row["created"],
    )


def _row_named(connection: sqlite3.Connection, key: str, name: str) -> sqlite3.Row:
    """The `profiles` row with this name key.

    Raises StoreError naming the profile when there is none.
    """
    row: sqlite3.Row | None
    row = connection.execute("SELECT * FROM profiles WHERE name_key = ?", (key,)).fetchone()
    if row is None:
        raise StoreError(_("there is no profile named {name}").format(name=repr(normalize_name(name))))
    return row


def _check_not_seated(connection: sqlite3.Connection, profile: sqlite3.Row) -> None:
    """Refuse to change a profile the unfinished round's journal names (by id, as `begin_round` wrote it).

    Raises StoreError naming the round.
    """
    for row in connection.execute("SELECT id, journal FROM rounds WHERE unfinished = 1"):
        journal = json.loads(row["journal"])
        if profile["id"] in (*journal["profiles"], *journal["owners"]):
            raise StoreError(
                f"{profile['name']} is seated in round {row['id']}, which is not finished; finish it first"
            )


def _check_bankroll(bankroll: Money) -> None:
    if not isinstance(bankroll, int) or isinstance(bankroll, bool) or bankroll < 0:
        raise StoreError(f"a bankroll must be a whole, non-negative number of cents, not {bankroll!r}")


def _check_looks(coach_level: int, color: str) -> None:
    if not isinstance(coach_level, int) or isinstance(coach_level, bool) or coach_level < 0:
        raise StoreError(f"a coach level must be a whole number from 0, not {coach_level!r}")
    if not isinstance(color, str):
        raise StoreError(f"a color must be text, not {color!r}")


def _settings_json(settings: Mapping[str, Any]) -> str:
    try:
        return json.dumps(dict(settings), sort_keys=True, separators=(",", ":"))
    except (TypeError, ValueError) as error:
        raise StoreError(f"profile settings must be JSON-ready: {error}") from None

