"""Build and check the translation catalogs.

    python tools/catalogs.py extract   # po/blackjack.pot from every marked string in the source
    python tools/catalogs.py compile   # engine/locale/<code>/LC_MESSAGES/blackjack.mo from po/<code>/*.po
    python tools/catalogs.py check     # every language complete, placeholders kept, .mo up to date

Each language's translations are split into fragments by area (`po/de/engine.po`,
`po/de/scenes.po`, ...) so that areas are translated side by side; `compile` merges a
language's fragments into its one catalog and refuses a message translated two ways.
The compiled `.mo` files are committed so a wheel and the app ship them as package data.
"""

from __future__ import annotations

import argparse
import gettext
import io
import string
import sys
import tomllib
from collections.abc import Iterable, Iterator
from pathlib import Path

from babel.messages.catalog import Catalog, Message
from babel.messages.extract import extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent
PO_DIR = ROOT / "po"
TEMPLATE = PO_DIR / "blackjack.pot"
LOCALE_DIR = ROOT / "engine" / "locale"
DOMAIN = "blackjack"
SOURCE_DIRS = ("engine", "game", "blackjack")
KEYWORDS = {"_": None, "N_": None, "ngettext": (1, 2), "pgettext": ((1, "c"), 2)}


class CatalogError(Exception):
    """A fragment that cannot be merged: a message translated two ways, or a file that does not parse."""


def extract() -> Catalog:
    """Every marked message in the source, with where it is used."""
    template = Catalog(domain=DOMAIN, project="blackjack-table", fuzzy=False)
    for directory in SOURCE_DIRS:
        found = extract_from_dir(
            ROOT / directory, method_map=[("**/tests/**", "ignore"), ("**.py", "python")],
            keywords=KEYWORDS, comment_tags=("TRANSLATORS:",), strip_comment_tags=True,
        )
        for filename, lineno, message, comments, context in found:
            template.add(message, locations=[(f"{directory}/{filename}", lineno)],
                         auto_comments=comments, context=context)
    for preset in sorted((ROOT / "engine" / "presets").glob("*.toml")):
        # A preset's description is shown in the player's language (`rule_words.description_words`);
        # its name is the table's name, kept as the casino spells it.
        description = tomllib.loads(preset.read_text(encoding="utf-8")).get("description")
        if description:
            template.add(description, locations=[(f"engine/presets/{preset.name}", 1)],
                         auto_comments=["TRANSLATORS: a rules preset's one-line description"])
    return template


def languages() -> list[str]:
    """The codes of the languages with fragments under po/."""
    return sorted(path.name for path in PO_DIR.iterdir() if path.is_dir())


def _shown(path: Path) -> Path:
    """A path as the checkout names it (whole when it lies elsewhere)."""
    return path.relative_to(ROOT) if path.is_relative_to(ROOT) else path


def merged(code: str) -> Catalog:
    """One language's fragments merged into one catalog; CatalogError on a conflict.

    The plural rule is the fragments' own (their Plural-Forms header, which must agree), not
    Babel's locale data: that changes between Babel releases (2.19 gives French three forms,
    CLDR's "many"), while the translations and the compiled catalog keep the header's.
    """
    catalog = Catalog(locale=code, domain=DOMAIN, fuzzy=False)
    plural_forms: str | None = None
    for fragment in sorted((PO_DIR / code).glob("*.po")):
        with fragment.open("rb") as handle:
            try:
                part = read_po(handle, locale=code, domain=DOMAIN)
            except Exception as error:  # Babel raises several kinds for a broken file
                raise CatalogError(f"{_shown(fragment)}: {error}") from error
        header = dict(part.mime_headers).get("Plural-Forms")
        if header is not None:
            if plural_forms is not None and header != plural_forms:
                raise CatalogError(f"{_shown(fragment)}: Plural-Forms {header!r}, not {plural_forms!r}")
            plural_forms = header
            catalog.mime_headers = [("Plural-Forms", header)]
        for message in part:
            if not message.id:
                continue  # the header
            key = message.id if message.context is None else (message.id, message.context)
            known = catalog.get(message.id if isinstance(message.id, str) else message.id[0], message.context)
            if known is not None and known.string and message.string and known.string != message.string:
                raise CatalogError(f"{_shown(fragment)}: {key!r} is translated two ways")
            if known is None or not known.string:
                catalog[message.id] = Message(message.id, message.string, context=message.context,
                                              flags=message.flags)
    return catalog


def _placeholders(text: str) -> set[str]:
    """The `{name}` fields a format string uses."""
    try:
        return {field for _, field, _, _ in string.Formatter().parse(text) if field is not None}
    except ValueError:
        return {"<unbalanced braces>"}


def _as_tuple(value: str | tuple[str, ...] | list[str]) -> tuple[str, ...]:
    return (value,) if isinstance(value, str) else tuple(value)


def problems(template: Catalog, code: str) -> Iterator[str]:
    """What is wrong with one language: missing or fuzzy messages, lost or added placeholders."""
    catalog = merged(code)
    for wanted in template:
        if not wanted.id:
            continue
        singular = _as_tuple(wanted.id)[0]
        found = catalog.get(singular, wanted.context)
        name = repr(singular) if wanted.context is None else f"{singular!r} ({wanted.context})"
        if found is None or not all(_as_tuple(found.string)) or found.fuzzy:
            yield f"{code}: {name} is not translated"
            continue
        expected = set().union(*(_placeholders(text) for text in _as_tuple(wanted.id)))
        forms = _as_tuple(found.string)
        if wanted.pluralizable and len(forms) != catalog.num_plurals:
            yield f"{code}: {name} has {len(forms)} plural forms, the language has {catalog.num_plurals}"
        for form in forms:
            got = _placeholders(form)
            # A plural form may leave out the count ("une carte" for n = 1); nothing else may go.
            allowed_missing = {"n", "count"} if wanted.pluralizable else set()
            if got - expected or (expected - got) - allowed_missing:
                yield f"{code}: {name} -> {form!r} changes the placeholders {sorted(expected)}"


def compiled(code: str) -> bytes:
    """The .mo bytes of one language."""
    buffer = io.BytesIO()
    write_mo(buffer, merged(code), use_fuzzy=False)
    return buffer.getvalue()


def _mo_path(code: str) -> Path:
    return LOCALE_DIR / code / "LC_MESSAGES" / f"{DOMAIN}.mo"


def stale(code: str) -> bool:
    """Whether the committed .mo says something other than the fragments do."""
    path = _mo_path(code)
    if not path.exists():
        return True
    committed = gettext.GNUTranslations(io.BytesIO(path.read_bytes()))._catalog  # type: ignore[attr-defined]
    fresh = gettext.GNUTranslations(io.BytesIO(compiled(code)))._catalog  # type: ignore[attr-defined]
    # The header (msgid "") carries the compile's date: only the messages must agree.
    return {k: v for k, v in committed.items() if k} != {k: v for k, v in fresh.items() if k}


def only_from(template: Catalog, paths: Iterable[str]) -> Catalog:
    """The template's messages used in the files under `paths` (to check one area's work)."""
    prefixes = tuple(paths)
    kept = Catalog(domain=DOMAIN, fuzzy=False)
    for message in template:
        if message.id and any(where.startswith(prefixes) for where, _ in message.locations):
            kept[message.id] = message
    return kept


def check(codes: Iterable[str], only: Iterable[str] = ()) -> list[str]:
    """Every problem with the catalogs of `codes` (of the messages used under `only`, if given), as lines."""
    template = extract()
    if only:
        template = only_from(template, only)
    lines: list[str] = []
    for code in codes:
        lines.extend(problems(template, code))
        if not only and stale(code):
            where = _mo_path(code).relative_to(ROOT)
            lines.append(f"{code}: {where} is out of date: run tools/catalogs.py compile")
    return lines


def main(argv: list[str] | None = None) -> int:
    """The command line."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("command", choices=["extract", "compile", "check"])
    parser.add_argument("--lang", action="append", help="only this language (repeatable)")
    parser.add_argument("--only", action="append", default=[],
                        help="check only the messages used under this path, e.g. game/scenes/setup.py")
    args = parser.parse_args(argv)
    codes = args.lang or languages()
    try:
        if args.command == "extract":
            with TEMPLATE.open("wb") as handle:
                write_po(handle, extract(), width=100, omit_header=False, sort_by_file=True)
            print(f"wrote {TEMPLATE.relative_to(ROOT)}")
        elif args.command == "compile":
            for code in codes:
                path = _mo_path(code)
                path.parent.mkdir(parents=True, exist_ok=True)
                path.write_bytes(compiled(code))
                print(f"wrote {path.relative_to(ROOT)}")
        else:
            lines = check(codes, args.only)
            print("\n".join(lines) if lines else f"catalogs complete: {', '.join(codes)}")
            return 1 if lines else 0
    except CatalogError as error:
        print(f"catalogs: {error}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
