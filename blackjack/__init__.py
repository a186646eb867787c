"""The `blackjack` command line: headless subcommands over the engine, or the game window.

`blackjack.cli.main` parses the command line. The subcommands in `blackjack.commands`
use only the engine; the window (`game`, and with it pygame) is imported only when the
game starts.
"""

from __future__ import annotations

DISTRIBUTION = "blackjack-table"
"""The name the game is installed under (pyproject's `[project] name`)."""


def version() -> str:
    """The installed version, read from the package metadata (pyproject's `version`, its one source).

    A checkout that was never installed has no metadata; that is said rather than guessed.
    """
    from importlib.metadata import PackageNotFoundError
    from importlib.metadata import version as installed_version

    try:
        return installed_version(DISTRIBUTION)
    except PackageNotFoundError:
        return "unknown (not installed: pip install the checkout to give it a version)"
