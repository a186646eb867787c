"""Basic strategy charts: one action code per hand row and dealer up card, with its fallbacks.

The codes are those of printed charts: H hit, S stand, D double (else hit), Ds double
(else stand), P split, Ph split when doubling after a split is allowed (else hit), Rh, Rs
and Rp surrender (else hit, stand or split). A chart answers for a concrete hand with the
action the round allows: `chart.action(cards, up_card, legal_actions)`.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from enum import Enum

from engine.actions import Action
from engine.cards import Card
from engine.hand import hand_total, is_pair
from engine.i18n import pgettext
from engine.odds.composition import LABELS, OddsError


class Code(Enum):
    """A chart cell: the action to take and what to do when it is not allowed."""

    H = "H"
    S = "S"
    D = "D"
    """Double, else hit."""
    DS = "Ds"
    """Double, else stand."""
    P = "P"
    PH = "Ph"
    """Split if doubling after a split is allowed, else hit."""
    RH = "Rh"
    RS = "Rs"
    RP = "Rp"

    @property
    def surrenders(self) -> bool:
        """Whether the cell says to surrender when surrender is allowed."""
        return self in (Code.RH, Code.RS, Code.RP)

    @property
    def splits(self) -> bool:
        """Whether the cell says to split when splitting is allowed."""
        return self in (Code.P, Code.PH, Code.RP)


class HandKind(Enum):
    """Which part of the chart a hand is read from."""

    HARD = "hard"
    SOFT = "soft"
    PAIR = "pair"


UP_CARDS: tuple[int, ...] = (2, 3, 4, 5, 6, 7, 8, 9, 10, 1)
"""The dealer up cards of a chart's columns, by points (1 is the ace), in printed order."""

ROWS: tuple[tuple[HandKind, int], ...] = (
    *((HandKind.HARD, total) for total in range(5, 22)),
    *((HandKind.SOFT, total) for total in range(13, 22)),
    *((HandKind.PAIR, points) for points in (2, 3, 4, 5, 6, 7, 8, 9, 10, 1)),
)
"""The printed rows: hard 5-21, soft 13-21 (A,2 to A,T), pairs 2-T then aces."""

EXTRA_ROWS: tuple[tuple[HandKind, int], ...] = ((HandKind.HARD, 4), (HandKind.SOFT, 12))
"""Rows a chart also holds but does not print: 2,2 and A,A when they may not be split."""


def up_label(up: int | None) -> str:
    """The column label of an up card given by points: 'A', '2'...'9', 'T', or 'any' for none."""
    # TRANSLATORS: the one column of a chart for a dealer who shows no up card; keep it short
    return pgettext("chart column", "any") if up is None else LABELS[up - 1]


def row_label(kind: HandKind, value: int) -> str:
    """The row label: 'hard 16', 'soft 18', 'pair 8', 'pair A'."""
    # TRANSLATORS: a strategy chart's row labels sit in a narrow column; keep them short
    if kind is HandKind.PAIR:
        return pgettext("chart row", "pair {card}").format(card=LABELS[value - 1])
    if kind is HandKind.SOFT:
        return pgettext("chart row", "soft {total}").format(total=value)
    return pgettext("chart row", "hard {total}").format(total=value)


@dataclass(frozen=True, slots=True)
class ChartCell:
    """One cell of a chart: the hand row, the up card (points, None without one) and the code."""

    kind: HandKind
    value: int
    """The row's total, or the points of the pair's card (1 for aces)."""
    up: int | None
    code: Code

    @property
    def hand(self) -> str:
        """The row label, such as 'hard 16'."""
        return row_label(self.kind, self.value)

    @property
    def dealer_up(self) -> str:
        """The column label, such as 'T'."""
        return up_label(self.up)


@dataclass(frozen=True)
class StrategyChart:
    """A basic strategy chart for one rule set.

    >>> chart = StrategyChart.from_codes("demo", [None], {("hard", 16, None): "H"})
    >>> chart.lookup(HandKind.HARD, 16, None)
    <Code.H: 'H'>
    """

    rules_name: str
    ups: tuple[int | None, ...]
    """The columns: up cards by points in printed order, or (None,) when the dealer shows none."""
    cells: tuple[ChartCell, ...]
    double_after_split: bool = True
    pair_by_value: bool = False
    _index: dict[tuple[HandKind, int, int | None], Code] = field(
        init=False, repr=False, compare=False, default_factory=dict
    )

    def __post_init__(self) -> None:
        self._index.update({(c.kind, c.value, c.up): c.code for c in self.cells})

    @classmethod
    def from_codes(
        cls,
        rules_name: str,
        ups: Sequence[int | None],
        codes: dict[tuple[str, int, int | None], str],
        *,
        double_after_split: bool = True,
        pair_by_value: bool = False,
    ) -> StrategyChart:
        """A chart from (kind word, value, up) -> code text, as stored in the cache."""
        cells = tuple(
            ChartCell(HandKind(kind), value, up, Code(code)) for (kind, value, up), code in codes.items()
        )
        return cls(rules_name, tuple(ups), cells, double_after_split, pair_by_value)

    def codes(self) -> dict[tuple[str, int, int | None], str]:
        """Every cell as (kind word, value, up) -> code text (the inverse of `from_codes`)."""
        return {(c.kind.value, c.value, c.up): c.code.value for c in self.cells}

    def lookup(self, kind: HandKind, value: int, up: int | None) -> Code:
        """The code in one cell; hard totals under 4 read as hard 4, and soft 12 is A,A unsplit.

        Raises KeyError for a cell the chart does not have.
        """
        if kind is HandKind.HARD:
            value = max(value, 4)
        return self._index[(kind, value, up if self.ups != (None,) else None)]

    def rows(self, *, printed: bool = True) -> Iterator[tuple[str, tuple[Code, ...]]]:
        """Each row's label and its codes in column order (the printed rows, or every row)."""
        rows: Iterable[tuple[HandKind, int]] = ROWS if printed else (*EXTRA_ROWS, *ROWS)
        for kind, value in rows:
            yield row_label(kind, value), tuple(self.lookup(kind, value, up) for up in self.ups)

    def decide(
        self, total: int, soft: bool, pair: int | None, up: int | None, legal: frozenset[Action]
    ) -> Action:
        """The chart's action for a hand given by its best total, softness and pair card.

        `pair` is the points of a pair's card when the hand is a pair (else None); `legal`
        is what the round allows now. Offers are answered too: early surrender follows
        the chart's R cells, and insurance and even money are always declined.
        """
        if Action.NO_INSURANCE in legal:
            return Action.NO_INSURANCE
        if Action.NO_EVEN_MONEY in legal:
            return Action.NO_EVEN_MONEY
        if Action.NO_SURRENDER in legal:
            code = self._code_for(total, soft, pair, up, splittable=pair is not None)
            return Action.SURRENDER if code.surrenders else Action.NO_SURRENDER
        if total >= 21:
            return Action.STAND
        code = self._code_for(total, soft, pair, up, splittable=pair is not None and Action.SPLIT in legal)
        return self._resolve(code, total, soft, up, legal)

    def _code_for(
        self, total: int, soft: bool, pair: int | None, up: int | None, *, splittable: bool
    ) -> Code:
        if pair is not None and splittable:
            return self.lookup(HandKind.PAIR, pair, up)
        if soft:
            return self.lookup(HandKind.SOFT, total, up)
        return self.lookup(HandKind.HARD, total, up)

    def _resolve(
        self, code: Code, total: int, soft: bool, up: int | None, legal: frozenset[Action]
    ) -> Action:
        hit = Action.HIT if Action.HIT in legal else Action.STAND
        if code.surrenders and Action.SURRENDER in legal:
            return Action.SURRENDER
        if code in (Code.P, Code.RP) or (code is Code.PH and self.double_after_split):
            if Action.SPLIT in legal:
                return Action.SPLIT
            return self._resolve(self._code_for(total, soft, None, up, splittable=False), total, soft, up,
                                 legal)
        if code in (Code.D, Code.DS):
            if Action.DOUBLE in legal:
                return Action.DOUBLE
            return hit if code is Code.D else Action.STAND
        if code in (Code.H, Code.RH, Code.PH):
            return hit
        return Action.STAND

    def action(
        self, player_cards: Sequence[Card], up_card: Card | None, legal_actions: Iterable[Action]
    ) -> Action:
        """The engine action the chart takes for a concrete hand, given what is legal now.

        `up_card` may be None only for a chart without up-card columns (`double-up`);
        otherwise OddsError is raised.

        >>> from engine.cards import parse_cards
        >>> chart = StrategyChart.from_codes("demo", [10], {("hard", 16, 10): "Rh"})
        >>> chart.action(parse_cards("T 6"), Card.parse("K"), {Action.HIT, Action.STAND})
        <Action.HIT: 'hit'>
        """
        legal = frozenset(legal_actions)
        if up_card is None and self.ups != (None,):
            raise OddsError("this chart reads the dealer's up card; give it")
        total, soft = hand_total(player_cards)
        pair = (
            player_cards[0].points
            if len(player_cards) == 2 and is_pair(player_cards, by_value=self.pair_by_value)
            else None
        )
        up = None if up_card is None or self.ups == (None,) else up_card.points
        return self.decide(total, soft, pair, up, legal)
