"""One round at the table: bets, the deal, offers, the players' hands, the dealer, settlement.

The round is the one mutable thing in the engine. It runs every step nobody decides
(dealing, peeking, paying naturals, the dealer's draws, settling) by itself and stops
only where a seat must decide; `decision` says who and what, `legal_actions()` what may
be done, and `act()` does it. Every change is appended to `events` as it happens.
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from dataclasses import dataclass
from enum import Enum
from typing import Protocol

from engine import events as ev
from engine.actions import Action, Result
from engine.cards import Card
from engine.dealer import dealer_draws, dealer_may_peek, hand_awaits_dealer, hand_is_live
from engine.errors import IllegalActionError, InvalidBetError
from engine.hand import HandValue, hand_total, hand_value, is_natural
from engine.i18n import N_, _
from engine.legality import (
    bet_refused,
    cannot,
    early_surrender_offered,
    even_money_offered,
    insurance_affordable,
    insurance_offered,
    nothing_to_decide,
    why_not_bet,
    why_not_double,
    why_not_hit,
    why_not_split,
    why_not_surrender,
)
from engine.money import Money
from engine.payout import (
    blackjack_win,
    counts_as_blackjack,
    hand_outcome,
    insurance_amount,
    insurance_net,
    original_bet_only,
    seat_outcomes,
)
from engine.rules import Rules
from engine.shoe import CardSource


class RoundTable(Protocol):
    """What a round needs of the table it is played at (`engine.table.Table` is one)."""

    @property
    def rules(self) -> Rules:
        """The rules the round is played by."""

    @property
    def seat_names(self) -> tuple[str, ...]:
        """The seats' names, in seat order; the round has one place per seat."""

    @property
    def shoe(self) -> CardSource:
        """Where the round draws its cards."""

    def bankroll(self, seat: int) -> Money:
        """The seat's money off the table, in cents."""

    def bankrolls(self) -> tuple[Money, ...]:
        """Every seat's bankroll, in seat order."""

    def seat_active(self, seat: int) -> bool:
        """Whether the seat may still play."""

    def credit(self, seat: int, amount: Money) -> None:
        """Add `amount` to the seat's bankroll: winnings and returned bets, or a negative bet."""

    def round_ended(self, finished: Round) -> list[ev.Event]:
        """Told once, as the round settles its last bet; the events it returns close the log."""


class Phase(Enum):
    """Where the round stands."""

    BETTING = "betting"
    OFFERS = "offers"
    """Early surrender, insurance and even money, asked seat by seat before the peek."""
    PLAYING = "playing"
    OVER = "over"


class DecisionKind(Enum):
    """What the seat being asked must decide."""

    EARLY_SURRENDER = "early-surrender"
    INSURANCE = "insurance"
    EVEN_MONEY = "even-money"
    PLAY = "play"


_ASKED_ABOUT = {
    DecisionKind.EARLY_SURRENDER: N_("{name} is being asked about early surrender"),
    DecisionKind.INSURANCE: N_("{name} is being asked about insurance"),
    DecisionKind.EVEN_MONEY: N_("{name} is being asked about even money"),
}


def asked_about(name: str, kind: DecisionKind) -> str:
    """Why a seat asked about an offer may do nothing else now, as the reason after "cannot <verb>: ".

    >>> asked_about("Ann", DecisionKind.EVEN_MONEY)
    'Ann is being asked about even money'
    """
    return _(_ASKED_ABOUT[kind]).format(name=name)


@dataclass(frozen=True, slots=True)
class Decision:
    """The question the round is waiting on: which seat, which hand, and what kind."""

    seat: int
    hand: int
    kind: DecisionKind


@dataclass(frozen=True, slots=True)
class HandView:
    """A snapshot of one hand."""

    seat: int
    index: int
    cards: tuple[Card, ...]
    bet: Money
    """The initial bet of this hand (a split hand bets the same as the hand it came from)."""
    stake: Money
    """Everything bet on the hand: twice `bet` once doubled."""
    doubled: bool
    from_split: bool
    split_aces: bool
    surrendered: bool
    finished: bool
    result: Result | None
    net: Money | None

    @property
    def value(self) -> HandValue:
        """The hand's total and softness."""
        return hand_value(self.cards)


class _Hand:
    """A hand in play (internal and mutable; the outside world sees HandView)."""

    __slots__ = (
        "bet",
        "busted",
        "cards",
        "doubled",
        "finished",
        "from_split",
        "net",
        "result",
        "split_aces",
        "surrendered",
    )

    def __init__(self, bet: Money, cards: list[Card], *, from_split: bool, split_aces: bool) -> None:
        self.cards = cards
        self.bet = bet
        self.doubled = False
        self.from_split = from_split
        self.split_aces = split_aces
        self.surrendered = False
        self.finished = False
        self.busted = False
        self.result: Result | None = None
        self.net: Money | None = None

    @property
    def stake(self) -> Money:
        return self.bet * 2 if self.doubled else self.bet


class _SeatPlay:
    """One seat's part in the round."""

    __slots__ = ("bet", "hands", "insurance", "insurance_net", "seat")

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.bet: Money = 0
        self.hands: list[_Hand] = []
        self.insurance: Money = 0
        self.insurance_net: Money | None = None


class Round:
    """A round at a table; made by `Table.start_round()`.

    >>> from engine import Table, StackedShoe, Action, load_rules
    >>> table = Table(load_rules("vegas-strip"), [("Ann", 10000)], shoe=StackedShoe("T 7 9 T 8"))
    >>> rnd = table.start_round()
    >>> _ = rnd.place_bet(0, 1000); _ = rnd.deal()
    >>> sorted(a.value for a in rnd.legal_actions())
    ['double', 'hit', 'stand', 'surrender']
    >>> _ = rnd.act(Action.STAND)
    >>> rnd.hands(0)[0].result, table.bankroll(0)
    (<Result.WIN: 'win'>, 11000)
    """

    def __init__(
        self,
        table: RoundTable,
        number: int,
        *,
        shuffled: int | None = None,
        first_cards: Collection[int] | None = None,
    ) -> None:
        self.table = table
        self.rules: Rules = table.rules
        self.number = number
        self.phase = Phase.BETTING
        self.events: list[ev.Event] = []
        self.drawn: list[Card] = []
        """Every card that left the shoe this round, in order."""
        self.decisions: list[Action] = []
        """Every decision made this round, in order."""
        self.dealer: list[Card] = []
        self.hole_revealed = False
        self._seats = [_SeatPlay(i) for i in range(len(table.seat_names))]
        self._decision: Decision | None = None
        self._offer_queue: list[tuple[int, DecisionKind]] = []
        self._turn: tuple[int, int] | None = None
        self._first_card_seats: list[int] = []
        self.start_bankrolls = table.bankrolls()
        """Every seat's bankroll before this round's bets."""
        if shuffled is not None:
            self._emit(ev.ShoeShuffled(cards=shuffled))
        self._emit(ev.RoundStarted(number=number, seats=len(self._seats)))
        for seat in first_card_takers(table, first_cards):
            self._first_card_seats.append(seat)
            play = self._seats[seat]
            play.hands.append(_Hand(0, [], from_split=False, split_aces=False))
            self._deal_to(play, 0)

    # ---- reading the round -------------------------------------------------------------

    @property
    def decision(self) -> Decision | None:
        """The decision the round waits on, or None while betting or when over."""
        return self._decision

    @property
    def is_over(self) -> bool:
        """Whether every bet has been settled."""
        return self.phase is Phase.OVER

    @property
    def dealer_up_card(self) -> Card | None:
        """The dealer's face-up first card, if dealt."""
        return self.dealer[0] if self.dealer else None

    def dealer_visible_cards(self) -> tuple[Card, ...]:
        """The dealer's cards a player can see (the hole card only once revealed)."""
        if self.rules.dealer_gets_hole_card and not self.hole_revealed and len(self.dealer) >= 2:
            return (self.dealer[0], *self.dealer[2:])
        return tuple(self.dealer)

    def bet(self, seat: int) -> Money:
        """The seat's initial bet this round (0 when it sits out)."""
        return self._seats[seat].bet

    def insurance(self, seat: int) -> Money:
        """The seat's insurance bet this round (0 when none)."""
        return self._seats[seat].insurance

    def insurance_net(self, seat: int) -> Money | None:
        """What the seat's insurance won or lost, once settled."""
        return self._seats[seat].insurance_net

    def hands(self, seat: int) -> tuple[HandView, ...]:
        """Snapshots of the seat's hands in split order."""
        return tuple(
            HandView(
                seat=seat, index=i, cards=tuple(h.cards), bet=h.bet, stake=h.stake,
                doubled=h.doubled, from_split=h.from_split, split_aces=h.split_aces,
                surrendered=h.surrendered, finished=h.finished, result=h.result, net=h.net,
            )
            for i, h in enumerate(self._seats[seat].hands)
        )

    @property
    def first_card_seats(self) -> tuple[int, ...]:
        """The seats dealt a first card before the bets (none unless the rules deal one)."""
        return tuple(self._first_card_seats)

    def playing_seats(self) -> list[int]:
        """The seats with a bet in this round."""
        return [p.seat for p in self._seats if p.bet]

    # ---- betting -----------------------------------------------------------------------

    def verify_bet(self, seat: int, amount: Money) -> None:
        """Raise InvalidBetError with the reason if the seat cannot bet this amount now."""
        rules = self.rules
        if self.phase is not Phase.BETTING:
            raise InvalidBetError(_("cannot bet: the cards have been dealt"))
        if not 0 <= seat < len(self._seats):
            raise InvalidBetError(_("cannot bet: there is no seat {seat}").format(seat=seat))
        name = self.table.seat_names[seat]
        if not self.table.seat_active(seat):
            raise InvalidBetError(_("cannot bet: {name} has finished the tournament").format(name=name))
        if self._seats[seat].bet:
            raise InvalidBetError(_("cannot bet: {name} has already bet this round").format(name=name))
        if rules.first_card_before_bet and seat not in self._first_card_seats:
            raise InvalidBetError(not_dealt_a_first_card(name))
        reason = why_not_bet(rules, amount, self.table.bankroll(seat), name)
        if reason is not None:
            raise InvalidBetError(bet_refused(amount, reason))

    def can_bet(self, seat: int, amount: Money) -> bool:
        """Whether the seat may bet this amount now."""
        try:
            self.verify_bet(seat, amount)
        except InvalidBetError:
            return False
        return True

    def place_bet(self, seat: int, amount: Money) -> list[ev.Event]:
        """Put the seat's bet (in cents) in its circle.

        Raises InvalidBetError when out of the table limits, over the bankroll, or too late.
        """
        self.verify_bet(seat, amount)
        mark = len(self.events)
        self.table.credit(seat, -amount)
        self._seats[seat].bet = amount
        self._emit(ev.BetPlaced(seat=seat, amount=amount, bankroll=self.table.bankroll(seat)))
        return self.events[mark:]

    def verify_deal(self) -> None:
        """Raise InvalidBetError if the cards cannot be dealt now (no bet, or already dealt)."""
        if self.phase is not Phase.BETTING:
            raise InvalidBetError(_("cannot deal: the cards have already been dealt"))
        if not any(p.bet for p in self._seats):
            raise InvalidBetError(no_bet_placed())

    def deal(self) -> list[ev.Event]:
        """Deal the cards and run the round up to the first decision (or to its end).

        Raises InvalidBetError when no seat has bet or the cards are already out.
        """
        self.verify_deal()
        mark = len(self.events)
        rules = self.rules
        playing = [p for p in self._seats if p.bet]
        for play in self._seats:
            if play.bet and play.hands:
                play.hands[0].bet = play.bet
            elif not play.bet and play.hands:
                play.hands.clear()  # its first card goes to the tray with the round's other cards
        if not rules.first_card_before_bet:
            for play in playing:
                play.hands.append(_Hand(play.bet, [], from_split=False, split_aces=False))
                self._deal_to(play, 0)
        if not rules.dealer_draws_after_players:
            self._deal_dealer(face_up=True)
        for play in playing:
            self._deal_to(play, 0)
        if rules.dealer_gets_hole_card:
            self._deal_dealer(face_up=False)
        self.phase = Phase.OFFERS
        self._queue_offers(playing)
        self._advance()
        return self.events[mark:]

    # ---- legality: verify_* raises, can_* answers, legal_actions() collects ---------------

    def legal_actions(self) -> frozenset[Action]:
        """Every action the seat being asked may take now (empty while betting or when over)."""
        decision = self._decision
        if decision is None:
            return frozenset()
        if decision.kind is DecisionKind.EARLY_SURRENDER:
            return frozenset((Action.SURRENDER, Action.NO_SURRENDER))
        if decision.kind is DecisionKind.EVEN_MONEY:
            return frozenset((Action.EVEN_MONEY, Action.NO_EVEN_MONEY))
        if decision.kind is DecisionKind.INSURANCE:
            return frozenset((Action.INSURANCE, Action.NO_INSURANCE))
        play = self._seats[decision.seat]
        legal = {Action.STAND}
        for action, why_not in self._playing_checks().items():
            if why_not(play, decision.hand) is None:
                legal.add(action)
        return frozenset(legal)

    def _playing_checks(self) -> dict[Action, _Check]:
        return {
            Action.HIT: self._why_not_hit,
            Action.DOUBLE: self._why_not_double,
            Action.SPLIT: self._why_not_split,
            Action.SURRENDER: self._why_not_surrender,
        }

    def verify(self, action: Action) -> None:
        """Raise IllegalActionError with the reason if the action may not be taken now."""
        decision = self._decision
        if decision is None:
            state = _("the round is over") if self.is_over else _("the cards have not been dealt")
            raise IllegalActionError(cannot(action, state))
        name = self.table.seat_names[decision.seat]
        offer_actions = _OFFER_ACTIONS.get(decision.kind)
        if offer_actions is not None:
            if action not in offer_actions:
                raise IllegalActionError(cannot(action, asked_about(name, decision.kind)))
            return
        if not action.is_playing:
            raise IllegalActionError(cannot(action, _("nothing of the kind is on offer now")))
        check = self._playing_checks().get(action)
        reason = check(self._seats[decision.seat], decision.hand) if check else None
        if reason is not None:
            raise IllegalActionError(cannot(action, reason))

    def can(self, action: Action) -> bool:
        """Whether the action may be taken now."""
        return action in self.legal_actions()

    def _label(self, play: _SeatPlay, index: int) -> str:
        label = self.table.seat_names[play.seat]
        if len(play.hands) == 1:
            return label
        # TRANSLATORS: one of a player's split hands: "Ann hand 2"
        return _("{name} hand {number}").format(name=label, number=index + 1)

    def _why_not_hit(self, play: _SeatPlay, index: int) -> str | None:
        hand = play.hands[index]
        return why_not_hit(self.rules, hand.split_aces, self._label(play, index))

    def _why_not_double(self, play: _SeatPlay, index: int) -> str | None:
        hand = play.hands[index]
        return why_not_double(
            self.rules, hand.cards, hand.from_split, hand.split_aces, hand.bet,
            self.table.bankroll(play.seat), self._label(play, index),
        )

    def _why_not_split(self, play: _SeatPlay, index: int) -> str | None:
        hand = play.hands[index]
        return why_not_split(
            self.rules, hand.cards, len(play.hands), hand.split_aces, hand.bet,
            self.table.bankroll(play.seat), self._label(play, index),
        )

    def _why_not_surrender(self, play: _SeatPlay, index: int) -> str | None:
        return why_not_surrender(
            self.rules, self.dealer_up_card, len(play.hands), len(play.hands[index].cards)
        )

    # ---- acting ------------------------------------------------------------------------

    def act(self, action: Action) -> list[ev.Event]:
        """Take an action for the seat being asked and run on to the next decision.

        Raises IllegalActionError with the reason, changing nothing, when it is not legal.
        """
        self.verify(action)
        assert self._decision is not None
        mark = len(self.events)
        self.decisions.append(action)
        kind = self._decision.kind
        if kind is DecisionKind.PLAY:
            self._play(action)
        else:
            self._answer_offer(action)
        self._advance()
        return self.events[mark:]

    def hit(self) -> list[ev.Event]:
        """Take a card. Raises IllegalActionError when not allowed."""
        return self.act(Action.HIT)

    def stand(self) -> list[ev.Event]:
        """Stand on the hand. Raises IllegalActionError when not allowed."""
        return self.act(Action.STAND)

    def double(self) -> list[ev.Event]:
        """Double the bet, take one card and stand. Raises IllegalActionError when not allowed."""
        return self.act(Action.DOUBLE)

    def split(self) -> list[ev.Event]:
        """Split the pair into two hands. Raises IllegalActionError when not allowed."""
        return self.act(Action.SPLIT)

    def surrender(self) -> list[ev.Event]:
        """Give up half the bet. Raises IllegalActionError when not allowed."""
        return self.act(Action.SURRENDER)

    def _play(self, action: Action) -> None:
        assert self._decision is not None
        seat, index = self._decision.seat, self._decision.hand
        play = self._seats[seat]
        hand = play.hands[index]
        self._decision = None
        if action is Action.HIT:
            self._deal_to(play, index)
            self._after_card(play, index, automatic_stand=False)
        elif action is Action.STAND:
            self._stand(play, index, automatic=False)
        elif action is Action.DOUBLE:
            self.table.credit(seat, -hand.bet)
            hand.doubled = True
            self._emit(ev.HandDoubled(
                seat=seat, hand=index, amount=hand.bet, bankroll=self.table.bankroll(seat)
            ))
            self._deal_to(play, index)
            self._after_card(play, index, automatic_stand=True)
        elif action is Action.SPLIT:
            self.table.credit(seat, -hand.bet)
            moved = hand.cards.pop()
            aces = moved.rank.is_ace
            hand.split_aces = aces
            hand.from_split = True
            play.hands.insert(index + 1, _Hand(hand.bet, [moved], from_split=True, split_aces=aces))
            self._emit(ev.HandSplit(
                seat=seat, hand=index, new_hand=index + 1, card=moved, amount=hand.bet,
                bankroll=self.table.bankroll(seat),
            ))
            self._deal_to(play, index)
            self._after_card(play, index, automatic_stand=False)
        elif action is Action.SURRENDER:
            self._surrender(play, index)

    def _answer_offer(self, action: Action) -> None:
        assert self._decision is not None
        seat = self._decision.seat
        play = self._seats[seat]
        self._decision = None
        if action is Action.SURRENDER:
            self._surrender(play, 0)
        elif action is Action.INSURANCE:
            amount = insurance_amount(play.bet)
            self.table.credit(seat, -amount)
            play.insurance = amount
            self._emit(ev.InsuranceTaken(seat=seat, amount=amount, bankroll=self.table.bankroll(seat)))
        elif action is Action.EVEN_MONEY:
            self._emit(ev.EvenMoneyTaken(seat=seat))
            self._settle(play, 0, Result.BLACKJACK, play.bet)
        elif action in (Action.NO_INSURANCE, Action.NO_EVEN_MONEY):
            self._emit(ev.InsuranceDeclined(seat=seat, even_money=action is Action.NO_EVEN_MONEY))

    # ---- the steps nobody decides ------------------------------------------------------

    def _emit(self, event: ev.Event) -> None:
        self.events.append(event)

    def _draw(self) -> Card:
        shoe = self.table.shoe
        if shoe.exhausted:
            back = shoe.reshuffle_discards()
            self._emit(ev.ShoeShuffled(cards=back, mid_round=True))
        card = shoe.draw()
        self.drawn.append(card)
        return card

    def _deal_to(self, play: _SeatPlay, index: int) -> None:
        card = self._draw()
        play.hands[index].cards.append(card)
        self._emit(ev.CardDealt(seat=play.seat, hand=index, card=card))

    def _deal_dealer(self, *, face_up: bool) -> None:
        card = self._draw()
        self.dealer.append(card)
        self._emit(ev.DealerCardDealt(card=card, face_up=face_up))

    def _queue_offers(self, playing: list[_SeatPlay]) -> None:
        rules = self.rules
        up = self.dealer_up_card
        if early_surrender_offered(rules, up):
            for play in playing:
                if not is_natural(play.hands[0].cards):
                    self._offer_queue.append((play.seat, DecisionKind.EARLY_SURRENDER))
        if insurance_offered(rules, up):
            for play in playing:
                if even_money_offered(rules, is_natural(play.hands[0].cards)):
                    self._offer_queue.append((play.seat, DecisionKind.EVEN_MONEY))
                else:
                    self._offer_queue.append((play.seat, DecisionKind.INSURANCE))

    def _advance(self) -> None:
        """Run every automatic step until a seat must decide or the round is over."""
        while self._decision is None and self.phase is not Phase.OVER:
            if self.phase is Phase.OFFERS:
                self._next_offer_or_peek()
            elif self.phase is Phase.PLAYING:
                self._next_turn()

    def _next_offer_or_peek(self) -> None:
        while self._offer_queue:
            seat, kind = self._offer_queue.pop(0)
            play = self._seats[seat]
            hand = play.hands[0]
            if hand.finished:
                continue
            if kind is DecisionKind.INSURANCE:
                if not insurance_affordable(insurance_amount(play.bet), self.table.bankroll(seat)):
                    continue
                self._emit(ev.InsuranceOffered(seat=seat, even_money=False))
            elif kind is DecisionKind.EVEN_MONEY:
                self._emit(ev.InsuranceOffered(seat=seat, even_money=True))
            else:
                self._emit(ev.SurrenderOffered(seat=seat))
            self._decision = Decision(seat, 0, kind)
            return
        if dealer_may_peek(self.rules, self.dealer_up_card):
            blackjack = is_natural(self.dealer)
            self._emit(ev.DealerPeeked(blackjack=blackjack))
            self._settle_insurance(blackjack)
            if blackjack:
                self._reveal_hole()
                self._finish_dealer(blackjack=True)
                self._settle_all()
                return
        self._pay_naturals_at_once()
        self.phase = Phase.PLAYING
        self._turn = (-1, 0)

    def _settle_insurance(self, dealer_blackjack: bool) -> None:
        for play in self._seats:
            if play.insurance and play.insurance_net is None:
                amount = play.insurance
                net = insurance_net(amount, dealer_blackjack)
                play.insurance_net = net
                self.table.credit(play.seat, amount + net)
                self._emit(ev.InsuranceSettled(
                    seat=play.seat, amount=amount, net=net, bankroll=self.table.bankroll(play.seat)
                ))

    def _pay_naturals_at_once(self) -> None:
        if not self.rules.player_blackjack_paid_at_once:
            return
        for play in self._seats:
            if play.hands and play.bet and not play.hands[0].finished and is_natural(play.hands[0].cards):
                self._settle(play, 0, Result.BLACKJACK, blackjack_win(self.rules, play.bet))

    def _next_turn(self) -> None:
        """Move to the next hand that needs a decision, or to the dealer when none is left."""
        assert self._turn is not None
        seat, index = self._turn
        while True:
            if seat >= 0 and index + 1 < len(self._seats[seat].hands):
                index += 1
            else:
                seat, index = seat + 1, 0
                while seat < len(self._seats) and not self._seats[seat].hands:
                    seat += 1
                if seat >= len(self._seats):
                    self._turn = None
                    self._dealer_turn()
                    return
            self._turn = (seat, index)
            play = self._seats[seat]
            hand = play.hands[index]
            if hand.finished:
                continue
            self._emit(ev.TurnStarted(seat=seat, hand=index))
            if len(hand.cards) == 1:
                self._deal_to(play, index)
            if index == 0 and not hand.from_split and is_natural(hand.cards):
                hand.finished = True
                self._emit(ev.HandStood(seat=seat, hand=index, total=21, soft=True, automatic=True))
                continue
            if self._auto_stand_after_deal(play, index):
                continue
            self._decision = Decision(seat, index, DecisionKind.PLAY)
            return

    def _auto_stand_after_deal(self, play: _SeatPlay, index: int) -> bool:
        """Stand a hand that has nothing to decide (21, or a split ace that may not act)."""
        hand = play.hands[index]
        if nothing_to_decide(
            self.rules, hand.cards, len(play.hands), hand.split_aces, hand.bet,
            self.table.bankroll(play.seat),
        ):
            self._stand(play, index, automatic=True)
            return True
        return False

    def _after_card(self, play: _SeatPlay, index: int, *, automatic_stand: bool) -> None:
        """After a card to the active hand: bust, stand, or ask again."""
        hand = play.hands[index]
        total = hand_total(hand.cards)[0]
        if total > 21:
            hand.busted = True
            hand.finished = True
            self._emit(ev.HandBusted(seat=play.seat, hand=index, total=total))
        elif automatic_stand:
            self._stand(play, index, automatic=True)
        elif not self._auto_stand_after_deal(play, index):
            self._decision = Decision(play.seat, index, DecisionKind.PLAY)

    def _stand(self, play: _SeatPlay, index: int, *, automatic: bool) -> None:
        hand = play.hands[index]
        hand.finished = True
        total, soft = hand_total(hand.cards)
        self._emit(ev.HandStood(seat=play.seat, hand=index, total=total, soft=soft, automatic=automatic))

    def _surrender(self, play: _SeatPlay, index: int) -> None:
        hand = play.hands[index]
        hand.surrendered = True
        hand.finished = True
        self._emit(ev.HandSurrendered(seat=play.seat, hand=index))

    # ---- the dealer and settlement -----------------------------------------------------

    def _counts_as_blackjack(self, hand: _Hand) -> bool:
        return counts_as_blackjack(self.rules, is_natural(hand.cards), hand.from_split, hand.split_aces)

    def _dealer_turn(self) -> None:
        rules = self.rules
        live = False
        blackjack_matters = any(p.insurance and p.insurance_net is None for p in self._seats)
        for play in self._seats:
            for hand in play.hands:
                if hand.result is None:
                    blackjack = self._counts_as_blackjack(hand)
                    live = live or hand_is_live(hand.busted, hand.surrendered, blackjack)
                    blackjack_matters = blackjack_matters or hand_awaits_dealer(
                        rules, hand.busted, hand.surrendered, blackjack, hand.doubled or hand.from_split
                    )
        if rules.dealer_gets_hole_card:
            self._reveal_hole()
        elif blackjack_matters:
            while len(self.dealer) < 2:
                self._deal_dealer(face_up=True)
        dealer_blackjack = is_natural(self.dealer)
        self._settle_insurance(dealer_blackjack)
        if live and not dealer_blackjack:
            while dealer_draws(rules, *hand_total(self.dealer)):
                self._deal_dealer(face_up=True)
        if self.dealer:
            self._finish_dealer(blackjack=dealer_blackjack)
        self._settle_all()

    def _reveal_hole(self) -> None:
        if len(self.dealer) >= 2 and not self.hole_revealed and self.rules.dealer_gets_hole_card:
            self.hole_revealed = True
            self._emit(ev.HoleCardRevealed(card=self.dealer[1]))

    def _finish_dealer(self, *, blackjack: bool) -> None:
        total, soft = hand_total(self.dealer)
        self._emit(ev.DealerFinished(total=total, soft=soft, blackjack=blackjack, bust=total > 21))

    def _settle_all(self) -> None:
        rules = self.rules
        dealer_blackjack = is_natural(self.dealer)
        dealer_total = hand_total(self.dealer)[0] if self.dealer else 0
        original_only = original_bet_only(rules, dealer_blackjack)
        for play in self._seats:
            open_hands = [i for i, hand in enumerate(play.hands) if hand.result is None]
            outcomes = [
                hand_outcome(
                    rules, hand_total(hand.cards)[0], self._counts_as_blackjack(hand), hand.bet,
                    hand.stake, hand.busted, hand.surrendered, dealer_blackjack, dealer_total,
                )
                for hand in (play.hands[i] for i in open_hands)
            ]
            for index, (result, net) in zip(
                open_hands, seat_outcomes(outcomes, play.bet, original_only), strict=True
            ):
                self._settle(play, index, result, net)
        self.phase = Phase.OVER
        self._decision = None
        for event in self.table.round_ended(self):
            self._emit(event)

    def _settle(self, play: _SeatPlay, index: int, result: Result, net: Money) -> None:
        hand = play.hands[index]
        hand.finished = True
        hand.result = result
        hand.net = net
        paid = hand.stake + net
        self.table.credit(play.seat, paid)
        self._emit(ev.HandSettled(
            seat=play.seat, hand=index, result=result, stake=hand.stake, net=net, paid=paid,
            bankroll=self.table.bankroll(play.seat),
        ))

    def all_cards(self) -> list[Card]:
        """Every card on the table this round (they go to the discard tray at the end)."""
        return list(self.drawn)


_Check = Callable[[_SeatPlay, int], str | None]
_OFFER_ACTIONS: dict[DecisionKind, frozenset[Action]] = {
    DecisionKind.EARLY_SURRENDER: frozenset((Action.SURRENDER, Action.NO_SURRENDER)),
    DecisionKind.INSURANCE: frozenset((Action.INSURANCE, Action.NO_INSURANCE)),
    DecisionKind.EVEN_MONEY: frozenset((Action.EVEN_MONEY, Action.NO_EVEN_MONEY)),
}


def not_dealt_a_first_card(name: str) -> str:
    """The sentence refusing a bet from a seat dealt no first card where the rules deal one first."""
    return _("cannot bet: {name} was not dealt a first card").format(name=name)


def no_bet_placed() -> str:
    """The sentence refusing to deal a round nobody has bet on."""
    return _("cannot deal: no seat has placed a bet")


def first_card_takers(table: RoundTable, first_cards: Collection[int] | None = None) -> list[int]:
    """The seats a round deals a first card before the bets: every seat that can bet, or those named.

    A replay names the seats its record says were dealt one; each must have been able to bet.

    Raises InvalidBetError for a named seat that does not exist, is out of its tournament or
    cannot cover the minimum bet, or when the rules deal no first card.
    """
    rules = table.rules
    if not rules.first_card_before_bet:
        if first_cards:
            raise InvalidBetError(_("cannot deal a first card before the bets: these rules deal none"))
        return []
    if first_cards is None:
        return [
            seat for seat in range(len(table.seat_names))
            if table.bankroll(seat) >= rules.min_bet and table.seat_active(seat)
        ]
    for seat in first_cards:
        if not 0 <= seat < len(table.seat_names):
            raise InvalidBetError(
                _("cannot deal a first card to seat {seat}: there is no such seat").format(seat=seat))
        name = table.seat_names[seat]
        if not table.seat_active(seat):
            raise InvalidBetError(
                _("cannot deal a first card to {name}: the tournament is over for them").format(name=name))
        if table.bankroll(seat) < rules.min_bet:
            raise InvalidBetError(
                _("cannot deal a first card to {name}: they cannot cover the minimum bet").format(name=name))
    return sorted(set(first_cards))
