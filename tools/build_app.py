"""Build the standalone app for this system with PyInstaller: ``python tools/build_app.py --out DIR``.

The result is a one-folder bundle whose executable is ``DIR/blackjack/blackjack`` (``.exe`` on
Windows): Python, pygame with SDL, the packages and every sprite, sound and preset, with the
package metadata so ``--version`` answers. It takes every option of the ``blackjack`` command.
Needs the ``app`` extra (``pip install '.[app]'``); ``tools/smoke_app.py`` checks a built bundle.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
NAME = "blackjack"
DISTRIBUTION = "blackjack-table"

DATA_PACKAGES = ("sprites", "sounds", "engine", "game", "babel")
"""Packages whose data files (PNG, WAV, TOML, catalogs, the font, Babel's locale data) the bundle carries."""

CODE_PACKAGES = ("blackjack", "engine", "game")
"""Packages imported by name at run time (the subcommands, the scenes), which PyInstaller's
import scan cannot see, so every module of them is bundled."""

LEFT_OUT = ("numba", "llvmlite", "numpy", "dask", "distributed", "matplotlib", "gymnasium")
"""The optional extras' packages (the simulator's kernel, its cluster and plots, the benchmarks'
peer): the app is the game and its commands without them, whatever the build's environment holds,
and every command that would use one says which extra it lacks."""


def pyinstaller_args(out: Path, work: Path) -> list[str]:
    """PyInstaller's command line for the bundle, building in `work` and writing into `out`."""
    args = [
        str(ROOT / "blackjack" / "__main__.py"),
        "--name", NAME,
        "--onedir",
        "--noconfirm",
        "--clean",
        "--log-level", "WARN",
        "--distpath", str(out),
        "--workpath", str(work / "build"),
        "--specpath", str(work),
        "--paths", str(ROOT),
        "--copy-metadata", DISTRIBUTION,
    ]
    for package in DATA_PACKAGES:
        args += ["--collect-data", package]
    for package in CODE_PACKAGES:
        args += ["--collect-submodules", package]
    for package in LEFT_OUT:
        args += ["--exclude-module", package]
    return args


def main(argv: list[str] | None = None) -> int:
    """Build the bundle; returns the exit status."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", required=True, type=Path, help="folder to write the bundle into")
    args = parser.parse_args(argv)
    try:
        import PyInstaller.__main__
    except ModuleNotFoundError:
        print("build_app: PyInstaller is not installed; run: pip install '.[app]'", file=sys.stderr)
        return 2
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # PyInstaller's analysis imports pygame
    out = args.out.resolve()
    with tempfile.TemporaryDirectory(prefix="blackjack-app-build-") as work:
        PyInstaller.__main__.run(pyinstaller_args(out, Path(work)))
    executable = out / NAME / (NAME + (".exe" if sys.platform == "win32" else ""))
    print(f"built {executable}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
