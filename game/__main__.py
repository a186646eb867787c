"""`python -m game` is the same as the `blackjack` command."""

import sys

from game.cli import main

sys.exit(main())
