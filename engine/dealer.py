"""The dealer's rules: when to peek, when a hand waits on the dealer, and when to draw.

Pure functions shared by the event-producing `Round` and the fast path (`engine.fastplay`).
"""

from __future__ import annotations

from engine.cards import Card
from engine.rules import BlackjackVsBlackjack, DealerBlackjackTakes, Rules, Surrender


def dealer_may_peek(rules: Rules, up_card: Card | None) -> bool:
    """Whether the dealer checks for blackjack before play: the rules say so and an ace or ten shows.

    >>> from engine import load_rules, Card
    >>> dealer_may_peek(load_rules("vegas-strip"), Card.parse("K"))
    True
    >>> dealer_may_peek(load_rules("european"), Card.parse("A"))
    False
    """
    return rules.dealer_peeks and up_card is not None and up_card.points in (1, 10)


def dealer_draws(rules: Rules, total: int, soft: bool) -> bool:
    """Whether a dealer holding this total must take another card: below 17, or soft 17 under H17.

    >>> from engine import load_rules
    >>> strip = load_rules("vegas-strip")
    >>> dealer_draws(strip, 17, True), dealer_draws(strip.with_changes(dealer_hits_soft_17=True), 17, True)
    (False, True)
    """
    return total < 17 or (total == 17 and soft and rules.dealer_hits_soft_17)


def hand_is_live(busted: bool, surrendered: bool, blackjack: bool) -> bool:
    """Whether a finished hand is settled against the dealer's total (so the dealer must play it out)."""
    return not (busted or surrendered or blackjack)


def hand_awaits_dealer(
    rules: Rules, busted: bool, surrendered: bool, blackjack: bool, more_at_stake: bool
) -> bool:
    """Whether an unsettled hand's settlement depends on whether the dealer has a blackjack.

    A live hand does; so does a late surrender (a dealer blackjack voids it), a blackjack
    unless it beats a dealer blackjack anyway, and a bust when a dealer blackjack takes only
    the original bet and the seat has more than that at stake (`more_at_stake`: the hand was
    doubled or split), which a dealer blackjack would hand back. Without a hole card, when no
    hand awaits the dealer, the dealer draws no second card: it could change nothing.

    >>> from engine import load_rules
    >>> obo = load_rules("european").with_changes(dealer_blackjack_takes=DealerBlackjackTakes.ORIGINAL_BET)
    >>> busted = dict(busted=True, surrendered=False, blackjack=False)
    >>> [hand_awaits_dealer(obo, **busted, more_at_stake=doubled) for doubled in (False, True)]
    [False, True]
    """
    return (
        hand_is_live(busted, surrendered, blackjack)
        or (surrendered and rules.surrender is Surrender.LATE)
        or (blackjack and rules.blackjack_vs_dealer_blackjack is not BlackjackVsBlackjack.PLAYER_WINS)
        or (busted and more_at_stake and rules.dealer_blackjack_takes is DealerBlackjackTakes.ORIGINAL_BET)
    )
