"""The simulator's compiled kernel: the rules and a bot compiled into tables, whole rounds in numba.

`engine.kernel.tables` asks the pure rule functions and the bot every question once per
situation and keeps the answers in arrays; `engine.kernel.loop` plays whole rounds over
them in FastTable's order, compiled by numba (the optional `fast` extra:
`pip install -e '.[fast]'`). `supports(plan)` says whether the kernel can play a plan
and, when it cannot, why; the simulator then runs the pure-Python fast path instead.

The kernel shuffles with its own generator (SplitMix64 seeded by the chunk's seed), so
for one `--seed` it deals other cards than the fast path, reproducibly. Fed the same
shoes (`play_shoes`), it plays exactly FastTable's rounds; tests/test_kernel.py holds it
to that.
"""

from __future__ import annotations

import importlib.util
import threading
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from engine.actions import Result
from engine.bots import BOT_NAMES, DEFAULT_SETUP, DEFAULT_SPREAD, CounterSetup, NoviceStyle, make_bot
from engine.cards import Card
from engine.legality import early_surrender_offered
from engine.payout import original_bet_only
from engine.rules import DoubleOn, Rules, Surrender  # noqa: F401  (Surrender: the doctest)
from engine.shoe import Shoe
from engine.tally import TRUE_COUNTS, Tally, counted_tally, tally_from_sums

if TYPE_CHECKING:
    from engine.kernel.tables import Tables

EVENT_NAMES: tuple[str, ...] = (
    "splits", "resplits", "doubles", "surrenders", "insurance", "even_money", "shuffles",
    "mid_round_reshuffles", "dealer_blackjacks", "split_aces", "hits", "paid_at_once", "cards",
    "tournaments", "left_shoes",
)
"""What `KernelRun.events` counts, in order."""


def available() -> bool:
    """Whether numba (the `fast` extra) is installed, so the kernel can run compiled."""
    return importlib.util.find_spec("numba") is not None and importlib.util.find_spec("numpy") is not None


def declines(rules: Rules, bot: str, seats: int = 1) -> str | None:
    """Why the kernel cannot play these rules and bot (a sentence), or None when it can.

    >>> from engine import load_rules
    >>> declines(load_rules("vegas-strip").with_changes(surrender=Surrender.EARLY), "basic")
    'the kernel does not offer early surrender'
    >>> declines(load_rules("double-up"), "basic") is None
    True
    """
    if bot not in BOT_NAMES:
        return f"the kernel does not know the {bot} bot"
    if rules.tournament is not None and (
        rules.double_on is not DoubleOn.NONE or rules.splitting_allowed or rules.insurance
    ):
        return "the kernel plays tournaments only where a bankroll cannot limit a double, split or insurance"
    if rules.tournament is not None and bot == "counter" and rules.decks is not None:
        return "the kernel does not play a counter's bets against a tournament bankroll"
    if rules.csm:
        return "the kernel deals from a shoe with a cut card, not a continuous shuffling machine"
    if rules.burn_cards:
        return "the kernel does not burn cards after a shuffle"
    if any(early_surrender_offered(rules, card) for card in _UP_CARDS):
        return "the kernel does not offer early surrender"
    if original_bet_only(rules, True) and not rules.dealer_peeks:
        return "the kernel does not settle a dealer blackjack found after play for the original bet only"
    if seats > 7:
        return "the kernel seats at most seven"
    return None


def supports(rules: Rules, bot: str, seats: int = 1) -> str | None:
    """Why the kernel cannot run these rules and bot (numba missing, or a rule or bot it lacks), or None."""
    if not available():
        return "numba is not installed (pip install -e '.[fast]')"
    return declines(rules, bot, seats)


def tables_for(
    rules: Rules, bot: str, novice_style: NoviceStyle = NoviceStyle.BUST_CARD, spread: int = DEFAULT_SPREAD,
    counter: CounterSetup = DEFAULT_SETUP,
) -> Tables:
    """The compiled tables for these rules and bot (built once per process, by one thread: others wait)."""
    with _BUILDING:
        return _tables_for(rules, bot, novice_style, spread, counter)


_BUILDING = threading.Lock()
"""Held while a thread looks up or builds tables: two threads starting a run build them once."""


@lru_cache(maxsize=32)
def _tables_for(
    rules: Rules, bot: str, novice_style: NoviceStyle, spread: int, counter: CounterSetup,
) -> Tables:
    from engine.kernel.tables import build

    return build(rules, lambda: make_bot(bot, rules, novice_style=novice_style, spread=spread,
                                         counter=counter))


@dataclass(frozen=True, slots=True)
class KernelRun:
    """What the kernel played: the tally, event counts, and (when recorded) every round's figures."""

    rounds: int
    sums: tuple[int, ...]
    """rounds, seat rounds, net, net², bet, bet², net×bet, as `Tally` holds them."""
    results: tuple[int, ...]
    events: dict[str, int]
    bankrolls: tuple[int, ...]
    by_count: tuple[tuple[int, ...], ...] = ()
    """The counter's sums again by the true count at its bet: seven columns (as `sums`), one entry
    per `engine.tally.TRUE_COUNTS` bucket and one for rounds without a count; empty for other bots."""
    nets: Any = None
    """int64[rounds, seats] when recorded."""
    bets: Any = None
    round_bankrolls: Any = None
    cards: Any = None
    """Cards drawn in each round."""
    hand_results: Any = None
    """Each round's results, seat by seat in split order, padded with -1."""
    active: Any = None
    """bool[rounds, seats]: whether each seat is still in its tournament after the round."""

    def round_results(self, number: int) -> list[Result]:
        """The results of one recorded round's hands, as FastTable lists them."""
        return [_RESULTS[code] for code in self.hand_results[number] if code >= 0]


_RESULTS = tuple(Result)
_UP_CARDS: tuple[Card | None, ...] = (None, *(Card.parse(code) for code in "A23456789T"))


def _run(
    rules: Rules, bot: str, novice_style: NoviceStyle, spread: int, seats: int,
    chunks: Sequence[tuple[int, int]], script: Any, keys: Any, record: bool, bankroll: int,
    counter: CounterSetup,
) -> KernelRun:
    """Play `chunks` (rounds and seed each) one after another in one compiled call (a recording: one)."""
    import numpy as np

    from engine.kernel import loop

    if record and len(chunks) != 1:
        raise ValueError(f"a recorded run is one chunk, not {len(chunks)}")
    reason = declines(rules, bot, seats)
    if reason is not None:
        raise ValueError(f"cannot play in the kernel: {reason}")
    t = tables_for(rules, bot, novice_style, spread, counter)
    tournament = rules.tournament
    infinite = rules.decks is None
    scripted = script is not None
    size = 0 if infinite else 52 * (rules.decks or 1)
    cut = 0 if infinite else Shoe(rules.decks or 1, float(rules.penetration)).cut_index
    if not scripted:
        script = np.zeros((1, 1), dtype=np.int8)
    if keys is None:
        keys = np.zeros((0, 1), dtype=np.int64)
    sums = np.zeros(7, dtype=np.int64)
    by_count = np.zeros((7, len(TRUE_COUNTS) + 1), dtype=np.int64)
    results = np.zeros(len(_RESULTS), dtype=np.int64)
    events = np.zeros(loop.EVENTS, dtype=np.int64)
    bankrolls = np.zeros(seats, dtype=np.int64)
    st = np.zeros(loop.STATE, dtype=np.int64)
    kept = chunks[0][0] if record else 1
    rec_net = np.zeros((kept, seats), dtype=np.int64)
    rec_bet = np.zeros((kept, seats), dtype=np.int64)
    rec_bankroll = np.zeros((kept, seats), dtype=np.int64)
    rec_cards = np.zeros(kept, dtype=np.int64)
    rec_results = np.full((kept, seats * loop.HANDS), -1, dtype=np.int64)
    rec_active = np.zeros((kept, seats), dtype=np.bool_)
    game = (
        t.first_value, t.step, t.pair, t.natural, t.is_ace, t.points, t.tag, t.hand_state, t.situation,
        t.dealer_draws, t.up, t.even_money, t.offer, t.count_bucket, t.play_bucket, t.count_offset,
        t.true_bucket,
        t.bet_index, t.leave, t.bet,
        t.insurance, t.insurance_net, t.blackjack_win, t.fate, t.outcome, t.hands, t.counting,
        rules.dealer_gets_hole_card, rules.player_blackjack_paid_at_once, infinite, size, cut,
        rules.first_card_before_bet, rules.dealer_draws_after_players, tournament is not None, bankroll,
        0 if tournament is None else tournament.goal, rules.min_bet,
        seats, script, keys, scripted, sums, by_count, results, events,
        record, rec_net, rec_bet, rec_cards, rec_results, rec_bankroll, rec_active,
    )
    chunk_rounds = np.array([rounds for rounds, _ in chunks], dtype=np.int64)
    seeds = np.array([seed & (2**64 - 1) for _, seed in chunks], dtype=np.uint64)
    played = loop.play_chunks(chunk_rounds, seeds, bankrolls, st, bankroll, game)
    error = int(st[loop.ERROR])
    if error and not (scripted and error in (loop.ERR_SCRIPT_ENDED,)):
        raise RuntimeError(f"the kernel stopped after {played} rounds: {_ERRORS.get(error, error)}")
    return KernelRun(
        int(played), tuple(int(x) for x in sums), tuple(int(x) for x in results),
        dict(zip(EVENT_NAMES, (int(x) for x in events), strict=True)), tuple(int(x) for x in bankrolls),
        tuple(tuple(int(x) for x in column) for column in by_count) if t.counting else (),
        rec_net[:played] if record else None, rec_bet[:played] if record else None,
        rec_bankroll[:played] if record else None, rec_cards[:played] if record else None,
        rec_results[:played] if record else None, rec_active[:played] if record else None,
    )


_ERRORS = {
    1: "the scripted cards ran out",
    2: "the shoe ran out with no discards to shuffle back in",
    3: "a scripted shoe ran out mid-round and no keys were given to shuffle the discards by",
    4: "a hand reached a situation the tables do not hold",
    5: "a seat split into more hands than the kernel holds",
}


def play_shoes(
    rules: Rules,
    bot: str,
    shoes: Sequence[Sequence[Card]],
    rounds: int,
    *,
    seats: int = 1,
    novice_style: NoviceStyle = NoviceStyle.BUST_CARD,
    spread: int = DEFAULT_SPREAD,
    bankroll: int = 10**15,
    reshuffle_keys: Sequence[Sequence[int]] = (),
    counter: CounterSetup = DEFAULT_SETUP,
) -> KernelRun:
    """Play up to `rounds` rounds dealing the given shoes in order (each in deal order); every round recorded.

    For an infinite deck, `shoes` holds one sequence dealt straight through. A shoe that
    runs out mid-round puts its discards (in the order they were dealt) back in sorted by
    the next of `reshuffle_keys` (distinct numbers, one per card of the shoe), to be dealt
    in that order. Play stops early when the shoes run out. Raises ValueError when the
    kernel declines the rules or bot.
    """
    import numpy as np

    from engine.kernel.tables import card_code

    width = max((len(shoe) for shoe in shoes), default=1)
    script = np.zeros((len(shoes), width), dtype=np.int8)
    for row, shoe in enumerate(shoes):
        script[row, : len(shoe)] = [card_code(card) for card in shoe]
    keys = np.array(reshuffle_keys, dtype=np.int64).reshape(len(reshuffle_keys), -1 if reshuffle_keys else 1)
    return _run(rules, bot, novice_style, spread, seats, [(rounds, 0)], script, keys, True, bankroll, counter)


def play_seeded(
    rules: Rules, bot: str, rounds: int, seed: int, *, seats: int = 1,
    novice_style: NoviceStyle = NoviceStyle.BUST_CARD, spread: int = DEFAULT_SPREAD, bankroll: int = 10**15,
    counter: CounterSetup = DEFAULT_SETUP,
) -> KernelRun:
    """Play `rounds` rounds from a fresh shoe shuffled by the kernel's own generator, seeded with `seed`."""
    return _run(rules, bot, novice_style, spread, seats, [(rounds, seed)], None, None, False, bankroll,
                counter)


def play_chunks(
    rules: Rules, bot: str, chunks: Sequence[tuple[int, int]], *, seats: int = 1,
    novice_style: NoviceStyle = NoviceStyle.BUST_CARD, spread: int = DEFAULT_SPREAD, bankroll: int = 10**15,
    counter: CounterSetup = DEFAULT_SETUP,
) -> Tally:
    """Chunks of a simulation (rounds and seed each), each played as `play_seeded` plays it, in one tally."""
    return kernel_tally(_run(rules, bot, novice_style, spread, seats, chunks, None, None, False, bankroll,
                             counter))


def kernel_tally(played: KernelRun) -> Tally:
    """The `Tally` of what the kernel played: the one place the kernel's figures become a tally."""
    if played.by_count:
        return counted_tally([list(column) for column in played.by_count], played.results)
    return tally_from_sums(list(played.sums), played.results)
