"""The simulator's fast path: bots play whole rounds with no events, snapshots or messages.

`FastTable` takes the same steps as `Round` in the same order and asks the same pure
rule functions (`engine.legality`, `engine.dealer`, `engine.payout`, `engine.hand`),
drawing from the same shoe classes, so one seed gives the same cards, decisions, nets
and bankrolls as `engine.bots.BotTable` playing through `Round.legal_actions()` and
`act()`; tests/test_fastplay*.py hold it to that. It leaves out only what nobody decides
with: events, snapshots, records and the sentences explaining a refusal.

For speed it remembers answers. Each rule function is asked once per situation, keyed
by the values the function reads (see the note in `engine.legality`), so every answer
still comes from the one copy of the rule; a hand's value after one more card is
remembered by its value before and the card's points; and the answers of a bot that
says it is `memoizable` are remembered by situation as well. A hand keeps what the
rules read of it as bits of one number (`_Hand.flags`), which is also its memo key.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.actions import Action, Result
from engine.bots.seats import seat_name
from engine.bots.view import Bot, SeatView
from engine.cards import Card
from engine.dealer import dealer_draws, dealer_may_peek, hand_awaits_dealer, hand_is_live
from engine.errors import IllegalActionError, InvalidBetError, ShoeExhaustedError
from engine.hand import hand_total, is_natural, is_pair
from engine.i18n import _
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
from engine.round import DecisionKind, asked_about, no_bet_placed, not_dealt_a_first_card
from engine.rules import Rules
from engine.shoe import CardSource, shoe_for

NATURAL, FROM_SPLIT, SPLIT_ACES, BUSTED, SURRENDERED = 16, 8, 4, 2, 1
"""The bits of `_Hand.flags`."""

_PLAY = DecisionKind.PLAY
_STAND, _HIT, _DOUBLE, _SPLIT = Action.STAND, Action.HIT, Action.DOUBLE, Action.SPLIT
_BLACKJACK = Result.BLACKJACK
_OFFERS: dict[DecisionKind, frozenset[Action]] = {
    DecisionKind.EARLY_SURRENDER: frozenset((Action.SURRENDER, Action.NO_SURRENDER)),
    DecisionKind.INSURANCE: frozenset((Action.INSURANCE, Action.NO_INSURANCE)),
    DecisionKind.EVEN_MONEY: frozenset((Action.EVEN_MONEY, Action.NO_EVEN_MONEY)),
}
_OPTIONAL = (Action.HIT, Action.DOUBLE, Action.SPLIT, Action.SURRENDER)
_LEGAL: tuple[frozenset[Action], ...] = tuple(
    frozenset({_STAND, *(action for bit, action in enumerate(_OPTIONAL) if mask >> bit & 1)})
    for mask in range(16)
)
"""Every set of playing actions, by hit + 2*double + 4*split + 8*surrender (stand is always legal)."""

HandKey = tuple[int, int, bool, bool, int, int, bool, int]
"""What the action rules read of a hand: its number of cards, total, softness, pairing, flags,
the seat's number of hands, whether the bankroll covers the bet, and the up card's points."""

Situation = list[Any]
"""What is known of a situation: [natural, stands by itself, legal actions, the bot's answer or None]."""

OutcomeKey = tuple[int, bool, Money, bool, int, bool, int]
"""A finished hand's total, blackjack, bet, doubled, bust/surrender bits; the dealer's blackjack, total."""


class _Hand:
    """A hand in play (the fast path's own, mutable), with its value kept as cards arrive."""

    __slots__ = ("bet", "cards", "doubled", "finished", "flags", "result", "soft", "total")

    def __init__(self, bet: Money, card: Card, value: tuple[int, bool], flags: int) -> None:
        self.cards = [card]
        self.bet = bet
        self.total, self.soft = value
        self.flags = flags
        """NATURAL | FROM_SPLIT | SPLIT_ACES | BUSTED | SURRENDERED, as they hold."""
        self.doubled = False
        self.finished = False
        self.result: Result | None = None


class FastTable:
    """Bots at a table playing whole rounds fast; after each round its outcome is in the attributes.

    In a tournament, a seat that has won or lost sits out; once every seat has, a new
    tournament starts with the starting bankrolls and the same shoe (as `BotTable` does).

    >>> from engine import load_rules
    >>> from engine.bots import NoviceBot
    >>> table = FastTable(load_rules("vegas-strip"), [NoviceBot()], bankrolls=[100_000], seed=3)
    >>> table.play_round(), table.bets, table.bankrolls[0] == 100_000 + table.nets[0]
    (True, [1000], True)
    """

    def __init__(
        self,
        rules: Rules,
        bots: Sequence[Bot],
        *,
        bankrolls: Sequence[Money],
        shoe: CardSource | None = None,
        seed: int | None = None,
    ) -> None:
        if len(bankrolls) != len(bots):
            raise ValueError(f"{len(bots)} bots need {len(bots)} bankrolls, not {len(bankrolls)}")
        self.rules = rules
        self.bots = tuple(bots)
        self.start_bankrolls = tuple(bankrolls)
        self.bankrolls = list(bankrolls)
        """Every seat's money off the table, in cents."""
        self.active = [True] * len(bots)
        """Whether each seat is still in the tournament (always True without one)."""
        self.shoe: CardSource = shoe if shoe is not None else shoe_for(rules, seed=seed)
        self.seen: list[Card] = []
        """Every card shown face up since the last shuffle (what a counter sees); emptied on a shuffle."""
        self.shuffles = 0
        """How many times the shoe has been shuffled, mid-round reshuffles included."""
        self.rounds_played = 0
        self.bets: list[Money] = [0] * len(bots)
        """The last round's initial bet of each seat (0 when it sat out)."""
        self.nets: list[Money] = [0] * len(bots)
        """The last round's net of each seat, insurance included."""
        self.results: list[Result] = []
        """The last round's result of every hand, seat by seat in split order."""
        self.drawn: list[Card] = []
        """Every card that left the shoe in the last round, in order."""
        self.dealer: list[Card] = []
        """The dealer's cards in the last round."""
        self._hands: list[list[_Hand]] = [[] for _ in bots]
        self._insurance: list[Money] = [0] * len(bots)
        self._situations: list[dict[HandKey, Situation]] = [{} for _ in bots]
        """Per seat: what the rules (and a memoizable bot) answered in each situation."""
        self._memoizable = [bool(getattr(bot, "memoizable", False)) for bot in self.bots]
        self._bets: list[dict[bool, Money] | None] = [{} if memo else None for memo in self._memoizable]
        """Per memoizable seat: its bet by whether the bankroll covers the table minimum."""
        self._bet_rules: dict[int, bool] = {}
        """Whether a bet is allowed, by 2 * amount + (bankroll covers it)."""
        self._up_rules: dict[int, tuple[bool, bool, bool]] = {}
        self._fates: dict[int, tuple[bool, bool, bool]] = {}
        self._outcomes: dict[OutcomeKey, tuple[Result, Money, Money]] = {}
        self._steps: dict[int, tuple[int, bool]] = {}
        """Hand values by 32 * total + 16 * soft + points: the value before a card, and the card."""
        self._dealer_draws = [dealer_draws(rules, key >> 1, bool(key & 1)) for key in range(64)]
        """Whether the dealer draws, by 2 * total + soft."""
        self._original_only = (original_bet_only(rules, False), original_bet_only(rules, True))
        self._hole = rules.dealer_gets_hole_card

    # ---- the rules, remembered ---------------------------------------------------------

    def _learn_step(self, key: int, cards: Sequence[Card]) -> tuple[int, bool]:
        """The value of `cards`, remembered under `key`: their value without the last card, and its points."""
        value = self._steps[key] = hand_total(cards)
        return value

    def _first_value(self, card: Card) -> tuple[int, bool]:
        """The value of a hand of one card."""
        return self._steps.get(card.points) or self._learn_step(card.points, (card,))

    def _ask_hand_rules(
        self, seat: int, key: HandKey, hand: _Hand, hands: int, bankroll: Money, up: Card | None
    ) -> Situation:
        """Whether the hand is a natural, whether it stands by itself, and its legal actions."""
        rules = self.rules
        cards, bet = hand.cards, hand.bet
        from_split, split_aces = bool(hand.flags & FROM_SPLIT), bool(hand.flags & SPLIT_ACES)
        natural = is_natural(cards)
        alone = nothing_to_decide(rules, cards, hands, split_aces, bet, bankroll)
        mask = (
            (why_not_hit(rules, split_aces, "") is None)
            | (why_not_double(rules, cards, from_split, split_aces, bet, bankroll, "") is None) << 1
            | (why_not_split(rules, cards, hands, split_aces, bet, bankroll, "") is None) << 2
            | (why_not_surrender(rules, up, hands, len(cards)) is None) << 3
        )
        answer: Situation = [natural, alone, _LEGAL[mask], None]
        self._situations[seat][key] = answer
        return answer

    def _ask_up_rules(self, up: Card | None) -> tuple[bool, bool, bool]:
        """Early surrender offered, insurance offered, dealer peeks: for this up card."""
        rules = self.rules
        answer = self._up_rules[0 if up is None else up.points] = (
            early_surrender_offered(rules, up), insurance_offered(rules, up), dealer_may_peek(rules, up)
        )
        return answer

    def _ask_fate(self, hand: _Hand) -> tuple[bool, bool, bool]:
        """Whether an unsettled hand is paid as a blackjack, is live, and awaits the dealer's blackjack.

        Memoized by `hand.flags | hand.doubled << 5`: the flags and whether the hand was doubled.
        """
        rules, flags = self.rules, hand.flags
        busted, surrendered = bool(flags & BUSTED), bool(flags & SURRENDERED)
        blackjack = counts_as_blackjack(rules, bool(flags & NATURAL), bool(flags & FROM_SPLIT),
                                        bool(flags & SPLIT_ACES))
        more_at_stake = hand.doubled or bool(flags & FROM_SPLIT)
        fate = self._fates[flags | hand.doubled << 5] = (
            blackjack,
            hand_is_live(busted, surrendered, blackjack),
            hand_awaits_dealer(rules, busted, surrendered, blackjack, more_at_stake),
        )
        return fate

    def _ask_outcome(self, key: OutcomeKey) -> tuple[Result, Money, Money]:
        """A hand's result, net and what goes back to the bankroll, from `hand_outcome`."""
        total, blackjack, bet, doubled, flags, dealer_blackjack, dealer_total = key
        stake = bet * 2 if doubled else bet
        result, net = hand_outcome(self.rules, total, blackjack, bet, stake, bool(flags & BUSTED),
                                   bool(flags & SURRENDERED), dealer_blackjack, dealer_total)
        answer = self._outcomes[key] = (result, net, stake + net)
        return answer

    def _ask_bet(self, seat: int, hands: list[_Hand]) -> Money:
        """Ask the seat's bot for its bet (and remember it, for a memoizable bot)."""
        bankroll = self.bankrolls[seat]
        view = SeatView(self.rules, seat, None, tuple(hands[0].cards) if hands else (), 0, len(hands),
                        None, 0, bankroll, self.seen, self.shuffles)
        amount = self.bots[seat].bet(view)
        remembered = self._bets[seat]
        if remembered is not None:
            remembered[bankroll >= self.rules.min_bet] = amount
        return amount

    def _bet_allowed(self, key: int, amount: Money, bankroll: Money) -> bool:
        """Whether the table takes this bet (remembered under `key`)."""
        allowed = self._bet_rules[key] = why_not_bet(self.rules, amount, bankroll, "") is None
        return allowed

    # ---- the steps nobody decides ------------------------------------------------------

    def _reshuffle_and_draw(self) -> Card:
        """The shoe ran out mid-round: shuffle the discards back in (as the round does) and draw."""
        shoe = self.shoe
        if not shoe.exhausted:
            return shoe.draw()  # a stacked shoe that ran out: let its error through
        shoe.reshuffle_discards()
        self.shuffles += 1
        self.seen.clear()
        return shoe.draw()

    def _show(self) -> Card:
        """Draw a card dealt face up."""
        try:
            card = self.shoe.draw()
        except ShoeExhaustedError:
            card = self._reshuffle_and_draw()
        self.drawn.append(card)
        self.seen.append(card)
        return card

    def _settle(self, seat: int, hand: _Hand, result: Result, net: Money) -> None:
        hand.finished = True
        hand.result = result
        self.bankrolls[seat] += (hand.bet * 2 if hand.doubled else hand.bet) + net
        self.nets[seat] += net

    def _settle_insurance(self, dealer_blackjack: bool) -> None:
        insurance = self._insurance
        for seat, amount in enumerate(insurance):
            if amount:
                net = insurance_net(amount, dealer_blackjack)
                self.bankrolls[seat] += amount + net
                self.nets[seat] += net
                insurance[seat] = 0

    # ---- a round, phase by phase -------------------------------------------------------
    # play_round reads as the round's phases in order. A phase is a method of its own where
    # the call is once a round and cheap; where it is not, the phase stays inlined and a
    # "Phase:" note says what it would cost. Draws call `shoe.draw()` rather than a bound
    # `draw` local: making the bound method costs more than the few draws of a phase save.

    def play_round(self) -> bool:
        """Play one round to its end; False when no seat can afford the minimum bet (nothing is dealt).

        Raises InvalidBetError when no bot bets or a bot bets illegally, and
        IllegalActionError when a bot answers with an action that is not legal.
        """
        playing = self._open_round()
        if playing is None:
            return False

        # Phase: the deal — inlined: as a method it adds ~1.4% to a round, a method per draw ~0.7% a card.
        # A card to each seat, the up card, a second card to each seat, the hole card face down.
        rules = self.rules
        shoe = self.shoe
        all_hands = self._hands
        bets = self.bets
        dealer = self.dealer
        drawn = self.drawn
        seen = self.seen
        steps = self._steps
        if not rules.first_card_before_bet:
            for seat in playing:
                try:
                    card = shoe.draw()
                except ShoeExhaustedError:
                    card = self._reshuffle_and_draw()
                drawn.append(card)
                seen.append(card)
                value = steps.get(card.points) or self._learn_step(card.points, (card,))
                all_hands[seat].append(_Hand(bets[seat], card, value, 0))
        if not rules.dealer_draws_after_players:
            try:
                card = shoe.draw()
            except ShoeExhaustedError:
                card = self._reshuffle_and_draw()
            drawn.append(card)
            seen.append(card)
            dealer.append(card)
        for seat in playing:
            try:
                card = shoe.draw()
            except ShoeExhaustedError:
                card = self._reshuffle_and_draw()
            drawn.append(card)
            seen.append(card)
            hand = all_hands[seat][0]
            cards = hand.cards
            cards.append(card)
            key = hand.total * 32 + hand.soft * 16 + card.points
            hand.total, hand.soft = steps.get(key) or self._learn_step(key, cards)
            if is_natural(cards):
                hand.flags = NATURAL
        hole = self._hole
        if hole:
            try:
                card = shoe.draw()
            except ShoeExhaustedError:
                card = self._reshuffle_and_draw()
            drawn.append(card)
            dealer.append(card)

        # Phase: the offers (early surrender, insurance, even money), the peek, naturals paid at once.
        # Inlined: only an offer, or naturals paid at once, which few rounds and rules meet, take a call.
        up = dealer[0] if dealer else None
        up_points = 0 if up is None else up.points
        early, insurance, peek = self._up_rules.get(up_points) or self._ask_up_rules(up)
        insured = (early or insurance) and self._offers(playing, up, early, insurance)
        if peek:
            dealer_blackjack = is_natural(dealer)
            if insured:
                self._settle_insurance(dealer_blackjack)
                insured = False
            if dealer_blackjack:
                seen.append(dealer[1])  # the hole card is turned
                self._settle_all(playing, True, hand_total(dealer)[0])
                return True
        if rules.player_blackjack_paid_at_once:
            self._pay_naturals(playing)

        self._play_seats(playing, up, up_points)

        # Phase: the dealer's turn — inlined: as a method it adds ~1.8% to a round (it fetches the deal's
        # locals again). Turn the hole card (or complete a two-card hand when that matters), settle
        # insurance, draw to the rule.
        fates = self._fates
        live = False
        blackjack_matters = insured
        for seat in playing:
            for hand in all_hands[seat]:
                if hand.result is None:
                    _, hand_live, awaits = fates.get(hand.flags | hand.doubled << 5) or self._ask_fate(hand)
                    live = live or hand_live
                    blackjack_matters = blackjack_matters or awaits
        if hole:
            seen.append(dealer[1])
            up_value = steps.get(up_points) or self._learn_step(up_points, dealer[:1])
            key = up_value[0] * 32 + up_value[1] * 16 + dealer[1].points
            total, soft = steps.get(key) or self._learn_step(key, dealer)
        else:
            if blackjack_matters:
                while len(dealer) < 2:
                    dealer.append(self._show())
            total, soft = hand_total(dealer) if dealer else (0, False)
        dealer_blackjack = not peek and is_natural(dealer)  # after a peek, a blackjack has ended the round
        if insured:
            self._settle_insurance(dealer_blackjack)
        if live and not dealer_blackjack:
            draws = self._dealer_draws
            while draws[total << 1 | soft]:
                try:
                    card = shoe.draw()
                except ShoeExhaustedError:
                    card = self._reshuffle_and_draw()
                drawn.append(card)
                seen.append(card)
                dealer.append(card)
                key = total * 32 + soft * 16 + card.points
                total, soft = steps.get(key) or self._learn_step(key, dealer)

        self._settle_all(playing, dealer_blackjack, total)
        return True

    def _open_round(self) -> list[int] | None:
        """Open a round and take the bets: the seats in play, or None when no seat can afford the minimum bet.

        Raises InvalidBetError when no seat bets or a bet is refused.
        """
        # Phase: the opening — a new tournament once every seat has finished, a shuffle after the cut card.
        rules = self.rules
        count = len(self.bots)
        seats = range(count)
        if rules.tournament is not None and not any(self.active):
            self.bankrolls = list(self.start_bankrolls)
            self.active = [True] * count
        bankrolls, active = self.bankrolls, self.active
        min_bet = rules.min_bet
        for seat in seats:
            if active[seat] and bankrolls[seat] >= min_bet:
                break
        else:
            return None
        shoe = self.shoe
        if shoe.needs_shuffle:
            shoe.shuffle()
            self.shuffles += 1
            self.seen.clear()
        self.rounds_played += 1
        self.drawn = []
        self.dealer = []
        self.nets = [0] * count
        all_hands = self._hands
        for hands in all_hands:
            hands.clear()

        # Phase: the bets — after a first card to each seat that can bet, when the rules deal it first.
        first_card = rules.first_card_before_bet
        if first_card:
            for seat in seats:
                if bankrolls[seat] >= min_bet and active[seat]:
                    card = self._show()
                    all_hands[seat].append(_Hand(0, card, self._first_value(card), 0))
        self.bets = bets = [0] * count
        playing: list[int] = []
        bet_rules = self._bet_rules
        for seat in seats:
            if not active[seat]:
                continue
            bankroll = bankrolls[seat]
            remembered = self._bets[seat]
            amount = None if remembered is None else remembered.get(bankroll >= min_bet)
            if amount is None:
                amount = self._ask_bet(seat, all_hands[seat])
            if amount:
                key = 2 * amount + (amount <= bankroll)
                allowed = bet_rules.get(key)
                if allowed is None:
                    allowed = self._bet_allowed(key, amount, bankroll)
                if not allowed or (first_card and not all_hands[seat]):
                    self._refuse_bet(seat, amount)
                bankrolls[seat] = bankroll - amount
                bets[seat] = amount
                playing.append(seat)
        if not playing:
            raise InvalidBetError(no_bet_placed())
        if first_card:
            for seat in seats:
                if bets[seat]:
                    all_hands[seat][0].bet = bets[seat]
                else:
                    all_hands[seat].clear()  # a seat that sat out plays no hand with its first card
        return playing

    def _pay_naturals(self, playing: list[int]) -> None:
        """Pay every natural still on the table at once, as these rules do."""
        rules, bets = self.rules, self.bets
        for seat in playing:
            hand = self._hands[seat][0]
            if not hand.finished and hand.flags & NATURAL:
                self._settle(seat, hand, _BLACKJACK, blackjack_win(rules, bets[seat]))

    def _play_seats(self, playing: list[int], up: Card | None, up_points: int) -> None:
        """The players' turns: each seat's hands in order, split hands as they come, as its bot decides."""
        # Phase: the players' turns — each draw and hand value inlined: a method per card adds ~0.7% a card.
        shoe = self.shoe
        bankrolls = self.bankrolls
        drawn = self.drawn
        seen = self.seen
        steps = self._steps
        pair_by_value = self.rules.pair_by_value
        for seat in playing:
            hands = self._hands[seat]
            situations = self._situations[seat]
            memoizable = self._memoizable[seat]
            index = 0
            while index < len(hands):
                hand = hands[index]
                index += 1
                if hand.finished:
                    continue
                cards = hand.cards
                action = _HIT if len(cards) == 1 else None  # a split hand's second card comes first
                while True:
                    if action is not None:  # a hit, a double or a split: the hand takes a card
                        try:
                            card = shoe.draw()
                        except ShoeExhaustedError:
                            card = self._reshuffle_and_draw()
                        drawn.append(card)
                        seen.append(card)
                        cards.append(card)
                        key = hand.total * 32 + hand.soft * 16 + card.points
                        hand.total, hand.soft = steps.get(key) or self._learn_step(key, cards)
                        if hand.total > 21:
                            hand.flags |= BUSTED
                            hand.finished = True
                            break
                        if action is _DOUBLE:
                            hand.finished = True
                            break
                        if len(cards) == 2 and is_natural(cards):
                            hand.flags |= NATURAL
                    bankroll = bankrolls[seat]
                    situation = (len(cards), hand.total, hand.soft,
                                 len(cards) == 2 and is_pair(cards, by_value=pair_by_value), hand.flags,
                                 len(hands), bankroll >= hand.bet, up_points)
                    known = situations.get(situation) or self._ask_hand_rules(
                        seat, situation, hand, len(hands), bankroll, up
                    )
                    natural, alone, legal, action = known
                    if alone or (natural and index == 1 and not hand.flags & FROM_SPLIT):
                        hand.finished = True
                        break
                    if action is None:
                        action = self._ask_bot(seat, hand, index - 1, len(hands), up, legal)
                        if memoizable:
                            known[3] = action
                    if action is _STAND:
                        hand.finished = True
                        break
                    if action is _DOUBLE:
                        bankrolls[seat] = bankroll - hand.bet
                        hand.doubled = True
                    elif action is _SPLIT:
                        self._split(seat, hands, index - 1)
                    elif action is not _HIT:
                        hand.flags |= SURRENDERED
                        hand.finished = True
                        break

    def _settle_all(self, playing: list[int], dealer_blackjack: bool, dealer_total: int) -> None:
        """Settle every open hand against the dealer, then end the round (discards, tournament goals)."""
        # Phase: settlement.
        rules = self.rules
        original_only = self._original_only[dealer_blackjack]
        fates, outcomes = self._fates, self._outcomes
        results: list[Result] = []
        bankrolls, nets = self.bankrolls, self.nets
        for seat in playing:
            hands = self._hands[seat]
            if original_only:
                self._settle_original_bet_only(seat, hands, dealer_total)
                results += [hand.result for hand in hands if hand.result is not None]
                continue
            for hand in hands:
                result = hand.result
                if result is None:
                    flags = hand.flags
                    blackjack = (fates.get(flags) or self._ask_fate(hand))[0]
                    key = (hand.total, blackjack, hand.bet, hand.doubled, flags & 3, dealer_blackjack,
                           dealer_total)
                    result, net, paid = outcomes.get(key) or self._ask_outcome(key)
                    hand.result = result
                    hand.finished = True
                    bankrolls[seat] += paid
                    nets[seat] += net
                results.append(result)
        self.results = results

        # Phase: the end of the round — here, not a method of its own, as both ways a round ends come here.
        self.shoe.discard(self.drawn)
        tournament = rules.tournament
        if tournament is not None:
            for seat, bankroll in enumerate(bankrolls):
                if self.active[seat] and (bankroll >= tournament.goal or bankroll < rules.min_bet):
                    self.active[seat] = False

    def _refuse_bet(self, seat: int, amount: Money) -> None:
        """Raise the InvalidBetError the round would raise for this bet."""
        if self.rules.first_card_before_bet and not self._hands[seat]:
            raise InvalidBetError(not_dealt_a_first_card(seat_name(seat)))
        reason = why_not_bet(self.rules, amount, self.bankrolls[seat], seat_name(seat))
        raise InvalidBetError(bet_refused(amount, reason or ""))

    def _ask_bot(
        self, seat: int, hand: _Hand, index: int, hands: int, up: Card | None, legal: frozenset[Action]
    ) -> Action:
        """The bot's play for the hand; IllegalActionError if it is not one of `legal`."""
        view = SeatView(self.rules, seat, _PLAY, tuple(hand.cards), index, hands, up, self.bets[seat],
                        self.bankrolls[seat], self.seen, self.shuffles)
        action = self.bots[seat].decide(view, legal)
        if action not in legal:
            raise IllegalActionError(cannot(action, _("the rules do not allow it on this hand")))
        return action

    def _split(self, seat: int, hands: list[_Hand], index: int) -> None:
        """Split the hand: its second card starts a new hand just after it, with an equal bet."""
        hand = hands[index]
        self.bankrolls[seat] -= hand.bet
        moved = hand.cards.pop()
        flags = FROM_SPLIT | (SPLIT_ACES if moved.rank.is_ace else 0)
        hand.flags = flags
        hand.total, hand.soft = self._first_value(hand.cards[0])
        hands.insert(index + 1, _Hand(hand.bet, moved, self._first_value(moved), flags))

    def _offers(self, playing: list[int], up: Card | None, early: bool, insurance: bool) -> bool:
        """Early surrender, then insurance or even money, asked seat by seat; True when a seat insured."""
        rules = self.rules
        queue: list[tuple[int, DecisionKind]] = []
        if early:
            queue += [
                (seat, DecisionKind.EARLY_SURRENDER)
                for seat in playing
                if not self._hands[seat][0].flags & NATURAL
            ]
        if insurance:
            for seat in playing:
                even_money = even_money_offered(rules, bool(self._hands[seat][0].flags & NATURAL))
                queue.append((seat, DecisionKind.EVEN_MONEY if even_money else DecisionKind.INSURANCE))
        bankrolls = self.bankrolls
        for seat, kind in queue:
            hand = self._hands[seat][0]
            bet = self.bets[seat]
            if hand.finished or (
                kind is DecisionKind.INSURANCE
                and not insurance_affordable(insurance_amount(bet), bankrolls[seat])
            ):
                continue
            legal = _OFFERS[kind]
            view = SeatView(rules, seat, kind, tuple(hand.cards), 0, 1, up, bet, bankrolls[seat],
                            self.seen, self.shuffles)
            action = self.bots[seat].decide(view, legal)
            if action not in legal:
                raise IllegalActionError(cannot(action, asked_about(seat_name(seat), kind)))
            if action is Action.SURRENDER:
                hand.flags |= SURRENDERED
                hand.finished = True
            elif action is Action.INSURANCE:
                amount = insurance_amount(bet)
                bankrolls[seat] -= amount
                self._insurance[seat] = amount
            elif action is Action.EVEN_MONEY:
                self._settle(seat, hand, _BLACKJACK, bet)
        return any(self._insurance)

    def _settle_original_bet_only(self, seat: int, hands: list[_Hand], dealer_total: int) -> None:
        """A dealer blackjack found after play takes only the seat's original bet (`seat_outcomes`)."""
        open_hands = [hand for hand in hands if hand.result is None]
        outcomes = []
        for hand in open_hands:
            blackjack = (self._fates.get(hand.flags | hand.doubled << 5) or self._ask_fate(hand))[0]
            result, net, _paid = self._ask_outcome(
                (hand.total, blackjack, hand.bet, hand.doubled, hand.flags & 3, True, dealer_total)
            )
            outcomes.append((result, net))
        for hand, (result, net) in zip(open_hands, seat_outcomes(outcomes, self.bets[seat], True),
                                       strict=True):
            self._settle(seat, hand, result, net)
