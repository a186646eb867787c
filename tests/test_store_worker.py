"""A game stand-in for the store's process tests: plays seeded rounds and saves each one.

Run as `python -m tests.test_store_worker DIR --players Ann,Bob --seed 1 [--rounds N]`: it
opens the store in DIR, seats the profiles (made with 1,000,000 units if new), and plays
and saves rounds, printing `saved ROUND_ID` after each commit, forever unless --rounds.
`--start-at T` waits until the clock reads T first (so two workers start together);
`--pause S` rests S seconds between rounds, as people do (a writer in a tight loop can
starve another of SQLite's lock; it corrupts nothing, but the games would not overlap);
`--stall-in-save` then plays one more round and stops for good inside its save
transaction, after printing `stalled`, for a test to kill it there.
`--journal` journals each round as the game does: `begun ID` after the deal, `step ID N`
after decision N, `saved ID` when finished; at start it first resumes an unfinished round
(printing `resumed ID`) and plays on from that round's table and shoe.
Other store tests import `play_round` and `journal_round` from here.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable, Iterator, Sequence

from engine import Action, Round, Table, load_rules
from engine.hand import hand_value
from engine.record import round_start_state
from engine.store import (
    DecisionQuality,
    Profile,
    Store,
    begin_round,
    get_or_create_profile,
    open_store,
    record_step,
    save_round,
    unfinished_round,
)

WORKER_BANKROLL = 100_000_000
"""A bankroll no test run can lose (1,000,000 units), so the worker never rebuys."""


def simple_action(rnd: Round) -> Action:
    """Decline every offer; split aces and eights, double 11, hit below 17, else stand."""
    legal = rnd.legal_actions()
    for answer in (Action.NO_SURRENDER, Action.NO_INSURANCE, Action.NO_EVEN_MONEY):
        if answer in legal:
            return answer
    decision = rnd.decision
    assert decision is not None
    cards = rnd.hands(decision.seat)[decision.hand].cards
    value = hand_value(cards)
    if Action.SPLIT in legal and cards[0].rank in (cards[0].rank.ACE, cards[0].rank.EIGHT):
        return Action.SPLIT
    if Action.DOUBLE in legal and value.total == 11:
        return Action.DOUBLE
    return Action.HIT if value.total < 17 else Action.STAND


def play_round(table: Table, bets: Sequence[int], rng: random.Random) -> tuple[Round, list[DecisionQuality]]:
    """Play one round with these bets (cents, 0 to sit out); returns it and made-up decision judgements."""
    rnd = table.start_round()
    place_bets(rnd, bets)
    judged = play_on(rnd, rng)
    return rnd, judged


def place_bets(rnd: Round, bets: Sequence[int]) -> None:
    """Place the bets (cents, 0 to sit out) and deal."""
    for seat, bet in enumerate(bets):
        if bet:
            rnd.place_bet(seat, bet)
    rnd.deal()


def play_on(
    rnd: Round, rng: random.Random, after: Callable[[], None] = lambda: None
) -> list[DecisionQuality]:
    """Make every decision left in the round (calling `after` after each); returns made-up judgements."""
    judged = []
    while not rnd.is_over:
        decision = rnd.decision
        assert decision is not None
        action = simple_action(rnd)
        correct = rng.random() < 0.8
        judged.append(DecisionQuality(
            seat=decision.seat, hand=decision.hand, action=action, correct=correct,
            best=None if correct else Action.STAND, ev_lost=None if correct else 12.5,
        ))
        rnd.act(action)
        after()
    return judged


def journal_round(
    store: Store, table: Table, profiles: Sequence[Profile | None], bets: Sequence[int], rng: random.Random
) -> tuple[int, Round, list[DecisionQuality]]:
    """Play one round journaled as the game does it: begun after the deal, a step per decision.

    Prints `begun ID` and `step ID N` as each commits; the caller finishes the round.
    """
    start = round_start_state(table)
    rnd = table.start_round()
    place_bets(rnd, bets)
    round_id = begin_round(store, rnd, profiles, start, extra={"worker": True})
    print(f"begun {round_id}", flush=True)
    return round_id, rnd, play_on(rnd, rng, lambda: step(store, round_id, rnd))


def step(store: Store, round_id: int, rnd: Round) -> None:
    """Journal one step and say so."""
    record_step(store, round_id, rnd)
    print(f"step {round_id} {len(rnd.decisions)}", flush=True)


class StallingDecisions(list[DecisionQuality]):
    """Decision judgements that, read inside a write transaction, announce it and never return."""

    def __init__(self, store: Store, judged: list[DecisionQuality]) -> None:
        super().__init__(judged)
        self.store = store

    def __iter__(self) -> Iterator[DecisionQuality]:
        if self.store.connection.in_transaction:
            print("stalled", flush=True)
            time.sleep(3600)
        return super().__iter__()


def main(argv: Sequence[str] | None = None) -> int:
    """Play and save rounds as the module docstring says."""
    parser = argparse.ArgumentParser()
    parser.add_argument("data_dir")
    parser.add_argument("--players", required=True)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rounds", type=int, default=0)
    parser.add_argument("--session", default=None)
    parser.add_argument("--start-at", type=float, default=0.0)
    parser.add_argument("--pause", type=float, default=0.0)
    parser.add_argument("--stall-in-save", action="store_true")
    parser.add_argument("--journal", action="store_true")
    args = parser.parse_args(argv)
    rng = random.Random(args.seed)
    time.sleep(max(0.0, args.start_at - time.time()))
    with open_store(args.data_dir) as store:
        profiles: list[Profile | None] = [
            get_or_create_profile(store, name, bankroll=WORKER_BANKROLL) for name in args.players.split(",")
        ]
        seats = [(p.name, p.bankroll) for p in profiles if p is not None]
        table = Table(load_rules("vegas-strip"), seats, seed=args.seed, rules_source="vegas-strip")
        interrupted = unfinished_round(store) if args.journal else None
        if interrupted is not None:
            rnd = interrupted.resume()
            table = rnd.table
            print(f"resumed {interrupted.round_id}", flush=True)
            play_on(rnd, rng, lambda: step(store, interrupted.round_id, rnd))
            save_round(store, rnd, list(interrupted.profiles), round_id=interrupted.round_id)
            print(f"saved {interrupted.round_id}", flush=True)
        played, total = 0, args.rounds + args.stall_in_save
        while not args.rounds or played < total:
            bets = [rng.choice((1000, 2500, 5000)) for _ in seats]
            stall = args.stall_in_save and played == args.rounds
            round_id: int | None = None
            if args.journal:
                round_id, rnd, judged = journal_round(store, table, profiles, bets, rng)
            else:
                rnd, judged = play_round(table, bets, rng)
            round_id = save_round(
                store, rnd, profiles, decisions=StallingDecisions(store, judged) if stall else judged,
                player_ev=-0.005, session=args.session, round_id=round_id,
            )
            played += 1
            print(f"saved {round_id}", flush=True)
            time.sleep(args.pause)
    return 0


def test_the_worker_strategy_finishes_rounds() -> None:
    table = Table(load_rules("vegas-strip"), [("A", 100_000), ("B", 100_000)], seed=3)
    rng = random.Random(3)
    for _ in range(50):
        rnd, judged = play_round(table, [1000, 2000], rng)
        assert rnd.is_over and len(judged) == len(rnd.decisions)


if __name__ == "__main__":
    sys.exit(main())
