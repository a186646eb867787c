"""The dealer's hand: how it ends (17 to 21, blackjack or bust) from an up card and a shoe.

The dealer's play is fixed by the rules (draw to 17, hit or stand on soft 17), so its final
total has an exact distribution. For a finite shoe every card drawn changes the odds of the
next one; the recursion below follows each sequence of draws, remembering the result for
each multiset of cards drawn (the future depends only on what has left the shoe).
"""

from __future__ import annotations

import importlib.util
import os
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from engine.odds.composition import INFINITE_PROBABILITIES, LABELS, RANKS, Composition
from engine.rules import Rules

OUTCOMES = ("17", "18", "19", "20", "21", "blackjack", "bust")
"""The dealer's final results, in the order of every distribution here."""

BLACKJACK = 5
"""Index of a dealer blackjack in a distribution."""
BUST = 6
"""Index of a dealer bust in a distribution."""

Distribution = tuple[float, float, float, float, float, float, float]
"""Probabilities of the dealer's final results, in the order of `OUTCOMES`."""



def _steps(hits_soft_17: bool) -> dict[tuple[int, bool], list[tuple[int, int, bool, int]]]:
    """For each dealer (points, has ace): every draw as (index, points, has ace, outcome or -1)."""
    table: dict[tuple[int, bool], list[tuple[int, int, bool, int]]] = {}
    for points in range(0, 17):
        for ace in (False, True):
            moves = []
            for index in range(RANKS):
                new_points = points + index + 1
                new_ace = ace or index == 0
                soft = new_ace and new_points <= 11
                total = new_points + 10 if soft else new_points
                if total > 21:
                    outcome = BUST
                elif total > 17 or (total == 17 and not (soft and hits_soft_17)):
                    outcome = total - 17
                else:
                    outcome = -1
                moves.append((index, new_points, new_ace, outcome))
            table[(points, ace)] = moves
    return table


_STEPS = {False: _steps(False), True: _steps(True)}


def _start(up: int | None) -> tuple[int, bool, int]:
    """The dealer's (points, has ace, cards) before the draws: the up card, or nothing."""
    if up is None:
        return 0, False, 0
    return up + 1, up == 0, 1


@lru_cache(maxsize=8192)
def dealer_distribution(
    counts: tuple[int, ...] | None, up: int | None, hits_soft_17: bool
) -> Distribution:
    """The exact distribution of the dealer's result from an up card (an index, or None for none).

    `counts` is the shoe the dealer draws from after the up card (None: infinite deck).
    A blackjack is a 21 in the dealer's first two cards.

    >>> d = dealer_distribution(None, 5, False)   # infinite deck, a 6 up, S17
    >>> round(d[BUST], 4), round(sum(d), 12)
    (0.4232, 1.0)
    """
    steps = _STEPS[hits_soft_17]
    points, ace, cards = _start(up)
    if counts is None:
        return _infinite(steps, points, ace, cards)
    return _finite(hits_soft_17, counts, points, ace, cards)


def _infinite(
    steps: dict[tuple[int, bool], list[tuple[int, int, bool, int]]], points: int, ace: bool, cards: int
) -> Distribution:
    memo: dict[tuple[int, bool, int], list[float]] = {}
    probs = INFINITE_PROBABILITIES

    def walk(points: int, ace: bool, cards: int) -> list[float]:
        key = (points, ace, min(cards, 2))
        found = memo.get(key)
        if found is not None:
            return found
        result = [0.0] * 7
        for index, new_points, new_ace, outcome in steps[(points, ace)]:
            p = probs[index]
            if cards == 1 and new_ace and new_points == 11:
                result[BLACKJACK] += p
            elif outcome >= 0:
                result[outcome] += p
            else:
                sub = walk(new_points, new_ace, cards + 1)
                for j in range(7):
                    result[j] += p * sub[j]
        memo[key] = result
        return result

    r = walk(points, ace, cards)
    return (r[0], r[1], r[2], r[3], r[4], r[5], r[6])


def _finite(
    hits_soft_17: bool,
    counts: Sequence[int],
    points: int,
    ace: bool,
    cards: int,
) -> Distribution:
    """Sum, over every set of cards the dealer can end with, the chance of drawing them in order.

    The chance of one order of a set drawn from the shoe depends only on the set (a falling
    factorial per value over one of the shoe's size), so each set is weighed once, times the
    number of orders the dealer's rule lets happen (`_endings`).
    """
    if _numpy_ready():
        return _finite_numpy(hits_soft_17, counts, points, ace, cards)
    size = sum(counts)
    deepest = min(size, MOST_DRAWS)
    falling = [1.0] * (deepest + 1)
    for k in range(1, deepest + 1):
        falling[k] = falling[k - 1] * (size - k + 1)
    rows = []
    for count in counts:
        # Past the count the product is zero: a set needing more of a value than is left.
        row = [1.0] * (MOST_DRAWS + 1)
        for j in range(MOST_DRAWS):
            row[j + 1] = row[j] * max(count - j, 0)
        rows.append(row)
    result = [0.0] * 7
    for drawn, k, outcome, ways in _endings(hits_soft_17, points, ace, cards):
        if k <= deepest:
            p = ways / falling[k]
            for index, times in drawn:
                p *= rows[index][times]
            result[outcome] += p
    return (result[0], result[1], result[2], result[3], result[4], result[5], result[6])


def _finite_numpy(
    hits_soft_17: bool, counts: Sequence[int], points: int, ace: bool, cards: int
) -> Distribution:
    """`_finite` with every set weighed at once by numpy (the `fast` extra): the same sums."""
    import numpy as np

    drawn, sizes, outcomes, ways = _ending_arrays(hits_soft_17, points, ace, cards)
    shoe = np.asarray(counts, dtype=np.float64)
    steps = np.arange(MOST_DRAWS, dtype=np.float64)
    # rows[i, t]: the falling factorial counts[i] (counts[i] - 1) ... over t terms, zero past the count.
    rows = np.ones((RANKS, MOST_DRAWS + 1))
    rows[:, 1:] = np.cumprod(np.maximum(shoe[:, None] - steps[None, :], 0.0), axis=1)
    size = float(shoe.sum())
    falling = np.ones(MOST_DRAWS + 1)
    falling[1:] = np.cumprod(size - steps)
    falling[falling <= 0.0] = np.inf
    table = rows.ravel()
    chances = ways / falling[sizes]
    for column in drawn:
        chances *= table[column]
    r = chances @ outcomes
    return (float(r[0]), float(r[1]), float(r[2]), float(r[3]), float(r[4]), float(r[5]), float(r[6]))


@lru_cache(maxsize=64)
def _ending_arrays(hits_soft_17: bool, points: int, ace: bool, cards: int) -> tuple[Any, Any, Any, Any]:
    """`_endings` as numpy arrays: the sets (a row per value drawn, of positions in a table of
    falling factorials), their sizes, their results (one-hot) and orders."""
    import numpy as np

    endings = _endings(hits_soft_17, points, ace, cards)
    # Each set as flat positions in `rows` (value * width + times); padding points at a 1.
    widest = max(len(pairs) for pairs, _, _, _ in endings)
    drawn = np.zeros((widest, len(endings)), dtype=np.intp)
    outcomes = np.zeros((len(endings), 7))
    for row, (pairs, _, outcome, _) in enumerate(endings):
        outcomes[row, outcome] = 1.0
        for column, (index, times) in enumerate(pairs):
            drawn[column, row] = index * (MOST_DRAWS + 1) + times
    sizes = np.array([e[1] for e in endings], dtype=np.intp)
    ways = np.array([e[3] for e in endings], dtype=np.float64)
    return drawn, sizes, outcomes, ways


_LOW = 3
"""Point indices below this (aces, twos, threes) make a dealer's set's low part; the rest, its high part."""


@lru_cache(maxsize=2)
def joint_ending_table(hits_soft_17: bool) -> tuple[Any, Any, Any, Any, Any, Any]:
    """Every set of cards a dealer's hand can end with, up card included, for every up card at once,
    as numpy arrays for compiled code.

    The chance of drawing one set in one order from a shoe is the same whichever card comes
    first, so one product per set serves every up card: weighed by the orders that start with
    that card, it is the chance of that up card and that ending together, and over the chance
    of the up card, the chance of the ending given it (`_endings` from each up card).

    A set's product (falling factorials of each value's count, over the shoe's) splits into its
    low cards' and its high cards' (`_LOW`), and the 3,357 sets (S17) have only some 200 low
    parts and 175 high ones: each part is multiplied out once. Returns the low parts and the high
    parts, each a row of `ENDING_VALUES` positions in a table of falling factorials (value *
    (MOST_DRAWS + 1) + times; unused places point at position 0, a factor of one); then per set
    and up card that starts it, in order of where its chance adds up (up card * 7 + result,
    times MOST_DRAWS + 1, plus the set's size), the busts after all the rest: that place, its low
    part, its high part, and the orders that start with the up card.
    """
    import numpy as np

    width = MOST_DRAWS + 1
    merged: dict[tuple[tuple[tuple[int, int], ...], int], dict[int, int]] = {}
    for up in range(RANKS):
        for pairs, _, outcome, orders in _endings(hits_soft_17, *_start(up)):
            counts = dict(pairs)
            counts[up] = counts.get(up, 0) + 1
            whole = tuple(sorted(counts.items()))
            by_up = merged.setdefault((whole, outcome), {})
            by_up[up] = by_up.get(up, 0) + orders
    parts: tuple[dict[tuple[int, ...], int], dict[tuple[int, ...], int]] = ({}, {})
    terms: list[tuple[int, int, int, int]] = []
    for (pairs, outcome), by_up in merged.items():
        low = tuple(index * width + times for index, times in pairs if index < _LOW)
        high = tuple(index * width + times for index, times in pairs if index >= _LOW)
        low_row = parts[0].setdefault(low, len(parts[0]))
        high_row = parts[1].setdefault(high, len(parts[1]))
        size = sum(times for _, times in pairs)
        for up, orders in by_up.items():
            terms.append(((up * 7 + outcome) * width + size, low_row, high_row, orders))
    # The busts last: a shoe the dealer cannot run out of gives them the chance the rest leave.
    terms.sort(key=lambda term: ((term[0] // width) % 7 == BUST, term))
    tables = []
    for part in parts:
        table = np.zeros((len(part), ENDING_VALUES), dtype=np.int64)
        for positions, row in part.items():
            table[row, :len(positions)] = positions
        tables.append(table)
    places, lows, highs, ways = zip(*terms, strict=True)
    as_ints = [np.array(column, dtype=np.int64) for column in (places, lows, highs)]
    return tables[0], tables[1], as_ints[0], as_ints[1], as_ints[2], np.array(ways, dtype=float)


def _numpy_ready() -> bool:
    """Whether numpy is loaded to weigh the dealer's endings at once (see `load_numpy`)."""
    return "numpy" in sys.modules and not _pure()


@lru_cache(maxsize=1)
def _pure() -> bool:
    """Whether $BLACKJACK_ODDS_PURE=1 asks for the Python weighing even with numpy loaded."""
    return os.environ.get("BLACKJACK_ODDS_PURE") == "1"


def compiled_odds() -> bool:
    """Whether exact evaluators compile their recursion: numba installed (the `fast` extra), and
    $BLACKJACK_ODDS_PURE=1 not asking for Python."""
    return not _pure() and importlib.util.find_spec("numba") is not None


def load_numpy() -> None:
    """Load numpy when it is installed (the `fast` extra), so the dealer's odds use it.

    Exact analyses call this; the default ones do not, so a process that never asks for
    one (the game) does not pay numpy's import in the middle of a frame.
    """
    if not _pure() and importlib.util.find_spec("numpy") is not None:
        import numpy  # noqa: F401


ENDING_VALUES = 6
"""The most values in a set the dealer ends with (A, 2, 3, 4, 5 and a bust card with no up card)."""
MOST_DRAWS = 13
"""The most cards a dealer hand draws: 13 with no up card when soft 17 is hit (twelve aces, then one)."""


@lru_cache(maxsize=64)
def _endings(
    hits_soft_17: bool, points: int, ace: bool, cards: int
) -> tuple[tuple[tuple[tuple[int, int], ...], int, int, int], ...]:
    """Every set of cards the dealer can draw to the end, from a start, with its result.

    Each entry is (the set as (index, times) pairs, its size, the result's index, the number
    of orders in which the dealer draws exactly that set and stops on its last card).
    """
    steps = _STEPS[hits_soft_17]
    frontier: dict[tuple[int, ...], tuple[int, int, bool, int]] = {(0,) * RANKS: (1, points, ace, cards)}
    found: dict[tuple[tuple[int, ...], int], int] = {}
    while frontier:
        following: dict[tuple[int, ...], tuple[int, int, bool, int]] = {}
        for drawn, (ways, points_now, ace_now, cards_now) in frontier.items():
            for index, new_points, new_ace, outcome in steps[(points_now, ace_now)]:
                grown = (*drawn[:index], drawn[index] + 1, *drawn[index + 1:])
                if cards_now == 1 and new_ace and new_points == 11:
                    outcome = BLACKJACK
                elif outcome < 0:
                    before = following.get(grown)
                    ways_in = ways + (before[0] if before else 0)
                    following[grown] = (ways_in, new_points, new_ace, cards_now + 1)
                    continue
                found[(grown, outcome)] = found.get((grown, outcome), 0) + ways
        frontier = following
    return tuple(
        (tuple((i, n) for i, n in enumerate(drawn) if n), sum(drawn), outcome, ways)
        for (drawn, outcome), ways in found.items()
    )


@dataclass(frozen=True, slots=True)
class DealerOdds:
    """How the dealer's hand ends from one up card (by points, 1 for an ace; None for no up card)."""

    up: int | None
    probabilities: Distribution
    """Probabilities in the order of `OUTCOMES`: 17, 18, 19, 20, 21, blackjack, bust."""
    given_no_blackjack: bool
    """Whether these are the odds after the dealer has peeked and found no blackjack."""

    @property
    def bust(self) -> float:
        """The chance the dealer busts."""
        return self.probabilities[BUST]

    @property
    def blackjack(self) -> float:
        """The chance the dealer has a blackjack."""
        return self.probabilities[BLACKJACK]

    @property
    def label(self) -> str:
        """The up card's label: 'A', '2'...'9', 'T', or 'none'."""
        return "none" if self.up is None else LABELS[self.up - 1]

    def as_dict(self) -> dict[str, float]:
        """The probabilities keyed by outcome name ('17' ... '21', 'blackjack', 'bust')."""
        return dict(zip(OUTCOMES, self.probabilities, strict=True))


def dealer_probabilities(
    rules: Rules,
    composition: Composition | None = None,
    *,
    given_no_blackjack: bool | None = None,
    weighed: Any | None = None,
) -> tuple[DealerOdds, ...]:
    """The dealer's final-result odds for each up card (2-9, T, A), or one row without an up card.

    `composition` is the shoe the dealer's hand comes from, the up card still in it (default:
    the rules' full shoe); an up card the shoe no longer holds has no row.
    `given_no_blackjack` defaults to whether the dealer peeks: the odds the players face.
    `weighed` gives that shoe's distributions already weighed, given each up card by point index
    and then with none (eleven rows of seven, as `engine.odds.compiled.dealer_odds` gives them).

    >>> from engine.rulesets import load_rules
    >>> rows = dealer_probabilities(load_rules("vegas-strip"))
    >>> [round(r.bust, 4) for r in rows if r.up == 6], round(sum(rows[0].probabilities), 9)
    ([0.4228], 1.0)
    >>> next(r for r in rows if r.up == 1).blackjack
    0.0
    """
    shoe = composition if composition is not None else Composition.for_rules(rules)
    condition = rules.dealer_peeks if given_no_blackjack is None else given_no_blackjack
    ups: list[int | None] = [None] if rules.dealer_draws_after_players else [2, 3, 4, 5, 6, 7, 8, 9, 10, 1]
    rows = []
    for up in ups:
        if up is not None and shoe.counts is not None and shoe.counts[up - 1] == 0:
            continue
        index = None if up is None else up - 1
        if weighed is not None:
            dist = as_distribution([float(p) for p in weighed[RANKS if index is None else index]])
        else:
            drawn_from = shoe if up is None else shoe.without([up])
            dist = dealer_distribution(drawn_from.counts, index, rules.dealer_hits_soft_17)
        conditioned = condition and dist[BLACKJACK] > 0
        if conditioned and dist[BLACKJACK] < 1:
            scale = 1.0 / (1.0 - dist[BLACKJACK])
            dist = as_distribution([p * scale if k != BLACKJACK else 0.0 for k, p in enumerate(dist)])
        rows.append(DealerOdds(up, dist, conditioned))
    return tuple(rows)


def as_distribution(values: Sequence[float]) -> Distribution:
    """Seven numbers as a Distribution.

    >>> as_distribution([0.1] * 7)[6]
    0.1
    """
    return (values[0], values[1], values[2], values[3], values[4], values[5], values[6])
