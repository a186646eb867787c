"""The basic-strategy bot: the computed chart for the table's rules, flat bets, never insurance."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Protocol

from engine.actions import Action
from engine.bots.view import SeatView, table_minimum
from engine.cards import Card
from engine.hand import hand_total, is_pair
from engine.money import Money
from engine.round import DecisionKind


class Chart(Protocol):
    """A strategy chart: the action for a concrete hand and up card among the legal ones."""

    def action(
        self, player_cards: Sequence[Card], up_card: Card | None, legal_actions: Iterable[Action]
    ) -> Action:
        """The chart's action, with its fallbacks applied when the first choice is not legal."""
        ...



ChartKey = tuple[int, bool, int | None, int | None, frozenset[Action]]


class BasicBot:
    """Plays a basic strategy chart, bets the table minimum, and never takes insurance or even money.

    The chart's answers are remembered by best total, softness, pair card, up card and
    legal actions: a basic strategy chart is total-dependent, so nothing else can matter.

    >>> from engine import Action, Card, load_rules, parse_cards
    >>> from engine.odds import basic_strategy
    >>> rules = load_rules("vegas-strip")
    >>> bot = BasicBot(basic_strategy(rules))
    >>> hand, up = parse_cards("T 6"), Card.parse("7")
    >>> view = SeatView(rules, 0, DecisionKind.PLAY, hand, 0, 1, up, 1000, 0, (), 0)
    >>> bot.decide(view, frozenset({Action.HIT, Action.STAND}))
    <Action.HIT: 'hit'>
    """

    name = "basic"
    memoizable = True
    """It bets the minimum and plays each hand by its situation alone (see `Bot.memoizable`)."""

    def __init__(self, chart: Chart) -> None:
        self.chart = chart
        self._answers: dict[ChartKey, Action] = {}

    def bet(self, view: SeatView) -> Money:
        """The table minimum (0 when the bankroll cannot cover it)."""
        return table_minimum(view)

    def decide(self, view: SeatView, legal: frozenset[Action]) -> Action:
        """The chart's action; insurance and even money are always declined."""
        if view.kind is DecisionKind.INSURANCE:
            return Action.NO_INSURANCE
        if view.kind is DecisionKind.EVEN_MONEY:
            return Action.NO_EVEN_MONEY
        return self.chart_action(view, legal)

    def chart_action(self, view: SeatView, legal: frozenset[Action]) -> Action:
        """The chart's answer for the view's hand (remembered: the chart reads only totals)."""
        cards = view.cards
        total, soft = hand_total(cards)
        pair = (
            cards[0].points
            if len(cards) == 2 and is_pair(cards, by_value=view.rules.pair_by_value)
            else None
        )
        up = view.up_card
        key = (total, soft, pair, None if up is None else up.points, legal)
        answer = self._answers.get(key)
        if answer is None:
            answer = self._answers[key] = self.chart.action(cards, up, legal)
        return answer
