"""The felt, the 9-slice buttons and the small table furniture (shoe, discard tray, pointer)."""

from __future__ import annotations

import random

import pygame

from sprites import BUTTON_SIZE, BUTTON_SLICE, DISCARD_SIZE, FELT_SIZE, POINTER_SIZE, SHOE_SIZE
from sprites._pen import Color, Pen, mix, round_corners

BLACK: Color = (0, 0, 0)
WHITE: Color = (255, 255, 255)
FELT_CENTER: Color = (30, 122, 70)
FELT_EDGE: Color = (12, 66, 38)
FELT_SEED = 21
"""Seed of the felt's noise, so the texture is the same on every run."""


def _grey_noise(rng: random.Random, size: tuple[int, int], amplitude: int) -> pygame.Surface:
    """A grey surface whose pixels are random values from 0 to amplitude."""
    table = bytes(round(i * amplitude / 255) for i in range(256))
    data = rng.randbytes(size[0] * size[1]).translate(table)
    indexed = pygame.image.frombytes(data, size, "P")
    indexed.set_palette([(i, i, i) for i in range(256)])
    image = pygame.Surface(size)
    image.blit(indexed, (0, 0))
    return image


def _blotches(rng: random.Random, size: tuple[int, int], amplitude: int) -> pygame.Surface:
    """Grey noise blurred twice with a 3x3 box, stretched to span 0..amplitude."""
    width, height = size
    values = [rng.random() for _ in range(width * height)]
    for _ in range(2):
        blurred = []
        for y in range(height):
            rows = [max(0, y - 1) * width, y * width, min(height - 1, y + 1) * width]
            for x in range(width):
                cols = (max(0, x - 1), x, min(width - 1, x + 1))
                blurred.append(sum(values[r + c] for r in rows for c in cols) / 9)
        values = blurred
    low, high = min(values), max(values)
    image = pygame.Surface(size)
    for index, value in enumerate(values):
        level = round((value - low) / (high - low) * amplitude)
        image.set_at((index % width, index // width), (level, level, level))
    return image


def render_felt() -> pygame.Surface:
    """Casino green felt with a faint deterministic grain and a gentle vignette, at FELT_SIZE."""
    width, height = FELT_SIZE
    rng = random.Random(FELT_SEED)
    # vignette: computed coarsely, then smoothly enlarged
    small_w, small_h = 64, 36
    shade = pygame.Surface((small_w, small_h))
    for y in range(small_h):
        for x in range(small_w):
            dx = (x + 0.5) / small_w * 2 - 1
            dy = (y + 0.5) / small_h * 2 - 1
            t = min(1.0, (dx * dx * 0.8 + dy * dy * 1.1) / 1.6) ** 1.6
            shade.set_at((x, y), mix(FELT_CENTER, FELT_EDGE, t))
    felt = pygame.transform.smoothscale(shade, (width, height))
    # mottling (soft blotches) and grain (per-pixel fibres); the base is lowered to compensate
    mottle = pygame.transform.smoothscale(
        _blotches(rng, (width // 8, height // 8), 6), (width, height)
    )
    grain = _grey_noise(rng, (width, height), 3)
    felt.fill((4, 4, 4), special_flags=pygame.BLEND_RGB_SUB)
    felt.blit(mottle, (0, 0), special_flags=pygame.BLEND_RGB_ADD)
    felt.blit(grain, (0, 0), special_flags=pygame.BLEND_RGB_ADD)
    return felt


BUTTON_LOOKS: dict[str, tuple[Color, Color, Color, int]] = {
    "normal": ((150, 34, 44), (92, 16, 26), (222, 178, 72), 255),
    "hover": ((182, 48, 58), (116, 24, 34), (248, 210, 110), 255),
    "pressed": ((80, 12, 22), (122, 26, 36), (190, 146, 56), 255),
    "disabled": ((112, 108, 108), (80, 78, 78), (150, 146, 140), 200),
}
"""Per state: gradient top colour, bottom colour, rim colour and opacity."""


def render_button(state: str) -> pygame.Surface:
    """A rounded burgundy button with a gold rim, 9-slice friendly (see BUTTON_SLICE)."""
    top, bottom, rim, alpha = BUTTON_LOOKS[state]
    width, height = BUTTON_SIZE
    radius = BUTTON_SLICE - 2
    pen = Pen(BUTTON_SIZE, (*rim, 0))
    scale = pen.scale
    for row in range(height * scale):
        # flat top and bottom bands, the gradient in between, so 9-slice stretching stays smooth
        t = min(1.0, max(0.0, (row / scale - BUTTON_SLICE / 2) / (height - BUTTON_SLICE)))
        pygame.draw.line(pen.surface, (*mix(top, bottom, t), alpha), (0, row), (width * scale, row))
    pressed = state == "pressed"
    gloss = mix(top, WHITE, 0.25) if not pressed else mix(top, BLACK, 0.3)
    pen.line((*gloss, alpha), (radius, 4.5), (width - radius, 4.5), 1.6)
    pen.box((*rim, alpha), (0, 0, width, height), width=2.5, radius=radius)
    pen.box(
        (*mix(rim, BLACK, 0.45), alpha),
        (2.5, 2.5, width - 5, height - 5),
        width=1,
        radius=radius - 2.5,
    )
    round_corners(pen.surface, radius * scale)
    return pen.finish()


def render_shoe() -> pygame.Surface:
    """A dealing shoe seen from above, the top card's back showing at the mouth, at SHOE_SIZE."""
    width, height = SHOE_SIZE
    wood, wood_dark, wood_light = (92, 52, 30), (52, 28, 16), (140, 88, 52)
    card_red = (170, 28, 40)
    pen = Pen((width, height))
    pen.box(wood_dark, (2, 2, width - 4, height - 4), radius=12)
    pen.box(wood, (5, 5, width - 10, height - 10), radius=10)
    # grain lines along the body
    for i, y in enumerate(range(12, 56, 6)):
        pen.line(
            mix(wood, wood_light if i % 2 else wood_dark, 0.35), (14, y), (width - 14, y + 1), 1
        )
    # the rear weight plate with brass screws
    pen.box(wood_light, (16, 10, width - 32, 44), width=1.5, radius=5)
    for sx in (24, width - 24):
        pen.circle((200, 160, 70), (sx, 18), 2.6)
        pen.circle((120, 90, 40), (sx, 18), 2.6, width=0.8)
    # the mouth: the top card's back shows through an opening, with a thumb notch
    mouth = (18, 58, width - 36, 44)
    pen.box(WHITE, mouth, radius=4)
    pen.box(card_red, (21, 61, width - 42, 41), radius=3)
    with pen.clip((21, 61, width - 42, 41)):
        for i in range(-8, 14):
            x = 21 + i * 7
            pen.line(mix(card_red, WHITE, 0.5), (x, 61), (x + 41, 102), 0.9)
            pen.line(mix(card_red, WHITE, 0.5), (x + 41, 61), (x, 102), 0.9)
    pen.box(wood_dark, (5, 52, width - 10, 6))
    pen.box(wood_dark, (5, 52, 14, height - 57))
    pen.box(wood_dark, (width - 19, 52, 14, height - 57))
    pen.box(wood_dark, (5, height - 10, width - 10, 5), radius=4)
    pen.box(wood_light, (5, 52, width - 10, 1.5))
    pen.circle(wood_dark, (width / 2, height - 7), 14)
    pen.circle(mix(wood_dark, BLACK, 0.4), (width / 2, height - 7), 10)
    pen.box(wood_dark, (2, 2, width - 4, height - 4), width=2, radius=12)
    return pen.finish()


def render_discard() -> pygame.Surface:
    """A smoky acrylic discard tray seen from above, at DISCARD_SIZE."""
    width, height = DISCARD_SIZE
    pen = Pen((width, height))
    pen.box((38, 40, 46, 170), (1, 1, width - 2, height - 2), radius=10)
    pen.box((18, 20, 24, 150), (9, 9, width - 18, height - 18), radius=6)
    pen.box((210, 214, 222, 200), (1, 1, width - 2, height - 2), width=1.6, radius=10)
    pen.box((120, 124, 134, 170), (9, 9, width - 18, height - 18), width=1.2, radius=6)
    # a faint diagonal gloss on the rim
    pen.line((255, 255, 255, 90), (6, 30), (30, 6), 2.5)
    pen.line((255, 255, 255, 60), (12, 36), (36, 12), 1.2)
    return pen.finish()


def render_pointer() -> pygame.Surface:
    """A small gold chevron pointing down, at POINTER_SIZE, to mark the hand in play."""
    pen = Pen(POINTER_SIZE)
    outline = [(3, 6), (16, 14), (29, 6), (29, 13), (16, 27), (3, 13)]
    inner = [(5.5, 9.5), (16, 16.5), (26.5, 9.5), (26.5, 12.5), (16, 24), (5.5, 12.5)]
    pen.polygon((90, 60, 10), outline)
    pen.polygon((238, 192, 70), inner)
    pen.polygon(
        (255, 232, 150),
        [(5.5, 9.5), (16, 16.5), (26.5, 9.5), (26.5, 10.8), (16, 18.2), (5.5, 10.8)],
    )
    return pen.finish()
