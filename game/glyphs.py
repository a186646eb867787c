"""What the table's typeface can draw, so a name it cannot is refused when typed, never shown as boxes.

The one typeface is `game/fonts/BlackjackSans.ttf` (Noto Sans Bold with the card suits and
arrows, under the SIL Open Font License; built by tools/fonts.py). Its code points are listed
in `coverage.txt` beside it, written by the same tool, so no font parser runs at play time.
"""

from __future__ import annotations

import functools
from pathlib import Path

from engine.i18n import _

FONT_FILE = Path(__file__).with_name("fonts") / "BlackjackSans.ttf"
"""The typeface every label is drawn in."""

COVERAGE_FILE = FONT_FILE.with_name("coverage.txt")


@functools.cache
def drawable() -> frozenset[int]:
    """The code points the typeface draws."""
    points: set[int] = set()
    for span in COVERAGE_FILE.read_text(encoding="ascii").strip().split(","):
        first, _dash, last = span.partition("-")
        points.update(range(int(first, 16), int(last or first, 16) + 1))
    return frozenset(points)


def undrawable(text: str) -> str:
    """The characters of `text` the typeface cannot draw, each once, in order ('' when all can be).

    >>> undrawable("Zoë ♠ 10 €"), undrawable("Ann 中文")
    ('', '中文')
    """
    points = drawable()
    return "".join(dict.fromkeys(ch for ch in text if ord(ch) not in points and ch.isprintable()))


def refusal(text: str) -> str | None:
    """The sentence refusing a name the table cannot draw (naming the characters by code), or None.

    >>> refusal("Zoë") is None, refusal("王")
    (True, 'The table cannot show U+738B; use other letters.')
    """
    missing = undrawable(text)
    if not missing:
        return None
    codes = " ".join(f"U+{ord(ch):04X}" for ch in missing[:3]) + (" …" if len(missing) > 3 else "")
    return _("The table cannot show {characters}; use other letters.").format(characters=codes)


def drawable_text(text: str) -> str:
    """`text` with each character the typeface cannot draw shown as '?' (a name from an old file)."""
    missing = undrawable(text)
    return text.translate({ord(ch): "?" for ch in missing}) if missing else text
