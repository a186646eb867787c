"""A headless blackjack rules engine: cards, shoe, hands, rules, rounds, events and replay."""

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
from engine.money import Money, format_money, to_cents, to_units
from engine.round import Decision, DecisionKind, HandView, Phase, Round, RoundTable
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
from engine.table import Seat, Table, TournamentStatus

__all__ = [
    "Action", "BlackjackError", "BlackjackVsBlackjack", "Card", "CardParseError", "CardSource",
    "DealerBlackjackTakes", "Decision", "DecisionKind", "DoubleOn", "HandValue", "HandView",
    "HoleCard", "IllegalActionError", "InfiniteShoe", "InvalidBetError", "Money", "Phase",
    "Rank", "RecordError", "Result", "Round", "RoundTable", "Rules", "RulesError", "Seat", "Shoe",
    "ShoeExhaustedError", "ShoeStateError", "StackedShoe", "Suit", "Surrender", "Table", "Tournament",
    "TournamentStatus", "format_money", "hand_total", "hand_value", "is_natural", "is_pair",
    "load_rules", "parse_cards", "preset_ids", "presets", "restore_shoe", "shoe_for", "shoe_snapshot",
    "to_cents", "to_units",
]
