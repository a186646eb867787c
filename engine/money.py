"""Exact money: every amount is a whole number of cents.

Written rule for amounts that do not come out to a whole cent (a 6:5 payout on an odd
bet, half of an odd bet for insurance or surrender): the player is paid the amount
rounded down to the cent, and the house keeps the fraction of a cent.
"""

from __future__ import annotations

from decimal import Decimal, InvalidOperation
from fractions import Fraction

Money = int
"""An amount of money in cents."""

CENTS_PER_UNIT = 100


def to_cents(amount: object) -> Money:
    """Read an amount in units (an int, a decimal string, or a float from TOML/JSON) as cents.

    >>> to_cents(10), to_cents("7.5"), to_cents(2.25)
    (1000, 750, 225)

    Raises ValueError when the amount is not a number or has a fraction of a cent.
    """
    if isinstance(amount, bool):
        raise ValueError(f"{amount!r} is not an amount of money")
    if isinstance(amount, int):
        return amount * CENTS_PER_UNIT
    if isinstance(amount, float | str | Decimal):
        try:
            exact = Decimal(str(amount)) * CENTS_PER_UNIT
        except InvalidOperation:
            raise ValueError(f"{amount!r} is not an amount of money") from None
        if not exact.is_finite() or exact != exact.to_integral_value():
            raise ValueError(f"{amount!r} is not a whole number of cents")
        return int(exact)
    raise ValueError(f"{amount!r} is not an amount of money")


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
    prefix = "-" if cents < 0 else ("+" if sign and cents > 0 else "")
    whole, part = divmod(abs(cents), CENTS_PER_UNIT)
    return f"{prefix}{whole}" if part == 0 else f"{prefix}{whole}.{part:02d}"


def scale(cents: Money, ratio: Fraction) -> Money:
    """Multiply an amount by an exact ratio, rounding down to the cent (the written rule).

    >>> scale(500, Fraction(3, 2)), scale(500, Fraction(6, 5)), scale(1, Fraction(6, 5))
    (750, 600, 1)
    """
    return (cents * ratio.numerator) // ratio.denominator
