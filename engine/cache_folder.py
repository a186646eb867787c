"""The folder where the engine keeps what it computes once: analyses, index tables, compiled code."""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path
from typing import Any


def cache_dir() -> Path:
    """The odds cache folder: $BLACKJACK_ODDS_CACHE, else the user's cache directory's `odds`."""
    override = os.environ.get("BLACKJACK_ODDS_CACHE")
    if override:
        return Path(override)
    try:
        import platformdirs
    except ImportError:
        return Path.home() / ".cache" / "blackjack-table" / "odds"
    return Path(platformdirs.user_cache_dir("blackjack-table")) / "odds"


def load_json(name: str) -> Any | None:
    """A JSON file of the cache folder, or None if missing or unreadable (nested too deep included)."""
    try:
        return json.loads((cache_dir() / name).read_text(encoding="utf-8"))
    except (OSError, ValueError, RecursionError):
        return None


def store_json(name: str, data: Any) -> None:
    """Keep JSON data in the cache folder under this file name: atomically (a temporary file, then a
    rename), and skipped if the folder cannot be written."""
    path = cache_dir() / name
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        with tempfile.NamedTemporaryFile(
            "w", encoding="utf-8", dir=path.parent, suffix=".tmp", delete=False
        ) as handle:
            json.dump(data, handle)
        os.replace(handle.name, path)
    except OSError:
        return
