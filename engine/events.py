"""Everything that happens at the table, as immutable events in the order it happened.

Seats are numbered from 0, left to right as the dealer sees them; a seat's hands are
numbered in split order, and a split inserts the new hand right after the one split, so
`hand` is the index at the moment of the event. The log alone redraws the table.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from enum import Enum
from typing import Any

from engine.actions import Result
from engine.cards import Card
from engine.money import Money, to_units


@dataclass(frozen=True, slots=True, kw_only=True)
class Event:
    """Base of every event; `to_dict()` gives a JSON-friendly form with the event's name."""

    def to_dict(self) -> dict[str, Any]:
        """The event as plain JSON values: cards as codes, money as units, enums as words."""
        out: dict[str, Any] = {"event": type(self).__name__}
        for field in fields(self):
            out[field.name] = _plain(field.name, getattr(self, field.name))
        return out


def _plain(key: str, value: Any) -> Any:
    if isinstance(value, Card):
        return value.code
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, tuple):
        return [_plain(key, item) for item in value]
    if isinstance(value, int) and not isinstance(value, bool) and key in _MONEY_KEYS:
        return to_units(value)
    return value


_MONEY_KEYS = frozenset({"amount", "bankroll", "bankrolls", "net", "paid", "stake", "bet"})


@dataclass(frozen=True, slots=True, kw_only=True)
class ShoeShuffled(Event):
    """The shoe was shuffled; `mid_round` when it ran out during a round and the discards went back in."""

    cards: int
    mid_round: bool = False


@dataclass(frozen=True, slots=True, kw_only=True)
class RoundStarted(Event):
    """A new round began; `number` counts rounds at this table from 1."""

    number: int
    seats: int


@dataclass(frozen=True, slots=True, kw_only=True)
class BetPlaced(Event):
    """A seat put a bet in its circle; `bankroll` is what the seat has left."""

    seat: int
    amount: Money
    bankroll: Money


@dataclass(frozen=True, slots=True, kw_only=True)
class CardDealt(Event):
    """A card went face up to one of a seat's hands."""

    seat: int
    hand: int
    card: Card


@dataclass(frozen=True, slots=True, kw_only=True)
class DealerCardDealt(Event):
    """A card went to the dealer; a face-down card is shown to nobody until HoleCardRevealed."""

    card: Card
    face_up: bool


@dataclass(frozen=True, slots=True, kw_only=True)
class SurrenderOffered(Event):
    """Early surrender: the seat may give up half its bet before the dealer checks for blackjack."""

    seat: int


@dataclass(frozen=True, slots=True, kw_only=True)
class InsuranceOffered(Event):
    """The dealer shows an ace: the seat is asked for insurance, or even money when it holds a blackjack."""

    seat: int
    even_money: bool


@dataclass(frozen=True, slots=True, kw_only=True)
class InsuranceTaken(Event):
    """The seat put up an insurance bet of `amount` (half its bet at most)."""

    seat: int
    amount: Money
    bankroll: Money


@dataclass(frozen=True, slots=True, kw_only=True)
class InsuranceDeclined(Event):
    """The seat declined insurance or even money."""

    seat: int
    even_money: bool


@dataclass(frozen=True, slots=True, kw_only=True)
class EvenMoneyTaken(Event):
    """The seat took even money for its blackjack; its hand is settled at once."""

    seat: int


@dataclass(frozen=True, slots=True, kw_only=True)
class DealerPeeked(Event):
    """The dealer looked under the hole card for a blackjack."""

    blackjack: bool


@dataclass(frozen=True, slots=True, kw_only=True)
class InsuranceSettled(Event):
    """An insurance bet was paid 2:1 (dealer blackjack) or lost; `net` is the seat's gain."""

    seat: int
    amount: Money
    net: Money
    bankroll: Money


@dataclass(frozen=True, slots=True, kw_only=True)
class TurnStarted(Event):
    """Play reached this hand; it is now the active hand."""

    seat: int
    hand: int


@dataclass(frozen=True, slots=True, kw_only=True)
class HandSplit(Event):
    """The hand was split: its second card moved to a new hand at index `new_hand` with an equal bet."""

    seat: int
    hand: int
    new_hand: int
    card: Card
    amount: Money
    bankroll: Money


@dataclass(frozen=True, slots=True, kw_only=True)
class HandDoubled(Event):
    """The bet on the hand was doubled; one more card follows and the hand stands."""

    seat: int
    hand: int
    amount: Money
    bankroll: Money


@dataclass(frozen=True, slots=True, kw_only=True)
class HandSurrendered(Event):
    """The seat gave up the hand for half its bet."""

    seat: int
    hand: int


@dataclass(frozen=True, slots=True, kw_only=True)
class HandBusted(Event):
    """The hand went over 21."""

    seat: int
    hand: int
    total: int


@dataclass(frozen=True, slots=True, kw_only=True)
class HandStood(Event):
    """The hand stands on its total; `automatic` when no one chose it (21, a double, split aces)."""

    seat: int
    hand: int
    total: int
    soft: bool
    automatic: bool


@dataclass(frozen=True, slots=True, kw_only=True)
class HoleCardRevealed(Event):
    """The dealer turned the hole card face up."""

    card: Card


@dataclass(frozen=True, slots=True, kw_only=True)
class DealerFinished(Event):
    """The dealer's hand is complete."""

    total: int
    soft: bool
    blackjack: bool
    bust: bool


@dataclass(frozen=True, slots=True, kw_only=True)
class HandSettled(Event):
    """The hand's bet was settled once and for all.

    `stake` is everything bet on the hand, `net` the seat's gain (negative for a loss),
    `paid` what went back to the seat (stake plus net).
    """

    seat: int
    hand: int
    result: Result
    stake: Money
    net: Money
    paid: Money
    bankroll: Money


@dataclass(frozen=True, slots=True, kw_only=True)
class RoundEnded(Event):
    """The round is over; `bankrolls` holds every seat's money, in seat order."""

    number: int
    bankrolls: tuple[Money, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class TournamentEnded(Event):
    """A seat reached the tournament goal (won) or can no longer make the minimum bet (lost)."""

    seat: int
    won: bool
    bankroll: Money


def card_shown(event: Event) -> Card | None:
    """The card an event shows everyone at the table, or None: what a card counter counts.

    >>> from engine.cards import Card
    >>> ace = Card.parse("AS")
    >>> card_shown(DealerCardDealt(card=ace, face_up=False)), card_shown(HoleCardRevealed(card=ace))
    (None, AS)
    """
    if isinstance(event, CardDealt | HoleCardRevealed):
        return event.card
    if isinstance(event, DealerCardDealt) and event.face_up:
        return event.card
    return None
