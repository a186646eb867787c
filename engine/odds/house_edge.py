"""The whole analysis of a rule set: every starting hand against every up card, off the top.

Each up card is dealt from the full shoe and each two-card hand from what is left, weighted
by its chance. Hands are valued composition-dependently (see `engine.odds.player`); the
basic strategy chart is chosen per total from those values (total-dependent, as printed
charts are), and the house edge is the expected loss of a player who follows the chart
on every decision, split hands and drawn hands included. Insurance is never taken.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from dataclasses import dataclass

from engine.actions import Action
from engine.odds.composition import RANKS, Composition
from engine.odds.dealer import DealerOdds, compiled_odds, dealer_probabilities
from engine.odds.player import ACE, TEN, Evaluator, best_total
from engine.odds.strategy import UP_CARDS, Code, HandKind, StrategyChart
from engine.rules import Rules

_ORDER = (Action.STAND, Action.HIT, Action.DOUBLE, Action.SPLIT, Action.SURRENDER)
"""Tie-breaking order when two actions are worth exactly the same."""


@dataclass(frozen=True)
class Analysis:
    """Everything computed for one rule set: the chart, the house edge and the dealer's odds."""

    rules_name: str
    chart: StrategyChart
    house_edge: float
    """The house's expected win per initial unit bet against the chart (0.005 is 0.5%)."""
    optimal_house_edge: float
    """The same against composition-dependent best play on the first decision."""
    dealer: tuple[DealerOdds, ...]
    seconds: float
    """How long the computation took."""
    exact: bool = False
    """Whether every value is exact for the shoe (the exact mode, or an infinite deck)."""

    @property
    def player_ev(self) -> float:
        """The player's expected net per initial unit bet with the chart (minus the house edge)."""
        return -self.house_edge


def two_card_hands(shoe: Composition) -> Iterator[tuple[int, int, float]]:
    """Every starting hand as (point index, point index, chance), the lower index first.

    >>> round(sum(w for _, _, w in two_card_hands(Composition.full(1))), 12)
    1.0
    """
    probs = shoe.probabilities()
    counts, total = shoe.counts, shoe.total
    for a in range(RANKS):
        for b in range(a, RANKS):
            if counts is None or total is None:
                weight = probs[a] * probs[b]
            else:
                weight = counts[a] / total * (counts[b] - (a == b)) / (total - 1)
            if weight > 0:
                yield a, b, weight * (1 if a == b else 2)


def same_rank_share(shoe: Composition, rules: Rules) -> float:
    """Of two ten-value cards, the chance they are of one rank (so they may be split)."""
    if rules.pair_by_value:
        return 1.0
    if shoe.counts is None:
        return 0.25
    tens = shoe.counts[TEN]
    return max(tens / 4 - 1, 0) / (tens - 1) if tens > 1 else 0.0


def analyze(rules: Rules, *, exact: bool | None = None) -> Analysis:
    """Chart, house edge and dealer odds for a rule set (uncached; see `engine.odds.cache`).

    `exact` values every hand exactly for the shoe (see `engine.odds.player`); by default it
    does where that runs compiled (the `fast` extra: quicker than the Python shortcuts), and
    takes the shortcuts otherwise (the exact mode in Python is some twenty times slower).

    >>> from engine.rulesets import load_rules
    >>> result = analyze(load_rules("infinite-deck"))
    >>> result.chart.lookup(HandKind.HARD, 16, 10), round(result.house_edge * 100, 2)
    (<Code.H: 'H'>, 0.62)
    """
    started = time.perf_counter()
    if exact is None:
        exact = compiled_odds()
    shoe = Composition.for_rules(rules)
    up_probs = shoe.probabilities()
    ups: list[int | None] = [None] if rules.dealer_draws_after_players else list(range(RANKS))
    no_das = rules.with_changes(double_after_split=False) if rules.double_after_split else None
    sums: dict[Row, dict[Action, float]] = {}
    pair_sums: dict[Row, dict[Action, float]] = {}
    no_das_split: dict[tuple[int, int | None], float] = {}
    evaluators: dict[int | None, tuple[Evaluator, Composition]] = {}
    optimal = 0.0
    for up in ups:
        up_shoe = shoe if up is None else shoe.without([up + 1])
        up_weight = 1.0 if up is None else up_probs[up]
        first = next(iter(evaluators.values()))[0] if evaluators else None
        evaluator = Evaluator(rules, up, up_shoe, exact=exact, twin=first)
        evaluators[up] = (evaluator, up_shoe)
        plain = Evaluator(no_das, up, up_shoe, exact=exact, twin=evaluator) if no_das is not None else None
        share = same_rank_share(up_shoe, rules)
        column = None if up is None else up + 1
        for a, b, weight in two_card_hands(up_shoe):
            hand = [a, b]
            if a == ACE and b == TEN:
                optimal += up_weight * weight * evaluator.blackjack_value(hand)
                continue
            splittable = a == b and rules.splitting_allowed
            values = evaluator.values(hand, hand, pair_chance=0.25 if a == TEN and share < 1 else 1.0)
            totals = {action: evaluator.total(action, v, hand) for action, v in values.items()}
            best_with = max(totals.values())
            best_without = max(v for k, v in totals.items() if k is not Action.SPLIT)
            split_share = share if a == TEN else 1.0
            optimal += up_weight * weight * (split_share * best_with + (1 - split_share) * best_without)
            points = a + b + 2
            row: Row = (HandKind.SOFT, points + 10, column) if a == ACE else (HandKind.HARD, points, column)
            # A pair counts in its total's row only where no other hand makes that total.
            _add(pair_sums if a == b else sums, row, totals, weight)
            if splittable:
                _add(sums, (HandKind.PAIR, a + 1, column), totals, weight)
                if plain is not None:
                    hand_values = plain.values(hand, hand, legal=frozenset((Action.SPLIT,)))
                    no_das_split[(a + 1, column)] = weight * plain.total(
                        Action.SPLIT, hand_values[Action.SPLIT], hand
                    )
    for key, row_sums in pair_sums.items():
        sums.setdefault(key, row_sums)
    chart = _chart(rules, ups, sums, no_das_split)
    edge = 0.0
    for up, (evaluator, up_shoe) in evaluators.items():
        edge += (1.0 if up is None else up_probs[up]) * _chart_value(rules, evaluator, up_shoe, chart)
    return Analysis(
        rules_name=rules.name,
        chart=chart,
        house_edge=-edge,
        optimal_house_edge=-optimal,
        dealer=_dealer_rows(rules, shoe, exact),
        seconds=time.perf_counter() - started,
        exact=exact or shoe.counts is None,
    )


def _dealer_rows(rules: Rules, shoe: Composition, exact: bool) -> tuple[DealerOdds, ...]:
    """The dealer's odds per up card: in an exact analysis that ran compiled (numba is loaded), every
    up card's from one compiled weighing of the shoe; otherwise weighed up card by up card."""
    if exact and compiled_odds() and shoe.counts is not None:  # the rules' shoe: whole decks
        from engine.odds.compiled import dealer_odds

        return dealer_probabilities(rules, weighed=dealer_odds(shoe.counts, rules.dealer_hits_soft_17))
    return dealer_probabilities(rules)


Row = tuple[HandKind, int, int | None]
"""A chart row and column: hand kind, total (or pair card points), up card points."""


def _add(sums: dict[Row, dict[Action, float]], key: Row, totals: dict[Action, float], weight: float) -> None:
    """Add one hand's values, weighted by its chance, to a row's sums."""
    row = sums.setdefault(key, {})
    for action, value in totals.items():
        if action is not Action.SPLIT or key[0] is HandKind.PAIR:
            row[action] = row.get(action, 0.0) + weight * value


def _chart(
    rules: Rules,
    ups: list[int | None],
    sums: dict[Row, dict[Action, float]],
    no_das_split: dict[tuple[int, int | None], float],
) -> StrategyChart:
    """The chart: in each cell the action with the best summed value over the row's hands."""
    columns: list[int | None] = [None] if ups == [None] else list(UP_CARDS)
    codes: dict[tuple[str, int, int | None], str] = {}
    rows = [(HandKind.HARD, t) for t in range(4, 22)] + [(HandKind.SOFT, t) for t in range(12, 22)]
    rows += [(HandKind.PAIR, p) for p in range(1, 11)]
    for kind, value in rows:
        for up in columns:
            totals = sums.get((kind, value, up))
            if kind is HandKind.PAIR and not totals:
                # No splitting: a pair is played as its total.
                total_row = (HandKind.SOFT, 12, up) if value == 1 else (HandKind.HARD, 2 * value, up)
                totals = sums.get(total_row)
            split_plain = no_das_split.get((value, up)) if kind is HandKind.PAIR else None
            code = _code(totals, split_plain) if totals else Code.S
            codes[(kind.value, value, up)] = code.value
    return StrategyChart.from_codes(
        rules.name, columns, codes,
        double_after_split=rules.double_after_split, pair_by_value=rules.pair_by_value,
    )


def _best(totals: dict[Action, float], among: tuple[Action, ...]) -> Action:
    present = [a for a in _ORDER if a in totals and a in among]
    return max(present, key=lambda a: totals[a])


def _code(totals: dict[Action, float], split_without_das: float | None) -> Code:
    """The chart code for a row's summed values (and its split value without DAS, if DAS is on)."""
    best = _best(totals, _ORDER)
    if best is Action.SURRENDER:
        rest = _best(totals, (Action.STAND, Action.HIT, Action.DOUBLE, Action.SPLIT))
        return {Action.SPLIT: Code.RP, Action.STAND: Code.RS}.get(rest, Code.RH)
    if best is Action.DOUBLE:
        return Code.D if _best(totals, (Action.STAND, Action.HIT)) is Action.HIT else Code.DS
    if best is Action.SPLIT:
        rest = _best(totals, (Action.STAND, Action.HIT, Action.DOUBLE))
        if split_without_das is not None and split_without_das < totals[rest] and rest is Action.HIT:
            return Code.PH
        return Code.P
    return Code.H if best is Action.HIT else Code.S


def _chart_value(rules: Rules, evaluator: Evaluator, shoe: Composition, chart: StrategyChart) -> float:
    """The expected net of one up card's hands when the player follows the chart throughout."""
    up = evaluator.up
    column = None if up is None else up + 1

    def decide(total: int, soft: bool, pair: int | None, legal: frozenset[Action]) -> Action:
        return chart.decide(total, soft, None if pair is None else pair + 1, column, legal)

    share = same_rank_share(shoe, rules)
    value = 0.0
    for a, b, weight in two_card_hands(shoe):
        hand = [a, b]
        if a == ACE and b == TEN:
            value += weight * evaluator.blackjack_value(hand)
            continue
        total = best_total(a + b + 2, a == ACE)
        soft = a == ACE
        split_part = share if a == TEN else 1.0
        variants = [(True, split_part), (False, 1.0 - split_part)] if a == b else [(False, 1.0)]
        for pair, part in variants:
            if part <= 0:
                continue
            legal = evaluator.legal(hand, from_split=False, split_aces=False, hands=1, pair=pair)
            action = decide(total, soft, a if pair else None, legal)
            values = evaluator.values(
                hand, hand, legal=frozenset((action,)), policy=decide,
                pair_chance=0.25 if a == TEN and share < 1 else 1.0,
            )
            value += weight * part * evaluator.total(action, values[action], hand)
    return value
