"""What the dealer says: the message bar's sentences and the dealer's total, worded from events.

Every sentence is built from what an event says happened (and what the table already
shows), never from a rule the game works out for itself.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from engine import Card, Money, Result, hand_value
from engine import events as ev
from engine.i18n import N_, _, amount, money, ngettext, pgettext

PLACE_BETS = N_("Place your bets.")
DEALING = N_("Dealing...")
EVEN_MONEY_PAID = N_("Even money: paid 1 to 1.")
DOUBLED = N_("Double down: one more card.")
SURRENDERED = N_("Surrendered: half the bet comes back.")
DEALER_BLACKJACK = N_("Dealer has blackjack.")


def card_name(card: Card | None) -> str:
    """How the dealer names a card: 'an ace', 'a king', 'a 7' ('a card' when it is face down).

    Every use is the object of a sentence ('Dealer draws {card}.', 'against {card}'), so a
    language with cases gives each rank its article in that case, whole, one message per rank.
    """
    if card is None:
        # TRANSLATORS: a face-down card as the object of a sentence ("Dealer draws a card.")
        return pgettext("card", "a card")
    names = {
        # TRANSLATORS: each card as the object of a sentence: "Dealer draws an ace.", "against a king"
        "A": pgettext("card", "an ace"), "2": pgettext("card", "a 2"), "3": pgettext("card", "a 3"),
        "4": pgettext("card", "a 4"), "5": pgettext("card", "a 5"), "6": pgettext("card", "a 6"),
        "7": pgettext("card", "a 7"), "8": pgettext("card", "an 8"), "9": pgettext("card", "a 9"),
        "T": pgettext("card", "a ten"), "J": pgettext("card", "a jack"), "Q": pgettext("card", "a queen"),
        "K": pgettext("card", "a king"),
    }
    return names[card.rank.value]


def dealer_total(cards: list[Card], *, blackjack: bool = False) -> str:
    """The dealer's total as the badge shows it: '', 'soft 17', '21', 'BUST', 'BLACKJACK'.

    `blackjack` is the engine's word (a peek or the dealer's finished hand) that the
    cards shown are a natural; the total alone cannot tell a natural from a drawn 21.
    """
    if not cards:
        return ""
    if blackjack:
        return _("BLACKJACK")
    value = hand_value(cards)
    return _("BUST") if value.bust else value.describe()


def place_bets() -> str:
    """The betting prompt as the table shows it now (in the chosen language)."""
    return _(PLACE_BETS)


def bet_the_minimum(minimum: Money) -> str:
    """The betting prompt where an empty circle bets the table minimum (a tournament table).

    >>> bet_the_minimum(1000)
    'Press Enter or Deal to bet the minimum, $10.'
    """
    return _("Press Enter or Deal to bet the minimum, {amount}.").format(amount=money(minimum))


def minimum_bet(minimum: Money) -> str:
    """Why Deal waits while the chips in the circle are under the table minimum.

    >>> minimum_bet(1000)
    'The minimum bet is $10.'
    """
    return _("The minimum bet is {amount}.").format(amount=money(minimum))


def shuffled(e: ev.ShoeShuffled) -> str:
    """Why the shoe is being shuffled."""
    if e.mid_round:
        return _("The shoe ran out: shuffling the discards back in.")
    return _("Shuffling a fresh shoe.")


def dealer_draws(card: Card) -> str:
    """A card the dealer draws in the dealer's turn."""
    return _("Dealer draws {card}.").format(card=card_name(card))


def surrender_offered(up: Card | None) -> str:
    """The early-surrender question, naming the dealer's up card when it is known."""
    if up is None:
        return _("Surrender early?")
    return _("Dealer shows {card}. Surrender early?").format(card=card_name(up))


def insurance_offered(e: ev.InsuranceOffered, who: str | None, cost: Money) -> str:
    """The insurance (or even money) question with what insurance costs (`cost`, half the bet),
    addressed to `who` when several could be asked.

    >>> from engine.events import InsuranceOffered
    >>> insurance_offered(InsuranceOffered(seat=0, even_money=False), None, 500)
    'Dealer shows an ace. Insurance costs $5. Take insurance?'
    """
    if e.even_money:
        question = _("Dealer shows an ace. Even money?")
    else:
        question = _("Dealer shows an ace. Insurance costs {amount}. Take insurance?").format(
            amount=money(cost)
        )
    # TRANSLATORS: a question addressed to one player at the table: "Ann: Dealer shows an ace. Insurance?"
    return _("{name}: {question}").format(name=who, question=question) if who else question


def insurance_taken(e: ev.InsuranceTaken) -> str:
    """The insurance bet placed."""
    return _("Insurance taken: {amount}.").format(amount=money(e.amount))


def insurance_declined(e: ev.InsuranceDeclined) -> str:
    """Insurance (or even money) turned down."""
    return _("No even money.") if e.even_money else _("No insurance.")


def peeked(e: ev.DealerPeeked) -> str:
    """What the dealer's peek under the up card found."""
    if e.blackjack:
        return _("Dealer checks for blackjack... Blackjack!")
    return _("Dealer checks for blackjack... nothing.")


def split(hands: int) -> str:
    """A split, by how many hands the seat now plays."""
    if hands == 2:
        return _("Split: two hands.")
    return ngettext("Split again: {n} hand.", "Split again: {n} hands.", hands).format(n=hands)


def busted(e: ev.HandBusted) -> str:
    """A hand gone over 21."""
    return _("Bust with {total}.").format(total=e.total)


def hole_card_revealed(card: Card, total: str) -> str:
    """The hole card turned over, and the dealer's total with it."""
    return _("Dealer turns over {card}: {total}.").format(card=card_name(card), total=total.lower())


def dealer_finished(e: ev.DealerFinished) -> str:
    """How the dealer's hand ended: blackjack, bust, or the total the dealer stands on."""
    if e.blackjack:
        return _(DEALER_BLACKJACK)
    if e.bust:
        return _("Dealer busts with {total}.").format(total=e.total)
    if e.soft and e.total < 21:
        return _("Dealer stands on soft {total}.").format(total=e.total)
    return _("Dealer stands on {total}.").format(total=e.total)


def tournament_ended(e: ev.TournamentEnded, name: str) -> str:
    """A double-up player's tournament over: doubled up, or out under the minimum bet."""
    if e.won:
        return _("{name} doubled up: {amount}!").format(name=name, amount=money(e.bankroll))
    return _("{name} is out: {amount} is under the minimum bet.").format(name=name, amount=money(e.bankroll))


def round_summary(events: Sequence[ev.Event], people: Mapping[int, str], *, alone: bool) -> str:
    """The round's outcome for the people who played it (seat to name), from its settlements.

    One person alone at the table is 'you'; several are named with their nets. A dealer
    blackjack leads the sentence, and for a lone person it also says what saved money
    (even money, insurance, a push), so the sum never reads as a bare result.
    """
    dealer_blackjack = any(isinstance(e, ev.DealerFinished) and e.blackjack for e in events)
    lead = f"{_(DEALER_BLACKJACK)} " if dealer_blackjack else ""
    if not people:
        return lead + _("Round over.")
    nets = {seat: 0 for seat in people}
    for e in events:
        if isinstance(e, ev.HandSettled | ev.InsuranceSettled) and e.seat in nets:
            nets[e.seat] += e.net
    if not alone:
        return lead + " · ".join(f"{people[seat]} {_signed(net)}" for seat, net in nets.items()) + "."
    ((seat, net),) = nets.items()
    outcome = _your_net(net)
    reason = _saved_by(events, seat) if dealer_blackjack else None
    # TRANSLATORS: what saved money against a dealer blackjack, then the outcome: "Even money: you win $25"
    sentence = _("{reason}: {outcome}").format(reason=reason, outcome=outcome) if reason else (
        outcome[:1].upper() + outcome[1:])
    return f"{lead}{sentence}."


def _signed(net: Money) -> str:
    # TRANSLATORS: after a name in the round's summary, a person who broke even: "Ann -25 · Bob even."
    return amount(net, sign=True) if net else _("even")


def _your_net(net: Money) -> str:
    # TRANSLATORS: the outcome of a lone player's round; the game capitalises the first letter when it
    # starts the sentence ("You win $25.") and keeps it after a colon ("Even money: you win $25.")
    if net > 0:
        return _("you win {amount}").format(amount=money(net))
    if net < 0:
        return _("you lose {amount}").format(amount=money(-net))
    return _("you break even")


def _saved_by(events: Sequence[ev.Event], seat: int) -> str | None:
    """What the seat's own events say kept its money against a dealer blackjack, if anything did."""
    if any(isinstance(e, ev.EvenMoneyTaken) and e.seat == seat for e in events):
        return _("Even money")
    insurance = sum(e.net for e in events if isinstance(e, ev.InsuranceSettled) and e.seat == seat)
    if insurance > 0:
        return _("Insurance pays {amount}").format(amount=money(insurance))
    results = [e.result for e in events if isinstance(e, ev.HandSettled) and e.seat == seat]
    if results and all(result is Result.PUSH for result in results):
        return _("Push")
    return None
