"""Frame time of the table: p50/p99 over a scripted 7-seat session with splits, plus launch time.

    SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy python bench/frame_time.py [--frames N]

A full table (7 bot seats that split every pair and double 10 and 11) plays at normal
animation speed with a fixed 1/60 s step; each frame's update+draw is timed inside the
loop, and separately with the present (flip), at the native 1280x720 window and at a
window of 1920x1080 (the present scales the canvas to fit and draws the cards and chips
again from their art: `App.present`). CPU time per frame is printed too: on a busy machine
wall-clock percentiles include time the process was not scheduled. Launch time is
measured from spawning `python -m game` to its first frame on screen.
Target: p99 under 4 ms and first frame under 0.5 s.

With `--saving` the table keeps a history in a temporary data folder and deals from a
seeded shoe, so every round is journaled (begun, each decision, finished) on the records
worker while the frames are timed.

Then seven seats under casino conditions (`Settings.casino`), alternated with the plain
seven-seat table in the same run so the two are measured alike: one person (autoplayed)
and six bots opened from the setup's path, single-deck rules so the shoe is shuffled every
round or two: bots come and go at each shuffle, a card is burned, the dealer's pace varies
and the discard tray is drawn to scale while the frames are timed.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ.setdefault("BLACKJACK_CONFIG_DIR", tempfile.mkdtemp(prefix="bj-bench-"))
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from engine import Card, Rank, Suit  # noqa: E402
from engine.cards import FULL_DECK  # noqa: E402
from game.app import App  # noqa: E402
from game.autoplay import ScriptedPolicy  # noqa: E402
from game.seats import parse_seats  # noqa: E402
from game.settings import Settings  # noqa: E402


class PairShoe:
    """A bench shoe: every seat is dealt a pair of eights (so every seat splits, and often
    resplits to four hands), the dealer a 6 and a ten; later cards are random, 30% eights."""

    needs_shuffle = False
    exhausted = False
    cut_card_out = False
    seed = None

    def __init__(self, seats: int, seed: int) -> None:
        self.seats = seats
        self.rng = random.Random(seed)
        self.size = 312
        self.cut_index = 234
        self.remaining = self.size
        self._drawn = 0
        self._others = [c for c in FULL_DECK if c.rank is not Rank.EIGHT]

    def draw(self) -> Card:
        """The next card of the pattern."""
        index = self._drawn
        self._drawn += 1
        self.remaining = max(0, self.remaining - 1)
        n = self.seats
        if index < 2 * n + 2:
            if index == n:
                return Card(Rank.SIX, Suit.HEARTS)
            if index == 2 * n + 1:
                return Card(Rank.TEN, Suit.CLUBS)
            return Card(Rank.EIGHT, (Suit.SPADES, Suit.DIAMONDS)[index > n])
        if self.rng.random() < 0.3:
            return Card(Rank.EIGHT, Suit.CLUBS)  # resplits: up to four hands a seat
        return self.rng.choice(self._others)

    def shuffle(self) -> int:
        """Nothing to do."""
        return 0

    def reshuffle_discards(self) -> int:
        """Nothing to do."""
        return 0

    def discard(self, cards: object) -> None:
        """A round ended: the next draw starts a new deal."""
        self._drawn = 0
        if self.remaining < 60:
            self.remaining = self.size

    def discard_tray(self) -> tuple[Card, ...]:
        """Nothing kept: the bench's rounds need no count."""
        return ()


def session(
    frames: int, window: tuple[int, int] | None, saving: bool = False, casino: bool = False
) -> dict[str, float | int]:
    """Play `frames` frames of a 7-seat table (keeping a history when `saving`, under casino conditions
    when `casino`); return the frame figures."""
    data = tempfile.mkdtemp(prefix="bj-bench-data-") if saving else None
    if casino:
        settings = Settings(sound=False, casino=True, rules="single-deck")
        app = App(seed=2024, autoplay=True, settings=settings, seat_specs=parse_seats("You"),
                  settings_dir=tempfile.mkdtemp(prefix="bj-bench-settings-"))
    else:
        app = App(seed=2024, seats=7, autoplay=True, settings=Settings(sound=False),
                  shoe=None if saving else PairShoe(7, 2024), data_dir=data,
                  bots={seat: ScriptedPolicy() for seat in range(7)}, start="betting")
    try:
        if window is not None:
            from pygame._sdl2.video import Window

            Window.from_display_module().size = window
        while app.ctx.session.seats < 7 or app.ctx.session.table.rounds_played == 0:
            app.run(60, fixed_dt=True)  # the casino table opens from the setup's path: charts first
        app.run(180, fixed_dt=True)  # a few seconds at the table: sprites load in spare frame time
        app.frame_times.clear()
        app.present_times.clear()
        cpu: list[float] = []
        most_hands = 0
        for _ in range(frames):
            wall, began = time.perf_counter(), time.process_time()
            app.step(1 / 60)
            cpu.append(time.process_time() - began)
            drawn = time.perf_counter()
            app.present()
            app.frame_times.append(drawn - wall)
            app.present_times.append(time.perf_counter() - wall)
            app.use_spare_time()
            most_hands = max(most_hands, sum(len(s.hands) for s in app.ctx.presenter.seats))
        cpu.sort()
        stats = app.frame_stats()
        stats["rounds"] = app.ctx.session.table.rounds_played
        watcher = app.ctx.session.watcher
        stats["shuffles"] = watcher.shuffles if watcher is not None else 0
        stats["cpu_p50_ms"] = round(cpu[len(cpu) // 2] * 1000, 3)
        stats["cpu_p99_ms"] = round(cpu[min(len(cpu) - 1, round(0.99 * (len(cpu) - 1)))] * 1000, 3)
        stats["most_hands_on_table"] = most_hands
        import pygame

        stats["window"] = "x".join(map(str, pygame.display.get_window_size()))
        return stats
    finally:
        app.close()


def launch_time(runs: int = 5) -> float:
    """Median seconds from spawning the game to its first frame."""
    results = []
    for _ in range(runs):
        started = time.time()
        out = subprocess.run(
            [sys.executable, "-m", "game", "--frames", "1", "--frame-stats"],
            capture_output=True, text=True, cwd=ROOT, check=True,
        )
        stats = json.loads(out.stdout.strip().splitlines()[-1])
        results.append(stats["first_frame_wall"] - started)
    return sorted(results)[len(results) // 2]


def main() -> int:
    """Print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--frames", type=int, default=3600, help="frames per session (default 3600 = 1 min)")
    parser.add_argument("--saving", action="store_true", help="keep a history: every round is journaled")
    args = parser.parse_args()
    for label, window in (("native 1280x720", None), ("scaled 1920x1080", (1920, 1080))):
        stats = session(args.frames, window, args.saving)
        print(
            f"{label:18} window {stats['window']:>9}: update+draw p50 {stats['p50_ms']:.2f} ms, "
            f"p99 {stats['p99_ms']:.2f} ms (CPU time p50 {stats['cpu_p50_ms']:.2f}, "
            f"p99 {stats['cpu_p99_ms']:.2f} ms), max {stats['max_ms']:.2f} ms; "
            f"with present p99 {stats['p99_with_present_ms']:.2f} ms  ({stats['frames']} frames, "
            f"{stats['rounds']} rounds, up to {stats['most_hands_on_table']} hands)"
        )
    plain: list[dict[str, float | int]] = []
    casino: list[dict[str, float | int]] = []
    for _ in range(2):  # alternated, so a busy moment of the machine falls on both alike
        plain.append(session(args.frames // 2, None))
        casino.append(session(args.frames // 2, None, casino=True))
    for label, runs in (("plain", plain), ("casino conditions", casino)):
        print(
            f"seven seats, {label:17}: update+draw p50 "
            + " / ".join(f"{r['p50_ms']:.2f}" for r in runs) + " ms, p99 "
            + " / ".join(f"{r['p99_ms']:.2f}" for r in runs) + " ms (CPU time p99 "
            + " / ".join(f"{r['cpu_p99_ms']:.2f}" for r in runs) + " ms; two alternated runs of "
            f"{args.frames // 2} frames; {sum(int(r['rounds']) for r in runs)} rounds, "
            f"{sum(int(r['shuffles']) for r in runs)} shuffles)"
        )
    print(f"launch to first frame: {launch_time():.3f} s (median of 5)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
