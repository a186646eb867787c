"""Drills: chosen spots practised under one table's rules, judged against its chart with every play's EV.

A `Spot` is a decision on its own: the player's cards, the dealer's up card and what is
asked (a play, insurance, even money, early surrender). `spots(family, rules)` lists
every spot of a family that can happen under the rules (a family the rules rule out is
refused with a sentence); `draw_spot` picks one with a seeded RNG, giving the cards
suits; `parse_spots` reads a custom list ("16 vs T, A7 vs 9, 88 vs 6"). `judge` answers
with the rules' basic strategy chart (the same chart the table's coach judges by) and
each legal play's EV from `engine.odds.hint` (the same numbers as the coach's).

The count drill deals cards from a shuffled shoe in flashes (one card, or a round's
worth at once); `count_answer` says the running count, the decks left (to the nearest
half deck, as a counter estimates them) and the true count.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import Enum

from engine.actions import Action
from engine.cards import Card, Rank, Suit, card
from engine.coach import describe_hand, describe_up_card, gerund, percent_of_bet
from engine.errors import BlackjackError
from engine.hand import hand_total, is_natural
from engine.i18n import N_, _, number, percent, pgettext
from engine.legality import (
    early_surrender_offered,
    even_money_offered,
    insurance_offered,
    why_not_double,
    why_not_split,
    why_not_surrender,
)
from engine.odds import Hint, StrategyChart, basic_strategy, hint
from engine.round import DecisionKind
from engine.rules import Rules, Surrender
from engine.shoe import shuffle_cards


class DrillError(BlackjackError):
    """A drill that cannot be set up: a family these rules rule out, or a custom list that does not read."""


class Family(Enum):
    """A kind of spot to practise."""

    HARD = "hard"
    SOFT = "soft"
    PAIRS = "pairs"
    SURRENDER = "surrender"
    INSURANCE = "insurance"
    CUSTOM = "custom"
    MISTAKES = "mistakes"

    @property
    def label(self) -> str:
        """The family's name on screen: 'Hard totals', 'My mistakes'."""
        return _(_LABELS[self])


_LABELS = {
    Family.HARD: N_("Hard totals"),
    Family.SOFT: N_("Soft totals"),
    Family.PAIRS: N_("Pairs"),
    Family.SURRENDER: N_("Surrender"),
    Family.INSURANCE: N_("Insurance"),
    Family.CUSTOM: N_("Custom list"),
    Family.MISTAKES: N_("My mistakes"),
}

_UPS = (Rank.TWO, Rank.THREE, Rank.FOUR, Rank.FIVE, Rank.SIX, Rank.SEVEN, Rank.EIGHT, Rank.NINE, Rank.TEN,
        Rank.ACE)
_BY_POINTS = {1: Rank.ACE, **{r.points: r for r in Rank if 2 <= r.points <= 9}, 10: Rank.TEN}
_TENS = (Rank.TEN, Rank.JACK, Rank.QUEEN, Rank.KING)


@dataclass(frozen=True, slots=True)
class Spot:
    """One decision to practise: the player's cards against the dealer's up card, and what is asked."""

    cards: tuple[Card, ...]
    up: Card
    kind: DecisionKind = DecisionKind.PLAY
    from_split: bool = False
    hands: int = 1
    exact: bool = False
    """Whether the ranks are the very ones dealt (a spot from play): drawn as they are. Otherwise a
    ten (`Rank.TEN`) stands for any ten-valued card and `draw_spot` picks its face."""

    @property
    def name(self) -> str:
        """The spot as a custom list writes it, by points: '16 vs T', 'A7 vs 9', '88 vs 6'.

        >>> from engine.cards import parse_cards
        >>> Spot(parse_cards("T 6"), Card.parse("K")).name, Spot(parse_cards("A 7"), Card.parse("9")).name
        ('T6 vs T', 'A7 vs 9')
        """
        return "".join(_point_label(c) for c in self.cards) + " vs " + _point_label(self.up)

    def describe(self) -> str:
        """The spot in words: '16 against a 10', 'a pair of 8s against a 6'; offers say what is offered."""
        words = {"hand": describe_hand(self.cards), "up": describe_up_card(self.up)}
        if self.kind is DecisionKind.INSURANCE:
            return _("{hand} against {up}: insurance?").format(**words)
        if self.kind is DecisionKind.EVEN_MONEY:
            return _("{hand} against {up}: even money?").format(**words)
        if self.kind is DecisionKind.EARLY_SURRENDER:
            return _("{hand} against {up}: early surrender?").format(**words)
        return _("{hand} against {up}").format(**words)


def _point_label(c: Card) -> str:
    return "A" if c.rank.is_ace else ("T" if c.points == 10 else str(c.points))


def legal_actions(rules: Rules, spot: Spot) -> frozenset[Action]:
    """What the rules let the player do in a spot (as the round would offer it).

    >>> from engine.cards import parse_cards
    >>> from engine.rulesets import load_rules
    >>> spot = Spot(parse_cards("8 8"), Card.parse("T"))
    >>> sorted(a.value for a in legal_actions(load_rules("vegas-strip"), spot))
    ['double', 'hit', 'split', 'stand', 'surrender']
    """
    if spot.kind is DecisionKind.INSURANCE:
        return frozenset((Action.INSURANCE, Action.NO_INSURANCE))
    if spot.kind is DecisionKind.EVEN_MONEY:
        return frozenset((Action.EVEN_MONEY, Action.NO_EVEN_MONEY))
    if spot.kind is DecisionKind.EARLY_SURRENDER:
        return frozenset((Action.SURRENDER, Action.NO_SURRENDER))
    split_aces = spot.from_split and spot.cards[0].rank.is_ace
    legal = {Action.STAND}
    if not split_aces or rules.hit_split_aces:
        legal.add(Action.HIT)
    if why_not_double(rules, spot.cards, spot.from_split, split_aces, 0, 0, "the hand") is None:
        legal.add(Action.DOUBLE)
    if why_not_split(rules, spot.cards, spot.hands, split_aces, 0, 0, "the hand") is None:
        legal.add(Action.SPLIT)
    if not spot.from_split and why_not_surrender(rules, spot.up, spot.hands, len(spot.cards)) is None:
        legal.add(Action.SURRENDER)
    return frozenset(legal)


def why_not_spot(rules: Rules, spot: Spot) -> str | None:
    """Why a spot cannot come up under these rules, or None when it can."""
    total = hand_total(spot.cards)[0]
    if rules.dealer_draws_after_players:
        return _("at these rules the dealer shows no up card while the players decide")
    if total > 21:
        return _("the hand is bust with {total}").format(total=total)
    if spot.kind is DecisionKind.PLAY and total == 21:
        return _("the hand is 21 already: there is nothing to decide")
    offer = spot.kind in (DecisionKind.INSURANCE, DecisionKind.EVEN_MONEY)
    if offer and not insurance_offered(rules, spot.up):
        if rules.insurance:
            return _("insurance is offered only against an ace")
        return _("no insurance is offered")
    if spot.kind is DecisionKind.EVEN_MONEY and not even_money_offered(rules, is_natural(spot.cards)):
        return _("even money is offered only to a blackjack, at a table that offers it")
    if spot.kind is DecisionKind.EARLY_SURRENDER and not early_surrender_offered(rules, spot.up):
        return _("these rules offer no early surrender against this card")
    if len(legal_actions(rules, spot)) < 2:
        return _("the hand has only one thing it may do")
    return None


def _hand(points: Sequence[int]) -> tuple[Card, ...]:
    return tuple(card(_BY_POINTS[p]) for p in points)


def _play_spot(rules: Rules, points: Sequence[int], up: Rank) -> Spot:
    """A first-decision spot, asked as an early-surrender offer where the rules ask that first."""
    spot = Spot(_hand(points), card(up))
    if early_surrender_offered(rules, spot.up) and not is_natural(spot.cards):
        return Spot(spot.cards, spot.up, DecisionKind.EARLY_SURRENDER)
    return spot


def spots(family: Family, rules: Rules) -> tuple[Spot, ...]:
    """Every spot of a generated family that these rules allow (suitless cards, one hand per total).

    Raises DrillError saying why when the rules leave the family empty, or for the custom
    and mistakes families (they come from a list and the history).

    >>> from engine.rulesets import load_rules
    >>> spots(Family.SURRENDER, load_rules("downtown"))
    Traceback (most recent call last):
    engine.drills.DrillError: Downtown has no surrender, so there are no surrender spots to practise.
    """
    if family in (Family.CUSTOM, Family.MISTAKES):
        raise DrillError(_("{family} spots come from a list, not from the rules").format(family=family.label))
    if rules.dealer_draws_after_players:
        raise DrillError(_("{rules} shows no up card while players decide, so there are no drills.").format(
            rules=rules.name))
    found: list[Spot] = []
    if family is Family.HARD:
        for total in range(5, 21):
            for low in range(2, 11):
                high = total - low
                if low < high <= 10:
                    found += [_play_spot(rules, (low, high), up) for up in _UPS]
    elif family is Family.SOFT:
        found = [_play_spot(rules, (1, other), up) for other in range(2, 10) for up in _UPS]
    elif family is Family.PAIRS:
        if not rules.splitting_allowed:
            raise DrillError(_("{rules} allows no splitting, so there are no pair spots to practise.").format(
                rules=rules.name))
        found = [_play_spot(rules, (p, p), up) for p in (2, 3, 4, 5, 6, 7, 8, 9, 10, 1) for up in _UPS]
    elif family is Family.SURRENDER:
        if rules.surrender is Surrender.NONE:
            raise DrillError(_(
                "{rules} has no surrender, so there are no surrender spots to practise."
            ).format(rules=rules.name))
        hands = [(low, total - low) for total in range(12, 18) for low in (5, 6, 7)
                 if low < total - low <= 10] + ([(8, 8)] if rules.splitting_allowed else [])
        ups = (Rank.EIGHT, Rank.NINE, Rank.TEN, Rank.ACE)
        found = [_play_spot(rules, h, up) for h in hands for up in ups]
    elif family is Family.INSURANCE:
        if not insurance_offered(rules, card(Rank.ACE)):
            raise DrillError(_(
                "{rules} has no insurance, so there are no insurance spots to practise."
            ).format(rules=rules.name))
        ace = card(Rank.ACE)
        asked = ((10, 6), (10, 9), (9, 2), (8, 8), (1, 6))
        found = [Spot(_hand(h), ace, DecisionKind.INSURANCE) for h in asked]
        if rules.even_money:
            found.append(Spot(_hand((1, 10)), ace, DecisionKind.EVEN_MONEY))
    kept = tuple(s for s in found if why_not_spot(rules, s) is None)
    if not kept:
        raise DrillError(_("{rules} allows no {family} spots to practise.").format(
            rules=rules.name, family=family.label.lower()))
    return kept


def practicable(rules: Rules, candidates: Iterable[Spot]) -> tuple[Spot, ...]:
    """The spots (a custom list, a person's mistakes) these rules can deal, each once, in their order.

    Each keeps its ranks, so an exact spot (one from play) is drilled as it was dealt: a
    split J J stays a pair of jacks, not a ten and a queen. Only the suits go, for
    `draw_spot` to give. Raises DrillError when none is left, saying so.

    >>> from engine.cards import parse_cards
    >>> from engine.rulesets import load_rules
    >>> missed = Spot(parse_cards("Jh Js"), Card.parse("6d"), exact=True)
    >>> [(s.cards, s.up) for s in practicable(load_rules("vegas-strip"), [missed, missed])]
    [((J, J), 6)]
    """
    kept: dict[Spot, None] = {}
    for spot in candidates:
        suitless = Spot(tuple(card(c.rank) for c in spot.cards), card(spot.up.rank), spot.kind,
                        spot.from_split, spot.hands, spot.exact)
        if suitless not in kept and why_not_spot(rules, suitless) is None:
            kept[suitless] = None
    if not kept:
        raise DrillError(_("none of these spots can come up at {rules}").format(rules=rules.name))
    return tuple(kept)


def draw_spot(choices: Sequence[Spot], rng: random.Random) -> Spot:
    """One of the spots, its cards given suits (and a ten its face) by the RNG, so it looks dealt.

    What made the spot that spot stays: an exact spot keeps every rank; the two tens of a
    pair get one face, so the pair is still a pair at a table that pairs by rank.

    >>> from engine.cards import parse_cards
    >>> pair = Spot(parse_cards("T T"), Card.parse("6"))
    >>> [len({c.rank for c in draw_spot([pair], random.Random(seed)).cards}) for seed in range(5)]
    [1, 1, 1, 1, 1]
    """
    spot = rng.choice(list(choices))
    faces: dict[Rank, Rank] = {}
    pair = len(spot.cards) == 2 and spot.cards[0].rank is spot.cards[1].rank

    def dealt(c: Card, *, shared: bool) -> Card:
        rank = c.rank
        if c.rank is Rank.TEN and c.suit is None and not spot.exact:
            face = rng.choice(_TENS)  # drawn for every ten alike, so seeds deal as they always have
            rank = faces.setdefault(c.rank, face) if shared else face
        return card(rank, c.suit or rng.choice(list(Suit)))

    cards = tuple(dealt(c, shared=pair) for c in spot.cards)
    return Spot(cards, dealt(spot.up, shared=False), spot.kind, spot.from_split, spot.hands, spot.exact)


_ITEM = re.compile(r"^\s*(?P<hand>\S+)\s+(?:vs\.?|v|against|@)\s+(?P<up>\S+)\s*$", re.IGNORECASE)
_SYMBOLS = {"A": 1, "T": 10, "J": 10, "Q": 10, "K": 10, "10": 10, **{str(p): p for p in range(2, 10)}}


def parse_spots(text: str, rules: Rules) -> tuple[Spot, ...]:
    """Read a custom list of spots, comma or semicolon separated: '16 vs T, A7 vs 9, 88 vs 6, 12 vs 4'.

    A hand is a hard total (5-19), or its cards ('A7', '88', 'T6'); an up card is
    A, 2-9 or T (10, J, Q, K). Raises DrillError naming each item that does not read, or
    that these rules cannot deal, and why.

    >>> from engine.rulesets import load_rules
    >>> [s.name for s in parse_spots("16 vs T, A7 vs 9, 88 vs 6", load_rules("vegas-strip"))]
    ['T6 vs T', 'A7 vs 9', '88 vs 6']
    >>> parse_spots("17 vs Z", load_rules("vegas-strip"))
    Traceback (most recent call last):
    engine.drills.DrillError: item 1 "17 vs Z": the up card Z is not a card (use A, 2-9 or T).
    """
    items = [item.strip() for item in re.split(r"[,;\n]", text)]
    items = [item for item in items if item]
    if not items:
        raise DrillError(_('the list is empty: write spots like "16 vs T, A7 vs 9"'))
    out: list[Spot] = []
    problems: list[str] = []
    for position, item in enumerate(items, start=1):
        try:
            out.append(_parse_item(item, rules))
        except DrillError as error:
            problems.append(_('item {number} "{item}": {problem}').format(
                number=position, item=item, problem=error))
    if problems:
        raise DrillError("; ".join(problems) + ".")
    return tuple(out)


def _parse_item(item: str, rules: Rules) -> Spot:
    match = _ITEM.match(item.replace(",", " "))
    if match is None:
        raise DrillError(_('write it as a hand, "vs" and an up card, like "16 vs T"'))
    hand_text, up_text = match["hand"].upper(), match["up"].upper()
    if up_text not in _SYMBOLS:
        raise DrillError(_("the up card {card} is not a card (use A, 2-9 or T)").format(card=match["up"]))
    up = card(_BY_POINTS[_SYMBOLS[up_text]])
    if hand_text.isdigit() and int(hand_text) <= 21:  # a total; more digits are cards ("88")
        points: tuple[int, ...] = _hard_total(int(hand_text))
    else:
        symbols = re.findall(r"10|[A2-9TJQK]", hand_text)
        if "".join(symbols) != hand_text or len(symbols) < 2:
            raise DrillError(
                _("the hand {hand} is neither a hard total (5-19) nor cards (like A7, 88, T6)").format(
                    hand=match["hand"]))
        points = tuple(_SYMBOLS[s] for s in symbols)
    spot = _play_spot(rules, points, up.rank)
    if is_natural(spot.cards) and insurance_offered(rules, up) and even_money_offered(rules, True):
        spot = Spot(spot.cards, up, DecisionKind.EVEN_MONEY)
    why = why_not_spot(rules, spot)
    if why is not None:
        raise DrillError(why)
    return spot


def _hard_total(total: int) -> tuple[int, int]:
    """Two cards making a hard total, not a pair: 16 is T6, 12 is T2, 5 is 2 3."""
    if not 5 <= total <= 19:
        raise DrillError(
            _("a hard total must be 5-19 (write a pair as its cards, like TT), not {total}").format(
                total=total))
    high = min(10, total - 2)
    if high == total - high:
        high -= 1
    return (high, total - high)


@dataclass(frozen=True, slots=True)
class Verdict:
    """An answer to a spot judged: the chart's play, every legal play's EV (best first), right or wrong."""

    spot: Spot
    answer: Action | None
    """What the player chose (None when the time ran out)."""
    best: Action
    """The basic strategy chart's play for the spot under these rules."""
    priced: Hint
    """Every legal play's EV per unit bet (`engine.odds.hint`, as the coach prices it)."""

    @property
    def ranked(self) -> tuple[tuple[Action, float], ...]:
        """Every legal play with its EV per unit bet, highest first."""
        return self.priced.ranked

    @property
    def correct(self) -> bool:
        """Whether the answer is the chart's play."""
        return self.answer is self.best

    @property
    def cost(self) -> float:
        """EV given up against the chart's play, per unit bet (0 when right or not priced)."""
        values = self.priced.values
        if self.answer is None or self.answer not in values or self.best not in values:
            return 0.0
        return self.priced.cost_against(self.answer, self.best)

    @property
    def headline(self) -> str:
        """The verdict in a few words: 'Right', "Time's up", 'Wrong', or 'Not the chart's play'
        (an answer the chart rejects that is worth as much or more with these exact cards)."""
        if self.answer is None:
            return pgettext("drill verdict", "Time's up")
        if self.correct:
            return pgettext("drill verdict", "Right")
        if self._worth_as_much:
            return pgettext("drill verdict", "Not the chart's play")
        return pgettext("drill verdict", "Wrong")

    @property
    def _worth_as_much(self) -> bool:
        """Whether a wrong answer is worth as much as the chart's play or more with these exact cards."""
        values = self.priced.values
        return self.answer is not None and values.get(self.answer, -9.0) >= values.get(self.best, 9.0)

    def summary(self) -> str:
        """The feedback: 'Right: hitting.' or 'Wrong: standing costs 3.2% of the bet; hitting is the play.'"""
        best = gerund(self.best)
        if self.answer is None:
            return _("Time's up: {play} is the play.").format(play=best)
        if self.correct:
            return _("Right: {play}.").format(play=best)
        if not self._worth_as_much:
            return _("Wrong: {answer} costs {cost} of the bet; {play} is the play.").format(
                answer=gerund(self.answer), cost=percent(self.cost, 1), play=best)
        better = self.priced.ev(self.answer) - self.priced.ev(self.best)
        return _(
            "Not the chart's play: {play} is (with these exact cards {answer} is worth {gain} more)."
        ).format(play=best, answer=gerund(self.answer), gain=percent(better, 1))

    def ev_lines(self) -> list[str]:
        """Each legal play with its EV: 'hitting -0.532 (expected -53% of the bet)'."""
        return [f"{gerund(action)} {_signed_ev(value)} ({percent_of_bet(value)})"
                for action, value in self.ranked]


def _signed_ev(value: float) -> str:
    """An EV per unit bet to three places with its sign, in the locale's digits: '+0.532', '-1.048'."""
    return ("-" if value < 0 else "+") + number(abs(value), 3)


def judge(rules: Rules, spot: Spot, answer: Action | None, chart: StrategyChart | None = None) -> Verdict:
    """Judge an answer to a spot against the rules' chart, with each legal play's EV.

    `chart` defaults to `basic_strategy(rules)` (computed once, then cached). Raises
    DrillError for a spot the rules cannot deal or an answer that is not one of its plays.

    >>> from engine.cards import parse_cards
    >>> from engine.rulesets import load_rules
    >>> v = judge(load_rules("downtown"), Spot(parse_cards("T 6"), Card.parse("T")), Action.STAND)
    >>> v.best, v.correct, v.summary()
    (<Action.HIT: 'hit'>, False, 'Wrong: standing costs 1.8% of the bet; hitting is the play.')
    """
    why = why_not_spot(rules, spot)
    if why is not None:
        raise DrillError(_("{spot} cannot come up: {why}").format(spot=spot.name, why=why))
    legal = legal_actions(rules, spot)
    if answer is not None and answer not in legal:
        raise DrillError(_("{play} is not one of the plays here").format(play=gerund(answer)))
    best = (chart or basic_strategy(rules)).action(spot.cards, spot.up, legal)
    priced = hint(rules, spot.cards, spot.up, None, legal, from_split=spot.from_split, hands=spot.hands)
    return Verdict(spot, answer, best, priced)


# ---- the count drill ---------------------------------------------------------------------


TRUE_COUNT_TOLERANCE = 0.5
"""How far a whole-number true count may be from the exact one and still be right."""


@dataclass(frozen=True, slots=True)
class CountAnswer:
    """What a count drill asks after its cards: the running count, decks left and the true count."""

    running: int
    decks_left: float
    """The decks still in the shoe, to the nearest half deck (as a counter estimates them)."""

    @property
    def true_count(self) -> float:
        """The running count per deck left."""
        return self.running / self.decks_left

    def true_right(self, answer: int) -> bool:
        """Whether a whole-number answer is within half a point of the true count.

        >>> [CountAnswer(7, 2.0).true_right(n) for n in (2, 3, 4)]
        [False, True, True]
        """
        return abs(answer - self.true_count) <= TRUE_COUNT_TOLERANCE


CUT_CARD_RESERVE = 26
"""Cards left behind the cut card when a count drill's shoe is cut (half a deck)."""


def most_flashes(decks: int, per_flash: int, wanted: int) -> int:
    """How many flashes (up to `wanted`) `count_flashes` can always deal before the cut card.

    A single deck holds two rounds' worth of eight cards (and the hits), not six:

    >>> most_flashes(1, 8, 6), most_flashes(6, 8, 6), most_flashes(1, 1, 20)
    (2, 6, 20)
    """
    largest = per_flash if per_flash == 1 else per_flash + 2  # a round's worth grows by up to two hits
    return max(0, min(wanted, (decks * 52 - CUT_CARD_RESERVE) // largest))


def count_flashes(
    decks: int, rng: random.Random, *, flashes: int, per_flash: int
) -> tuple[tuple[Card, ...], ...]:
    """Cards from the top of a freshly shuffled shoe in `flashes` groups: one card, or a round of `per_flash`.

    A round's worth varies by a card or two each time, as rounds do (hits).
    Raises DrillError when the shoe cannot hold that many cards (`most_flashes` says how many it can).
    """
    if decks < 1:
        raise DrillError("a count drill needs a shoe of at least one deck")
    shoe = [card(rank, suit) for _ in range(decks) for suit in Suit for rank in Rank]
    shuffle_cards(shoe, rng)
    sizes = [per_flash if per_flash == 1 else max(2, per_flash + rng.randint(-1, 2)) for _ in range(flashes)]
    if sum(sizes) > len(shoe) - CUT_CARD_RESERVE:
        raise DrillError(f"{sum(sizes)} cards is more than a {decks}-deck shoe deals before its cut card")
    out, at = [], 0
    for size in sizes:
        out.append(tuple(shoe[at : at + size]))
        at += size
    return tuple(out)


def count_answer(flashes: Sequence[Sequence[Card]], decks: int) -> CountAnswer:
    """The Hi-Lo running count of the cards shown and the decks left after them, as a counter estimates them.

    Both come from `engine.counting`: the count's tags, and the decks left to the nearest half
    deck (ties up, never under half a deck).

    >>> from engine.cards import parse_cards
    >>> a = count_answer([parse_cards("2 5 6"), parse_cards("K A 3")], 2)
    >>> a.running, a.decks_left, a.true_count
    (2, 2.0, 1.0)
    """
    from engine.counting import HI_LO, Precision, decks_left_cards, running_count

    shown = [c for group in flashes for c in group]
    left = decks_left_cards(decks * 52 - len(shown), Precision.HALF)
    return CountAnswer(int(running_count(HI_LO, shown)), left / 52)
