"""The drill setup's rows for the counting drills (true count, deck estimation, speed, a full table),
and where each goes: kept apart from the setup scene so it only asks these few functions.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TypeVar

from engine import Rules
from engine.count_drills import DECK_UNITS, MAX_PER_FLASH, TABLE_SEATS, CountDrill, Reading
from engine.counting import Precision
from engine.drills import DrillError
from game.scene import Go, SceneName

T = TypeVar("T")

COUNTING_CHOICES: tuple[str, ...] = tuple(d.value for d in CountDrill)
"""The setup's drill words for the counting drills."""

PACES: tuple[float, ...] = (0.7, 0.45, 0.3)
"""Seconds between two cards at the full table: slow, casino, fast."""
PACE_WORDS = {0.7: "slow", 0.45: "casino", 0.3: "fast"}

_SCENES = {
    CountDrill.TRUE_COUNT: SceneName.TRUE_COUNT_DRILL,
    CountDrill.DECK_ESTIMATION: SceneName.DECK_DRILL,
    CountDrill.SPEED: SceneName.SPEED_DRILL,
    CountDrill.FULL_TABLE: SceneName.TABLE_COUNT_DRILL,
}


@dataclass(frozen=True, slots=True)
class CountingOptions:
    """What the setup has chosen for the counting drills."""

    precision: Precision = Precision.HALF
    reading: Reading = Reading.TRAY_LEFT
    unit: Precision = Precision.HALF
    per_flash: int = 1
    seats: int = 7
    pace: float = 0.45


def counting_label(drill: str) -> str | None:
    """A counting drill's name on screen, or None for another drill."""
    return CountDrill(drill).label if drill in COUNTING_CHOICES else None


def counting_rows(drill: str, o: CountingOptions) -> list[tuple[str, str]]:
    """The rows a counting drill adds to the setup: label and value."""
    kind = CountDrill(drill)
    if kind is CountDrill.TRUE_COUNT:
        words = "exact decks" if o.precision is Precision.EXACT else f"to the {o.precision.value} deck"
        return [("Precision", f"{words}, floored")]
    if kind is CountDrill.DECK_ESTIMATION:
        return [("Read", o.reading.label), ("Answer", f"to the {o.unit.value} deck")]
    if kind is CountDrill.SPEED:
        return [("Flash", f"{o.per_flash} card{'s' if o.per_flash > 1 else ''} at a time")]
    return [("Seats", f"{o.seats} seats"), ("Pace", f"{PACE_WORDS[o.pace]}: a card every {o.pace:g} s")]


def cycle_counting(label: str, o: CountingOptions, step: int) -> CountingOptions | None:
    """The options with the row `label` turned by `step`; None when the row is not a counting drill's."""

    def turn(options: tuple[T, ...], now: T) -> T:
        return options[(options.index(now) + step) % len(options)]

    if label == "Precision":
        return replace(o, precision=turn(tuple(Precision), o.precision))
    if label == "Read":
        return replace(o, reading=turn(tuple(Reading), o.reading))
    if label == "Answer":
        return replace(o, unit=turn(DECK_UNITS, o.unit))
    if label == "Flash":
        return replace(o, per_flash=turn(tuple(range(1, MAX_PER_FLASH + 1)), o.per_flash))
    if label == "Seats":
        return replace(o, seats=turn(TABLE_SEATS, o.seats))
    if label == "Pace":
        return replace(o, pace=turn(PACES, o.pace))
    return None


def counting_go(drill: str, o: CountingOptions, rules: Rules, person: str | None, seed: int | None) -> Go:
    """Where a counting drill opens, with its options.

    Raises DrillError for rules with an endless shoe (there is no tray, depth or count to keep).
    """
    kind = CountDrill(drill)
    if rules.decks is None and kind is not CountDrill.SPEED:
        raise DrillError(f"{rules.name} deals from an endless shoe, which has no tray or true count; "
                         "choose rules with a shoe")
    args: dict[str, object] = {"rules": rules, "person": person, "seed": seed}
    if kind is CountDrill.TRUE_COUNT:
        args["precision"] = o.precision
    elif kind is CountDrill.DECK_ESTIMATION:
        args.update(reading=o.reading, unit=o.unit)
    elif kind is CountDrill.SPEED:
        args["per_flash"] = o.per_flash
    else:
        args.update(seats=o.seats, pace=o.pace)
    return Go(_SCENES[kind], **args)
