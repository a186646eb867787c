"""What each rule is worth: the house edge change of one option moved, the others held, as rule tables print.

Every option that changes the value of basic-strategy play is tried at every other value
it may take (`engine.rule_words.OPTION_CHOICES`), in the order of the table card. The
options the odds engine leaves out (`engine.odds.cache.IGNORED_OPTIONS`: names, limits,
penetration, insurance and even money, the first card before the bet, the tournament)
are not tried. A value the rules refuse alongside the others is reported with the reason.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Any

from engine.errors import RulesError
from engine.odds.cache import IGNORED_OPTIONS, cached_analysis
from engine.rule_words import OPTION_CHOICES, RULE_GROUPS
from engine.rules import Rules
from engine.rulesets import rules_to_mapping, with_option

PRICED_OPTIONS: tuple[str, ...] = tuple(
    option
    for _, options in RULE_GROUPS
    for option in options
    if option in OPTION_CHOICES and option not in IGNORED_OPTIONS
)
"""The options whose effect on the house edge is priced, in table-card order."""

@dataclass(frozen=True, slots=True, kw_only=True)
class RuleEffect:
    """One option changed from one value to another, the rest held: its house edge change, or why not."""

    option: str
    before: Any
    """The value the rule set has, as a rules file writes it (true, "6:5", "late", 8, "infinite")."""
    after: Any
    """The value tried instead, written the same way."""
    house_edge_change: float | None
    """The house edge with `after` less the house edge with `before` (0.002 is 0.2%); None if refused."""
    refused: str | None = None
    """Why the rules refuse `after` with the other options as they are, or None."""


def rule_effects(rules: Rules, options: Iterable[str] = PRICED_OPTIONS) -> Iterator[RuleEffect]:
    """Each of these options at each other value, one at a time, lazily: each new rule set takes
    a second or two to price (a 6-deck one), then comes from the odds cache.

    >>> from engine.rulesets import load_rules
    >>> [(e.after, round(e.house_edge_change * 100, 2)) for e in rule_effects(
    ...     load_rules("infinite-deck"), ["dealer_hits_soft_17", "surrender"])]
    [(True, 0.22), ('late', -0.09), ('early', -0.65)]

    Raises ValueError for an option that is not priced.
    """
    unpriced = [option for option in options if option not in PRICED_OPTIONS]
    if unpriced:
        raise ValueError(f"{unpriced[0]} does not change the value of basic-strategy play; it is not priced")
    edge = cached_analysis(rules).house_edge
    written = rules_to_mapping(rules)
    for option in options:
        for value in OPTION_CHOICES[option]:
            if value == written[option]:
                continue
            try:
                changed = with_option(rules, option, value)
            except RulesError as error:
                yield RuleEffect(option=option, before=written[option], after=value,
                                 house_edge_change=None, refused=str(error))
                continue
            yield RuleEffect(
                option=option, before=written[option], after=value,
                house_edge_change=cached_analysis(changed).house_edge - edge,
            )
