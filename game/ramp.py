"""A person's bet ramp at the table: what it bets at the count of the cards shown, and what it earns.

`ramp_bet` reads the count the ramp bets by under the person's own system and precision,
from the cards shown since the shuffle (the trainer keeps them) and the cards left in the
shoe; the betting scene judges each bet against it.

The price: a counter of the person's system and precision plays flat one-unit bets for
`PRICE_ROUNDS` rounds (in the pricing process, `game.advisor.PRICER`, started from a
worker thread: never in the frame loop). Its rounds by count give each count's EV and
variance (`engine.counting.count_figures`, smoothed by a straight line as `blackjack ramp`
smooths them); any ramp is then priced from those figures at once (`engine.counting.price_ramp`),
so editing a step reprices it without simulating again.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from engine import Card, Rules, risk
from engine.counting import Count, CountFigures, CountSystem, Precision, Ramp, Rounding, price_ramp
from engine.i18n import _, money, number, percent

if TYPE_CHECKING:
    from game.counter_settings import CounterSettings

def signed(count: int) -> str:
    """A count as the table says it: +3, 0, −2 (a true minus sign).

    >>> signed(3), signed(0), signed(-2)
    ('+3', '0', '−2')
    """
    return f"+{count}" if count > 0 else ("0" if count == 0 else f"\u2212{-count}")


def plus(text: str) -> str:
    """A formatted number (or money) with a plus sign before it unless it has a minus: a gain reads as one.

    >>> plus("1.5%"), plus("-$2"), plus("0")
    ('+1.5%', '-$2', '+0')
    """
    return text if text.startswith(("-", "\u2212")) else "+" + text


@dataclass(frozen=True, slots=True)
class RampBet:
    """What a person's ramp says at the count: the count it bets by, its units and their money."""

    count: int
    units: int
    amount: int
    """The ramp's bet in cents (units times the person's unit)."""
    leaves: bool
    """Whether the count is at or below the ramp's exit."""
    balanced: bool
    """Whether the count is a true count (else an unbalanced system's running count)."""

    @property
    def count_words(self) -> str:
        """'true +3' or 'running +3'."""
        # TRANSLATORS: the count a bet ramp bets by, after "at" in "The ramp bets 2 units ($20) at true +3"
        return (_("true {count}") if self.balanced else _("running {count}")).format(count=signed(self.count))


def ramp_bet(
    settings: CounterSettings, rules: Rules, shown: Sequence[Card], cards_left: int | None,
) -> RampBet | None:
    """What the person's ramp bets once `shown` were shown since the shuffle, `cards_left` still in the shoe.

    None without a ramp or for an infinite deck (there is no count).

    >>> from engine import load_rules, parse_cards
    >>> from engine.counting import parse_ramp
    >>> from game.counter_settings import CounterSettings
    >>> mine = CounterSettings(ramp=parse_ramp("1:1,2:2,3:4,4:8,leave:-2"))
    >>> bet = ramp_bet(mine, load_rules("single-deck"), parse_cards("2 3 4 5 6 2 3 6"), 44)
    >>> bet.count_words, bet.units, bet.amount, bet.leaves
    ('true +8', 8, 20000, False)
    """
    ramp = settings.ramp
    if ramp is None or rules.decks is None:
        return None
    count = Count(settings.system, rules.decks, precision=settings.precision, rounding=settings.rounding)
    count.add(shown)
    seen = None if cards_left is None else max(rules.decks * 52 - cards_left, 0)
    value = count.count(seen)
    if value is None:
        return None
    units = ramp.units(value)
    return RampBet(value, units, units * settings.bet_unit(rules.min_bet), ramp.leaves(value),
                   settings.system.balanced)


PRICE_ROUNDS = 200_000
"""Rounds of flat bets a ramp's figures are simulated from (about two seconds' work)."""

PRICE_SEED = 0
"""The simulation's seed: the same settings always show the same price."""


def flat_figures(
    rules: Rules, system: CountSystem, precision: Precision, rounding: Rounding, rounds: int = PRICE_ROUNDS,
) -> list[CountFigures]:
    """Each count's share, EV and second moment for flat one-unit bets, smoothed (run in the pricing process).

    Raises BlackjackError when the rules have no count to bet by (an infinite deck).
    """
    from engine.bots import CounterSetup
    from engine.counting import count_figures, smoothed
    from engine.errors import RulesError
    from engine.simulate import Plan, run_all
    from engine.tally import TRUE_COUNTS

    if rules.decks is None:
        raise RulesError(_("an infinite deck has no count to bet by, so a ramp has no price here"))
    setup = CounterSetup(system=system, precision=precision, rounding=rounding, ramp=Ramp(((0, 1),)),
                         tally_by_count=not system.balanced)
    plan = Plan(rules, "counter", rounds=rounds, seed=PRICE_SEED, engine="auto", spread=1, counter=setup)
    summary = run_all([plan], workers=1)[0]
    figures = count_figures(summary.tally.by_count, rules.min_bet)
    return smoothed(figures, keep=(TRUE_COUNTS[0], TRUE_COUNTS[-1]))


@dataclass(frozen=True, slots=True)
class RampQuote:
    """A ramp's figures as the counting screen shows them (money in cents)."""

    win_per_100: float
    """Units won per 100 rounds."""
    sd: float
    """The standard deviation of a round in units."""
    edge: float
    """The win per unit bet on average (the win rate over the average bet)."""
    score: float | None
    """SCORE (None for a ramp that does not win)."""
    risk_of_ruin: float | None
    """The chance of ever losing `bankroll` at this unit, played forever (None with no bankroll)."""

    def lines(self, unit: int, bankroll: int | None = None) -> list[str]:
        """The quote in words, at a unit of `unit` cents (and the risk of ruin of `bankroll` cents)."""
        per_100 = round(self.win_per_100 * unit)
        lines = [
            _("Win {units} units per 100 rounds ({amount})").format(
                units=plus(number(self.win_per_100, 2)), amount=plus(money(per_100))),
            _("Edge {edge} of the average bet").format(edge=plus(percent(self.edge, 2))),
            _("SD {units} units a round").format(units=number(self.sd, 2)),
            _("SCORE —") if self.score is None else _("SCORE {score}").format(score=number(self.score, 1)),
        ]
        if self.risk_of_ruin is not None and bankroll is not None:
            ruin = f"{self.risk_of_ruin * 100:.3g}"  # three significant digits; a tiny risk in e-notation
            if "e" not in ruin:
                ruin = number(self.risk_of_ruin * 100, len(ruin.partition(".")[2]))
            lines.append(_("Risk of ruin {risk}% with {bankroll}, played forever").format(
                risk=ruin, bankroll=money(bankroll)))
        return lines


def quote(ramp: Ramp, figures: list[CountFigures], *, unit: int, bankroll: int | None) -> RampQuote:
    """What `ramp` earns from these flat-bet figures, and its risk of ruin with `bankroll` cents at `unit`.

    >>> flat = [CountFigures(0, 0.5, -0.01, 1.3), CountFigures(3, 0.5, 0.02, 1.3)]
    >>> q = quote(Ramp(((0, 1), (3, 4))), flat, unit=1000, bankroll=None)
    >>> round(q.win_per_100, 2), round(q.edge, 4), q.risk_of_ruin
    (3.5, 0.014, None)
    """
    priced = price_ramp(ramp, figures)
    average = sum(f.share * ramp.units(f.count) for f in figures)
    ruin = None if bankroll is None else risk.risk_of_ruin(priced.mean * unit, priced.sd * unit, bankroll)
    return RampQuote(
        win_per_100=100 * priced.mean,
        sd=priced.sd,
        edge=priced.mean / average if average else 0.0,
        score=risk.score(priced.mean, priced.sd),
        risk_of_ruin=ruin,
    )
