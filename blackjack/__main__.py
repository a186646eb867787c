"""`python -m blackjack` is the `blackjack` command."""

import sys

from blackjack.cli import main

if __name__ == "__main__":  # a spawned child process imports this module without running it
    sys.exit(main())
