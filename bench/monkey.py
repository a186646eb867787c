"""The long monkey: many seeds, many frames of random input on the real game, and a summary.

Usage: python bench/monkey.py [--seeds N] [--first S] [--frames F] [--launches L]
       python bench/monkey.py --seed S [--frames F] [--launches L]     (replay one seed)

Each seed plays `tests/test_monkey.py`'s Monkey in a child process (a segfault still names the
frame) on a fresh data folder: random clicks (mostly on the buttons of the scene on top), keys,
typing, wheel and window resizes, relaunching
the game on the same folder every F / L frames and whenever the monkey quits it, checking
after every frame that no exception escaped and that no money was made or lost, and at
checkpoints that the database agrees with the table. It prints one line per seed (frames,
launches, rounds settled, database checks, scenes seen), every failure with its seed, launch,
frame and last inputs, then the totals: the scenes seen over all seeds and the frames a
second. The exit status is 1 when a seed failed (a figure and a verdict, never part of the
test run).
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


def main(argv: list[str] | None = None) -> int:
    """Play the seeds; print a line each, the failures, and the totals."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=20, help="how many seeds to play (default 20)")
    parser.add_argument("--first", type=int, default=1, help="the first seed (default 1)")
    parser.add_argument("--seed", type=int, help="play this one seed (to replay a failure)")
    parser.add_argument("--frames", type=int, default=6000, help="frames per seed (default 6000)")
    parser.add_argument("--launches", type=int, default=6, help="planned launches per seed (default 6)")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="blackjack-monkey-") as scratch:
        # Settings, history and the odds cache all stay in the scratch folder, never the user's.
        for name in ("BLACKJACK_CONFIG_DIR", "BLACKJACK_DATA_DIR", "BLACKJACK_ODDS_CACHE"):
            os.environ[name] = str(Path(scratch) / name.lower())
        from tests.test_monkey import play_in_child

        seeds = [args.seed] if args.seed is not None else list(range(args.first, args.first + args.seeds))
        scenes: Counter[str] = Counter()
        failures: list[str] = []
        frames = rounds = 0
        began = time.perf_counter()
        for seed in seeds:
            played = play_in_child(seed, Path(scratch) / f"seed-{seed}", frames=args.frames,
                                   launches=args.launches)
            if played.report is None:
                failures.append(played.failure)
                print(played.failure.splitlines()[1], flush=True)
                continue
            print(played.report["summary"], flush=True)
            scenes.update(played.report["scenes"])
            frames += played.report["frames"]
            rounds += played.report["rounds"]
        took = time.perf_counter() - began
    for failure in failures:
        print("\n" + failure)
    print(f"\n{len(seeds)} seeds, {len(failures)} failed; {frames} frames of the seeds that finished, "
          f"{took:.0f} s in all ({frames / took:.0f} frames a second), {rounds} rounds settled")
    seen = ", ".join(f"{name} {count}" for name, count in scenes.most_common())
    print(f"{len(scenes)} scenes seen (frames on top): {seen}")
    return 1 if failures else 0


if __name__ == "__main__":  # the odds worker's processes import this module again: run only as a script
    sys.exit(main())
