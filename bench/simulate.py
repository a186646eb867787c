"""Rounds per second of `blackjack simulate --workers 1`, and against Gymnasium's Blackjack-v1.

Usage: python bench/simulate.py [--rounds N] [--repeat R] [--gym-rounds N]

Times whole `blackjack simulate` runs (process start, imports and the strategy chart
included) for vegas-strip, one seat, the basic bot, one worker, and prints the median of
R runs. In the same run it plays Gymnasium's Blackjack-v1 (a bench-only optional
dependency: `pip install -e '.[bench]'`) with the same basic strategy chart, restricted
to hit and stand since that is all Blackjack-v1 knows, and prints our rate over its.
Figures, never a pass/fail; take them when `uptime` shows a low load.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def ours(rounds: int, *extra: str) -> float:
    """Rounds per second of one whole `blackjack simulate --workers 1` run."""
    command = [sys.executable, "-m", "blackjack", "simulate", "--rules", "vegas-strip", "--seats", "1",
               "--workers", "1", "--rounds", str(rounds), "--seed", "1", "--json", "--quiet", *extra]
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    start = time.perf_counter()
    done = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True, check=True)
    elapsed = time.perf_counter() - start
    played = json.loads(done.stdout)["rounds"]
    return float(played) / elapsed


def engine_throughput(rounds: int) -> float:
    """The event-producing engine's rounds per second, as bench/engine_throughput.py measures it."""
    sys.path.insert(0, str(ROOT / "bench"))
    from engine_throughput import run

    return float(run("vegas-strip", rounds, 1))


def gymnasium_rate(rounds: int) -> float | None:
    """Episodes per second of Blackjack-v1 played with the basic chart's hit/stand; None without gymnasium."""
    try:
        import gymnasium
    except ImportError:
        return None
    policy = hit_stand_policy()
    env = gymnasium.make("Blackjack-v1")
    env.reset(seed=1)
    start = time.perf_counter()
    for _ in range(rounds):
        observation, _ = env.reset()
        done = False
        while not done:
            observation, _, terminated, truncated, _ = env.step(policy[observation])
            done = terminated or truncated
    elapsed = time.perf_counter() - start
    env.close()
    return rounds / elapsed


def hit_stand_policy() -> dict[tuple[int, int, bool], int]:
    """The vegas-strip basic chart as Blackjack-v1 actions (1 hit, 0 stand) by its observation."""
    from engine import Action, load_rules, parse_cards
    from engine.odds import basic_strategy

    chart = basic_strategy(load_rules("vegas-strip"))
    legal = frozenset({Action.HIT, Action.STAND})
    code = {1: "A", 10: "T", **{points: str(points) for points in range(2, 10)}}

    def hand(total: int, usable_ace: bool) -> str:
        if usable_ace:
            return f"A {code[total - 11]}"
        if total <= 11:
            return f"2 {code[total - 2]}"
        return "T 5 6" if total == 21 else f"T {code[total - 10]}"

    return {
        (total, up, ace): int(chart.action(parse_cards(hand(total, ace)), parse_cards(code[up])[0], legal)
                              is Action.HIT)
        for total in range(4, 22)
        for up in range(1, 11)
        for ace in (False, True)
        if not ace or total >= 12
    }


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--rounds", type=int, default=2_000_000)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--gym-rounds", type=int, default=200_000)
    args = parser.parse_args()
    print(f"load before: {os.getloadavg()[0]:.2f} (1-minute average, {os.cpu_count()} cores)")
    rates = [ours(args.rounds) for _ in range(args.repeat)]
    ours_rate = statistics.median(rates)
    print(f"blackjack simulate --workers 1, vegas-strip, 1 seat, basic bot, {args.rounds:,} rounds: "
          f"median {ours_rate:,.0f} rounds/s  (runs: {', '.join(f'{r:,.0f}' for r in rates)})")
    mimic = ours(args.rounds // 4, "--bot", "novice", "--novice-style", "mimic-dealer")
    print(f"  the same with a fixed hit-below-17 strategy (novice mimic-dealer): {mimic:,.0f} rounds/s")
    print("  the event-producing engine with a fixed strategy (bench/engine_throughput.py), to gauge "
          "this machine now:")
    engine_throughput(max(args.rounds // 50, 1000))
    gym = gymnasium_rate(args.gym_rounds)
    if gym is None:
        print("Gymnasium Blackjack-v1: skipped (gymnasium is not installed; pip install -e '.[bench]')")
    else:
        print(f"Gymnasium Blackjack-v1 with the same chart's hit/stand, {args.gym_rounds:,} rounds: "
              f"{gym:,.0f} rounds/s")
        print(f"ours / Gymnasium: {ours_rate / gym:.2f}x")
    print(f"load after: {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
