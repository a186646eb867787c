"""`python -m blackjack` is the `blackjack` command, and this is the standalone app's entry script."""

import multiprocessing
import sys

from blackjack.cli import main

if __name__ == "__main__":  # a spawned child process imports this module without running it
    multiprocessing.freeze_support()  # in the frozen app, a pool's worker process runs its task here
    sys.exit(main())
