"""Rounds per second of the full engine (every rule, events on) with a fixed strategy.

Usage: python bench/engine_throughput.py [--rounds N] [--seats K] [--rules ID]
Prints one line per configuration; a figure, never a pass/fail.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine import Action, Round, Table, hand_total, load_rules

PREFERENCE = (Action.NO_EVEN_MONEY, Action.NO_INSURANCE, Action.NO_SURRENDER)


def fixed_strategy(rnd: Round) -> Action:
    """Hit below 17, stand otherwise; decline every offer."""
    legal = rnd.legal_actions()
    for action in PREFERENCE:
        if action in legal:
            return action
    decision = rnd.decision
    assert decision is not None
    cards = rnd.hands(decision.seat)[decision.hand].cards
    return Action.HIT if hand_total(cards)[0] < 17 and Action.HIT in legal else Action.STAND


def run(rules_id: str, rounds: int, seats: int) -> float:
    rules = load_rules(rules_id)
    table = Table(rules, [(f"P{i}", 10**12) for i in range(seats)], seed=1)
    bet = rules.min_bet
    start = time.perf_counter()
    events = 0
    for _ in range(rounds):
        rnd = table.start_round()
        for seat in range(seats):
            rnd.place_bet(seat, bet)
        rnd.deal()
        while not rnd.is_over:
            rnd.act(fixed_strategy(rnd))
        events += len(rnd.events)
    elapsed = time.perf_counter() - start
    rate = rounds / elapsed
    print(f"{rules_id:<18} seats={seats}  {rounds} rounds in {elapsed:.2f} s  "
          f"= {rate:,.0f} rounds/s  ({events / rounds:.1f} events/round)")
    return rate


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rounds", type=int, default=50_000)
    parser.add_argument("--seats", type=int, default=1)
    parser.add_argument("--rules", default=None)
    args = parser.parse_args()
    for rules_id in [args.rules] if args.rules else ["vegas-strip", "european", "instant-blackjack"]:
        run(rules_id, args.rounds, args.seats)


if __name__ == "__main__":
    main()
