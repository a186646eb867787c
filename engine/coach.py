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
from engine.i18n import _, number, percent, pgettext
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


def _forms(action: Action) -> tuple[str, str, str]:
    """The action as a third person's verb, a gerund and an order, in the chosen language."""
    # Each form is looked up when shown (the language may change); a context keeps an order such
    # as "hit" apart from a button's "Hit".
    forms = {
        Action.HIT: (pgettext("third person", "hits"), pgettext("gerund", "hitting"),
                     pgettext("an order", "hit")),
        Action.STAND: (pgettext("third person", "stands"), pgettext("gerund", "standing"),
                       pgettext("an order", "stand")),
        Action.DOUBLE: (pgettext("third person", "doubles"), pgettext("gerund", "doubling"),
                        pgettext("an order", "double")),
        Action.SPLIT: (pgettext("third person", "splits"), pgettext("gerund", "splitting"),
                       pgettext("an order", "split")),
        Action.SURRENDER: (pgettext("third person", "surrenders"), pgettext("gerund", "surrendering"),
                           pgettext("an order", "surrender")),
        Action.NO_SURRENDER: (pgettext("third person", "plays on"), pgettext("gerund", "playing on"),
                              pgettext("an order", "play on")),
        Action.INSURANCE: (pgettext("third person", "takes insurance"),
                           pgettext("gerund", "taking insurance"),
                           pgettext("an order", "take insurance")),
        Action.NO_INSURANCE: (pgettext("third person", "declines insurance"),
                              pgettext("gerund", "declining insurance"),
                              pgettext("an order", "decline insurance")),
        Action.EVEN_MONEY: (pgettext("third person", "takes even money"),
                            pgettext("gerund", "taking even money"),
                            pgettext("an order", "take even money")),
        Action.NO_EVEN_MONEY: (pgettext("third person", "declines even money"),
                               pgettext("gerund", "declining even money"),
                               pgettext("an order", "decline even money")),
    }
    return forms[action]


def verb(action: Action) -> str:
    """The action as a verb for a third person: 'hits', 'takes insurance'."""
    return _forms(action)[0]


def gerund(action: Action) -> str:
    """The action as a gerund: 'hitting', 'taking insurance'."""
    return _forms(action)[1]


def infinitive(action: Action) -> str:
    """The action as an instruction: 'hit', 'take insurance'."""
    return _forms(action)[2]


def capitalized(text: str) -> str:
    """`text` with its first letter upper case and the rest as it is ('Keine Versicherung' stays so)."""
    return text[:1].upper() + text[1:]


def describe_hand(
    cards: tuple[Card, ...] | list[Card], *, pairs_by_value: bool = False, article: bool = True,
) -> str:
    """A hand as a player says it: '16', 'soft 17', 'a pair of 8s', 'a pair of aces', 'blackjack'.

    Without the article a pair is 'pair of 8s', as a short label writes it.

    >>> from engine.cards import parse_cards
    >>> [describe_hand(parse_cards(c)) for c in ("T 6", "A 6", "8 8", "A A", "A K", "5 5 A")]
    ['16', 'soft 17', 'a pair of 8s', 'a pair of aces', 'blackjack', 'soft 21']
    >>> describe_hand(parse_cards("8 8"), article=False)
    'pair of 8s'
    """
    total, soft = hand_total(cards)
    if len(cards) == 2 and is_pair(cards, by_value=pairs_by_value):
        rank = cards[0].rank
        if rank.is_ace:
            return _("a pair of aces") if article else _("pair of aces")
        named = "10" if cards[0].points == 10 else rank.value
        return (_("a pair of {rank}s") if article else _("pair of {rank}s")).format(rank=named)
    if len(cards) == 2 and total == 21:
        return pgettext("a hand", "blackjack")
    return soft_total(total) if soft else str(total)


def soft_total(total: int) -> str:
    """A soft total as a player says it: 'soft 17'."""
    return pgettext("a hand", "soft {total}").format(total=total)


def describe_up_card(card: Card | None) -> str:
    """The up card as a player says it: 'a 10', 'an ace', 'an 8', or 'nothing' (no up card).

    >>> from engine.cards import Card
    >>> [describe_up_card(Card.parse(code)) for code in ("K", "A", "8")]
    ['a 10', 'an ace', 'an 8']
    """
    if card is None:
        return pgettext("up card", "nothing")
    if card.rank.is_ace:
        return _("an ace")
    return _("an 8") if card.points == 8 else _("a {points}").format(points=card.points)


def signed_percent(points: int | float) -> str:
    """Percentage points with their sign, 0 without one, in the locale's digits: '+12%', '-54%', '0%'.

    >>> signed_percent(12), signed_percent(-54), signed_percent(0)
    ('+12%', '-54%', '0%')
    """
    shown = percent(Fraction(round(abs(points))) / 100, 0)
    return ("+" if points > 0 else "-" if points < 0 else "") + shown


def percent_of_bet(value: float) -> str:
    """An expected value per unit of the bet as words: 'expected -54% of the bet'.

    >>> percent_of_bet(-0.5404), percent_of_bet(0.123), percent_of_bet(0.0001)
    ('expected -54% of the bet', 'expected +12% of the bet', 'expected 0% of the bet')
    """
    return _("expected {percent} of the bet").format(percent=signed_percent(round(value * 100)))


def signed(count: int | Fraction) -> str:
    """A whole or half number (a count) with its sign, 0 without one: '+2', '-1.5', '0'.

    >>> signed(2), signed(Fraction(-3, 2)), signed(0)
    ('+2', '-1.5', '0')
    """
    if not count:
        return "0"
    size = Fraction(count) if count > 0 else -Fraction(count)
    digits = number(size, 0 if size.denominator == 1 else 1)
    return ("+" if count > 0 else "-") + digits


def index_sentence(play: IndexPlay, count: int, *, balanced: bool = True) -> str:
    """An index play and the count, as the coach says them.

    >>> from engine.bots.counter import ILLUSTRIOUS_18
    >>> index_sentence(ILLUSTRIOUS_18[1], 2)
    '16 vs 10: stand at true 0 or above; the true count is +2'
    >>> index_sentence(ILLUSTRIOUS_18[0], -1, balanced=False)
    'Insurance vs an ace: take insurance at a running count of +3 or above; the running count is -1'
    """
    kind, _sep, value = play.hand.partition(" ")
    if kind == "insurance":
        hand = pgettext("an index row", "Insurance")
    elif kind == "pair":
        card = "A" if value == "A" else "10" if value == "T" else value
        hand = f"{card},{card}"
    else:
        hand = value if kind == "hard" else soft_total(int(value))
    words = {"hand": hand, "up": _("an ace") if play.up == 1 else str(play.up),
             "play": infinitive(play.at_or_above), "index": signed(play.index), "count": signed(count)}
    if balanced:
        return _("{hand} vs {up}: {play} at true {index} or above; the true count is {count}").format(**words)
    return _("{hand} vs {up}: {play} at a running count of {index} or above; "
             "the running count is {count}").format(**words)


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
    others = [a for a, _value in advice.ranked if a is not action][:2]
    shown = [*others, action] if action in values else others
    numbers = ", ".join(f"{gerund(a)} {signed_percent(round(values[a] * 100))}" for a in shown)
    words = {"seat": seat_name, "hand": describe_hand(spot.cards), "up": describe_up_card(spot.up_card),
             "play": verb(action), "numbers": numbers}
    if spot.kind is DecisionKind.PLAY:
        return _("{seat}: {hand} against {up} — {play} (expected: {numbers} of the bet)").format(**words)
    return _("{seat}: {hand}, dealer shows {up} — {play} (expected: {numbers} of the bet)").format(**words)


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
    words = {"doing": capitalized(gerund(judgement.action)), "hand": describe_hand(spot.cards),
             "up": describe_up_card(spot.up_card)}
    play = spot.kind is DecisionKind.PLAY
    if standard is not None and judgement.cost < 0.0005:
        words["best"] = verb(judgement.best)
        if play:
            return _("{doing} on {hand} against {up}: basic strategy {best}.").format(**words)
        return _("{doing} with {hand}: basic strategy {best}.").format(**words)
    words |= {"cost": percent(judgement.cost, 1), "better": gerund(judgement.best)}
    if play:
        return _("{doing} on {hand} against {up} cost {cost} of the bet; {better} was better.").format(
            **words)
    return _("{doing} with {hand} cost {cost} of the bet; {better} was better.").format(**words)


def index_words(play: IndexPlay, count: int, *, balanced: bool = True) -> str:
    """An index play in a few words beside the count: 'stand at true +1 or above (now +2)'.

    >>> from engine.bots.counter import ILLUSTRIOUS_18
    >>> index_words(ILLUSTRIOUS_18[1], -1), index_words(ILLUSTRIOUS_18[1], 3, balanced=False)
    ('stand at true 0 or above (now -1)', 'stand at running 0 or above (now +3)')
    """
    words = {"play": infinitive(play.at_or_above), "index": signed(play.index), "count": signed(count)}
    if balanced:
        return _("{play} at true {index} or above (now {count})").format(**words)
    return _("{play} at running {index} or above (now {count})").format(**words)
