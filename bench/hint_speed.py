"""Shoe-aware hint time for random six-deck decisions: median and 95th percentile.

Usage: python bench/hint_speed.py [--decisions N] [--rules ID]
Each decision is a fresh shoe dealt to a random depth, so nothing is cached between
them (the cost the game pays once per new decision). A figure, never a pass/fail.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine import Shoe, load_rules
from engine.odds import hint
from engine.odds.hint import _evaluators


def main() -> None:
    """Time hints on random situations and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--decisions", type=int, default=300)
    parser.add_argument("--rules", default="vegas-strip")
    args = parser.parse_args()
    rules = load_rules(args.rules)
    decks = rules.decks or 6
    rng = random.Random(1)
    cold: list[float] = []
    warm: list[float] = []
    for trial in range(args.decisions):
        shoe = Shoe(decks, seed=trial)
        shoe.shuffle()
        for _ in range(rng.randrange(0, int(52 * decks * 0.75))):
            shoe.draw()
        hand, up, hole = [shoe.draw(), shoe.draw()], shoe.draw(), shoe.draw()
        remaining = [*shoe.undealt_cards(), hole]
        _evaluators.clear()
        started = time.perf_counter()
        hint(rules, hand, up, remaining)
        cold.append(time.perf_counter() - started)
        started = time.perf_counter()
        hint(rules, hand, up, remaining)
        warm.append(time.perf_counter() - started)
    for name, times in (("new decision", cold), ("asked again", warm)):
        times.sort()
        p95 = times[int(0.95 * (len(times) - 1))]
        print(
            f"{args.rules} {decks} decks, {name}: median {1000 * statistics.median(times):.2f} ms, "
            f"p95 {1000 * p95:.2f} ms, max {1000 * times[-1]:.2f} ms over {len(times)} decisions"
        )


if __name__ == "__main__":
    main()
