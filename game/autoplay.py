"""Bots at the table behind one small interface: the engine's bots (basic, counter, novice) and a demo policy.

A policy only reads snapshots and `legal_actions()` and answers with a bet or an action;
the scene applies the answer through the engine like a click would. `EngineBot` seats an
`engine.bots` bot: it sees what a person in the seat could see (`seat_view`, with a
`CardWatcher` shared by the table) and is built on the odds worker, because its chart may
need computing first; until then it is not `ready` and the table waits for it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from engine import Action, DecisionKind, Money, Round, Rules

if TYPE_CHECKING:
    from engine.bots import Bot, CardWatcher
    from game.advisor import Odds
    from game.background import Job


class Policy(Protocol):
    """How a bot seat bets and plays."""

    @property
    def ready(self) -> bool:
        """Whether it can answer now (a chart may still be computing)."""
        ...

    def bet(self, rnd: Round, seat: int) -> Money:
        """The bet for the seat this round (0 to sit out)."""
        ...

    def decide(self, rnd: Round, seat: int, legal: frozenset[Action]) -> Action:
        """One of `legal` for the decision the round waits on."""
        ...


class EngineBot:
    """An `engine.bots` bot by kind, built for the table's rules on the odds worker."""

    def __init__(self, kind: str, rules: Rules, odds: Odds, watcher: CardWatcher) -> None:
        self.kind = kind
        self.rules = rules
        self.odds = odds
        self.watcher = watcher
        self._job: Job[Bot] | None = None
        self._fallback: Bot | None = None

    @property
    def job(self) -> Job[Bot]:
        """The build, started when first asked for (so nothing competes with the first frame)."""
        if self._job is None:
            self._job = self.odds.bot(self.kind, self.rules)
        return self._job

    def retarget(self, rules: Rules) -> None:
        """New rules at the table: build the bot again for them."""
        self.rules = rules
        self._job = None
        self._fallback = None

    @property
    def ready(self) -> bool:
        """Whether the bot (and its chart) is built."""
        return self.job.done()

    @property
    def bot(self) -> Bot:
        """The built bot (waited for if asked early); a novice stands in if building failed."""
        try:
            return self.job.result(timeout=300)
        except Exception:  # the chart could not be computed: play on rather than stop the table
            pass
        if self._fallback is None:
            from engine.bots import NoviceBot

            self._fallback = NoviceBot()
        return self._fallback

    def bet(self, rnd: Round, seat: int) -> Money:
        """The bot's bet, from the seat's view."""
        from engine.bots import seat_view

        self.watcher.watch(rnd)
        return self.bot.bet(seat_view(rnd, seat, self.watcher))

    def decide(self, rnd: Round, seat: int, legal: frozenset[Action]) -> Action:
        """The bot's answer, from the seat's view."""
        from engine.bots import seat_view

        self.watcher.watch(rnd)
        return self.bot.decide(seat_view(rnd, seat, self.watcher), legal)


class ScriptedPolicy:
    """A demo and benchmark policy that fills the table: split every pair, double 10 and 11, hit below 17."""

    ready = True

    def bet(self, rnd: Round, seat: int) -> Money:
        """Twice the table minimum when affordable, else the minimum."""
        for amount in (rnd.rules.min_bet * 2, rnd.rules.min_bet):
            if rnd.can_bet(seat, amount):
                return amount
        return 0

    def decide(self, rnd: Round, seat: int, legal: frozenset[Action]) -> Action:
        """Split when allowed, double on 10 and 11, decline offers, hit below 17."""
        decision = rnd.decision
        if decision is None or decision.kind is not DecisionKind.PLAY:
            for no in (Action.NO_INSURANCE, Action.NO_EVEN_MONEY, Action.NO_SURRENDER):
                if no in legal:
                    return no
            return sorted(legal, key=lambda a: a.value)[0]
        if Action.SPLIT in legal:
            return Action.SPLIT
        total = rnd.hands(seat)[decision.hand].value.total
        if Action.DOUBLE in legal and total in (10, 11):
            return Action.DOUBLE
        if total < 17 and Action.HIT in legal:
            return Action.HIT
        return Action.STAND if Action.STAND in legal else sorted(legal, key=lambda a: a.value)[0]
