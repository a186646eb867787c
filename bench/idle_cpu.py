"""How much of a core the game takes while nobody touches it: the title, the betting screen, and the
demo (where everything moves) for comparison.

    python bench/idle_cpu.py [--seconds S] [--xvfb]

Each screen is a real `python -m game` process on a fresh data folder, left alone for a few
seconds and then measured for S seconds (its user and system time from /proc, so Linux only).
With --xvfb it runs under a private Xvfb display (the way a desktop presents frames, which is
where an awake loop costs most); otherwise under SDL_VIDEODRIVER as set (dummy by default).
Target: the title and betting screens near 0% (the live loop sleeps while the picture is still:
game/pacing.py).
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SCREENS = {
    "title": [],
    "betting (--seats Ann)": ["--seats", "Ann"],
    "demo (everything moves)": ["--demo"],
}


def cpu_seconds(pid: int) -> float:
    """User plus system time of a process so far."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def measure(args: list[str], seconds: float, env: dict[str, str]) -> float:
    """The percent of one core the game takes over `seconds`, after it has settled."""
    with tempfile.TemporaryDirectory(prefix="bj-idle-") as folder:
        env = {**env, "BLACKJACK_CONFIG_DIR": folder}
        command = [sys.executable, "-m", "game", "--data-dir", folder, *args]
        game = subprocess.Popen(command, cwd=ROOT, env=env, stdout=subprocess.DEVNULL,
                                stderr=subprocess.DEVNULL)
        try:
            time.sleep(9.0)  # launch, sprites loaded in spare frames, the pointer's first bobs
            before, began = cpu_seconds(game.pid), time.monotonic()
            time.sleep(seconds)
            return 100 * (cpu_seconds(game.pid) - before) / (time.monotonic() - began)
        finally:
            game.terminate()
            game.wait(10)


def main() -> int:
    """Print each screen's share of a core."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=10.0, help="seconds measured per screen")
    parser.add_argument("--xvfb", action="store_true", help="run under a private Xvfb display")
    args = parser.parse_args()
    env = {**os.environ, "SDL_AUDIODRIVER": "dummy", "PYGAME_HIDE_SUPPORT_PROMPT": "1"}
    xvfb = None
    if args.xvfb:
        if shutil.which("Xvfb") is None:
            print("bench/idle_cpu.py: --xvfb needs Xvfb (apt-get install xvfb)", file=sys.stderr)
            return 2
        xvfb = subprocess.Popen(["Xvfb", ":77", "-screen", "0", "1280x720x24", "-nolisten", "tcp"],
                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        time.sleep(1.0)
        env.update(DISPLAY=":77", SDL_FRAMEBUFFER_ACCELERATION="0")
        env.pop("SDL_VIDEODRIVER", None)
    else:
        env.setdefault("SDL_VIDEODRIVER", "dummy")
    try:
        driver = "Xvfb" if xvfb else env["SDL_VIDEODRIVER"]
        for name, extra in SCREENS.items():
            print(f"{name:26} {measure(extra, args.seconds, env):5.1f}% of a core ({driver})", flush=True)
    finally:
        if xvfb is not None:
            xvfb.terminate()
            xvfb.wait(10)
    return 0


if __name__ == "__main__":
    sys.exit(main())
