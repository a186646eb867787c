"""Cards: ranks, suits, and the short text codes used in tests, records and the CLI."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from enum import Enum

from engine.errors import CardParseError
from engine.i18n import _


class Rank(Enum):
    """A card rank; the value is the rank's one-letter code."""

    ACE = "A"
    TWO = "2"
    THREE = "3"
    FOUR = "4"
    FIVE = "5"
    SIX = "6"
    SEVEN = "7"
    EIGHT = "8"
    NINE = "9"
    TEN = "T"
    JACK = "J"
    QUEEN = "Q"
    KING = "K"

    @property
    def points(self) -> int:
        """The rank's blackjack points, counting an ace as 1."""
        return _POINTS[self]

    @property
    def is_ace(self) -> bool:
        """Whether this is an ace."""
        return self is Rank.ACE

    @property
    def is_face(self) -> bool:
        """Whether this is a jack, queen or king."""
        return self in (Rank.JACK, Rank.QUEEN, Rank.KING)


_POINTS = {rank: min(index + 1, 10) for index, rank in enumerate(Rank)}


class Suit(Enum):
    """A card suit; the value is the suit's one-letter code."""

    SPADES = "S"
    HEARTS = "H"
    DIAMONDS = "D"
    CLUBS = "C"

    @property
    def is_red(self) -> bool:
        """Whether the suit is printed in red in a two-color deck."""
        return self in (Suit.HEARTS, Suit.DIAMONDS)


@dataclass(frozen=True, slots=True)
class Card:
    """A playing card; the suit is None for a card given by rank alone (as tests may do)."""

    rank: Rank
    suit: Suit | None = None
    points: int = field(init=False, repr=False, compare=False)
    """Blackjack points, counting an ace as 1 (kept on the card: hand totals read it constantly)."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "points", _POINTS[self.rank])

    @property
    def code(self) -> str:
        """The card's text code, such as 'AS', 'TH' or 'K'.

        >>> Card(Rank.TEN, Suit.HEARTS).code, Card(Rank.KING).code
        ('TH', 'K')
        """
        return self.rank.value + (self.suit.value if self.suit else "")

    def __repr__(self) -> str:
        return self.code

    def __str__(self) -> str:
        return self.code

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read one card code: rank A 2-9 T J Q K (or 10), then an optional suit S H D C.

        >>> Card.parse("As"), Card.parse("10d"), Card.parse("K")
        (AS, TD, K)

        Raises CardParseError when the code is not a card.
        """
        code = text.strip().upper()
        if code.startswith("10"):
            code = "T" + code[2:]
        if not 1 <= len(code) <= 2:
            raise CardParseError(
                _("{text!r} is not a card code (use e.g. AS, TH, 10D or K)").format(text=text))
        try:
            rank = Rank(code[0])
        except ValueError:
            raise CardParseError(
                _("{text!r} has no rank: use A, 2-9, T (or 10), J, Q or K").format(text=text)
            ) from None
        if len(code) == 1:
            return _CARDS[(rank, None)]
        try:
            suit = Suit(code[1])
        except ValueError:
            raise CardParseError(_("{text!r} has no suit: use S, H, D or C").format(text=text)) from None
        return _CARDS[(rank, suit)]


_CARDS: dict[tuple[Rank, Suit | None], Card] = {
    (rank, suit): Card(rank, suit) for rank in Rank for suit in (*Suit, None)
}


def card(rank: Rank, suit: Suit | None = None) -> Card:
    """The shared Card instance for a rank and suit (cards are immutable, so one of each)."""
    return _CARDS[(rank, suit)]


def parse_cards(text: str | Iterable[str]) -> tuple[Card, ...]:
    """Read card codes separated by spaces or commas, or an iterable of codes.

    >>> parse_cards("As Kd, 10h 5")
    (AS, KD, TH, 5)
    """
    codes = text.replace(",", " ").split() if isinstance(text, str) else list(text)
    return tuple(Card.parse(code) for code in codes)


FULL_DECK: tuple[Card, ...] = tuple(card(rank, suit) for suit in Suit for rank in Rank)
"""One 52-card deck in a fixed order (suit by suit)."""
