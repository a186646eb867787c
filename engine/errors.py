"""The engine's one exception family: every error is a ValueError that carries its reason."""

from __future__ import annotations


class BlackjackError(ValueError):
    """Base of every error the engine raises on purpose; the message is a whole sentence."""


class IllegalActionError(BlackjackError):
    """An action was asked that the rules or the state of the round do not allow now."""


class InvalidBetError(BlackjackError):
    """A bet is outside the table limits, over the bankroll, or placed at the wrong time."""


class RulesError(BlackjackError):
    """A rule set is broken: an unknown key, a wrong type, a value out of range, or a contradiction.

    The message names options by their rules-file keys, for whoever writes the file; `words`
    is the same reason for a player, the options named by their labels (`engine.rule_words`).

    >>> RulesError("even_money: needs insurance = true", words="Even money: needs Insurance").words
    'Even money: needs Insurance'
    """

    def __init__(self, message: str, *, words: str | None = None) -> None:
        super().__init__(message)
        self.words = message if words is None else words


class ShoeExhaustedError(BlackjackError):
    """A stacked shoe was asked for a card it does not hold."""


class CardParseError(BlackjackError):
    """A card code could not be read."""


class RecordError(BlackjackError):
    """A round record (a history line) is malformed or cannot be played."""


class ShoeStateError(BlackjackError):
    """A shoe snapshot is malformed, of an unknown kind, or from a card source that cannot be saved."""


def as_sentence(reason: object) -> str:
    """An error or a reason as a sentence for a person: capitalised, ending in a full stop.

    >>> as_sentence(ValueError("cannot bet $5: the minimum is $10"))
    'Cannot bet $5: the minimum is $10.'
    """
    text = str(reason).strip()
    text = text[:1].upper() + text[1:]
    return text if not text or text.endswith((".", "!", "?")) else text + "."
