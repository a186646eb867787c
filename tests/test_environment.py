"""The game meets the player's machine: its version, its menu entry and icon, and a machine
without a display, without sound, or on its first launch."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tomllib
from importlib import metadata, resources
from pathlib import Path

import pygame
import pytest

import sprites
from blackjack import desktop
from blackjack.cli import main
from game.app import EXIT_NO_DISPLAY

ROOT = Path(__file__).resolve().parent.parent


def run_blackjack(*argv: str, env: dict[str, str], cwd: Path) -> subprocess.CompletedProcess[str]:
    """`python -m blackjack ARGV` in a fresh interpreter with exactly this environment."""
    return subprocess.run(
        [sys.executable, "-m", "blackjack", *argv],
        env=env, cwd=cwd, capture_output=True, text=True, timeout=120,
    )


def base_env(tmp_path: Path) -> dict[str, str]:
    """The test run's environment, with the checkout importable from anywhere and no display chosen."""
    env = {k: v for k, v in os.environ.items() if k not in ("SDL_VIDEODRIVER", "DISPLAY", "WAYLAND_DISPLAY")}
    env["PYTHONPATH"] = str(ROOT)
    env["XDG_RUNTIME_DIR"] = str(tmp_path)
    return env


# ---- the version --------------------------------------------------------------------------


def test_version_prints_the_version_pyproject_gives(capsys):
    with pytest.raises(SystemExit) as done:
        main(["--version"])
    assert done.value.code == 0
    declared = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["version"]
    assert capsys.readouterr().out.strip() == f"blackjack {declared}"
    assert metadata.version("blackjack-table") == declared


# ---- the menu entry -----------------------------------------------------------------------


@pytest.fixture
def data_home(tmp_path, monkeypatch):
    home = tmp_path / "xdg-data"
    monkeypatch.setenv("XDG_DATA_HOME", str(home))
    return home


def test_install_desktop_entry_writes_the_entry_and_the_icon_into_xdg_data_home(data_home, capsys):
    assert main(["--install-desktop-entry"]) == 0
    entry = data_home / "applications" / "blackjack-table.desktop"
    icon = data_home / "icons" / "hicolor" / "256x256" / "apps" / "blackjack-table.png"
    assert capsys.readouterr().out.strip() == f"wrote {entry}, {icon}"
    assert icon.read_bytes() == resources.files(sprites).joinpath(sprites.ICON_FILE).read_bytes()
    keys = dict(line.split("=", 1) for line in entry.read_text().splitlines()[1:] if line)
    assert entry.read_text().startswith("[Desktop Entry]\n")
    assert keys["Icon"] == str(icon)
    assert keys["Type"] == "Application"
    assert keys["StartupWMClass"] == desktop.WINDOW_CLASS
    assert keys["Exec"] == desktop.exec_line(desktop.launcher())
    assert Path(keys["Exec"].split()[0]).is_absolute()


@pytest.mark.skipif(not shutil.which("desktop-file-validate"), reason="desktop-file-utils is not installed")
def test_the_desktop_entry_passes_desktop_file_validate(data_home):
    assert main(["--install-desktop-entry"]) == 0
    checked = subprocess.run(
        ["desktop-file-validate", str(desktop.entry_file(data_home))], capture_output=True, text=True
    )
    assert (checked.returncode, checked.stdout + checked.stderr) == (0, "")


def test_uninstall_desktop_entry_removes_exactly_what_install_wrote(data_home, capsys):
    (data_home / "applications").mkdir(parents=True)
    neighbour = data_home / "applications" / "other-game.desktop"
    neighbour.write_text("[Desktop Entry]\n")
    main(["--install-desktop-entry"])
    capsys.readouterr()
    assert main(["--uninstall-desktop-entry"]) == 0
    assert capsys.readouterr().out.startswith("removed ")
    assert not desktop.entry_file(data_home).exists()
    assert not desktop.icon_file(data_home).exists()
    assert neighbour.exists()
    assert main(["--uninstall-desktop-entry"]) == 0
    assert capsys.readouterr().out.strip() == f"no menu entry in {data_home}"


def test_an_unwritable_data_home_is_one_line_and_status_1(tmp_path, monkeypatch, capsys):
    blocker = tmp_path / "a-file"
    blocker.write_text("")
    monkeypatch.setenv("XDG_DATA_HOME", str(blocker / "share"))  # a folder under a file: even root fails
    assert main(["--install-desktop-entry"]) == desktop.EXIT_FAILED
    err = capsys.readouterr().err
    assert err.startswith("blackjack: cannot write the menu entry: ") and err.count("\n") == 1


def test_a_relative_xdg_data_home_is_ignored_as_the_spec_says():
    assert desktop.data_home({"XDG_DATA_HOME": "relative/share"}) == Path.home() / ".local" / "share"
    assert desktop.data_home({}) == Path.home() / ".local" / "share"
    assert desktop.data_home({"XDG_DATA_HOME": "/x/share"}) == Path("/x/share")


def test_the_install_and_uninstall_options_exclude_each_other(capsys):
    with pytest.raises(SystemExit) as done:
        main(["--install-desktop-entry", "--uninstall-desktop-entry"])
    assert done.value.code == 2


# ---- the window icon ----------------------------------------------------------------------


def test_the_window_icon_is_the_drawn_icon_and_is_set_before_the_window_opens(apps, monkeypatch):
    calls: list[tuple[str, tuple[int, int]]] = []
    set_icon, set_mode = pygame.display.set_icon, pygame.display.set_mode

    def record_icon(surface: pygame.Surface) -> None:
        calls.append(("icon", surface.get_size()))
        set_icon(surface)

    def record_mode(size, *args, **kwargs):
        calls.append(("mode", tuple(size)))
        return set_mode(size, *args, **kwargs)

    monkeypatch.setattr(pygame.display, "set_icon", record_icon)
    monkeypatch.setattr(pygame.display, "set_mode", record_mode)
    app = apps()
    assert calls[:2] == [("icon", sprites.ICON_SIZE), ("mode", calls[1][1])]
    assert not app.assets.missing


def test_the_window_class_is_the_menu_entrys_even_though_pygame_names_it_after_the_script(tmp_path):
    probe = (
        "import os, sys; from blackjack.cli import main; "
        f"status = main(['--frames', '1', '--data-dir', {str(tmp_path)!r}]); "
        "print(status, os.environ['SDL_VIDEO_X11_WMCLASS'], os.environ['SDL_VIDEO_WAYLAND_WMCLASS'])"
    )
    env = base_env(tmp_path) | {"SDL_VIDEODRIVER": "dummy", "DISPLAY": ":0"}  # pygame looks at DISPLAY
    done = subprocess.run(
        [sys.executable, "-c", probe], env=env, cwd=tmp_path, capture_output=True, text=True
    )
    assert done.stdout.split() == ["0", desktop.WINDOW_CLASS, desktop.WINDOW_CLASS], done.stderr


# ---- a machine without a display or sound, and the first launch ---------------------------


def test_no_display_is_one_line_with_the_headless_hint_and_status_1(tmp_path):
    done = run_blackjack("--data-dir", str(tmp_path / "data"), env=base_env(tmp_path), cwd=tmp_path)
    ours = [line for line in done.stderr.splitlines() if line.startswith("blackjack:")]
    assert done.returncode == EXIT_NO_DISPLAY == 1
    assert len(ours) == 1 and "no display" in ours[0]
    assert "SDL_VIDEODRIVER=dummy and --frames N" in ours[0]
    assert "Traceback" not in done.stderr
    assert not (tmp_path / "data").exists()


def test_without_an_audio_device_the_game_plays_silently_and_says_so_once(tmp_path):
    env = base_env(tmp_path) | {"SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "no-such-driver"}
    done = run_blackjack(
        "--data-dir", str(tmp_path / "data"), "--frames", "60", "--autoplay", "--seats", "bot:basic",
        "--screenshot", str(tmp_path / "shot.png"), env=env, cwd=tmp_path,
    )
    assert done.returncode == 0, done.stderr
    silent = [line for line in done.stderr.splitlines() if "audio device" in line]
    assert len(silent) == 1 and "no-such-driver" in silent[0]
    assert silent[0].startswith("blackjack: no audio device (") and silent[0].endswith("); playing silently")
    assert (tmp_path / "shot.png").stat().st_size > 0
    demo = run_blackjack("--data-dir", str(tmp_path / "data"), "--frames", "240", "--demo", env=env,
                         cwd=tmp_path)
    assert demo.returncode == 0, demo.stderr
    assert [line for line in demo.stderr.splitlines() if "audio device" in line] == silent, (
        "the demo's silent stand-in for its fast deals says nothing more"
    )


def test_the_first_launch_says_where_saved_data_lives_and_later_launches_do_not(tmp_path, capsys):
    data = tmp_path / "data"
    assert main(["--data-dir", str(data), "--frames", "2"]) == 0
    first = capsys.readouterr().err
    assert first == (
        f"blackjack: first launch: profiles, history and saved tables are kept in {data}, "
        f"settings in {data / 'settings.json'}\n"
    )
    assert main(["--data-dir", str(data), "--frames", "2"]) == 0
    assert "first launch" not in capsys.readouterr().err
