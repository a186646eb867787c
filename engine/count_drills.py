"""Counting drills as a casino tests a counter: true-count conversion, deck estimation, speed, a full table.

Each drill is dealt from a seeded RNG and judged here, so the game only draws and asks.

- True-count conversion (`true_count_spot`): a Hi-Lo running count and a discard tray at a
  random depth; the answer is the true count `engine.counting.Count` reads at the chosen
  precision and rounding. A tray drawn to scale is read to within `TRAY_SLACK_CARDS`, so
  any true count the cards left within that slack give is right too.
- Deck estimation (`deck_spot`): the tray (or the shoe) at a random depth; the answer is the
  decks left (or in the tray) to the half or quarter deck, right within half that unit.
- Speed counting (`speed_run`): a deck less a few face-down cards in flashes of 1 to 4 cards,
  the count asked at random stops and at the end; the deck's time steps down after a deck
  counted right (`next_deck_seconds`), and a deck in `CASINO_READY_SECONDS` is the mark.
- A full table (`TableDrill`): bots play whole rounds from the rules' shoe; the running
  count since the shuffle is asked after some rounds and always at the end of the shoe.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass
from enum import Enum
from fractions import Fraction

from engine import events as ev
from engine.bots import BotTable, NoviceBot, NoviceStyle
from engine.cards import Card, Rank, Suit, card
from engine.counting import HI_LO, Count, Precision, Rounding, decks_left_cards, running_count
from engine.drills import DrillError
from engine.i18n import N_, _, figure, ngettext, number
from engine.round import Round
from engine.rules import Rules
from engine.shoe import shuffle_cards

DECK = 52
"""Cards in a deck."""

TRAY_SLACK_CARDS = 6
"""How many cards either way a tray drawn to scale may be misread by (an eighth of a deck)."""

SHALLOWEST = 13
"""The fewest cards a drill's tray holds (a quarter deck)."""

DEEPEST = Fraction(3, 4)
"""The deepest a drill's tray goes, as a share of the shoe (a usual cut card)."""


class CountDrill(Enum):
    """The counting drills, by the word the setup and the saved results use."""

    TRUE_COUNT = "true-count"
    DECK_ESTIMATION = "deck-estimation"
    SPEED = "speed-count"
    FULL_TABLE = "full-table"

    @property
    def label(self) -> str:
        """The drill's name on screen."""
        return _(_LABELS[self])


_LABELS = {
    CountDrill.TRUE_COUNT: N_("True count conversion"),
    CountDrill.DECK_ESTIMATION: N_("Deck estimation"),
    CountDrill.SPEED: N_("Speed counting"),
    CountDrill.FULL_TABLE: N_("Counting at a full table"),
}


def _decks(value: float, figure: str) -> str:
    """'3.5 decks' (the figure already written): a fraction of decks reads as plural, as in English."""
    return ngettext("{decks} deck", "{decks} decks", int(value) if value == int(value) else 2).format(
        decks=figure)


def _cards(count: int) -> str:
    """'182 cards'."""
    return ngettext("{n} card", "{n} cards", count).format(n=number(count))


def _shoe(decks: int, rng: random.Random) -> list[Card]:
    """A freshly shuffled shoe of `decks` decks."""
    if decks < 1:
        raise DrillError("a counting drill needs a shoe of at least one deck")
    cards = [card(rank, suit) for _ in range(decks) for suit in Suit for rank in Rank]
    shuffle_cards(cards, rng)
    return cards


def _depth(decks: int, rng: random.Random) -> int:
    """Cards in the tray at a random depth: a quarter deck up to the usual cut card."""
    return rng.randint(SHALLOWEST, max(SHALLOWEST, int(decks * DECK * DEEPEST)))


# ---- true-count conversion ---------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class TrueCountSpot:
    """A running count with a tray at some depth, read as a true count at a precision and rounding.

    >>> spot = TrueCountSpot(6, 130, 9, Precision.HALF)
    >>> spot.cards_left, spot.true_count(), sorted(spot.accepted())
    (182, 2, [2])
    """

    decks: int
    discards: int
    """Cards in the discard tray."""
    running: int
    """The Hi-Lo running count of the cards in the tray."""
    precision: Precision
    rounding: Rounding = Rounding.FLOOR

    @property
    def cards_left(self) -> int:
        """Cards still in the shoe."""
        return self.decks * DECK - self.discards

    @property
    def divisor(self) -> Fraction:
        """The decks left the true count divides by, as `Count` estimates them at this precision."""
        return Fraction(decks_left_cards(self.cards_left, self.precision), DECK)

    def true_count(self, cards_left: int | None = None) -> int:
        """The true count `Count` reads with these cards left (default: the real number)."""
        left = self.cards_left if cards_left is None else cards_left
        count = Count(HI_LO, self.decks, precision=self.precision, rounding=self.rounding)
        count.place(2 * self.running, self.decks * DECK - left)
        value = count.true_count()
        assert value is not None  # a shoe of decks always has a true count
        return value

    def accepted(self) -> frozenset[int]:
        """Every true count that a reading of the tray within `TRAY_SLACK_CARDS` gives."""
        low = max(1, self.cards_left - TRAY_SLACK_CARDS)
        high = min(self.decks * DECK, self.cards_left + TRAY_SLACK_CARDS)
        return frozenset(self.true_count(left) for left in range(low, high + 1))

    def right(self, answer: int) -> bool:
        """Whether a typed true count is right: what the tray, read within the slack, gives.

        >>> spot = TrueCountSpot(2, 52, 5, Precision.EXACT)
        >>> [spot.right(n) for n in (3, 4, 5, 6)]
        [False, True, True, False]
        """
        return answer in self.accepted()

    def explain(self) -> str:
        """The working: 'running +9 over 3.5 decks left (182 cards) is +2, floored'."""
        left = round(float(self.divisor), 2)
        words = {"running": f"{self.running:+d}", "decks": _decks(left, figure(left)),
                 "cards": _cards(self.cards_left), "count": f"{self.true_count():+d}"}
        if self.rounding is Rounding.FLOOR:
            return _("running {running} over {decks} left ({cards}) is {count}, floored").format(**words)
        if self.rounding is Rounding.TRUNCATE:
            return _("running {running} over {decks} left ({cards}) is {count}, truncated").format(**words)
        return _("running {running} over {decks} left ({cards}) is {count}, rounded").format(**words)


def true_count_spot(
    decks: int, precision: Precision, rng: random.Random, rounding: Rounding = Rounding.FLOOR
) -> TrueCountSpot:
    """A shoe shuffled and dealt to a random depth: the tray's cards and their Hi-Lo running count.

    >>> spot = true_count_spot(6, Precision.HALF, random.Random(1))
    >>> 13 <= spot.discards <= 234, spot.precision
    (True, <Precision.HALF: 'half'>)

    Raises DrillError for a shoe under one deck.
    """
    shoe = _shoe(decks, rng)
    depth = _depth(decks, rng)
    return TrueCountSpot(decks, depth, int(running_count(HI_LO, shoe[:depth])), precision, rounding)


# ---- deck estimation ---------------------------------------------------------------------


class Reading(Enum):
    """What a deck-estimation spot shows, and what it asks."""

    TRAY_LEFT = "tray-left"
    """The tray is shown; the decks left in the shoe are asked (what a true count divides by)."""
    TRAY = "tray"
    """The tray is shown; the decks in it are asked."""
    SHOE = "shoe"
    """The shoe is shown; the decks left in it are asked."""

    @property
    def label(self) -> str:
        """The reading on screen."""
        if self is Reading.TRAY_LEFT:
            return _("the tray: decks left")
        return _("the tray: decks in it") if self is Reading.TRAY else _("the shoe: decks left")

    @property
    def shows_tray(self) -> bool:
        """Whether the tray is what is shown (else the shoe)."""
        return self is not Reading.SHOE


@dataclass(frozen=True, slots=True)
class DeckSpot:
    """A shoe at some depth, read for the decks left or in the tray to the half or quarter deck.

    >>> spot = DeckSpot(6, 200, Reading.TRAY_LEFT, Precision.HALF)
    >>> spot.figure, [spot.right(Fraction(x)) for x in ("2", "2.5", "2.25")]
    (Fraction(28, 13), [True, False, False])
    """

    decks: int
    discards: int
    reading: Reading
    unit: Precision
    """HALF or QUARTER: what the answer is given to."""

    @property
    def shown_cards(self) -> int:
        """The cards in what is shown: the tray's, or the shoe's."""
        return self.discards if self.reading.shows_tray else self.decks * DECK - self.discards

    @property
    def asked_cards(self) -> int:
        """The cards the answer is about: in the tray, or left in the shoe."""
        return self.discards if self.reading is Reading.TRAY else self.decks * DECK - self.discards

    @property
    def figure(self) -> Fraction:
        """The true figure in decks."""
        return Fraction(self.asked_cards, DECK)

    def right(self, answer: Fraction) -> bool:
        """Whether an answer is a whole number of units within half a unit of the true figure."""
        unit = Fraction(self.unit.cards, DECK)
        return (answer / unit).denominator == 1 and abs(answer - self.figure) <= unit / 2

    def explain(self) -> str:
        """The true figure: '2.46 decks left (128 cards)'."""
        figure = float(self.figure)
        words = {"decks": _decks(figure, number(figure, 2)), "cards": _cards(self.asked_cards)}
        if self.reading is Reading.TRAY:
            return _("{decks} in the tray ({cards})").format(**words)
        return _("{decks} left ({cards})").format(**words)


DECK_UNITS = (Precision.HALF, Precision.QUARTER)
"""What a deck estimate may be given to."""


def deck_spot(decks: int, reading: Reading, unit: Precision, rng: random.Random) -> DeckSpot:
    """A tray at a random depth (a quarter deck up to the usual cut card) for a deck estimate.

    Raises DrillError for a shoe under one deck or a unit other than the half or quarter deck.
    """
    if unit not in DECK_UNITS:
        raise DrillError("a deck estimate is given to the half or the quarter deck")
    if decks < 1:
        raise DrillError("a counting drill needs a shoe of at least one deck")
    return DeckSpot(decks, _depth(decks, rng), reading, unit)


_MIXED = re.compile(r"^(?:(\d+)\s+)?(\d+)\s*/\s*(\d+)$")


def parse_decks(text: str) -> Fraction:
    """A typed number of decks: '2.5', '2,75', '2 1/2', '3/4' or '3'.

    >>> [str(parse_decks(t)) for t in ("2.5", "2,75", "2 1/2", "3/4", " 3 ")]
    ['5/2', '11/4', '5/2', '3/4', '3']
    >>> parse_decks("two")
    Traceback (most recent call last):
    engine.drills.DrillError: "two" is not a number of decks: type it like 2.5 or 2 1/2.
    """
    cleaned = text.strip().replace(",", ".")
    mixed = _MIXED.match(cleaned)
    try:
        if mixed is not None:
            whole_part, top, bottom = int(mixed[1] or 0), int(mixed[2]), int(mixed[3])
            value = whole_part + Fraction(top, bottom)
        elif re.fullmatch(r"\d*\.?\d+|\d+\.", cleaned):
            value = Fraction(cleaned)
        else:
            raise ValueError(cleaned)
    except (ValueError, ZeroDivisionError):
        raise DrillError(_('"{text}" is not a number of decks: type it like 2.5 or 2 1/2.').format(
            text=text.strip())) from None
    if value > 20:
        raise DrillError(_("{decks} is more than any shoe holds.").format(
            decks=_decks(float(value), figure(value))))
    return value


# ---- speed counting ----------------------------------------------------------------------


SPEED_HIDDEN = 3
"""Cards of the deck left face down, so the deck's count is not always 0."""
SPEED_STOPS = 2
"""Random stops in a deck where the count is asked, besides the end."""
START_DECK_SECONDS = 60.0
"""How long the first deck takes."""
CASINO_READY_SECONDS = 30.0
"""A deck in this time is the usual casino-ready mark."""
FASTEST_DECK_SECONDS = 10.0
SLOWEST_DECK_SECONDS = 90.0
DECK_SECONDS_STEP = 5.0
"""How much faster the next deck goes after one counted right (and slower after a miss)."""
MAX_PER_FLASH = 4


@dataclass(frozen=True, slots=True)
class SpeedRun:
    """A deck (less its face-down cards) in flashes, and after which flashes the count is asked."""

    flashes: tuple[tuple[Card, ...], ...]
    stops: tuple[int, ...]
    """After how many flashes the count is asked, rising; the last is the deck's end."""

    def count_after(self, shown: int) -> int:
        """The Hi-Lo running count after the first `shown` flashes.

        >>> from engine.cards import parse_cards
        >>> SpeedRun((parse_cards("2 5"), parse_cards("K A")), (1, 2)).count_after(1)
        2
        """
        return int(running_count(HI_LO, [c for group in self.flashes[:shown] for c in group]))

    def cards_after(self, shown: int) -> int:
        """How many cards the first `shown` flashes hold."""
        return sum(len(group) for group in self.flashes[:shown])

    @property
    def cards(self) -> int:
        """The cards shown in all."""
        return self.cards_after(len(self.flashes))


def speed_run(per_flash: int, rng: random.Random, *, stops: int = SPEED_STOPS) -> SpeedRun:
    """One deck shuffled, its last `SPEED_HIDDEN` cards kept face down, the rest in flashes of `per_flash`.

    >>> run = speed_run(2, random.Random(5))
    >>> run.cards, len(run.flashes), run.stops[-1], len(run.stops)
    (49, 25, 25, 3)

    Raises DrillError for a flash of fewer than 1 or more than `MAX_PER_FLASH` cards.
    """
    if not 1 <= per_flash <= MAX_PER_FLASH:
        raise DrillError(f"a speed drill flashes 1 to {MAX_PER_FLASH} cards at once, not {per_flash}")
    deck = _shoe(1, rng)[: DECK - SPEED_HIDDEN]
    flashes = tuple(tuple(deck[at : at + per_flash]) for at in range(0, len(deck), per_flash))
    # Stops fall in the deck's middle stretch: never on the first few flashes, nor next to the end.
    inner = range(max(1, len(flashes) // 6), len(flashes) - max(1, len(flashes) // 6))
    chosen = sorted(rng.sample(inner, min(stops, len(inner))))
    return SpeedRun(flashes, (*chosen, len(flashes)))


def next_deck_seconds(seconds: float, counted_right: bool) -> float:
    """The next deck's time: `DECK_SECONDS_STEP` faster after a deck counted right, slower after a miss.

    >>> next_deck_seconds(60, True), next_deck_seconds(10, True), next_deck_seconds(30, False)
    (55.0, 10.0, 35.0)
    """
    if counted_right:
        return max(FASTEST_DECK_SECONDS, seconds - DECK_SECONDS_STEP)
    return min(SLOWEST_DECK_SECONDS, seconds + DECK_SECONDS_STEP)


def first_deck_seconds(best: float | None) -> float:
    """Where a sitting starts: a little slower than the person's best deck, else `START_DECK_SECONDS`.

    >>> first_deck_seconds(None), first_deck_seconds(25.0), first_deck_seconds(58.0)
    (60.0, 35.0, 60.0)
    """
    if best is None:
        return START_DECK_SECONDS
    return min(START_DECK_SECONDS, best + 2 * DECK_SECONDS_STEP)


# ---- counting at a full table ------------------------------------------------------------


TABLE_SEATS = (5, 6, 7)
"""How many seats a full-table drill may fill."""

ASK_SHARE = Fraction(1, 3)
"""The share of rounds after which the count is asked (besides the shoe's last round)."""


@dataclass(frozen=True, slots=True)
class TableRound:
    """One round the bots played: its events, the cards it showed, and the count asked after it."""

    events: tuple[ev.Event, ...]
    shown: tuple[Card, ...]
    """The cards shown face up, in the order they were shown."""
    running: int
    """The Hi-Lo running count since the shuffle, after this round."""
    last_of_shoe: bool
    """The cut card is out: the shoe is shuffled before the next round."""
    asked: bool
    """Whether the count is asked after this round."""


class TableDrill:
    """Bots at every seat play whole rounds from the rules' shoe; the count is asked now and then.

    >>> from engine import load_rules
    >>> drill = TableDrill(load_rules("vegas-strip"), 7, seed=2)
    >>> first = drill.next_round()
    >>> len(first.shown) >= 15, first.running == int(running_count(HI_LO, first.shown))
    (True, True)

    Raises DrillError for an endless shoe or a seat count outside `TABLE_SEATS`.
    """

    def __init__(self, rules: Rules, seats: int, *, seed: int | None = None) -> None:
        if rules.decks is None:
            raise DrillError(_("{rules} deals from an endless shoe, where there is no count to keep").format(
                rules=rules.name))
        if seats not in TABLE_SEATS:
            raise DrillError(_("a full table has {low} to {high} seats, not {seats}").format(
                low=TABLE_SEATS[0], high=TABLE_SEATS[-1], seats=seats))
        self.rules = rules
        self.rng = random.Random(seed)
        styles = list(NoviceStyle)
        bots = [NoviceBot(styles[i % len(styles)]) for i in range(seats)]
        self.bankroll = rules.min_bet * 100_000
        self.bots = BotTable(rules, bots, bankrolls=[self.bankroll] * seats, seed=self.rng.randrange(2**32))
        self.count = Count(HI_LO, rules.decks)

    def next_round(self) -> TableRound:
        """Play the next round (the bots' bankrolls topped up between shoes, so nobody goes broke)."""
        played: Round | None = self.bots.play_round()
        if played is None:  # every seat short of the minimum: a fresh table from the same shoe
            self.bots = BotTable(self.rules, self.bots.bots, bankrolls=[self.bankroll] * len(self.bots.bots),
                                 shoe=self.bots.table.shoe)
            played = self.bots.play_round()
            assert played is not None
        shown: list[Card] = []
        for event in played.events:
            if isinstance(event, ev.ShoeShuffled):
                self.count.reset()
                shown.clear()
            elif (seen := ev.card_shown(event)) is not None:
                shown.append(seen)
                self.count.add((seen,))
        last = self.bots.table.shoe.needs_shuffle
        asked = last or self.rng.random() < ASK_SHARE
        return TableRound(tuple(played.events), tuple(shown), int(self.count.running), last, asked)

