"""Index plays for any rules and any count system: the count at which the best play changes.

For each count in a range (`engine.odds.count_shoe`: a shoe of the game's size with the
proportions of the cards left at that count), every starting hand against every up card is priced exactly
by the odds engine, as the basic strategy chart is (`engine.odds.house_edge`: a row's
value is the chance-weighted sum over the two-card hands that make it). Where the best
play of a row changes between two counts priced, the index is where the two plays'
values cross (linear between the two counts), rounded to the nearest whole count, a
half rounded up. Surrender is indexed against the best other play; the hit, stand,
double and split indices leave surrender out, as printed tables do. Insurance comes
from the ten density alone: it pays when more than a third of the unseen cards are tens.

>>> from engine.odds.indices import crossing
>>> crossing(0.0, 1.0, -0.2, 0.3)   # a play 0.2 worse at 0, 0.3 better at 1
0.4
"""

from __future__ import annotations

import hashlib
import json
import math
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, cast

from engine.actions import Action
from engine.bots.counter import IndexPlay
from engine.cache_folder import load_json, store_json
from engine.i18n import _
from engine.odds.cache import rules_key
from engine.odds.composition import LABELS, RANKS, Composition, OddsError
from engine.odds.count_shoe import CountScale
from engine.odds.house_edge import two_card_hands
from engine.odds.player import ACE, TEN, Evaluator
from engine.rules import Rules

if TYPE_CHECKING:
    from engine.counting import CountSystem

FORMAT = 2
"""Bumped whenever the method or the cache file changes, so old index tables are not read."""

STEPS = 10
"""Counts priced on each side of the neutral one (21 in all)."""

ILLUSTRIOUS = 18
"""How many plays the 'Illustrious 18' view holds (insurance and the hit/stand/double/split plays)."""
FAB = 4
"""How many surrender plays the 'Fab 4' view holds."""

Progress = Callable[[int, int], None]
"""Told (counts priced, counts in all) after each count is priced."""

_PLAYS = (Action.STAND, Action.HIT, Action.DOUBLE, Action.SPLIT)
"""The plays the non-surrender indices choose among, in tie-breaking order."""
_KEEP = Action.NO_SURRENDER
"""Stands for 'the best play other than surrender' in the surrender rows."""


@dataclass(frozen=True, slots=True, kw_only=True)
class IndexEntry:
    """One index play: at or above `index` play `at_or_above`, below it `below`."""

    hand: str
    """'hard 16', 'soft 18', 'pair T' or 'insurance'."""
    up: int
    """The dealer's up card by points (1 is the ace)."""
    index: int
    """The count, rounded to the nearest whole one (a half up)."""
    crossing: float
    """Where the two plays' values cross, unrounded."""
    at_or_above: Action
    below: Action
    gain: float
    """What the play adds to a flat bettor's result per 100 rounds, in units of the bet."""
    surrender: bool
    """Whether this is a surrender index (surrender against the best other play)."""

    @property
    def up_label(self) -> str:
        """The up card as 'A', '2'...'9', 'T'."""
        return LABELS[self.up - 1]

    def as_json(self, group: str | None) -> dict[str, Any]:
        """The entry as `blackjack indices --json` prints it."""
        return {
            "hand": self.hand, "up": self.up_label, "index": self.index,
            "at_or_above": self.at_or_above.value, "below": self.below.value,
            "gain": round(self.gain, 6), "group": group,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> IndexEntry:
        """An entry back from the cache. Raises KeyError, TypeError or ValueError if broken."""
        return cls(
            hand=str(data["hand"]), up=int(data["up"]), index=int(data["index"]),
            crossing=float(data["crossing"]), at_or_above=Action(data["at_or_above"]),
            below=Action(data["below"]), gain=float(data["gain"]), surrender=bool(data["surrender"]),
        )

    def to_json(self) -> dict[str, Any]:
        """The entry as the cache file holds it."""
        return {
            "hand": self.hand, "up": self.up, "index": self.index, "crossing": self.crossing,
            "at_or_above": self.at_or_above.value, "below": self.below.value, "gain": self.gain,
            "surrender": self.surrender,
        }


@dataclass(frozen=True, slots=True, kw_only=True)
class IndexTable:
    """Every index play of one rule set and count system, in table order (insurance first)."""

    rules_name: str
    system_name: str
    balanced: bool
    """Balanced systems index by the true count; unbalanced ones by the running count."""
    depth: float
    """Decks left at which an unbalanced system's running count is read."""
    entries: tuple[IndexEntry, ...]
    seconds: float
    """How long the computation took (0 when it came from the cache)."""

    def illustrious(self, count: int = ILLUSTRIOUS) -> tuple[IndexEntry, ...]:
        """The most valuable non-surrender plays, by gain: this game's 'Illustrious 18'."""
        return _top((e for e in self.entries if not e.surrender), count)

    def fab(self, count: int = FAB) -> tuple[IndexEntry, ...]:
        """The most valuable surrender plays, by gain: this game's 'Fab 4'."""
        return _top((e for e in self.entries if e.surrender), count)

    def group(self, entry: IndexEntry) -> str | None:
        """'Illustrious 18', 'Fab 4', or None for an entry in neither view."""
        if entry in self.illustrious():
            return "Illustrious 18"
        if entry in self.fab():
            return "Fab 4"
        return None

    def find(self, hand: str, up: int, play: Action) -> IndexEntry | None:
        """The entry of a row and up card that switches to (or from) `play`, or None."""
        for entry in self.entries:
            if entry.hand == hand and entry.up == up and play in (entry.at_or_above, entry.below):
                return entry
        return None


def _top(entries: Iterator[IndexEntry], count: int) -> tuple[IndexEntry, ...]:
    return tuple(sorted(entries, key=lambda e: -e.gain)[:count])


def crossing(low: float, high: float, d_low: float, d_high: float) -> float:
    """Where a value difference, `d_low` at count `low` and `d_high` at `high`, is zero (linear between)."""
    if d_high == d_low:
        return (low + high) / 2
    return low + (high - low) * (-d_low) / (d_high - d_low)


def round_index(value: float) -> int:
    """The rounding of an index: to the nearest whole count, a half up (toward the higher count).

    >>> round_index(0.5), round_index(-0.5), round_index(-0.51), round_index(3.06)
    (1, 0, -1, 3)
    """
    return math.floor(value + 0.5)


# ---- pricing one shoe ---------------------------------------------------------------------

Row = tuple[str, int]
"""A table row and column: the hand label and the up card's points."""


@dataclass(frozen=True, slots=True)
class Priced:
    """One row at one count: its chance (up card and two-card hand) and each play's value."""

    chance: float
    values: dict[Action, float]


def price_shoe(rules: Rules, counts: Sequence[float]) -> dict[Row, Priced]:
    """Every row (hard 5-20, soft 13-20, pairs, insurance) priced from these cards, against every up card.

    Values are plain expectations per unit of the initial bet (a dealer blackjack included);
    a row's values are averages over its two-card hands, weighted by their chances, which
    are the row's `chance` summed. Counts may be real numbers (see `engine.odds.count_shoe`).
    """
    # Every formula of the odds engine is a ratio of counts, so real-valued counts work as they are.
    shoe = Composition(cast("tuple[int, ...]", tuple(float(c) for c in counts)))
    probabilities = shoe.probabilities()
    sums: dict[Row, tuple[float, dict[Action, float]]] = {}
    for up in range(RANKS):
        up_chance = probabilities[up]
        if up_chance <= 0:
            continue
        up_shoe = shoe.without([up + 1])
        evaluator = Evaluator(rules, up, up_shoe)
        tens = up_shoe.counts[TEN] if up_shoe.counts is not None else 0
        ten_pairs = 0.25 if not rules.pair_by_value else 1.0
        for a, b, weight in two_card_hands(up_shoe):
            if a == ACE and b == TEN:
                continue
            hand = [a, b]
            values = evaluator.values(hand, hand, pair_chance=ten_pairs if a == TEN else 1.0)
            totals = {action: evaluator.total(action, v, hand) for action, v in values.items()}
            chance = up_chance * weight
            for row in _rows(rules, a, b):
                kept = {k: v for k, v in totals.items() if k is not Action.SPLIT or row.startswith("pair")}
                _add(sums, (row, up + 1), chance, kept)
        if up == ACE and rules.insurance:
            total = sum(up_shoe.counts) if up_shoe.counts is not None else 1.0
            q = tens / total
            # Insurance pays 2:1 on half a bet: it wins when the hole card is a ten.
            insure = {Action.INSURANCE: (3 * q - 1) / 2, Action.NO_INSURANCE: 0.0}
            _add(sums, ("insurance", 1), up_chance, insure)
    return {
        row: Priced(chance, {k: v / chance for k, v in values.items()})
        for row, (chance, values) in sums.items() if chance > 0
    }


def _rows(rules: Rules, a: int, b: int) -> list[str]:
    """The rows a two-card hand is priced in (a pair in its total's row only where nothing else makes it)."""
    points = a + b + 2
    if a == b:
        rows = [f"pair {LABELS[a]}"] if rules.splitting_allowed else []
        if points in (4, 20):
            rows.append(f"hard {points}")
        return rows
    if a == ACE:
        return [f"soft {points + 10}"]
    return [f"hard {points}"]


def _add(sums: dict[Row, tuple[float, dict[Action, float]]], row: Row, chance: float,
         values: dict[Action, float]) -> None:
    found = sums.get(row)
    total, row_sums = found if found is not None else (0.0, {})
    for action, value in values.items():
        row_sums[action] = row_sums.get(action, 0.0) + chance * value
    sums[row] = (total + chance, row_sums)


# ---- the index table --------------------------------------------------------------------


def compute_table(rules: Rules, system: CountSystem, progress: Progress | None = None) -> IndexTable:
    """Every index play of a rule set for a count system (uncached; see `index_table`).

    Raises OddsError for a game that cannot be counted or indexed (an infinite deck, no up card).
    """
    started = time.perf_counter()
    scale = _scale(rules, system)
    shifts = [scale.limit * k / STEPS for k in range(-STEPS, STEPS + 1)]
    priced: list[dict[Row, Priced]] = []
    for step, shift in enumerate(shifts):
        priced.append(price_shoe(rules, scale.composition(shift)))
        if progress is not None:
            progress(step + 1, len(shifts))
    counts = [scale.count(shift) for shift in shifts]
    weights = scale.frequencies(shifts, float(rules.penetration))
    neutral = STEPS
    entries: list[IndexEntry] = []
    rows = list(priced[neutral])
    for surrender in (False, True):
        for row in rows:
            series = [_choices(p.get(row), surrender) for p in priced]
            plays = [_choices(p.get(row), False) for p in priced]
            chances = [p[row].chance if row in p else 0.0 for p in priced]
            entries += _entries(row, series, plays, chances, counts, weights, neutral, surrender)
    entries.sort(key=_table_order)
    return IndexTable(
        rules_name=rules.name, system_name=system.name, balanced=scale.balanced, depth=scale.depth,
        entries=tuple(entries), seconds=time.perf_counter() - started,
    )


def _scale(rules: Rules, system: CountSystem) -> CountScale:
    if rules.decks is None:
        raise OddsError(_("{rules}: an infinite deck cannot be counted; there are no index plays").format(
            rules=rules.name))
    if rules.dealer_draws_after_players:
        raise OddsError(_("{rules}: the dealer shows no up card to index the plays against").format(
            rules=rules.name))
    return CountScale.of(
        system.tags, system.red_seven, decks=rules.decks,
        initial_running_count=system.initial_running_count(rules.decks),
    )


def _choices(priced: Priced | None, surrender: bool) -> dict[Action, float] | None:
    """The options a row chooses among: the plays, or surrender against the best other play."""
    if priced is None:
        return None
    values = priced.values
    if Action.INSURANCE in values:
        return None if surrender else values
    plays = {a: values[a] for a in _PLAYS if a in values}
    if not surrender:
        return plays if len(plays) > 1 else None
    if Action.SURRENDER not in values:
        return None
    return {Action.SURRENDER: values[Action.SURRENDER], _KEEP: max(plays.values())}


def _best(options: dict[Action, float]) -> Action:
    order = (*_PLAYS, Action.SURRENDER, _KEEP, Action.INSURANCE, Action.NO_INSURANCE)
    return max(sorted(options, key=order.index), key=lambda a: options[a])


def _entries(
    row: Row,
    series: list[dict[Action, float] | None],
    plays: list[dict[Action, float] | None],
    chances: list[float],
    counts: list[float],
    weights: Sequence[float],
    neutral: int,
    surrender: bool,
) -> list[IndexEntry]:
    """The index entries of one row: one where each change of its best play happens."""
    found = []
    for k in range(len(series) - 1):
        here, there = series[k], series[k + 1]
        if here is None or there is None:
            continue
        below, above = _best(here), _best(there)
        if below is above or below not in there or above not in here:
            continue
        if row[0].startswith("pair") and not surrender and Action.SPLIT not in (below, above):
            continue  # the other plays of a pair are its hard or soft total's, indexed in that row
        exact = crossing(counts[k], counts[k + 1], here[above] - here[below], there[above] - there[below])
        index = round_index(exact)
        # The gain is on the far side of the index from the neutral count, against the near play.
        upward = k >= neutral
        gain = 0.0
        for j, options in enumerate(series):
            if options is None or (counts[j] >= index) != upward:
                continue
            better, worse = (above, below) if upward else (below, above)
            if better in options and worse in options:
                gain += weights[j] * chances[j] * (options[better] - options[worse])
        found.append(IndexEntry(
            hand=row[0], up=row[1], index=index, crossing=exact,
            at_or_above=_named(above, plays[k + 1]), below=_named(below, plays[k]),
            gain=100 * gain, surrender=surrender,
        ))
    return found


def _named(action: Action, plays: dict[Action, float] | None) -> Action:
    """A play's name, with the surrender rows' 'best other play' named as the play it is there."""
    if action is not _KEEP or plays is None:
        return action
    return _best(plays)


_ROW_ORDER = ("insurance", "hard", "soft", "pair")


def _table_order(entry: IndexEntry) -> tuple[int, int, int, int, float]:
    kind = entry.hand.split()[0]
    value = entry.hand.split()[-1]
    number = 0 if kind == "insurance" else (11 if value == "A" else 10 if value == "T" else int(value))
    up = 11 if entry.up == 1 else entry.up
    return (entry.surrender, _ROW_ORDER.index(kind), number, up, entry.crossing)


# ---- the cache, and what the counter bot reads ------------------------------------------------

_memory: dict[str, IndexTable] = {}


def table_key(rules: Rules, system: CountSystem) -> str:
    """The hash that names an index table's cache file: the rules the odds depend on, the
    penetration (it weighs the gains), the system's tags and start, and `FORMAT`."""
    text = json.dumps([
        FORMAT, rules_key(rules), str(rules.penetration), [str(t) for t in system.tags],
        None if system.red_seven is None else str(system.red_seven),
        None if rules.decks is None else str(system.initial_running_count(rules.decks)),
    ])
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:24]


def index_table(rules: Rules, system: CountSystem, progress: Progress | None = None) -> IndexTable:
    """Every index play of a rule set for a count system: from memory, the disk cache, or computed.

    Raises OddsError for a game that cannot be counted or indexed (an infinite deck, no up card).
    """
    key = table_key(rules, system)
    name = f"indices-{key}.json"
    found = _memory.get(key) or _from_json(load_json(name))
    if found is None:
        found = compute_table(rules, system, progress)
        store_json(name, _to_json(found))
    _memory[key] = replace(found, seconds=0.0)
    return replace(found, rules_name=rules.name, system_name=system.name)


def _to_json(table: IndexTable) -> dict[str, Any]:
    return {
        "format": FORMAT, "balanced": table.balanced, "depth": table.depth, "seconds": table.seconds,
        "entries": [entry.to_json() for entry in table.entries],
    }


def _from_json(data: Any) -> IndexTable | None:
    """A table back from its cache file, or None if there is none or it is not one of ours."""
    try:
        if data["format"] != FORMAT:
            return None
        return IndexTable(
            rules_name="", system_name="", balanced=bool(data["balanced"]), depth=float(data["depth"]),
            entries=tuple(IndexEntry.from_json(item) for item in data["entries"]), seconds=0.0,
        )
    except (KeyError, TypeError, ValueError):
        return None


def index_plays(rules: Rules, system: CountSystem) -> tuple[IndexPlay, ...]:
    """Every index play of the rules for the system, as the counter bot reads them.

    The group is 'Illustrious 18' or 'Fab 4' for the plays in those views, else 'generated'.
    A row whose best play changes more than once in the counts priced gives one play per change.
    """
    table = index_table(rules, system)
    return tuple(
        IndexPlay(entry.hand, entry.up, entry.index, entry.at_or_above, entry.below,
                  table.group(entry) or "generated")
        for entry in table.entries
    )
