"""Who may do what: the rule behind each bet, player action and offer, as pure functions.

The event-producing `Round` and the simulator's fast path (`engine.fastplay`) both ask
these, so each rule is written once. A `why_not_*` function answers None when the rules
allow the thing and otherwise the reason, as the part of a sentence that follows
"cannot <verb>: " (`cannot` makes the whole sentence), in the player's language.

What the fast path relies on to remember answers: these functions read a hand's cards
only through how many there are, their best total and softness, and whether they pair
(by the rules' `pair_by_value`); an up card only by its points; and money only through
whether the bankroll covers the bet. tests/test_fastplay*.py check the two paths agree.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.actions import Action
from engine.cards import Card
from engine.dealer import dealer_may_peek
from engine.hand import hand_total, is_pair
from engine.i18n import N_, _, ngettext
from engine.money import Money, format_money
from engine.rules import BlackjackVsBlackjack, Rules, Surrender

_CANNOT = {
    # TRANSLATORS: {reason} says why, e.g. "these rules do not allow surrender"
    Action.HIT: N_("cannot hit: {reason}"),
    Action.STAND: N_("cannot stand: {reason}"),
    Action.DOUBLE: N_("cannot double: {reason}"),
    Action.SPLIT: N_("cannot split: {reason}"),
    Action.SURRENDER: N_("cannot surrender: {reason}"),
    # TRANSLATORS: declining early surrender
    Action.NO_SURRENDER: N_("cannot no-surrender: {reason}"),
    Action.INSURANCE: N_("cannot insurance: {reason}"),
    # TRANSLATORS: declining insurance
    Action.NO_INSURANCE: N_("cannot no-insurance: {reason}"),
    Action.EVEN_MONEY: N_("cannot even-money: {reason}"),
    # TRANSLATORS: declining even money
    Action.NO_EVEN_MONEY: N_("cannot no-even-money: {reason}"),
}


def cannot(action: Action, reason: str) -> str:
    """The sentence refusing an action, with the reason: 'cannot split: ...'.

    >>> cannot(Action.SPLIT, "these rules do not allow splitting")
    'cannot split: these rules do not allow splitting'
    """
    return _(_CANNOT[action]).format(reason=reason)


def bet_refused(amount: Money, reason: str) -> str:
    """The sentence refusing a bet of this amount, with the reason from `why_not_bet`.

    >>> bet_refused(500, "the table minimum is 10")
    'cannot bet 5: the table minimum is 10'
    """
    return _("cannot bet {amount}: {reason}").format(amount=format_money(amount), reason=reason)


def why_not_bet(rules: Rules, amount: Money, bankroll: Money, name: str) -> str | None:
    """Why a seat with this bankroll may not bet this amount (table limits, money), or None.

    >>> from engine import load_rules
    >>> why_not_bet(load_rules("vegas-strip"), 500, 10_000, "Ann")
    'the table minimum is 10'
    >>> why_not_bet(load_rules("vegas-strip"), 2_000, 1_500, "Ann")
    'Ann has only 15'
    """
    if amount < rules.min_bet:
        return _("the table minimum is {amount}").format(amount=format_money(rules.min_bet))
    if rules.max_bet is not None and amount > rules.max_bet:
        return _("the table maximum is {amount}").format(amount=format_money(rules.max_bet))
    if amount > bankroll:
        return _("{name} has only {amount}").format(name=name, amount=format_money(bankroll))
    return None


def why_not_hit(rules: Rules, split_aces: bool, label: str) -> str | None:
    """Why a hand may not take a card, or None: only a split ace that may not be hit is barred."""
    if split_aces and not rules.hit_split_aces:
        return _split_ace(label)
    return None


def _split_ace(label: str) -> str:
    # TRANSLATORS: {hand} names a hand: a player's name, or "Ann hand 2"
    return _("{hand} is a split ace, which takes one card only").format(hand=label)


def why_not_double(
    rules: Rules,
    cards: Sequence[Card],
    from_split: bool,
    split_aces: bool,
    bet: Money,
    bankroll: Money,
    label: str,
) -> str | None:
    """Why a hand may not double, or None: two cards, a total the rules allow, and the money.

    >>> from engine import load_rules, parse_cards
    >>> why_not_double(load_rules("european"), parse_cards("T 2"), False, False, 1000, 5000, "Ann")
    'these rules allow doubling on 9-11 only, not on 12'
    """
    if len(cards) != 2:
        return ngettext(
            "{hand} has {count} card; only a two-card hand may double",
            "{hand} has {count} cards; only a two-card hand may double",
            len(cards),
        ).format(hand=label, count=len(cards))
    total = hand_total(cards)[0]
    if not rules.double_on.allows(total):
        # TRANSLATORS: {totals} is "9-11" or "10-11"
        return _("these rules allow doubling on {totals} only, not on {total}").format(
            totals=rules.double_on.value, total=total)
    if from_split and not rules.double_after_split:
        return _("these rules do not allow doubling after a split")
    if split_aces and not rules.hit_split_aces:
        return _split_ace(label)
    if bankroll < bet:
        return _("{hand} needs {amount} more to double").format(hand=label, amount=format_money(bet))
    return None


def why_not_split(
    rules: Rules,
    cards: Sequence[Card],
    hands: int,
    split_aces: bool,
    bet: Money,
    bankroll: Money,
    label: str,
) -> str | None:
    """Why a hand may not be split, or None; `hands` is how many hands the seat holds now.

    >>> from engine import load_rules, parse_cards
    >>> why_not_split(load_rules("vegas-strip"), parse_cards("K T"), 1, False, 1000, 5000, "Ann")
    'Ann is not a pair: its cards are not of the same rank'
    >>> why_not_split(load_rules("vegas-strip"), parse_cards("8 8"), 4, False, 1000, 5000, "Ann")
    'Ann already makes 4 hands, the most these rules allow'
    """
    if not rules.splitting_allowed:
        return _("these rules do not allow splitting")
    if len(cards) != 2:
        return ngettext(
            "{hand} has {count} card; only a pair may be split",
            "{hand} has {count} cards; only a pair may be split",
            len(cards),
        ).format(hand=label, count=len(cards))
    if not is_pair(cards, by_value=rules.pair_by_value):
        if rules.pair_by_value:
            return _("{hand} is not a pair: its cards are not of the same value").format(hand=label)
        return _("{hand} is not a pair: its cards are not of the same rank").format(hand=label)
    if rules.max_hands and hands >= rules.max_hands:
        return ngettext(
            "{hand} already makes {count} hand, the most these rules allow",
            "{hand} already makes {count} hands, the most these rules allow",
            hands,
        ).format(hand=label, count=hands)
    if split_aces and not rules.resplit_aces:
        return _("these rules do not allow resplitting aces")
    if bankroll < bet:
        return _("{hand} needs {amount} more to split").format(hand=label, amount=format_money(bet))
    return None


def why_not_surrender(rules: Rules, up_card: Card | None, hands: int, cards: int) -> str | None:
    """Why a hand may not be surrendered in play (late surrender), or None.

    `hands` is how many hands the seat holds and `cards` how many the hand holds.
    """
    if rules.surrender is Surrender.NONE:
        return _("these rules do not allow surrender")
    if early_surrender_offered(rules, up_card):
        return _("early surrender was offered before the dealer checked for blackjack")
    if hands > 1 or cards != 2:
        return _("surrender is only allowed on the first two cards, before any other action")
    return None


def nothing_to_decide(
    rules: Rules,
    cards: Sequence[Card],
    hands: int,
    split_aces: bool,
    bet: Money,
    bankroll: Money,
) -> bool:
    """Whether a hand stands by itself: it totals 21, or it is a split ace that may not act.

    >>> from engine import load_rules, parse_cards
    >>> strip = load_rules("vegas-strip")
    >>> nothing_to_decide(strip, parse_cards("A 5"), 2, True, 1000, 5000)
    True
    >>> nothing_to_decide(strip.with_changes(resplit_aces=True), parse_cards("A A"), 2, True, 1000, 5000)
    False
    """
    if hand_total(cards)[0] == 21:
        return True
    return (
        split_aces
        and not rules.hit_split_aces
        and why_not_split(rules, cards, hands, split_aces, bet, bankroll, "") is not None
    )


def early_surrender_offered(rules: Rules, up_card: Card | None) -> bool:
    """Whether early surrender is offered: the rules have it and the dealer is about to peek."""
    return rules.surrender is Surrender.EARLY and dealer_may_peek(rules, up_card)


def insurance_offered(rules: Rules, up_card: Card | None) -> bool:
    """Whether the seats are offered insurance (or even money): the rules have it and an ace shows."""
    return rules.insurance and up_card is not None and up_card.points == 1


def even_money_offered(rules: Rules, natural: bool) -> bool:
    """Whether a seat offered insurance is asked about even money instead (it holds a blackjack).

    Not where a blackjack beats a dealer blackjack anyway: even money could only cost the player.
    """
    return natural and rules.even_money and rules.blackjack_vs_dealer_blackjack is BlackjackVsBlackjack.PUSH


def insurance_affordable(amount: Money, bankroll: Money) -> bool:
    """Whether an insurance offer of this amount is made: more than nothing, and within the bankroll."""
    return amount != 0 and bankroll >= amount
