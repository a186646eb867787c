"""The sounds of the table: which cue each presented event plays, and how loud.

Names are the sounds package's cues; the presenter plays whatever `event_cue` answers
when it presents an event, so every sound the table makes is listed here.
"""

from __future__ import annotations

from engine import Result
from engine import events as ev

Cue = tuple[str, float]
"""A sound's name and its volume (0..1)."""

COLLECT_CUE: Cue = ("card_slide", 0.6)
"""The cards swept off the table into the discard tray."""

_SETTLED_CUES = {
    Result.BLACKJACK: "blackjack", Result.WIN: "win", Result.PUSH: "chip_click", Result.REFUNDED: "chip_click"
}


def event_cue(event: ev.Event, human_seats: frozenset[int]) -> Cue | None:
    """The sound an event makes as the table shows it (a bot's settled hand is silent)."""
    match event:
        case ev.ShoeShuffled():
            return "shuffle", 1.0
        case ev.BetPlaced():
            return "chips_stack", 0.7
        case ev.CardDealt() | ev.DealerCardDealt():
            return "card_slide", 1.0
        case ev.InsuranceTaken():
            return "chip_click", 1.0
        case ev.InsuranceSettled(net=net):
            return ("chips_stack" if net > 0 else "chip_click"), 1.0
        case ev.HandSplit() | ev.HandDoubled():
            return "chips_stack", 1.0
        case ev.HandBusted():
            return "lose", 0.6
        case ev.HoleCardRevealed():
            return "card_flip", 1.0
        case ev.HandSettled(seat=seat, result=result) if seat in human_seats:
            return _SETTLED_CUES.get(result, "lose"), 1.0
    return None
