"""The card counter: any count system, a bet ramp, and index plays.

The counter keeps one `engine.counting.Count` (Hi-Lo unless told otherwise) over the cards
shown since the shuffle; bets and index plays run off `Count.count()`: the true count (the
running count per deck still to come, the decks estimated from the cards shown, never
under half a deck, made whole as set: floored by default), or an unbalanced system's
running count. An infinite deck has nothing to count: there the counter plays basic
strategy with flat bets. Its index plays are a parameter (`CounterSetup.plays`): the
fixed Illustrious 18 and Fab 4 below unless generated ones are handed in.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction

from engine.actions import Action
from engine.bots.basic import BasicBot, Chart
from engine.bots.view import SeatView
from engine.cards import Card
from engine.counting import HI_LO, Count, CountSystem, Precision, Ramp, Rounding, running_count
from engine.hand import hand_total
from engine.money import Money
from engine.round import DecisionKind

_UP_LABELS = {1: "A", 10: "T"}


@dataclass(frozen=True, slots=True)
class IndexPlay:
    """A departure from basic strategy: at or above the true count `index`, play `at_or_above`.

    Below the index the counter plays `below`, or basic strategy without `at_or_above`
    when `below` is None.
    """

    hand: str
    """'hard 16', 'pair T', or 'insurance' (which also covers even money)."""
    up: int
    """The dealer's up card by points (1 is the ace)."""
    index: int
    at_or_above: Action
    below: Action | None
    group: str
    """Where the play comes from: 'Illustrious 18' or 'Fab 4'."""

    def describe(self) -> str:
        """The play as one line of the printed table."""
        up = _UP_LABELS.get(self.up, str(self.up))
        below = "basic strategy" if self.below is None else _WORDS[self.below]
        return (
            f"{self.hand:<10} {up:>2}  {self.index:+3d}   {_WORDS[self.at_or_above]:<10} "
            f"{below:<15} {self.group}"
        )


_WORDS = {
    Action.STAND: "stand", Action.HIT: "hit", Action.DOUBLE: "double", Action.SPLIT: "split",
    Action.SURRENDER: "surrender", Action.INSURANCE: "insure", Action.NO_INSURANCE: "decline",
}


def _i18(hand: str, up: int, index: int, above: Action, below: Action) -> IndexPlay:
    return IndexPlay(hand, up, index, above, below, "Illustrious 18")


_S, _H, _D, _P = Action.STAND, Action.HIT, Action.DOUBLE, Action.SPLIT

ILLUSTRIOUS_18: tuple[IndexPlay, ...] = (
    _i18("insurance", 1, 3, Action.INSURANCE, Action.NO_INSURANCE),
    _i18("hard 16", 10, 0, _S, _H),
    _i18("hard 15", 10, 4, _S, _H),
    _i18("pair T", 5, 5, _P, _S),
    _i18("pair T", 6, 4, _P, _S),
    _i18("hard 10", 10, 4, _D, _H),
    _i18("hard 12", 3, 2, _S, _H),
    _i18("hard 12", 2, 3, _S, _H),
    _i18("hard 11", 1, 1, _D, _H),
    _i18("hard 9", 2, 1, _D, _H),
    _i18("hard 10", 1, 4, _D, _H),
    _i18("hard 9", 7, 3, _D, _H),
    _i18("hard 16", 9, 5, _S, _H),
    _i18("hard 13", 2, -1, _S, _H),
    _i18("hard 12", 4, 0, _S, _H),
    _i18("hard 12", 5, -2, _S, _H),
    _i18("hard 12", 6, -1, _S, _H),
    _i18("hard 13", 3, -2, _S, _H),
)
"""Don Schlesinger's Illustrious 18 for multi-deck games, insurance first."""

FAB_4: tuple[IndexPlay, ...] = tuple(
    IndexPlay(hand, up, index, Action.SURRENDER, None, "Fab 4")
    for hand, up, index in (("hard 14", 10, 3), ("hard 15", 10, 0), ("hard 15", 9, 2), ("hard 15", 1, 1))
)
"""The four late-surrender index plays that matter most."""

INDEX_PLAYS: tuple[IndexPlay, ...] = ILLUSTRIOUS_18 + FAB_4
"""Every index play the counter knows, as `blackjack simulate --bot counter --show-indices` prints them."""


def format_indices(plays: Sequence[IndexPlay] = INDEX_PLAYS) -> str:
    """The index plays as a printed table, one play a line.

    >>> print(format_indices(ILLUSTRIOUS_18[:2]))
    hand       up  index  at or above below           from
    insurance   A   +3   insure     decline         Illustrious 18
    hard 16     T   +0   stand      hit             Illustrious 18
    """
    lines = ["hand       up  index  at or above below           from"]
    lines += [play.describe() for play in plays]
    return "\n".join(lines)


def hi_lo(cards: Sequence[Card]) -> int:
    """The Hi-Lo running count of some cards (`engine.counting.running_count` under Hi-Lo).

    >>> from engine import parse_cards
    >>> hi_lo(parse_cards("2 6 7 K A 5"))
    1
    """
    return int(running_count(HI_LO, cards))


DEFAULT_RAMP: tuple[int, ...] = (1, 2, 4, 6, 8)
"""Bet units by true count: up to +1 one unit, then +2, +3, +4, and +5 or more."""

DEFAULT_SPREAD = DEFAULT_RAMP[-1]
"""The top of the default ramp: a 1-to-8 spread."""


def ramp_for_spread(spread: int) -> tuple[int, ...]:
    """The five-step ramp of a 1-to-`spread` spread: 1, then a quarter, half, three quarters and all of it.

    Each step is rounded half up to a whole unit (at least one), so a spread of 8 is `DEFAULT_RAMP`.

    >>> ramp_for_spread(8), ramp_for_spread(12), ramp_for_spread(1)
    ((1, 2, 4, 6, 8), (1, 3, 6, 9, 12), (1, 1, 1, 1, 1))

    Raises ValueError for a spread under 1.
    """
    if spread < 1:
        raise ValueError(f"a bet spread must be 1 or more, not {spread}")
    return (1, *(max((spread * quarter + 2) // 4, 1) for quarter in range(1, 5)))


@dataclass(frozen=True, slots=True)
class CounterSetup:
    """How a counter counts, bets and plays: the system, its true-count setting, the ramp and the index plays.

    A value (hashable), so the simulator can hand it to workers and the kernel can key its
    tables by it. `ramp` None bets `ramp_for_spread` of the simulation's spread. `plays`
    None plays the fixed `INDEX_PLAYS` (Hi-Lo true counts: any system plays them by its true
    count); indices generated for the system are handed in here, and an unbalanced system
    plays those by its running count.
    """

    system: CountSystem = HI_LO
    precision: Precision = Precision.EXACT
    rounding: Rounding = Rounding.FLOOR
    ramp: Ramp | None = None
    plays: tuple[IndexPlay, ...] | None = None
    tally_by_count: bool = False
    """Tally rounds by the count bets run off (an unbalanced system's running count) rather than
    the true count: what `blackjack ramp` prices a running-count ramp from."""


_PAIR_LABELS = {1: "A", 10: "T"}


def _rows(plays: Iterable[IndexPlay]) -> dict[tuple[str, int], tuple[IndexPlay, ...]]:
    """The plays by hand and up card, each row's changes in order of their index."""
    rows: dict[tuple[str, int], list[IndexPlay]] = {}
    for play in plays:
        rows.setdefault((play.hand, play.up), []).append(play)
    return {key: tuple(sorted(row, key=lambda play: play.index)) for key, row in rows.items()}


def _surrenders(play: IndexPlay) -> bool:
    """Whether a play is a surrender index: surrender on one side of it (either, in a generated table)."""
    return Action.SURRENDER in (play.at_or_above, play.below)


def _row_play(row: tuple[IndexPlay, ...], count: int) -> tuple[Action | None, Action | None]:
    """A row's play at the count and what to play when that is not allowed (None: basic strategy).

    The play is the last change at or below the count, or what the row's first change replaces;
    a row whose best play changes more than once (generated indices) reads like a ladder, its
    surrender and insurance rows as its other plays.
    """
    reached = [play for play in row if count >= play.index]
    if not reached:
        return row[0].below, None
    return reached[-1].at_or_above, reached[-1].below


class CounterBot:
    """Counts cards with a system, ramps its bet with the count, and plays basic strategy with index plays.

    >>> from engine import load_rules, parse_cards
    >>> from engine.odds import basic_strategy
    >>> rules = load_rules("vegas-strip")
    >>> bot = CounterBot(basic_strategy(rules))
    >>> view = SeatView(rules, 0, None, (), 0, 0, None, 0, 100_000, parse_cards("2 3 4 5 6 2 3 4 5 6") * 2, 1)
    >>> bot.bet(view), bot.running_count, bot.true_count(view)
    (4000, Fraction(20, 1), 3)
    """

    name = "counter"
    memoizable = False
    """Its bets and decisions follow the count, so each one must be asked (see `Bot.memoizable`)."""

    def __init__(
        self,
        chart: Chart,
        *,
        ramp: Ramp | Sequence[int] = DEFAULT_RAMP,
        plays: Sequence[IndexPlay] = INDEX_PLAYS,
        system: CountSystem = HI_LO,
        precision: Precision = Precision.EXACT,
        rounding: Rounding = Rounding.FLOOR,
        plays_on_true_count: bool = True,
        tally_by_count: bool = False,
    ) -> None:
        if not isinstance(ramp, Ramp):
            if not ramp or min(ramp) < 1:
                raise ValueError("a bet ramp needs at least one step, each of one unit or more")
            ramp = Ramp.from_units(ramp)
        self.basic = BasicBot(chart)
        self.ramp = ramp
        self.plays = tuple(plays)
        self.system = system
        self.precision = precision
        self.rounding = rounding
        self.plays_on_true_count = plays_on_true_count or system.balanced
        """Whether index plays run off the true count (the fixed Hi-Lo plays, and any balanced system)
        or off `count` (an unbalanced system's running count, as generated indices for it are)."""
        self._plays = _rows(play for play in self.plays if not _surrenders(play))
        self._surrenders = _rows(play for play in self.plays if _surrenders(play))
        self._pairs_surrender = any(hand.startswith("pair") for hand, _ in self._surrenders)
        """Whether the plays index a pair's surrender apart from its total's, as generated ones do (they
        price a pair in its own row); the fixed Fab 4 index totals only, a pair of sevens as a 14."""
        self.tally_by_count = tally_by_count
        self._count: Count | None = None
        self._counted = 0
        self._shuffles = -1
        self.bet_true_count: int | None = None
        """The true count when it last placed a bet (None before its first bet or with an infinite deck);
        the count it bet by instead when `tally_by_count`."""

    @classmethod
    def from_setup(cls, chart: Chart, setup: CounterSetup, spread: int) -> CounterBot:
        """A counter set up as `setup` says; its ramp `ramp_for_spread(spread)` unless the setup has one."""
        return cls(
            chart, ramp=setup.ramp or ramp_for_spread(spread),
            plays=INDEX_PLAYS if setup.plays is None else setup.plays,
            system=setup.system, precision=setup.precision, rounding=setup.rounding,
            plays_on_true_count=setup.plays is None, tally_by_count=setup.tally_by_count,
        )

    def new_count(self, decks: int | None) -> Count:
        """A fresh count as this counter keeps it, for a shoe of `decks` decks."""
        return Count(self.system, decks, precision=self.precision, rounding=self.rounding)

    def _counted_now(self, view: SeatView) -> Count:
        """The count of the cards shown since the last call (starting over after a shuffle)."""
        count = self._count
        if count is None or view.shuffles != self._shuffles or count.decks != view.rules.decks:
            self._shuffles = view.shuffles
            count = self._count = self.new_count(view.rules.decks)
            self._counted = 0
        seen = view.seen
        if len(seen) > self._counted:
            count.add(seen[self._counted:])
            self._counted = len(seen)
        return count

    @property
    def running_count(self) -> Fraction:
        """The running count since the last shuffle, its starting count included (0 before any view)."""
        return Fraction(0) if self._count is None else self._count.running

    def true_count(self, view: SeatView) -> int | None:
        """The true count now, made whole as the counter is set to; None for an infinite deck."""
        return self._counted_now(view).true_count()

    def count(self, view: SeatView) -> int | None:
        """The count bets and index plays run off now (`Count.count`); None for an infinite deck."""
        return self._counted_now(view).count()

    def leaves(self, view: SeatView) -> bool:
        """Whether the count is at or below the ramp's `leave` count, so the counter leaves the shoe."""
        return self.ramp.leave is not None and self.ramp.leaves(self.count(view))

    def bet(self, view: SeatView) -> Money:
        """The table minimum times the ramp's units for the count, within the limits and bankroll."""
        counted = self._counted_now(view)
        count = counted.count()
        # A balanced system's count is its true count: one conversion serves both.
        exact = self.tally_by_count or self.system.balanced
        self.bet_true_count = count if exact else counted.true_count()
        return self.bet_at(count, view)

    def bet_at(self, count: int | None, view: SeatView) -> Money:
        """The bet at a given count (what `bet` bets once it has counted)."""
        rules = view.rules
        amount = rules.min_bet * self.ramp.units(count)
        if rules.max_bet is not None:
            amount = min(amount, rules.max_bet)
        amount = min(amount, view.bankroll)
        return amount if amount >= rules.min_bet else 0

    def play_count(self, view: SeatView) -> int | None:
        """The count index plays run off now: the true count, or `count` (see `plays_on_true_count`)."""
        counted = self._counted_now(view)
        return counted.true_count() if self.plays_on_true_count else counted.count()

    def decide(self, view: SeatView, legal: frozenset[Action]) -> Action:
        """Insurance by the index; in play, basic strategy changed by the index plays."""
        return self.decide_at(self.play_count(view), view, legal)

    def decide_at(self, count: int | None, view: SeatView, legal: frozenset[Action]) -> Action:
        """The decision at a given count (what `decide` decides once it has counted)."""
        up = view.up_card
        if view.kind in (DecisionKind.INSURANCE, DecisionKind.EVEN_MONEY):
            row = self._plays.get(("insurance", 1))
            take = row is not None and count is not None and _row_play(row, count)[0] is Action.INSURANCE
            if view.kind is DecisionKind.INSURANCE:
                return Action.INSURANCE if take else Action.NO_INSURANCE
            return Action.EVEN_MONEY if take else Action.NO_EVEN_MONEY
        basic = self.basic.chart_action(view, legal)
        if view.kind is not DecisionKind.PLAY or count is None or up is None:
            return basic
        return self._index_action(view, legal, count, up.points, basic)

    def _index_action(
        self, view: SeatView, legal: frozenset[Action], count: int, up: int, basic: Action
    ) -> Action:
        cards = view.cards
        total, soft = hand_total(cards)
        hand = f"{'soft' if soft else 'hard'} {total}"
        pair = f"pair {_PAIR_LABELS.get(cards[0].points, cards[0].points)}" if Action.SPLIT in legal else None
        if Action.SURRENDER in legal:
            row = self._surrenders.get((pair if pair is not None and self._pairs_surrender else hand, up))
            if row is not None:
                if _row_play(row, count)[0] is Action.SURRENDER:
                    return Action.SURRENDER
                legal = legal - {Action.SURRENDER}
                basic = self.basic.chart_action(view, legal)
        if pair is not None:
            row = self._plays.get((pair, up))
            if row is not None:
                choice, _ = _row_play(row, count)
                return choice if choice is not None and choice in legal else basic
        if basic in (Action.SPLIT, Action.SURRENDER):
            return basic
        row = self._plays.get((hand, up))
        if row is None:
            return basic
        for action in _row_play(row, count):
            if action is not None and action in legal:
                return action
        return basic
