"""The kernel's EV for the basic bot against `blackjack odds`, preset by preset, at 10 million rounds.

Usage: python bench/kernel_agreement.py [--rounds N] [--seed S] [--workers W] [--fresh-shoe] [PRESET ...]

Plays each preset the kernel supports through `engine.simulate.run` with
`engine="kernel"` and prints the simulated EV with its 95% interval beside
`-engine.odds.house_edge(rules)`, the difference in standard errors, and whether the odds
fall inside the interval. The odds are computed off the top of a fresh shoe; play through
a shoe with a cut card runs slightly worse (the cut-card effect), which at this many
rounds can be larger than the interval; `--fresh-shoe` shuffles before every round
(penetration 0), which removes it and plays exactly what the odds describe.
Figures, never a pass/fail.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from engine import load_rules, preset_ids  # noqa: E402
from engine.kernel import declines, supports  # noqa: E402
from engine.odds import house_edge  # noqa: E402
from engine.simulate import Z95, Plan, run  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("presets", nargs="*", default=preset_ids())
    parser.add_argument("--rounds", type=int, default=10_000_000)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--fresh-shoe", action="store_true", help="shuffle before every round")
    args = parser.parse_args()
    fresh = ", a fresh shoe every round" if args.fresh_shoe else ""
    print(f"basic bot, 1 seat, {args.rounds:,} rounds per preset, seed {args.seed}, kernel engine{fresh}")
    print("| preset | kernel EV (95% CI) | `blackjack odds` EV | difference in standard errors | inside "
          "| seconds |")
    print("| --- | --- | --- | --- | --- | --- |")
    inside = total = 0
    for preset in args.presets:
        rules = load_rules(preset)
        if args.fresh_shoe and rules.decks is not None:
            rules = rules.with_changes(penetration=0)
        reason = declines(rules, "basic")
        if reason is not None:
            print(f"| {preset} | declined: {reason} | | | | |")
            continue
        plan = Plan(rules, "basic", rounds=args.rounds, seed=args.seed, engine="kernel", rules_name=preset)
        assert supports(plan.rules, plan.bot, plan.seats) is None
        start = time.perf_counter()
        summary = run(plan, workers=args.workers)
        seconds = time.perf_counter() - start
        expected = -house_edge(rules)
        error = summary.half_width / Z95
        difference = (summary.ev - expected) / error
        hit = abs(summary.ev - expected) <= summary.half_width
        inside += hit
        total += 1
        print(f"| {preset} | {summary.ev:+.4%} ± {summary.half_width:.4%} | {expected:+.4%} "
              f"| {difference:+.2f} | {'yes' if hit else 'no'} | {seconds:.1f} |", flush=True)
    print(f"{inside} of {total} presets inside their 95% interval")


if __name__ == "__main__":
    main()
