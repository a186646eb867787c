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
says it is `memoizable` are remembered by situation as well.
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
from engine.legality import (
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
from engine.money import Money, format_money
from engine.payout import (
    blackjack_win,
    counts_as_blackjack,
    hand_outcome,
    insurance_amount,
    insurance_net,
    original_bet_only,
    seat_outcomes,
)
from engine.round import DecisionKind
from engine.rules import Rules
from engine.shoe import CardSource, shoe_for

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

HandKey = tuple[int, int, bool, bool, bool, bool, int, bool, int]
"""What the action rules read of a hand: its number of cards, total, softness, pairing, whether
it came from a split and is a split ace, the seat's number of hands, whether the bankroll
covers the bet, and the up card's points (0 for none)."""

Situation = list[Any]
"""What is known of a situation: [natural, stands by itself, legal actions, the bot's answer or None]."""

OutcomeKey = tuple[int, bool, Money, Money, bool, bool, bool, int]
"""The arguments of `hand_outcome` after the rules."""


class _Hand:
    """A hand in play (the fast path's own, mutable), with its value kept as cards arrive."""

    __slots__ = ("bet", "blackjack", "busted", "cards", "doubled", "finished", "from_split", "natural",
                 "result", "soft", "split_aces", "surrendered", "total")

    def __init__(
        self, bet: Money, card: Card, value: tuple[int, bool], from_split: bool, split_aces: bool
    ) -> None:
        self.cards = [card]
        self.bet = bet
        self.total, self.soft = value
        self.natural = False
        self.blackjack: bool | None = None
        """Whether it is paid as a blackjack, once the dealer's turn has asked."""
        self.doubled = False
        self.from_split = from_split
        self.split_aces = split_aces
        self.surrendered = False
        self.busted = False
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
        self._memoizable = [getattr(bot, "memoizable", False) for bot in self.bots]
        self._situations: list[dict[HandKey, Situation]] = [{} for _ in bots]
        """Per seat: what the rules (and a memoizable bot) answered in each situation."""
        self._bets: list[dict[bool, Money]] = [{} for _ in bots]
        self._bet_rules: dict[tuple[Money, bool], bool] = {}
        self._up_rules: dict[int, tuple[bool, bool, bool]] = {}
        self._fates: dict[int, tuple[bool, bool, bool]] = {}
        self._outcomes: dict[OutcomeKey, tuple[Result, Money]] = {}
        self._steps: dict[int, tuple[int, bool]] = {}
        """Hand values by 32 * total + 16 * soft + points: the value before a card, and the card."""
        self._dealer_draws = [dealer_draws(rules, key >> 1, bool(key & 1)) for key in range(64)]
        """Whether the dealer draws, by 2 * total + soft."""
        self._original_only = (original_bet_only(rules, False), original_bet_only(rules, True))
        self._deal_rules = (rules.first_card_before_bet, rules.dealer_draws_after_players,
                            rules.dealer_gets_hole_card, rules.player_blackjack_paid_at_once)

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
        cards, bet, split_aces = hand.cards, hand.bet, hand.split_aces
        natural = is_natural(cards)
        alone = nothing_to_decide(rules, cards, hands, split_aces, bet, bankroll)
        mask = (
            (why_not_hit(rules, split_aces, "") is None)
            | (why_not_double(rules, cards, hand.from_split, split_aces, bet, bankroll, "") is None) << 1
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

    def _ask_fate(self, key: int, hand: _Hand) -> tuple[bool, bool, bool]:
        """Whether an unsettled hand is paid as a blackjack, is live, and awaits the dealer's blackjack."""
        rules = self.rules
        blackjack = counts_as_blackjack(rules, hand.natural, hand.from_split, hand.split_aces)
        fate = self._fates[key] = (
            blackjack,
            hand_is_live(hand.busted, hand.surrendered, blackjack),
            hand_awaits_dealer(rules, hand.busted, hand.surrendered, blackjack),
        )
        return fate

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

    # ---- a round -----------------------------------------------------------------------

    def play_round(self) -> bool:
        """Play one round to its end; False when no seat can afford the minimum bet (nothing is dealt).

        Raises InvalidBetError when no bot bets or a bot bets illegally, and
        IllegalActionError when a bot answers with an action that is not legal.
        """
        rules = self.rules
        bots = self.bots
        count = len(bots)
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
            return False
        shoe = self.shoe
        seen = self.seen
        if shoe.needs_shuffle:
            shoe.shuffle()
            self.shuffles += 1
            seen.clear()
        self.rounds_played += 1
        self.drawn = drawn = []
        self.dealer = dealer = []
        self.nets = [0] * count
        all_hands = self._hands
        for hands in all_hands:
            hands.clear()
        draw = shoe.draw
        steps = self._steps
        first_card, after_players, hole, paid_at_once = self._deal_rules

        if first_card:
            for seat in seats:
                if bankrolls[seat] >= min_bet and active[seat]:
                    card = self._show()
                    value = steps.get(card.points) or self._learn_step(card.points, (card,))
                    all_hands[seat].append(_Hand(0, card, value, False, False))
        self.bets = bets = [0] * count
        playing: list[int] = []
        for seat in seats:
            if active[seat]:
                amount = self._bet(seat, all_hands[seat])
                if amount:
                    bankrolls[seat] -= amount
                    bets[seat] = amount
                    playing.append(seat)
        if not playing:
            raise InvalidBetError("cannot deal: no seat has placed a bet")
        if first_card:
            for seat in seats:
                if bets[seat]:
                    all_hands[seat][0].bet = bets[seat]
                else:
                    all_hands[seat].clear()
        else:
            for seat in playing:
                try:
                    card = draw()
                except ShoeExhaustedError:
                    card = self._reshuffle_and_draw()
                drawn.append(card)
                seen.append(card)
                value = steps.get(card.points) or self._learn_step(card.points, (card,))
                all_hands[seat].append(_Hand(bets[seat], card, value, False, False))
        if not after_players:
            try:
                card = draw()
            except ShoeExhaustedError:
                card = self._reshuffle_and_draw()
            drawn.append(card)
            seen.append(card)
            dealer.append(card)
        for seat in playing:
            try:
                card = draw()
            except ShoeExhaustedError:
                card = self._reshuffle_and_draw()
            drawn.append(card)
            seen.append(card)
            hand = all_hands[seat][0]
            cards = hand.cards
            cards.append(card)
            key = hand.total * 32 + hand.soft * 16 + card.points
            hand.total, hand.soft = steps.get(key) or self._learn_step(key, cards)
            hand.natural = is_natural(cards)
        if hole:
            try:
                card = draw()
            except ShoeExhaustedError:
                card = self._reshuffle_and_draw()
            drawn.append(card)
            dealer.append(card)
        up = dealer[0] if dealer else None
        early, insurance, peek = self._up_rules.get(0 if up is None else up.points) or self._ask_up_rules(up)

        insured = (early or insurance) and self._offers(playing, up, early, insurance)
        if peek:
            dealer_blackjack = is_natural(dealer)
            if insured:
                self._settle_insurance(dealer_blackjack)
                insured = False
            if dealer_blackjack:
                seen.append(dealer[1])
                self._settle_all(playing, True, hand_total(dealer)[0])
                return True
        if paid_at_once:
            for seat in playing:
                hand = all_hands[seat][0]
                if not hand.finished and hand.natural:
                    self._settle(seat, hand, _BLACKJACK, blackjack_win(rules, bets[seat]))
        for seat in playing:
            hands = all_hands[seat]
            index = 0
            while index < len(hands):
                if not hands[index].finished:
                    self._turn(seat, hands, index, up)
                index += 1
        self._dealer_turn(hole, playing, insured)
        return True

    def _bet(self, seat: int, hands: list[_Hand]) -> Money:
        """Ask the seat's bot for its bet (remembered for a memoizable bot) and check it."""
        bankroll = self.bankrolls[seat]
        rules = self.rules
        remembered = self._bets[seat] if self._memoizable[seat] else None
        covered = bankroll >= rules.min_bet
        amount = None if remembered is None else remembered.get(covered)
        if amount is None:
            view = SeatView(rules, seat, None, tuple(hands[0].cards) if hands else (), 0, len(hands),
                            None, 0, bankroll, self.seen, self.shuffles)
            amount = self.bots[seat].bet(view)
            if remembered is not None:
                remembered[covered] = amount
        if amount:
            if rules.first_card_before_bet and not hands:
                raise InvalidBetError(f"cannot bet: {seat_name(seat)} was not dealt a first card")
            key = (amount, amount <= bankroll)
            allowed = self._bet_rules.get(key)
            if allowed is None:
                allowed = self._bet_rules[key] = why_not_bet(rules, amount, bankroll, "") is None
            if not allowed:
                reason = why_not_bet(rules, amount, bankroll, seat_name(seat))
                raise InvalidBetError(f"cannot bet {format_money(amount)}: {reason}")
        return amount

    def _offers(self, playing: list[int], up: Card | None, early: bool, insurance: bool) -> bool:
        """Early surrender, then insurance or even money, asked seat by seat; True when a seat insured."""
        rules = self.rules
        queue: list[tuple[int, DecisionKind]] = []
        if early:
            queue += [
                (seat, DecisionKind.EARLY_SURRENDER) for seat in playing if not self._hands[seat][0].natural
            ]
        if insurance:
            for seat in playing:
                natural = self._hands[seat][0].natural
                even_money = even_money_offered(rules, natural)
                kind = DecisionKind.EVEN_MONEY if even_money else DecisionKind.INSURANCE
                queue.append((seat, kind))
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
                raise IllegalActionError(f"cannot {action.value}: {seat_name(seat)} is being asked "
                                         f"about {kind.value.replace('-', ' ')}")
            if action is Action.SURRENDER:
                hand.surrendered = hand.finished = True
            elif action is Action.INSURANCE:
                amount = insurance_amount(bet)
                bankrolls[seat] -= amount
                self._insurance[seat] = amount
            elif action is Action.EVEN_MONEY:
                self._settle(seat, hand, _BLACKJACK, bet)
        return any(self._insurance)

    def _turn(self, seat: int, hands: list[_Hand], index: int, up: Card | None) -> None:
        """Play one hand: its second card after a split, then the bot until it stands, busts or doubles."""
        hand = hands[index]
        cards = hand.cards
        draw, drawn, seen, steps = self.shoe.draw, self.drawn, self.seen, self._steps
        rules = self.rules
        bankrolls = self.bankrolls
        remembered = self._situations[seat]
        memoizable = self._memoizable[seat]
        up_points = 0 if up is None else up.points
        action = _HIT if len(cards) == 1 else None
        while True:
            if action is not None:
                try:
                    card = draw()
                except ShoeExhaustedError:
                    card = self._reshuffle_and_draw()
                drawn.append(card)
                seen.append(card)
                cards.append(card)
                key = hand.total * 32 + hand.soft * 16 + card.points
                hand.total, hand.soft = steps.get(key) or self._learn_step(key, cards)
                hand.natural = is_natural(cards)
                if hand.total > 21:
                    hand.busted = hand.finished = True
                    return
                if action is _DOUBLE:
                    hand.finished = True
                    return
            bankroll = bankrolls[seat]
            situation = (len(cards), hand.total, hand.soft,
                         len(cards) == 2 and is_pair(cards, by_value=rules.pair_by_value),
                         hand.from_split, hand.split_aces, len(hands), bankroll >= hand.bet, up_points)
            known = remembered.get(situation) or self._ask_hand_rules(
                seat, situation, hand, len(hands), bankroll, up
            )
            natural, alone, legal, action = known
            if alone or (natural and index == 0 and not hand.from_split):
                hand.finished = True
                return
            if action is None:
                view = SeatView(rules, seat, _PLAY, tuple(cards), index, len(hands), up, self.bets[seat],
                                bankroll, seen, self.shuffles)
                action = self.bots[seat].decide(view, legal)
                if action not in legal:
                    raise IllegalActionError(f"cannot {action.value}: the rules do not allow it on this hand")
                if memoizable:
                    known[3] = action
            if action is _STAND:
                hand.finished = True
                return
            if action is _DOUBLE:
                bankrolls[seat] -= hand.bet
                hand.doubled = True
            elif action is _SPLIT:
                bankrolls[seat] -= hand.bet
                moved = cards.pop()
                aces = moved.rank.is_ace
                hand.split_aces = aces
                hand.from_split = True
                hands.insert(index + 1, _Hand(hand.bet, moved, self._first_value(moved), True, aces))
                hand.total, hand.soft = self._first_value(cards[0])
            elif action is not _HIT:
                hand.surrendered = hand.finished = True
                return

    def _dealer_turn(self, hole: bool, playing: list[int], insured: bool) -> None:
        """Turn the hole card (or complete a two-card hand when it matters), draw to the rule, settle."""
        dealer = self.dealer
        fates = self._fates
        live = False
        blackjack_matters = insured
        for seat in playing:
            for hand in self._hands[seat]:
                if hand.result is None:
                    key = (hand.natural << 4 | hand.from_split << 3 | hand.split_aces << 2 | hand.busted << 1
                           | hand.surrendered)
                    hand.blackjack, hand_live, awaits = fates.get(key) or self._ask_fate(key, hand)
                    live = live or hand_live
                    blackjack_matters = blackjack_matters or awaits
        if hole:
            self.seen.append(dealer[1])
        elif blackjack_matters:
            while len(dealer) < 2:
                dealer.append(self._show())
        dealer_blackjack = is_natural(dealer)
        if insured:
            self._settle_insurance(dealer_blackjack)
        total, soft = hand_total(dealer) if dealer else (0, False)
        if live and not dealer_blackjack:
            draws, steps = self._dealer_draws, self._steps
            draw, drawn, seen = self.shoe.draw, self.drawn, self.seen
            while draws[total << 1 | soft]:
                try:
                    card = draw()
                except ShoeExhaustedError:
                    card = self._reshuffle_and_draw()
                drawn.append(card)
                seen.append(card)
                dealer.append(card)
                key = total * 32 + soft * 16 + card.points
                total, soft = steps.get(key) or self._learn_step(key, dealer)
        self._settle_all(playing, dealer_blackjack, total)

    def _settle_all(self, playing: list[int], dealer_blackjack: bool, dealer_total: int) -> None:
        """Settle every open hand against the dealer, discard the cards, and check tournament goals."""
        rules = self.rules
        original_only = self._original_only[dealer_blackjack]
        remembered = self._outcomes
        results: list[Result] = []
        bankrolls, nets = self.bankrolls, self.nets
        for seat in playing:
            hands = self._hands[seat]
            outcomes: list[tuple[Result, Money]] = []
            for hand in hands:
                if hand.result is None:
                    stake = hand.bet * 2 if hand.doubled else hand.bet
                    blackjack = hand.blackjack
                    if blackjack is None:
                        blackjack = counts_as_blackjack(rules, hand.natural, hand.from_split, hand.split_aces)
                    key = (hand.total, blackjack, hand.bet, stake, hand.busted, hand.surrendered,
                           dealer_blackjack, dealer_total)
                    outcome = remembered.get(key)
                    if outcome is None:
                        outcome = remembered[key] = hand_outcome(rules, *key)
                    outcomes.append(outcome)
            if original_only:
                outcomes = seat_outcomes(outcomes, self.bets[seat], original_only)
            next_outcome = 0
            for hand in hands:
                result = hand.result
                if result is None:
                    result, net = outcomes[next_outcome]
                    next_outcome += 1
                    hand.finished = True
                    hand.result = result
                    bankrolls[seat] += (hand.bet * 2 if hand.doubled else hand.bet) + net
                    nets[seat] += net
                results.append(result)
        self.results = results
        self.shoe.discard(self.drawn)
        tournament = rules.tournament
        if tournament is not None:
            for seat, bankroll in enumerate(bankrolls):
                if self.active[seat] and (bankroll >= tournament.goal or bankroll < rules.min_bet):
                    self.active[seat] = False
