"""Soak test of demo mode: the demo runs headless at max speed for many rounds, printing memory.

Usage: python bench/soak.py [--rounds N] [--every N] [--rules ID] [--seed N]
Runs `App.step` with the dummy SDL drivers, the demo at max speed (several rounds a
frame, every frame drawn), and prints the resident memory (from /proc/self/statm) every
`--every` rounds, then a verdict: the growth from the reading at 20% of the run (after
warm-up: bounded caches such as the label LRU and the odds caches have filled by then)
to the last, FLAT under GROWTH_NOISE_MB, else GROWING. Any exception ends the run
with it. A figure, never a pass/fail in the tests.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

GROWTH_NOISE_MB = 2.0
"""Growth under this many megabytes from the warm-up reading to the end counts as flat."""


def rss_mb() -> float:
    """The process's resident memory in megabytes (Linux /proc; 0 elsewhere)."""
    try:
        pages = int(Path("/proc/self/statm").read_text().split()[1])
    except (OSError, IndexError, ValueError):
        return 0.0
    return pages * os.sysconf("SC_PAGE_SIZE") / 2**20


WARM_UP = 0.2
"""The share of the run counted as warm-up: growth is measured from the reading there to the end."""


def judge(readings: list[tuple[int, float]]) -> tuple[tuple[int, float], tuple[int, float], float, str]:
    """The warm-up reading (at 20% of the run), the last, the growth between them, and FLAT or GROWING."""
    if not readings:
        now = (0, rss_mb())
        return now, now, 0.0, "FLAT"
    warm = readings[min(int(len(readings) * WARM_UP), len(readings) - 1)]
    last = readings[-1]
    growth = last[1] - warm[1]
    return warm, last, growth, "FLAT" if growth < GROWTH_NOISE_MB else "GROWING"


def main() -> int:
    """Run the demo for the asked rounds and print memory along the way."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rounds", type=int, default=100_000)
    parser.add_argument("--every", type=int, default=0, help="rounds between readings (default rounds/20)")
    parser.add_argument("--rules", default="vegas-strip")
    parser.add_argument("--seed", type=int, default=11)
    args = parser.parse_args()
    every = args.every or max(1, args.rounds // 20)

    from game.app import STEP, App
    from game.scenes.demo import SPEEDS, DemoScene
    from game.settings import Settings

    app = App(seed=args.seed, settings=Settings(rules=args.rules, sound=False), start="demo")
    demo = app.stack.top
    assert isinstance(demo, DemoScene)
    demo.set_speed(len(SPEEDS) - 1)
    app.wait_while_busy(timeout=300)  # the bots' charts
    began = time.perf_counter()
    readings: list[tuple[int, float]] = []
    next_reading = every
    frames = 0
    print(f"soak: {args.rounds} demo rounds at max speed, {args.rules}; memory every {every} rounds",
          flush=True)
    try:
        while demo.rounds < args.rounds:
            app.step(STEP)
            frames += 1
            if app.stack.top is not demo:
                raise RuntimeError("the demo left by itself")
            if demo.rounds >= next_reading:
                next_reading += every
                mb = rss_mb()
                readings.append((demo.rounds, mb))
                rate = demo.rounds / (time.perf_counter() - began)
                print(f"  round {demo.rounds:>7}  rss {mb:7.1f} MB  {rate:6.0f} rounds/s  {frames} frames",
                      flush=True)
    finally:
        app.close()
    elapsed = time.perf_counter() - began
    warm, last, growth, verdict = judge(readings)
    per_k = growth / max(1, last[0] - warm[0]) * 1000
    peak = max(mb for _, mb in readings or [warm])
    print(
        f"soak: {demo.rounds} rounds, {frames} frames in {elapsed:.0f} s; after warm-up rss "
        f"{warm[1]:.1f} MB at round {warm[0]} -> {last[1]:.1f} MB at round {last[0]} "
        f"({growth:+.1f} MB, {per_k:+.2f} MB per 1000 rounds); peak {peak:.1f} MB: "
        f"{verdict}",
        flush=True,
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
