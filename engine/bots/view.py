"""What a bot sees and how it answers: the seat's view of the table, and the Bot protocol."""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple, Protocol

from engine.actions import Action
from engine.cards import Card
from engine.money import Money
from engine.round import DecisionKind
from engine.rules import Rules


class SeatView(NamedTuple):
    """What a person in the seat could see when asked for a bet or a decision.

    A NamedTuple rather than a frozen dataclass: it is just as immutable, and the
    simulator builds one per decision, where a frozen dataclass costs six times more.
    """

    rules: Rules
    seat: int
    kind: DecisionKind | None
    """What is being asked; None when the seat is asked for its bet."""
    cards: tuple[Card, ...]
    """The hand being decided; when betting, the first card if the rules deal it before the bet."""
    hand: int
    """The index of that hand among the seat's hands (split order)."""
    hands: int
    """How many hands the seat holds now."""
    up_card: Card | None
    """The dealer's face-up card; None before the deal or when the dealer draws after the players."""
    bet: Money
    """The seat's initial bet this round (0 while betting)."""
    bankroll: Money
    """The seat's money off the table, in cents."""
    seen: Sequence[Card]
    """Every card shown face up since the shoe was last shuffled, in order (read it during the call)."""
    shuffles: int
    """How many times the shoe has been shuffled since the seat sat down (a change means a new shoe)."""


class Bot(Protocol):
    """A player that no person plays: it bets and decides from its view, as a person's clicks would."""

    name: str
    """A short name for reports, such as 'basic'."""
    memoizable: bool
    """Whether its answers follow from the situation alone, so they may be remembered.

    That is: its bet depends only on whether the bankroll covers the table minimum, and
    each play decision only on the hand (its cards' number, total, softness and pairing,
    whether it came from a split or is a split ace), how many hands the seat holds,
    whether the bankroll covers the hand's bet, the up card's points and the legal
    actions. The fast path (`engine.fastplay`) then asks once per situation.
    """

    def bet(self, view: SeatView) -> Money:
        """The bet for this round in cents, within the table limits and the bankroll; 0 to sit out."""
        ...

    def decide(self, view: SeatView, legal: frozenset[Action]) -> Action:
        """One of `legal`, the actions the round allows now."""
        ...


def table_minimum(view: SeatView) -> Money:
    """The table minimum when the seat can afford it, else 0 (sit out).

    >>> from engine import load_rules
    >>> view = SeatView(load_rules("vegas-strip"), 0, None, (), 0, 0, None, 0, 5_000, (), 0)
    >>> table_minimum(view), table_minimum(view._replace(bankroll=999))
    (1000, 0)
    """
    minimum = view.rules.min_bet
    return minimum if view.bankroll >= minimum else 0
