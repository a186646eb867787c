"""The view model the table draws: card sprites, hands, seats, name plates and chips in flight.

Plain mutable records the presenter fills in as it replays events; the table view reads
them and changes nothing.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from engine import Card, Money, Result, hand_value
from engine.i18n import _, amount
from game.tween import Timer

Point = tuple[float, float]


@dataclass(slots=True)
class CardSprite:
    """A card on the table: its face (None while face down), where it flew from, and tweens."""

    code: str | None
    start: Point
    move: Timer
    flip: Timer | None = None
    dest: Point | None = None
    """Where the card is going when it is not going to its place in a hand (the discard tray)."""
    jitter: tuple[int, int] = (0, 0)


@dataclass(slots=True)
class HandModel:
    """What a hand shows: its cards, the chips in its circle, and its result."""

    cards: list[CardSprite] = field(default_factory=list)
    codes: list[Card] = field(default_factory=list)
    stake: Money = 0
    result: Result | None = None
    net: Money | None = None
    busted: bool = False
    surrendered: bool = False
    doubled: bool = False
    finished: bool = False
    natural_possible: bool = True
    """False for hands that came from a split (their 21 is not a blackjack)."""

    def label(self, codes: Sequence[Card] | None = None) -> str:
        """The hand's total as a player reads it: 'soft 17', '21', 'BUST', 'BLACKJACK' (of `codes`, the cards
        of it that have landed, when given)."""
        codes = self.codes if codes is None else codes
        if not codes:
            return ""
        value = hand_value(codes)
        natural = len(codes) == 2 and value.total == 21 and self.natural_possible
        if self.result is Result.BLACKJACK or natural:
            return _("BLACKJACK")  # a natural stays one when it pushes against the dealer's
        if value.bust:
            return _("BUST")
        return value.describe()

    def result_text(self) -> str:
        """After settlement: '+15', 'PUSH', 'REFUNDED', '-10', 'BLACKJACK +15', 'SURRENDER -5'."""
        if self.result is None or self.net is None:
            return ""
        if self.result is Result.PUSH:
            # TRANSLATORS: a badge on a hand that tied the dealer; keep it short
            return _("PUSH")
        if self.result is Result.REFUNDED:
            # TRANSLATORS: a badge on a hand whose bet was given back; keep it short
            return _("REFUNDED")
        # the bare amount as the chips show it, no currency ('+15')
        net = amount(self.net, sign=True)
        if self.result is Result.BLACKJACK:
            # TRANSLATORS: a badge on a settled hand with what it won ("+15"); keep it short
            return _("BLACKJACK {amount}").format(amount=net)
        if self.result is Result.SURRENDER:
            # TRANSLATORS: a badge on a surrendered hand with what it lost ("-5"); keep it short
            return _("SURRENDER {amount}").format(amount=net)
        if self.result is Result.BUST:
            # TRANSLATORS: a badge on a busted hand with what it lost ("-10"); keep it short
            return _("BUST {amount}").format(amount=net)
        return net


@dataclass(slots=True)
class SeatModel:
    """A seat as shown: hands, the bankroll the player sees, insurance."""

    bankroll: Money
    hands: list[HandModel] = field(default_factory=list)
    insurance: Money = 0
    insurance_net: Money | None = None
    homebound: Money = 0
    """Chips on their way back to the bankroll (counted in `bankroll` already)."""
    incoming: Money = 0
    """Winnings sliding from the dealer to a circle (counted in `bankroll` already)."""
    refunded: Money = 0
    """Half a surrendered bet the dealer gave back before the engine settles it (not yet in `bankroll`)."""

    def shown_bankroll(self) -> Money:
        """The bankroll the player sees: settled chips still on the felt or on their way are not home yet."""
        on_felt = sum(h.stake for h in self.hands if h.result is not None)
        if self.insurance_net is not None:
            on_felt += self.insurance
        return self.bankroll - on_felt - self.homebound - self.incoming + self.refunded

    def shown_bet(self) -> Money:
        """What is at stake on the felt right now (unsettled hands and insurance)."""
        stakes = sum(h.stake for h in self.hands if h.result is None)
        return stakes + (self.insurance if self.insurance_net is None else 0)


@dataclass(slots=True)
class PlateModel:
    """A seat's name plate: who sits there, in which color, and whether they have left."""

    name: str
    color: tuple[int, int, int]
    person: bool = True
    left: bool = False


@dataclass(slots=True)
class ChipFlight:
    """Chips sliding across the felt; `then` runs when they land."""

    amount: Money
    start: Point
    end: Point
    timer: Timer
    then: Callable[[], None] | None = None
