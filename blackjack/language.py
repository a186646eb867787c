"""The player's language and money: chosen from --lang, the settings or the system, written with Babel.

`engine.i18n` looks words up in the chosen catalog and formats money and numbers through
the formatters installed here: the locale's digits and grouping (1.234,50 in German), the
currency the player chose ($, €, £ or plain chips) with its symbol where the locale puts it
(10 € in French, $10 in English), and whole amounts without decimals as the table always
showed them. The game and the command line both call `apply`; it imports no pygame.
"""

from __future__ import annotations

import functools
import os
from collections.abc import Mapping
from decimal import Decimal

from babel import Locale
from babel.numbers import parse_pattern

from engine.i18n import (
    ENGLISH,
    N_,
    AmountFormatter,
    LanguageError,
    MoneyFormatter,
    NumberFormatter,
    _,
    available_languages,
    ngettext,
    set_formatters,
    use_language,
)
from engine.money import CENTS_PER_UNIT, Money

CURRENCIES: tuple[str, ...] = ("USD", "EUR", "GBP", "chips")
"""The currencies a player can choose, as saved in the settings; 'chips' shows plain amounts."""

CURRENCY_NAMES: dict[str, str] = {"USD": N_("Dollars ($)"), "EUR": N_("Euros (€)"),
                                  "GBP": N_("Pounds (£)"), "chips": N_("Chips")}
"""How the settings name each currency (translated where shown)."""

_SYMBOLS = {"USD": "$", "EUR": "€", "GBP": "£"}

REGIONS: dict[str, str] = {ENGLISH: "en_US", "de": "de_DE", "fr": "fr_FR", "es": "es_ES"}
"""The locale whose number formats each language uses."""


def language_code(locale_name: str) -> str:
    """The language of a locale name as the system or a player writes it.

    >>> language_code("de_AT.UTF-8"), language_code("fr-CA"), language_code("ES")
    ('de', 'fr', 'es')
    """
    return locale_name.split(".")[0].split("_")[0].split("-")[0].lower()


def system_language(environ: Mapping[str, str] | None = None) -> str:
    """The shipped language the system asks for (LANGUAGE, LC_ALL, LC_MESSAGES, LANG), else English.

    >>> system_language({"LANG": "de_AT.UTF-8"}), system_language({"LANGUAGE": "pt:fr"})
    ('de', 'fr')
    >>> system_language({"LANG": "C"}), system_language({})
    ('en', 'en')
    """
    env = os.environ if environ is None else environ
    shipped = available_languages()
    for variable in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        for wanted in env.get(variable, "").split(":"):
            code = language_code(wanted)
            if code in shipped:
                return code
            if code in ("c", "posix"):
                return ENGLISH
    return ENGLISH


def system_currency(language: str, environ: Mapping[str, str] | None = None) -> str:
    """The currency a player in this language and region most likely plays in.

    >>> system_currency("de"), system_currency("en", {"LANG": "en_GB.UTF-8"}), system_currency("en", {})
    ('EUR', 'GBP', 'USD')
    """
    env = os.environ if environ is None else environ
    region = next((env[v] for v in ("LC_ALL", "LC_MONETARY", "LANG") if env.get(v)), "")
    if region.startswith("en_GB"):
        return "GBP"
    return "USD" if language == ENGLISH else "EUR"


def choose(cli: str | None, saved: str, environ: Mapping[str, str] | None = None) -> str:
    """The language to speak: --lang first, then the saved setting ('' follows the system), then the system.

    Raises LanguageError (one sentence naming it) for a --lang the game does not ship; a
    saved language no longer shipped falls back to the system's.
    """
    if cli is not None:
        if language_code(cli) not in available_languages():
            known = ", ".join(available_languages())
            raise LanguageError(_("There is no language {code}; the game speaks {known}.").format(
                code=repr(cli), known=known))
        return language_code(cli)
    if saved in available_languages():
        return saved
    return system_language(environ)


def _strip_decimals(pattern: str) -> str:
    """'#,##0.00\u00a0¤' -> '#,##0\u00a0¤' (the first sub-pattern only)."""
    first = pattern.split(";")[0]
    head, dot, tail = first.partition(".")
    return head + tail.lstrip("0#") if dot else first


def money_formatter(language: str, currency: str) -> MoneyFormatter:
    """Cents -> money as `language`'s locale writes `currency` (whole amounts without decimals)."""
    locale = Locale.parse(REGIONS.get(language, "en_US"))
    if currency == "chips":
        def chips(cents: Money, sign: bool) -> str:
            amount = number_formatter(language)(Decimal(cents) / CENTS_PER_UNIT,
                                                 0 if cents % CENTS_PER_UNIT == 0 else 2)
            whole_chips = abs(cents) // CENTS_PER_UNIT
            text = ngettext("{amount} chip", "{amount} chips", whole_chips).format(amount=amount)
            return "+" + text if sign and cents > 0 else text
        return chips
    standard = locale.currency_formats["standard"].pattern.replace("¤", _SYMBOLS[currency])
    with_cents, whole = parse_pattern(standard), parse_pattern(_strip_decimals(standard))

    @functools.lru_cache(maxsize=2048)  # the table writes its bankrolls every frame; Babel takes ~20 µs
    def formatted(cents: Money, sign: bool) -> str:
        pattern = whole if cents % CENTS_PER_UNIT == 0 else with_cents
        text = str(pattern.apply(Decimal(cents) / CENTS_PER_UNIT, locale))
        return "+" + text if sign and cents > 0 else text
    return formatted


def number_formatter(language: str) -> NumberFormatter:
    """(value, decimals) -> the number in `language`'s locale digits: '1,234.5', '1.234,5', '1 234,5'."""
    locale = Locale.parse(REGIONS.get(language, "en_US"))

    def formatted(value: Decimal, decimals: int) -> str:
        pattern = "#,##0" + ("." + "0" * decimals if decimals > 0 else "")
        return str(parse_pattern(pattern).apply(value, locale))
    return formatted


def amount_formatter(language: str) -> AmountFormatter | None:
    """(cents, sign) -> a bare amount in `language`'s digits ('+37,50', '1.000'); None for English,
    whose bare amounts stay as the files write them ('1000', '+37.50')."""
    if language == ENGLISH:
        return None
    digits = number_formatter(language)

    def formatted(cents: Money, sign: bool) -> str:
        text = digits(Decimal(cents) / CENTS_PER_UNIT, 0 if cents % CENTS_PER_UNIT == 0 else 2)
        return "+" + text if sign and cents > 0 else text
    return formatted


def apply(language: str, currency: str) -> None:
    """Speak `language` and write money in `currency` from now on (LanguageError: a language not shipped)."""
    use_language(language)
    set_formatters(money_formatter(language, currency if currency in CURRENCIES else "USD"),
                   number_formatter(language), amount_formatter(language))


def speak(cli: str | None, saved_language: str = "", saved_currency: str = "",
          environ: Mapping[str, str] | None = None) -> str:
    """Apply --lang (or the saved language, or the system's) and the saved currency (or the region's);
    return the language chosen. Raises LanguageError for a --lang the game does not ship."""
    language = choose(cli, saved_language, environ)
    currency = saved_currency if saved_currency in CURRENCIES else system_currency(language, environ)
    apply(language, currency)
    return language
