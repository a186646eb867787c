"""Bets judged against a person's bet ramp at the table: how many were judged, and how many were off it.

Each judged bet is one short transaction that moves both counts together. A profile's
counts go when the profile is deleted.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.store.database import Store
from engine.store.profiles import profile_named


@dataclass(frozen=True, slots=True)
class RampBetStats:
    """A person's bets judged against their ramp, and how many of them the ramp would not have made."""

    judged: int
    off_ramp: int

    @property
    def on_ramp(self) -> float | None:
        """The share of judged bets the ramp agreed with (None before the first)."""
        return 1 - self.off_ramp / self.judged if self.judged else None


def record_ramp_bet(store: Store, name: str, *, off_ramp: bool) -> RampBetStats:
    """Count one bet a person made with a ramp set (off it or on it); returns the new totals.

    >>> import tempfile
    >>> from engine.store import get_or_create_profile, open_store
    >>> folder = tempfile.TemporaryDirectory()
    >>> store = open_store(folder.name); _ = get_or_create_profile(store, "Ann", bankroll=100)
    >>> _ = record_ramp_bet(store, "Ann", off_ramp=True)
    >>> record_ramp_bet(store, "ann", off_ramp=False)
    RampBetStats(judged=2, off_ramp=1)
    >>> store.close(); folder.cleanup()

    Raises StoreError for an unknown person or a database failure.
    """
    with store.transaction() as connection:
        profile = profile_named(store, name)
        connection.execute(
            "INSERT INTO ramp_bets (profile_id) VALUES (?) ON CONFLICT DO NOTHING", (profile.id,)
        )
        connection.execute(
            "UPDATE ramp_bets SET judged = judged + 1, off_ramp = off_ramp + ? WHERE profile_id = ?",
            (int(off_ramp), profile.id),
        )
    return ramp_bet_stats(store, name)


def ramp_bet_stats(store: Store, name: str) -> RampBetStats:
    """A person's judged and off-ramp bets (both zero before the first).

    Raises StoreError for an unknown person.
    """
    profile = profile_named(store, name)
    rows = store.rows("SELECT judged, off_ramp FROM ramp_bets WHERE profile_id = ?", (profile.id,))
    return RampBetStats(*rows[0]) if rows else RampBetStats(0, 0)
