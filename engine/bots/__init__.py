"""Players that no person plays: basic strategy, a card counter (any system) and a novice.

A bot answers `bet(view)` with cents and `decide(view, legal)` with one of the legal
actions, from a `SeatView` of what a person in the seat could see. `BotTable` seats bots
at the event-producing table; `engine.fastplay.FastTable` plays the same bots without
events for the simulator, with identical results.
"""

from __future__ import annotations

from engine.bots.basic import BasicBot, Chart
from engine.bots.counter import (
    DEFAULT_SPREAD,
    FAB_4,
    ILLUSTRIOUS_18,
    INDEX_PLAYS,
    CounterBot,
    CounterSetup,
    IndexPlay,
    format_indices,
    hi_lo,
    ramp_for_spread,
)
from engine.bots.novice import NoviceBot, NoviceStyle
from engine.bots.seats import BotTable, CardWatcher, seat_name, seat_view
from engine.bots.view import Bot, SeatView, table_minimum
from engine.rules import Rules

DEFAULT_SETUP = CounterSetup()
"""The counter unless told otherwise: Hi-Lo, exact decks floored, the spread's ramp, the fixed index plays."""

BOT_NAMES: tuple[str, ...] = ("basic", "counter", "novice")
"""The bots `make_bot` knows, as the simulator's --bot option names them."""


def make_bot(
    name: str, rules: Rules, *, novice_style: NoviceStyle = NoviceStyle.BUST_CARD,
    spread: int = DEFAULT_SPREAD, counter: CounterSetup = DEFAULT_SETUP,
) -> Bot:
    """A new bot by name for a table with these rules (the charts come from `engine.odds`).

    `counter` sets how the counter counts, bets and plays; `spread` is the top of its bet
    ramp when the setup has none (see `ramp_for_spread`). The others bet flat.

    >>> from engine import load_rules
    >>> make_bot("novice", load_rules("vegas-strip")).name
    'novice'

    Raises ValueError for an unknown name.
    """
    if name == "novice":
        return NoviceBot(novice_style)
    if name not in BOT_NAMES:
        raise ValueError(f"there is no bot named {name!r}; the bots are " + ", ".join(BOT_NAMES))
    from engine.odds import basic_strategy

    chart = basic_strategy(rules)
    return BasicBot(chart) if name == "basic" else CounterBot.from_setup(chart, counter, spread)


__all__ = [
    "BOT_NAMES", "DEFAULT_SETUP", "DEFAULT_SPREAD", "FAB_4", "ILLUSTRIOUS_18", "INDEX_PLAYS", "BasicBot",
    "Bot", "BotTable", "CardWatcher", "Chart", "CounterBot", "CounterSetup", "IndexPlay", "NoviceBot",
    "NoviceStyle", "SeatView", "format_indices", "hi_lo", "make_bot", "ramp_for_spread", "seat_name",
    "seat_view", "table_minimum",
]
