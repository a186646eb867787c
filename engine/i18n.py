"""The player's language: every word shown goes through a gettext catalog, and money through one formatter.

The engine speaks English until a language is chosen, and stays within the standard library:
the catalogs are compiled `.mo` files shipped beside this module (built from `po/` by
`tools/catalogs.py`), read with `gettext`; the game installs a locale-aware money and number
formatter (Babel) with `set_formatters`. Words are looked up when they are shown, never at
import, so a change of language takes effect on the next frame.

Marking rules (what `tools/catalogs.py extract` finds):
* `_("Dealer draws {card}.").format(card=...)`: named placeholders, never f-strings;
* `ngettext("{n} card a second", "{n} cards a second", n).format(n=n)` for every count;
* `N_("Stand")` marks a constant that is translated with `_()` where it is shown;
* `pgettext("button", "Split")` when the same English word needs two translations.
"""

from __future__ import annotations

import gettext
from collections.abc import Callable
from decimal import Decimal
from fractions import Fraction
from pathlib import Path

from engine.errors import BlackjackError

DOMAIN = "blackjack"
"""The gettext domain of every catalog."""

LOCALE_DIR = Path(__file__).with_name("locale")
"""Where the compiled catalogs live: `LOCALE_DIR/<code>/LC_MESSAGES/blackjack.mo`."""

ENGLISH = "en"
"""The language the source is written in; it needs no catalog."""

LANGUAGE_NAMES: dict[str, str] = {"en": "English", "de": "Deutsch", "fr": "Français", "es": "Español"}
"""Every language the game ships, by code, each named in itself."""


class LanguageError(BlackjackError):
    """A language the game has no catalog for."""


Money = int
"""An amount in cents (as `engine.money.Money`; not imported, since `engine.money` words its errors here)."""

MoneyFormatter = Callable[[Money, bool], str]
"""Formats cents as the player reads money: (cents, sign) -> '$10', '10 €', '+£2.50'."""

AmountFormatter = Callable[[Money, bool], str]
"""Formats cents as a bare amount, no currency, as chips and badges show it: (cents, sign) -> '+37.50'."""

NumberFormatter = Callable[[Decimal, int], str]
"""Formats a number with a fixed count of decimals in the player's locale: (value, decimals) -> '1.234,5'."""


def _dollars(cents: Money, sign: bool) -> str:
    """English money before a locale is chosen, as Babel writes US dollars: '$10', '$1,234.50', '-$2.50'."""
    amount = Decimal(abs(cents)) / 100
    text = f"{amount:,.0f}" if cents % 100 == 0 else f"{amount:,.2f}"
    prefix = "-" if cents < 0 else ("+" if sign and cents > 0 else "")
    return f"{prefix}${text}"


def plain_amount(cents: Money, sign: bool = False) -> str:
    """Cents as files and English write them, whole units without decimals, else two decimals
    (`engine.money.format_money` is this; it lives here because engine.money words its errors here).

    >>> plain_amount(1000), plain_amount(750), plain_amount(-250, True), plain_amount(5, True)
    ('10', '7.50', '-2.50', '+0.05')
    """
    prefix = "-" if cents < 0 else ("+" if sign and cents > 0 else "")
    whole, part = divmod(abs(cents), 100)
    return f"{prefix}{whole}" if part == 0 else f"{prefix}{whole}.{part:02d}"


def _plain_number(value: Decimal, decimals: int) -> str:
    """English digits with thousands commas: '1,234.5'."""
    return f"{value:,.{decimals}f}"


class _Language:
    """The one chosen language and formatters (module state: the whole process speaks one language)."""

    code: str = ENGLISH
    translations: gettext.NullTranslations = gettext.NullTranslations()
    money: MoneyFormatter = staticmethod(_dollars)
    amount: AmountFormatter = staticmethod(plain_amount)
    number: NumberFormatter = staticmethod(_plain_number)


def available_languages() -> tuple[str, ...]:
    """The codes of the languages that can be chosen: English and every compiled catalog shipped."""
    shipped = sorted(path.parent.parent.name for path in LOCALE_DIR.glob(f"*/LC_MESSAGES/{DOMAIN}.mo"))
    return (ENGLISH, *(code for code in shipped if code != ENGLISH))


def use_language(code: str) -> None:
    """Speak `code` from now on ('en', 'de', 'fr', 'es'); raise LanguageError naming it if not shipped."""
    if code == ENGLISH:
        _Language.code, _Language.translations = ENGLISH, gettext.NullTranslations()
        return
    try:
        translations = gettext.translation(DOMAIN, LOCALE_DIR, languages=[code])
    except OSError:
        known = ", ".join(available_languages())
        raise LanguageError(_("There is no language {code}; the game speaks {known}.").format(
            code=repr(code), known=known)) from None
    _Language.code, _Language.translations = code, translations


def language() -> str:
    """The code of the language in use."""
    return _Language.code


def set_formatters(money: MoneyFormatter | None = None, number: NumberFormatter | None = None,
                   amount: AmountFormatter | None = None) -> None:
    """Install the locale's money, number and bare-amount formatters; None puts back the English one."""
    _Language.money = money or _dollars
    _Language.number = number or _plain_number
    _Language.amount = amount or plain_amount


def _(message: str) -> str:
    """`message` in the chosen language (English when the catalog lacks it)."""
    return _Language.translations.gettext(message)


def ngettext(singular: str, plural: str, count: int) -> str:
    """The singular or plural form (as the language counts) of a message about `count` things."""
    return _Language.translations.ngettext(singular, plural, count)


def pgettext(context: str, message: str) -> str:
    """`message` translated in a context, for an English word that needs two translations."""
    return _Language.translations.pgettext(context, message)


def N_(message: str) -> str:
    """Mark `message` for the catalogs without translating it yet (for constants)."""
    return message


def money(cents: Money, *, sign: bool = False) -> str:
    """Cents as the player reads money, with the currency: '$10', '10 €', '+$2.50' (sign: '+' on gains).

    >>> money(1000), money(750), money(-250), money(5, sign=True), money(123456)
    ('$10', '$7.50', '-$2.50', '+$0.05', '$1,234.56')
    """
    return _Language.money(cents, sign)


def amount(cents: Money, *, sign: bool = False) -> str:
    """Cents as a bare amount in the locale's digits, no currency (chip stacks, badges): '+37.50', '+37,50'.

    English writes what `engine.money.format_money` writes, with no thousands separator, as the
    table always showed its chips; another language groups and marks decimals as its locale does.

    >>> amount(100000), amount(3750, sign=True), amount(-2500), amount(0, sign=True)
    ('1000', '+37.50', '-25', '0')
    """
    return _Language.amount(cents, sign)


def number(value: int | float | Fraction | Decimal, decimals: int = 0) -> str:
    """A number in the locale's digits, rounded to `decimals` places: '1,234' or '1.234'.

    >>> number(1234), number(Fraction(1, 3), 2), number(-0.5, 1)
    ('1,234', '0.33', '-0.5')
    """
    exact = Decimal(value.numerator) / Decimal(value.denominator) if isinstance(value, Fraction) else value
    return _Language.number(Decimal(str(exact)) if isinstance(exact, float) else Decimal(exact), decimals)


def figure(value: int | float | Fraction | Decimal) -> str:
    """A number with the decimals `:g` writes (none trailing), in the locale's digits: '2.5', '0.45', '3'.

    >>> figure(2.5), figure(0.45), figure(3.0), figure(Fraction(11, 4))
    ('2.5', '0.45', '3', '2.75')
    """
    written = f"{float(value):g}"
    return number(value, len(written.partition(".")[2]))


def percent(value: int | float | Fraction | Decimal, decimals: int = 2) -> str:
    """A fraction (0.0123) as a percentage in the locale's digits: '1.23%' ('1,23 %' in German).

    >>> percent(Fraction(-1, 200)), percent(0.0123)
    ('-0.50%', '1.23%')
    """
    scaled = value * 100 if isinstance(value, Decimal) else Fraction(value) * 100
    return _("{number}%").format(number=number(scaled, decimals))
