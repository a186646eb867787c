"""Settlement: what each hand, insurance bet and surrender wins or loses, as pure functions.

Amounts are integer cents; an amount that is not a whole cent is rounded down to the
player's loss (the written rule in `engine.money`). The event-producing `Round` and the
fast path (`engine.fastplay`) both settle through these.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from engine.actions import Result
from engine.money import Money, scale
from engine.rules import BlackjackVsBlackjack, DealerBlackjackTakes, Rules, Surrender

HALF = Fraction(1, 2)


def counts_as_blackjack(rules: Rules, natural: bool, from_split: bool, split_aces: bool) -> bool:
    """Whether a hand is paid as a blackjack: a natural not from a split, or a split ace's 21 by rule.

    `natural` is whether the hand's cards are a two-card 21 (`engine.hand.is_natural`).

    >>> from engine import load_rules
    >>> strip = load_rules("vegas-strip")
    >>> counts_as_blackjack(strip, True, False, False), counts_as_blackjack(strip, True, True, True)
    (True, False)
    """
    if not natural:
        return False
    if not from_split:
        return True
    return split_aces and rules.split_ace_21_is_blackjack


def blackjack_win(rules: Rules, bet: Money) -> Money:
    """What a blackjack on this bet wins (the rules' payout, rounded down to the cent).

    >>> from engine import load_rules
    >>> blackjack_win(load_rules("vegas-strip"), 1000), blackjack_win(load_rules("six-to-five"), 1003)
    (1500, 1203)
    """
    return scale(bet, rules.blackjack_pays)


def insurance_amount(bet: Money) -> Money:
    """The insurance bet on an initial bet: half of it, rounded down to the cent."""
    return scale(bet, HALF)


def insurance_net(amount: Money, dealer_blackjack: bool) -> Money:
    """What an insurance bet wins: 2:1 on a dealer blackjack, else it is lost."""
    return amount * 2 if dealer_blackjack else -amount


def hand_outcome(
    rules: Rules,
    total: int,
    blackjack: bool,
    bet: Money,
    stake: Money,
    busted: bool,
    surrendered: bool,
    dealer_blackjack: bool,
    dealer_total: int,
) -> tuple[Result, Money]:
    """How a finished hand ends against the dealer, and its net in cents (before the original-bet rule).

    `total` is the hand's best total, `blackjack` whether it is paid as one
    (`counts_as_blackjack`), `bet` its initial bet and `stake` everything on it (twice
    `bet` once doubled).

    >>> from engine import load_rules
    >>> strip = load_rules("vegas-strip")
    >>> hand_outcome(strip, 19, False, 1000, 2000, False, False, False, 22)
    (<Result.WIN: 'win'>, 2000)
    >>> hand_outcome(strip, 16, False, 1000, 1000, False, True, False, 0)
    (<Result.SURRENDER: 'surrender'>, -500)
    """
    if surrendered:
        if dealer_blackjack and rules.surrender is Surrender.LATE:
            return Result.LOSE, -stake
        return Result.SURRENDER, -(stake - scale(stake, HALF))
    if busted:
        return Result.BUST, -stake
    if dealer_blackjack:
        if not blackjack:
            return Result.LOSE, -stake
        if rules.blackjack_vs_dealer_blackjack is BlackjackVsBlackjack.PUSH:
            return Result.PUSH, 0
        return Result.BLACKJACK, blackjack_win(rules, bet)
    if blackjack:
        return Result.BLACKJACK, blackjack_win(rules, bet)
    if dealer_total > 21 or total > dealer_total:
        return Result.WIN, stake
    if total == dealer_total:
        return Result.PUSH, 0
    return Result.LOSE, -stake


def original_bet_only(rules: Rules, dealer_blackjack: bool) -> bool:
    """Whether a dealer blackjack found after play takes only each seat's original bet."""
    return dealer_blackjack and rules.dealer_blackjack_takes is DealerBlackjackTakes.ORIGINAL_BET


def seat_outcomes(
    outcomes: Sequence[tuple[Result, Money]], bet: Money, original_only: bool
) -> list[tuple[Result, Money]]:
    """A seat's hand outcomes (in split order) after the original-bet rule, when it applies.

    Only the original bet is lost to a dealer blackjack found after play: the first losing
    hand pays it, and every other losing bet on the seat goes back (refunded, even a bust).

    >>> from engine import Result
    >>> seat_outcomes([(Result.LOSE, -2000), (Result.BUST, -1000)], 1000, True)
    [(<Result.LOSE: 'lose'>, -1000), (<Result.REFUNDED: 'refunded'>, 0)]
    """
    if not original_only:
        return list(outcomes)
    owed = bet
    out = []
    for result, net in outcomes:
        if net < 0 and result is not Result.SURRENDER:
            result, net = (result, -owed) if owed else (Result.REFUNDED, 0)
            owed = 0
        out.append((result, net))
    return out
