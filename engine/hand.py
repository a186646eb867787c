"""Hand values: hard and soft totals, blackjack, bust and pairs, as pure functions of cards."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engine.cards import Card
from engine.i18n import _


@dataclass(frozen=True, slots=True)
class HandValue:
    """The value of some cards: the best total not over 21 (or the bust total) and softness."""

    total: int
    soft: bool
    """Whether an ace is counted as 11 in `total`."""

    @property
    def bust(self) -> bool:
        """Whether the total is over 21."""
        return self.total > 21

    def describe(self) -> str:
        """The total as a player would say it, in the player's language: '21', 'soft 17', 'bust 24'."""
        if self.bust:
            # TRANSLATORS: a hand's total over 21, shown beside the cards
            return _("bust {total}").format(total=self.total)
        if self.soft and self.total != 21:
            # TRANSLATORS: a total with an ace counted as 11, shown beside the cards
            return _("soft {total}").format(total=self.total)
        return str(self.total)


def hand_total(cards: Sequence[Card]) -> tuple[int, bool]:
    """The best total of the cards and whether it is soft (an ace counted as 11).

    >>> from engine.cards import parse_cards
    >>> hand_total(parse_cards("A 6")), hand_total(parse_cards("A A 9")), hand_total(parse_cards("A 6 T"))
    ((17, True), (21, True), (17, False))
    """
    points = 0
    has_ace = False
    for card in cards:
        value = card.points
        points += value
        if value == 1:
            has_ace = True
    if has_ace and points <= 11:
        return points + 10, True
    return points, False


def hand_value(cards: Sequence[Card]) -> HandValue:
    """The HandValue of the cards.

    >>> from engine.cards import parse_cards
    >>> [hand_value(parse_cards(c)).describe() for c in ("A 6", "A A A 8", "T 6 9")]
    ['soft 17', '21', 'bust 25']
    """
    total, soft = hand_total(cards)
    return HandValue(total, soft)


def is_natural(cards: Sequence[Card]) -> bool:
    """Whether the cards are a two-card 21 (an ace and a ten-value card).

    >>> from engine.cards import parse_cards
    >>> is_natural(parse_cards("A K")), is_natural(parse_cards("7 7 7"))
    (True, False)
    """
    return len(cards) == 2 and cards[0].points + cards[1].points == 11 and (
        cards[0].points == 1 or cards[1].points == 1
    )


def is_pair(cards: Sequence[Card], *, by_value: bool) -> bool:
    """Whether two cards pair: the same rank, or (by_value) the same points, so K and 10 pair.

    >>> from engine.cards import parse_cards
    >>> is_pair(parse_cards("K T"), by_value=False), is_pair(parse_cards("K T"), by_value=True)
    (False, True)
    """
    if len(cards) != 2:
        return False
    if by_value:
        return cards[0].points == cards[1].points
    return cards[0].rank is cards[1].rank
