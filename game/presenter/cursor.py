"""The presenter: a cursor into the round's event log, turning each event into tweens and sounds.

The engine finishes a decision at once and appends its events; the presenter replays
them at animation speed onto its stage (card sprites, chip stacks, labels) that the table
view draws. Scenes set a `barrier` so the presenter stops before the events that belong
to the next scene, and `hurry()` finishes everything up to it at once (a click during an
animation skips it). The words come from `messages`, the sounds from `cues`.
"""

from __future__ import annotations

from collections.abc import Callable

from engine import Money, Result, Round, hand_value, is_natural
from engine import events as ev
from engine.i18n import _
from engine.payout import hand_outcome, insurance_amount
from game import layout
from game.casino import tray_size
from game.presenter import messages
from game.presenter.cues import event_cue
from game.presenter.models import HandModel
from game.presenter.stage import Stage
from game.tween import Timer

# how long things take at normal speed, in seconds
DEAL_HOLD = 0.26
DEALER_DRAW_HOLD = 0.8
FLIP_TIME = 0.3
REVEAL_HOLD = 0.75
SETTLE_HOLD = 0.4
SHUFFLE_TIME = 1.4


class Presenter(Stage):
    """Replays a round's events as animation onto the stage the table draws."""

    # The cursor's state; each value is immutable, so the class holds the defaults and
    # `Stage.__init__` serves as the constructor.
    cursor = 0
    """How many of the round's events have been presented."""
    barrier: Callable[[ev.Event], bool] | None = None
    """Events the scene in charge does not want presented yet (it stops before the first)."""
    wait = 0.0
    """Seconds before the next event is presented."""
    dealer_phase = False
    """Whether the dealer's turn has begun (the hole card or a draw after the players)."""
    turns_seen = False
    """Whether play has reached a player's hand this round."""
    dealer_blackjack = False
    """Whether the engine said the dealer holds a natural (by its peek, or the finished hand)."""
    after_flip = ""
    """What the dealer says once the hole card has turned over (not while it is still face down)."""
    bets_seen = False
    """Whether a bet of this round has been shown (cards dealt after one are the deal, not first cards)."""

    # ---- the round and the cursor ------------------------------------------------------

    def start_round(self, rnd: Round) -> None:
        """Follow a new round from its first event; clears what the last round left."""
        self.round = rnd
        self.cursor = 0
        self.wait = 0.0
        self.active = None
        self.dealer.clear()
        self.dealer_codes.clear()
        self.dealer_total = ""
        self.dealer_phase = False
        self.turns_seen = False
        self.dealer_blackjack = False
        self.after_flip = ""
        self.bets_seen = False
        for index, seat in enumerate(self.seats):
            seat.hands.clear()
            seat.insurance = 0
            seat.insurance_net = None
            seat.bankroll = rnd.table.bankroll(index)
        self.sync_shoe(pending_cards=False)

    def sync_shoe(self, *, pending_cards: bool = True) -> None:
        """Read the shoe's gauge from the engine, counting back cards not yet shown."""
        if self.round is None:
            return
        shoe = self.round.table.shoe
        remaining = getattr(shoe, "remaining", None)
        if isinstance(remaining, int) and pending_cards:
            remaining += sum(
                1
                for e in self.round.events[self.cursor :]
                if isinstance(e, ev.CardDealt | ev.DealerCardDealt)
            )
        self.shoe_remaining = remaining if isinstance(remaining, int) else None
        size = getattr(shoe, "size", None)
        self.shoe_size = size if isinstance(size, int) else None
        cut = getattr(shoe, "cut_index", None)
        self.cut_index = cut if isinstance(cut, int) else None
        self.cut_card_out = bool(getattr(shoe, "cut_card_out", False))

    @property
    def pending(self) -> int:
        """Events not yet presented."""
        return len(self.round.events) - self.cursor if self.round else 0

    def has_shown(self, rnd: Round) -> bool:
        """Whether every event of this round has been presented (its settlement included)."""
        return self.round is rnd and self.cursor >= len(rnd.events)

    @property
    def blocked(self) -> bool:
        """Whether the next event waits behind the barrier."""
        if self.round is None or self.cursor >= len(self.round.events):
            return False
        return self.barrier is not None and self.barrier(self.round.events[self.cursor])

    @property
    def animating(self) -> bool:
        """Whether any tween or hold is still running."""
        return self.wait > 0 or self.tweening

    @property
    def idle(self) -> bool:
        """Nothing is moving and nothing is left to present before the barrier."""
        return not self.animating and (self.pending == 0 or self.blocked)

    # ---- the frame ---------------------------------------------------------------------

    def update(self, dt: float) -> None:
        """Advance tweens and present events whose time has come."""
        self.clock += dt
        if self.hurrying:
            self._finish_all()
            self.wait = 0.0
        self._tick(dt)
        self._say_after_flip()
        self.wait = max(0.0, self.wait - dt)
        while self.wait <= 0 and self.round is not None and self.cursor < len(self.round.events):
            event = self.round.events[self.cursor]
            if self.barrier is not None and self.barrier(event):
                break
            self.cursor += 1
            self.wait += self.duration(self._present(event))
            if self.hurrying:
                self._finish_all()
        if self.hurrying:
            self._finish_all()
            self.wait = 0.0
            self.hurrying = False
        self._say_after_flip()

    def _say_after_flip(self) -> None:
        """Say what the turned hole card shows, once it has turned."""
        if self.after_flip and all(card.flip is None for card in self.dealer):
            self.message, self.after_flip = self.after_flip, ""

    # ---- one method per event ----------------------------------------------------------

    def _present(self, event: ev.Event) -> float:
        self._say_after_flip()
        handler = getattr(self, "on_" + _snake(type(event).__name__), None)
        hold = handler(event) if handler else 0.0
        cue = event_cue(event, self.human_seats)
        if cue is not None:
            self.sounds.play(*cue)
        if isinstance(event, ev.CardDealt | ev.DealerCardDealt | ev.ShoeShuffled):
            self.sync_shoe()
        return float(hold)

    def on_shoe_shuffled(self, e: ev.ShoeShuffled) -> float:
        self.shuffle = Timer(self.duration(SHUFFLE_TIME))
        self.discarded = 0 if e.mid_round or self.round is None else tray_size(self.round.table.shoe, 0)
        self.message = messages.shuffled(e)
        return SHUFFLE_TIME

    def on_round_started(self, e: ev.RoundStarted) -> float:
        self.message = messages.place_bets()
        return 0.0

    def on_bet_placed(self, e: ev.BetPlaced) -> float:
        seat = self.seats[e.seat]
        if not seat.hands:
            seat.hands.append(HandModel())
        seat.hands[0].stake = e.amount
        seat.bankroll = e.bankroll
        self.bets_seen = True
        return 0.05

    def on_card_dealt(self, e: ev.CardDealt) -> float:
        seat = self.seats[e.seat]
        while len(seat.hands) <= e.hand:
            seat.hands.append(HandModel())
        hand = seat.hands[e.hand]
        hand.cards.append(self._new_card(e.card.code))
        hand.codes.append(e.card)
        self._say_dealing()
        return DEAL_HOLD

    def _say_dealing(self) -> None:
        """The betting words give way once cards are dealt after the bets (a replay shows both at once)."""
        if self.bets_seen and not self.turns_seen and not self.dealer_phase:
            self.message = _(messages.DEALING)

    def on_dealer_card_dealt(self, e: ev.DealerCardDealt) -> float:
        places = {id(c): self.card_place(c, self.dealer_target(i)) for i, c in enumerate(self.dealer)}
        self.dealer.append(self._new_card(e.card.code if e.face_up else None))
        self.dealer_codes.append(e.card if e.face_up else None)
        self._relayout(self.dealer[:-1], places)
        self._update_dealer_total()
        self._say_dealing()
        if self.turns_seen:
            self.dealer_phase = True
            self.active = None
        if self.dealer_phase:
            self.message = messages.dealer_draws(e.card)
            return DEALER_DRAW_HOLD
        return DEAL_HOLD

    def _update_dealer_total(self) -> None:
        shown = [c for c in self.dealer_codes if c is not None]
        # a dealer's two-card 21 is a natural even before the engine's word comes (no hole card: it is drawn)
        natural = self.dealer_blackjack or is_natural(shown)
        natural_shown = natural and len(shown) == len(self.dealer_codes)
        self.dealer_total = messages.dealer_total(shown, blackjack=natural_shown)

    def on_surrender_offered(self, e: ev.SurrenderOffered) -> float:
        self.message = messages.surrender_offered(self.dealer_codes[0] if self.dealer_codes else None)
        return 0.0

    def insurance_cost(self, seat: int) -> Money:
        """What insurance costs a seat now: half its bet (0 outside a round)."""
        return insurance_amount(self.round.bet(seat)) if self.round is not None else 0

    def on_insurance_offered(self, e: ev.InsuranceOffered) -> float:
        who = None if self.human_seats == frozenset({e.seat}) else self.name(e.seat)
        self.message = messages.insurance_offered(e, who, self.insurance_cost(e.seat))
        return 0.0

    def on_insurance_taken(self, e: ev.InsuranceTaken) -> float:
        seat = self.seats[e.seat]
        seat.bankroll = e.bankroll

        def land() -> None:
            seat.insurance = e.amount

        self._fly_chips(e.amount, self.home_pos(e.seat), self.insurance_pos(e.seat), land)
        self.message = messages.insurance_taken(e)
        return 0.3

    def on_insurance_declined(self, e: ev.InsuranceDeclined) -> float:
        self.message = messages.insurance_declined(e)
        return 0.15

    def on_even_money_taken(self, e: ev.EvenMoneyTaken) -> float:
        self.message = _(messages.EVEN_MONEY_PAID)
        return 0.2

    def on_dealer_peeked(self, e: ev.DealerPeeked) -> float:
        self.dealer_blackjack = e.blackjack
        self.message = messages.peeked(e)
        return 0.7

    def on_insurance_settled(self, e: ev.InsuranceSettled) -> float:
        seat = self.seats[e.seat]
        spot = self.insurance_pos(e.seat)
        seat.bankroll = e.bankroll
        if e.net > 0:
            seat.incoming += e.amount + e.net  # the bet and its winnings are in the bankroll, not home yet

            def pay() -> None:
                seat.incoming -= e.amount + e.net
                seat.insurance, seat.insurance_net = 0, e.net
                self._fly_home(e.seat, e.amount + e.net, spot)

            self._fly_chips(e.net, layout.dealer_bank_pos(), spot, pay)
        else:
            seat.insurance = 0
            seat.insurance_net = e.net
            self._fly_chips(e.amount, spot, layout.dealer_bank_pos())
        return SETTLE_HOLD

    def on_turn_started(self, e: ev.TurnStarted) -> float:
        self.active = (e.seat, e.hand)
        self.turns_seen = True
        return 0.1

    def on_hand_split(self, e: ev.HandSplit) -> float:
        seat = self.seats[e.seat]
        places = self._snapshot_seat(e.seat)
        old = seat.hands[e.hand]
        card = old.cards.pop()
        old.codes.pop()
        old.natural_possible = False
        new = HandModel(cards=[card], codes=[e.card], stake=e.amount, natural_possible=False)
        seat.hands.insert(e.new_hand, new)
        seat.bankroll = e.bankroll
        self._relayout([c for h in seat.hands for c in h.cards], places)
        self.message = messages.split(len(seat.hands))
        return 0.35

    def on_hand_doubled(self, e: ev.HandDoubled) -> float:
        seat = self.seats[e.seat]
        hand = seat.hands[e.hand]
        seat.bankroll = e.bankroll
        hand.doubled = True

        def land() -> None:
            hand.stake += e.amount

        self._fly_chips(e.amount, self.home_pos(e.seat), self.hand_chip_pos(e.seat, e.hand), land)
        self.message = _(messages.DOUBLED)
        return 0.3

    def on_hand_surrendered(self, e: ev.HandSurrendered) -> float:
        seat = self.seats[e.seat]
        hand = seat.hands[e.hand]
        hand.surrendered = True
        hand.finished = True
        self.message = _(messages.SURRENDERED)
        # The dealer takes the cards at once, and half the bet with them, the other half going
        # home; the engine books it with the other hands at the end of the round (on_hand_settled).
        self.discard([(card, self.card_target(e.seat, e.hand, i)) for i, card in enumerate(hand.cards)])
        hand.cards.clear()
        if self.round is not None and not self._dealer_may_have_blackjack():
            _paid, net = hand_outcome(
                self.round.rules, 0, False, hand.stake, hand.stake, False, True, False, 0)
            spot = self.hand_chip_pos(e.seat, e.hand)
            hand.result, hand.net = Result.SURRENDER, net
            seat.refunded += hand.stake + net
            self._fly_chips(-net, spot, layout.dealer_bank_pos())
            hand.stake += net
            self._pay_home(e.seat, hand, spot)
        return 0.5

    def _dealer_may_have_blackjack(self) -> bool:
        """Whether the dealer's blackjack is still possible (an ace or ten up, no peek yet): a late
        surrender then loses the whole bet to it, so the dealer pays nothing back before the end."""
        up = self.dealer_codes[0] if self.dealer_codes else None
        if up is None or hand_value([up]).total < 10:
            return False
        shown = self.round.events[: self.cursor] if self.round is not None else []
        return not any(isinstance(e, ev.DealerPeeked) for e in shown)

    def on_hand_busted(self, e: ev.HandBusted) -> float:
        hand = self.seats[e.seat].hands[e.hand]
        hand.busted = True
        hand.finished = True
        self.message = messages.busted(e)
        return 0.5

    def on_hand_stood(self, e: ev.HandStood) -> float:
        self.seats[e.seat].hands[e.hand].finished = True
        return 0.12

    def on_hole_card_revealed(self, e: ev.HoleCardRevealed) -> float:
        self.active = None
        self.dealer_phase = True
        if len(self.dealer) >= 2:
            card = self.dealer[1]
            card.code = e.card.code
            card.flip = Timer(self.duration(FLIP_TIME))
            self.dealer_codes[1] = e.card
        self._update_dealer_total()
        self.after_flip = messages.hole_card_revealed(e.card, self.dealer_total)
        return REVEAL_HOLD

    def on_dealer_finished(self, e: ev.DealerFinished) -> float:
        self.active = None
        self.dealer_phase = True
        self.dealer_blackjack = e.blackjack
        self._update_dealer_total()
        self.message = messages.dealer_finished(e)
        return 0.5

    def on_hand_settled(self, e: ev.HandSettled) -> float:
        seat = self.seats[e.seat]
        hand = seat.hands[e.hand]
        seat.bankroll = e.bankroll
        if hand.surrendered and hand.result is not None:
            # the dealer took half and gave half back at the surrender: the engine only books it now
            seat.refunded -= e.paid
            hand.net = e.net
            return 0.0
        hand.result = e.result
        hand.net = e.net
        hand.finished = True
        spot = self.hand_chip_pos(e.seat, e.hand)
        if e.net > 0:
            seat.incoming += e.net

            def pay() -> None:
                seat.incoming -= e.net
                hand.stake = e.paid
                self._pay_home(e.seat, hand, spot)

            self._fly_chips(e.net, layout.dealer_bank_pos(), spot, pay)
        else:
            lost = hand.stake - e.paid
            hand.stake = e.paid
            self._fly_chips(lost, spot, layout.dealer_bank_pos())
            self._pay_home(e.seat, hand, spot)
        return SETTLE_HOLD

    def on_round_ended(self, e: ev.RoundEnded) -> float:
        for seat, bankroll in zip(self.seats, e.bankrolls, strict=False):
            seat.bankroll = bankroll
        self.active = None
        return 0.0

    def on_tournament_ended(self, e: ev.TournamentEnded) -> float:
        self.message = messages.tournament_ended(e, self.name(e.seat))
        return 0.5


def _snake(name: str) -> str:
    return "".join("_" + c.lower() if c.isupper() else c for c in name).lstrip("_")
