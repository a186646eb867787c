"""Odds and strategy for any rule set: dealer odds, action values, charts, house edge, hints.

Everything is computed from the rules and the cards, exactly for an infinite deck and
composition-dependently for a finite shoe (`docs/odds.md` gives the method and its
approximations). The functions the game, the bots and the CLI call:

>>> from engine.rulesets import load_rules
>>> from engine.cards import parse_cards, Card
>>> rules = load_rules("infinite-deck")
>>> chart = basic_strategy(rules)
>>> chart.action(parse_cards("8 8"), Card.parse("6"), {Action.HIT, Action.STAND, Action.SPLIT})
<Action.SPLIT: 'split'>
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from engine.actions import Action
from engine.cards import Card
from engine.odds.cache import cached_analysis
from engine.odds.composition import Composition, OddsError
from engine.odds.dealer import OUTCOMES, DealerOdds, dealer_probabilities
from engine.odds.hint import Hint, action_evs, hint
from engine.odds.house_edge import Analysis
from engine.odds.strategy import ChartCell, Code, HandKind, StrategyChart
from engine.rules import Rules


def analysis(rules: Rules) -> Analysis:
    """The chart, house edge and dealer odds of a rule set, cached in memory and on disk."""
    return cached_analysis(rules)


def basic_strategy(rules: Rules) -> StrategyChart:
    """The basic strategy chart for a rule set (cached on disk after the first time)."""
    return cached_analysis(rules).chart


def house_edge(rules: Rules) -> float:
    """The house's expected win per initial unit bet against basic strategy (0.005 is 0.5%)."""
    return cached_analysis(rules).house_edge


def best_action(
    rules: Rules,
    hand_cards: Sequence[Card],
    up_card: Card | None,
    remaining_cards: Iterable[Card] | Composition | None,
    legal_actions: Iterable[Action] | None,
) -> Hint:
    """The shoe-aware hint for a decision: `hint` with the cards not yet seen."""
    return hint(rules, hand_cards, up_card, remaining_cards, legal_actions)


__all__ = [
    "OUTCOMES", "Analysis", "ChartCell", "Code", "Composition", "DealerOdds", "HandKind", "Hint",
    "OddsError", "StrategyChart", "action_evs", "analysis", "basic_strategy", "best_action",
    "dealer_probabilities", "hint", "house_edge",
]
