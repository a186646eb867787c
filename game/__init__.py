"""The pygame table: scenes, sprites, animation and sound over the headless engine.

Importing `game` imports pygame quickly: pygame's own import pulls in numpy (for
surfarray/sndarray) and pkg_resources (for pkgdata), about 0.3 s together, and the game
uses neither. They are hidden while pygame imports (pygame then skips those optional
modules) and are importable again afterwards. Set BLACKJACK_FULL_PYGAME=1 to import
pygame normally.
"""

import os as _os
import sys as _sys

_os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")


def _import_pygame_quickly() -> None:
    if "pygame" in _sys.modules or _os.environ.get("BLACKJACK_FULL_PYGAME"):
        return
    hidden = [name for name in ("numpy", "pkg_resources") if name not in _sys.modules]
    for name in hidden:
        _sys.modules[name] = None  # type: ignore[assignment]  # makes `import name` raise ImportError
    try:
        import pygame  # noqa: F401
    finally:
        for name in hidden:
            if _sys.modules.get(name, 0) is None:
                del _sys.modules[name]


_import_pygame_quickly()
