"""Drill results per profile, and the decisions a person got wrong in play (for the "my mistakes" drill).

Each answered spot is one short transaction that moves the family's counts and streak
together; the count drill keeps attempts and how many running and true counts were
right, and the speed drill its best deck time per cards a flash. A profile's results go
when the profile is deleted. Families are stored by their word (`engine.drills.Family.value`,
`engine.count_drills.CountDrill.value`), so this module needs nothing above the engine.

Mistakes are read from the saved decisions (`correct = 0`, written by `save_round`): the
cards of each are found by replaying the round's record up to that decision.
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from engine.actions import Action
from engine.cards import Card
from engine.errors import BlackjackError
from engine.record import walk_record
from engine.round import DecisionKind
from engine.store.database import Store
from engine.store.errors import StoreError
from engine.store.profiles import profile_named


@dataclass(frozen=True, slots=True)
class DrillStats:
    """One family's drill results for a person."""

    family: str
    answered: int
    correct: int
    streak: int
    """Right answers in a row, up to the last one."""
    best_streak: int

    @property
    def accuracy(self) -> float | None:
        """The share answered right (None before the first answer)."""
        return self.correct / self.answered if self.answered else None


@dataclass(frozen=True, slots=True)
class CountDrillStats:
    """A person's count drill results: attempts, and how many running and true counts were right."""

    attempts: int
    running_correct: int
    true_correct: int


@dataclass(frozen=True, slots=True)
class MissedDecision:
    """A decision a person got wrong in play, with the cards it was made on."""

    round_id: int
    cards: tuple[Card, ...]
    up: Card
    kind: DecisionKind
    from_split: bool
    hands: int
    action: Action
    """What the person did."""
    best: Action | None
    """What the chart said, as judged then."""


def record_drill_answer(store: Store, name: str, family: str, correct: bool) -> DrillStats:
    """Count one answered spot of a family for a person (the streak grows or starts over); returns the totals.

    Raises StoreError for an unknown person, an empty family word, or a database failure.
    """
    if not family.strip():
        raise StoreError("a drill result needs the family it belongs to")
    with store.transaction() as connection:
        profile = profile_named(store, name)
        connection.execute(
            "INSERT INTO drill_results (profile_id, family) VALUES (?, ?) ON CONFLICT DO NOTHING",
            (profile.id, family),
        )
        connection.execute(
            "UPDATE drill_results SET answered = answered + 1, correct = correct + ?,"
            " streak = CASE WHEN ? THEN streak + 1 ELSE 0 END,"
            " best_streak = MAX(best_streak, CASE WHEN ? THEN streak + 1 ELSE 0 END)"
            " WHERE profile_id = ? AND family = ?",
            (int(correct), int(correct), int(correct), profile.id, family),
        )
        row = connection.execute(
            "SELECT * FROM drill_results WHERE profile_id = ? AND family = ?", (profile.id, family)
        ).fetchone()
    return _drill_stats(row)


def drill_stats(store: Store, name: str) -> dict[str, DrillStats]:
    """A person's results by family word (families never drilled are absent).

    Raises StoreError for an unknown person.
    """
    profile = profile_named(store, name)
    rows = store.rows("SELECT * FROM drill_results WHERE profile_id = ? ORDER BY family", (profile.id,))
    return {row["family"]: _drill_stats(row) for row in rows}


def _drill_stats(row: object) -> DrillStats:
    r: dict[str, int | str] = dict(row)  # type: ignore[call-overload]
    return DrillStats(str(r["family"]), int(r["answered"]), int(r["correct"]), int(r["streak"]),
                      int(r["best_streak"]))


def record_count_drill(store: Store, name: str, *, running_right: bool, true_right: bool) -> CountDrillStats:
    """Count one count-drill attempt for a person; returns the new totals.

    Raises StoreError for an unknown person or a database failure.
    """
    with store.transaction() as connection:
        profile = profile_named(store, name)
        connection.execute(
            "INSERT INTO count_drill_results (profile_id) VALUES (?) ON CONFLICT DO NOTHING", (profile.id,)
        )
        connection.execute(
            "UPDATE count_drill_results SET attempts = attempts + 1, running_correct = running_correct + ?,"
            " true_correct = true_correct + ? WHERE profile_id = ?",
            (int(running_right), int(true_right), profile.id),
        )
    return count_drill_stats(store, name)


def count_drill_stats(store: Store, name: str) -> CountDrillStats:
    """A person's count drill totals (all zero before the first attempt).

    Raises StoreError for an unknown person.
    """
    profile = profile_named(store, name)
    rows = store.rows(
        "SELECT attempts, running_correct, true_correct FROM count_drill_results WHERE profile_id = ?",
        (profile.id,),
    )
    return CountDrillStats(*rows[0]) if rows else CountDrillStats(0, 0, 0)


def record_speed_time(store: Store, name: str, per_flash: int, seconds: float) -> float:
    """Keep a deck counted right in `seconds` at `per_flash` cards a flash if it is the person's best;
    returns the best time now (in seconds, to the millisecond).

    Raises StoreError for an unknown person, a time that is not a positive number, or a database failure.
    """
    if not seconds > 0 or seconds == float("inf"):
        raise StoreError(f"a deck's time must be a positive number of seconds, not {seconds}")
    millis = round(seconds * 1000)
    with store.transaction() as connection:
        profile = profile_named(store, name)
        connection.execute(
            "INSERT INTO speed_drill_best (profile_id, per_flash, millis) VALUES (?, ?, ?)"
            " ON CONFLICT DO UPDATE SET millis = MIN(millis, excluded.millis)",
            (profile.id, per_flash, millis),
        )
        (best,) = connection.execute(
            "SELECT millis FROM speed_drill_best WHERE profile_id = ? AND per_flash = ?",
            (profile.id, per_flash),
        ).fetchone()
    return int(best) / 1000


def speed_best_times(store: Store, name: str) -> dict[int, float]:
    """A person's best speed-drill deck times in seconds, by cards a flash (none yet: absent).

    Raises StoreError for an unknown person.
    """
    profile = profile_named(store, name)
    rows = store.rows("SELECT per_flash, millis FROM speed_drill_best WHERE profile_id = ?", (profile.id,))
    return {int(row["per_flash"]): int(row["millis"]) / 1000 for row in rows}


def missed_decisions(store: Store, name: str, *, limit: int = 60) -> list[MissedDecision]:
    """The person's most recent wrong decisions in play, newest round first, with their cards.

    A round whose record no longer replays (an edited rules file) is left out.
    Raises StoreError for an unknown person.
    """
    profile = profile_named(store, name)
    rows = store.rows(
        "SELECT d.round_id, d.seat, d.hand, d.action, d.best, r.record FROM decisions d"
        " JOIN round_seats s ON s.round_id = d.round_id AND s.seat = d.seat"
        " JOIN rounds r ON r.id = d.round_id"
        " WHERE s.profile_id = ? AND d.correct = 0 AND r.unfinished = 0"
        " ORDER BY d.round_id DESC, d.ordinal LIMIT ?",
        (profile.id, limit),
    )
    out: list[MissedDecision] = []
    replayed: dict[int, list[tuple[int, int, MissedDecision]]] = {}
    for row in rows:
        round_id = row["round_id"]
        if round_id not in replayed:
            replayed[round_id] = _decisions_of(round_id, row["record"])
        steps = replayed[round_id]
        wanted = (row["seat"], row["hand"], row["action"])
        for index, (seat, hand, step) in enumerate(steps):
            if (seat, hand, step.action.value) == wanted:
                best = Action(row["best"]) if row["best"] else None
                out.append(MissedDecision(round_id, step.cards, step.up, step.kind, step.from_split,
                                          step.hands, step.action, best))
                del steps[index]  # a second wrong decision of the same hand matches the next step
                break
    return out


def _decisions_of(round_id: int, line: str) -> list[tuple[int, int, MissedDecision]]:
    """Each decision of a saved round as (seat, hand, decision with its cards); empty if it won't replay."""
    try:
        record = json.loads(line)
        walk = walk_record(record)
        out = []
        for word in record["decisions"]:
            asked, up = walk.decision, walk.dealer_up_card
            if asked is None or up is None:
                break
            hands = walk.hands(asked.seat)
            hand = hands[asked.hand]
            step = MissedDecision(round_id, hand.cards, up, asked.kind, hand.from_split, len(hands),
                                  Action(word), None)
            out.append((asked.seat, asked.hand, step))
            walk.act(step.action)
        return out
    except (BlackjackError, ValueError, KeyError, TypeError):
        return []
