"""The decisions a player can make; the value is the word used in round records."""

from __future__ import annotations

from enum import Enum


class Action(Enum):
    """A decision the engine may ask a seat for."""

    HIT = "hit"
    STAND = "stand"
    DOUBLE = "double"
    SPLIT = "split"
    SURRENDER = "surrender"
    NO_SURRENDER = "no-surrender"
    """Declining early surrender when the dealer asks before checking for blackjack."""
    INSURANCE = "insurance"
    NO_INSURANCE = "no-insurance"
    EVEN_MONEY = "even-money"
    NO_EVEN_MONEY = "no-even-money"

    @property
    def is_playing(self) -> bool:
        """Whether this acts on a hand in play (rather than answering an offer)."""
        return self in _PLAYING


_PLAYING = frozenset({Action.HIT, Action.STAND, Action.DOUBLE, Action.SPLIT, Action.SURRENDER})


class Result(Enum):
    """How a hand ended; the value is the word used in replay output."""

    BLACKJACK = "blackjack"
    WIN = "win"
    PUSH = "push"
    LOSE = "lose"
    BUST = "bust"
    SURRENDER = "surrender"
    REFUNDED = "refunded"
    """A losing bet handed back: a dealer blackjack found after play took only the original bet."""
