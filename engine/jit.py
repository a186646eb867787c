"""The project's one way to compile with numba (the optional `fast` extra), and numpy when present.

`jit` compiles a function to machine code, cached on disk; without numba it leaves the
function as plain Python, so every module that uses it still imports (and a caller asks
`COMPILED` before choosing the compiled path). The simulator's kernel and the exact odds
engine both compile through here.
"""

from __future__ import annotations

import gc
import importlib
import os
from collections.abc import Callable
from typing import Any, TypeVar

from engine.cache_folder import cache_dir

F = TypeVar("F", bound=Callable[..., Any])

# numba keeps its compiled code beside the source unless told otherwise, and the game never
# writes where it is installed: compiled code goes in the odds cache's folder (numba reads
# this when it is imported; a NUMBA_CACHE_DIR of the user's own wins).
os.environ.setdefault("NUMBA_CACHE_DIR", str(cache_dir() / "numba"))


def _set_up_numba() -> None:
    """numba's typing and target set-up, which its first compiled call (or load from the cache) does
    otherwise. It is one of numba's insides: if a version moves it, that first call does it."""
    try:
        from numba.core.registry import cpu_target

        cpu_target.target_context.refresh()
    except (ImportError, AttributeError):  # pragma: no cover - a numba without it
        pass


np: Any  # numpy when the `fast` extra is installed (imported by name so mypy reads it either way)
try:
    np = importlib.import_module("numpy")
except ImportError:  # pragma: no cover - the `fast` extra is absent
    np = None

try:
    # numba's import and its typing and target set-up (otherwise done on the first compiled call)
    # make some hundred thousand objects that live as long as the process: Python's collector ran
    # over them again and again as they were made, and once more at exit, about a quarter of a
    # CPU-second in all. They are made with it paused, then frozen out of its reach.
    collecting = gc.isenabled()
    gc.disable()
    try:
        from numba import njit as _njit

        _set_up_numba()
    finally:
        if collecting:
            gc.enable()
    gc.freeze()

    def jit(function: F) -> F:
        """Compile with numba (no Python objects, cached on disk)."""
        compiled: F = _njit(cache=True, nogil=True)(function)  # type: ignore[assignment, unused-ignore]
        return compiled

    def inline(function: F) -> F:
        """Compile with numba, inlined into its callers (a call per card costs more than the card)."""
        compiled: F = _njit(cache=True, nogil=True, inline="always")(function)  # type: ignore[assignment, unused-ignore]
        return compiled

    COMPILED = True
except ImportError:  # pragma: no cover - the `fast` extra is absent
    COMPILED = False

    def jit(function: F) -> F:
        """Without numba: leave the function as plain Python."""
        return function

    inline = jit
