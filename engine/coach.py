"""The trainer's words: judge a decision against the odds and say it the way a coach would.

A `Situation` is what one decision looks like from the seat (its hand, the up card and
every card not yet seen); `judge()` prices each legal action with the shoe-aware hint
from `engine.odds`, and the text helpers turn the numbers into the demo's captions
("Seat 3: 16 against a 10 — hits: standing loses 54%, hitting loses 53%") and the
mistake tracker's toasts ("Standing on 12 against a 2 cost 1.4% of the bet").
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.actions import Action
from engine.cards import Card
from engine.hand import hand_total, is_pair
from engine.odds import Hint, hint
from engine.round import DecisionKind, Round
from engine.rules import Rules


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

    @property
    def best(self) -> Action:
        """The action with the highest expected value."""
        return self.hint.action

    @property
    def cost(self) -> float:
        """Expected value given up against the best action, per unit of the hand's bet (0 when best)."""
        return self.hint.cost(self.action)

    @property
    def is_mistake(self) -> bool:
        """Whether the action gives up a visible amount (more than 0.05% of the bet)."""
        return self.cost > 0.0005


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
    Action.HIT: ("hits", "hitting"),
    Action.STAND: ("stands", "standing"),
    Action.DOUBLE: ("doubles", "doubling"),
    Action.SPLIT: ("splits", "splitting"),
    Action.SURRENDER: ("surrenders", "surrendering"),
    Action.NO_SURRENDER: ("plays on", "playing on"),
    Action.INSURANCE: ("takes insurance", "taking insurance"),
    Action.NO_INSURANCE: ("declines insurance", "declining insurance"),
    Action.EVEN_MONEY: ("takes even money", "taking even money"),
    Action.NO_EVEN_MONEY: ("declines even money", "declining even money"),
}


def verb(action: Action) -> str:
    """The action as a verb for a third person: 'hits', 'takes insurance'."""
    return _DOING[action][0]


def gerund(action: Action) -> str:
    """The action as a gerund: 'hitting', 'taking insurance'."""
    return _DOING[action][1]


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
    """An expected value per unit as words: 'loses 54%', 'wins 12%', 'breaks even'.

    >>> percent_of_bet(-0.5404), percent_of_bet(0.123), percent_of_bet(0.0001)
    ('loses 54%', 'wins 12%', 'breaks even')
    """
    points = round(abs(value) * 100)
    if points == 0:
        return "breaks even"
    return f"{'wins' if value > 0 else 'loses'} {points}%"


def caption(seat_name: str, spot: Situation, action: Action, advice: Hint) -> str:
    """The demo's caption for a decision, with the numbers behind it.

    >>> from engine.cards import parse_cards, Card
    >>> from engine.odds import Hint
    >>> spot = Situation(2, 0, DecisionKind.PLAY, parse_cards("T 6"), Card.parse("T"), None,
    ...                  frozenset({Action.HIT, Action.STAND}), False, 1)
    >>> advice = Hint(Action.HIT, ((Action.HIT, -0.532), (Action.STAND, -0.540)), True)
    >>> caption("Seat 3", spot, Action.HIT, advice)
    'Seat 3: 16 against a 10 — hits: standing loses 54%, hitting loses 53%'
    """
    values = advice.values
    others = [a for a, _ in advice.ranked if a is not action][:2]
    shown = [*others, action] if action in values else others
    numbers = ", ".join(f"{gerund(a)} {percent_of_bet(values[a])}" for a in shown)
    situation_text = (
        describe_hand(spot.cards)
        if spot.kind is DecisionKind.PLAY
        else f"{describe_hand(spot.cards)}, dealer shows {describe_up_card(spot.up_card)}"
    )
    against = f" against {describe_up_card(spot.up_card)}" if spot.kind is DecisionKind.PLAY else ""
    return f"{seat_name}: {situation_text}{against} — {verb(action)}: {numbers}"


def mistake_message(judgement: Judgement) -> str:
    """The mistake tracker's toast: what the action cost and what was better.

    >>> from engine.cards import parse_cards, Card
    >>> from engine.odds import Hint
    >>> spot = Situation(0, 0, DecisionKind.PLAY, parse_cards("T 2"), Card.parse("2"), None,
    ...                  frozenset({Action.HIT, Action.STAND}), False, 1)
    >>> advice = Hint(Action.HIT, ((Action.HIT, -0.253), (Action.STAND, -0.293)), True)
    >>> mistake_message(Judgement(spot, Action.STAND, advice))
    'Standing on 12 against a 2 cost 4.0% of the bet; hitting was better.'
    """
    spot = judgement.situation
    doing = gerund(judgement.action).capitalize()
    hand = describe_hand(spot.cards)
    where = f"on {hand} against {describe_up_card(spot.up_card)}"
    if spot.kind is not DecisionKind.PLAY:
        where = f"with {hand}"
    return (
        f"{doing} {where} cost {judgement.cost * 100:.1f}% of the bet; "
        f"{gerund(judgement.best)} was better."
    )
