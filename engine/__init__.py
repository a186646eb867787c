"""A headless blackjack rules engine: cards, shoe, hands, rules, rounds, events and replay."""

import os as _os

# numpy (the `fast` extra) starts OpenBLAS's threads when it is imported, and they spin for about
# a tenth of a CPU-second; the engine multiplies no matrix big enough to use them. A setting of
# the user's own wins.
_os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

from engine.actions import Action, Result
from engine.cards import Card, Rank, Suit, parse_cards
from engine.errors import (
    BlackjackError,
    CardParseError,
    IllegalActionError,
    InvalidBetError,
    RecordError,
    RulesError,
    ShoeExhaustedError,
    ShoeStateError,
)
from engine.hand import HandValue, hand_total, hand_value, is_natural, is_pair
from engine.how_to_play import KEYS_SLOT, Paragraph, Section, how_to_play
from engine.money import Money, format_money, to_cents, to_units
from engine.round import Decision, DecisionKind, HandView, Phase, Round, RoundTable
from engine.rule_words import (
    OPTION_CHOICES,
    OPTION_HELP,
    RULE_GROUPS,
    OptionHelp,
    RuleGroupWords,
    describe_rules,
    felt_phrases,
    rules_in_words,
)
from engine.rules import (
    BlackjackVsBlackjack,
    DealerBlackjackTakes,
    DoubleOn,
    HoleCard,
    Rules,
    Surrender,
    Tournament,
)
from engine.rulesets import load_rules, preset_ids, presets
from engine.shoe import CardSource, InfiniteShoe, Shoe, StackedShoe, restore_shoe, shoe_for, shoe_snapshot
from engine.shuffler import BurningShoe, ContinuousShuffler  # also lets `shoe_for` make them
from engine.table import Seat, Table, TournamentStatus

__all__ = [
    "KEYS_SLOT",
    "OPTION_CHOICES",
    "OPTION_HELP",
    "RULE_GROUPS",
    "Action",
    "BlackjackError",
    "BlackjackVsBlackjack",
    "BurningShoe",
    "Card",
    "CardParseError",
    "CardSource",
    "ContinuousShuffler",
    "DealerBlackjackTakes",
    "Decision",
    "DecisionKind",
    "DoubleOn",
    "HandValue",
    "HandView",
    "HoleCard",
    "IllegalActionError",
    "InfiniteShoe",
    "InvalidBetError",
    "Money",
    "OptionHelp",
    "Paragraph",
    "Phase",
    "Rank",
    "RecordError",
    "Result",
    "Round",
    "RoundTable",
    "RuleGroupWords",
    "Rules",
    "RulesError",
    "Seat",
    "Section",
    "Shoe",
    "ShoeExhaustedError",
    "ShoeStateError",
    "StackedShoe",
    "Suit",
    "Surrender",
    "Table",
    "Tournament",
    "TournamentStatus",
    "describe_rules",
    "felt_phrases",
    "format_money",
    "hand_total",
    "hand_value",
    "how_to_play",
    "is_natural",
    "is_pair",
    "load_rules",
    "parse_cards",
    "preset_ids",
    "presets",
    "restore_shoe",
    "rules_in_words",
    "shoe_for",
    "shoe_snapshot",
    "to_cents",
    "to_units",
]
