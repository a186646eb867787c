"""The `blackjack` command: starts the game, or runs an analysis subcommand."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from engine.commands import add_subcommands
from engine.errors import BlackjackError
from game.seats import SeatsError


def build_parser() -> argparse.ArgumentParser:
    """The command-line parser: game options, plus the analysis subcommands."""
    parser = argparse.ArgumentParser(
        prog="blackjack",
        description="A casino blackjack table. With no subcommand, opens the game window.",
    )
    game = parser.add_argument_group("game options")
    game.add_argument("--rules", metavar="ID|FILE", help="rules preset id or TOML file")
    game.add_argument("--seed", type=int, help="seed for the shoe's shuffles")
    game.add_argument("--fullscreen", action="store_true", help="start in fullscreen")
    game.add_argument("--frames", type=int, metavar="N", help="run N frames, then exit")
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
    """Entry point of the `blackjack` console script."""
    args = build_parser().parse_args(argv)
    try:
        if getattr(args, "command_module", None) is not None:
            return int(args.command_module.run(args))
        from game.app import run_game

        return int(run_game(args))
    except (BlackjackError, SeatsError) as error:
        print(f"blackjack: {error}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":
    sys.exit(main())
