"""The rules in words: every option is said when it matters, in one heading, never as `key = value`."""

from __future__ import annotations

from dataclasses import fields
from enum import Enum
from fractions import Fraction
from typing import Any

import pytest

from engine import RulesError, Tournament, load_rules, presets
from engine.rule_words import OPTION_CHOICES, OPTION_HELP, RULE_GROUPS, describe_rules, rules_in_words
from engine.rules import Rules
from engine.rulesets import rules_from_mapping

OPTIONS = [f.name for f in fields(Rules)]

TYPED_IN: dict[str, tuple[Any, ...]] = {
    "name": ("Another Table",),
    "description": ("Another table altogether.",),
    "base": ("downtown",),
    "penetration": (Fraction(0), Fraction(1, 2), Fraction(1)),
    "min_bet": (200, 500),
    "max_bet": (None, 20_000),
    "tournament": (None, Tournament(bankroll=10_000, goal=20_000)),
}
"""Values to try for the options an editor has the player type in."""

MOOT = {
    ("vegas-strip", "dealer_blackjack_takes"): "the dealer peeks: a blackjack is found before any double",
    ("home-game", "dealer_blackjack_takes"): "the dealer peeks: a blackjack is found before any double",
    ("european", "resplit_aces"): "split once only: there is no second split, of aces or anything",
    ("home-game", "double_after_split"): "no splitting (and no doubling)",
    ("home-game", "resplit_aces"): "no splitting",
    ("home-game", "hit_split_aces"): "no splitting",
    ("home-game", "split_ace_21_is_blackjack"): "no splitting",
    ("home-game", "pair_by_value"): "no splitting",
}
"""Options that change nothing at a table, so its words need not change: why, per (preset, option)."""


def values_to_try(option: str) -> list[Any]:
    """Every allowed value of an option (a few for the typed-in ones), as `Rules` holds them."""
    if option in TYPED_IN:
        return list(TYPED_IN[option])
    return [getattr(rules_from_mapping({option: value}), option) for value in OPTION_CHOICES[option]]


def test_every_option_is_in_exactly_one_group_and_has_an_explanation():
    grouped = [option for _, options in RULE_GROUPS for option in options]
    assert sorted(grouped) == sorted(OPTIONS) and len(grouped) == len(set(grouped))
    assert set(OPTION_HELP) == set(OPTIONS)
    for option, help_ in OPTION_HELP.items():
        assert help_.line.endswith(".") and "\n" not in help_.line and len(help_.line) < 110, option


def test_every_option_with_a_fixed_set_of_values_offers_them_as_a_rules_file_writes_them():
    defaults = Rules()
    fixed = {f.name for f in fields(Rules) if isinstance(getattr(defaults, f.name), bool | Enum)}
    assert fixed | {"decks", "blackjack_pays", "max_hands", "burn_cards"} == set(OPTION_CHOICES)
    assert set(OPTION_CHOICES) | set(TYPED_IN) == set(OPTIONS)
    for option, choices in OPTION_CHOICES.items():
        for value in choices:
            rules_from_mapping({option: value})  # a rules file accepts it


@pytest.mark.parametrize("preset", ["vegas-strip", "european", "home-game"])
@pytest.mark.parametrize("option", OPTIONS)
def test_changing_any_option_changes_the_words(preset, option):
    rules = load_rules(preset)
    words = describe_rules(rules)
    others = [value for value in values_to_try(option) if value != getattr(rules, option)]
    assert others
    for value in others:
        try:
            changed = rules.with_settings(**{option: value})
        except RulesError:
            continue  # a contradiction at this table (a blackjack paid at once that might push, say)
        if (preset, option) not in MOOT:
            assert describe_rules(changed) != words, f"{option} = {value!r} left {preset}'s words alone"


def test_the_moot_options_really_change_nothing_at_those_tables():
    for preset, option in MOOT:
        rules = load_rules(preset)
        for value in values_to_try(option):
            assert describe_rules(rules.with_settings(**{option: value})) == describe_rules(rules)


def test_vegas_strip_reads_like_its_table_card():
    assert rules_in_words(load_rules("vegas-strip")) == (
        "Six decks, cut at 75%. The dealer stands on all 17s and peeks for blackjack. "
        "Double on any two cards, also after a split. Split up to four hands; aces once, one card each. "
        "Late surrender. Insurance pays 2 to 1; even money offered. Blackjack pays 3 to 2. Bets $10 to $500."
    )


def test_the_european_game_says_what_a_dealer_blackjack_takes():
    words = rules_in_words(load_rules("european"))
    assert "takes no hole card" in words and "A dealer blackjack takes every bet" in words
    assert "Double on 9, 10 or 11 only, but not after a split." in words


def test_the_words_never_read_like_a_rules_file():
    for preset in presets():
        for group in describe_rules(preset.rules):
            for sentence in group.sentences[1:] if group.title == RULE_GROUPS[0][0] else group.sentences:
                assert " = " not in sentence and "_" not in sentence, (preset.id, sentence)
                assert sentence[0].isupper() and sentence.endswith("."), (preset.id, sentence)


def test_the_groups_come_in_table_card_order_and_a_silent_group_is_left_out():
    titles = [group.title for group in describe_rules(load_rules("vegas-strip"))]
    assert titles == [title for title, _ in RULE_GROUPS][:-1]  # no deal-order or tournament news
    last = describe_rules(load_rules("double-up"))[-1]
    assert last.title == "Deal order and tournament"
