"""Tiny tweening helpers: easing curves and a progress timer."""

from __future__ import annotations

import math
from dataclasses import dataclass


def ease_out(t: float) -> float:
    """Fast start, gentle landing (cubic)."""
    t = min(max(t, 0.0), 1.0)
    return 1 - (1 - t) ** 3


def ease_in_out(t: float) -> float:
    """Slow start and end (sine)."""
    t = min(max(t, 0.0), 1.0)
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
