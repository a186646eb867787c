"""Smoke-test the standalone app: ``python tools/smoke_app.py [--app DIR]``; run it before each release.

Without ``--app`` it builds the bundle first (``tools/build_app.py``, needs ``pip install '.[app]'``).
Each check runs ``DIR/blackjack/blackjack`` as a machine without Python would: an environment
holding only HOME, a PATH with no python on it, and the SDL drivers, with no PYTHONHOME or
PYTHONPATH. It checks that the app

* answers ``--version`` with the project's version, and ``--help`` word for word as the checkout's
  ``blackjack`` does (the same options);
* plays 120 frames headless (``--frames --autoplay --screenshot``) with every sprite found, its odds
  pricing running in a child process of the frozen app;
* prices ``odds --rules vegas-strip`` and runs ``simulate`` on a process pool of 2 workers;
* carries none of the optional extras' packages (``build_app.LEFT_OUT``), and says which extra
  ``simulate --engine kernel`` lacks, status 2;
* refuses to start without a display in one line, status 1;
* opens no file of a Python installation outside the bundle (when ``strace`` is installed);
* shows its window titled "Blackjack" with the icon and window class set (when ``Xvfb`` and
  ``xprop`` are installed: ``apt install xvfb x11-utils``).

It prints one line per check and exits 1 when any fails. What it cannot prove: that the system
libraries the bundle still takes from the machine (libc, libm, libz) are old enough on another
distribution; PyInstaller builds against this machine's glibc.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
import tomllib
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))

import build_app  # noqa: E402  (a sibling script, not a package)

from game.assets import shipped_files  # noqa: E402

VERSION = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["version"]
PYTHON_FILES = re.compile(r"python3|site-packages|\.pyc?$")
"""Paths that belong to a Python installation."""


class Smoke:
    """Runs the app in a bare environment and keeps the checks' verdicts."""

    def __init__(self, executable: Path, scratch: Path) -> None:
        self.executable = executable
        self.strace = shutil.which("strace")
        self.scratch = scratch
        empty_bin = scratch / "bin"
        empty_bin.mkdir()
        self.env = {
            "HOME": str(scratch / "home"),
            "PATH": str(empty_bin),
            "SDL_VIDEODRIVER": "dummy",
            "SDL_AUDIODRIVER": "dummy",
            "COLUMNS": "100",
        }
        (scratch / "home").mkdir()
        self.failures: list[str] = []

    def run(self, *argv: str, env: dict[str, str] | None = None, trace: Path | None = None) -> (
        subprocess.CompletedProcess[str]
    ):
        """The app with these arguments, in the bare environment (optionally under strace)."""
        command = [str(self.executable), *argv]
        if trace is not None and self.strace:
            command = [self.strace, "-f", "-qq", "-e", "trace=open,openat,execve", "-o", str(trace), *command]
        return subprocess.run(
            command, env=env or self.env, cwd=self.scratch, capture_output=True, text=True, timeout=300
        )

    def check(self, name: str, test: Callable[[], str | None]) -> None:
        """Run one check; `test` returns None when it passes, else what went wrong."""
        began = time.perf_counter()
        try:
            problem = test()
        except Exception as error:  # a smoke test reports every failure and goes on
            problem = f"{type(error).__name__}: {error}"
        took = f"({time.perf_counter() - began:.1f} s)"
        if problem is None:
            print(f"ok    {name} {took}")
        else:
            print(f"FAIL  {name} {took}: {problem}")
            self.failures.append(name)


def outside_python(trace: Path, bundle: Path) -> list[str]:
    """Files of a Python installation outside the bundle that a traced run opened."""
    opened = set()
    for line in trace.read_text().splitlines():
        found = re.search(r'(?:open|openat|execve)\((?:AT_FDCWD, )?"([^"]+)"', line)
        if found and "ENOENT" not in line and not found.group(1).startswith(str(bundle)):
            opened.add(found.group(1))
    return sorted(path for path in opened if PYTHON_FILES.search(path))


def smoke(app_dir: Path) -> int:
    """Run every check on a built bundle; returns the exit status."""
    executable = app_dir / build_app.NAME / build_app.NAME
    if not executable.is_file():
        print(f"smoke_app: no app at {executable}; build it with tools/build_app.py --out {app_dir}")
        return 2
    bundle = executable.parent.resolve()
    with tempfile.TemporaryDirectory(prefix="blackjack-smoke-") as scratch_dir:
        scratch = Path(scratch_dir)
        app = Smoke(executable, scratch)
        strace = app.strace

        def carries_assets() -> str | None:
            missing = [path for path in shipped_files() if not (bundle / "_internal" / path).is_file()]
            return f"the bundle lacks {missing[:5]}" if missing else None

        def leaves_out_extras() -> str | None:
            held = [name for name in build_app.LEFT_OUT if (bundle / "_internal" / name).exists()]
            return f"the bundle holds the optional extras' {held}" if held else None

        def version() -> str | None:
            out = app.run("--version").stdout.strip()
            return None if out == f"blackjack {VERSION}" else f"printed {out!r}"

        def same_options() -> str | None:
            frozen = app.run("--help").stdout
            source = subprocess.run(
                [sys.executable, "-m", "blackjack", "--help"], cwd=ROOT, capture_output=True, text=True,
                env=os.environ | {"COLUMNS": "100"},
            ).stdout
            return None if frozen == source else "--help differs from the checkout's blackjack --help"

        def plays() -> str | None:
            trace = scratch / "play.trace" if strace else None
            shot = scratch / "shot.png"
            done = app.run("--frames", "120", "--autoplay", "--screenshot", str(shot), trace=trace)
            if done.returncode != 0 or "missing" in done.stderr:
                return f"status {done.returncode}: {done.stderr.strip()[-300:]}"
            if shot.stat().st_size < 10_000:
                return "the screenshot is nearly empty"
            if trace is not None and (leaks := outside_python(trace, bundle)):
                return f"opened Python files outside the bundle: {leaks[:5]}"
            return None

        def odds() -> str | None:
            done = app.run("odds", "--rules", "vegas-strip")
            return None if done.returncode == 0 and "house edge" in done.stdout else done.stderr[-300:]

        def german() -> str | None:
            words = ("rules", "vegas-strip", "--words", "--lang")
            german, english = (app.run(*words, code) for code in ("de", "en"))
            if german.returncode != 0:
                return german.stderr[-300:]
            return None if german.stdout != english.stdout else "the rules came out in English"

        def simulate() -> str | None:
            done = app.run("simulate", "--rounds", "50000", "--workers", "2", "--seed", "1")
            ok = done.returncode == 0 and "EV per initial unit" in done.stdout
            return None if ok else done.stderr[-300:]

        def simulate_kernel() -> str | None:
            done = app.run("simulate", "--rounds", "1000", "--engine", "kernel")
            said = done.stderr
            ok = done.returncode == 2 and "numba is not installed" in said and "Traceback" not in said
            return None if ok else f"status {done.returncode}: {done.stderr.strip()[-300:]}"

        def no_display() -> str | None:
            env = {k: v for k, v in app.env.items() if k != "SDL_VIDEODRIVER"}
            env["XDG_RUNTIME_DIR"] = scratch_dir
            done = app.run(env=env)
            ours = [line for line in done.stderr.splitlines() if line.startswith("blackjack:")]
            if done.returncode == 1 and len(ours) == 1 and "no display" in ours[0]:
                return None
            return f"status {done.returncode}: {done.stderr.strip()[-300:]}"

        app.check("the bundle carries every asset the loader lists", carries_assets)
        app.check("the bundle leaves out the optional extras' packages", leaves_out_extras)
        app.check("--version prints the project's version", version)
        app.check("--help lists the same options as the checkout's blackjack", same_options)
        app.check(
            "plays 120 frames headless" + (" and opens no Python file outside the bundle" if strace else ""),
            plays,
        )
        app.check("odds --rules vegas-strip", odds)
        app.check("rules vegas-strip --words --lang de: not in English", german)
        app.check("simulate --rounds 50000 --workers 2", simulate)
        app.check("simulate --engine kernel: the missing extra named, status 2", simulate_kernel)
        app.check("no display: one line, status 1", no_display)
        if shutil.which("Xvfb") and shutil.which("xprop"):
            app.check("a real window (Xvfb): title, icon and class", lambda: window_under_xvfb(app, scratch))
        else:
            print("skip  a real window: install Xvfb and xprop (apt install xvfb x11-utils) to check it")
        if not strace:
            print("skip  Python files outside the bundle: install strace to check it")
    return 1 if app.failures else 0


def window_under_xvfb(app: Smoke, scratch: Path) -> str | None:
    """Open the game's real window on a private X server and read its title, icon and class."""
    display = ":97"
    xvfb = subprocess.Popen(["Xvfb", display, "-screen", "0", "1280x720x24", "-nolisten", "tcp"],
                            stderr=subprocess.DEVNULL)
    game = None
    try:
        time.sleep(1.0)
        env = {k: v for k, v in app.env.items() if k != "SDL_VIDEODRIVER"}
        env |= {"DISPLAY": display, "BLACKJACK_WINDOW_ID": "1", "SDL_FRAMEBUFFER_ACCELERATION": "0"}
        log = scratch / "window.log"
        with log.open("w") as err:
            game = subprocess.Popen([str(app.executable)], env=env, cwd=scratch, stderr=err)
            deadline = time.monotonic() + 30
            while not (found := re.search(r"^window (\d+)", log.read_text(), re.M)):
                if game.poll() is not None or time.monotonic() > deadline:
                    return f"no window id reported: {log.read_text()[-300:]}"
                time.sleep(0.2)
        props = subprocess.run(
            ["xprop", "-display", display, "-id", found.group(1), "-f", "_NET_WM_ICON", "32c",
             "WM_NAME", "WM_CLASS", "_NET_WM_ICON"],
            capture_output=True, text=True,
        ).stdout[:2000]
        wanted = ['"Blackjack"', '"blackjack-table"', "_NET_WM_ICON(CARDINAL) = 256, 256,"]
        missing = [w for w in wanted if w not in props]
        return f"xprop lacks {missing}: {props[:300]}" if missing else None
    finally:
        if game is not None:
            game.terminate()
            game.wait(timeout=30)
        xvfb.terminate()
        xvfb.wait(timeout=30)


def main(argv: list[str] | None = None) -> int:
    """Build the app (unless --app names a built one), then smoke-test it."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--app", type=Path, help="a folder tools/build_app.py --out wrote (default: build one)"
    )
    args = parser.parse_args(argv)
    if args.app is not None:
        return smoke(args.app)
    with tempfile.TemporaryDirectory(prefix="blackjack-app-") as out:
        began = time.perf_counter()
        if build_app.main(["--out", out]) != 0:
            return 2
        print(f"built in {time.perf_counter() - began:.0f} s")
        return smoke(Path(out))


if __name__ == "__main__":
    sys.exit(main())
