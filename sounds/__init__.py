"""The table's own sounds: WAVs synthesized by ``python -m sounds.generate``, and their names.

Each name maps to ``<name>.wav`` in this package (see sound_file); open it with
``importlib.resources.files("sounds") / sound_file(name)``. Nothing here imports pygame.
"""

from __future__ import annotations

SOUND_NAMES: tuple[str, ...] = (
    "card_slide",
    "card_flip",
    "chip_click",
    "chips_stack",
    "shuffle",
    "win",
    "lose",
    "blackjack",
    "button",
)
"""Every sound the generator writes."""

SAMPLE_RATE: int = 44_100
"""Frames per second of every WAV (16-bit mono)."""


def sound_file(name: str) -> str:
    """Relative path of a sound inside this package, e.g. sound_file('win') == 'win.wav'.

    Raises ValueError for a name that is not in SOUND_NAMES.
    """
    if name not in SOUND_NAMES:
        raise ValueError(f"{name!r} is not a sound: use one of {', '.join(SOUND_NAMES)}")
    return f"{name}.wav"
