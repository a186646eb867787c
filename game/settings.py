"""Player settings remembered between runs: a small JSON file in the user's config directory.

The directory is the game's --data-dir when one is given, else the folder named by the
environment variable BLACKJACK_CONFIG_DIR (tests point it at a temporary folder), else
`platformdirs.user_config_dir("blackjack-table")`. Besides the table's look and sound
they remember the last rules, the last seats, and the buy-in.
A missing file gives the defaults; an unreadable or corrupt one gives the defaults plus a
message the table shows, never a traceback.
"""

from __future__ import annotations

import json
import os
from dataclasses import asdict, dataclass, fields, replace
from pathlib import Path
from typing import Any

APP_NAME = "blackjack-table"
CONFIG_ENV = "BLACKJACK_CONFIG_DIR"
FILE_NAME = "settings.json"

SPEEDS: tuple[str, ...] = ("normal", "fast", "instant")
"""Animation speeds, slowest first."""

SPEED_FACTORS: dict[str, float] = {"normal": 1.0, "fast": 0.4, "instant": 0.0}
"""How long each speed makes an animation, relative to normal."""


@dataclass(frozen=True, slots=True)
class Settings:
    """What the players chose: rules, animation speed, sound, deck colors, the last seats and buy-in."""

    rules: str = "vegas-strip"
    speed: str = "normal"
    sound: bool = True
    volume: float = 0.7
    four_color: bool = False
    seats: str = ""
    """The last table in `--seats` form ('Ann,Bob,bot:basic'); empty for none yet."""
    buy_in: int = 100_000
    """What a new person (or a rebuy) brings to the table, in cents."""

    def with_changes(self, **changes: Any) -> Settings:
        """A copy with some settings changed."""
        return replace(self, **changes)

    @property
    def speed_factor(self) -> float:
        """The duration multiplier of the chosen animation speed."""
        return SPEED_FACTORS.get(self.speed, 1.0)


def config_dir(data_dir: str | Path | None = None) -> Path:
    """Where settings live: the --data-dir, else $BLACKJACK_CONFIG_DIR, else the user config folder."""
    if data_dir is not None:
        return Path(data_dir)
    override = os.environ.get(CONFIG_ENV)
    if override:
        return Path(override)
    import platformdirs

    return Path(platformdirs.user_config_dir(APP_NAME))


def settings_path(data_dir: str | Path | None = None) -> Path:
    """The settings file's path (in the --data-dir when given)."""
    return config_dir(data_dir) / FILE_NAME


def _validated(raw: dict[str, Any]) -> tuple[Settings, list[str]]:
    """Settings from a parsed JSON object, keeping each good field and naming each bad one."""
    defaults = Settings()
    good: dict[str, Any] = {}
    bad: list[str] = []
    for f in fields(Settings):
        if f.name not in raw:
            continue
        value = raw[f.name]
        default = getattr(defaults, f.name)
        if (
            (f.name == "speed" and value not in SPEEDS)
            or (
                f.name == "volume"
                and (isinstance(value, bool) or not isinstance(value, int | float) or not 0 <= value <= 1)
            )
            or (f.name == "buy_in" and (type(value) is not int or value <= 0))
            or (f.name != "volume" and type(value) is not type(default))
        ):
            bad.append(f.name)
        else:
            good[f.name] = float(value) if f.name == "volume" else value
    return replace(defaults, **good), bad


def load_settings(path: Path | None = None) -> tuple[Settings, str | None]:
    """The saved settings and a message for the table when the file had to be ignored."""
    path = path or settings_path()
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return Settings(), None
    except OSError as error:
        return Settings(), f"Settings could not be read ({error.strerror}); using defaults."
    except UnicodeDecodeError:
        return Settings(), "The settings file was damaged; using defaults."
    try:
        raw = json.loads(text)
    except (json.JSONDecodeError, UnicodeDecodeError):
        return Settings(), "The settings file was damaged; using defaults."
    if not isinstance(raw, dict):
        return Settings(), "The settings file was damaged; using defaults."
    settings, bad = _validated(raw)
    if bad:
        return settings, "Some settings were invalid and were reset: " + ", ".join(bad) + "."
    return settings, None


def save_settings(settings: Settings, path: Path | None = None) -> str | None:
    """Write the settings; return a message instead of raising when the disk refuses."""
    path = path or settings_path()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_suffix(".tmp")
        tmp.write_text(json.dumps(asdict(settings), indent=2) + "\n", encoding="utf-8")
        tmp.replace(path)
    except OSError as error:
        return f"Settings could not be saved ({error.strerror})."
    return None
