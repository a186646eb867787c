"""Sweeps: one simulation per combination of some rules options and the bot, seats or counter settings.

`--sweep KEY=V1,V2,...` names an axis: any option of `Rules` (as a rules file writes it:
`decks=1,2,6`, `surrender=none,late`, `blackjack_pays=3:2,6:5`, `hit_soft_17=true,false`),
or `bot`, `seats`, `spread` (the top of the counter's bet ramp), `system` (the counter's
count system: `system=hi-lo,ko,zen` compares systems), `precision` or `rounding` (its
true-count setting). Every combination of the axes' values becomes a `Plan`; all of them
are built, and so checked, before any runs.
"""

from __future__ import annotations

import itertools
import tomllib
from collections.abc import Sequence
from dataclasses import dataclass, fields, replace
from typing import Any

from engine.bots import BOT_NAMES
from engine.counting import Precision, Rounding, count_system
from engine.errors import BlackjackError, RulesError
from engine.rules import Rules
from engine.rulesets import rules_from_mapping, rules_to_mapping
from engine.simulate import Plan

PLAN_KEYS: tuple[str, ...] = ("bot", "seats", "spread", "system", "precision", "rounding")
"""Sweep keys that set the simulation rather than the rules."""

RULES_KEYS: tuple[str, ...] = tuple(f.name for f in fields(Rules) if f.name != "base")
"""Sweep keys that set a rules option (every field of `Rules` but `base`)."""

Combination = tuple[tuple[str, str], ...]
"""One point of a sweep: (key, value as typed) for every axis, in the order the axes were given."""


class SweepError(BlackjackError):
    """A sweep that cannot run: an unknown key, a malformed axis or a value that is refused."""


@dataclass(frozen=True, slots=True)
class Axis:
    """One `--sweep KEY=V1,V2,...`: a key and its values as typed."""

    key: str
    values: tuple[str, ...]


def parse_axis(text: str) -> Axis:
    """Read one `KEY=V1,V2,...`; the key must be a rules option or one of `PLAN_KEYS`.

    >>> parse_axis("decks=1, 2,6")
    Axis(key='decks', values=('1', '2', '6'))
    >>> parse_axis("colour=red")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    engine.sweep.SweepError: --sweep colour=red: unknown key 'colour'; sweep a rules option (decks, ...), ...

    Raises SweepError when the text is not KEY=VALUES or the key is unknown.
    """
    key, equals, rest = text.partition("=")
    key = key.strip().replace("-", "_")
    values = tuple(value.strip() for value in rest.split(","))
    if not equals or not key or not all(values):
        raise SweepError(f"--sweep {text}: write KEY=V1,V2,... with no empty value")
    if key not in PLAN_KEYS and key not in RULES_KEYS:
        raise SweepError(
            f"--sweep {text}: unknown key {key!r}; sweep a rules option (decks, ...), "
            + ", ".join(PLAN_KEYS[:-1]) + f" or {PLAN_KEYS[-1]}"
        )
    if len(set(values)) != len(values):
        raise SweepError(f"--sweep {text}: a value is given twice")
    return Axis(key, values)


def combinations(axes: Sequence[Axis]) -> list[Combination]:
    """Every combination of the axes' values, the last axis changing fastest.

    >>> combinations([Axis("decks", ("1", "2")), Axis("bot", ("basic", "counter"))])[1]
    (('decks', '1'), ('bot', 'counter'))

    Raises SweepError when a key is swept twice.
    """
    keys = [axis.key for axis in axes]
    for key in keys:
        if keys.count(key) > 1:
            raise SweepError(f"--sweep: the key {key!r} is swept twice; give all its values in one --sweep")
    return [
        tuple(zip(keys, values, strict=True))
        for values in itertools.product(*(axis.values for axis in axes))
    ]


def sweep_plans(base: Plan, axes: Sequence[Axis]) -> list[tuple[Combination, Plan]]:
    """A plan for every combination, built from `base`; every one is checked before any is returned.

    >>> from engine import load_rules
    >>> base = Plan(load_rules("vegas-strip"), "basic")
    >>> [plan.rules.decks for _, plan in sweep_plans(base, [parse_axis("decks=1,6")])]
    [1, 6]

    Raises SweepError naming the key, the value and the reason when a value is refused.
    """
    return [(combination, plan_for(base, combination)) for combination in combinations(axes)]


def plan_for(base: Plan, combination: Combination) -> Plan:
    """The base plan with one combination's values set.

    Raises SweepError naming the key, the value and the reason when a value is refused.
    """
    where = ", ".join(f"{key}={value}" for key, value in combination)
    changes = {key: _value(value) for key, value in combination if key in RULES_KEYS}
    rules = base.rules
    if changes:
        try:
            rules = rules_from_mapping(rules_to_mapping(rules) | changes, where="the sweep")
        except RulesError as error:
            raise SweepError(f"--sweep {where}: {str(error).removeprefix('the sweep: ')}") from None
    settings: dict[str, Any] = {"rules": rules}
    for key, value in combination:
        if key == "bot":
            if value not in BOT_NAMES:
                known = ", ".join(BOT_NAMES)
                raise SweepError(f"--sweep bot={value}: there is no such bot; the bots are {known}")
            settings["bot"] = value
        elif key in ("seats", "spread"):
            settings[key] = _whole(key, value)
    setup = _counter_setup(base, combination)
    if setup != base.counter:
        settings["counter"] = setup
    try:
        return replace(base, **settings)
    except ValueError as error:
        raise SweepError(f"--sweep {where}: {error}") from None


def _counter_setup(base: Plan, combination: Combination) -> Any:
    """The base plan's counter setup with the combination's system, precision and rounding."""
    setup = base.counter
    for key, value in combination:
        try:
            if key == "system":
                setup = replace(setup, system=count_system(value))
            elif key == "precision":
                setup = replace(setup, precision=Precision(value.lower()))
            elif key == "rounding":
                setup = replace(setup, rounding=Rounding(value.lower()))
        except RulesError as error:
            raise SweepError(f"--sweep {key}={value}: {error}") from None
        except ValueError:
            kinds = Precision if key == "precision" else Rounding
            raise SweepError(
                f"--sweep {key}={value}: use " + ", ".join(kind.value for kind in kinds)
            ) from None
    return setup


def _whole(key: str, value: str) -> int:
    """A count of 1 or more, as `seats` and `spread` take."""
    try:
        number = int(value)
    except ValueError:
        raise SweepError(f"--sweep {key}={value}: use a whole number") from None
    if number < 1:
        raise SweepError(f"--sweep {key}={value}: use a whole number of 1 or more")
    return number


def _value(text: str) -> Any:
    """A typed value as a rules file would hold it: true/false, a number, else the text itself.

    >>> _value("true"), _value("6"), _value("0.75"), _value("6:5"), _value("late")
    (True, 6, 0.75, '6:5', 'late')
    """
    try:
        return tomllib.loads(f"value = {text}")["value"]
    except tomllib.TOMLDecodeError:
        return text
