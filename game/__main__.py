"""`python -m game` is the same as the `blackjack` command."""

import sys

from blackjack.cli import main

sys.exit(main())
