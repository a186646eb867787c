"""Frame time with the rules editor open while it prices a page, against the same screen at rest.

    SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy python bench/editor_frames.py [--frames N]

A fresh odds cache, so the editor prices Vegas Strip's options from nothing (seconds of
odds work, in the pricing process); each frame's step and flip is timed. Then the same
number of frames once every figure is priced. Figures, never a pass/fail: the pricing
needs a core of its own, so on a busy machine the first row also measures the contention.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ["BLACKJACK_ODDS_CACHE"] = tempfile.mkdtemp(prefix="bj-bench-odds-")
os.environ.setdefault("BLACKJACK_CONFIG_DIR", tempfile.mkdtemp(prefix="bj-bench-"))
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from game.app import App  # noqa: E402
from game.intents import Intent, IntentKind  # noqa: E402
from game.settings import Settings  # noqa: E402


def click(app: App, name: str) -> None:
    """Click the top scene's button of that name."""
    top = app.stack.top
    app.post(Intent(IntentKind.CLICK, top.buttons.by_name(name).rect.center))  # type: ignore[union-attr]
    app.step()


def timed(app: App, frames: int) -> list[float]:
    """Milliseconds of each frame's step and flip."""
    times = []
    for _ in range(frames):
        start = time.perf_counter()
        app.step()
        app.present()
        times.append((time.perf_counter() - start) * 1000)
    return sorted(times)


def summary(label: str, times: list[float]) -> str:
    """p50, p99 and max of sorted frame times."""
    p99 = times[min(len(times) - 1, int(len(times) * 0.99))]
    return f"{label}: p50 {times[len(times) // 2]:.2f} ms, p99 {p99:.2f} ms, max {times[-1]:.2f} ms"


def main() -> None:
    """Open the editor from the setup, time frames while it prices, then at rest."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--frames", type=int, default=600, help="frames per measurement (default 600)")
    args = parser.parse_args()
    folder = tempfile.mkdtemp(prefix="bj-bench-data-")
    app = App(data_dir=folder, settings_dir=folder, settings=Settings(rules="vegas-strip", sound=False))
    for _ in range(5):
        app.step()
    click(app, "play")
    click(app, "edit")
    click(app, "page1")
    editor = app.stack.top
    print(summary("pricing the dealer's page", timed(app, args.frames)))
    editor.effects.job.result(timeout=600)  # type: ignore[union-attr]
    app.ctx.odds.analysis(editor.rules).result(timeout=600)  # type: ignore[union-attr]
    print(summary("every figure priced      ", timed(app, args.frames)))
    app.close()


if __name__ == "__main__":
    main()
