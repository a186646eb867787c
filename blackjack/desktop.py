"""The desktop menu entry: `blackjack --install-desktop-entry` and `--uninstall-desktop-entry`.

Installing writes a freedesktop.org `.desktop` file into `$XDG_DATA_HOME/applications` and
the game's icon into `$XDG_DATA_HOME/icons/hicolor/256x256/apps` (`$XDG_DATA_HOME` is
`~/.local/share` when unset), for the user only: nothing needs root. The entry starts the
very program that installed it: the frozen app's executable, the `blackjack` script of a
pipx or pip install, or `python -m blackjack` when it was started that way. Uninstalling
removes exactly those two files. Nothing here imports pygame.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Mapping, MutableMapping, Sequence
from importlib import resources
from pathlib import Path

import sprites

APP_ID = "blackjack-table"
"""The entry's and the icon's file name (the desktop's id for the game)."""

WINDOW_CLASS = APP_ID
"""The window class the game asks SDL for, so the desktop matches the window to the entry."""

EXIT_FAILED = 1
"""Exit status when the files cannot be written or removed (the system's fault, not the command's)."""

EXIT_UNSUPPORTED = 2
"""Exit status on a system without freedesktop menus (Windows, macOS)."""


def name_the_window(environ: MutableMapping[str, str] = os.environ) -> None:
    """Ask SDL to give the window the entry's class (X11) and app id (Wayland), so the desktop shows
    the entry's name and icon for it; a value the user set stays."""
    for variable in ("SDL_VIDEO_X11_WMCLASS", "SDL_VIDEO_WAYLAND_WMCLASS"):
        environ.setdefault(variable, WINDOW_CLASS)


def data_home(environ: Mapping[str, str] = os.environ) -> Path:
    """`$XDG_DATA_HOME`, or `~/.local/share` when it is unset or not absolute (as the spec says)."""
    value = environ.get("XDG_DATA_HOME", "")
    if value and Path(value).is_absolute():
        return Path(value)
    return Path.home() / ".local" / "share"


def entry_file(home: Path) -> Path:
    """Where the `.desktop` file goes under a data home."""
    return home / "applications" / f"{APP_ID}.desktop"


def icon_file(home: Path) -> Path:
    """Where the icon goes under a data home."""
    width, height = sprites.ICON_SIZE
    return home / "icons" / "hicolor" / f"{width}x{height}" / "apps" / f"{APP_ID}.png"


def launcher(argv0: str = sys.argv[0], executable: str = sys.executable) -> list[str]:
    """The command that starts the running program again, with absolute paths.

    >>> launcher("/opt/app/blackjack", "/opt/app/blackjack")
    ['/opt/app/blackjack']
    >>> launcher("/home/ann/.local/bin/blackjack", "/home/ann/venv/bin/python3")
    ['/home/ann/.local/bin/blackjack']
    >>> launcher("/src/blackjack/__main__.py", "/usr/bin/python3")
    ['/usr/bin/python3', '-m', 'blackjack']
    """
    if getattr(sys, "frozen", False):
        return [str(Path(executable).absolute())]
    script = Path(argv0)
    if script.name == "blackjack":
        return [str(script.absolute())]
    return [str(Path(executable).absolute()), "-m", "blackjack"]


def exec_line(command: Sequence[str]) -> str:
    """A command as a `.desktop` file's Exec key writes it (quoted as the spec asks).

    >>> exec_line(["/opt/my games/blackjack"])
    '"/opt/my games/blackjack"'
    >>> exec_line(["/usr/bin/python3", "-m", "blackjack"])
    '/usr/bin/python3 -m blackjack'
    """
    words = []
    for word in command:
        word = word.replace("%", "%%")
        if any(c in word for c in ' \t\n"\'\\><~|&;$*?#()`'):
            word = '"' + "".join("\\" + c if c in '"`$\\' else c for c in word) + '"'
        words.append(word)
    return " ".join(words)


def entry_text(command: Sequence[str], icon: Path) -> str:
    """The `.desktop` file's text for a launch command and an installed icon."""
    return "\n".join(
        [
            "[Desktop Entry]",
            "Type=Application",
            "Name=Blackjack Table",
            "GenericName=Blackjack",
            "Comment=A casino blackjack table: exact rules, exact money, and a trainer",
            f"Exec={exec_line(command)}",
            f"Icon={icon}",
            "Terminal=false",
            "Categories=Game;CardGame;",
            "Keywords=blackjack;cards;casino;21;",
            f"StartupWMClass={WINDOW_CLASS}",
            "",
        ]
    )


def install(home: Path, command: Sequence[str]) -> list[Path]:
    """Write the icon and the entry under a data home; return the files written.

    Raises OSError when a folder cannot be made or a file cannot be written.
    """
    icon = icon_file(home)
    entry = entry_file(home)
    icon.parent.mkdir(parents=True, exist_ok=True)
    icon.write_bytes(resources.files(sprites).joinpath(sprites.ICON_FILE).read_bytes())
    entry.parent.mkdir(parents=True, exist_ok=True)
    entry.write_text(entry_text(command, icon), encoding="utf-8")
    return [entry, icon]


def uninstall(home: Path) -> list[Path]:
    """Remove the entry and the icon from a data home; return the files that were there.

    Raises OSError when a file is there but cannot be removed.
    """
    removed = []
    for path in (entry_file(home), icon_file(home)):
        if path.exists():
            path.unlink()
            removed.append(path)
    return removed


def run(*, remove: bool) -> int:
    """`--install-desktop-entry` (remove False) or `--uninstall-desktop-entry`; returns the exit status."""
    if not sys.platform.startswith(("linux", "freebsd", "openbsd", "netbsd")):
        print(
            f"blackjack: desktop menu entries are for Linux desktops; {sys.platform} has none to write",
            file=sys.stderr,
        )
        return EXIT_UNSUPPORTED
    home = data_home()
    try:
        if remove:
            removed = uninstall(home)
            print(f"removed {', '.join(map(str, removed))}" if removed else f"no menu entry in {home}")
        else:
            written = install(home, launcher())
            print(f"wrote {', '.join(map(str, written))}")
    except OSError as error:
        what = "remove" if remove else "write"
        where = error.filename or home
        print(f"blackjack: cannot {what} the menu entry: {where}: {error.strerror or error}", file=sys.stderr)
        return EXIT_FAILED
    return 0
