"""Player settings remembered between runs: a small JSON file in the user's config directory.

The directory is the game's --data-dir when one is given, else the folder named by the
environment variable BLACKJACK_CONFIG_DIR (tests point it at a temporary folder), else
`platformdirs.user_config_dir("blackjack-table")`. Besides the table's look and sound
they remember the last rules, the last seats, the buy-in and casino conditions.
A missing file gives the defaults. Only a regular file of at most `MAX_FILE_SIZE` bytes is
read (a FIFO is never waited on); one that is not that, not UTF-8, not JSON (or nested too
deep to parse) or not a JSON object is damaged: it is moved aside to
`settings.json.corrupt-<timestamp>` (as the history database is, so nothing is lost and the
next save cannot overwrite it) and the defaults are used, with one sentence the table shows.
A file that cannot be opened (no permission) is left as it is. A setting with a bad value
(wrong type, out of range, NaN or infinite) gets its default, and the sentence names it.
Never a traceback, never a hang.
"""

from __future__ import annotations

import json
import math
import os
import stat
from dataclasses import asdict, dataclass, field, fields, replace
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from blackjack.language import CURRENCIES
from engine.i18n import _
from engine.store.database import move_aside
from engine.store.errors import StoreError

APP_NAME = "blackjack-table"
CONFIG_ENV = "BLACKJACK_CONFIG_DIR"
FILE_NAME = "settings.json"

MAX_FILE_SIZE = 64 * 1024
"""The largest settings file read, in bytes: ours is a few hundred, so a bigger one is not ours."""

MAX_BUY_IN = 1_000_000
"""The largest buy-in a settings file may hold, in cents: the setup's largest choice, $10,000."""

MAX_KEYS = 100
"""The most remapped keys a settings file may hold (there are fewer actions than that)."""

MAX_KEY_NAME = 40
"""The longest action id or key name in the remapped keys (the longest real one is about 20)."""

MAX_TEXT = 1024
"""The longest text setting (a rules id or file path, a seats list), in characters."""

SPEEDS: tuple[str, ...] = ("normal", "fast", "instant")
"""Animation speeds, slowest first."""

SPEED_FACTORS: dict[str, float] = {"normal": 1.0, "fast": 0.4, "instant": 0.0}
"""How long each speed makes an animation, relative to normal."""

UI_SCALES: tuple[float, ...] = (1.0, 1.1, 1.25)
"""How much larger text (and the rail's decision buttons) may be drawn (`ui_scale`), smallest first."""


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
    casino: bool = False
    """Casino conditions (`game.casino`): bots come and go between shoes, the dealer's pace varies,
    a card is burned after each shuffle and the discard tray is drawn to scale."""
    language: str = ""
    """The language chosen in Settings ('de'); empty follows the system's (`blackjack.language.choose`)."""
    currency: str = ""
    """The money shown: one of `blackjack.language.CURRENCIES`; empty follows the language's region."""
    voice: bool = False
    """Self-voicing (`game.voice`): every event and prompt is spoken by the platform's voice."""
    keys: dict[str, str] = field(default_factory=dict)
    """Remapped keys, an action id ('HIT', 'BET_ADD:0') to a pygame key name ('g'); the rest keep
    their defaults. Global, not per profile: the title, menus and setup are used before anyone's
    profile is chosen, and the people at one table share one keyboard."""
    ui_scale: float = 1.0
    """How much larger text and the rail's decision buttons are drawn, one of `UI_SCALES` (whatever the
    window's size)."""
    high_contrast: bool = False
    """The high-contrast look: a darker felt, white and bright text, bright edges on buttons and the
    message bar."""
    reduced_motion: bool = False
    """Cards and chips appear where they land instead of flying there (the pace of the deal is kept)."""

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


def _valid(name: str, value: Any, default: Any) -> bool:
    """Whether a parsed value can stand for a setting: its default's type (bool is no number), in range."""
    if name == "volume":
        return (
            not isinstance(value, bool) and isinstance(value, int | float)
            and math.isfinite(value) and 0 <= value <= 1
        )
    if name == "ui_scale":  # a number (JSON may write 1.0 as 1), one of the choices
        return not isinstance(value, bool) and isinstance(value, int | float) and value in UI_SCALES
    if type(value) is not type(default):
        return False
    if name == "speed":
        return value in SPEEDS
    if name == "buy_in":
        return bool(0 < value <= MAX_BUY_IN)
    if name == "currency":
        return value in ("", *CURRENCIES)
    if name == "keys":
        return len(value) <= MAX_KEYS and all(
            isinstance(k, str) and isinstance(v, str) and len(k) < MAX_KEY_NAME and len(v) < MAX_KEY_NAME
            for k, v in value.items()
        )
    return not isinstance(value, str) or len(value) <= MAX_TEXT


def _validated(raw: dict[str, Any]) -> tuple[Settings, list[str]]:
    """Settings from a parsed JSON object, keeping each good field and naming each bad one."""
    defaults = Settings()
    good: dict[str, Any] = {}
    bad: list[str] = []
    for f in fields(Settings):
        if f.name not in raw:
            continue
        value = raw[f.name]
        if not _valid(f.name, value, getattr(defaults, f.name)):
            bad.append(f.name)
        else:
            good[f.name] = float(value) if f.name in ("volume", "ui_scale") else value
    return replace(defaults, **good), bad


class _Damaged(Exception):
    """The settings file is there but is not a settings file; the argument says why."""


def _read_object(path: Path) -> dict[str, Any]:
    """The JSON object a settings file holds.

    Raises FileNotFoundError when there is none, OSError when it cannot be opened, and
    _Damaged when it is not a small regular file holding a JSON object in UTF-8.
    """
    if not stat.S_ISREG(os.stat(path).st_mode):
        # TRANSLATORS: why the settings file is damaged, inside "The settings file was damaged (...)"
        raise _Damaged(_("it is not a regular file"))
    # O_NONBLOCK: were a FIFO swapped in after the check, opening it must not wait for a writer.
    descriptor = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    try:
        if not stat.S_ISREG(os.fstat(descriptor).st_mode):
            raise _Damaged(_("it is not a regular file"))
        with open(descriptor, "rb", closefd=False) as stream:
            data = stream.read(MAX_FILE_SIZE + 1)
    finally:
        os.close(descriptor)
    if len(data) > MAX_FILE_SIZE:
        raise _Damaged(_("it is larger than {size} KiB").format(size=MAX_FILE_SIZE // 1024))
    try:
        raw = json.loads(data.decode("utf-8"))
    except UnicodeDecodeError:
        raise _Damaged(_("it is not UTF-8 text")) from None
    except RecursionError:
        raise _Damaged(_("it is nested too deeply")) from None
    except ValueError:  # JSONDecodeError, and an integer too long to convert
        raise _Damaged(_("it is not JSON")) from None
    if not isinstance(raw, dict):
        raise _Damaged(_("it is not a JSON object"))
    return raw


def load_settings(path: Path | None = None) -> tuple[Settings, str | None]:
    """The saved settings and one sentence for the table when the file (or a setting) had to be ignored.

    A damaged file is moved aside (see the module's docstring); this never raises.
    """
    path = path or settings_path()
    try:
        raw = _read_object(path)
    except FileNotFoundError:
        return Settings(), None
    except OSError as error:
        return Settings(), _("Settings could not be read ({reason}); using defaults.").format(
            reason=error.strerror)
    except _Damaged as damage:
        try:
            moved = move_aside(path, datetime.now(UTC))
        except StoreError as error:
            return Settings(), _(
                "The settings file was damaged ({damage}) and {error}; using defaults."
            ).format(damage=damage, error=error)
        return Settings(), _(
            "The settings file was damaged ({damage}), so it was moved to {file}; using defaults."
        ).format(damage=damage, file=moved.name)
    settings, bad = _validated(raw)
    if bad:
        # TRANSLATORS: {names} are the settings file's own names of the settings ("speed, volume")
        return settings, _("Some settings were invalid and were reset: {names}.").format(names=", ".join(bad))
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
        return _("Settings could not be saved ({reason}).").format(reason=error.strerror)
    return None
