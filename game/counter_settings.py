"""A person's counting settings, kept in their profile: the count system, how finely the true count is
read, what the coach judges plays against, and the bet ramp.

Stored as a few keys of the profile's settings object. A value that no longer reads (a system file
moved away, a ramp edited by hand into nonsense) falls back to the default for that key alone, with a
sentence saying so, so one bad key never costs the others.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import Enum
from typing import Any, TypeVar

from engine.counting import HI_LO, CountSystem, Precision, Ramp, Rounding, count_system, parse_ramp
from engine.errors import RulesError
from engine.i18n import _, language

_E = TypeVar("_E", bound=Enum)

SYSTEM_KEY = "count_system"
"""The profile setting naming the count system: a shipped system's key or a system file's path."""
PRECISION_KEY = "count_precision"
"""The profile setting for the true count's divisor: 'exact', 'quarter', 'half' or 'whole'."""
JUDGING_KEY = "coach_judges"
"""The profile setting for what the coach grades plays against: 'basic' or 'indices'."""
RAMP_KEY = "bet_ramp"
"""The profile setting for the bet ramp, in `Ramp.text()` form; absent for none."""
UNIT_KEY = "bet_unit"
"""The profile setting for the ramp's betting unit in cents; absent for the table minimum."""


class Judging(Enum):
    """What the coach grades a play against."""

    BASIC = "basic"
    """Basic strategy for the table's rules."""
    INDICES = "indices"
    """Basic strategy with the person's system's index plays at the current count."""


@dataclass(frozen=True, slots=True)
class CounterSettings:
    """One person's counting settings, read from their profile."""

    system_spec: str = HI_LO.key
    """How the system was named: a shipped key or a file path (what is saved)."""
    system: CountSystem = HI_LO
    precision: Precision = Precision.HALF
    rounding: Rounding = Rounding.FLOOR
    judging: Judging = Judging.BASIC
    ramp: Ramp | None = None
    unit: int | None = None
    """The ramp's betting unit in cents (None: the table minimum)."""
    problems: tuple[str, ...] = field(default=(), compare=False)
    """A sentence for each saved value that did not read and was replaced by its default."""

    def settings(self) -> dict[str, Any]:
        """These settings as profile keys (to merge into the profile's settings)."""
        return {
            SYSTEM_KEY: self.system_spec,
            PRECISION_KEY: self.precision.value,
            JUDGING_KEY: self.judging.value,
            RAMP_KEY: None if self.ramp is None else self.ramp.text(),
            UNIT_KEY: self.unit,
        }

    def bet_unit(self, table_minimum: int) -> int:
        """The ramp's unit in cents at a table with this minimum bet."""
        return self.unit if self.unit is not None else table_minimum


def counter_settings(settings: Mapping[str, Any] | None) -> CounterSettings:
    """A person's counting settings from their profile's settings (defaults for what is missing or bad)."""
    settings = settings or {}
    saved = (language(), *(repr(settings.get(key)) for key in _KEYS))
    # Read once per saved form (and language: the problems are sentences): the frame loop asks every
    # frame, and a system may be a file.
    if saved not in _READ:
        if len(_READ) >= 64:
            _READ.clear()
        _READ[saved] = _parsed(settings)
    return _READ[saved]


_KEYS = (SYSTEM_KEY, PRECISION_KEY, JUDGING_KEY, RAMP_KEY, UNIT_KEY)
_READ: dict[tuple[str, ...], CounterSettings] = {}


def _parsed(settings: Mapping[str, Any]) -> CounterSettings:
    problems: list[str] = []
    defaults = CounterSettings()

    spec, system = defaults.system_spec, defaults.system
    raw = settings.get(SYSTEM_KEY)
    if raw is not None:
        try:
            if not isinstance(raw, str):
                raise RulesError(_("the count system must be a name or a file, not {value}").format(
                    value=repr(raw)))
            spec, system = raw, count_system(raw)
        except RulesError as error:
            spec, system = defaults.system_spec, defaults.system
            problems.append(_("The saved count system could not be read ({error}); counting Hi-Lo.").format(
                error=error))

    # TRANSLATORS: {value} is what the profile holds, {choices} the words it may hold, {default} the one used
    precision = _enum(settings, PRECISION_KEY, Precision, defaults.precision, _(
        "The saved true count precision {value} is not one of {choices}; using {default}."), problems)
    # TRANSLATORS: {value} is what the profile holds, {choices} the words it may hold, {default} the one used
    judging = _enum(settings, JUDGING_KEY, Judging, defaults.judging, _(
        "The saved coach's judging {value} is not one of {choices}; using {default}."), problems)

    ramp = None
    raw = settings.get(RAMP_KEY)
    if raw is not None:
        try:
            if not isinstance(raw, str) or "\n" in raw or raw.strip().endswith(".toml"):
                raise RulesError(_("a saved ramp is written COUNT:UNITS,..., not {value}").format(
                    value=repr(raw)))
            ramp = parse_ramp(raw)
        except RulesError as error:
            problems.append(_("The saved bet ramp could not be read ({error}); no ramp is set.").format(
                error=error))

    unit = settings.get(UNIT_KEY)
    if unit is not None and (isinstance(unit, bool) or not isinstance(unit, int) or unit <= 0):
        problems.append(_(
            "The saved betting unit {value} is not a whole number of cents; the table minimum is used."
        ).format(value=repr(unit)))
        unit = None

    return CounterSettings(spec, system, precision, defaults.rounding, judging, ramp, unit, tuple(problems))


def _enum(
    settings: Mapping[str, Any], key: str, kind: type[_E], default: _E, problem: str, problems: list[str],
) -> _E:
    """The member a key holds, else the default, with `problem` (a sentence with {value}, {choices} and
    {default}) said about it."""
    raw = settings.get(key)
    if raw is None:
        return default
    for member in kind:
        if member.value == raw:
            return member
    choices = ", ".join(member.value for member in kind)
    problems.append(problem.format(value=repr(raw), choices=choices, default=default.value))
    return default
