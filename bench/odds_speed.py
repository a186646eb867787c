"""Chart plus house edge per preset: cold (computed) and warm (read from the disk cache).

Usage: python bench/odds_speed.py [PRESET ...]
Single core, one process; prints one line per preset. A figure, never a pass/fail.
"""

from __future__ import annotations

import os
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.odds import cache
from engine.rulesets import load_rules, preset_ids


def main(argv: list[str]) -> None:
    """Time each preset cold and warm, with a fresh cache folder."""
    os.environ["BLACKJACK_ODDS_CACHE"] = tempfile.mkdtemp(prefix="odds-bench-")
    print(f"{'preset':<18} {'decks':>8} {'cold s':>8} {'warm ms':>8} {'edge %':>8}")
    for preset in argv or preset_ids():
        rules = load_rules(preset)
        cache.clear_memory()
        started = time.process_time()
        result = cache.cached_analysis(rules)
        cold = time.process_time() - started
        cache.clear_memory()
        started = time.perf_counter()
        cache.cached_analysis(rules)
        warm = time.perf_counter() - started
        decks = "infinite" if rules.decks is None else str(rules.decks)
        print(f"{preset:<18} {decks:>8} {cold:8.2f} {1000 * warm:8.1f} {100 * result.house_edge:8.3f}")


if __name__ == "__main__":
    main(sys.argv[1:])
