"""Saved tables: a rule set kept under a name of the player's, as a TOML file in a folder the caller names.

The engine never chooses the folder: the command line and the game pass the data folder's
`tables` subfolder (`tables_folder`). A saved table's file is `<name>.toml` with the name
inside; it is written to a temporary file first and renamed over the old one, so a failed
write leaves the old file whole.

>>> import tempfile
>>> from engine.rulesets import load_rules
>>> folder = Path(tempfile.mkdtemp())
>>> path = save_table(folder, "Friday night", load_rules("single-deck"))
>>> [table.name for table in saved_tables(folder)], load_rules("Friday night", tables=folder).decks
(['Friday night'], 1)
"""

from __future__ import annotations

import json
import os
import tempfile
import tomllib
import unicodedata
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from engine.errors import RulesError
from engine.i18n import _, ngettext
from engine.rules import Rules
from engine.rulesets import file_label, load_rules, preset_ids, rules_to_mapping

TABLES_FOLDER = "tables"
"""The subfolder of the data folder that holds saved tables."""

MAX_NAME_LENGTH = 40
"""The longest name a saved table may have, in characters."""

_FORBIDDEN = '<>:"/\\|?*'
_RESERVED = frozenset(
    {"con", "prn", "aux", "nul"} | {f"com{i}" for i in range(10)} | {f"lpt{i}" for i in range(10)}
)


@dataclass(frozen=True, slots=True)
class SavedTable:
    """A saved table: its name, its file and its rules."""

    name: str
    path: Path
    rules: Rules


@dataclass(frozen=True, slots=True)
class BrokenTable:
    """A file in the saved-tables folder that does not load: its name, its file and why."""

    name: str
    path: Path
    reason: str
    """The `RulesError`'s sentence, naming the file and what is wrong."""

    @property
    def problem(self) -> str:
        """What is wrong, without the file's name (for a list that names the table already)."""
        return self.reason.removeprefix(f"{file_label(self.path)}: ")


@dataclass(frozen=True, slots=True)
class TablesFound:
    """What the saved-tables folder holds: the tables that load, and the files that do not."""

    tables: list[SavedTable]
    broken: list[BrokenTable]


def tables_folder(data_dir: str | Path) -> Path:
    """The folder of saved tables inside a data folder."""
    return Path(data_dir) / TABLES_FOLDER


def check_table_name(name: str) -> str:
    """The name with spaces trimmed, if a table may be saved under it.

    >>> check_table_name("  Home rules ")
    'Home rules'
    >>> check_table_name("vegas-strip")
    Traceback (most recent call last):
    ...
    engine.errors.RulesError: "vegas-strip" is a preset's id; give the table another name.

    Raises RulesError with one sentence saying what is wrong with the name.
    """
    trimmed = name.strip()
    if not trimmed:
        raise RulesError(_("Give the table a name."))
    if len(trimmed) > MAX_NAME_LENGTH:
        raise RulesError(ngettext(
            "A table's name can be at most {count} character long.",
            "A table's name can be at most {count} characters long.",
            MAX_NAME_LENGTH,
        ).format(count=MAX_NAME_LENGTH))
    bad = sorted({c for c in trimmed if c in _FORBIDDEN or unicodedata.category(c).startswith("C")})
    if bad:
        # TRANSLATORS: stands for the characters that cannot be shown, in "A table's name cannot hold ..."
        control = _("control characters")
        shown = " ".join(c if c.isprintable() else control for c in bad)
        # TRANSLATORS: {characters} lists the characters, e.g. "/ ?"
        raise RulesError(_("A table's name cannot hold {characters}.").format(characters=shown))
    if trimmed.startswith(".") or trimmed.endswith("."):
        raise RulesError(_("A table's name cannot start or end with a dot."))
    if trimmed.split(".")[0].strip().lower() in _RESERVED:
        raise RulesError(
            _("{name!r} is a name some systems keep for devices; give the table another name.").format(
                name=trimmed))
    if trimmed.lower() in {preset.lower() for preset in preset_ids()}:
        raise RulesError(_('"{name}" is a preset\'s id; give the table another name.').format(name=trimmed))
    return trimmed


def table_path(folder: Path, name: str) -> Path:
    """The file a table of this name is saved in (RulesError for a name that cannot be one)."""
    return folder / f"{check_table_name(name)}.toml"


def save_table(folder: Path, name: str, rules: Rules) -> Path:
    """Save the rules as a table of this name (replacing one of the same name) and return its file.

    Raises RulesError with one sentence when the name cannot be used or the file cannot be
    written; a file already there is then left as it was.
    """
    path = table_path(folder, name)
    text = rules_toml(rules.with_changes(name=path.stem, base=None))
    try:
        folder.mkdir(parents=True, exist_ok=True)
        with tempfile.NamedTemporaryFile(
            "w", encoding="utf-8", dir=folder, prefix=".", suffix=".tmp", delete=False
        ) as handle:
            handle.write(text)
        try:
            os.replace(handle.name, path)
        except OSError:
            os.unlink(handle.name)
            raise
    except OSError as error:
        raise RulesError(
            _("The table could not be saved: {reason}.").format(reason=error.strerror or error)) from None
    return path


def saved_tables(folder: Path | None) -> list[SavedTable]:
    """The tables saved in the folder that load, sorted by name (none when the folder is None or missing)."""
    return find_tables(folder).tables


def find_tables(folder: Path | None) -> TablesFound:
    """Every `*.toml` file in the folder, sorted by name: the tables that load, and the broken ones with why.

    A broken file is only reported: it is never changed, and the others load as ever.

    >>> import tempfile
    >>> folder = Path(tempfile.mkdtemp())
    >>> _ = (folder / "Odd.toml").write_text("decks = 9")
    >>> [odd] = find_tables(folder).broken
    >>> print(odd.name, "|", odd.reason)  # doctest: +ELLIPSIS
    Odd | rules file '...Odd.toml': decks: 9 is out of range; use 1 to 8, or "infinite"
    >>> odd.problem
    'decks: 9 is out of range; use 1 to 8, or "infinite"'
    """
    tables: list[SavedTable] = []
    broken: list[BrokenTable] = []
    try:
        paths = sorted(folder.glob("*.toml"), key=lambda p: p.stem.lower()) if folder is not None else []
    except OSError:  # a folder that cannot be listed holds no table we can offer
        paths = []
    for path in paths:
        try:
            tables.append(SavedTable(path.stem, path, load_rules(path)))
        except RulesError as error:
            broken.append(BrokenTable(path.stem, path, str(error)))
    return TablesFound(tables, broken)


def broken_note(broken: list[BrokenTable]) -> str | None:
    """One line for a player saying which saved tables are left out because they do not load, or None.

    >>> broken_note([BrokenTable("Odd", Path("Odd.toml"), "rules file 'Odd.toml': not valid TOML")])
    'Left out a saved table that does not load: \u201cOdd\u201d (not valid TOML).'
    """
    if not broken:
        return None
    if len(broken) == 1:
        table = broken[0]
        # TRANSLATORS: the curly quotes around {name} may be the language's own
        return _("Left out a saved table that does not load: \u201c{name}\u201d ({problem}).").format(
            name=table.name, problem=table.problem)
    names = ", ".join(f"\u201c{table.name}\u201d" for table in broken)
    # TRANSLATORS: "blackjack rules" is a command; keep it as it is
    return ngettext(
        "Left out {count} saved table that does not load: {names} (see blackjack rules).",
        "Left out {count} saved tables that do not load: {names} (see blackjack rules).",
        len(broken),
    ).format(count=len(broken), names=names)


def rules_toml(rules: Rules) -> str:
    """Every option of the rules as the text of a TOML file that `load_rules` reads back to the same rules.

    >>> print(rules_toml(load_rules("vegas-strip")).splitlines()[2])
    decks = 6
    """
    lines = []
    tables = []
    for key, value in rules_to_mapping(rules).items():
        if isinstance(value, dict):
            tables.append(f"\n[{key}]\n" + "".join(f"{k} = {_toml_value(v)}\n" for k, v in value.items()))
        else:
            lines.append(f"{key} = {_toml_value(value)}\n")
    text = "".join(lines) + "".join(tables)
    if tomllib.loads(text) != rules_to_mapping(rules):  # pragma: no cover - a guard on the writer
        raise RulesError(_("The table could not be written as TOML."))
    return text


def _toml_value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    return repr(value)
