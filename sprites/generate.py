"""Draw every sprite of the table and write the PNGs: ``python -m sprites.generate [OUT_DIR]``.

Only pygame and the standard library are used, and the output is byte-for-byte the same on
every run (fixed seeds, the portable smoothscale path, PNGs without timestamps).
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Iterator
from functools import partial
from pathlib import Path

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame

from sprites import (
    BUTTON_STATES,
    CARD_BACK,
    CARD_CODES,
    CHIP_DENOMINATIONS,
    DISCARD_FILE,
    FELT_FILE,
    ICON_FILE,
    POINTER_FILE,
    SHADOW_FILE,
    SHOE_FILE,
    button_file,
    card_code,
    card_file,
    chip_file,
    stack_file,
)
from sprites._cards import FOUR_COLOR, TWO_COLOR, render_back, render_face, render_shadow
from sprites._chips import render_chip, render_stack
from sprites._icon import render_icon
from sprites._pen import generic_smoothscale
from sprites._table import (
    render_button,
    render_discard,
    render_felt,
    render_pointer,
    render_shoe,
)

PACKAGE_DIR = Path(__file__).resolve().parent
"""Where the PNGs are written by default: this package's own folder."""


def render_card(code: str, four_color: bool = False) -> pygame.Surface:
    """One card face ('AS', 'TH', '10h', ...) or the back ('back'), as the generator draws it.

    Raises ValueError when the code names no card sprite.
    """
    stem = card_code(code)
    with generic_smoothscale():
        if stem == CARD_BACK:
            return render_back()
        return render_face(stem, FOUR_COLOR if four_color else TWO_COLOR)


def drawings() -> Iterator[tuple[str, Callable[[], pygame.Surface]]]:
    """Every sprite as (relative path, function that draws it), in the order they are written."""
    for four_color in (False, True):
        for code in (*CARD_CODES, CARD_BACK):
            yield card_file(code, four_color), partial(render_card, code, four_color)
    yield SHADOW_FILE, render_shadow
    for value in CHIP_DENOMINATIONS:
        yield chip_file(value), partial(render_chip, value)
        yield stack_file(value), partial(render_stack, value)
    yield FELT_FILE, render_felt
    for state in BUTTON_STATES:
        yield button_file(state), partial(render_button, state)
    yield SHOE_FILE, render_shoe
    yield DISCARD_FILE, render_discard
    yield POINTER_FILE, render_pointer
    yield ICON_FILE, render_icon


def main(out_dir: Path | None = None) -> list[Path]:
    """Draw every sprite into out_dir (default: the sprites package) and return the files."""
    root = PACKAGE_DIR if out_dir is None else Path(out_dir)
    if not pygame.font.get_init():
        pygame.font.init()
    written: list[Path] = []
    with generic_smoothscale():
        for relative, draw in drawings():
            path = root / relative
            path.parent.mkdir(parents=True, exist_ok=True)
            pygame.image.save(draw(), str(path))
            written.append(path)
    return written


if __name__ == "__main__":
    files = main(Path(sys.argv[1]) if len(sys.argv) > 1 else None)
    total = sum(path.stat().st_size for path in files)
    print(f"wrote {len(files)} PNGs, {total / 1024:.0f} KiB")
