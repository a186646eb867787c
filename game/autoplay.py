"""The autoplay bot behind a small interface, so the real bots (basic strategy, counting) can replace it.

A policy only reads snapshots and `legal_actions()` and answers with a bet or an action;
the scene applies the answer through the engine like a click would.
"""

from __future__ import annotations

from typing import Protocol

from engine import Action, DecisionKind, Money, Round


class Policy(Protocol):
    """How a bot seat bets and plays."""

    def bet(self, rnd: Round, seat: int) -> Money:
        """The bet for the seat this round (0 to sit out)."""
        ...

    def decide(self, rnd: Round, seat: int, legal: frozenset[Action]) -> Action:
        """One of `legal` for the decision the round waits on."""
        ...


class SimplePolicy:
    """Bet the table minimum; hit below 17, stand otherwise; never insure or surrender."""

    def bet(self, rnd: Round, seat: int) -> Money:
        """The table minimum when the seat can afford it, else 0."""
        amount = rnd.rules.min_bet
        return amount if rnd.can_bet(seat, amount) else 0

    def decide(self, rnd: Round, seat: int, legal: frozenset[Action]) -> Action:
        """Decline every offer; hit below 17."""
        decision = rnd.decision
        if decision is None or decision.kind is not DecisionKind.PLAY:
            for no in (Action.NO_INSURANCE, Action.NO_EVEN_MONEY, Action.NO_SURRENDER):
                if no in legal:
                    return no
        else:
            hand = rnd.hands(seat)[decision.hand]
            if hand.value.total < 17 and Action.HIT in legal:
                return Action.HIT
        return Action.STAND if Action.STAND in legal else sorted(legal, key=lambda a: a.value)[0]


class ScriptedPolicy:
    """A policy for demos and benchmarks: splits every pair and doubles 10 and 11, else SimplePolicy."""

    def __init__(self) -> None:
        self._simple = SimplePolicy()

    def bet(self, rnd: Round, seat: int) -> Money:
        """Twice the table minimum when affordable, else the minimum."""
        for amount in (rnd.rules.min_bet * 2, rnd.rules.min_bet):
            if rnd.can_bet(seat, amount):
                return amount
        return 0

    def decide(self, rnd: Round, seat: int, legal: frozenset[Action]) -> Action:
        """Split when allowed, double on 10 and 11, otherwise play simply."""
        decision = rnd.decision
        if decision is not None and decision.kind is DecisionKind.PLAY:
            if Action.SPLIT in legal:
                return Action.SPLIT
            hand = rnd.hands(seat)[decision.hand]
            if Action.DOUBLE in legal and hand.value.total in (10, 11):
                return Action.DOUBLE
        return self._simple.decide(rnd, seat, legal)
