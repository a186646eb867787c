"""One full index table per preset and count system: cold (computed) and warm (from the disk cache).

Usage: python bench/index_speed.py [--system KEY ...] [PRESET ...]   (default: vegas-strip, hi-lo)
Single core, one process, a fresh cache folder; the cold time is CPU time. A figure, never a pass/fail.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.counting import count_system
from engine.odds import indices
from engine.rulesets import load_rules


def main(argv: list[str]) -> None:
    """Time each preset and system cold, then read back from the disk cache."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--system", action="append", help="count system key (repeatable; default hi-lo)")
    parser.add_argument("presets", nargs="*", help="rules presets (default: vegas-strip)")
    args = parser.parse_args(argv)
    os.environ["BLACKJACK_ODDS_CACHE"] = tempfile.mkdtemp(prefix="index-bench-")
    print(f"{'preset':<14} {'system':<12} {'decks':>5} {'cold s':>7} {'warm ms':>8} {'plays':>6}")
    for preset in args.presets or ["vegas-strip"]:
        rules = load_rules(preset)
        for key in args.system or ["hi-lo"]:
            system = count_system(key)
            indices._memory.clear()
            started = time.process_time()
            table = indices.index_table(rules, system)
            cold = time.process_time() - started
            indices._memory.clear()
            started = time.perf_counter()
            indices.index_table(rules, system)
            warm = time.perf_counter() - started
            print(f"{preset:<14} {key:<12} {rules.decks!s:>5} {cold:7.1f} {1000 * warm:8.1f} "
                  f"{len(table.entries):>6}")


if __name__ == "__main__":
    main(sys.argv[1:])
