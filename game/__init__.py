"""The pygame table: scenes, sprites, animation and sound over the headless engine."""

import os as _os

_os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
