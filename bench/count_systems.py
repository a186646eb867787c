"""The compiled kernel's rounds per second with the counter keeping each shipped count system.

Usage: python bench/count_systems.py [--rules ID] [--rounds N] [--seed S] [SYSTEM ...]

For each system: the seconds to build the kernel's tables for the counter (its count
tables are read off `engine.counting.Count` at every running count and depth of the shoe),
then the rounds per second of `engine.kernel.play_seeded` on one core, best of three runs,
after a warm-up run that compiles the loop. Figures, never a pass/fail.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from engine import load_rules  # noqa: E402
from engine.bots import CounterSetup  # noqa: E402
from engine.counting import SYSTEMS, count_system  # noqa: E402
from engine.kernel import available, play_seeded, tables_for  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("systems", nargs="*", default=list(SYSTEMS))
    parser.add_argument("--rules", default="vegas-strip")
    parser.add_argument("--rounds", type=int, default=1_000_000)
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()
    if not available():
        sys.exit("numba is not installed: pip install -e '.[fast]'")
    rules = load_rules(args.rules)
    play_seeded(rules, "counter", 1000, args.seed)  # compiles the loop (or loads it from the cache)
    basic = _rate(lambda: play_seeded(rules, "basic", args.rounds, args.seed), args.rounds)
    print(f"{args.rules}: counter, 1 seat, {args.rounds:,} rounds a run, best of 3, one core")
    print(f"(the basic bot, for scale: {basic:,.0f} rounds/s)")
    print("| system | tables built (s) | rounds/s |")
    print("| --- | --- | --- |")
    for spec in args.systems:
        setup = CounterSetup(system=count_system(spec))
        start = time.perf_counter()
        tables_for(rules, "counter", counter=setup)
        built = time.perf_counter() - start
        rate = _rate(lambda setup=setup: play_seeded(rules, "counter", args.rounds, args.seed, counter=setup),
                     args.rounds)
        print(f"| {setup.system.name} | {built:.2f} | {rate:,.0f} |")


def _rate(play: object, rounds: int) -> float:
    """Rounds per second of the best of three runs."""
    assert callable(play)
    best = float("inf")
    for _ in range(3):
        start = time.perf_counter()
        play()
        best = min(best, time.perf_counter() - start)
    return rounds / best


if __name__ == "__main__":
    main()
