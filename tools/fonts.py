"""Build the game's one typeface from open (OFL) fonts: `python tools/fonts.py [NOTO_DIR]`.

Noto Sans Bold (Latin, Greek and Cyrillic: every script the catalogs use) is merged with the
symbols people type and the game draws (card suits from Noto Sans Symbols 2, arrows and
math signs from Noto Sans Math) into `game/fonts/BlackjackSans.ttf`, renamed as the SIL Open
Font License asks of a modified font, with line metrics close to pygame's old default font so
text keeps its place. The code points it can draw are written to `game/fonts/coverage.txt`,
which the game reads to refuse a name it would draw as boxes. NOTO_DIR is where Debian's
fonts-noto-core puts them (/usr/share/fonts/truetype/noto). Needs fontTools (the dev extra).
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

from fontTools import subset
from fontTools.merge import Merger, Options
from fontTools.ttLib import TTFont

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "game" / "fonts"
FAMILY = "Blackjack Sans"
SYMBOLS = "♠♥♦♣♤♡♢♧✓✗▲▼◀▶★☆●○"
MATH = "→←↑↓↔⇄√≤≥≈≠−∞"
ASCENT, DESCENT = 950, 250
"""Line metrics in font units (of 1000): Noto's own (1069/293) make every label a third taller."""


def _subset(path: Path, characters: str, out: Path) -> Path:
    font = TTFont(path)
    options = subset.Options()
    options.hinting = False
    options.layout_features = []
    options.notdef_outline = True
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=[ord(c) for c in characters])
    subsetter.subset(font)
    font.save(out)
    return out


def _rename(font: TTFont) -> None:
    """Name the merged font ours (OFL: a modified version must not use the original's name)."""
    names = font["name"]
    for record in list(names.names):
        if record.nameID in (1, 3, 4, 6, 16, 17):
            names.removeNames(nameID=record.nameID)
    for name_id, text in ((1, FAMILY), (2, "Bold"), (3, f"{FAMILY} Bold; built from Noto Sans"),
                          (4, f"{FAMILY} Bold"), (6, "BlackjackSans-Bold")):
        names.setName(text, name_id, 3, 1, 0x409)


def _line_metrics(font: TTFont) -> None:
    hhea, os2 = font["hhea"], font["OS/2"]
    hhea.ascent, hhea.descent, hhea.lineGap = ASCENT, -DESCENT, 0
    os2.sTypoAscender, os2.sTypoDescender, os2.sTypoLineGap = ASCENT, -DESCENT, 0
    os2.usWinAscent, os2.usWinDescent = ASCENT, DESCENT


def build(noto: Path) -> Path:
    """Write the merged font and its coverage; return the font's path."""
    OUT.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as scratch:
        tmp = Path(scratch)
        parts = [
            _subset(noto / "NotoSans-Bold.ttf", "".join(map(chr, TTFont(noto / "NotoSans-Bold.ttf")
                                                                 .getBestCmap())), tmp / "base.ttf"),
            _subset(noto / "NotoSansSymbols2-Regular.ttf", SYMBOLS, tmp / "symbols.ttf"),
            _subset(noto / "NotoSansMath-Regular.ttf", MATH, tmp / "math.ttf"),
        ]
        font = Merger(Options(drop_tables=["vhea", "vmtx"])).merge([str(p) for p in parts])
    _rename(font)
    _line_metrics(font)
    path = OUT / "BlackjackSans.ttf"
    font.save(path)
    points = sorted(TTFont(path).getBestCmap())
    (OUT / "coverage.txt").write_text(_ranges(points) + "\n", encoding="ascii")
    return path


def _ranges(points: list[int]) -> str:
    """Code points as 'start-end' hex ranges, comma separated."""
    spans: list[list[int]] = []
    for point in points:
        if spans and point == spans[-1][1] + 1:
            spans[-1][1] = point
        else:
            spans.append([point, point])
    return ",".join(f"{a:x}" if a == b else f"{a:x}-{b:x}" for a, b in spans)


if __name__ == "__main__":
    source = Path(sys.argv[1] if len(sys.argv) > 1 else "/usr/share/fonts/truetype/noto")
    print(f"wrote {build(source).relative_to(ROOT)}")
