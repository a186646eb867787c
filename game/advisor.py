"""The odds engine behind a worker thread: house edges, charts for bots and the coach, judged decisions.

Computing a rule set's analysis can take seconds the first time (it is cached on disk
after), so the frame loop never calls `engine.odds` itself: it asks `Odds` for a `Job`
and shows "computing…" until the job is done. Only finished, immutable results (an
`Analysis`, its chart) are read on the main thread.

The long computations (a rule set's analysis, what each option is worth) run in a child
process, `PRICER`. On a thread they held the interpreter's lock for seconds, and each time
the frame loop let go of it (a blit, a flip) it waited up to the switch interval to get it
back: frames took 30-55 ms while the rules editor priced a page. The worker thread only
waits for the child's answer, which holds no lock.
"""

from __future__ import annotations

import atexit
import multiprocessing
import threading
from collections.abc import Callable, Collection, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TypeVar

from engine import Action, Card, DecisionKind, Money, Round, Rules
from engine.i18n import N_, _, percent
from engine.workers import become_worker, ctrl_c_held, lifeline
from game.background import Job, Worker

if TYPE_CHECKING:
    from multiprocessing.connection import Connection

    from engine.bots import Bot
    from engine.bots.counter import IndexPlay
    from engine.coach import Situation, Standard
    from engine.counting import CountSystem
    from engine.odds import Analysis, StrategyChart
    from engine.odds.effects import RuleEffect
    from engine.store import DecisionQuality, UnfinishedRound
    from game.counter_settings import CounterSettings

COMPUTING = N_("computing…")
"""What the screens show while an analysis is being computed (marked; shown as `_(COMPUTING)`)."""

T = TypeVar("T")


class Pricer:
    """One child process for the odds engine's long computations, started on first use.

    `run` is called on a worker thread and blocks it (never the frame loop) until the child
    answers. Where no child process can be started, the work runs in the calling thread.
    The child leaves Ctrl-C to the game and ends with it (`engine.workers`); at exit the
    game waits for a child still starting, which would otherwise find its parent gone.
    """

    def __init__(self) -> None:
        self._pool: ProcessPoolExecutor | None = None
        self._unavailable = False
        self._lock = threading.Lock()
        self._our_end: Connection | None = None

    def run(self, work: Callable[..., T], *args: Any) -> T:
        """`work(*args)` in the child process (a module-level function and picklable arguments)."""
        with self._lock, ctrl_c_held():  # the child is started (on the first submit) with Ctrl-C held
            if self._pool is None and not self._unavailable:
                try:
                    their_end, self._our_end = lifeline()
                    # spawn, not fork: the game's process has SDL's threads, which a fork would copy half-way
                    self._pool = ProcessPoolExecutor(
                        1,
                        mp_context=multiprocessing.get_context("spawn"),
                        initializer=become_worker,
                        initargs=(their_end,),
                    )
                    # Registered after multiprocessing's own exit handler, so it runs first (last in, first
                    # out): a child still starting finds its semaphores, which that handler removes.
                    atexit.register(self.close)
                except (OSError, ValueError):
                    self._unavailable = True
            pool = self._pool
            future = None if pool is None else pool.submit(work, *args)
        return work(*args) if future is None else future.result()

    def close(self) -> None:
        """Let the child finish its work and end (at exit); a child still starting is waited for.

        Work asked for afterwards runs in the calling thread.
        """
        with self._lock:
            pool, self._pool = self._pool, None
            self._unavailable = True
            if pool is not None:
                pool.shutdown(wait=True, cancel_futures=True)
            if self._our_end is not None:
                self._our_end.close()


PRICER = Pricer()
"""The game's one pricing process, shared by every table the process opens."""


def rule_analysis(rules: Rules) -> Analysis:
    """A rule set's analysis (run in the pricing process)."""
    from engine.odds import analysis

    return analysis(rules)


def option_effects(rules: Rules, option: str) -> list[RuleEffect]:
    """What each other value of one option is worth against these rules (run in the pricing process)."""
    from engine.odds.effects import rule_effects

    return list(rule_effects(rules, (option,)))


def generated_index_plays(rules: Rules, system: CountSystem) -> tuple[IndexPlay, ...]:
    """The table's index plays for a count system (run in the pricing process; cached on disk there)."""
    from engine.odds.indices import index_plays

    return index_plays(rules, system)


_INDEX_PLAYS: dict[tuple[Rules, CountSystem], tuple[IndexPlay, ...]] = {}
_INDEX_LOCK = threading.Lock()


def index_plays_for(rules: Rules, system: CountSystem) -> tuple[IndexPlay, ...] | None:
    """The index plays of these rules for a system, generated once per game (call on a worker thread).

    The first generation for a game takes seconds, so it runs in the pricing process; after that
    the plays are remembered here. None for a game that cannot be counted or indexed.
    """
    from engine.odds import OddsError

    key = (rules, system)
    with _INDEX_LOCK:  # one generation per table and system, however many jobs ask at once
        if key not in _INDEX_PLAYS:
            try:
                _INDEX_PLAYS[key] = PRICER.run(generated_index_plays, rules, system)
            except OddsError:
                _INDEX_PLAYS[key] = ()
        found = _INDEX_PLAYS[key]
    return found or None


_CHARTS: dict[Rules, StrategyChart] = {}


def chart_for(rules: Rules) -> StrategyChart:
    """The basic strategy chart of a rule set, analysed in the pricing process the first time (call on a
    worker thread: an analysis holds the interpreter for seconds). Raises OddsError as `analysis` does."""
    chart = _CHARTS.get(rules)
    if chart is None:
        chart = _CHARTS[rules] = PRICER.run(rule_analysis, rules).chart
    return chart


def counter_plays(
    rules: Rules, counter: CounterSettings | None, count: int | None
) -> tuple[IndexPlay, ...] | None:
    """The index plays a person's coach applies: their system's under `Judging.INDICES` with a count,
    else None (basic strategy). Call on a worker thread (see `index_plays_for`)."""
    from game.counter_settings import Judging

    if counter is None or counter.judging is not Judging.INDICES or count is None:
        return None
    return index_plays_for(rules, counter.system)


def coach_standard(
    rules: Rules, spot: Situation, counter: CounterSettings | None, count: int | None,
    action: Action | None = None,
) -> Standard | None:
    """The play a person's coach grades this spot against (run on the odds worker).

    Basic strategy, or under `Judging.INDICES` basic strategy with the table's index plays
    for the person's system at `count`. None when the chart cannot answer the spot.
    """
    from engine.coach import standard_for
    from engine.odds import OddsError

    try:
        chart = chart_for(rules)
        plays = counter_plays(rules, counter, count)
        return standard_for(spot, rules, chart, plays, count, counter.system if counter else None, action)
    except OddsError:
        return None


@dataclass(frozen=True, slots=True)
class PendingDecision:
    """A person's decision as it was made, kept until the round is judged and saved."""

    seat: int
    hand: int
    kind: DecisionKind
    action: Action
    cards: tuple[Card, ...]
    up: Card | None
    legal: frozenset[Action]
    bet: Money
    """The hand's initial bet in cents (EV is per unit of it)."""
    from_split: bool
    hands: int
    counter: CounterSettings | None = None
    """The person's counting settings (None: judged by basic strategy)."""
    count: int | None = None
    """The count the person's system read at the decision (`Count.count`; None when not counted)."""

    def situation(self) -> Situation:
        """The decision as `engine.coach` sees it (the shoe taken as full: judged after the round)."""
        from engine.coach import Situation

        return Situation(self.seat, self.hand, self.kind, self.cards, self.up, None, self.legal,
                         self.from_split, self.hands)


def decisions_before_the_restart(
    rnd: Round, found: UnfinishedRound, people: Collection[int]
) -> list[PendingDecision]:
    """The people's decisions a resumed round already holds, each as it stood when made.

    They were kept in the memory of the game that quit; the journaled record, played again
    from its first card as the review plays one, gives each back, to be judged with the
    rest when the round is saved, so a restart loses none.
    """
    from engine.record import walk_record

    walk = walk_record(found.record)
    made: list[PendingDecision] = []
    for action in rnd.decisions:
        pending = pending_decision(walk, action)
        if pending is not None and pending.seat in people:
            made.append(pending)
        walk.act(action)
    return made


def pending_decision(
    rnd: Round, action: Action, counter: CounterSettings | None = None
) -> PendingDecision | None:
    """What the round asks right now, with the answer about to be given (None when nothing is asked).

    With the person's counting settings, the count their system reads now goes with it, so
    `Judging.INDICES` grades the play by the index plays at that count.
    """
    from engine.coach import count_now

    decision = rnd.decision
    if decision is None:
        return None
    hands = rnd.hands(decision.seat)
    hand = hands[decision.hand]
    count = None
    if counter is not None:
        count = count_now(rnd, counter.system, counter.precision, counter.rounding).count()
    return PendingDecision(
        seat=decision.seat,
        hand=decision.hand,
        kind=decision.kind,
        action=action,
        cards=hand.cards,
        up=rnd.dealer_up_card,
        legal=rnd.legal_actions(),
        bet=hand.bet or rnd.bet(decision.seat),
        from_split=hand.from_split,
        hands=len(hands),
        counter=counter,
        count=count,
    )


def judge(rules: Rules, pending: Sequence[PendingDecision]) -> tuple[list[DecisionQuality], float]:
    """Each decision against the person's coach (basic strategy, or with index plays at the count),
    with the EV lost by a wrong one; and the rules' EV.

    A decision at which the count called for an index play carries it (`DecisionQuality.index_play`:
    whether it was made), for the Statistics screen. Runs on the odds worker (it may compute the
    analysis and the index plays).
    """
    from engine.odds import analysis
    from engine.store import DecisionQuality

    found = analysis(rules)
    judged = []
    for p in pending:
        standard = coach_standard(rules, p.situation(), p.counter, p.count, p.action)
        best = standard.play if standard is not None else found.chart.action(p.cards, p.up, p.legal)
        correct = best is p.action
        note = None
        if standard is not None and standard.index_due and standard.count is not None:
            note = index_note(p, standard)
        judged.append(
            DecisionQuality(
                seat=p.seat,
                hand=p.hand,
                action=p.action,
                correct=correct,
                best=best,
                ev_lost=0.0 if correct else ev_lost(rules, p, best),
                index_play=note,
            )
        )
    return judged, found.player_ev


def index_note(p: PendingDecision, standard: Standard) -> dict[str, Any]:
    """An index play the count called for, as the round record keeps it (`index_plays`)."""
    return {
        "seat": p.seat, "hand": p.hand, "count": standard.count, "play": standard.play.value,
        "index": standard.index.index if standard.index is not None else None,
        "made": p.action is standard.play,
    }


def ev_lost(rules: Rules, p: PendingDecision, best: Action) -> float | None:
    """Cents the chosen action gives up against the chart's, from the odds engine (None if unknown)."""
    from engine.odds import OddsError, hint

    try:
        priced = hint(rules, p.cards, p.up, None, p.legal, from_split=p.from_split, hands=p.hands)
        return priced.cost_against(p.action, best) * p.bet
    except (OddsError, KeyError, ValueError):
        return None


def priced_options() -> tuple[str, ...]:
    """The options whose worth `Odds.effects` prices, in table-card order (`engine.odds.effects`)."""
    from engine.odds.effects import PRICED_OPTIONS

    return PRICED_OPTIONS


class Effects:
    """What each option of a rule set is worth (`engine.odds.effects.rule_effects`), filled in by the
    pricing process one option at a time, so a screen shows each option's figures once they are priced."""

    def __init__(self, rules: Rules, options: tuple[str, ...], worker: Worker) -> None:
        self.rules = rules
        self.options = options
        self.found: dict[tuple[str, Any], RuleEffect] = {}
        """Each priced (option, value as a rules file writes it): its effect."""
        self.stopped = False
        self.job = worker.submit(self._work, f"what each rule of {rules.name} is worth")

    def _work(self) -> None:
        for option in self.options:
            if self.stopped:
                return
            for effect in PRICER.run(option_effects, self.rules, option):
                self.found[(effect.option, effect.after)] = effect

    def stop(self) -> None:
        """Price nothing more (the rules changed): the option being priced is the last."""
        self.stopped = True
        self.job.cancel()

    def done(self) -> bool:
        """Whether every option has been priced."""
        return self.job.done() and not self.stopped


class Odds:
    """Analyses, bots and judgements, computed on one worker thread and polled by the scenes."""

    def __init__(self) -> None:
        self.worker = Worker("odds")
        self._analyses: dict[Rules, Job[Analysis]] = {}
        self._browsing: Rules | None = None
        self._effects: Effects | None = None

    def effects(self, rules: Rules, options: tuple[str, ...]) -> Effects:
        """What these options of these rules are worth, being priced (pricing asked for before stops)."""
        current = self._effects
        if current is None or current.rules != rules or current.options != options or current.stopped:
            if current is not None and not current.done():
                current.stop()
            current = self._effects = Effects(rules, options, self.worker)
        return current

    def analysis(self, rules: Rules, *, browsing: bool = False) -> Job[Analysis]:
        """The analysis job of a rule set (started on first request).

        `browsing` marks a request from a screen paging through rule sets: the previous
        browsing request is dropped if it has not started, so paging never queues seconds
        of work nobody waits for.
        """
        if browsing and self._browsing is not None and self._browsing != rules:
            old = self._analyses.get(self._browsing)
            if old is not None and not old.done():
                old.cancel()
                del self._analyses[self._browsing]
        if browsing:
            self._browsing = rules
        job = self._analyses.get(rules)
        if job is None or job.cancelled:
            job = self.worker.submit(lambda: PRICER.run(rule_analysis, rules), f"analysing {rules.name}")
            self._analyses[rules] = job
        return job

    def edge_text(self, rules: Rules, *, browsing: bool = False) -> str:
        """The house edge as '0.33%' (negative when the player has the edge), or 'computing…'."""
        job = self.analysis(rules, browsing=browsing)
        if not job.done():
            return _(COMPUTING)
        if job.value is None:
            # TRANSLATORS: in place of the house edge when it could not be worked out
            return _("unknown (the analysis failed)")
        return percent(job.value.house_edge, 2)

    def chart_now(self, rules: Rules) -> StrategyChart | None:
        """The basic strategy chart if it is ready (never waits; asks for it otherwise)."""
        found = self.analysis(rules).value
        return found.chart if found is not None else None

    def bot(self, kind: str, rules: Rules) -> Job[Bot]:
        """A new engine bot for these rules (its chart may need computing first)."""

        def work() -> Bot:
            from engine.bots import make_bot

            return make_bot(kind, rules)

        return self.worker.submit(work, f"the {kind} bot")

    def judge(self, rules: Rules, pending: Sequence[PendingDecision]) -> Job[tuple[list[Any], float]]:
        """Judge a round's decisions (see `judge`)."""
        frozen = tuple(pending)
        return self.worker.submit(lambda: judge(rules, frozen), "judging the decisions")

    @property
    def busy(self) -> bool:
        """Whether the worker has anything queued or running."""
        return self.worker.busy


def advice(chart: StrategyChart | None, rnd: Round) -> Action | None:
    """What basic strategy says for the decision the round waits on (None without a chart)."""
    decision = rnd.decision
    if chart is None or decision is None:
        return None
    hand = rnd.hands(decision.seat)[decision.hand]
    return chart.action(hand.cards, rnd.dealer_up_card, rnd.legal_actions())


ACTION_WORDS: dict[Action, str] = {
    Action.HIT: "hit",
    Action.STAND: "stand",
    Action.DOUBLE: "double",
    Action.SPLIT: "split",
    Action.SURRENDER: "surrender",
    Action.INSURANCE: "take insurance",
    Action.NO_INSURANCE: "decline insurance",
    Action.EVEN_MONEY: "take even money",
    Action.NO_EVEN_MONEY: "decline even money",
    Action.NO_SURRENDER: "play on",
}
"""How the coach names an action."""
