"""A believable weak player, so demo tables look human and the statistics show what bad play costs."""

from __future__ import annotations

from enum import Enum

from engine.actions import Action
from engine.bots.view import SeatView, table_minimum
from engine.dealer import dealer_draws
from engine.hand import hand_total
from engine.money import Money
from engine.round import DecisionKind


class NoviceStyle(Enum):
    """How the novice plays its hands."""

    BUST_CARD = "bust-card"
    """Stand on 12 or more against a dealer 2-6 ("the dealer will bust"), else hit to 17."""
    MIMIC_DEALER = "mimic-dealer"
    """Play like the dealer: draw exactly when the dealer would, never double or split."""
    NEVER_BUST = "never-bust"
    """Never take a card that could bust: stand on any hard 12 or more."""


class NoviceBot:
    """A weak but believable player: bets the minimum, never surrenders, always takes even money.

    Apart from mimicking the dealer, the styles double 11 and split aces and eights, as
    most beginners know to.

    >>> from engine import Card, load_rules, parse_cards
    >>> rules = load_rules("vegas-strip")
    >>> hand, up = parse_cards("T 2"), Card.parse("4")
    >>> view = SeatView(rules, 0, DecisionKind.PLAY, hand, 0, 1, up, 1000, 0, (), 0)
    >>> NoviceBot().decide(view, frozenset({Action.HIT, Action.STAND, Action.DOUBLE}))
    <Action.STAND: 'stand'>
    """

    name = "novice"
    memoizable = True
    """It bets the minimum and plays each hand by its situation alone (see `Bot.memoizable`)."""

    def __init__(self, style: NoviceStyle = NoviceStyle.BUST_CARD) -> None:
        self.style = style

    def bet(self, view: SeatView) -> Money:
        """The table minimum (0 when the bankroll cannot cover it)."""
        return table_minimum(view)

    def decide(self, view: SeatView, legal: frozenset[Action]) -> Action:
        """Take even money, refuse insurance and surrender, and play the hand by the style."""
        if view.kind is DecisionKind.EVEN_MONEY:
            return Action.EVEN_MONEY
        if view.kind is DecisionKind.INSURANCE:
            return Action.NO_INSURANCE
        if view.kind is DecisionKind.EARLY_SURRENDER:
            return Action.NO_SURRENDER
        return self._play(view, legal)

    def _play(self, view: SeatView, legal: frozenset[Action]) -> Action:
        cards = view.cards
        total, soft = hand_total(cards)
        if self.style is NoviceStyle.MIMIC_DEALER:
            hit = dealer_draws(view.rules, total, soft)
        else:
            if Action.SPLIT in legal and cards[0].points in (1, 8):
                return Action.SPLIT
            if Action.DOUBLE in legal and total == 11 and not soft:
                return Action.DOUBLE
            if soft:
                hit = total < 18
            elif self.style is NoviceStyle.NEVER_BUST:
                hit = total < 12
            else:
                up = view.up_card
                bust_card = up is not None and 2 <= up.points <= 6
                hit = total < (12 if bust_card else 17)
        return Action.HIT if hit and Action.HIT in legal else Action.STAND
