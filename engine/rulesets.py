"""Rule sets as TOML files: the shipped presets, user files, and `base` inheritance."""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, fields
from enum import Enum
from fractions import Fraction
from importlib import resources
from pathlib import Path
from typing import Any

from engine.errors import RulesError
from engine.money import to_cents, to_units
from engine.rules import (
    PAYOUTS,
    BlackjackVsBlackjack,
    DealerBlackjackTakes,
    DoubleOn,
    HoleCard,
    Rules,
    Surrender,
    Tournament,
    payout_text,
)

_ENUMS: dict[str, type[Enum]] = {
    "blackjack_vs_dealer_blackjack": BlackjackVsBlackjack,
    "hole_card": HoleCard,
    "dealer_blackjack_takes": DealerBlackjackTakes,
    "double_on": DoubleOn,
    "surrender": Surrender,
}
_BOOLS = frozenset(f.name for f in fields(Rules) if f.type == "bool")
_KEYS = tuple(f.name for f in fields(Rules))


@dataclass(frozen=True, slots=True)
class Preset:
    """A rule set shipped with the game, by its fixed id."""

    id: str
    rules: Rules


def preset_ids() -> list[str]:
    """The ids of every shipped preset, sorted."""
    folder = resources.files("engine").joinpath("presets")
    return sorted(p.name.removesuffix(".toml") for p in folder.iterdir() if p.name.endswith(".toml"))


def presets() -> list[Preset]:
    """Every shipped preset, loaded."""
    return [Preset(preset_id, load_rules(preset_id)) for preset_id in preset_ids()]


def load_rules(spec: str | Path, *, tables: Path | None = None) -> Rules:
    """A rule set from a preset id, the name of a table saved in the folder `tables`, or a TOML file's path.

    >>> load_rules("six-to-five").blackjack_pays
    Fraction(6, 5)

    Raises RulesError naming the preset or file, the key and what is allowed.
    """
    saved = saved_table_file(spec, tables)
    return _load(saved or spec, seen=())


def saved_table_file(spec: str | Path, tables: Path | None) -> Path | None:
    """The file of the table saved under this name in the folder `tables`, or None if there is none.

    A preset id is never a saved table, nor is anything that looks like a path.
    """
    if tables is None or not isinstance(spec, str) or _preset_text(spec) is not None:
        return None
    if not spec.strip() or any(c in spec for c in "/\\"):
        return None
    path = tables / f"{spec.strip()}.toml"
    return path if path.is_file() else None


def _preset_text(preset_id: str) -> str | None:
    resource = resources.files("engine").joinpath("presets").joinpath(f"{preset_id}.toml")
    return resource.read_text(encoding="utf-8") if resource.is_file() else None


def _load(spec: str | Path, seen: tuple[str, ...]) -> Rules:
    text = _preset_text(str(spec)) if isinstance(spec, str) and "/" not in spec else None
    if text is not None:
        where, origin = f"preset {spec!r}", None
    else:
        path = Path(spec)
        if not path.is_file():
            raise RulesError(
                f"no preset or rules file named {str(spec)!r}; the presets are "
                + ", ".join(preset_ids())
            )
        where, origin = f"rules file {str(path)!r}", path.parent
        try:
            text = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as error:
            raise RulesError(f"{where}: cannot be read ({error})") from None
    if where in seen:
        raise RulesError(f"{where}: its 'base' chain comes back to itself")
    try:
        table = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise RulesError(f"{where}: not valid TOML ({error})") from None
    return rules_from_mapping(table, where=where, origin=origin, seen=(*seen, where))


def rules_from_mapping(
    table: dict[str, Any],
    *,
    where: str = "rules",
    origin: Path | None = None,
    seen: tuple[str, ...] = (),
) -> Rules:
    """A rule set from a parsed TOML (or JSON) table; `base` names a preset or file to start from.

    Options the table leaves out follow the ones it sets (`Rules.with_settings`): a base
    with even money and a table that says `insurance = false` give no even money.

    >>> rules_from_mapping({"base": "vegas-strip", "decks": 2}).decks
    2
    >>> rules_from_mapping({"decks": "two"})  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    engine.errors.RulesError: rules: key 'decks': 'two' is not allowed; use a whole number 1 to 8...
    """
    unknown = [key for key in table if key not in _KEYS]
    if unknown:
        raise RulesError(
            f"{where}: unknown key {unknown[0]!r}; the keys are " + ", ".join(_KEYS)
        )
    base_name = table.get("base")
    if base_name is None:
        start = Rules()
    elif not isinstance(base_name, str):
        raise RulesError(f"{where}: key 'base': use a preset id or a rules file path")
    else:
        base_spec: str | Path = base_name
        if origin is not None and _preset_text(base_name) is None:
            base_spec = origin / base_name
        try:
            start = _load(base_spec, seen)
        except RulesError as error:
            raise RulesError(f"{where}: key 'base': {error}") from None
    changes: dict[str, Any] = {"base": base_name}
    for key, value in table.items():
        if key != "base":
            changes[key] = _convert(key, value, where)
    if base_name is not None and "name" not in table:
        changes["name"] = start.name
    try:
        return start.with_settings(**changes)
    except RulesError as error:
        raise RulesError(f"{where}: {error}") from None


def _convert(key: str, value: Any, where: str) -> Any:
    """One TOML value as the Rules field wants it; RulesError names the key and what is allowed."""

    def bad(allowed: str) -> RulesError:
        return RulesError(f"{where}: key {key!r}: {value!r} is not allowed; use {allowed}")

    if key in ("name", "description"):
        if not isinstance(value, str):
            raise bad("a string")
        return value
    if key in _BOOLS:
        if not isinstance(value, bool):
            raise bad("true or false")
        return value
    if key in _ENUMS:
        enum = _ENUMS[key]
        choices = " or ".join(f'"{member.value}"' for member in enum)
        try:
            return enum(value)
        except ValueError:
            raise bad(f"one of {choices}") from None
    if key == "decks":
        if value == "infinite":
            return None
        if isinstance(value, bool) or not isinstance(value, int):
            raise bad('a whole number 1 to 8, or "infinite"')
        return value
    if key == "penetration":
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise bad("a number from 0 to 1")
        return Fraction(str(value))
    if key == "blackjack_pays":
        if value not in PAYOUTS:
            raise bad("one of " + ", ".join(f'"{p}"' for p in PAYOUTS))
        return PAYOUTS[value]
    if key == "max_hands":
        if isinstance(value, bool) or not isinstance(value, int):
            raise bad("a whole number: 1 for no splitting, 0 for unlimited")
        return value
    if key == "min_bet":
        return _money(value, bad, "an amount such as 10 or 2.5")
    if key == "max_bet":
        if value == "bankroll":
            return None
        return _money(value, bad, 'an amount such as 500, or "bankroll" for no table maximum')
    if key == "tournament":
        if not isinstance(value, dict) or set(value) != {"bankroll", "goal"}:
            raise bad("a table with exactly the keys bankroll and goal")
        return Tournament(
            bankroll=_money(value["bankroll"], bad, "amounts"),
            goal=_money(value["goal"], bad, "amounts"),
        )
    raise bad("nothing: this key cannot be set")


def _money(value: Any, bad: Any, allowed: str) -> int:
    try:
        return to_cents(value)
    except ValueError:
        raise bad(allowed) from None


def resolve_rules_spec(spec: str | Path | dict[str, Any]) -> Rules:
    """A rule set from what a round record may hold: a preset id, a file path, or an object."""
    if isinstance(spec, dict):
        return rules_from_mapping(spec)
    return load_rules(spec)


_CHANGED = "the changed rules"


def with_option(rules: Rules, option: str, value: Any) -> Rules:
    """The rules with one option set to a value as a rules file writes it, every other option held.

    Nothing follows the changed option, so a value the others contradict is refused, as an
    editor must refuse it.

    >>> with_option(load_rules("vegas-strip"), "decks", "infinite").decks is None
    True
    >>> with_option(load_rules("vegas-strip"), "insurance", False)
    Traceback (most recent call last):
    ...
    engine.errors.RulesError: even_money: even money is a form of insurance; set insurance = true too

    Raises RulesError with the reason when the value is not allowed there.
    """
    try:
        return rules_from_mapping(rules_to_mapping(rules) | {option: value}, where=_CHANGED)
    except RulesError as error:
        raise RulesError(str(error).removeprefix(f"{_CHANGED}: ")) from None


def rules_to_mapping(rules: Rules) -> dict[str, Any]:
    """Every option of a rule set as plain TOML/JSON values; `rules_from_mapping` reads it back.

    >>> rules_from_mapping(rules_to_mapping(load_rules("double-up"))) == load_rules("double-up")
    True
    """
    out: dict[str, Any] = {}
    for key in _KEYS:
        value = getattr(rules, key)
        if key == "base" or (key == "tournament" and value is None):
            continue
        if key == "decks":
            out[key] = "infinite" if value is None else value
        elif key == "penetration":
            out[key] = float(value)
        elif key == "blackjack_pays":
            out[key] = payout_text(value)
        elif key in ("min_bet", "max_bet"):
            out[key] = "bankroll" if value is None else to_units(value)
        elif key == "tournament":
            out[key] = {"bankroll": to_units(value.bankroll), "goal": to_units(value.goal)}
        elif isinstance(value, Enum):
            out[key] = value.value
        else:
            out[key] = value
    return out
