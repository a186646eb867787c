"""The shoe a counter faces at a given count, and how often each count comes up.

A count says how the cards still to come differ from a fresh shoe. `CountScale` turns a
count into the expected proportions of those cards: starting from the fresh proportions,
every rank moves in proportion to its tag (the cards whose tags made the count have left
the shoe, spread over the ranks as their numbers and tags say). Under this model a true
count fixes the proportions of the cards left whatever the depth, which is what the true
count is for; an unbalanced running count fixes them only at the depth it is read at
(half the shoe here). The proportions are priced in a shoe of the game's own size, as the
basic strategy chart is, so at the neutral count the best plays are the chart's. Counts
are real numbers, and so are the compositions.

>>> from fractions import Fraction
>>> hi_lo = tuple(Fraction(t) for t in (-1, 1, 1, 1, 1, 1, 0, 0, 0, -1))
>>> scale = CountScale.of(hi_lo, None, decks=1, initial_running_count=0)
>>> [round(c, 2) for c in scale.composition(scale.shift(4))]
[4.4, 3.6, 3.6, 3.6, 3.6, 3.6, 4.0, 4.0, 4.0, 17.6]
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from engine.i18n import _
from engine.odds.composition import RANKS, OddsError

_PER_DECK = (4, 4, 4, 4, 4, 4, 4, 4, 4, 16)
"""Cards of each point value in one deck, ace first."""

RANGE_SHIFT = 0.25
"""The most any rank's share moves over the counts priced: a quarter of its fresh share
(Hi-Lo's true counts -10 to +10)."""


def reference_depth(decks: int) -> float:
    """Decks left at which an unbalanced running count is read: half the shoe, never under one deck.

    >>> reference_depth(6), reference_depth(1)
    (3.0, 1.0)
    """
    return max(decks / 2, 1.0)


@dataclass(frozen=True, slots=True)
class CountScale:
    """How one count system's count maps to the cards left, for one number of decks.

    A shift `u` is the count of the cards left measured per deck left, as a balanced true
    count is (it is the true count for a balanced system); `count(u)` is what the counter
    reads: the true count, or for an unbalanced system the running count at `depth`.
    """

    parts: tuple[tuple[int, int, float], ...]
    """(point index, cards per deck, tag): one part per rank, two for Red 7's sevens."""
    mean: float
    """The mean tag per card of a fresh deck (0 for a balanced system)."""
    spread: float
    """The sum over a deck's cards of (tag - mean) squared."""
    decks: int
    depth: float
    """Decks left at which an unbalanced running count is read (`reference_depth`)."""
    balanced: bool
    initial_running_count: float
    """The running count at the shuffle for the whole shoe (0 for a balanced system)."""

    @classmethod
    def of(
        cls,
        tags: Sequence[Fraction],
        red_seven: Fraction | None,
        *,
        decks: int,
        initial_running_count: Fraction | int,
    ) -> CountScale:
        """The scale of a system's tags (ace first; `red_seven` a red seven's tag if it differs).

        Raises OddsError for tags that do not tell the ranks apart (all equal).
        """
        parts: list[tuple[int, int, float]] = []
        for index in range(RANKS):
            if index == 6 and red_seven is not None:
                parts += [(index, 2, float(red_seven)), (index, 2, float(tags[index]))]
            else:
                parts.append((index, _PER_DECK[index], float(tags[index])))
        per_deck = sum(n * tag for _, n, tag in parts)
        mean = per_deck / 52
        spread = sum(n * (tag - mean) ** 2 for _, n, tag in parts)
        if spread < 1e-12:
            raise OddsError(_("a count system whose tags are all equal counts nothing"))
        return cls(tuple(parts), mean, spread, decks, reference_depth(decks), abs(per_deck) < 1e-12,
                   float(initial_running_count))

    @property
    def limit(self) -> float:
        """The largest shift priced: where some rank's share has moved by `RANGE_SHIFT`."""
        return RANGE_SHIFT * self.spread / max(abs(tag - self.mean) for _, _, tag in self.parts)

    def composition(self, shift: float) -> tuple[float, ...]:
        """The cards of each point value (ace first) of a shoe of the game's size with the
        proportions of the cards left at this shift."""
        lam = shift * self.decks / self.spread
        counts = [0.0] * RANKS
        for index, n, tag in self.parts:
            counts[index] += n * (self.decks - lam * (tag - self.mean))
        return tuple(counts)

    def count(self, shift: float) -> float:
        """The count the counter reads at a shift: the true count, or (unbalanced) the running count."""
        if self.balanced:
            return shift
        neutral = self.initial_running_count + (self.decks - self.depth) * self.mean * 52
        return neutral + shift * self.depth

    def shift(self, count: float) -> float:
        """The shift of a count the counter reads (the inverse of `count`)."""
        return count - self.count(0.0) if self.balanced else (count - self.count(0.0)) / self.depth

    def frequencies(self, shifts: Sequence[float], penetration: float) -> tuple[float, ...]:
        """How often the count falls nearest each of these evenly spaced shifts (two or more), over
        the rounds of a shoe dealt to `penetration`.

        The count of the cards seen is near normal with the hypergeometric variance, and rounds
        come evenly over the cards dealt; what falls outside the shifts given is left out.

        >>> from fractions import Fraction
        >>> scale = CountScale.of([Fraction(t) for t in (-1, 1, 1, 1, 1, 1, 0, 0, 0, -1)], None,
        ...                       decks=6, initial_running_count=0)
        >>> [round(w, 3) for w in scale.frequencies([-1.0, 0.0, 1.0], 0.0)]   # no cards dealt: always 0
        [0.0, 1.0, 0.0]
        >>> [round(w, 3) for w in scale.frequencies([-1.0, 0.0, 1.0], 0.75)]
        [0.165, 0.26, 0.165]
        """
        # Each shift's bin reaches half a step either side; the tails beyond the ends are left out.
        step = shifts[1] - shifts[0]
        edges = [shift - step / 2 for shift in shifts] + [shifts[-1] + step / 2]
        cards = 52 * self.decks
        samples = 24
        weights = [0.0] * len(shifts)
        for j in range(samples):
            seen = (j + 0.5) / samples * penetration * cards
            left = cards - seen
            variance = seen * (self.spread / 52) * left / (cards - 1) if left > 0 else 0.0
            sd = math.sqrt(variance) / (left / 52) if left > 0 else 0.0
            for k in range(len(shifts)):
                weights[k] += (_normal_cdf(edges[k + 1], sd) - _normal_cdf(edges[k], sd)) / samples
        return tuple(weights)


def _normal_cdf(x: float, sd: float) -> float:
    """P(X <= x) for X normal with mean 0 and this standard deviation (a point mass at 0 for sd 0)."""
    if sd <= 0:
        return 1.0 if x >= 0 else 0.0
    return 0.5 * (1 + math.erf(x / (sd * math.sqrt(2))))
