"""Self-play simulation: bots play many rounds in chunks; the tallies merge exactly.

A run is cut into chunks of `CHUNK_ROUNDS` rounds. Chunk `i` plays at a fresh table
whose shoe is seeded from the run's seed and `i` alone (`chunk_seed`), and its tally
holds only integers (cents and counts), so merging is exact and order-free: the same
seed gives the same result however many workers (threads or processes) play the chunks.

The EV is the mean net per initial unit bet (total net over total initial bets, a ratio
estimator), with a 95% confidence interval from the per-round sums of squares; the
round (all seats together) is the sampling unit, since seats at one table share a dealer.
"""

from __future__ import annotations

import hashlib
import math
import os
import signal
import threading
from collections.abc import Callable, Generator, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from functools import partial
from operator import mul
from typing import TYPE_CHECKING, Any

from engine import risk
from engine.actions import Result
from engine.bots import (
    DEFAULT_SETUP,
    DEFAULT_SPREAD,
    Bot,
    BotTable,
    CounterBot,
    CounterSetup,
    NoviceStyle,
    SeatView,
    make_bot,
)
from engine.errors import BlackjackError
from engine.fastplay import FastTable
from engine.money import CENTS_PER_UNIT, Money, to_units
from engine.round import Round
from engine.rules import Rules
from engine.tally import TRUE_COUNTS, Tally, count_bucket, counted_tally
from engine.workers import become_worker, ctrl_c_held, lifeline

if TYPE_CHECKING:
    from multiprocessing.context import BaseContext

CHUNK_ROUNDS = 20_000
"""Rounds per chunk: the unit of work handed to a worker and of progress."""

BANKROLL: Money = 10**15
"""Each seat's bankroll outside tournaments: enough never to run out (in cents)."""

Z95 = 1.959963984540054
"""The two-sided 95% quantile of the normal distribution."""

ROUNDS_PER_HOUR = 100
"""Rounds one seat plays in an hour at a busy table (for the counter's hourly summary)."""

MAX_SEATS = 7
"""The most seats a simulated table has: a casino table's seven, as the game's table and the kernel."""

MAX_ROUNDS = 10**10
"""The most rounds one run plays, all its plans together: days of a cluster's time, and a list of
its 500,000 chunks stays small (a number beyond it would exhaust memory before the first round)."""

MAX_SPREAD = 1000
"""The top of the largest bet ramp: a 1-to-1000 spread."""

WORKERS_PER_CORE = 4
"""How many worker processes a core may be given: more only fight over it (and each costs memory)."""


class SimulationError(BlackjackError):
    """A simulation that cannot run as asked: a count out of range, or more work than a run holds."""

ENGINES = ("fast", "round", "kernel", "auto")
"""How rounds are played: the fast path, the event-producing Round (slower; the same results), the
compiled kernel (`engine.kernel`, the `fast` extra; its own shuffler), or "auto": the kernel when
it can play the plan, else the fast path."""

_RESULTS = tuple(Result)


@dataclass(frozen=True, slots=True)
class Plan:
    """What to simulate: the rules, the bot in every seat, how many rounds, and the seed."""

    rules: Rules
    bot: str
    seats: int = 1
    rounds: int = 100_000
    seed: int = 0
    novice_style: NoviceStyle = NoviceStyle.BUST_CARD
    engine: str = "fast"
    rules_name: str = ""
    """How the rules were named (a preset id or file), for reports."""
    spread: int = DEFAULT_SPREAD
    """The top of the counter's bet ramp in units (1-8 by default) when `counter` has no ramp; the
    other bots bet flat."""
    counter: CounterSetup = DEFAULT_SETUP
    """How the counter counts, bets and plays: its system, true-count setting, ramp and index plays."""

    def __post_init__(self) -> None:
        """Check the counts; raises SimulationError naming the limit a count is outside."""
        if not 1 <= self.spread <= MAX_SPREAD:
            raise SimulationError(
                f"a bet spread must be from 1 to {MAX_SPREAD} units, not {_shown(self.spread)}"
            )
        if self.seats < 1:
            raise SimulationError("a simulation needs at least one seat")
        if self.seats > MAX_SEATS:
            raise SimulationError(f"a table has at most {MAX_SEATS} seats, not {_shown(self.seats)}")
        if not 0 <= self.rounds <= MAX_ROUNDS:
            raise SimulationError(f"a run plays from 0 to {MAX_ROUNDS:,} rounds, not {_shown(self.rounds)}")
        if self.rules.csm and self.bot == "counter":
            raise SimulationError(
                "a counter cannot be simulated at a continuous shuffler: its discards go back every round, "
                "so there is no count to bet on"
            )
        if self.engine not in ENGINES:
            raise SimulationError(f"there is no engine {self.engine!r}; use " + " or ".join(ENGINES))
        if self.engine == "auto":  # settled once, so reports and workers see the engine that runs
            from engine.kernel import supports

            declined = supports(self.rules, self.bot, self.seats)
            object.__setattr__(self, "engine", "fast" if declined else "kernel")
        elif self.engine == "kernel":
            from engine.errors import BlackjackError
            from engine.kernel import supports

            reason = supports(self.rules, self.bot, self.seats)
            if reason is not None:
                raise BlackjackError(f"cannot simulate in the kernel: {reason}")

    def chunks(self) -> list[int]:
        """The number of rounds in each chunk, in chunk order.

        >>> from engine import load_rules
        >>> Plan(load_rules("vegas-strip"), "basic", rounds=45_000).chunks()
        [20000, 20000, 5000]
        """
        full, rest = divmod(self.rounds, CHUNK_ROUNDS)
        return [CHUNK_ROUNDS] * full + ([rest] if rest else [])

    def chunk_rounds(self, index: int) -> int:
        """The number of rounds in chunk `index`: `chunks()[index]`, without a list as long as the run.

        >>> from engine import load_rules
        >>> Plan(load_rules("vegas-strip"), "basic", rounds=45_000).chunk_rounds(2)
        5000
        """
        return min(CHUNK_ROUNDS, self.rounds - index * CHUNK_ROUNDS)

    def make_bots(self) -> list[Bot]:
        """A fresh bot for every seat."""
        return [
            make_bot(self.bot, self.rules, novice_style=self.novice_style, spread=self.spread,
                     counter=self.counter)
            for _ in range(self.seats)
        ]

    def bankrolls(self) -> list[Money]:
        """Every seat's starting bankroll: the tournament's, or one that never runs out."""
        tournament = self.rules.tournament
        return [BANKROLL if tournament is None else tournament.bankroll] * self.seats


def _shown(number: int) -> str:
    """A count as a message quotes it; one too long to print whole (or at all) is described."""
    return f"{number:,}" if number.bit_length() <= 64 else f"a number of {number.bit_length():,} bits"


def max_workers() -> int:
    """The most worker processes a run may start on this machine: `WORKERS_PER_CORE` per core."""
    return WORKERS_PER_CORE * (os.cpu_count() or 1)


def check_run(plans: Sequence[Plan], workers: int | None = None) -> None:
    """Check that a run fits: its plans' rounds together, and the worker processes asked for.

    Raises SimulationError naming the limit.
    """
    total = sum(plan.rounds for plan in plans)
    if total > MAX_ROUNDS:
        raise SimulationError(
            f"a run plays at most {MAX_ROUNDS:,} rounds in all; {len(plans):,} simulations of these "
            f"rounds come to {_shown(total)}"
        )
    if workers is not None and not 1 <= workers <= max_workers():
        cores = os.cpu_count() or 1
        raise SimulationError(
            f"{_shown(workers)} worker processes: use 1 to {max_workers()} on this machine "
            f"({cores} core{'s' if cores != 1 else ''}, {WORKERS_PER_CORE} per core)"
        )


def chunk_seed(seed: int, index: int) -> int:
    """The shoe seed of one chunk, derived from the run's seed and the chunk's index alone.

    >>> chunk_seed(1, 0) == chunk_seed(1, 0) != chunk_seed(1, 1)
    True
    """
    digest = hashlib.sha256(f"blackjack-simulate:{seed}:{index}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


def run_chunks(plan: Plan, indices: Sequence[int]) -> Tally:
    """Play several chunks of the plan, each at its own fresh table, and tally them together.

    The kernel plays them all in one compiled call; the other engines chunk by chunk (`run_chunk`).
    """
    if plan.engine != "kernel":
        return sum((run_chunk(plan, index) for index in indices), Tally())
    from engine import kernel

    chunks = [(plan.chunk_rounds(index), chunk_seed(plan.seed, index)) for index in indices]
    return kernel.play_chunks(plan.rules, plan.bot, chunks, seats=plan.seats, novice_style=plan.novice_style,
                              spread=plan.spread, bankroll=plan.bankrolls()[0], counter=plan.counter)


def run_chunk(plan: Plan, index: int) -> Tally:
    """Play one chunk of the plan at a fresh table and tally it."""
    if plan.engine == "kernel":
        return run_chunks(plan, (index,))
    rounds = plan.chunk_rounds(index)
    seed = chunk_seed(plan.seed, index)
    if plan.engine == "round":
        return _tally_rounds(plan, rounds, seed)
    bots = plan.make_bots()
    if isinstance(bots[0], CounterBot) and plan.rules.decks is not None:
        return _tally_counted(plan, bots, rounds, seed)
    table = FastTable(plan.rules, bots, bankrolls=plan.bankrolls(), seed=seed)
    play = table.play_round
    nets: list[Money] = []
    bets: list[Money] = []
    results: list[Result] = []
    add_net, add_bet = nets.append, bets.append
    seat_rounds = 0
    if plan.seats == 1:
        for _ in range(rounds):
            if not play():
                break
            add_net(table.nets[0])
            add_bet(table.bets[0])
            results += table.results
        seat_rounds = len(bets)
    else:
        for _ in range(rounds):
            if not play():
                break
            add_net(sum(table.nets))
            add_bet(sum(table.bets))
            seat_rounds += sum(map(bool, table.bets))
            results += table.results
    return Tally(
        len(nets), seat_rounds, sum(nets), sum(map(mul, nets, nets)), sum(bets), sum(map(mul, bets, bets)),
        sum(map(mul, nets, bets)), tuple(results.count(result) for result in _RESULTS),
    )


def _tally_counted(plan: Plan, bots: list[Bot], rounds: int, seed: int) -> Tally:
    """A counter's chunk on the fast path, tallied by the true count of the first seat's bet as well."""
    table = FastTable(plan.rules, bots, bankrolls=plan.bankrolls(), seed=seed)
    counter = bots[0]
    assert isinstance(counter, CounterBot)
    play = table.play_round
    sums = [[0] * (len(TRUE_COUNTS) + 1) for _ in range(7)]
    b_rounds, b_seats, b_net, b_net2, b_bet, b_bet2, b_net_bet = sums
    results: list[Result] = []
    for _ in range(rounds):
        counter.bet_true_count = None
        leave_if_counted_out(table, counter)
        if not play():
            break
        net, bet = sum(table.nets), sum(table.bets)
        results += table.results
        count = counter.bet_true_count  # None: the first seat placed no bet (a finished tournament seat)
        bucket = -1 if count is None else count_bucket(count)
        b_rounds[bucket] += 1
        b_seats[bucket] += sum(map(bool, table.bets))
        b_net[bucket] += net
        b_net2[bucket] += net * net
        b_bet[bucket] += bet
        b_bet2[bucket] += bet * bet
        b_net_bet[bucket] += net * bet
    return counted_tally(sums, tuple(results.count(result) for result in _RESULTS))


def counter_dict(setup: CounterSetup, spread: int) -> dict[str, Any]:
    """How the counter was set up, as JSON-ready values (the ramp as `engine.counting.parse_ramp` reads it).

    >>> counter_dict(DEFAULT_SETUP, 8)["ramp"]
    '1:1,2:2,3:4,4:6,5:8'
    """
    from engine.bots import ramp_for_spread
    from engine.counting import Ramp

    system = setup.system
    ramp = setup.ramp or Ramp.from_units(ramp_for_spread(spread))
    return {
        "system": system.key,
        "system_name": system.name,
        "balanced": system.balanced,
        "precision": setup.precision.value,
        "rounding": setup.rounding.value,
        "ramp": ramp.text(),
        "indices": "fixed" if setup.plays is None else "given",
    }


def leave_if_counted_out(table: FastTable, counter: CounterBot) -> bool:
    """Before a round: when the counter's count is at its ramp's leave count, it leaves for a fresh shoe.

    A shoe it has seen nothing of is never left (a starting count at the leave count would
    leave forever). Whether it left; the compiled kernel does the same at the same moment.
    """
    if counter.ramp.leave is None or not table.seen:
        return False
    view = SeatView(table.rules, 0, None, (), 0, 0, None, 0, table.bankrolls[0], table.seen, table.shuffles)
    if not counter.leaves(view):
        return False
    table.shoe.shuffle()  # what FastTable does at the cut card, done now
    table.shuffles += 1
    table.seen.clear()
    return True


def _tally_rounds(plan: Plan, rounds: int, seed: int) -> Tally:
    """A chunk played through the event-producing Round (the reference the fast path must match)."""
    bots = plan.make_bots()
    table = BotTable(plan.rules, bots, bankrolls=plan.bankrolls(), seed=seed)
    counter = bots[0] if isinstance(bots[0], CounterBot) and plan.rules.decks is not None else None
    total = Tally()
    for _ in range(rounds):
        if counter is not None:
            counter.bet_true_count = None
            if table.watcher.seen and counter.leaves(table.betting_view(0)):
                table.leave_shoe()
        played = table.play_round()
        if played is None:
            break
        tally = round_tally(played)
        if counter is not None:
            tally = _by_count(tally, counter.bet_true_count)
        total += tally
    return total


def _by_count(tally: Tally, true_count: int | None) -> Tally:
    """One round's tally with itself (less its hand results) in the bucket of its true count."""
    sums = [[0] * (len(TRUE_COUNTS) + 1) for _ in range(7)]
    bucket = -1 if true_count is None else count_bucket(true_count)
    t = tally
    for column, value in zip(sums, (t.rounds, t.seat_rounds, t.net, t.net_squares, t.bet, t.bet_squares,
                                    t.net_bet), strict=True):
        column[bucket] = value
    return counted_tally(sums, tally.results)


def round_tally(played: Round) -> Tally:
    """The tally of one finished round, read from its snapshots."""
    net = bet = seat_rounds = 0
    results = [0] * len(_RESULTS)
    for seat in range(len(played.table.seat_names)):
        if not played.bet(seat):
            continue
        seat_rounds += 1
        bet += played.bet(seat)
        net += played.insurance_net(seat) or 0
        for hand in played.hands(seat):
            net += hand.net or 0
            if hand.result is not None:
                results[_RESULTS.index(hand.result)] += 1
    return Tally(1, seat_rounds, net, net * net, bet, bet * bet, net * bet, tuple(results))


@dataclass(frozen=True, slots=True)
class Summary:
    """A simulation's figures: EV with its 95% interval, outcome rates, bets, and the money per hour."""

    plan: Plan
    tally: Tally
    interrupted: bool = False

    @property
    def ev(self) -> float:
        """Mean net per initial unit bet (a fraction: -0.005 is a 0.5% house edge)."""
        return self.tally.net / self.tally.bet if self.tally.bet else 0.0

    @property
    def half_width(self) -> float:
        """Half the width of the 95% confidence interval of `ev` (infinite with fewer than two rounds)."""
        t = self.tally
        if t.rounds < 2 or not t.bet:
            return math.inf
        ratio = self.ev
        residual_squares = t.net_squares - 2 * ratio * t.net_bet + ratio * ratio * t.bet_squares
        variance = max(residual_squares, 0.0) / (t.rounds - 1)
        mean_bet = t.bet / t.rounds
        return Z95 * math.sqrt(variance / t.rounds) / mean_bet

    @property
    def ci95(self) -> tuple[float, float]:
        """The 95% confidence interval of `ev`."""
        return self.ev - self.half_width, self.ev + self.half_width

    def rates(self) -> dict[str, float]:
        """Shares of hands: win, push and loss (which add up to 1), and blackjack, bust and surrender.

        A blackjack counts as a win; a bust and a surrender count as losses; a bet refunded under
        the original-bet rule counts as a push.
        """
        t = self.tally
        hands = t.hands or 1
        count = t.count
        won = count(Result.WIN) + count(Result.BLACKJACK)
        lost = count(Result.LOSE) + count(Result.BUST) + count(Result.SURRENDER)
        return {
            "win": won / hands,
            "push": (count(Result.PUSH) + count(Result.REFUNDED)) / hands,
            "loss": lost / hands,
            "blackjack": count(Result.BLACKJACK) / hands,
            "bust": count(Result.BUST) / hands,
            "surrender": count(Result.SURRENDER) / hands,
        }

    @property
    def average_bet(self) -> float:
        """The mean initial bet per seat and round, in units."""
        t = self.tally
        return t.bet / t.seat_rounds / 100 if t.seat_rounds else 0.0

    @property
    def net_per_100_rounds(self) -> float:
        """The mean net of one seat over 100 rounds, in units (an hour's play at a busy table)."""
        t = self.tally
        return t.net / t.seat_rounds if t.seat_rounds else 0.0

    @property
    def round_mean(self) -> float:
        """The mean net of one round, all seats together, in cents."""
        t = self.tally
        return t.net / t.rounds if t.rounds else 0.0

    @property
    def round_sd(self) -> float:
        """The standard deviation of one round's net, all seats together, in cents (0 under two rounds)."""
        t = self.tally
        if t.rounds < 2:
            return 0.0
        return math.sqrt(max(t.net_squares - t.net * t.net / t.rounds, 0) / (t.rounds - 1))

    def risk(self, bankroll: Money | None = None, trip_rounds: int | None = None) -> dict[str, Any]:
        """Win rate, SD, SCORE, N0, DI and (for a bankroll in cents) the risk of ruin, as in `engine.risk`.

        All seats count as one player's money. Money is in units, and per betting unit
        (the table minimum) under `..._units`; None where a figure is undefined (win rate ≤ 0).
        """
        mu, sigma = self.round_mean, self.round_sd
        unit = self.plan.rules.min_bet
        measured = self.tally.rounds >= 2
        out: dict[str, Any] = {
            "betting_unit": to_units(unit),
            "win_per_100_rounds": 100 * mu / CENTS_PER_UNIT,
            "win_per_100_rounds_units": 100 * mu / unit,
            "sd_per_round": sigma / CENTS_PER_UNIT,
            "sd_per_round_units": sigma / unit,
            "sd_per_100_rounds": 10 * sigma / CENTS_PER_UNIT,
            "score": risk.score(mu, sigma) if measured else None,
            "n0": risk.n0(mu, sigma) if measured and sigma > 0 else None,
            "di": risk.desirability_index(mu, sigma) if measured else None,
            "bankroll": None if bankroll is None else to_units(bankroll),
            "risk_of_ruin": None,
            "trip_rounds": trip_rounds,
            "trip_risk_of_ruin": None,
        }
        if bankroll is not None and measured:
            out["risk_of_ruin"] = risk.risk_of_ruin(mu, sigma, bankroll)
            if trip_rounds is not None:
                out["trip_risk_of_ruin"] = risk.trip_risk_of_ruin(mu, sigma, bankroll, trip_rounds)
        return out

    def true_counts(self) -> list[dict[str, Any]]:
        """The counter's rounds by the true count at its bet: frequency, average bet and EV with its 95% CI.

        One row per bucket of `TRUE_COUNTS` that has rounds; the end buckets hold everything beyond.
        """
        by_count = self.tally.by_count
        counted = sum(t.rounds for t in by_count)
        rows = []
        for true_count, tally in zip(TRUE_COUNTS, by_count, strict=True):
            if not tally.rounds:
                continue
            part = Summary(self.plan, tally)
            low, high = part.ci95
            rows.append({
                "true_count": true_count,
                "rounds": tally.rounds,
                "frequency": tally.rounds / counted,
                "average_bet": part.average_bet,
                "ev": part.ev,
                "ci95": [low, high] if math.isfinite(part.half_width) else None,
                "net": to_units(tally.net),
            })
        return rows

    def to_dict(self, bankroll: Money | None = None, trip_rounds: int | None = None) -> dict[str, Any]:
        """The figures as one JSON-ready object (money in units); `true_counts` only for a counter."""
        plan, t = self.plan, self.tally
        low, high = self.ci95
        extra: dict[str, Any] = {"true_counts": self.true_counts()} if t.by_count else {}
        return {
            "rules": plan.rules_name or plan.rules.name,
            "bot": plan.bot,
            "seats": plan.seats,
            "seed": plan.seed,
            "engine": plan.engine,
            "rounds": t.rounds,
            "hands": t.hands,
            "ev": self.ev,
            "ci95": [low, high] if math.isfinite(self.half_width) else None,
            "rates": self.rates(),
            "average_bet": self.average_bet,
            "net": to_units(t.net),
            "net_per_100_rounds": self.net_per_100_rounds,
            "risk": self.risk(bankroll, trip_rounds),
            **extra,
            "spread": plan.spread,
            **({"counter": counter_dict(plan.counter, plan.spread)} if plan.bot == "counter" else {}),
            "interrupted": self.interrupted,
        }


def run(
    plan: Plan,
    *,
    workers: int | None = None,
    on_chunk: Callable[[Tally], None] | None = None,
) -> Summary:
    """Play the plan over `workers` workers (every core by default; see `in_threads`) and merge the chunks.

    `on_chunk` is called with the tally of each chunk, or run of chunks, as it finishes. A
    KeyboardInterrupt stops the workers and returns what the finished chunks gathered, marked
    interrupted.
    """
    return run_all([plan], workers=workers, on_chunk=on_chunk)[0]


Task = tuple[int, int]
"""One unit of work of several plans: (the plan's index, the chunk's index)."""

Played = Generator[tuple[int, Tally], None, None]
"""Finished chunks in any order, each (or each run of a plan's chunks) with the index of its plan."""


def tasks(plans: Sequence[Plan]) -> list[Task]:
    """Every chunk of every plan, plan by plan.

    >>> from engine import load_rules
    >>> rules = load_rules("vegas-strip")
    >>> tasks([Plan(rules, "basic", rounds=30_000), Plan(rules, "basic", rounds=5)])
    [(0, 0), (0, 1), (1, 0)]
    """
    return [(p, chunk) for p, plan in enumerate(plans) for chunk in range(len(plan.chunks()))]


def run_all(
    plans: Sequence[Plan],
    *,
    workers: int | None = None,
    on_chunk: Callable[[Tally], None] | None = None,
    played: Played | None = None,
) -> list[Summary]:
    """Play several plans' chunks over `workers` threads or processes (or take them from `played`).

    `played` is where finished chunks come from instead of the local pool (a cluster, see
    `blackjack.cluster`); it is closed when the run ends. A KeyboardInterrupt returns what
    the finished chunks gathered, every summary marked interrupted.

    Raises SimulationError when the run does not fit (`check_run`).
    """
    check_run(plans, workers)
    if played is None:
        work = tasks(plans)
        played = _played(plans, work, min(workers or os.cpu_count() or 1, len(work)))
    totals = [Tally()] * len(plans)
    try:
        for index, tally in played:
            totals[index] += tally
            if on_chunk is not None:
                on_chunk(tally)
    except KeyboardInterrupt:
        return [Summary(plan, total, interrupted=True) for plan, total in zip(plans, totals, strict=True)]
    finally:
        played.close()
    return [Summary(plan, total) for plan, total in zip(plans, totals, strict=True)]


Batch = tuple[int, list[int]]
"""A plan's index and some of its chunks' indices, played together (`run_batch`)."""


def batches(work: Sequence[Task], kernel: bool, workers: int) -> list[Batch]:
    """The run's tasks cut into batches of one plan's consecutive chunks, each as many as `tasks_per_send`
    gives for the tasks left from it: fewer and fewer toward the end, the last few one at a time."""
    cut: list[Batch] = []
    start = 0
    while start < len(work):
        index = work[start][0]
        stop, end = min(len(work), start + tasks_per_send(kernel, len(work) - start, workers)), start
        while end < stop and work[end][0] == index:
            end += 1
        cut.append((index, [chunk for _, chunk in work[start:end]]))
        start = end
    return cut


def run_batch(plans: Sequence[Plan], batch: Batch) -> tuple[int, Tally]:
    """Play a batch (`run_chunks`): its plan's index and the batch's tally."""
    index, chunks = batch
    return index, run_chunks(plans[index], chunks)


def _played(plans: Sequence[Plan], work: list[Task], workers: int) -> Played:
    """Each chunk's tally as it finishes: in this process, in threads of it (`in_threads`), or over a pool."""
    if workers <= 1:
        for batch in batches(work, all(plan.engine == "kernel" for plan in plans), 1):
            yield run_batch(plans, batch)
        return
    if in_threads(plans):
        yield from _played_in_threads(plans, work, workers)
        return
    import multiprocessing

    for plan in plans:
        plan.make_bots()  # the strategy charts, computed once here, are on disk when the workers start
    their_end, our_end = lifeline()
    try:
        # The flag is up before the pool starts: a Ctrl-C held meanwhile lands on it when the hold ends.
        with _interrupt_flag() as interrupted:
            with ctrl_c_held():  # the fork server, the workers and their helper threads never see Ctrl-C
                kernel = [plan.engine == "kernel" for plan in plans]
                pool = _worker_context(any(kernel)).Pool(workers, initializer=become_worker,
                                                         initargs=(their_end,))
            try:
                sent = batches(work, all(kernel), workers)
                finished = pool.imap_unordered(partial(run_batch, tuple(plans)), sent)
                for _ in range(len(sent)):
                    while True:
                        if interrupted:
                            raise KeyboardInterrupt
                        try:
                            played = finished.next(timeout=POLL_SECONDS)
                        except multiprocessing.TimeoutError:
                            continue
                        break
                    yield played
            finally:
                pool.terminate()
                pool.join()
    finally:
        our_end.close()
        their_end.close()


def in_threads(plans: Sequence[Plan]) -> bool:
    """Whether the workers are threads of this process: every plan runs in the kernel on one set of tables.

    The kernel's compiled loop lets go of Python's lock while it plays (numba's `nogil`), so
    threads play chunks side by side, and they start at once: no fork server, no second
    import of numba, no second load of the compiled kernel, no tables built again per
    process, nothing sent between processes. Building the tables is Python, one thread at a
    time, so plans needing several sets of them (a sweep of the counter's systems) go to
    worker processes, which build them side by side.

    >>> from engine import load_rules
    >>> in_threads([Plan(load_rules("vegas-strip"), "basic", engine="fast")])  # Python: processes
    False
    """
    return all(plan.engine == "kernel" for plan in plans) and len({_tables_key(plan) for plan in plans}) == 1


def _tables_key(plan: Plan) -> tuple[object, ...]:
    """What the kernel's tables for a plan depend on (`engine.kernel.tables_for`'s arguments)."""
    return plan.rules, plan.bot, plan.novice_style, plan.spread, plan.counter


def _played_in_threads(plans: Sequence[Plan], work: list[Task], workers: int) -> Played:
    """Each batch's tally as it finishes, played by `workers` threads of this process (`in_threads`).

    Each thread takes the next batch (`batches`) as it becomes free; the batches shrink to one
    chunk at the end, so none waits then for more than one chunk of another's (a few
    milliseconds). A Ctrl-C, or the run being closed, lets every thread finish the batch it
    plays (a tenth of a second at most) and stop; an error in a thread is raised here.
    """
    import queue

    finished: queue.SimpleQueue[tuple[int, Tally] | BaseException | None] = queue.SimpleQueue()
    stop = threading.Event()
    taking = threading.Lock()
    left = iter(batches(work, True, workers))

    def play() -> None:
        try:
            while not stop.is_set():
                with taking:
                    batch = next(left, None)
                if batch is None:
                    return
                finished.put(run_batch(plans, batch))
        except BaseException as error:  # handed to the waiting thread, which raises it
            finished.put(error)
        finally:
            finished.put(None)

    threads = [threading.Thread(target=play, name=f"simulate-{n + 1}", daemon=True) for n in range(workers)]
    with _interrupt_flag() as interrupted:
        for thread in threads:
            thread.start()
        try:
            running = len(threads)
            while running:
                if interrupted:
                    raise KeyboardInterrupt
                try:
                    item = finished.get(timeout=POLL_SECONDS)
                except queue.Empty:
                    continue
                if item is None:
                    running -= 1
                elif isinstance(item, BaseException):
                    raise item
                else:
                    yield item
        finally:
            stop.set()
            for thread in threads:
                thread.join()


def tasks_per_send(kernel: bool, tasks: int, workers: int) -> int:
    """Tasks sent to a worker at once: one, or up to `KERNEL_SEND` when every plan runs in the `kernel`.

    Sending a task and its result back costs the parent and the worker about as much as the
    kernel takes to play a chunk, so one at a time the workers wait on the parent; a batch
    holds up to `KERNEL_SEND` chunks, and there are still four batches a worker or more, so
    none waits long at the end for the last. Each chunk keeps its own seed and tally: the
    result is the same.

    >>> tasks_per_send(True, 5000, 2), tasks_per_send(True, 40, 2), tasks_per_send(False, 5000, 2)
    (50, 5, 1)
    """
    if not kernel:
        return 1
    return max(1, min(KERNEL_SEND, tasks // (4 * workers)))


KERNEL_SEND = 50
"""The most of the kernel's chunks sent to a worker at once: a million rounds, a tenth of a second."""

POLL_SECONDS = 0.1
"""How often the parent looks for a Ctrl-C while it waits on the workers."""


@contextmanager
def _interrupt_flag() -> Iterator[list[bool]]:
    """Ctrl-C sets a flag (a non-empty list) instead of raising wherever the parent happens to be.

    A KeyboardInterrupt raised inside the pool's result machinery can leave its lock
    held, and then stopping the pool hangs; the waiting loop raises it itself instead.
    """
    interrupted: list[bool] = []
    ignored = signal.getsignal(signal.SIGINT) is signal.SIG_IGN  # a background job keeps ignoring it
    if ignored or threading.current_thread() is not threading.main_thread():
        yield interrupted
        return
    previous = signal.signal(signal.SIGINT, lambda *_: interrupted.append(True))
    try:
        yield interrupted
    finally:
        signal.signal(signal.SIGINT, previous)


def _worker_context(kernel: bool = False) -> BaseContext:
    """How the workers start: from a fork server where there is one, else each a new interpreter.

    Never a plain fork of this process: a thread of its own (a progress bar's monitor, a
    Dask client's event loop) may hold a lock at that moment, and the child then waits on
    it forever. The fork server is a process with one thread, started with the engine imported,
    and for the `kernel` numba and the kernel's loop too (a third of a second a worker would spend).
    Not the compiled code: on an empty cache, compiling it there would hold up every worker's start.
    """
    import multiprocessing

    if "forkserver" not in multiprocessing.get_all_start_methods():
        return multiprocessing.get_context("spawn")
    context = multiprocessing.get_context("forkserver")
    context.set_forkserver_preload(["engine.simulate", *(["engine.kernel.loop"] if kernel else [])])
    return context
