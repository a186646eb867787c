"""The stage: the table's view model and the tweens that move it (cards flying, chips sliding).

The presenter fills the stage in, event by event; the table view draws it. Geometry comes
from `game.layout`; durations scale with the chosen animation speed, and `hurry()` ends
every tween at once.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from engine import Card, Money, Round
from engine.i18n import _, language
from game import layout
from game.casino import DealerPace, tray_size
from game.presenter.cues import COLLECT_CUE
from game.presenter.models import CardSprite, ChipFlight, HandModel, PlateModel, Point, SeatModel
from game.settings import Settings
from game.sound import Sounds
from game.tween import Timer, ease_out

# how long the tweens take at normal speed, in seconds
CARD_FLIGHT = 0.32
CHIP_FLIGHT = 0.45
COLLECT_TIME = 0.45
RELAYOUT_TIME = 0.22


class Stage:
    """What the table shows and the tweens in flight; knows where things sit, not why they move."""

    @property
    def assets_key(self) -> tuple[object, ...]:
        """What cached drawings of the table depend on besides the view model (the deck colors, the words)."""
        return (self.settings.four_color, language())

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
        self.pace = DealerPace(7)
        """The dealer's varying pace under casino conditions (an RNG of its own: card jitter stays)."""
        self.positions = positions or layout.table_positions(seat_count)
        self.plates = plates or [
            # TRANSLATORS: the name plate of a seat nobody named ("Seat 3"), or of a lone player ("You")
            PlateModel(_("Seat {number}").format(number=i + 1) if seat_count > 1 else _("You"), (226, 76, 70))
            for i in range(seat_count)
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
        self.active: tuple[int, int] | None = None
        self.message = ""
        self.shuffle: Timer | None = None
        self.shoe_remaining: int | None = None
        self.shoe_size: int | None = None
        self.cut_index: int | None = None
        self.cut_card_out = False
        self.shoe_unknown = False
        """Whether the shoe's contents are not known (a replayed record keeps only its round's cards)."""
        self.discarded = 0
        self.hurrying = False
        self.clock = 0.0

    # ---- time ----------------------------------------------------------------------------

    @property
    def tweening(self) -> bool:
        """Whether any card, chip or shuffle is still moving."""
        return (
            bool(self.flights)
            or bool(self.collecting)
            or (self.shuffle is not None and not self.shuffle.done)
            or any(not c.move.done or (c.flip and not c.flip.done) for c in self._all_cards())
        )

    def hurry(self) -> None:
        """Finish every animation and present every event up to the barrier at once."""
        self.hurrying = True

    def duration(self, seconds: float) -> float:
        """A duration at the chosen animation speed."""
        if self.hurrying:
            return 0.0
        return seconds * self.settings.speed_factor * (self.pace.factor() if self.settings.casino else 1.0)

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
                self.discarded = tray_size(self.round.table.shoe, self.discarded)

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

    def home_pos(self, seat: int) -> tuple[int, int]:
        """Where a seat's chips go home: the bankroll panel for a lone person, else the seat's name plate."""
        if self.human_seats == frozenset({seat}):
            return layout.bankroll_rect().center
        return layout.plate_center(self.positions[seat])

    def name(self, seat: int) -> str:
        """Who sits in a seat, for messages."""
        if seat < len(self.plates):
            return self.plates[seat].name
        return _("Seat {number}").format(number=seat + 1)

    # ---- tweens ------------------------------------------------------------------------

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

    def _fly_home(self, seat: int, amount: Money, start: tuple[int, int]) -> None:
        model = self.seats[seat]
        model.homebound += amount

        def land() -> None:
            model.homebound = max(0, model.homebound - amount)

        self._fly_chips(amount, start, self.home_pos(seat), land)

    def _pay_home(self, seat: int, hand: HandModel, spot: tuple[int, int]) -> None:
        """The chips a settled hand got back slide from its circle to the bankroll (the circle is empty)."""
        paid, hand.stake = hand.stake, 0
        self._fly_home(seat, paid, spot)

    def discard(self, cards: list[tuple[CardSprite, tuple[int, int, int, int]]]) -> None:
        """Send cards (each with the rect it rests in now) face down to the discard tray."""
        dx, dy = layout.discard_rect().center
        w, h = layout.CARD_SIZE
        for n, (card, target) in enumerate(cards):
            card.start = self.card_place(card, target)
            card.dest = (dx - w / 2, dy - h / 2)
            card.move = Timer(self.duration(COLLECT_TIME), delay=self.duration(0.02 * n))
            card.code = None
            self.collecting.append(card)
        if cards:
            self.sounds.play(*COLLECT_CUE)

    # ---- collecting the table at the end of a round ------------------------------------

    def collect(self) -> None:
        """Send every card to the discard tray and the chips home; the table is cleared."""
        moving: list[tuple[CardSprite, tuple[int, int, int, int]]] = []
        for s, seat in enumerate(self.seats):
            for h_index, hand in enumerate(seat.hands):
                moving += [(card, self.card_target(s, h_index, i)) for i, card in enumerate(hand.cards)]
                if hand.stake:
                    self._fly_home(s, hand.stake, self.hand_chip_pos(s, h_index))
            if seat.insurance:
                self._fly_home(s, seat.insurance, self.insurance_pos(s))
                seat.insurance = 0
            seat.hands.clear()
        moving += [(card, self.dealer_target(i)) for i, card in enumerate(self.dealer)]
        self.dealer.clear()
        self.dealer_codes.clear()
        self.dealer_total = ""
        self.discard(moving)
        self.active = None
