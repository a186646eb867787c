"""The game's icon: an ace of spades fanned over a card back, and a chip, on a square of felt."""

from __future__ import annotations

import pygame

from sprites import ICON_SIZE
from sprites._cards import TWO_COLOR, render_back, render_face
from sprites._chips import render_chip
from sprites._pen import Color, Pen, mix
from sprites._table import FELT_CENTER, FELT_EDGE

GOLD: Color = (222, 176, 58)
BLACK: Color = (0, 0, 0)

CARD_SCALE = 0.6
"""Each card's size on the icon as a fraction of the card sprite's."""

CHIP_SCALE = 0.72
"""The chip's size on the icon as a fraction of the chip sprite's."""


def _felt() -> pygame.Surface:
    """A rounded square of felt with a gold rail, lighter towards the middle."""
    size = ICON_SIZE[0]
    pen = Pen(ICON_SIZE)
    pen.box(mix(FELT_EDGE, BLACK, 0.35), (4, 4, size - 8, size - 8), radius=46)
    pen.box(GOLD, (8, 8, size - 16, size - 16), radius=42)
    pen.box(FELT_EDGE, (13, 13, size - 26, size - 26), radius=37)
    for step in range(12):
        inset = 15 + step * 7
        color = mix(FELT_EDGE, FELT_CENTER, (step + 1) / 12)
        pen.box(color, (inset, inset, size - 2 * inset, size - 2 * inset), radius=max(8, 35 - step * 2.5))
    return pen.finish()


def _place(
    icon: pygame.Surface, image: pygame.Surface, angle: float, scale: float, center: tuple[int, int]
) -> None:
    """Blit an image onto the icon, turned by `angle` degrees and scaled, centred on a point."""
    turned = pygame.transform.rotozoom(image, angle, scale)
    icon.blit(turned, turned.get_rect(center=center))


def render_icon() -> pygame.Surface:
    """The icon at ICON_SIZE, transparent outside its rounded corners."""
    icon = _felt()
    _place(icon, render_back(), 14, CARD_SCALE, (102, 116))
    _place(icon, render_face("AS", TWO_COLOR), -10, CARD_SCALE, (150, 112))
    _place(icon, render_chip(100), 0, CHIP_SCALE, (186, 190))
    return icon
