"""The presenter: a cursor into the round's event log, turning each event into tweens and sounds.

The engine finishes a decision at once and appends its events; the presenter replays
them at animation speed into a small view model (card sprites, chip stacks, labels) that
the table view draws. Scenes set a `barrier` so the presenter stops before the events
that belong to the next scene, and `hurry()` finishes everything up to it at once (a click
during an animation skips it).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field

from engine import Card, Money, Result, Round, format_money, hand_value
from engine import events as ev
from game import layout
from game.settings import Settings
from game.sound import Sounds
from game.tween import Timer, ease_out

Point = tuple[float, float]

# how long things take at normal speed, in seconds
CARD_FLIGHT = 0.32
DEAL_HOLD = 0.26
DEALER_DRAW_HOLD = 0.8
FLIP_TIME = 0.3
REVEAL_HOLD = 0.75
CHIP_FLIGHT = 0.45
SETTLE_HOLD = 0.4
SHUFFLE_TIME = 1.4
COLLECT_TIME = 0.45
RELAYOUT_TIME = 0.22


@dataclass(slots=True)
class CardSprite:
    """A card on the table: its face (None while face down), where it flew from, and tweens."""

    code: str | None
    start: Point
    move: Timer
    flip: Timer | None = None
    dest: Point | None = None
    """Where the card is going when it is not going to its place in a hand (the discard tray)."""
    jitter: tuple[int, int] = (0, 0)


@dataclass(slots=True)
class HandModel:
    """What a hand shows: its cards, the chips in its circle, and its result."""

    cards: list[CardSprite] = field(default_factory=list)
    codes: list[Card] = field(default_factory=list)
    stake: Money = 0
    result: Result | None = None
    net: Money | None = None
    busted: bool = False
    surrendered: bool = False
    doubled: bool = False
    finished: bool = False

    def label(self) -> str:
        """The hand's total as a player reads it: 'soft 17', '21', 'BUST', 'BLACKJACK'."""
        if not self.codes:
            return ""
        value = hand_value(self.codes)
        if self.result is Result.BLACKJACK or (
            len(self.codes) == 2
            and value.total == 21
            and self.result is None
            and not self.busted
            and self.natural_possible
        ):
            return "BLACKJACK"
        if value.bust:
            return "BUST"
        return value.describe()

    natural_possible: bool = True
    """False for hands that came from a split (their 21 is not a blackjack)."""

    def result_text(self) -> str:
        """After settlement: '+15', 'PUSH', '-10', 'BLACKJACK +15', 'SURRENDER -5'."""
        if self.result is None or self.net is None:
            return ""
        if self.result is Result.PUSH:
            return "PUSH"
        amount = format_money(self.net, sign=True)
        if self.result is Result.BLACKJACK:
            return f"BLACKJACK {amount}"
        if self.result is Result.SURRENDER:
            return f"SURRENDER {amount}"
        if self.result is Result.BUST:
            return f"BUST {amount}"
        return amount


@dataclass(slots=True)
class SeatModel:
    """A seat as shown: hands, the bankroll the player sees, insurance."""

    bankroll: Money
    hands: list[HandModel] = field(default_factory=list)
    insurance: Money = 0
    insurance_net: Money | None = None
    homebound: Money = 0
    """Chips on their way back to the bankroll (counted in `bankroll` already)."""

    def shown_bankroll(self) -> Money:
        """The bankroll the player sees: settled chips still on the felt are not home yet."""
        on_felt = sum(h.stake for h in self.hands if h.result is not None)
        if self.insurance_net is not None:
            on_felt += self.insurance
        return self.bankroll - on_felt - self.homebound

    def shown_bet(self) -> Money:
        """What is at stake on the felt right now (unsettled hands and insurance)."""
        stakes = sum(h.stake for h in self.hands if h.result is None)
        return stakes + (self.insurance if self.insurance_net is None else 0)


@dataclass(slots=True)
class PlateModel:
    """A seat's name plate: who sits there, in which color, and whether they have left."""

    name: str
    color: tuple[int, int, int]
    person: bool = True
    left: bool = False


@dataclass(slots=True)
class ChipFlight:
    """Chips sliding across the felt; `then` runs when they land."""

    amount: Money
    start: Point
    end: Point
    timer: Timer
    then: Callable[[], None] | None = None


class Presenter:
    """Replays a round's events as animation; owns the view model the table draws."""

    @property
    def assets_key(self) -> tuple[object, ...]:
        """What cached drawings of the table depend on besides the view model (the deck colors)."""
        return (self.settings.four_color,)

    def __init__(
        self,
        seat_count: int,
        bankrolls: tuple[Money, ...],
        settings: Settings,
        sounds: Sounds,
        *,
        human_seats: frozenset[int] = frozenset({0}),
        positions: list[int] | None = None,
        plates: list[PlateModel] | None = None,
    ) -> None:
        self.settings = settings
        self.sounds = sounds
        self.human_seats = human_seats
        """The people's seats (their results are heard; a lone person's chips go to the bankroll panel)."""
        self.rng = random.Random(7)
        """Cosmetic randomness only (card jitter); never touches the cards."""
        self.positions = positions or layout.table_positions(seat_count)
        self.plates = plates or [
            PlateModel(f"Seat {i + 1}" if seat_count > 1 else "You", (226, 76, 70)) for i in range(seat_count)
        ]
        self.turn: int | None = None
        """The seat whose turn it is (to bet or to decide), as the scenes set it; None between turns."""
        self.pending_bet: Money = 0
        """Chips the turn's person has put in the circle but not yet bet (the name plate leaves them out)."""
        self.rooms = [layout.seat_room(p, self.positions) for p in self.positions]
        self.seats = [SeatModel(bankroll=b) for b in bankrolls]
        self.dealer: list[CardSprite] = []
        self.dealer_codes: list[Card | None] = []
        self.dealer_total: str = ""
        self.flights: list[ChipFlight] = []
        self.collecting: list[CardSprite] = []
        self.round: Round | None = None
        self.cursor = 0
        self.barrier: Callable[[ev.Event], bool] | None = None
        self.wait = 0.0
        self.hurrying = False
        self.active: tuple[int, int] | None = None
        self.message = ""
        self.shuffle: Timer | None = None
        self.shoe_remaining: int | None = None
        self.shoe_size: int | None = None
        self.cut_index: int | None = None
        self.cut_card_out = False
        self.discarded = 0
        self.dealer_phase = False
        """Whether the dealer's turn has begun (the hole card or a draw after the players)."""
        self.turns_seen = False
        """Whether play has reached a player's hand this round."""
        self.clock = 0.0

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

    @property
    def blocked(self) -> bool:
        """Whether the next event waits behind the barrier."""
        if self.round is None or self.cursor >= len(self.round.events):
            return False
        return self.barrier is not None and self.barrier(self.round.events[self.cursor])

    @property
    def animating(self) -> bool:
        """Whether any tween or hold is still running."""
        return (
            self.wait > 0
            or bool(self.flights)
            or bool(self.collecting)
            or (self.shuffle is not None and not self.shuffle.done)
            or any(not c.move.done or (c.flip and not c.flip.done) for c in self._all_cards())
        )

    @property
    def idle(self) -> bool:
        """Nothing is moving and nothing is left to present before the barrier."""
        return not self.animating and (self.pending == 0 or self.blocked)

    def hurry(self) -> None:
        """Finish every animation and present every event up to the barrier at once."""
        self.hurrying = True

    def duration(self, seconds: float) -> float:
        """A duration at the chosen animation speed."""
        return 0.0 if self.hurrying else seconds * self.settings.speed_factor

    # ---- the frame ---------------------------------------------------------------------

    def update(self, dt: float) -> None:
        """Advance tweens and present events whose time has come."""
        self.clock += dt
        if self.hurrying:
            self._finish_all()
            self.wait = 0.0
        self._tick(dt)
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

    def _tick(self, dt: float) -> None:
        for card in self._all_cards():
            card.move.advance(dt)
            if card.flip is not None:
                card.flip.advance(dt)
                if card.flip.done:
                    card.flip = None
        if self.shuffle is not None:
            self.shuffle.advance(dt)
        for flight in list(self.flights):
            flight.timer.advance(dt)
            if flight.timer.done:
                self.flights.remove(flight)
                if flight.then:
                    flight.then()
        if self.collecting and all(c.move.done for c in self.collecting):
            self.collecting.clear()
            if self.round is not None:
                self.discarded = getattr(self.round.table.shoe, "discarded", self.discarded)

    def _finish_all(self) -> None:
        for card in self._all_cards():
            card.move.finish()
            card.flip = None
        if self.shuffle is not None:
            self.shuffle.finish()
        while self.flights:
            flight = self.flights.pop(0)
            if flight.then:
                flight.then()
        self._tick(0.0)

    def _all_cards(self) -> list[CardSprite]:
        cards = [c for seat in self.seats for hand in seat.hands for c in hand.cards]
        return cards + self.dealer + self.collecting

    # ---- geometry ----------------------------------------------------------------------

    def card_target(self, seat: int, hand: int, index: int) -> tuple[int, int, int, int]:
        """The rect (x, y, w, h) where a seat's card rests."""
        hands = len(self.seats[seat].hands)
        rect = layout.card_rect(self.positions[seat], hand, hands, index, self.rooms[seat])
        return rect.x, rect.y, rect.w, rect.h

    def card_place(self, card: CardSprite, target: tuple[int, int, int, int]) -> Point:
        """Where a card is drawn now, between where it started and its target."""
        x, y = target[0] + card.jitter[0], target[1] + card.jitter[1]
        dest = card.dest if card.dest is not None else (x, y)
        t = ease_out(card.move.progress)
        return card.start[0] + (dest[0] - card.start[0]) * t, card.start[1] + (dest[1] - card.start[1]) * t

    def dealer_target(self, index: int) -> tuple[int, int, int, int]:
        """The rect where the dealer's card `index` rests."""
        rect = layout.dealer_card_rect(index, len(self.dealer))
        return rect.x, rect.y, rect.w, rect.h

    def hand_chip_pos(self, seat: int, hand: int) -> tuple[int, int]:
        """Centre of the chips under a hand."""
        hands = max(1, len(self.seats[seat].hands))
        return layout.hand_center(self.positions[seat], hand, hands, self.rooms[seat])

    def insurance_pos(self, seat: int) -> tuple[int, int]:
        """Where the seat's insurance bet sits (on the insurance line, toward the dealer)."""
        x, y = layout.seat_position(self.positions[seat])
        return x + 58, y - 20

    def _snapshot_seat(self, seat: int) -> dict[int, Point]:
        places: dict[int, Point] = {}
        for h, hand in enumerate(self.seats[seat].hands):
            for i, card in enumerate(hand.cards):
                places[id(card)] = self.card_place(card, self.card_target(seat, h, i))
        return places

    def _relayout(self, cards: list[CardSprite], places: dict[int, Point]) -> None:
        for card in cards:
            if id(card) in places:
                card.start = places[id(card)]
                card.move = Timer(self.duration(RELAYOUT_TIME))

    def _new_card(self, code: str | None, *, delay: float = 0.0) -> CardSprite:
        w, h = layout.CARD_SIZE
        mx, my = layout.shoe_mouth()
        jitter = (self.rng.randint(-2, 2), self.rng.randint(-2, 2))
        return CardSprite(
            code, (mx - w / 2, my - h / 2), Timer(self.duration(CARD_FLIGHT), delay=delay), jitter=jitter
        )

    def _fly_chips(
        self,
        amount: Money,
        start: tuple[int, int],
        end: tuple[int, int],
        then: Callable[[], None] | None = None,
    ) -> None:
        if amount <= 0:
            if then:
                then()
            return
        self.flights.append(ChipFlight(amount, start, end, Timer(self.duration(CHIP_FLIGHT)), then))

    # ---- collecting the table at the end of a round ------------------------------------

    def collect(self) -> None:
        """Send every card to the discard tray and the chips home; the table is cleared."""
        dx, dy = layout.discard_rect().center
        w, h = layout.CARD_SIZE
        moving: list[CardSprite] = []
        for s, seat in enumerate(self.seats):
            for h_index, hand in enumerate(seat.hands):
                for i, card in enumerate(hand.cards):
                    card.start = self.card_place(card, self.card_target(s, h_index, i))
                    moving.append(card)
                if hand.stake:
                    self._fly_home(s, hand.stake, self.hand_chip_pos(s, h_index))
            if seat.insurance:
                self._fly_home(s, seat.insurance, self.insurance_pos(s))
                seat.insurance = 0
            seat.hands.clear()
        for i, card in enumerate(self.dealer):
            card.start = self.card_place(card, self.dealer_target(i))
            moving.append(card)
        self.dealer.clear()
        self.dealer_codes.clear()
        self.dealer_total = ""
        for n, card in enumerate(moving):
            card.dest = (dx - w / 2, dy - h / 2)
            card.move = Timer(self.duration(COLLECT_TIME), delay=self.duration(0.02 * n))
            if card.code is not None:
                card.code = None
        self.collecting = moving
        self.active = None
        if moving:
            self.sounds.play("card_slide", 0.6)

    def _fly_home(self, seat: int, amount: Money, start: tuple[int, int]) -> None:
        model = self.seats[seat]
        model.homebound += amount

        def land() -> None:
            model.homebound = max(0, model.homebound - amount)

        self._fly_chips(amount, start, self.home_pos(seat), land)

    def home_pos(self, seat: int) -> tuple[int, int]:
        """Where a seat's chips go home: the bankroll panel for a lone person, else the seat's name plate."""
        if self.human_seats == frozenset({seat}):
            return layout.bankroll_rect().center
        return layout.plate_center(self.positions[seat])

    def name(self, seat: int) -> str:
        """Who sits in a seat, for messages."""
        return self.plates[seat].name if seat < len(self.plates) else f"Seat {seat + 1}"

    # ---- one method per event ----------------------------------------------------------

    def _present(self, event: ev.Event) -> float:
        handler = getattr(self, "on_" + _snake(type(event).__name__), None)
        hold = handler(event) if handler else 0.0
        if isinstance(event, ev.CardDealt | ev.DealerCardDealt | ev.ShoeShuffled):
            self.sync_shoe()
        return float(hold)

    def on_shoe_shuffled(self, e: ev.ShoeShuffled) -> float:
        self.shuffle = Timer(self.duration(SHUFFLE_TIME))
        self.discarded = 0
        self.message = (
            "The shoe ran out: shuffling the discards back in." if e.mid_round else "Shuffling a fresh shoe."
        )
        self.sounds.play("shuffle")
        return SHUFFLE_TIME

    def on_round_started(self, e: ev.RoundStarted) -> float:
        self.message = "Place your bets."
        return 0.0

    def on_bet_placed(self, e: ev.BetPlaced) -> float:
        seat = self.seats[e.seat]
        if not seat.hands:
            seat.hands.append(HandModel())
        seat.hands[0].stake = e.amount
        seat.bankroll = e.bankroll
        self.sounds.play("chips_stack", 0.7)
        return 0.05

    def on_card_dealt(self, e: ev.CardDealt) -> float:
        seat = self.seats[e.seat]
        while len(seat.hands) <= e.hand:
            seat.hands.append(HandModel())
        hand = seat.hands[e.hand]
        hand.cards.append(self._new_card(e.card.code))
        hand.codes.append(e.card)
        self.sounds.play("card_slide")
        return DEAL_HOLD

    def on_dealer_card_dealt(self, e: ev.DealerCardDealt) -> float:
        places = {id(c): self.card_place(c, self.dealer_target(i)) for i, c in enumerate(self.dealer)}
        self.dealer.append(self._new_card(e.card.code if e.face_up else None))
        self.dealer_codes.append(e.card if e.face_up else None)
        self._relayout(self.dealer[:-1], places)
        self.sounds.play("card_slide")
        self._update_dealer_total()
        if self.turns_seen:
            self.dealer_phase = True
            self.active = None
        if self.dealer_phase:
            self.message = f"Dealer draws {_card_name(e.card)}."
            return DEALER_DRAW_HOLD
        return DEAL_HOLD

    def _update_dealer_total(self) -> None:
        known = [c for c in self.dealer_codes if c is not None]
        if not known:
            self.dealer_total = ""
            return
        value = hand_value(known)
        self.dealer_total = "BUST" if value.bust else value.describe()

    def on_surrender_offered(self, e: ev.SurrenderOffered) -> float:
        up = self.dealer_codes[0] if self.dealer_codes else None
        self.message = f"Dealer shows {_card_name(up)}. Surrender early?" if up else "Surrender early?"
        return 0.0

    def on_insurance_offered(self, e: ev.InsuranceOffered) -> float:
        who = "" if self.human_seats == frozenset({e.seat}) else f"{self.name(e.seat)}: "
        self.message = who + (
            "Dealer shows an ace. Even money?" if e.even_money else "Dealer shows an ace. Insurance?"
        )
        return 0.0

    def on_insurance_taken(self, e: ev.InsuranceTaken) -> float:
        seat = self.seats[e.seat]
        seat.bankroll = e.bankroll

        def land() -> None:
            seat.insurance = e.amount

        self._fly_chips(e.amount, self.home_pos(e.seat), self.insurance_pos(e.seat), land)
        self.sounds.play("chip_click")
        self.message = f"Insurance taken: {format_money(e.amount)}."
        return 0.3

    def on_insurance_declined(self, e: ev.InsuranceDeclined) -> float:
        self.message = "No even money." if e.even_money else "No insurance."
        return 0.15

    def on_even_money_taken(self, e: ev.EvenMoneyTaken) -> float:
        self.message = "Even money: paid 1 to 1."
        return 0.2

    def on_dealer_peeked(self, e: ev.DealerPeeked) -> float:
        self.message = "Dealer checks for blackjack... " + ("Blackjack!" if e.blackjack else "nothing.")
        return 0.7

    def on_insurance_settled(self, e: ev.InsuranceSettled) -> float:
        seat = self.seats[e.seat]
        spot = self.insurance_pos(e.seat)
        if e.net > 0:

            def pay() -> None:
                seat.insurance += e.net
                seat.insurance_net = e.net
                seat.bankroll = e.bankroll

            self._fly_chips(e.net, layout.dealer_bank_pos(), spot, pay)
            self.sounds.play("chips_stack")
        else:
            seat.insurance = 0
            seat.insurance_net = e.net
            seat.bankroll = e.bankroll
            self._fly_chips(e.amount, spot, layout.dealer_bank_pos())
            self.sounds.play("chip_click")
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
        if self.active == (e.seat, e.hand):
            self.active = (e.seat, e.hand)
        self.sounds.play("chips_stack")
        self.message = (
            "Split: two hands." if len(seat.hands) == 2 else f"Split again: {len(seat.hands)} hands."
        )
        return 0.35

    def on_hand_doubled(self, e: ev.HandDoubled) -> float:
        seat = self.seats[e.seat]
        hand = seat.hands[e.hand]
        seat.bankroll = e.bankroll
        hand.doubled = True

        def land() -> None:
            hand.stake += e.amount

        self._fly_chips(e.amount, self.home_pos(e.seat), self.hand_chip_pos(e.seat, e.hand), land)
        self.sounds.play("chips_stack")
        self.message = "Double down: one more card."
        return 0.3

    def on_hand_surrendered(self, e: ev.HandSurrendered) -> float:
        hand = self.seats[e.seat].hands[e.hand]
        hand.surrendered = True
        hand.finished = True
        self.message = "Surrendered: half the bet comes back."
        return 0.3

    def on_hand_busted(self, e: ev.HandBusted) -> float:
        hand = self.seats[e.seat].hands[e.hand]
        hand.busted = True
        hand.finished = True
        self.message = f"Bust with {e.total}."
        self.sounds.play("lose", 0.6)
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
        self.message = f"Dealer turns over {_card_name(e.card)}: {self.dealer_total}."
        self.sounds.play("card_flip")
        return REVEAL_HOLD

    def on_dealer_finished(self, e: ev.DealerFinished) -> float:
        self.active = None
        self.dealer_phase = True
        if e.blackjack:
            self.message = "Dealer has blackjack."
        elif e.bust:
            self.message = f"Dealer busts with {e.total}."
        else:
            self.message = f"Dealer stands on {'soft ' if e.soft and e.total < 21 else ''}{e.total}."
        return 0.5

    def on_hand_settled(self, e: ev.HandSettled) -> float:
        seat = self.seats[e.seat]
        hand = seat.hands[e.hand]
        hand.result = e.result
        hand.net = e.net
        hand.finished = True
        spot = self.hand_chip_pos(e.seat, e.hand)
        if e.net > 0:

            def pay() -> None:
                hand.stake = e.paid
                seat.bankroll = e.bankroll

            self._fly_chips(e.net, layout.dealer_bank_pos(), spot, pay)
        else:
            lost = hand.stake - e.paid
            hand.stake = e.paid
            seat.bankroll = e.bankroll
            self._fly_chips(lost, spot, layout.dealer_bank_pos())
        if e.seat in self.human_seats:
            cue = {Result.BLACKJACK: "blackjack", Result.WIN: "win", Result.PUSH: "chip_click"}.get(
                e.result, "lose"
            )
            self.sounds.play(cue)
        return SETTLE_HOLD

    def on_round_ended(self, e: ev.RoundEnded) -> float:
        for seat, bankroll in zip(self.seats, e.bankrolls, strict=False):
            seat.bankroll = bankroll
        self.active = None
        return 0.0

    def on_tournament_ended(self, e: ev.TournamentEnded) -> float:
        self.message = (
            f"{self.name(e.seat)} doubled up: {format_money(e.bankroll)}!"
            if e.won
            else f"{self.name(e.seat)} is out: {format_money(e.bankroll)} is under the minimum bet."
        )
        return 0.5


def _snake(name: str) -> str:
    return "".join("_" + c.lower() if c.isupper() else c for c in name).lstrip("_")


_RANK_NAMES = {"A": "an ace", "T": "a ten", "J": "a jack", "Q": "a queen", "K": "a king", "8": "an 8"}


def _card_name(card: Card | None) -> str:
    """'an ace', 'a king', 'a 7'."""
    if card is None:
        return "a card"
    code = card.rank.value
    return _RANK_NAMES.get(code, f"a {code}")


def card_name(card: Card | None) -> str:
    """How the dealer names a card: 'an ace', 'a king', 'a 7'."""
    return _card_name(card)
