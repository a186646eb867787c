"""The trainer's words: judge a decision against the odds and say it the way a coach would.

A `Situation` is what one decision looks like from the seat (its hand, the up card and
every card not yet seen); `judge()` prices each legal action with the shoe-aware hint
from `engine.odds`, and the text helpers turn the numbers into the demo's captions
("Seat 3: 16 against a 10 — hits (expected: standing -54%, hitting -53% of the bet)") and the
mistake tracker's toasts ("Standing on 12 against a 2 cost 1.4% of the bet").

A person's coach grades a play against a `Standard`: basic strategy, or what a counter
with their system plays at the count (basic strategy plus the table's index plays, applied
as the counter bot applies them); a mistake at an index names it ("16 vs 10: stand at
true 0 or above; the true count is +2").
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING

from engine import events as ev
from engine.actions import Action
from engine.bots.counter import CounterBot, IndexPlay
from engine.bots.view import SeatView
from engine.cards import Card
from engine.counting import Count, CountSystem, Precision, Rounding
from engine.hand import hand_total, is_pair
from engine.odds import Hint, hint
from engine.round import DecisionKind, Round
from engine.rules import Rules

if TYPE_CHECKING:
    from engine.odds import StrategyChart


@dataclass(frozen=True, slots=True)
class Situation:
    """One decision as the seat sees it, with every card it has not seen."""

    seat: int
    hand: int
    kind: DecisionKind
    cards: tuple[Card, ...]
    up_card: Card | None
    unseen: tuple[Card, ...] | None
    """The shoe's undealt cards plus a face-down hole card; None for an infinite deck."""
    legal: frozenset[Action]
    from_split: bool
    hands: int


@dataclass(frozen=True, slots=True)
class Judgement:
    """How an action compares with the best one for a situation."""

    situation: Situation
    action: Action
    hint: Hint
    standard: Standard | None = None
    """The play the person's coach asks for (None: the action with the highest expected value)."""

    @property
    def best(self) -> Action:
        """The play graded against: the standard's, else the action with the highest expected value."""
        return self.standard.play if self.standard is not None else self.hint.action

    @property
    def cost(self) -> float:
        """Expected value given up against `best`, per unit of the hand's bet (0 when it is `best`)."""
        if self.standard is not None:
            return self.hint.cost_against(self.action, self.best)
        return self.hint.cost(self.action)

    @property
    def is_mistake(self) -> bool:
        """Whether the action is not the standard's play; without one, whether it gives up more than
        0.05% of the bet."""
        if self.standard is not None:
            return self.action is not self.standard.play
        return self.cost > 0.0005


@dataclass(frozen=True, slots=True)
class Standard:
    """The play a person's coach grades one decision against, and the index play behind it."""

    play: Action
    basic: Action
    """Basic strategy's play (the same as `play` unless an index play changes it)."""
    count: int | None
    """The count the index plays were read at (None: judged by basic strategy alone)."""
    balanced: bool = True
    """Whether `count` is a true count (else an unbalanced system's running count)."""
    index: IndexPlay | None = None
    """The index play of this spot nearest the count that bears on the play made or asked for."""

    @property
    def index_due(self) -> bool:
        """Whether the count makes the right play an index play (a departure from basic strategy)."""
        return self.play is not self.basic


def situation(rnd: Round) -> Situation:
    """The decision the round waits on, seen from the seat being asked.

    Raises ValueError when the round is not waiting on a decision.
    """
    decision = rnd.decision
    if decision is None:
        raise ValueError("the round is not waiting on a decision")
    hands = rnd.hands(decision.seat)
    hand = hands[decision.hand]
    undealt = getattr(rnd.table.shoe, "undealt_cards", None)
    unseen: tuple[Card, ...] | None = None
    if undealt is not None:
        hidden = tuple(rnd.dealer[1:2]) if len(rnd.dealer_visible_cards()) < len(rnd.dealer) else ()
        unseen = (*undealt(), *hidden)
    return Situation(
        seat=decision.seat,
        hand=decision.hand,
        kind=decision.kind,
        cards=hand.cards,
        up_card=rnd.dealer_up_card,
        unseen=unseen,
        legal=rnd.legal_actions(),
        from_split=hand.from_split,
        hands=len(hands),
    )


def seen_since_shuffle(rnd: Round) -> tuple[Card, ...]:
    """Every card shown at the table since the shoe was last shuffled, up to now: what a counter has counted.

    The discard tray holds the earlier rounds' cards (a shuffle empties it); this round's
    cards count from its last shuffle, as the table's count panel counts them.
    """
    shown: list[Card] = []
    for event in rnd.events:
        if isinstance(event, ev.ShoeShuffled):
            shown.clear()
        elif (card := ev.card_shown(event)) is not None:
            shown.append(card)
    return (*rnd.table.shoe.discard_tray(), *shown)


def count_now(
    rnd: Round, system: CountSystem, precision: Precision = Precision.EXACT,
    rounding: Rounding = Rounding.FLOOR,
) -> Count:
    """A counter's count of the cards shown since the shuffle, read with their system and precision."""
    count = Count(system, rnd.rules.decks, precision=precision, rounding=rounding)
    count.add(seen_since_shuffle(rnd))
    return count


def standard_for(
    spot: Situation,
    rules: Rules,
    chart: StrategyChart,
    plays: Sequence[IndexPlay] | None = None,
    count: int | None = None,
    system: CountSystem | None = None,
    action: Action | None = None,
) -> Standard:
    """What a counter playing these index plays does at this count (basic strategy with no plays or count).

    The plays are applied as the counter bot applies them (`CounterBot.decide_at`), read at
    `count` (`Count.count`: the true count, or an unbalanced system's running count). The
    index named is the one of this spot, nearest the count, that switches to the play asked
    for or to `action` (the play made).

    Raises OddsError when the chart cannot answer the spot.
    """
    view = SeatView(rules, spot.seat, spot.kind, spot.cards, spot.hand, spot.hands, spot.up_card, 0, 0, (), 0)
    if plays is None or count is None:
        basic = CounterBot(chart, plays=()).decide_at(None, view, spot.legal)
        return Standard(basic, basic, None)
    bot = CounterBot(chart, plays=plays, plays_on_true_count=False)
    basic = bot.decide_at(None, view, spot.legal)
    play = bot.decide_at(count, view, spot.legal)
    balanced = system.balanced if system is not None else True
    wanted = {play} if action is None else {play, action}
    return Standard(play, basic, count, balanced, nearest_index(plays, spot, wanted, count))


_INSURANCE_WORDS = {Action.EVEN_MONEY: Action.INSURANCE, Action.NO_EVEN_MONEY: Action.NO_INSURANCE}


def spot_rows(spot: Situation) -> tuple[tuple[str, int], ...]:
    """The index rows a decision is read in, as (hand, up card points): its total's, its pair's, insurance."""
    up = spot.up_card.points if spot.up_card is not None else 0
    if spot.kind in (DecisionKind.INSURANCE, DecisionKind.EVEN_MONEY):
        return (("insurance", 1),)
    total, soft = hand_total(spot.cards)
    rows = [(f"{'soft' if soft else 'hard'} {total}", up)]
    if Action.SPLIT in spot.legal:
        points = spot.cards[0].points
        rows.append((f"pair {'A' if points == 1 else 'T' if points == 10 else points}", up))
    return tuple(rows)


def nearest_index(
    plays: Iterable[IndexPlay], spot: Situation, actions: Iterable[Action], count: int,
) -> IndexPlay | None:
    """The index play of this spot switching to one of `actions` whose index is nearest the count, or None."""
    wanted = {_INSURANCE_WORDS.get(a, a) for a in actions}
    rows = set(spot_rows(spot))
    found = [p for p in plays if (p.hand, p.up) in rows and p.at_or_above in wanted
             and (p.at_or_above is not Action.SURRENDER or Action.SURRENDER in spot.legal)]
    return min(found, key=lambda p: (abs(p.index - count), p.index), default=None)


def advise(rnd: Round) -> Hint:
    """The best action and every legal action's value for the decision the round waits on."""
    return hint_for(rnd.rules, situation(rnd))


def hint_for(rules: Rules, spot: Situation) -> Hint:
    """The shoe-aware hint for a situation."""
    return hint(
        rules, spot.cards, spot.up_card, spot.unseen, spot.legal,
        from_split=spot.from_split, hands=spot.hands,
    )


def judge(rnd: Round, action: Action) -> Judgement:
    """Price an action for the decision the round waits on (call before acting)."""
    spot = situation(rnd)
    return Judgement(spot, action, hint_for(rnd.rules, spot))


_DOING = {
    Action.HIT: ("hits", "hitting", "hit"),
    Action.STAND: ("stands", "standing", "stand"),
    Action.DOUBLE: ("doubles", "doubling", "double"),
    Action.SPLIT: ("splits", "splitting", "split"),
    Action.SURRENDER: ("surrenders", "surrendering", "surrender"),
    Action.NO_SURRENDER: ("plays on", "playing on", "play on"),
    Action.INSURANCE: ("takes insurance", "taking insurance", "take insurance"),
    Action.NO_INSURANCE: ("declines insurance", "declining insurance", "decline insurance"),
    Action.EVEN_MONEY: ("takes even money", "taking even money", "take even money"),
    Action.NO_EVEN_MONEY: ("declines even money", "declining even money", "decline even money"),
}


def verb(action: Action) -> str:
    """The action as a verb for a third person: 'hits', 'takes insurance'."""
    return _DOING[action][0]


def gerund(action: Action) -> str:
    """The action as a gerund: 'hitting', 'taking insurance'."""
    return _DOING[action][1]


def infinitive(action: Action) -> str:
    """The action as an instruction: 'hit', 'take insurance'."""
    return _DOING[action][2]


def describe_hand(cards: tuple[Card, ...] | list[Card], *, pairs_by_value: bool = False) -> str:
    """A hand as a player says it: '16', 'soft 17', 'a pair of 8s', 'a pair of aces', 'blackjack'.

    >>> from engine.cards import parse_cards
    >>> [describe_hand(parse_cards(c)) for c in ("T 6", "A 6", "8 8", "A A", "A K", "5 5 A")]
    ['16', 'soft 17', 'a pair of 8s', 'a pair of aces', 'blackjack', 'soft 21']
    """
    total, soft = hand_total(cards)
    if len(cards) == 2 and is_pair(cards, by_value=pairs_by_value):
        rank = cards[0].rank
        name = "aces" if rank.is_ace else ("10s" if cards[0].points == 10 else f"{rank.value}s")
        return f"a pair of {name}"
    if len(cards) == 2 and total == 21:
        return "blackjack"
    return f"soft {total}" if soft else str(total)


def describe_up_card(card: Card | None) -> str:
    """The up card as a player says it: 'a 10', 'an ace', 'an 8', or 'nothing' (no up card).

    >>> from engine.cards import Card
    >>> [describe_up_card(Card.parse(code)) for code in ("K", "A", "8")]
    ['a 10', 'an ace', 'an 8']
    """
    if card is None:
        return "nothing"
    if card.rank.is_ace:
        return "an ace"
    return "an 8" if card.points == 8 else f"a {card.points}"


def percent_of_bet(value: float) -> str:
    """An expected value per unit of the bet as words: 'expected -54% of the bet'.

    >>> percent_of_bet(-0.5404), percent_of_bet(0.123), percent_of_bet(0.0001)
    ('expected -54% of the bet', 'expected +12% of the bet', 'expected 0% of the bet')
    """
    points = round(value * 100)
    return f"expected {signed(points)}% of the bet"


def signed(number: int | Fraction) -> str:
    """A whole or half number (a count) with its sign, 0 without one: '+2', '-1.5', '0'.

    >>> signed(2), signed(Fraction(-3, 2)), signed(0)
    ('+2', '-1.5', '0')
    """
    if not number:
        return "0"
    size = Fraction(number) if number > 0 else -Fraction(number)
    digits = str(int(size)) if size == int(size) else f"{float(size):g}"
    return ("+" if number > 0 else "-") + digits


def index_sentence(play: IndexPlay, count: int, *, balanced: bool = True) -> str:
    """An index play and the count, as the coach says them.

    >>> from engine.bots.counter import ILLUSTRIOUS_18
    >>> index_sentence(ILLUSTRIOUS_18[1], 2)
    '16 vs 10: stand at true 0 or above; the true count is +2'
    >>> index_sentence(ILLUSTRIOUS_18[0], -1, balanced=False)
    'Insurance vs an ace: take insurance at a running count of +3 or above; the running count is -1'
    """
    kind, _, value = play.hand.partition(" ")
    if kind == "insurance":
        hand = "Insurance"
    elif kind == "pair":
        card = "A" if value == "A" else "10" if value == "T" else value
        hand = f"{card},{card}"
    else:
        hand = value if kind == "hard" else play.hand
    up = "an ace" if play.up == 1 else str(play.up)
    at, now = ("true ", "the true count") if balanced else ("a running count of ", "the running count")
    return (f"{hand} vs {up}: {infinitive(play.at_or_above)} at {at}{signed(play.index)} or above; "
            f"{now} is {signed(count)}")


def caption(seat_name: str, spot: Situation, action: Action, advice: Hint) -> str:
    """The demo's caption for a decision, with the numbers behind it.

    >>> from engine.cards import parse_cards, Card
    >>> from engine.odds import Hint
    >>> spot = Situation(2, 0, DecisionKind.PLAY, parse_cards("T 6"), Card.parse("T"), None,
    ...                  frozenset({Action.HIT, Action.STAND}), False, 1)
    >>> advice = Hint(Action.HIT, ((Action.HIT, -0.532), (Action.STAND, -0.540)), True)
    >>> caption("Seat 3", spot, Action.HIT, advice)
    'Seat 3: 16 against a 10 — hits (expected: standing -54%, hitting -53% of the bet)'
    """
    values = advice.values
    others = [a for a, _ in advice.ranked if a is not action][:2]
    shown = [*others, action] if action in values else others
    numbers = ", ".join(f"{gerund(a)} {signed(round(values[a] * 100))}%" for a in shown)
    situation_text = (
        describe_hand(spot.cards)
        if spot.kind is DecisionKind.PLAY
        else f"{describe_hand(spot.cards)}, dealer shows {describe_up_card(spot.up_card)}"
    )
    against = f" against {describe_up_card(spot.up_card)}" if spot.kind is DecisionKind.PLAY else ""
    return f"{seat_name}: {situation_text}{against} — {verb(action)} (expected: {numbers} of the bet)"


def mistake_message(judgement: Judgement) -> str:
    """The mistake tracker's toast: the index missed, or what the action cost and what was better.

    >>> from engine.cards import parse_cards, Card
    >>> from engine.odds import Hint
    >>> spot = Situation(0, 0, DecisionKind.PLAY, parse_cards("T 2"), Card.parse("2"), None,
    ...                  frozenset({Action.HIT, Action.STAND}), False, 1)
    >>> advice = Hint(Action.HIT, ((Action.HIT, -0.253), (Action.STAND, -0.293)), True)
    >>> mistake_message(Judgement(spot, Action.STAND, advice))
    'Standing on 12 against a 2 cost 4.0% of the bet; hitting was better.'
    """
    standard = judgement.standard
    if standard is not None and standard.index is not None and standard.count is not None:
        return index_sentence(standard.index, standard.count, balanced=standard.balanced) + "."
    spot = judgement.situation
    doing = gerund(judgement.action).capitalize()
    hand = describe_hand(spot.cards)
    where = f"on {hand} against {describe_up_card(spot.up_card)}"
    if spot.kind is not DecisionKind.PLAY:
        where = f"with {hand}"
    if standard is not None and judgement.cost < 0.0005:
        return f"{doing} {where}: basic strategy {verb(judgement.best)}."
    return (
        f"{doing} {where} cost {judgement.cost * 100:.1f}% of the bet; "
        f"{gerund(judgement.best)} was better."
    )


def index_words(play: IndexPlay, count: int, *, balanced: bool = True) -> str:
    """An index play in a few words beside the count: 'stand at true +1 or above (now +2)'.

    >>> from engine.bots.counter import ILLUSTRIOUS_18
    >>> index_words(ILLUSTRIOUS_18[1], -1), index_words(ILLUSTRIOUS_18[1], 3, balanced=False)
    ('stand at true 0 or above (now -1)', 'stand at running 0 or above (now +3)')
    """
    at = "true" if balanced else "running"
    return f"{infinitive(play.at_or_above)} at {at} {signed(play.index)} or above (now {signed(count)})"
