"""The `blackjack` command: opens the game window, or runs a headless subcommand.

Only `open_game` imports the game (and with it pygame); the subcommands, `--help` and
the parser run on the engine alone. Every way out is quiet, as a Unix tool's is:

* an error the user caused (a bad rules file, an unknown preset, a bad `--seats`, a number
  out of range) prints one line, `blackjack: <reason>`, and exits 2; so does output that
  cannot be written (`> /dev/full`);
* output never fails on its encoding: in an ASCII or POSIX locale a name like Zoë prints
  as `Zo\\xeb`;
* Ctrl-C exits 130 (128 + SIGINT) without a traceback; `simulate` prints what it had first;
* a closed output pipe (`blackjack strategy --format csv | head -1`) exits 141 without a
  traceback: 128 + SIGPIPE, the status a shell shows for `yes` in `yes | head -1`, so a
  script sees the same status from us as from any tool a closed pipe stopped (Python's
  recipe exits 1, which reads as a failure of the command itself).
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from contextlib import suppress
from pathlib import Path
from typing import Any, NoReturn

EXIT_USAGE = 2
"""Exit status for an error the user caused: a bad option, rules file or seat list."""

EXIT_INTERRUPTED = 130
"""Exit status after Ctrl-C: 128 + SIGINT, as shells report a tool Ctrl-C stopped."""

EXIT_BROKEN_PIPE = 141
"""Exit status when the reader of standard output went away: 128 + SIGPIPE."""

MAX_FRAMES = 10**9
"""The most frames `--frames` runs: 193 days at 60 frames a second."""


class OneLineParser(argparse.ArgumentParser):
    """A parser whose errors are one line, `blackjack: <reason>`, and status 2 (not argparse's usage dump)."""

    def error(self, message: str) -> NoReturn:
        """Print the reason on one line and exit with status 2."""
        self.exit(EXIT_USAGE, f"blackjack: {message} (see '{self.prog} --help')\n")


def build_parser() -> argparse.ArgumentParser:
    """The command-line parser: game options, plus the headless subcommands."""
    from blackjack import version
    from blackjack.commands import add_subcommands, count, seed
    parser = OneLineParser(
        prog="blackjack",
        description="A casino blackjack table. With no subcommand, opens the game window.",
    )
    parser.add_argument("--version", action="version", version=f"blackjack {version()}")
    menu = parser.add_argument_group("the desktop menu (Linux)").add_mutually_exclusive_group()
    menu.add_argument(
        "--install-desktop-entry",
        action="store_true",
        help="add the game and its icon to your application menu ($XDG_DATA_HOME), then exit",
    )
    menu.add_argument(
        "--uninstall-desktop-entry",
        action="store_true",
        help="remove what --install-desktop-entry added, then exit",
    )
    parser.add_argument(
        "--lang", metavar="CODE",
        help="speak this language (en, de, fr, es), not the saved or the system's; also after a command",
    )
    game = parser.add_argument_group("game options")
    game.add_argument("--rules", metavar="ID|FILE", help="rules preset id or TOML file")
    game.add_argument("--seed", type=seed, help="seed for the shoe's shuffles (0 to 2**64 - 1)")
    game.add_argument("--fullscreen", action="store_true", help="start in fullscreen")
    game.add_argument("--frames", type=count(1, MAX_FRAMES), metavar="N", help="run N frames, then exit")
    game.add_argument("--screenshot", metavar="PATH", help="save the last frame as a PNG")
    game.add_argument(
        "--autoplay",
        action="store_true",
        help="the basic bot plays for the people too (bots keep their kind)",
    )
    game.add_argument(
        "--demo",
        action="store_true",
        help="demo mode: bots play round after round with captions; any click or key leaves it",
    )
    game.add_argument(
        "--seats",
        metavar="LIST",
        help='open the table with these seats, skipping the setup: names are people (profiles are '
        'reused), bot:basic, bot:counter or bot:novice a bot, an empty entry an empty seat; '
        'e.g. "Ann,Bob,bot:basic"',
    )
    game.add_argument(
        "--data-dir",
        metavar="DIR",
        help="keep the history database and the settings in DIR instead of the user's folders",
    )
    game.add_argument(
        "--frame-stats", action="store_true", help="print frame-time statistics as JSON at exit"
    )
    add_subcommands(parser)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the `blackjack` console script; returns the exit status."""
    _never_fail_on_encoding()
    stdout = sys.stdout
    if stdout is not None:
        sys.stdout = _Output(stdout)
    try:
        try:
            return _dispatch(argv)
        finally:
            # A closed pipe must fail here, where it is caught, and not in the interpreter's
            # last flush at exit, which would print "Exception ignored" and exit 120. There is
            # no stdout at all when the game is started without a console (pythonw on Windows).
            if sys.stdout is not None:
                sys.stdout.flush()
    except BrokenPipeError:
        _discard_stdout()
        return EXIT_BROKEN_PIPE
    except OutputError as error:
        _discard_stdout()
        return _user_error(error)
    except KeyboardInterrupt:
        return EXIT_INTERRUPTED
    finally:
        sys.stdout = stdout


class OutputError(ValueError):
    """Standard output cannot be written (a full disk, /dev/full, an I/O error)."""


class _Output:
    """Standard output whose write errors are told apart from any other OSError of the command."""

    def __init__(self, stream: Any) -> None:
        self._stream = stream

    def write(self, text: str) -> int:
        """Write, or raise OutputError (a closed pipe stays a BrokenPipeError)."""
        try:
            return int(self._stream.write(text))
        except BrokenPipeError:
            raise
        except OSError as error:
            raise OutputError(f"cannot write the output: {error.strerror or error}") from None

    def flush(self) -> None:
        """Flush, or raise OutputError (a closed pipe stays a BrokenPipeError)."""
        try:
            self._stream.flush()
        except BrokenPipeError:
            raise
        except OSError as error:
            raise OutputError(f"cannot write the output: {error.strerror or error}") from None

    def __getattr__(self, name: str) -> Any:
        return getattr(self._stream, name)


def _never_fail_on_encoding() -> None:
    """Print what the locale's encoding cannot show as backslash escapes rather than fail.

    Under LC_ALL=POSIX or PYTHONIOENCODING=ascii, a player named Zoë would otherwise stop
    any command (and the game's messages) with UnicodeEncodeError.
    """
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            reconfigure(errors="backslashreplace")


def _dispatch(argv: Sequence[str] | None) -> int:
    # The engine and the commands are imported here, inside main's handlers, so a Ctrl-C
    # during their import is as quiet as one during the work.
    from engine.errors import BlackjackError

    args = build_parser().parse_args(argv)
    command = getattr(args, "command_module", None)
    if args.install_desktop_entry or args.uninstall_desktop_entry:
        from blackjack.desktop import run

        return run(remove=args.uninstall_desktop_entry)
    try:
        if command is not None:
            from blackjack.language import speak

            speak(args.lang)  # the game adds its saved choice of language; a command has none
            return int(command.run(args))
        return open_game(args)
    except BlackjackError as error:
        return _user_error(error)


def open_game(args: argparse.Namespace) -> int:
    """Open the game window as the game options ask; the only place that imports the game."""
    from blackjack.commands.history import data_dir
    from blackjack.desktop import name_the_window
    from blackjack.language import choose

    choose(args.lang, "")  # a --lang the game does not ship is said now, before the window opens
    if args.screenshot is not None:
        problem = screenshot_problem(args.screenshot)
        if problem is not None:  # said now, not after the window has run its frames
            return _user_error(ValueError(problem))
    name_the_window()  # before pygame is imported: under X11 it names the window after the script
    from game.app import run_game
    from game.seats import SeatsError

    try:
        return int(run_game(args, data_dir(args.data_dir)))
    except SeatsError as error:
        return _user_error(error)


def screenshot_problem(path: str) -> str | None:
    """Why `--screenshot PATH` could not be written (a folder, a file in its folder's place, no write
    permission), or None when it can be; the game makes the folders that are missing."""
    if not path:
        return "--screenshot: name the PNG file to write, such as shot.png"
    target = Path(path)
    if path.endswith(("/", os.sep)) or target.is_dir():
        return f"--screenshot {path}: that is a folder; name the PNG file to write, such as shot.png"
    if target.exists():
        return None if os.access(target, os.W_OK) else f"--screenshot {path}: the file cannot be written"
    folder = next(parent for parent in target.absolute().parents if parent.exists())
    if not folder.is_dir():
        return f"--screenshot {path}: {folder} is a file, not a folder"
    if not os.access(folder, os.W_OK | os.X_OK):
        return f"--screenshot {path}: the folder {folder} cannot be written"
    return None


def _user_error(error: ValueError) -> int:
    with suppress(OSError):  # nowhere to say it: the status still does
        print(f"blackjack: {error}", file=sys.stderr)
    return EXIT_USAGE


def _discard_stdout() -> None:
    """Point standard output at the null device, so what is still buffered goes nowhere quietly.

    The Python recipe for SIGPIPE (see the `signal` module's documentation): the
    interpreter flushes stdout once more at exit, and that flush must not fail again.
    """
    devnull = os.open(os.devnull, os.O_WRONLY)
    try:
        os.dup2(devnull, sys.stdout.fileno())
    except (AttributeError, OSError, ValueError):  # a stand-in stdout without a descriptor (a test's)
        pass
    finally:
        os.close(devnull)
