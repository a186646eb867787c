"""The `blackjack` command line: headless subcommands over the engine, or the game window.

`blackjack.cli.main` parses the command line. The subcommands in `blackjack.commands`
use only the engine; the window (`game`, and with it pygame) is imported only when the
game starts.
"""
