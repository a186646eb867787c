"""`python -m blackjack` is the `blackjack` command."""

import sys

from blackjack.cli import main

sys.exit(main())
