"""A counter's standard figures from a win rate and a standard deviation per round.

Every function takes the mean `mu` and standard deviation `sigma` of the net of one round
in one unit of money (any unit: dollars, cents or betting units, as long as the bankroll
is in the same one). The formulas are the standard ones (see docs/simulate.md):

* N0 ("N-zero", Brett Harris's measure): the rounds after which the expected win equals one standard
  deviation of the result, (sigma / mu)².
* SCORE (Schlesinger, *Blackjack Attack*): the win per 100 rounds of a $10,000 bankroll
  whose bets are scaled to a risk of ruin of e^-2 ≈ 13.5% (full Kelly), 10^6 · (mu / sigma)².
* DI, the desirability index: 1000 · mu / sigma, the square root of SCORE.
* Risk of ruin with bankroll B, played forever (the diffusion approximation):
  exp(-2 · mu · B / sigma²); and within a trip of n rounds (the first-passage law of a
  Brownian motion with drift):
  Φ((-B - n·mu) / (sigma·√n)) + exp(-2·mu·B/sigma²) · Φ((-B + n·mu) / (sigma·√n)).

Where the win rate is zero or negative, the bankroll is lost for sure in the long run
(risk 1), and N0, SCORE and DI are undefined: the functions return None for them.
"""

from __future__ import annotations

import math

SCORE_BANKROLL = 10_000
"""The bankroll SCORE is normalised to, in dollars."""


def n0(mu: float, sigma: float) -> float | None:
    """N0 (N-zero), the rounds for the expected win to equal one standard deviation; None unless mu > 0.

    >>> round(n0(0.01, 1.1), 6)
    12100.0
    >>> n0(-0.005, 1.1) is None
    True
    """
    if mu <= 0:
        return None
    return (sigma / mu) ** 2


def score(mu: float, sigma: float) -> float | None:
    """Schlesinger's SCORE: the win per 100 rounds of $10,000 bet at 13.5% risk of ruin; None unless mu > 0.

    >>> round(score(0.01, 1.1), 4)
    82.6446
    >>> score(0.0, 1.1) is None
    True
    """
    if mu <= 0 or sigma <= 0:
        return None
    return 100 * SCORE_BANKROLL * (mu / sigma) ** 2


def desirability_index(mu: float, sigma: float) -> float | None:
    """The desirability index, 1000 · mu / sigma (the square root of SCORE); None unless mu > 0.

    >>> round(desirability_index(0.01, 1.1), 4)
    9.0909
    """
    if mu <= 0 or sigma <= 0:
        return None
    return 1000 * mu / sigma


def risk_of_ruin(mu: float, sigma: float, bankroll: float) -> float:
    """The chance of ever losing the bankroll when playing forever, exp(-2 mu B / sigma²); 1 unless mu > 0.

    >>> round(risk_of_ruin(0.01, 1.1, 121 / 2), 6)  # B = sigma²/(2 mu) * 1: e^-1
    0.367879
    >>> risk_of_ruin(-0.01, 1.1, 1000)
    1.0
    """
    if bankroll <= 0:
        return 1.0
    if mu <= 0:
        return 1.0
    if sigma <= 0:
        return 0.0
    return math.exp(-2 * mu * bankroll / sigma**2)


def trip_risk_of_ruin(mu: float, sigma: float, bankroll: float, rounds: int) -> float:
    """The chance of losing the bankroll at some point within a trip of `rounds` rounds.

    The first-passage law of a Brownian motion with drift mu and variance sigma² per round.

    >>> round(trip_risk_of_ruin(0.0, 1.0, 10, 100), 6)  # no drift: 2 Φ(-B / (sigma √n))
    0.317311
    >>> trip_risk_of_ruin(0.01, 1.1, 500, 10**9) == risk_of_ruin(0.01, 1.1, 500)
    True
    """
    if bankroll <= 0:
        return 1.0
    if rounds <= 0:
        return 0.0
    if sigma <= 0:  # no variance: ruined only by a steady loss that runs through the bankroll
        return 1.0 if bankroll + rounds * mu <= 0 else 0.0
    spread = sigma * math.sqrt(rounds)
    first = _normal_cdf((-bankroll - rounds * mu) / spread)
    exponent = -2 * mu * bankroll / sigma**2
    if exponent > 700:  # a losing game: the second term is exp(huge) · Φ(-huge); the first is near 1
        return min(1.0, first + math.exp(exponent + _log_normal_cdf((-bankroll + rounds * mu) / spread)))
    return min(1.0, first + math.exp(exponent) * _normal_cdf((-bankroll + rounds * mu) / spread))


def _normal_cdf(x: float) -> float:
    """Φ, the standard normal distribution function."""
    return 0.5 * math.erfc(-x / math.sqrt(2))


def _log_normal_cdf(x: float) -> float:
    """log Φ(x), accurate far into the lower tail."""
    if x > -30:
        return math.log(max(_normal_cdf(x), 1e-300))
    return -x * x / 2 - math.log(-x * math.sqrt(2 * math.pi))
