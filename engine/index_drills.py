"""Deviation drills: spots near each index play of a table, the count shown, judged as a counter plays them.

`prepare(rules, system)` works out what judging needs: the index plays generated for the
rules and count system (`engine.odds.indices.index_plays`) and the basic strategy chart.
It takes seconds the first time (both are cached after), so the game runs it off the
frame loop. `IndexDrill.questions(family)` lists every spot of a family: each index
play's hand against its up card at the index, one above it and one below it, so both of
its plays come up. The count is the true count, or the running count for an unbalanced
system (its indices are running counts).

The right play is the counter bot's (`CounterBot.decide_at`) at the count shown, holding
every generated play, as the table's counter plays: the index's own play on each side of
it (its play at or above the index there, its play below it under). A play that is not a
surrender index is asked with surrender set aside, as index tables give them.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, replace
from enum import Enum

from engine.actions import Action
from engine.bots.counter import CounterBot, IndexPlay
from engine.bots.view import SeatView
from engine.cards import Card, parse_cards
from engine.coach import describe_hand, infinitive, soft_total
from engine.counting import CountSystem
from engine.drills import DrillError, Spot, draw_spot, legal_actions, why_not_spot
from engine.i18n import N_, _, pgettext
from engine.odds import StrategyChart, basic_strategy
from engine.odds.composition import LABELS
from engine.round import DecisionKind
from engine.rules import Rules, Surrender

OFFSETS = (-1, 0, 1)
"""The counts asked around an index: one below it, at it, one above it."""

TEST_SIZE = 20
"""How many spots an index test asks."""

ILLUSTRIOUS = "Illustrious 18"
"""The group the index table gives its most valuable non-surrender plays."""
FAB = "Fab 4"
"""The group the index table gives its most valuable surrender plays."""


class IndexFamily(Enum):
    """Which index plays a deviation drill asks about."""

    ILLUSTRIOUS = "illustrious-18"
    FAB = "fab-4"
    ALL = "all-indices"

    @property
    def label(self) -> str:
        """The family's name on screen: 'Illustrious 18', 'Fab 4', 'All indices'."""
        return _(_FAMILY_LABELS[self])

    def holds(self, play: IndexPlay) -> bool:
        """Whether a play belongs to the family (by the group the index table gives it, in English)."""
        return self is IndexFamily.ALL or play.group == _FAMILY_LABELS[self]


_FAMILY_LABELS = {
    IndexFamily.ILLUSTRIOUS: ILLUSTRIOUS, IndexFamily.FAB: FAB, IndexFamily.ALL: N_("All indices"),
}
"""The families' names, which for the two named groups are also the groups' keys (shown translated)."""


@dataclass(frozen=True, slots=True)
class Question:
    """One deviation spot: the hand against the up card at a count, near one index play."""

    spot: Spot
    count: int
    """The count shown: the true count, or an unbalanced system's running count."""
    play: IndexPlay
    """The index play the spot is near."""
    legal: frozenset[Action]
    """The plays offered (surrender set aside unless the index is a surrender index)."""


@dataclass(frozen=True, slots=True)
class IndexVerdict:
    """An answer to a question, and the play the index gives at its count."""

    question: Question
    answer: Action | None
    """What the player chose (None: no answer)."""
    right: Action
    balanced: bool
    """Whether the count shown is a true count (else an unbalanced system's running count)."""

    @property
    def correct(self) -> bool:
        """Whether the answer is the index's play at the count."""
        return self.answer is self.right

    @property
    def headline(self) -> str:
        """'Right', 'Wrong' or "Time's up"."""
        if self.correct:
            return pgettext("drill verdict", "Right")
        if self.answer is None:
            return pgettext("drill verdict", "Time's up")
        return pgettext("drill verdict", "Wrong")

    def summary(self) -> str:
        """'Right: stand.' or 'Wrong: you hit; stand is the play.'"""
        if self.correct:
            return _("Right: {play}.").format(play=verb(self.right))
        if self.answer is None:
            return _("Time's up: {play} is the play.").format(play=verb(self.right))
        return _("Wrong: you {answer}; {play} is the play.").format(
            answer=verb(self.answer), play=verb(self.right))

    def count_line(self) -> str:
        """The count the spot was asked at: 'The true count was +1.'"""
        count = signed(self.question.count)
        if self.balanced:
            return _("The true count was {count}.").format(count=count)
        return _("The running count was {count}.").format(count=count)

    def miss_line(self) -> str:
        """A miss as the index test lists it: '16 v 10 at +1: you hit, stand is right (stand at ...)'."""
        q = self.question
        words = {"spot": spot_words(q), "count": signed(q.count), "play": verb(self.right),
                 "rule": rule_words(q.play)}
        if self.answer is None:
            return _("{spot} at {count}: no answer, {play} is right ({rule})").format(**words)
        return _("{spot} at {count}: you {answer}, {play} is right ({rule})").format(
            answer=verb(self.answer), **words)


def signed(count: int) -> str:
    """A count as printed: '+2', '0', '-1'.

    >>> signed(2), signed(0), signed(-1)
    ('+2', '0', '-1')
    """
    return f"{count:+d}" if count else "0"


def count_name(balanced: bool) -> str:
    """'true count', or 'running count' for an unbalanced system."""
    return _("true count") if balanced else _("running count")


def verb(action: Action) -> str:
    """A play as an order: 'stand', 'double', 'insure', "don't insure"."""
    if action is Action.INSURANCE:
        return pgettext("an order", "insure")
    if action is Action.NO_INSURANCE:
        return pgettext("an order", "don't insure")
    if action in (Action.HIT, Action.STAND, Action.DOUBLE, Action.SPLIT, Action.SURRENDER):
        return infinitive(action)  # the coach's orders: 'hit', 'stand', ... as the action's name
    return str(action.value)


def _up_words(up: int) -> str:
    return {1: "A", 10: "10"}.get(up, str(up))


def hand_words(play: IndexPlay) -> str:
    """A play's row and up card: '16 v 10', 'soft 18 v A', '8,8 v 10', '10,10 v 5', 'insurance'.

    >>> from engine.bots.counter import ILLUSTRIOUS_18
    >>> [hand_words(p) for p in ILLUSTRIOUS_18[:4]]
    ['insurance', '16 v 10', '15 v 10', '10,10 v 5']
    """
    kind, _sep, value = play.hand.partition(" ")
    if kind == "insurance":
        return pgettext("an index row", "insurance")
    pair = "10" if value == "T" else value
    hand = f"{pair},{pair}" if kind == "pair" else (value if kind == "hard" else soft_total(int(value)))
    return _("{hand} v {up}").format(hand=hand, up=_up_words(play.up))


def rule_words(play: IndexPlay) -> str:
    """The index as a counter learns it: 'stand at +1 or above, else hit'.

    >>> from engine.bots.counter import ILLUSTRIOUS_18, FAB_4
    >>> rule_words(ILLUSTRIOUS_18[1]), rule_words(FAB_4[1])
    ('stand at 0 or above, else hit', 'surrender at 0 or above, else basic strategy')
    """
    below = _("basic strategy") if play.below is None else verb(play.below)
    return _("{play} at {index} or above, else {below}").format(
        play=verb(play.at_or_above), index=signed(play.index), below=below)


def index_words(play: IndexPlay) -> str:
    """The index in one line: '16 v 10: stand at 0 or above, else hit'."""
    words = hand_words(play)
    return f"{words[:1].upper()}{words[1:]}: {rule_words(play)}"


def spot_words(question: Question) -> str:
    """The spot as the feedback names it: '16 v 10' (its cards' total, or 'insurance')."""
    if question.spot.kind is not DecisionKind.PLAY:
        return pgettext("an index row", "insurance")
    return _("{hand} v {up}").format(hand=describe_hand(question.spot.cards, article=False),
                                     up=_up_words(question.spot.up.points))


def _hands(row: str) -> list[tuple[int, ...]]:
    """The two-card hands by points that make a row (never a pair for a total, which would split)."""
    kind, _sep, value = row.partition(" ")
    if kind == "insurance":
        return [(10, 6), (9, 7), (10, 2), (5, 6)]
    if kind == "pair":
        points = 1 if value == "A" else 10 if value == "T" else int(value)
        return [(points, points)]
    total = int(value)
    if kind == "soft":
        return [(1, total - 11)] if 2 <= total - 11 <= 9 else []
    return [(total - low, low) for low in range(2, 10) if low < total - low <= 10]


def _cards(points: Sequence[int]) -> tuple[Card, ...]:
    return parse_cards([LABELS[p - 1] for p in points])


class IndexDrill:
    """What a deviation drill is judged by: the rules, the count system, its index plays and the chart."""

    def __init__(
        self, rules: Rules, system: CountSystem, plays: Sequence[IndexPlay], chart: StrategyChart
    ) -> None:
        self.rules = rules
        self.system = system
        self.plays = tuple(plays)
        self.chart = chart
        self.counter = CounterBot(chart, plays=self.plays, system=system)

    @property
    def balanced(self) -> bool:
        """Whether counts are true counts (else the running counts of an unbalanced system)."""
        return self.system.balanced

    def right_play(self, spot: Spot, count: int, legal: frozenset[Action]) -> Action:
        """The counter's play of a spot at a count among the plays offered (basic strategy, every index)."""
        view = SeatView(self.rules, 0, spot.kind, spot.cards, 0, 1, spot.up, self.rules.min_bet,
                        100 * self.rules.min_bet, (), 0)
        return self.counter.decide_at(count, view, legal)

    def questions(self, family: IndexFamily) -> tuple[Question, ...]:
        """Every spot of a family these rules can deal, at each index and one count either side.

        Raises DrillError saying why when there is none (no surrender for the Fab 4, rules
        with no up card to index against, a family these rules leave empty).

        >>> from engine.rulesets import load_rules
        >>> from engine.counting import HI_LO
        >>> from engine.bots.counter import INDEX_PLAYS
        >>> rules = load_rules("vegas-strip")
        >>> drill = IndexDrill(rules, HI_LO, INDEX_PLAYS, basic_strategy(rules))
        >>> fab = [q for q in drill.questions(IndexFamily.FAB) if q.play.hand == "hard 14"]
        >>> sorted({q.count for q in fab}), sorted({q.spot.name for q in fab})
        ([2, 3, 4], ['86 vs T', '95 vs T', 'T4 vs T'])
        """
        rules = self.rules
        problem = why_no_index_drill(rules, family)
        if problem is not None:
            raise DrillError(problem)
        found: list[Question] = []
        for play in self.plays:
            if family.holds(play):
                found += self._near(play)
        if not found:
            raise DrillError(_("{rules} leaves no {family} spots to practise with {system}.").format(
                rules=rules.name, family=family.label, system=self.system.name))
        return tuple(found)

    def _near(self, play: IndexPlay) -> list[Question]:
        """A play's spots at the index and a count either side, for each hand of its row that may play it."""
        up = _cards([play.up])[0]
        kind = DecisionKind.INSURANCE if play.hand == "insurance" else DecisionKind.PLAY
        kept: list[Question] = []
        for points in _hands(play.hand):
            spot = Spot(_cards(points), up, kind)
            if why_not_spot(self.rules, spot) is not None:
                continue
            legal = legal_actions(self.rules, spot)
            own = {play.at_or_above, play.below} - {None}
            if not own <= legal:
                continue  # fixed plays the rules refuse: the Fab 4 without surrender, doubling 9 on 10-11
            # A generated surrender index may have surrender below it (17 v A stops surrendering at one).
            if Action.SURRENDER not in own:
                legal = legal - {Action.SURRENDER}
            kept += [Question(spot, play.index + k, play, legal) for k in OFFSETS]
        return kept

    def judge(self, question: Question, answer: Action | None) -> IndexVerdict:
        """Judge an answer to a question by the counter's play at its count.

        Raises DrillError for an answer that is not one of the plays offered.
        """
        if answer is not None and answer not in question.legal:
            raise DrillError(_("{play} is not one of the plays offered here").format(play=verb(answer)))
        right = self.right_play(question.spot, question.count, question.legal)
        return IndexVerdict(question, answer, right, self.balanced)


def why_no_index_drill(rules: Rules, family: IndexFamily) -> str | None:
    """Why these rules can have no index drill of a family (a sentence), or None when they may.

    >>> from engine.rulesets import load_rules
    >>> why_no_index_drill(load_rules("downtown"), IndexFamily.FAB)
    'Downtown has no surrender, so there are no Fab 4 spots to practise.'
    >>> why_no_index_drill(load_rules("downtown"), IndexFamily.ILLUSTRIOUS) is None
    True
    """
    if rules.decks is None:
        return _("{rules} deals from an endless shoe, which has no count to play indices by.").format(
            rules=rules.name)
    if rules.dealer_draws_after_players:
        return _("{rules} shows no up card while players decide, so there are no drills.").format(
            rules=rules.name)
    if family is IndexFamily.FAB and rules.surrender is Surrender.NONE:
        return _("{rules} has no surrender, so there are no Fab 4 spots to practise.").format(
            rules=rules.name)
    return None


def prepare(rules: Rules, system: CountSystem) -> IndexDrill:
    """The index drill of a rule set and count system: its generated index plays and basic strategy chart.

    Seconds the first time for a rule set and system (both are cached after). Raises
    OddsError for a game that cannot be counted or indexed (an infinite deck, no up card).
    """
    from engine.odds.indices import index_plays

    return IndexDrill(rules, system, index_plays(rules, system), basic_strategy(rules))


def _dealt(question: Question, rng: random.Random) -> Question:
    """The question with its cards given suits (and a ten its face), as `draw_spot` deals a spot."""
    return replace(question, spot=draw_spot([question.spot], rng))


def draw_question(questions: Sequence[Question], rng: random.Random) -> Question:
    """A question: an index play at random (each alike, however many hands make it), a count and a hand."""
    plays = list(dict.fromkeys(q.play for q in questions))
    play = rng.choice(plays)
    return _dealt(rng.choice([q for q in questions if q.play == play]), rng)


def index_test(
    questions: Sequence[Question], rng: random.Random, size: int = TEST_SIZE
) -> tuple[Question, ...]:
    """An index test: up to `size` questions, each index play and count at most once, in a random order."""
    by_count: dict[tuple[IndexPlay, int], list[Question]] = {}
    for q in questions:
        by_count.setdefault((q.play, q.count), []).append(q)
    chosen = rng.sample(list(by_count), min(size, len(by_count)))
    return tuple(_dealt(rng.choice(by_count[key]), rng) for key in chosen)
