"""Exact money: every amount is a whole number of cents.

Written rule for amounts that do not come out to a whole cent (a 6:5 payout on an odd
bet, half of an odd bet for insurance or surrender): the player is paid the amount
rounded down to the cent, and the house keeps the fraction of a cent.
"""

from __future__ import annotations

from decimal import ROUND_DOWN, Decimal, InvalidOperation
from fractions import Fraction

from engine.i18n import _, number, plain_amount

Money = int
"""An amount of money in cents."""

CENTS_PER_UNIT = 100


MAX_UNITS = 10**12
"""The largest amount the engine takes, in units: far beyond any bankroll, and small enough that
sums of amounts stay exact in a float's 53 bits and fit SQLite's 64-bit integers as cents."""


def to_cents(amount: object) -> Money:
    """Read an amount in units (an int, a decimal string, or a float from TOML/JSON) as cents.

    >>> to_cents(10), to_cents("7.5"), to_cents(2.25), to_cents("-1")
    (1000, 750, 225, -100)
    >>> to_cents("1e999999999")
    Traceback (most recent call last):
    ...
    ValueError: an amount cannot be more than 1,000,000,000,000

    Raises ValueError when the amount is not a finite number, has a fraction of a cent,
    or is more than `MAX_UNITS` either way.
    """
    if isinstance(amount, bool):
        raise ValueError(_not_money(repr(amount)))
    if isinstance(amount, int):
        if abs(amount) > MAX_UNITS:  # compared, never printed: a huge int has no repr
            raise ValueError(_too_much())
        return amount * CENTS_PER_UNIT
    if not isinstance(amount, float | str | Decimal):
        raise ValueError(_not_money(repr(amount)))
    shown = _shown(amount)
    try:
        exact = Decimal(amount) if isinstance(amount, Decimal) else Decimal(str(amount))
    except InvalidOperation:
        raise ValueError(_not_money(shown)) from None
    if not exact.is_finite():
        raise ValueError(_not_money(shown))
    # Decimal comparisons are exact whatever the exponent (1e999999999 or 1e-999999999),
    # where arithmetic would round, overflow or underflow in the default context.
    if exact.copy_abs() > MAX_UNITS:
        raise ValueError(_too_much())
    cents = exact.quantize(_CENT, rounding=ROUND_DOWN)  # at most 15 digits: exact
    if cents != exact:

        raise ValueError(_("{amount} is not a whole number of cents").format(amount=shown))
    return int(cents.scaleb(2))


def _not_money(shown: str) -> str:

    return _("{amount} is not an amount of money").format(amount=shown)


def _too_much() -> str:

    return _("an amount cannot be more than {most}").format(most=number(MAX_UNITS))


_CENT = Decimal("0.01")


def _shown(amount: object, limit: int = 40) -> str:
    """The amount as an error message quotes it, cut short when it is long."""
    text = repr(amount)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def to_units(cents: Money) -> int | float:
    """Give cents as a JSON-friendly number of units: an int when whole, else a float.

    >>> to_units(1000), to_units(750), to_units(-1250)
    (10, 7.5, -12.5)
    """
    if cents % CENTS_PER_UNIT == 0:
        return cents // CENTS_PER_UNIT
    return cents / CENTS_PER_UNIT


def format_money(cents: Money, *, sign: bool = False) -> str:
    """Format cents for people: whole units without decimals, else two decimals.

    >>> format_money(1000), format_money(750), format_money(-250, sign=True), format_money(5, sign=True)
    ('10', '7.50', '-2.50', '+0.05')
    """
    return plain_amount(cents, sign)


def scale(cents: Money, ratio: Fraction) -> Money:
    """Multiply an amount by an exact ratio, rounding down to the cent (the written rule).

    >>> scale(500, Fraction(3, 2)), scale(500, Fraction(6, 5)), scale(1, Fraction(6, 5))
    (750, 600, 1)
    """
    return (cents * ratio.numerator) // ratio.denominator
