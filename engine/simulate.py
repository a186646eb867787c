"""Self-play simulation: bots play many rounds in chunks; the tallies merge exactly.

A run is cut into chunks of `CHUNK_ROUNDS` rounds. Chunk `i` plays at a fresh table
whose shoe is seeded from the run's seed and `i` alone (`chunk_seed`), and its tally
holds only integers (cents and counts), so merging is exact and order-free: the same
seed gives the same result however many worker processes play the chunks.

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
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import partial
from operator import mul
from typing import Any

from engine.actions import Result
from engine.bots import Bot, BotTable, NoviceStyle, make_bot
from engine.fastplay import FastTable
from engine.money import Money, to_units
from engine.round import Round
from engine.rules import Rules

CHUNK_ROUNDS = 20_000
"""Rounds per chunk: the unit of work handed to a worker and of progress."""

BANKROLL: Money = 10**15
"""Each seat's bankroll outside tournaments: enough never to run out (in cents)."""

Z95 = 1.959963984540054
"""The two-sided 95% quantile of the normal distribution."""

ROUNDS_PER_HOUR = 100
"""Rounds one seat plays in an hour at a busy table (for the counter's hourly summary)."""

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

    def __post_init__(self) -> None:
        if self.seats < 1:
            raise ValueError("a simulation needs at least one seat")
        if self.rounds < 0:
            raise ValueError("the number of rounds cannot be negative")
        if self.engine not in ENGINES:
            raise ValueError(f"there is no engine {self.engine!r}; use " + " or ".join(ENGINES))
        if self.engine == "auto":  # settled once, so reports and workers see the engine that runs
            from engine.kernel import supports

            object.__setattr__(self, "engine", "fast" if supports(self) else "kernel")
        elif self.engine == "kernel":
            from engine.errors import BlackjackError
            from engine.kernel import supports

            reason = supports(self)
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

    def make_bots(self) -> list[Bot]:
        """A fresh bot for every seat."""
        return [make_bot(self.bot, self.rules, novice_style=self.novice_style) for _ in range(self.seats)]

    def bankrolls(self) -> list[Money]:
        """Every seat's starting bankroll: the tournament's, or one that never runs out."""
        tournament = self.rules.tournament
        return [BANKROLL if tournament is None else tournament.bankroll] * self.seats


def chunk_seed(seed: int, index: int) -> int:
    """The shoe seed of one chunk, derived from the run's seed and the chunk's index alone.

    >>> chunk_seed(1, 0) == chunk_seed(1, 0) != chunk_seed(1, 1)
    True
    """
    digest = hashlib.sha256(f"blackjack-simulate:{seed}:{index}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


@dataclass(frozen=True, slots=True)
class Tally:
    """What some rounds came to, in integers only (cents and counts), so tallies add exactly.

    `net`, `bet` and their squares and product are summed per round over all seats.
    """

    rounds: int = 0
    seat_rounds: int = 0
    """Initial bets placed (one per seat that played a round)."""
    net: int = 0
    net_squares: int = 0
    bet: int = 0
    bet_squares: int = 0
    net_bet: int = 0
    results: tuple[int, ...] = field(default=(0,) * len(_RESULTS))
    """How many hands ended each way, in the order of `Result`."""

    def __add__(self, other: Tally) -> Tally:
        return Tally(
            self.rounds + other.rounds,
            self.seat_rounds + other.seat_rounds,
            self.net + other.net,
            self.net_squares + other.net_squares,
            self.bet + other.bet,
            self.bet_squares + other.bet_squares,
            self.net_bet + other.net_bet,
            tuple(a + b for a, b in zip(self.results, other.results, strict=True)),
        )

    @property
    def hands(self) -> int:
        """Hands settled (a split makes more than one per bet)."""
        return sum(self.results)

    def count(self, result: Result) -> int:
        """How many hands ended this way."""
        return self.results[_RESULTS.index(result)]


def run_chunk(plan: Plan, index: int) -> Tally:
    """Play one chunk of the plan at a fresh table and tally it."""
    rounds = plan.chunks()[index]
    seed = chunk_seed(plan.seed, index)
    if plan.engine == "round":
        return _tally_rounds(plan, rounds, seed)
    if plan.engine == "kernel":
        from engine import kernel

        return kernel.run_chunk(plan, rounds, seed)
    table = FastTable(plan.rules, plan.make_bots(), bankrolls=plan.bankrolls(), seed=seed)
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


def _tally_rounds(plan: Plan, rounds: int, seed: int) -> Tally:
    """A chunk played through the event-producing Round (the reference the fast path must match)."""
    table = BotTable(plan.rules, plan.make_bots(), bankrolls=plan.bankrolls(), seed=seed)
    total = Tally()
    for _ in range(rounds):
        played = table.play_round()
        if played is None:
            break
        total += round_tally(played)
    return total


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

        A blackjack counts as a win; a bust and a surrender count as losses.
        """
        t = self.tally
        hands = t.hands or 1
        count = t.count
        won = count(Result.WIN) + count(Result.BLACKJACK)
        lost = count(Result.LOSE) + count(Result.BUST) + count(Result.SURRENDER)
        return {
            "win": won / hands,
            "push": count(Result.PUSH) / hands,
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

    def to_dict(self) -> dict[str, Any]:
        """The figures as one JSON-ready object (money in units)."""
        plan, t = self.plan, self.tally
        low, high = self.ci95
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
            "interrupted": self.interrupted,
        }


def run(
    plan: Plan,
    *,
    workers: int | None = None,
    on_chunk: Callable[[Tally], None] | None = None,
) -> Summary:
    """Play the plan over `workers` processes (every core by default) and merge the chunks.

    `on_chunk` is called with each chunk's tally as it finishes. A KeyboardInterrupt
    stops the workers and returns what the finished chunks gathered, marked interrupted.
    """
    chunks = plan.chunks()
    count = min(workers or os.cpu_count() or 1, len(chunks))
    total = Tally()
    try:
        for tally in _played(plan, len(chunks), count):
            total += tally
            if on_chunk is not None:
                on_chunk(tally)
    except KeyboardInterrupt:
        return Summary(plan, total, interrupted=True)
    return Summary(plan, total)


def _played(plan: Plan, chunks: int, workers: int) -> Iterator[Tally]:
    """Each chunk's tally as it finishes, in this process or over a pool of workers."""
    if workers <= 1:
        for index in range(chunks):
            yield run_chunk(plan, index)
        return
    import multiprocessing

    plan.make_bots()  # compute the strategy chart once here, before the workers start
    pool = multiprocessing.get_context().Pool(workers, initializer=_ignore_interrupts)
    try:
        finished = pool.imap_unordered(partial(run_chunk, plan), range(chunks))
        with _interrupt_flag() as interrupted:
            for _ in range(chunks):
                while True:
                    if interrupted:
                        raise KeyboardInterrupt
                    try:
                        tally = finished.next(timeout=POLL_SECONDS)
                    except multiprocessing.TimeoutError:
                        continue
                    break
                yield tally
    finally:
        pool.terminate()
        pool.join()


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


def _ignore_interrupts() -> None:
    """Workers leave Ctrl-C to the parent, which stops them and reports what it has."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
