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
from engine.i18n import N_, _, figure, ngettext
from game.scene import Go, SceneName

T = TypeVar("T")

COUNTING_CHOICES: tuple[str, ...] = tuple(d.value for d in CountDrill)
"""The setup's drill words for the counting drills."""

PACES: tuple[float, ...] = (0.7, 0.45, 0.3)
"""Seconds between two cards at the full table: slow, casino, fast."""
PACE_WORDS = {0.7: N_("slow"), 0.45: N_("casino"), 0.3: N_("fast")}
"""Each pace in a word (marked; translated where shown)."""

_TO_THE_DECK = {
    # TRANSLATORS: how finely the decks are read or answered in a counting drill
    Precision.EXACT: N_("exact decks"), Precision.QUARTER: N_("to the quarter deck"),
    Precision.HALF: N_("to the half deck"), Precision.WHOLE: N_("to the whole deck"),
}
"""How finely decks are read, in words (marked; translated where shown)."""

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
    """The rows a counting drill adds to the setup: label and value.

    The labels name the rows (`cycle_counting` turns a row by its label), so they stay as marked for
    the catalogs and are translated where they are drawn; the values are in the player's words.
    """
    kind = CountDrill(drill)
    if kind is CountDrill.TRUE_COUNT:
        # TRANSLATORS: the true count drill's precision: "to the half deck, floored"
        return [(N_("Precision"), _("{precision}, floored").format(precision=_(_TO_THE_DECK[o.precision])))]
    if kind is CountDrill.DECK_ESTIMATION:
        return [(N_("Read"), o.reading.label), (N_("Answer"), _(_TO_THE_DECK[o.unit]))]
    if kind is CountDrill.SPEED:
        flash = ngettext("{n} card at a time", "{n} cards at a time", o.per_flash).format(n=o.per_flash)
        return [(N_("Flash"), flash)]
    seats = ngettext("{n} seat", "{n} seats", o.seats).format(n=o.seats)
    # TRANSLATORS: the full table drill's pace: "casino: a card every 0.45 s"
    seconds = figure(o.pace)
    pace = _("{pace}: a card every {seconds} s").format(pace=_(PACE_WORDS[o.pace]), seconds=seconds)
    return [(N_("Seats"), seats), (N_("Pace"), pace)]


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
        raise DrillError(_("{rules} deals from an endless shoe, which has no tray or true count; "
                           "choose rules with a shoe").format(rules=rules.name))
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
