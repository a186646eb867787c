"""What the dealer says: the message bar's sentences and the dealer's total, worded from events.

Every sentence is built from what an event says happened (and what the table already
shows), never from a rule the game works out for itself.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from engine import Card, Money, Result, format_money, hand_value
from engine import events as ev
from engine.i18n import N_, _, money

PLACE_BETS = "Place your bets."
DEALING = N_("Dealing...")
EVEN_MONEY_PAID = "Even money: paid 1 to 1."
DOUBLED = "Double down: one more card."
SURRENDERED = "Surrendered: half the bet comes back."
DEALER_BLACKJACK = "Dealer has blackjack."

_RANK_NAMES = {"A": "an ace", "T": "a ten", "J": "a jack", "Q": "a queen", "K": "a king", "8": "an 8"}


def card_name(card: Card | None) -> str:
    """How the dealer names a card: 'an ace', 'a king', 'a 7' ('a card' when it is face down)."""
    if card is None:
        return "a card"
    code = card.rank.value
    return _RANK_NAMES.get(code, f"a {code}")


def dealer_total(cards: list[Card], *, blackjack: bool = False) -> str:
    """The dealer's total as the badge shows it: '', 'soft 17', '21', 'BUST', 'BLACKJACK'.

    `blackjack` is the engine's word (a peek or the dealer's finished hand) that the
    cards shown are a natural; the total alone cannot tell a natural from a drawn 21.
    """
    if not cards:
        return ""
    if blackjack:
        return "BLACKJACK"
    value = hand_value(cards)
    return "BUST" if value.bust else value.describe()


def bet_the_minimum(minimum: Money) -> str:
    """The betting prompt where an empty circle bets the table minimum (a tournament table).

    >>> bet_the_minimum(1000)
    'Press Enter or Deal to bet the minimum, $10.'
    """
    return f"Press Enter or Deal to bet the minimum, ${format_money(minimum)}."


def minimum_bet(minimum: Money) -> str:
    """Why Deal waits while the chips in the circle are under the table minimum.

    >>> minimum_bet(1000)
    'The minimum bet is $10.'
    """
    return _("The minimum bet is {amount}.").format(amount=money(minimum))


def shuffled(e: ev.ShoeShuffled) -> str:
    """Why the shoe is being shuffled."""
    return "The shoe ran out: shuffling the discards back in." if e.mid_round else "Shuffling a fresh shoe."


def dealer_draws(card: Card) -> str:
    """A card the dealer draws in the dealer's turn."""
    return f"Dealer draws {card_name(card)}."


def surrender_offered(up: Card | None) -> str:
    """The early-surrender question, naming the dealer's up card when it is known."""
    return f"Dealer shows {card_name(up)}. Surrender early?" if up else "Surrender early?"


def insurance_offered(e: ev.InsuranceOffered, who: str | None, cost: Money) -> str:
    """The insurance (or even money) question with what insurance costs (`cost`, half the bet),
    addressed to `who` when several could be asked.

    >>> from engine.events import InsuranceOffered
    >>> insurance_offered(InsuranceOffered(seat=0, even_money=False), None, 500)
    'Dealer shows an ace. Insurance costs $5. Take insurance?'
    """
    if e.even_money:
        question = "Dealer shows an ace. Even money?"
    else:
        question = _("Dealer shows an ace. Insurance costs {amount}. Take insurance?").format(
            amount=money(cost)
        )
    return f"{who}: {question}" if who else question


def insurance_taken(e: ev.InsuranceTaken) -> str:
    """The insurance bet placed."""
    return f"Insurance taken: {format_money(e.amount)}."


def insurance_declined(e: ev.InsuranceDeclined) -> str:
    """Insurance (or even money) turned down."""
    return "No even money." if e.even_money else "No insurance."


def peeked(e: ev.DealerPeeked) -> str:
    """What the dealer's peek under the up card found."""
    return "Dealer checks for blackjack... " + ("Blackjack!" if e.blackjack else "nothing.")


def split(hands: int) -> str:
    """A split, by how many hands the seat now plays."""
    return "Split: two hands." if hands == 2 else f"Split again: {hands} hands."


def busted(e: ev.HandBusted) -> str:
    """A hand gone over 21."""
    return f"Bust with {e.total}."


def hole_card_revealed(card: Card, total: str) -> str:
    """The hole card turned over, and the dealer's total with it."""
    return f"Dealer turns over {card_name(card)}: {total.lower()}."


def dealer_finished(e: ev.DealerFinished) -> str:
    """How the dealer's hand ended: blackjack, bust, or the total the dealer stands on."""
    if e.blackjack:
        return DEALER_BLACKJACK
    if e.bust:
        return f"Dealer busts with {e.total}."
    return f"Dealer stands on {'soft ' if e.soft and e.total < 21 else ''}{e.total}."


def tournament_ended(e: ev.TournamentEnded, name: str) -> str:
    """A double-up player's tournament over: doubled up, or out under the minimum bet."""
    if e.won:
        return f"{name} doubled up: {format_money(e.bankroll)}!"
    return f"{name} is out: {format_money(e.bankroll)} is under the minimum bet."


def round_summary(events: Sequence[ev.Event], people: Mapping[int, str], *, alone: bool) -> str:
    """The round's outcome for the people who played it (seat to name), from its settlements.

    One person alone at the table is 'you'; several are named with their nets. A dealer
    blackjack leads the sentence, and for a lone person it also says what saved money
    (even money, insurance, a push), so the sum never reads as a bare result.
    """
    dealer_blackjack = any(isinstance(e, ev.DealerFinished) and e.blackjack for e in events)
    lead = f"{DEALER_BLACKJACK} " if dealer_blackjack else ""
    if not people:
        return f"{lead}Round over."
    nets = {seat: 0 for seat in people}
    for e in events:
        if isinstance(e, ev.HandSettled | ev.InsuranceSettled) and e.seat in nets:
            nets[e.seat] += e.net
    if not alone:
        return lead + " · ".join(f"{people[seat]} {_signed(net)}" for seat, net in nets.items()) + "."
    ((seat, net),) = nets.items()
    outcome = _your_net(net)
    reason = _saved_by(events, seat) if dealer_blackjack else None
    sentence = f"{reason}: {outcome}" if reason else outcome[:1].upper() + outcome[1:]
    return f"{lead}{sentence}."


def _signed(net: Money) -> str:
    return format_money(net, sign=True) if net else "even"


def _your_net(net: Money) -> str:
    if net > 0:
        return f"you win ${format_money(net)}"
    if net < 0:
        return f"you lose ${format_money(-net)}"
    return "you break even"


def _saved_by(events: Sequence[ev.Event], seat: int) -> str | None:
    """What the seat's own events say kept its money against a dealer blackjack, if anything did."""
    if any(isinstance(e, ev.EvenMoneyTaken) and e.seat == seat for e in events):
        return "Even money"
    insurance = sum(e.net for e in events if isinstance(e, ev.InsuranceSettled) and e.seat == seat)
    if insurance > 0:
        return f"Insurance pays ${format_money(insurance)}"
    results = [e.result for e in events if isinstance(e, ev.HandSettled) and e.seat == seat]
    if results and all(result is Result.PUSH for result in results):
        return "Push"
    return None
