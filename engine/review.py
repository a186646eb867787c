"""The game review's judge: every decision of a recorded round, priced and compared with the best play.

`review_record` plays a round record through the engine (`engine.record`) and stops at
each decision it made. There `engine.coach.judge`'s pricing runs on the decision as the
seat saw it (hand, up card, legal plays) with the composition-dependent odds of
`engine.odds.hint` for the cards in the hand and the up card: the full shoe of the rules
less those cards. A record keeps only the cards that left the shoe in its round, not what
was left in the shoe, so this is the one shoe-aware price every record can be given; it is
also how the game prices the EV lost that the statistics add up (`game.advisor.ev_lost`).
Insurance and even money are priced exactly for that shoe (the dealer's blackjack chance).

The command line (`blackjack review`), the replay's decision panel and the session review
all read these values, so the three agree.

>>> from engine.cards import parse_cards
>>> record = {"rules": "vegas-strip", "seats": [{"name": "Ann", "bankroll": 100}],
...           "bets": [10], "shoe": ["T", "6", "2", "7", "9"], "decisions": ["stand"]}
>>> [(r.seat, r.hand_text, r.dealer_up.code, r.decision.value, r.best.value) for r in review_record(record)]
[(0, 'T 2', '6', 'stand', 'stand')]
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, replace
from typing import Any

from engine.actions import Action
from engine.cards import Card
from engine.coach import Judgement, hint_for, situation
from engine.money import Money
from engine.odds import OddsError
from engine.record import replay_record, walk_record
from engine.round import DecisionKind, Round


@dataclass(frozen=True, slots=True, kw_only=True)
class ReviewedDecision:
    """One recorded decision judged: where it was, what was played, the best play and each play's EV."""

    line: int
    """The record's line number in its file (1 for a record on its own)."""
    number: int
    """Which of the record's decisions this is, from 0."""
    event: int
    """How many of the round's events came before the decision was asked (where a replay stops for it)."""
    seat: int
    hand: int
    kind: DecisionKind
    cards: tuple[Card, ...]
    dealer_up: Card | None
    decision: Action
    best: Action
    ranked: tuple[tuple[Action, float], ...]
    """Every legal play with its EV per unit of the hand's bet, best first."""
    bet: Money
    """The hand's initial bet in cents."""
    cost: float
    """The best play's EV minus the taken play's, per unit of the hand's bet (never negative)."""
    is_mistake: bool
    """Whether the play gives up a visible amount (`engine.coach.Judgement.is_mistake`)."""

    @property
    def ev(self) -> dict[Action, float]:
        """Each legal play's EV per unit of the hand's bet."""
        return dict(self.ranked)

    @property
    def cost_cents(self) -> float:
        """The cost in cents of the hand's bet (an expectation, so a float)."""
        return self.cost * self.bet

    @property
    def hand_text(self) -> str:
        """The hand's card codes, space-separated."""
        return " ".join(card.code for card in self.cards)

    def as_json(self) -> dict[str, Any]:
        """The decision as `blackjack review --json` prints it."""
        return {
            "line": self.line,
            "seat": self.seat,
            "hand": [card.code for card in self.cards],
            "dealer_up": self.dealer_up.code if self.dealer_up is not None else None,
            "decision": self.decision.value,
            "best": self.best.value,
            "ev": {action.value: round(value, 6) for action, value in self.ranked},
            "cost": round(self.cost, 6),
        }


def judge_now(rnd: Round, action: Action, *, line: int = 1, number: int = 0) -> ReviewedDecision:
    """Judge an action for the decision the round waits on, priced from the hand and the up card alone.

    Raises ValueError when the round waits on no decision, OddsError when the odds
    cannot price the hand.
    """
    spot = replace(situation(rnd), unseen=None)
    judged = Judgement(spot, action, hint_for(rnd.rules, spot))
    if action not in judged.hint.values:
        raise OddsError(f"decision {number + 1}: the odds do not price {action.value!r} in this spot")
    cost = max(0.0, judged.cost)
    hand = rnd.hands(spot.seat)[spot.hand]
    return ReviewedDecision(
        line=line, number=number, event=len(rnd.events), seat=spot.seat, hand=spot.hand, kind=spot.kind,
        cards=spot.cards, dealer_up=rnd.dealer_up_card, decision=action, best=judged.best,
        ranked=judged.hint.ranked, bet=hand.bet or rnd.bet(spot.seat), cost=cost,
        is_mistake=judged.is_mistake,
    )


def review_record(record: dict[str, Any], *, line: int = 1) -> list[ReviewedDecision]:
    """Every decision of a finished round's record, in order, judged (see the module).

    Raises RecordError (or another BlackjackError, OddsError included) naming what is
    wrong when the record cannot be replayed to its end or a decision cannot be priced.
    """
    return list(iter_review(record, line=line))


def iter_review(record: dict[str, Any], *, line: int = 1) -> Iterator[ReviewedDecision]:
    """`review_record` one decision at a time (the record is checked whole before the first)."""
    finished = replay_record(record)
    walk = walk_record(record)
    for number, action in enumerate(finished.decisions):
        yield judge_now(walk, action, line=line, number=number)
        walk.act(action)


def costliest(reviewed: Iterable[ReviewedDecision], limit: int = 10) -> list[ReviewedDecision]:
    """The mistakes among these decisions, the most expensive in money first (cost times the hand's bet).

    >>> record = {"rules": "vegas-strip", "seats": [{"name": "Ann", "bankroll": 100}],
    ...           "bets": [10], "shoe": ["T", "2", "2", "7", "9"], "decisions": ["stand"]}
    >>> [(r.hand_text, r.decision.value, r.best.value) for r in costliest(review_record(record))]
    [('T 2', 'stand', 'hit')]
    """
    mistakes = [r for r in reviewed if r.is_mistake]
    return sorted(mistakes, key=lambda r: -r.cost_cents)[:limit]
