"""Shoe-aware hints: the best action for the hand in play, from the cards still unseen.

The dealer's odds are computed exactly for the unseen cards, and exactly again for each
card the player might draw next; deeper draws extend those first differences linearly
(and after three draws the odds stop changing). Evaluators are kept per (rules, up card,
unseen cards), so asking again between frames costs nothing.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from engine.actions import Action
from engine.cards import Card
from engine.hand import hand_total, is_natural, is_pair
from engine.odds.composition import Composition, OddsError, point_index
from engine.odds.player import ACE, Evaluator
from engine.rules import Rules, Surrender

_PLAYING = frozenset((Action.HIT, Action.STAND, Action.DOUBLE, Action.SPLIT, Action.SURRENDER))
_KEPT = 32
_LOCK = threading.Lock()
"""Evaluators keep working state: one hint at a time, so a worker thread may ask too."""
_evaluators: OrderedDict[tuple[Rules, int | None, tuple[int, ...] | None], Evaluator] = OrderedDict()


@dataclass(frozen=True, slots=True)
class Hint:
    """The best action for one decision and each legal action's expected value.

    Values are per unit of the hand's initial bet. `given_no_blackjack` says they are
    conditioned on the dealer not having a blackjack (the dealer has peeked).
    """

    action: Action
    ranked: tuple[tuple[Action, float], ...]
    """Every legal action with its value, best first."""
    given_no_blackjack: bool

    @property
    def values(self) -> dict[Action, float]:
        """Each legal action's value."""
        return dict(self.ranked)

    def ev(self, action: Action) -> float:
        """One action's value. Raises KeyError for an action that was not legal."""
        return self.values[action]

    def cost(self, action: Action) -> float:
        """How much an action gives up against the best one (0 for the best); for mistake tracking."""
        return self.ranked[0][1] - self.values[action]

    def cost_against(self, action: Action, reference: Action) -> float:
        """How much an action gives up against a reference play (the chart's), never below 0.

        Raises KeyError for an action that was not legal.
        """
        values = self.values
        return max(0.0, values[reference] - values[action])


def shoe_for_hint(
    rules: Rules,
    seen: Sequence[Card],
    *,
    remaining: Iterable[Card] | Composition | None = None,
    removed: Iterable[Card] = (),
) -> Composition:
    """The cards the next draw comes from: `remaining` if given (every card not yet seen, the
    dealer's hole card included), else the rules' full shoe less `removed` and the cards
    `seen` in the decision (the hand and the up card). An infinite deck ignores both.

    Raises OddsError when a card is taken out that the shoe does not hold.
    """
    if rules.decks is None:
        return Composition.full(None)
    if isinstance(remaining, Composition):
        return remaining
    if remaining is not None:
        return Composition.of_cards(remaining)
    return Composition.for_rules(rules).without([*removed, *seen])


def _evaluator(rules: Rules, up: int | None, shoe: Composition) -> Evaluator:
    key = (rules, up, shoe.counts)
    found = _evaluators.get(key)
    if found is None:
        found = Evaluator(rules, up, shoe, order=1, depth=3)
        _evaluators[key] = found
        while len(_evaluators) > _KEPT:
            _evaluators.popitem(last=False)
    else:
        _evaluators.move_to_end(key)
    return found


def hint(
    rules: Rules,
    hand_cards: Sequence[Card],
    up_card: Card | None,
    remaining: Iterable[Card] | Composition | None = None,
    legal_actions: Iterable[Action] | None = None,
    *,
    removed: Iterable[Card] = (),
    from_split: bool = False,
    hands: int = 1,
) -> Hint:
    """The best legal action for a hand against an up card, from the cards still in the shoe.

    `remaining` is every card not yet seen (the shoe's undealt cards and the hole card);
    without it the shoe is the rules' full shoe less `removed`, the hand and the up card.
    `legal_actions` is what the round allows now (default: what the rules allow a hand in
    this state); offers are answered too (early surrender, insurance, even money).
    `from_split` and `hands` describe a hand made by splitting and the seat's hand count.

    >>> from engine.cards import parse_cards
    >>> from engine.rulesets import load_rules
    >>> rules = load_rules("vegas-strip")
    >>> h = hint(rules, parse_cards("T 6"), Card.parse("T"))
    >>> h.action, h.given_no_blackjack
    (<Action.SURRENDER: 'surrender'>, True)
    >>> hint(rules, parse_cards("T 6"), Card.parse("T"), legal_actions={Action.HIT, Action.STAND}).action
    <Action.HIT: 'hit'>

    Raises OddsError for a hand that is bust or has fewer than two cards, or cards the
    shoe cannot hold.
    """
    if len(hand_cards) < 2:
        raise OddsError("a hint needs a hand of at least two cards")
    if rules.dealer_draws_after_players:
        up_card = None
    elif up_card is None:
        raise OddsError("these rules deal the dealer an up card; give it")
    total, _ = hand_total(hand_cards)
    if total > 21:
        raise OddsError(f"the hand is bust with {total}; there is nothing to decide")
    seen = [*hand_cards, *([up_card] if up_card is not None else [])]
    shoe = shoe_for_hint(rules, seen, remaining=remaining, removed=removed)
    up = None if up_card is None else point_index(up_card)
    hand = [point_index(c) for c in hand_cards]
    legal = frozenset(legal_actions) if legal_actions is not None else None
    with _LOCK:
        evaluator = _evaluator(rules, up, shoe)
        peeked = rules.dealer_peeks and evaluator.blackjack_possible
        values = _offer_values(rules, evaluator, hand_cards, legal)
        given = False  # offers come before the peek
        if values is None:
            values, given = _play_values(rules, evaluator, hand_cards, hand, legal, from_split, hands, peeked)
    order = (Action.STAND, Action.HIT, Action.DOUBLE, Action.SPLIT, Action.SURRENDER)
    ranked = tuple(sorted(values.items(), key=lambda item: (-item[1], order.index(item[0])
                                                               if item[0] in order else 9)))
    return Hint(ranked[0][0], ranked, given)


def _offer_values(
    rules: Rules,
    evaluator: Evaluator,
    hand_cards: Sequence[Card],
    legal: frozenset[Action] | None,
) -> dict[Action, float] | None:
    """Values when the round asks an offer before the peek (else None)."""
    if legal is None:
        return None
    if Action.INSURANCE in legal:
        q = evaluator.blackjack_chance([])
        return {Action.INSURANCE: (3 * q - 1) / 2, Action.NO_INSURANCE: 0.0}
    if Action.EVEN_MONEY in legal:
        return {Action.EVEN_MONEY: 1.0, Action.NO_EVEN_MONEY: evaluator.blackjack_value([])}
    if Action.NO_SURRENDER in legal:
        hand = [point_index(c) for c in hand_cards]
        values = evaluator.values(hand, [], pair_chance=_pair_chance(rules, hand_cards))
        play = max(evaluator.total(a, v, []) for a, v in values.items() if a is not Action.SURRENDER)
        return {Action.SURRENDER: -0.5, Action.NO_SURRENDER: play}
    return None


def _pair_chance(rules: Rules, hand_cards: Sequence[Card]) -> float:
    """How likely a drawn card of the pair's value also pairs it by rank."""
    return 0.25 if hand_cards[0].points == 10 and not rules.pair_by_value else 1.0


def _play_values(
    rules: Rules,
    evaluator: Evaluator,
    hand_cards: Sequence[Card],
    hand: list[int],
    legal: frozenset[Action] | None,
    from_split: bool,
    hands: int,
    peeked: bool,
) -> tuple[dict[Action, float], bool]:
    """Each playing action's value, and whether they are given no dealer blackjack."""
    if len(hand_cards) == 2 and not from_split and is_natural(hand_cards):
        value = rules.blackjack_pays if peeked else evaluator.blackjack_value([])
        return {Action.STAND: float(value)}, peeked
    split_aces = from_split and hand[0] == ACE
    pair = len(hand_cards) == 2 and is_pair(hand_cards, by_value=rules.pair_by_value)
    allowed = evaluator.legal(hand, from_split=from_split, split_aces=split_aces, hands=hands, pair=pair)
    if rules.surrender is Surrender.EARLY and peeked:
        allowed -= {Action.SURRENDER}
    if legal is not None:
        allowed &= legal & _PLAYING
        allowed |= {Action.STAND}
    values = evaluator.values(
        hand, [], from_split=from_split, split_aces=split_aces, hands=hands,
        pair_chance=_pair_chance(rules, hand_cards), legal=allowed,
    )
    if peeked or not evaluator.conditioned:
        return values, peeked
    return {a: evaluator.total(a, v, []) for a, v in values.items()}, False


def action_evs(
    rules: Rules,
    player_cards: Sequence[Card],
    up_card: Card | None,
    removed: Iterable[Card] = (),
    remaining: Iterable[Card] | Composition | None = None,
) -> dict[Action, float]:
    """Each legal playing action's expected value for a hand, as `hint` gives them.

    >>> from engine.cards import parse_cards
    >>> from engine.rulesets import load_rules
    >>> rules = load_rules("vegas-strip").with_changes(decks=None)
    >>> evs = action_evs(rules, parse_cards("8 8"), Card.parse("T"))
    >>> round(evs[Action.SPLIT], 4), round(evs[Action.STAND], 4)
    (-0.4807, -0.5404)
    """
    return hint(rules, player_cards, up_card, remaining, None, removed=removed).values
