"""Card-counting systems as data, and the one count object everything that counts reads.

A `CountSystem` is a tag per card (whole or half points), whether it is balanced, and for
an unbalanced count where its running count starts and the key and pivot counts. `Count`
keeps a running count under a system and reads it as a counter does: the true count is
the running count per deck left, the decks estimated to the whole, half or quarter deck
(or exactly), the result floored, truncated or rounded. An unbalanced system is played
off its running count itself (`Count.count`), as its books teach. The counter bot, the
simulator's kernel, the table's count panel and the count drill all count through here.

Custom systems come from TOML files read the way rules files are (`engine.rulesets`):
whatever a file holds, reading it ends in a `CountSystem` or in one `CountSystemError`.
"""

from __future__ import annotations

import itertools
import math
import os
import tomllib
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from enum import Enum
from fractions import Fraction
from pathlib import Path
from typing import TYPE_CHECKING, Any

from engine.cards import Card
from engine.errors import RulesError
from engine.i18n import _
from engine.rulesets import _read_file, _shown

if TYPE_CHECKING:
    from engine.tally import Tally

DECK_MAKEUP: tuple[int, ...] = (4, 4, 4, 4, 4, 4, 4, 4, 4, 16)
"""How many cards of each points value one deck holds: aces, twos ... nines, then tens."""

MAX_TAG = 5
"""The largest tag (either sign) a system may give a card: the published ones stop at 3."""


class CountSystemError(RulesError):
    """A count system is unknown, or its file is broken: the message is one sentence naming it."""


def _balanced(tags: Sequence[Fraction], red_seven: Fraction | None) -> bool:
    return deck_sum(tags, red_seven) == 0


def deck_sum(tags: Sequence[Fraction], red_seven: Fraction | None = None) -> Fraction:
    """What a whole deck counts to under these tags (red sevens two of the four sevens when given).

    >>> deck_sum(SYSTEMS["ko"].tags)
    Fraction(4, 1)
    """
    total = sum((tag * n for tag, n in zip(tags, DECK_MAKEUP, strict=True)), Fraction(0))
    if red_seven is not None:
        total += 2 * (red_seven - tags[6])
    return total


@dataclass(frozen=True, slots=True)
class CountSystem:
    """A card-counting system: a tag per rank, and how its count is read.

    >>> SYSTEMS["hi-lo"].balanced, SYSTEMS["ko"].balanced
    (True, False)
    """

    name: str
    """How people write it: 'Hi-Lo', 'KO', 'Hi-Opt II'."""
    key: str
    """The command-line name: lower case with hyphens ('hi-lo', 'omega-ii')."""
    tags: tuple[Fraction, ...]
    """Ten tags by card points: the ace first, then two to nine, then any ten."""
    red_seven: Fraction | None = None
    """Red 7 only: a red seven's tag (`tags[6]` is then the black seven's); else None."""
    initial_running_count_per_deck: Fraction = Fraction(0)
    """An unbalanced count starts at this times the decks, plus `initial_running_count_offset`."""
    initial_running_count_offset: Fraction = Fraction(0)
    """KO and REKO start 4 above -4 a deck, so their pivot is +4; 0 for the others."""
    key_count: Fraction | None = None
    """Unbalanced: the running count from which the books raise the bet (None if they give none)."""
    pivot: Fraction | None = None
    """Unbalanced: the running count that means the same edge at any depth of the shoe."""
    ace_side_count: bool = False
    """Hi-Opt I/II, Omega II and Uston APC tag the ace 0 and are played with an ace side count."""
    source: str = ""
    """Where the tags and starting counts come from (a book, or the custom file's path)."""
    balanced: bool = field(init=False)
    """Derived from the tags: whether a whole deck counts to 0."""
    halves: tuple[int, ...] = field(init=False, repr=False, compare=False)
    """Each tag doubled, so counts of half points add as integers: ten by points, then a red seven's."""

    def __post_init__(self) -> None:
        problem = tags_problem(self.tags, self.red_seven)
        if problem is not None:
            raise CountSystemError(f"count system {self.name!r}: {problem}")
        object.__setattr__(self, "balanced", _balanced(self.tags, self.red_seven))
        red = self.tags[6] if self.red_seven is None else self.red_seven
        object.__setattr__(self, "halves", tuple(int(2 * tag) for tag in (*self.tags, red)))

    def initial_running_count(self, decks: int) -> Fraction:
        """Where the running count starts after a shuffle of `decks` decks (0 for a balanced count).

        >>> SYSTEMS["ko"].initial_running_count(6), SYSTEMS["red-7"].initial_running_count(6)
        (Fraction(-20, 1), Fraction(-12, 1))
        """
        if self.balanced:
            return Fraction(0)
        return self.initial_running_count_per_deck * decks + self.initial_running_count_offset

    @property
    def level(self) -> Fraction:
        """The largest tag either way (1 for Hi-Lo, 3 for Uston APC)."""
        return max(abs(tag) for tag in (*self.tags, self.red_seven or Fraction(0)))


def tags_problem(tags: Sequence[Any], red_seven: Any = None) -> str | None:
    """Why these tags cannot be a system (a sentence without the system's name), or None when they can."""
    if len(tags) != 10:
        return _("needs 10 tags (ace, two to nine, ten), not {count}").format(count=len(tags))
    for value in (*tags, *(() if red_seven is None else (red_seven,))):
        if not isinstance(value, Fraction) or value.denominator not in (1, 2) or abs(value) > MAX_TAG:
            return _("a tag must be a whole or half number from -{most} to {most}, not {value}").format(
                most=MAX_TAG, value=value)
    if all(tag == 0 for tag in tags) and not red_seven:
        return _("every tag is 0, so it counts nothing")
    return None


def card_tag(system: CountSystem, card: Card) -> Fraction:
    """The tag of one card under a system (a red seven's own under Red 7; a suitless seven counts as black).

    >>> from engine import parse_cards
    >>> [str(card_tag(SYSTEMS["red-7"], c)) for c in parse_cards("7H 7S 5D A")]
    ['1', '0', '1', '-1']
    """
    if system.red_seven is not None and card.points == 7 and card.suit is not None and card.suit.is_red:
        return system.red_seven
    return system.tags[card.points - 1]


def running_count(system: CountSystem, cards: Iterable[Card]) -> Fraction:
    """The sum of the cards' tags (the running count from 0, without a starting count).

    >>> from engine import parse_cards
    >>> running_count(SYSTEMS["wong-halves"], parse_cards("2 5 9 T"))
    Fraction(1, 2)
    """
    return sum((card_tag(system, card) for card in cards), Fraction(0))


def _f(*values: float) -> tuple[Fraction, ...]:
    return tuple(Fraction(value) for value in values)


_SYSTEM_LIST: tuple[CountSystem, ...] = (
    CountSystem("Hi-Lo", "hi-lo", _f(-1, 1, 1, 1, 1, 1, 0, 0, 0, -1),
                source="Harvey Dubner (1963); Stanford Wong, Professional Blackjack"),
    CountSystem("KO", "ko", _f(-1, 1, 1, 1, 1, 1, 1, 0, 0, -1),
                initial_running_count_per_deck=Fraction(-4), initial_running_count_offset=Fraction(4),
                key_count=Fraction(2), pivot=Fraction(4),
                source="Vancura and Fuchs, Knock-Out Blackjack (1998)"),
    CountSystem("Hi-Opt I", "hi-opt-i", _f(0, 0, 1, 1, 1, 1, 0, 0, 0, -1), ace_side_count=True,
                source="Charles Einstein; Lance Humble, The World's Greatest Blackjack Book"),
    CountSystem("Hi-Opt II", "hi-opt-ii", _f(0, 1, 1, 2, 2, 1, 1, 0, 0, -2), ace_side_count=True,
                source="Lance Humble and Carl Cooper, The World's Greatest Blackjack Book (1980)"),
    CountSystem("Omega II", "omega-ii", _f(0, 1, 1, 2, 2, 2, 1, 0, -1, -2), ace_side_count=True,
                source="Bryce Carlson, Blackjack for Blood (2001)"),
    CountSystem("Zen", "zen", _f(-1, 1, 1, 2, 2, 2, 1, 0, 0, -2),
                source="Arnold Snyder, Blackbelt in Blackjack (1983)"),
    CountSystem("Wong Halves", "wong-halves", _f(-1, 0.5, 1, 1, 1.5, 1, 0.5, 0, -0.5, -1),
                source="Stanford Wong, Professional Blackjack (1975)"),
    CountSystem("Red 7", "red-7", _f(-1, 1, 1, 1, 1, 1, 0, 0, 0, -1), red_seven=Fraction(1),
                initial_running_count_per_deck=Fraction(-2), pivot=Fraction(0),
                source="Arnold Snyder, Blackbelt in Blackjack (1983)"),
    CountSystem("REKO", "reko", _f(-1, 1, 1, 1, 1, 1, 1, 0, 0, -1),
                initial_running_count_per_deck=Fraction(-4), initial_running_count_offset=Fraction(4),
                pivot=Fraction(4),
                source="Norman Wattenberger, Modern Blackjack (2009): KO's tags, -20 for six decks"),
    CountSystem("Uston APC", "uston-apc", _f(0, 1, 2, 2, 3, 2, 2, 1, -1, -3), ace_side_count=True,
                source="Ken Uston, Million Dollar Blackjack (1981)"),
)

SYSTEMS: dict[str, CountSystem] = {system.key: system for system in _SYSTEM_LIST}
"""The shipped systems by command-line key, Hi-Lo first."""

HI_LO = SYSTEMS["hi-lo"]
"""The count the counter keeps unless told otherwise."""

_KEYS = ("name", "tags", "red_seven", "initial_running_count_per_deck", "initial_running_count_offset",
         "key_count", "pivot", "ace_side_count")
_NUMBERS = ("red_seven", "initial_running_count_per_deck", "initial_running_count_offset", "key_count",
            "pivot")


def count_system(spec: str | Path) -> CountSystem:
    """A shipped system by key or name (any case), or a custom one from a TOML file's path.

    >>> count_system("Hi-Opt II").key, count_system("KO").name
    ('hi-opt-ii', 'KO')

    Raises CountSystemError naming the system or file and what is wrong: an unknown name, a
    file that is not a regular file or cannot be read, is not UTF-8 TOML, has an unknown key,
    a tag that is not a whole or half number from -5 to 5 (NaN and infinities included), or
    not exactly ten tags.
    """
    text = str(spec).strip()
    wanted = text.lower().replace("_", "-").replace(" ", "-")
    for system in _SYSTEM_LIST:
        if wanted in (system.key, system.name.lower().replace(" ", "-")):
            return system
    path = Path(spec)
    if not text or not (text.endswith(".toml") or os.sep in text or "/" in text or path.exists()):
        raise CountSystemError(
            _("there is no count system named {name}; the systems are {systems}, or a .toml file").format(
                name=_shown(text), systems=", ".join(SYSTEMS)))
    where = _("count system file {path}").format(path=_shown(path))
    try:
        if not os.path.lexists(path):
            raise CountSystemError(_("{where}: there is no such file").format(where=where))
        contents, _size = _read_file(path, where)
    except CountSystemError:
        raise
    except RulesError as error:  # _read_file speaks of rules files; say the same of this one
        raise CountSystemError(str(error)) from None
    try:
        table = tomllib.loads(contents)
    except tomllib.TOMLDecodeError as error:
        raise CountSystemError(
            _("{where}: not valid TOML ({error})").format(where=where, error=error)) from None
    except (ValueError, RecursionError):
        raise CountSystemError(
            _("{where}: not valid TOML (a number or nesting is too large)").format(where=where)) from None
    return system_from_mapping(table, where=where, key=path.stem.lower())


def system_from_mapping(
    table: dict[str, Any], *, where: str = "count system", key: str = "custom"
) -> CountSystem:
    """A custom system from a parsed TOML table: `name`, ten `tags` (ace first), and optional counts.

    >>> system_from_mapping({"name": "Mine", "tags": [-1, 1, 1, 1, 1, 1, 0, 0, 0, -1]}).balanced
    True
    >>> system_from_mapping({"name": "Mine", "tags": [1, 2]})
    Traceback (most recent call last):
    ...
    engine.counting.CountSystemError: count system: key 'tags': needs 10 tags (ace, two to nine, ten), not 2

    Raises CountSystemError for an unknown key or a value that is not allowed.
    """
    unknown = [k for k in table if k not in _KEYS]
    if unknown:
        raise CountSystemError(_("{where}: unknown key {key}; the keys are {keys}").format(
            where=where, key=repr(unknown[0]), keys=", ".join(_KEYS)))
    name = table.get("name")
    if not isinstance(name, str) or not name.strip() or len(name) > 40:
        raise CountSystemError(_("{where}: key 'name': use a name of 1 to 40 characters").format(where=where))
    raw_tags = table.get("tags")
    if not isinstance(raw_tags, list):
        raise CountSystemError(
            _("{where}: key 'tags': use a list of 10 numbers, the ace's first and the ten's last").format(
                where=where))
    tags = tuple(_number(value, where, "tags") for value in raw_tags)
    numbers = {k: _number(table[k], where, k) for k in _NUMBERS if k in table}
    side = table.get("ace_side_count", False)
    if not isinstance(side, bool):
        raise CountSystemError(_("{where}: key 'ace_side_count': use true or false").format(where=where))
    problem = tags_problem(tags, numbers.get("red_seven"))
    if problem is not None:
        raise CountSystemError(_("{where}: key 'tags': {problem}").format(where=where, problem=problem))
    return CountSystem(
        name.strip(), key, tags, ace_side_count=side, source=where,
        red_seven=numbers.get("red_seven"),
        initial_running_count_per_deck=numbers.get("initial_running_count_per_deck", Fraction(0)),
        initial_running_count_offset=numbers.get("initial_running_count_offset", Fraction(0)),
        key_count=numbers.get("key_count"), pivot=numbers.get("pivot"),
    )


def _number(value: Any, where: str, key: str) -> Fraction:
    """A TOML number as an exact Fraction; whole or half numbers only, finite and small."""
    if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value):
        raise CountSystemError(_("{where}: key {key}: {value} is not a number; use e.g. 1, -2 or 0.5").format(
            where=where, key=repr(key), value=_brief(value)))
    if abs(value) > 1000:
        raise CountSystemError(_("{where}: key {key}: a number is far too large for a tag or count").format(
            where=where, key=repr(key)))
    exact = Fraction(value) if isinstance(value, int) else Fraction(str(value))
    if exact.denominator not in (1, 2):
        raise CountSystemError(_("{where}: key {key}: {value} is not a whole or half number").format(
            where=where, key=repr(key), value=value))
    return exact


def _brief(value: Any) -> str:
    if isinstance(value, str):
        return repr(value[:40])
    if isinstance(value, list):
        return _("a list")
    if isinstance(value, dict):
        return _("a table")
    return repr(value)


class Precision(Enum):
    """How finely a counter estimates the decks left (the divisor of the true count)."""

    EXACT = "exact"
    QUARTER = "quarter"
    HALF = "half"
    WHOLE = "whole"

    @property
    def cards(self) -> int:
        """The unit of the estimate in cards (0 for exact)."""
        return _UNIT_CARDS[self]


_UNIT_CARDS = {Precision.EXACT: 0, Precision.QUARTER: 13, Precision.HALF: 26, Precision.WHOLE: 52}


class Rounding(Enum):
    """How a counter makes the true count a whole number."""

    FLOOR = "floor"
    TRUNCATE = "truncate"
    ROUND = "round"
    """To the nearest, halves away from zero."""


def whole(numerator: int, denominator: int, rounding: Rounding) -> int:
    """`numerator / denominator` (the denominator positive) as a whole number, the way `rounding` says.

    Integers only, so the compiled kernel's tables and the Python counter agree exactly.

    >>> [whole(-7, 2, r) for r in Rounding]
    [-4, -3, -4]
    >>> [whole(7, 2, r) for r in Rounding]
    [3, 3, 4]
    """
    if rounding is Rounding.FLOOR:
        return numerator // denominator
    if rounding is Rounding.TRUNCATE:
        quotient = abs(numerator) // denominator
    else:
        quotient = (2 * abs(numerator) + denominator) // (2 * denominator)
    return quotient if numerator >= 0 else -quotient


MIN_DECKS_CARDS = 26
"""However few cards are left, the true count divides by at least half a deck."""


def decks_left_cards(cards_left: int, precision: Precision) -> int:
    """The decks left as a counter estimates them, in cards: to the nearest unit, never under half a deck.

    Ties go to the larger estimate.

    >>> [decks_left_cards(100, p) for p in Precision], decks_left_cards(3, Precision.QUARTER)
    ([100, 104, 104, 104], 26)
    """
    return _estimate(cards_left, precision.cards)


def _estimate(cards_left: int, unit: int) -> int:
    """`decks_left_cards` with the unit in cards (0 for exact): what `Count` calls per decision."""
    if unit:
        cards_left = (2 * cards_left + unit) // (2 * unit) * unit
    return max(cards_left, MIN_DECKS_CARDS)


class Count:
    """A running count under a system, read as a true count the way its counter is set to.

    Feed it cards with `add`; `reset` after a shuffle. `count` is what bets and index plays
    run off: the true count for a balanced system, the running count for an unbalanced one.

    >>> from engine import parse_cards
    >>> count = Count(HI_LO, 2)
    >>> count.add(parse_cards("2 3 4 5 6 2 3 4 5 6 2 3 4 5 6 2 3 4 5 6 2 3 4 5 6 2"))
    >>> count.running, count.true_count(), count.count()
    (Fraction(26, 1), 17, 17)
    >>> ko = Count(SYSTEMS["ko"], 6)
    >>> ko.running, ko.count()
    (Fraction(-20, 1), -20)
    """

    __slots__ = ("_imbalance", "_start", "_tags", "_unit", "decks", "halves", "precision", "rounding",
                 "seen", "system")

    def __init__(
        self, system: CountSystem, decks: int | None, *,
        precision: Precision = Precision.EXACT, rounding: Rounding = Rounding.FLOOR,
    ) -> None:
        self.system = system
        self.decks = decks
        """None for an infinite deck, where there is nothing to count."""
        self.precision = precision
        self.rounding = rounding
        self._unit = precision.cards
        self._tags = system.halves
        self._imbalance = int(2 * deck_sum(system.tags, system.red_seven))
        """What a whole deck adds to the running count, in half points."""
        self._start = 0
        self.halves = 0
        """The running count in half points, its starting count included."""
        self.seen = 0
        """Cards counted since the shuffle."""
        self.reset()

    def reset(self) -> None:
        """Start over for a fresh shoe: the running count back to the system's starting count."""
        start = Fraction(0) if self.decks is None else self.system.initial_running_count(self.decks)
        self._start = self.halves = int(2 * start)
        self.seen = 0

    @property
    def running(self) -> Fraction:
        """The running count, its starting count included."""
        return Fraction(self.halves, 2)

    def add(self, cards: Iterable[Card]) -> None:
        """Count cards shown face up."""
        tags, red = self._tags, self.system.red_seven is not None
        for card in cards:
            points = card.points
            if red and points == 7 and card.suit is not None and card.suit.is_red:
                self.halves += tags[10]
            else:
                self.halves += tags[points - 1]
            self.seen += 1

    def place(self, tagged: int, seen: int) -> None:
        """Put the count where `seen` cards tagging `tagged` half points in all leave it.

        The compiled kernel keeps just these two integers; its tables are read off a count
        placed at each pair, so it converts exactly as this class does.
        """
        self.halves = self._start + tagged
        self.seen = seen

    def true_count(self, seen: int | None = None) -> int | None:
        """The true count: the running count per deck left, made whole; None for an infinite deck.

        For an unbalanced system it is the true count of what the running count holds beyond
        the average of a shoe dealt this deep (its starting count and imbalance taken out), so
        true counts read alike across systems. `seen` is how many cards have left the shoe
        (default: the cards counted).
        """
        if self.decks is None:
            return None
        seen = self.seen if seen is None else seen
        cards = _estimate(self.decks * 52 - seen, self._unit)
        # In half points times 52: the running count less its start, less the imbalance of `seen` cards.
        excess = 52 * (self.halves - self._start) - self._imbalance * seen
        if self.rounding is Rounding.FLOOR:  # `whole`'s first case, without the call: this runs per decision
            return excess // (2 * cards)
        return whole(excess, 2 * cards, self.rounding)

    def count(self, seen: int | None = None) -> int | None:
        """What bets and index plays run off: the true count, or an unbalanced system's running count.

        None for an infinite deck. A half-point running count is made whole as the true count is.
        """
        if self.decks is None:
            return None
        if self.system.balanced:
            return self.true_count(seen)
        return whole(self.halves, 2, self.rounding)


class RampError(RulesError):
    """A bet ramp that cannot be read: the message is one sentence naming the ramp or its file."""


@dataclass(frozen=True, slots=True)
class Ramp:
    """A bet ramp: betting units by count, and optionally a count at which the counter leaves the shoe.

    The count is the one bets run off (`Count.count`: the true count, or an unbalanced
    system's running count). The bet is the units of the last step whose count is at or
    below it; under the first step, the first step's units. At or below `leave` the counter
    wongs out: it leaves the shoe and plays on from a freshly shuffled one.

    >>> ramp = Ramp(((1, 1), (2, 2), (3, 4), (4, 8)), leave=-2)
    >>> [ramp.units(c) for c in (-5, -2, 0, 2, 3, 9)], ramp.leaves(-2), ramp.leaves(-1), ramp.spread
    ([1, 1, 1, 2, 4, 8], True, False, 8)
    """

    steps: tuple[tuple[int, int], ...]
    """(count, units) pairs, counts rising."""
    leave: int | None = None
    """At or below this count the counter leaves the shoe (None: it never does)."""

    def __post_init__(self) -> None:
        if not self.steps:
            raise RampError(_("a bet ramp needs at least one step"))
        counts = [count for count, _units in self.steps]
        if any(later <= earlier for earlier, later in itertools.pairwise(counts)):
            raise RampError(_("a bet ramp's counts must rise step by step, not {counts}").format(
                counts=", ".join(map(str, counts))))
        if any(units < 1 for _count, units in self.steps):
            raise RampError(_("each step of a bet ramp bets one unit or more"))
        raised = [count for count, units in self.steps if units > self.steps[0][1]]
        if self.leave is not None and raised and self.leave >= raised[0]:
            raise RampError(_("the counter would leave at {leave}, where its ramp already bets more").format(
                leave=self.leave))

    @classmethod
    def from_units(cls, units: Sequence[int]) -> Ramp:
        """The ramp betting `units[i]` at a count of i + 1 (the first at +1 or less, the last from there up).

        >>> Ramp.from_units((1, 2, 4)).steps
        ((1, 1), (2, 2), (3, 4))
        """
        return cls(tuple((i + 1, u) for i, u in enumerate(units)))

    def units(self, count: int | None) -> int:
        """The units to bet at this count (the first step's for no count: an infinite deck)."""
        steps = self.steps
        chosen = steps[0][1]
        if count is None:
            return chosen
        for at, units in steps:
            if count < at:
                break
            chosen = units
        return chosen

    def leaves(self, count: int | None) -> bool:
        """Whether the counter leaves the shoe at this count."""
        return self.leave is not None and count is not None and count <= self.leave

    @property
    def spread(self) -> int:
        """The largest bet over the smallest, rounded down (8 for a 1-8 ramp)."""
        units = [u for _, u in self.steps]
        return max(units) // min(units)

    @property
    def counts(self) -> tuple[int, ...]:
        """Every count at which the ramp changes what it does (its steps and where it leaves)."""
        return tuple(c for c, _ in self.steps) + (() if self.leave is None else (self.leave,))

    def text(self) -> str:
        """The ramp as `parse_ramp` reads it.

        >>> Ramp(((1, 1), (3, 4)), leave=-1).text()
        '1:1,3:4,leave:-1'
        """
        parts = [f"{count}:{units}" for count, units in self.steps]
        if self.leave is not None:
            parts.append(f"leave:{self.leave}")
        return ",".join(parts)


MAX_RAMP_STEPS = 40
"""The most steps a ramp may have (counts run from about -10 to +15)."""

MAX_RAMP_UNITS = 1000
"""The most units one step may bet (a 1-1000 spread)."""


def parse_ramp(text: str) -> Ramp:
    """A ramp from `COUNT:UNITS,...` (and an optional `leave:COUNT`), or from a TOML file's path.

    >>> parse_ramp("1:1, 2:2, 3:4, 4:8, leave:-2")
    Ramp(steps=((1, 1), (2, 2), (3, 4), (4, 8)), leave=-2)

    Raises RampError naming the ramp or file and what is wrong.
    """
    spec = text.strip()
    if spec.endswith(".toml") or os.sep in spec or "/" in spec:
        return _ramp_file(Path(spec))
    where = _("ramp {ramp}").format(ramp=_shown(spec))
    steps: list[tuple[int, int]] = []
    leave: int | None = None
    for part in spec.split(","):
        left, colon, right = part.strip().partition(":")
        try:
            value = int(right)
        except ValueError:
            value = None
        if not colon or value is None:
            raise RampError(_("{where}: {part} is not COUNT:UNITS (such as 2:4) or leave:COUNT").format(
                where=where, part=repr(part.strip())))
        if left.strip().lower() == "leave":
            leave = value
            continue
        try:
            steps.append((int(left), value))
        except ValueError:
            raise RampError(_("{where}: {part} is not a whole count").format(
                where=where, part=repr(left.strip()))) from None
    return _ramp(where, steps, leave)


def _ramp(where: str, steps: list[tuple[int, int]], leave: int | None) -> Ramp:
    if len(steps) > MAX_RAMP_STEPS:
        raise RampError(_("{where}: has {count} steps; a ramp has at most {most}").format(
            where=where, count=len(steps), most=MAX_RAMP_STEPS))
    if any(abs(count) > 100 or units > MAX_RAMP_UNITS for count, units in steps) or abs(leave or 0) > 100:
        raise RampError(_("{where}: counts run from -100 to 100 and a step bets at most {most} units").format(
            where=where, most=MAX_RAMP_UNITS))
    try:
        return Ramp(tuple(sorted(steps)), leave)
    except RampError as error:
        raise RampError(_("{where}: {problem}").format(where=where, problem=error)) from None


def _ramp_file(path: Path) -> Ramp:
    """A ramp from a TOML file: `steps = [[COUNT, UNITS], ...]` and an optional `leave = COUNT`."""
    where = _("ramp file {path}").format(path=_shown(path))
    try:
        if not os.path.lexists(path):
            raise RampError(_("{where}: there is no such file").format(where=where))
        contents, _size = _read_file(path, where)
        table = tomllib.loads(contents)
    except RampError:
        raise
    except RulesError as error:
        raise RampError(str(error)) from None
    except tomllib.TOMLDecodeError as error:
        raise RampError(_("{where}: not valid TOML ({error})").format(where=where, error=error)) from None
    except (ValueError, RecursionError):
        raise RampError(_("{where}: not valid TOML (a number or nesting is too large)").format(where=where)) \
            from None
    return ramp_from_mapping(table, where=where)


def ramp_from_mapping(table: dict[str, Any], *, where: str = "ramp") -> Ramp:
    """A ramp from a parsed TOML table: `steps = [[COUNT, UNITS], ...]`, optionally `leave = COUNT`.

    >>> ramp_from_mapping({"steps": [[1, 1], [3, 6]], "leave": -1}).text()
    '1:1,3:6,leave:-1'

    Raises RampError for an unknown key or a value that is not allowed.
    """
    unknown = [k for k in table if k not in ("steps", "leave")]
    if unknown:
        raise RampError(_("{where}: unknown key {key}; the keys are steps and leave").format(
            where=where, key=repr(unknown[0])))
    raw = table.get("steps")
    if not isinstance(raw, list) or not all(
        isinstance(step, list) and len(step) == 2 and all(_is_int(v) for v in step) for step in raw
    ):
        raise RampError(_("{where}: key 'steps': use a list of [COUNT, UNITS] pairs of whole numbers").format(
            where=where))
    leave = table.get("leave")
    if leave is not None and not _is_int(leave):
        raise RampError(_("{where}: key 'leave': use a whole count").format(where=where))
    return _ramp(where, [(int(c), int(u)) for c, u in raw], leave)


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and abs(value) < 10**9


@dataclass(frozen=True, slots=True)
class CountFigures:
    """What flat one-unit bets came to at one count: its share of rounds, and the mean and second
    moment of a round's net per unit bet (simulated)."""

    count: int
    share: float
    mean: float
    """The EV per unit bet at this count."""
    second_moment: float
    """The mean of the squared net per unit bet (a round's variance is this less the mean squared)."""


def count_figures(by_count: Sequence[Tally], unit: int) -> list[CountFigures]:
    """The figures by count of a flat-betting counter's tally (`Tally.by_count`), bets of `unit` cents.

    Counts no round was played at are left out.

    >>> from engine.tally import TRUE_COUNTS, Tally
    >>> rows = [Tally()] * len(TRUE_COUNTS)
    >>> rows[10] = Tally(rounds=4, net=200, net_squares=40_000, bet=400)
    >>> count_figures(rows, 100)
    [CountFigures(count=0, share=1.0, mean=0.5, second_moment=1.0)]
    """
    from engine.tally import TRUE_COUNTS

    counted = sum(t.rounds for t in by_count)
    return [
        CountFigures(count, t.rounds / counted, t.net / t.bet, t.net_squares / t.rounds / unit**2)
        for count, t in zip(TRUE_COUNTS, by_count, strict=True) if t.rounds and t.bet
    ]


@dataclass(frozen=True, slots=True)
class PricedRamp:
    """A ramp and what it earns per round, in units of the smallest bet."""

    ramp: Ramp
    mean: float
    """The win per round."""
    sd: float
    """The standard deviation of a round's result."""


def price_ramp(ramp: Ramp, figures: Sequence[CountFigures]) -> PricedRamp:
    """A ramp's win rate and SD per round from the figures of flat bets by count.

    A round at count c bet u units wins u times what one unit won, so its mean is u·m and
    its second moment u²·s; over the counts these mix by their shares.

    >>> flat = [CountFigures(0, 0.5, -0.01, 1.3), CountFigures(3, 0.5, 0.02, 1.3)]
    >>> priced = price_ramp(Ramp(((0, 1), (3, 4))), flat)
    >>> round(priced.mean, 4), round(priced.sd, 3)
    (0.035, 3.324)
    """
    mean = sum(f.share * ramp.units(f.count) * f.mean for f in figures)
    second = sum(f.share * ramp.units(f.count) ** 2 * f.second_moment for f in figures)
    return PricedRamp(ramp, mean, math.sqrt(max(second - mean * mean, 0.0)))


def optimal_ramp(figures: Sequence[CountFigures], spread: int) -> PricedRamp:
    """The ramp within a 1-to-`spread` spread that earns the most SCORE, from flat bets' figures by count.

    Optimal betting bets in proportion to the edge over the variance at each count (Kelly),
    one unit where the edge is not positive, and at most `spread` units. The proportion's
    scale is the one free choice: every scale that changes the rounded ramp is tried, and
    the ramp with the highest (win / SD)² — SCORE up to a constant — is kept. The units
    never fall as the count rises.

    >>> flat = [CountFigures(c, 0.2, 0.005 * c - 0.005, 1.3) for c in range(-1, 4)]
    >>> optimal_ramp(flat, 8).ramp.text()
    '-1:1,2:5,3:8'

    Raises ValueError for a spread under 1 or no figures.
    """
    if spread < 1:
        raise ValueError(f"a bet spread must be 1 or more, not {spread}")
    ordered = sorted((f for f in figures if f.share > 0), key=lambda f: f.count)
    if not ordered:
        raise ValueError("no rounds were played at any count")
    weights = [max(f.mean, 0.0) / max(f.second_moment - f.mean**2, 1e-12) for f in ordered]
    positive = sorted({w for w in weights if w > 0})
    # The scales at which some count's rounded units change: k·w = n + 1/2 for each weight and unit.
    scales = {0.0} | {(n + 0.5) / w for w in positive for n in range(1, spread)}
    best: PricedRamp | None = None
    for scale in sorted(scales):
        units, top = [], 1
        for weight in weights:
            top = max(top, min(max(math.floor(scale * weight + 0.5), 1), spread))
            units.append(top)
        steps = [(ordered[0].count, units[0])]
        for f, u in zip(ordered[1:], units[1:], strict=True):
            if u != steps[-1][1]:
                steps.append((f.count, u))
        priced = price_ramp(Ramp(tuple(steps)), ordered)
        if best is None or _score_ratio(priced) > _score_ratio(best) + 1e-15:
            best = priced
    assert best is not None
    return best


def smoothed(figures: Sequence[CountFigures], *, keep: Sequence[int] = ()) -> list[CountFigures]:
    """The figures with the EV by count replaced by a weighted straight line through them.

    Counts in `keep` (a tally's end buckets, which gather every count beyond them) keep
    their own figures and take no part in the fit.

    A counter's edge rises almost linearly with the count, while a simulation's EV at one
    count carries noise larger than the steps between counts (about 1.15 / √rounds). The
    line is fitted by least squares weighted by each count's share (so by its rounds), and
    each count's second moment keeps its own value less its own mean squared plus the
    line's (the variance is kept). Fewer than two counts are returned as they are.

    >>> line = smoothed([CountFigures(0, 0.5, -0.01, 1.3), CountFigures(1, 0.3, 0.02, 1.3),
    ...                  CountFigures(2, 0.2, 0.006, 1.3)])
    >>> [round(f.mean, 4) for f in line]
    [-0.0057, 0.0056, 0.0168]
    """
    fit = [f for f in figures if f.count not in keep]
    if len(fit) < 2:
        return list(figures)
    weight = sum(f.share for f in fit)
    mean_x = sum(f.share * f.count for f in fit) / weight
    mean_y = sum(f.share * f.mean for f in fit) / weight
    spread_x = sum(f.share * (f.count - mean_x) ** 2 for f in fit)
    slope = sum(f.share * (f.count - mean_x) * (f.mean - mean_y) for f in fit) / spread_x
    out = []
    for f in figures:
        if f.count in keep:
            out.append(f)
            continue
        fitted = mean_y + slope * (f.count - mean_x)
        out.append(CountFigures(f.count, f.share, fitted, f.second_moment - f.mean**2 + fitted**2))
    return out


def _score_ratio(priced: PricedRamp) -> float:
    """(win / SD)², SCORE's own measure; 0 for a ramp that does not win."""
    if priced.mean <= 0 or priced.sd <= 0:
        return 0.0
    return (priced.mean / priced.sd) ** 2
