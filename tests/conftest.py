"""Shared test setup: pygame runs headless and the game's settings go to a temporary folder.

This must run before anything imports pygame, so it sits at the very top.
"""

import os
import tempfile

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"
os.environ["BLACKJACK_CONFIG_DIR"] = tempfile.mkdtemp(prefix="blackjack-test-config-")
