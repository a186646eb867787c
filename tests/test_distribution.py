"""What a player installs: the wheel and the sdist hold every asset the game loads and none of the
checkout's tests, benchmarks, tools or docs, and the wheel installed (not editable) into a fresh
virtual environment outside the checkout plays headless, prices odds, and writes nothing into its
install folder.

The list of assets is the loader's own (`game.assets.shipped_files`), never a second list kept
here. Building and installing takes under a minute (pip's cache holds pygame after the first run);
the tests share one build.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tarfile
import tomllib
import venv
import zipfile
from pathlib import Path

import pytest

from game.assets import shipped_files

ROOT = Path(__file__).resolve().parent.parent
PROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
STEM = f"{PROJECT['name'].replace('-', '_')}-{PROJECT['version']}"

CHECKOUT_ONLY = ("tests/", "bench/", "tools/", "docs/", ".ci/")
"""Top-level folders of the checkout that no distribution may carry."""


BUILD_LEFTOVERS = shutil.ignore_patterns(
    ".git", ".venv", "*.egg-info", "build", "dist", "__pycache__", ".*_cache", ".hypothesis"
)
"""What a working checkout holds beyond its sources. An editable install's egg-info, in particular,
lists every file it once saw, and setuptools adds those to the sdist: it would hide a package-data
rule that no longer matches."""


@pytest.fixture(scope="module")
def dist(tmp_path_factory) -> Path:
    """The sdist, and a wheel built from that sdist (as `python -m build` does), from a clean copy."""
    source = tmp_path_factory.mktemp("source") / "checkout"
    shutil.copytree(ROOT, source, ignore=BUILD_LEFTOVERS)
    out = tmp_path_factory.mktemp("dist")
    subprocess.run(
        [sys.executable, "-m", "build", "--outdir", str(out), str(source)],
        check=True, capture_output=True, text=True,
    )
    return out


def test_the_wheel_holds_every_asset_the_game_loads_and_nothing_of_the_checkout(dist):
    names = set(zipfile.ZipFile(dist / f"{STEM}-py3-none-any.whl").namelist())
    assert set(shipped_files()) - names == set()
    assert sorted(n for n in names if n.startswith(CHECKOUT_ONLY)) == []
    assert {n.split("/")[0] for n in names} == {
        "blackjack", "engine", "game", "sprites", "sounds", f"{STEM}.dist-info"
    }


def test_the_sdist_holds_every_asset_and_nothing_of_the_checkout_but_the_readme(dist):
    with tarfile.open(dist / f"{STEM}.tar.gz") as sdist:
        names = {name.removeprefix(f"{STEM}/") for name in sdist.getnames()}
    assert set(shipped_files()) - names == set()
    assert sorted(n for n in names if n.startswith(CHECKOUT_ONLY)) == []
    assert {"README.md", "pyproject.toml", "MANIFEST.in"} <= names


def tree(folder: Path) -> dict[str, tuple[int, int]]:
    """Every file under a folder with its size and modification time."""
    return {
        str(path.relative_to(folder)): (path.stat().st_size, path.stat().st_mtime_ns)
        for path in folder.rglob("*")
        if path.is_file()
    }


def test_the_installed_wheel_plays_headless_prices_odds_and_writes_nothing_where_it_is_installed(
    dist, tmp_path
):
    env_dir = tmp_path / "venv"
    venv.EnvBuilder(with_pip=True).create(env_dir)
    python, blackjack = env_dir / "bin" / "python", env_dir / "bin" / "blackjack"
    installed = subprocess.run(
        [str(python), "-m", "pip", "install", "--quiet", str(dist / f"{STEM}-py3-none-any.whl")],
        capture_output=True, text=True,
    )
    assert installed.returncode == 0, installed.stderr
    site = Path(subprocess.check_output(
        [str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"], text=True
    ).strip())
    home = tmp_path / "home"
    home.mkdir()
    env = {k: v for k, v in os.environ.items() if not k.startswith(("BLACKJACK_", "PYTHON", "XDG_"))}
    env |= {"HOME": str(home), "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    before = tree(site)

    def run(*argv: str | Path) -> subprocess.CompletedProcess[str]:
        return subprocess.run([str(a) for a in argv], cwd=home, env=env, capture_output=True, text=True)

    where = run(python, "-c", "import engine, game, sprites, sounds; print(game.__file__)")
    assert Path(where.stdout.strip()).is_relative_to(site), where.stderr
    shot = home / "shot.png"
    played = run(blackjack, "--frames", "120", "--autoplay", "--screenshot", shot)
    assert played.returncode == 0, played.stderr
    assert "missing" not in played.stderr and shot.stat().st_size > 10_000
    assert "first launch" in played.stderr  # the default data folder, under this HOME
    odds = run(blackjack, "odds", "--rules", "vegas-strip")
    assert odds.returncode == 0 and "house edge" in odds.stdout.lower(), odds.stderr
    version = run(blackjack, "--version")
    assert version.stdout.strip() == f"blackjack {PROJECT['version']}"
    as_module = run(python, "-m", "game", "--frames", "2", "--screenshot", home / "module.png")
    assert as_module.returncode == 0 and (home / "module.png").is_file(), as_module.stderr
    assert tree(site) == before
