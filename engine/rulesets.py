"""Rule sets as TOML files: the shipped presets, user files, and `base` inheritance.

Whatever a file holds, reading it ends in a `Rules` or in one `RulesError` naming the file
and what is wrong: only a regular file is read, and only its first `MAX_FILE_BYTES`; a
number must fit in 64 bits, as TOML says; a chain of `base` files goes `MAX_BASES` deep at
most and may not come back to a file already in it.
"""

from __future__ import annotations

import math
import os
import stat
import tomllib
from dataclasses import dataclass, fields
from enum import Enum
from fractions import Fraction
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

from engine.errors import RulesError
from engine.i18n import N_, _, pgettext
from engine.money import to_cents, to_units
from engine.rule_words import short_description
from engine.rules import (
    MAX_BURN,
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
_WORDS = frozenset({"name", "description"})
"""The options that say what a table is called and how it is described, not how it plays."""

MAX_FILE_BYTES = 64 * 1024
"""The most a rules file may hold, in bytes: every option of a rule set takes about 1 KB."""

MAX_BASES = 16
"""The most files a chain of `base` keys may pass through, the file itself not counted."""

_MAX_INT = 2**63
"""TOML's integers are 64-bit: a number this large or larger (either sign) is refused."""

_SHOWN_PATH = 100
"""The most characters of a path a message shows; a longer one keeps its start and end."""


@dataclass(frozen=True, slots=True)
class Preset:
    """A rule set shipped with the game, by its fixed id."""

    id: str
    rules: Rules


@cache
def _preset_ids() -> tuple[str, ...]:
    folder = resources.files("engine").joinpath("presets")
    return tuple(sorted(p.name.removesuffix(".toml") for p in folder.iterdir() if p.name.endswith(".toml")))


def preset_ids() -> list[str]:
    """The ids of every shipped preset, sorted."""
    return list(_preset_ids())


def presets() -> list[Preset]:
    """Every shipped preset, loaded."""
    return [Preset(preset_id, load_rules(preset_id)) for preset_id in preset_ids()]


def load_rules(spec: str | Path, *, tables: Path | None = None) -> Rules:
    """A rule set from a preset id, the name of a table saved in the folder `tables`, or a TOML file's path.

    >>> load_rules("six-to-five").blackjack_pays
    Fraction(6, 5)

    Raises RulesError naming the preset or file, the key and what is allowed; a file that is
    not a regular file, cannot be read, is too big, is not UTF-8 TOML, nests too deeply or
    has a `base` chain too long or coming back to itself is refused the same way.
    """
    saved = saved_table_file(spec, tables)
    return _load(saved or spec, seen=())


def saved_table_file(spec: str | Path, tables: Path | None) -> Path | None:
    """The file of the table saved under this name in the folder `tables`, or None if there is none.

    A preset id is never a saved table, nor is anything that looks like a path.
    """
    if tables is None or not isinstance(spec, str) or spec in _preset_ids():
        return None
    if not spec.strip() or any(c in spec for c in "/\\\0"):
        return None
    path = tables / f"{spec.strip()}.toml"
    try:  # whatever it is: a folder or pipe by that name is reported as the saved table it is not
        return path if path.exists() else None
    except OSError:  # a name too long for the file system names no saved table
        return None


def _preset_text(preset_id: str) -> str | None:
    if preset_id not in _preset_ids():
        return None
    return resources.files("engine").joinpath("presets").joinpath(f"{preset_id}.toml").read_text("utf-8")


def _shown(path: Path | str) -> str:
    """A path as a message quotes it, cut in the middle when it is too long to read."""
    text = str(path)
    if len(text) > _SHOWN_PATH:
        text = text[: _SHOWN_PATH // 2] + "\u2026" + text[-_SHOWN_PATH // 2 :]
    return repr(text)


def file_label(path: Path) -> str:
    """How a message names a rules file: its sentence starts with this and a colon.

    >>> file_label(Path("club.toml"))
    "rules file 'club.toml'"
    """
    return _("rules file {path}").format(path=_shown(path))


def _no_such(spec: str | Path) -> RulesError:
    return RulesError(_("no preset or rules file named {name}; the presets are {presets}").format(
        name=_shown(spec), presets=", ".join(preset_ids())))


_KINDS = ((stat.S_ISDIR, N_("a folder")), (stat.S_ISFIFO, N_("a named pipe")), (stat.S_ISCHR, N_("a device")),
          (stat.S_ISBLK, N_("a device")), (stat.S_ISSOCK, N_("a socket")))


def _read_file(path: Path, where: str) -> tuple[str, str]:
    """The text of a rules file and a key that is the same for every path to it.

    Only a regular file is opened (a folder, pipe or device is refused without reading, so
    nothing blocks), and no more than `MAX_FILE_BYTES` of it is read.
    """
    try:
        found = os.stat(path)
        if not stat.S_ISREG(found.st_mode):
            kind = next((name for test, name in _KINDS if test(found.st_mode)), N_("a special file"))
            raise RulesError(_("{where}: is {kind}, not a regular file").format(where=where, kind=_(kind)))
        flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
        handle = os.open(path, flags | getattr(os, "O_BINARY", 0))
        try:
            opened = os.fstat(handle)  # the file opened, should the path have changed since
            if not stat.S_ISREG(opened.st_mode):
                raise RulesError(_("{where}: is not a regular file").format(where=where))
            chunks: list[bytes] = []
            size = 0
            while size <= MAX_FILE_BYTES:
                chunk = os.read(handle, MAX_FILE_BYTES + 1 - size)
                if not chunk:
                    break
                chunks.append(chunk)
                size += len(chunk)
        finally:
            os.close(handle)
    except RulesError:
        raise
    except (FileNotFoundError, NotADirectoryError):
        raise _no_such(path) from None
    except OSError as error:
        reason = (error.strerror or str(error)).lower()
        raise RulesError(_("{where}: cannot be read ({reason})").format(where=where, reason=reason)) from None
    except ValueError:  # a NUL character in the path
        raise RulesError(
            _("{where}: cannot be read (the path holds a NUL character)").format(where=where)) from None
    if size > MAX_FILE_BYTES:
        raise RulesError(_("{where}: is larger than {size} KB; a rules file takes about 1 KB").format(
            where=where, size=MAX_FILE_BYTES // 1024))
    try:
        text = b"".join(chunks).decode("utf-8")
    except UnicodeDecodeError as error:
        raise RulesError(_("{where}: is not UTF-8 text (byte {position} cannot be read)").format(
            where=where, position=error.start + 1)) from None
    if opened.st_ino == 0:  # a file system without inode numbers: tell files apart by their real path
        return text, f"path {os.path.realpath(path)}"
    return text, f"file {opened.st_dev}:{opened.st_ino}"


class _TooDeep(RulesError):
    """A `base` chain longer than MAX_BASES, said once by the file it starts from."""


def _load(spec: str | Path, seen: tuple[str, ...]) -> Rules:
    text = _preset_text(spec) if isinstance(spec, str) else None
    if text is not None:
        where, origin, identity = _("preset {name!r}").format(name=spec), None, f"preset {spec}"
    else:
        path = Path(spec)
        where, origin = file_label(path), path.parent
        if len(seen) > MAX_BASES:
            raise _TooDeep(where)
        text, identity = _read_file(path, where)
    if identity in seen:
        raise RulesError(_("{where}: its 'base' chain comes back to itself").format(where=where))
    try:
        table = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise RulesError(_("{where}: not valid TOML ({error})").format(where=where, error=error)) from None
    except ValueError:  # the only other: an integer with more digits than Python converts
        raise RulesError(
            _("{where}: not valid TOML (a number has far too many digits)").format(where=where)) from None
    except RecursionError:
        raise RulesError(
            _("{where}: not valid TOML (its arrays or tables nest too deeply)").format(where=where)) from None
    return _from_table(table, where=where, origin=origin, seen=(*seen, identity), preset=origin is None)


def rules_from_mapping(
    table: dict[str, Any],
    *,
    where: str | None = None,
    origin: Path | None = None,
    seen: tuple[str, ...] = (),
) -> Rules:
    """A rule set from a parsed TOML (or JSON) table; `base` names a preset or file to start from.

    Options the table leaves out follow the ones it sets (`Rules.with_settings`): a base
    with even money and a table that says `insurance = false` give no even money. The
    description is the table's own, or the base's while the rules play as the base's; else
    it is made from the rules (`short_description`), as it is, in a rules file, for a copy of
    a preset's description on rules that are not that preset's.

    >>> rules_from_mapping({"base": "vegas-strip", "decks": 2}).decks
    2
    >>> rules_from_mapping({"decks": "two"})  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    engine.errors.RulesError: rules: key 'decks': 'two' is not allowed; use a whole number 1 to 8...

    `where` names the table in messages ("rules" unless given).

    Raises RulesError for anything else than a table of known options with allowed values.
    """
    # TRANSLATORS: names a table of options that is not a file, at the start of an error message
    named = pgettext("error source", "rules") if where is None else where
    return _from_table(table, where=named, origin=origin, seen=seen, preset=False)


def _from_table(
    table: Any, *, where: str, origin: Path | None, seen: tuple[str, ...], preset: bool
) -> Rules:
    if not isinstance(table, dict):
        raise RulesError(
            _("{where}: use a table of options, not {value}").format(where=where, value=_brief(table)))
    unknown = [key for key in table if key not in _KEYS]
    if unknown:
        raise RulesError(_("{where}: unknown key {key}; the keys are {keys}").format(
            where=where, key=_brief(unknown[0]), keys=", ".join(_KEYS)))
    base_name = table.get("base")
    if base_name is None:
        start = Rules()
    elif not isinstance(base_name, str):
        raise RulesError(_("{where}: key 'base': use a preset id or a rules file path").format(where=where))
    else:
        base_spec: str | Path = base_name
        if origin is not None and _preset_text(base_name) is None:
            base_spec = origin / base_name
        try:
            start = _load(base_spec, seen)
        except _TooDeep:
            if len(seen) > 1:
                raise
            raise RulesError(
                _("{where}: key 'base': the chain of base files goes more than {count} files deep").format(
                    where=where, count=MAX_BASES)
            ) from None
        except RulesError as error:
            raise RulesError(_("{where}: key 'base': {error}").format(where=where, error=error)) from None
    changes: dict[str, Any] = {"base": base_name}
    for key, value in table.items():
        if key != "base":
            changes[key] = _convert(key, value, where)
    if base_name is not None and "name" not in table:
        changes["name"] = start.name
    try:
        rules = start.with_settings(**changes)
    except RulesError as error:
        # TRANSLATORS: {where} names a rules file or preset, {error} says what is wrong with it
        raise RulesError(_("{where}: {error}").format(where=where, error=error), words=error.words) from None
    if preset:
        return rules
    return _described(rules, start, own="description" in table, file=origin is not None)


def _described(rules: Rules, start: Rules, *, own: bool, file: bool) -> Rules:
    """The rules with a description that is about them: see `rules_from_mapping`.

    A file's own description is replaced when it is a preset's copied onto other rules (the
    editor once saved tables so); a mapping's is kept as given, so a record's rules, written
    option by option, read back exactly as they were played.
    """
    if own and not (file and _stale_preset_words(rules)):
        return rules
    if not own and plays_alike(rules, start):
        return rules
    return rules.with_changes(description=short_description(rules))


@cache
def _preset_descriptions() -> dict[str, Rules]:
    """Each preset's description and the rules it describes."""
    return {rules.description: rules for rules in (load_rules(p) for p in _preset_ids())}


def _stale_preset_words(rules: Rules) -> bool:
    """Whether the description is a preset's, copied onto rules that do not play as that preset."""
    described = _preset_descriptions().get(rules.description)
    return described is not None and not plays_alike(rules, described)


def plays_alike(one: Rules, other: Rules) -> bool:
    """Whether two rule sets are the same table but for their names and descriptions.

    >>> plays_alike(load_rules("vegas-strip"), load_rules("vegas-strip").with_changes(name="Mine"))
    True
    """
    return one.with_changes(name="", description="") == other.with_changes(name="", description="")


def _brief(value: Any) -> str:
    """A value as a message shows it: short, whatever it is (a huge number or a deep list)."""
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) >= _MAX_INT:
        return _("a number too large to show")
    if isinstance(value, str):
        return repr(value if len(value) <= 40 else value[:40] + "\u2026")
    if isinstance(value, bool | int | float):
        return repr(value)
    if isinstance(value, list):
        return _("a list")
    if isinstance(value, dict):
        # TRANSLATORS: a TOML table (a group of keys), named in an error message
        return _("a table")
    # TRANSLATORS: {kind} is a Python type's name
    return _("a {kind}").format(kind=type(value).__name__)


def _convert(key: str, value: Any, where: str) -> Any:
    """One TOML value as the Rules field wants it; RulesError names the key and what is allowed."""

    def bad(allowed: str) -> RulesError:
        return RulesError(_("{where}: key {key!r}: {value} is not allowed; use {allowed}").format(
            where=where, key=key, value=_brief(value), allowed=allowed))

    if isinstance(value, int) and not isinstance(value, bool) and abs(value) >= _MAX_INT:
        raise RulesError(
            _("{where}: key {key!r}: the number is too large; TOML numbers fit in 64 bits").format(
                where=where, key=key))
    if key in ("name", "description"):
        if not isinstance(value, str):
            raise bad(_("a string"))
        return value
    if key in _BOOLS:
        if not isinstance(value, bool):
            raise bad(_("true or false"))
        return value
    if key in _ENUMS:
        enum = _ENUMS[key]
        # TRANSLATORS: joins a rules file's words: "none" or "late" or "early"
        either = _("or")
        # TRANSLATORS: {choices} lists a rules file's words: "none" or "late" or "early"
        choices = _("one of {choices}").format(choices=f" {either} ".join(f'"{m.value}"' for m in enum))
        if not isinstance(value, str):
            raise bad(choices)
        try:
            return enum(value)
        except ValueError:
            raise bad(choices) from None
    if key == "decks":
        if value == "infinite":
            return None
        if isinstance(value, bool) or not isinstance(value, int):
            raise bad(_('a whole number 1 to 8, or "infinite"'))
        return value
    if key == "penetration":
        if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value):
            raise bad(_("a number from 0 to 1"))
        return Fraction(value) if isinstance(value, int) else Fraction(str(value))
    if key == "blackjack_pays":
        if not isinstance(value, str) or value not in PAYOUTS:
            raise bad(_("one of {choices}").format(choices=", ".join(f'"{p}"' for p in PAYOUTS)))
        return PAYOUTS[value]
    if key == "max_hands":
        if isinstance(value, bool) or not isinstance(value, int):
            raise bad(_("a whole number: 1 for no splitting, 0 for unlimited"))
        return value
    if key == "burn_cards":
        if isinstance(value, bool) or not isinstance(value, int):
            raise bad(_("a whole number of cards, 0 to {most}").format(most=MAX_BURN))
        return value
    if key == "min_bet":
        return _money(value, bad, _("an amount such as 10 or 2.5"))
    if key == "max_bet":
        if value == "bankroll":
            return None
        return _money(value, bad, _('an amount such as 500, or "bankroll" for no table maximum'))
    if key == "tournament":
        if not isinstance(value, dict) or set(value) != {"bankroll", "goal"}:
            raise bad(_("a table with exactly the keys bankroll and goal"))
        return Tournament(
            bankroll=_money(value["bankroll"], bad, _("amounts")),
            goal=_money(value["goal"], bad, _("amounts")),
        )
    raise bad(_("nothing: this key cannot be set"))


def _money(value: Any, bad: Any, allowed: str) -> int:
    try:
        cents = to_cents(value)
    except (ValueError, ArithmeticError):  # ArithmeticError: a decimal such as "1e999999999" overflows
        raise bad(allowed) from None
    if abs(cents) >= _MAX_INT:
        raise bad(allowed)
    return cents


def resolve_rules_spec(spec: Any) -> Rules:
    """A rule set from what a round record may hold: a preset id, a file path, or an object.

    Raises RulesError for anything else, or for a rule set that is not allowed.
    """
    if isinstance(spec, dict):
        return rules_from_mapping(spec)
    if not isinstance(spec, str | Path):
        raise RulesError(_("rules: use a preset id, a rules file or a table of options, not {value}").format(
            value=_brief(spec)))
    return load_rules(spec)


def with_option(rules: Rules, option: str, value: Any) -> Rules:
    """The rules with one option set to a value as a rules file writes it, every other option held.

    Nothing follows the changed option, so a value the others contradict is refused, as an
    editor must refuse it. A change to how the table plays gives it a description made from
    the changed rules.

    >>> with_option(load_rules("vegas-strip"), "decks", "infinite").decks is None
    True
    >>> with_option(load_rules("vegas-strip"), "insurance", False)
    Traceback (most recent call last):
    ...
    engine.errors.RulesError: even_money: even money is a form of insurance; set insurance = true too

    Raises RulesError with the reason when the value is not allowed there.
    """
    # TRANSLATORS: names the rules being edited; only the start of an error message, cut off again
    where = _("the changed rules")
    try:
        changed = rules_from_mapping(rules_to_mapping(rules) | {option: value}, where=where)
    except RulesError as error:
        prefix = f"{where}: "
        raise RulesError(str(error).removeprefix(prefix), words=error.words.removeprefix(prefix)) from None
    if option in _WORDS or plays_alike(changed, rules):
        return changed
    return changed.with_changes(description=short_description(changed))


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
