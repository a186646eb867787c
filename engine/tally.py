"""What simulated rounds come to: exact integer tallies that add up in any order.

A tally holds only integers (cents and counts), so chunks played anywhere merge exactly;
a counter's rounds are also kept by the true count at its bet (`TRUE_COUNTS`).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from engine.actions import Result

_RESULTS = tuple(Result)


@dataclass(frozen=True, slots=True)
class Tally:
    """What some rounds came to, in integers only (cents and counts), so tallies add exactly.

    `net`, `bet` and their squares and product are summed per round over all seats.
    """

    rounds: int = 0
    seat_rounds: int = 0
    """Initial bets placed (one per seat that played a round)."""
    net: int = 0
    net_squares: int = 0
    bet: int = 0
    bet_squares: int = 0
    net_bet: int = 0
    results: tuple[int, ...] = field(default=(0,) * len(_RESULTS))
    """How many hands ended each way, in the order of `Result`."""
    by_count: tuple[Tally, ...] = ()
    """The counter's rounds by the true count at its bet, one tally per `TRUE_COUNTS` bucket
    (hands by result are not kept there); empty when no counter bet or for other bots."""

    def __add__(self, other: Tally) -> Tally:
        if not self.by_count or not other.by_count:
            by_count = self.by_count or other.by_count
        else:
            by_count = tuple(a + b for a, b in zip(self.by_count, other.by_count, strict=True))
        return Tally(
            self.rounds + other.rounds,
            self.seat_rounds + other.seat_rounds,
            self.net + other.net,
            self.net_squares + other.net_squares,
            self.bet + other.bet,
            self.bet_squares + other.bet_squares,
            self.net_bet + other.net_bet,
            tuple(a + b for a, b in zip(self.results, other.results, strict=True)),
            by_count,
        )

    @property
    def hands(self) -> int:
        """Hands settled (a split makes more than one per bet)."""
        return sum(self.results)

    def count(self, result: Result) -> int:
        """How many hands ended this way."""
        return self.results[_RESULTS.index(result)]


TRUE_COUNTS = range(-10, 11)
"""The true-count buckets of `Tally.by_count`: a count below -10 or above +10 joins the end bucket."""


def count_bucket(true_count: int) -> int:
    """The index in `TRUE_COUNTS` of a true count, clamped to the end buckets.

    >>> count_bucket(0), count_bucket(-14), count_bucket(3), count_bucket(99)
    (10, 0, 13, 20)
    """
    return min(max(true_count, TRUE_COUNTS[0]), TRUE_COUNTS[-1]) - TRUE_COUNTS[0]


def counted_tally(sums: list[list[int]], results: tuple[int, ...]) -> Tally:
    """A tally from per-bucket sums (seven columns, one bucket of `TRUE_COUNTS` each and one past
    the end for rounds without a count), its hand results, and its rounds by true count."""
    by_count = tuple(tally_from_sums([column[i] for column in sums]) for i in range(len(TRUE_COUNTS)))
    return tally_from_sums([sum(column) for column in sums], results,
                           by_count if any(t.rounds for t in by_count) else ())


def tally_from_sums(
    sums: list[int], results: tuple[int, ...] = (0,) * len(_RESULTS), by_count: tuple[Tally, ...] = ()
) -> Tally:
    """A tally from its seven sums in field order (rounds, seat rounds, net, net², bet, bet², net·bet)."""
    rounds, seat_rounds, net, net_squares, bet, bet_squares, net_bet = sums
    return Tally(rounds, seat_rounds, net, net_squares, bet, bet_squares, net_bet, results, by_count)
