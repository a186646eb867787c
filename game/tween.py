"""Tiny tweening helpers: easing curves and a progress timer.

Every movement on the table (cards flying from the shoe, chips sliding) is placed by an
easing curve of its timer's progress. With reduced motion (`reduce_motion(True)`, the
setting of that name) the curves jump to their end as soon as the movement starts: cards
and chips appear where they land, while the timers, and so the pace of the deal, stay.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

_reduced = False
"""Whether movements jump to their end (the reduced-motion setting; the App sets it)."""


def reduce_motion(on: bool) -> None:
    """Turn reduced motion on or off for every eased movement."""
    global _reduced
    _reduced = on


def ease_out(t: float) -> float:
    """Fast start, gentle landing (cubic); a jump once started under reduced motion."""
    t = min(max(t, 0.0), 1.0)
    if _reduced:
        return 1.0 if t > 0 else 0.0
    return 1 - (1 - t) ** 3


def ease_in_out(t: float) -> float:
    """Slow start and end (sine); a jump once started under reduced motion."""
    t = min(max(t, 0.0), 1.0)
    if _reduced:
        return 1.0 if t > 0 else 0.0
    return 0.5 - 0.5 * math.cos(math.pi * t)


@dataclass(slots=True)
class Timer:
    """Progress from 0 to 1 over `duration` seconds; a zero duration is done at once."""

    duration: float
    elapsed: float = 0.0
    delay: float = 0.0

    @property
    def progress(self) -> float:
        """How far along, 0..1."""
        if self.elapsed < self.delay:
            return 0.0
        if self.duration <= 0:
            return 1.0
        return min(1.0, (self.elapsed - self.delay) / self.duration)

    @property
    def done(self) -> bool:
        """Whether the timer has run out."""
        return self.elapsed >= self.delay + self.duration

    @property
    def started(self) -> bool:
        """Whether the delay is over."""
        return self.elapsed >= self.delay

    def advance(self, dt: float) -> None:
        """Let dt seconds pass."""
        self.elapsed += dt

    def finish(self) -> None:
        """Jump to the end."""
        self.elapsed = self.delay + self.duration
