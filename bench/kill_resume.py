"""Kill soak of the round journal: a headless hot-seat game SIGKILLed many times at random points.

    python bench/kill_resume.py [--kills 40] [--seed 1] [--min 0.8] [--max 4.0]

Each run is `blackjack --seats "Ann,Bob,bot:basic" --autoplay --data-dir D` killed after a
random delay (every fifth run instead ends by itself through `--frames`); after every run
the history is checked as tests/test_game_kills.py checks it (sound file, replays, bankrolls,
the cut round taken up with its cards). Prints how many cuts landed in each phase of a
round, and how many rounds were finished. A figure, never a failure in the tests: a
broken promise ends the run with its AssertionError.
"""

from __future__ import annotations

import argparse
import collections
import random
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.kill_checks import check_history, launch, prepare


def main() -> int:
    """Kill, check, repeat; print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--kills", type=int, default=40, help="runs (default 40)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--min", type=float, default=0.8, help="shortest delay before the kill, seconds")
    parser.add_argument("--max", type=float, default=4.0, help="longest delay before the kill, seconds")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    folder = Path(tempfile.mkdtemp(prefix="bj-kills-")) / "data"
    prepare(folder)
    phases: collections.Counter[str] = collections.Counter()
    cut, finished, taken_up = None, 0, 0
    began = time.perf_counter()
    for number in range(args.kills):
        by_frames = number % 5 == 0
        game = launch(folder, seed=number, frames=rng.randint(300, 1500) if by_frames else 1_000_000)
        if not by_frames:
            time.sleep(rng.uniform(args.min, args.max))
            game.kill()
        game.communicate(timeout=300)
        before = cut
        cut, finished = check_history(folder, before)
        taken_up += before is not None and (cut is None or cut.round_id != before.round_id)
        ended = "frames ended: " if by_frames else "killed: "
        phases[ended + (cut.phase if cut else "between rounds")] += 1
    print(f"{args.kills} runs in {time.perf_counter() - began:.0f} s; every check passed after every run")
    for phase, count in sorted(phases.items()):
        print(f"  {phase:32} {count}")
    print(f"rounds finished: {finished}; cut rounds finished by a later launch: {taken_up}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
