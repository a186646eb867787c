"""Shoe compositions: how many cards of each point value are left to draw.

Ranks are counted by blackjack points: index 0 holds aces, index 1 twos, ... and index 9
every ten-value card (T, J, Q and K together). An infinite deck has no counts at all:
every card is drawn with its full-deck probability, 1/13 for each rank and 4/13 for tens.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from engine.cards import Card
from engine.errors import BlackjackError
from engine.rules import Rules

RANKS = 10
"""Point values a card can have: ace (1) through ten-value (10)."""

LABELS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "T")
"""The short label of each point value, ace first."""

INFINITE_PROBABILITIES = (*(1 / 13,) * 9, 4 / 13)
"""The chance of each point value on every draw from an infinite deck."""


class OddsError(BlackjackError):
    """An analysis was asked about something that cannot happen: a missing card, a busted hand."""


def point_index(card: Card | int) -> int:
    """The composition index (0 for an ace ... 9 for a ten-value card) of a card or a point value.

    >>> from engine.cards import Card
    >>> point_index(Card.parse("K")), point_index(Card.parse("A")), point_index(7)
    (9, 0, 6)
    """
    points = card if isinstance(card, int) else card.points
    if not 1 <= points <= 10:
        raise OddsError(f"{points} is not a card's point value; use 1 (ace) to 10")
    return points - 1


@dataclass(frozen=True, slots=True)
class Composition:
    """The cards left to draw, counted by point value; `counts` is None for an infinite deck.

    >>> shoe = Composition.full(1)
    >>> shoe.total, shoe.counts[9]
    (52, 16)
    >>> shoe.without([Card.parse("K"), Card.parse("5")]).total
    50
    >>> Composition.full(None).probabilities()[9] == 4 / 13
    True
    """

    counts: tuple[int, ...] | None

    def __post_init__(self) -> None:
        if self.counts is not None:
            if len(self.counts) != RANKS or any(c < 0 for c in self.counts):
                raise OddsError(f"a composition needs ten counts of zero or more, not {self.counts}")
            if sum(self.counts) == 0:
                raise OddsError("the shoe is empty: there is nothing left to draw")

    @classmethod
    def full(cls, decks: int | None) -> Composition:
        """Every card of `decks` full decks; None gives the infinite deck."""
        if decks is None:
            return cls(None)
        return cls((*(4 * decks,) * 9, 16 * decks))

    @classmethod
    def for_rules(cls, rules: Rules) -> Composition:
        """The full shoe the rules deal from (a fresh shuffle)."""
        return cls.full(rules.decks)

    @classmethod
    def of_cards(cls, cards: Iterable[Card]) -> Composition:
        """Exactly the given cards (for example every card not yet seen)."""
        counts = [0] * RANKS
        for card in cards:
            counts[point_index(card)] += 1
        return cls(tuple(counts))

    @property
    def infinite(self) -> bool:
        """Whether this is the infinite deck."""
        return self.counts is None

    @property
    def total(self) -> int | None:
        """How many cards are left (None for an infinite deck)."""
        return None if self.counts is None else sum(self.counts)

    def without(self, cards: Iterable[Card | int]) -> Composition:
        """The composition after the given cards (or point values) are taken out.

        Raises OddsError when a card is not there to take out.
        """
        if self.counts is None:
            return self
        counts = list(self.counts)
        for card in cards:
            index = point_index(card)
            if counts[index] == 0:
                raise OddsError(
                    f"cannot take out {LABELS[index]}: no card of that value is left in the shoe"
                )
            counts[index] -= 1
        return Composition(tuple(counts))

    def probabilities(self) -> tuple[float, ...]:
        """The chance that the next card has each point value, ace first."""
        if self.counts is None:
            return INFINITE_PROBABILITIES
        total = sum(self.counts)
        return tuple(c / total for c in self.counts)
