"""Card faces (pips, indices, court panels), the card back and the card shadow."""

from __future__ import annotations

import math
from collections.abc import Callable

import pygame

from sprites import CARD_CORNER_RADIUS, CARD_SIZE, SHADOW_MARGIN
from sprites._pen import Color, Pen, Point, mix, round_corners, text
from sprites._suits import draw_suit

WIDTH, HEIGHT = CARD_SIZE
WHITE: Color = (255, 255, 255)
BORDER: Color = (150, 150, 156)
GOLD: Color = (222, 176, 58)
GOLD_DARK: Color = (150, 108, 28)
INK: Color = (38, 30, 26)
SKIN: Color = (247, 216, 178)

TWO_COLOR: dict[str, Color] = {
    "S": (22, 22, 26),
    "H": (204, 22, 36),
    "D": (204, 22, 36),
    "C": (22, 22, 26),
}
"""Suit colours of the usual deck."""

FOUR_COLOR: dict[str, Color] = {
    "S": (22, 22, 26),
    "H": (204, 22, 36),
    "D": (18, 84, 196),
    "C": (16, 128, 52),
}
"""Suit colours of the four-color deck: clubs green, diamonds blue."""

# Index: rank over a small suit symbol, centred on INDEX_X.
INDEX_X, INDEX_TOP, INDEX_CAP, INDEX_PIP = 21.0, 12.0, 36.0, 22.0
INDEX_PIP_Y = INDEX_TOP + INDEX_CAP + 8 + INDEX_PIP / 2

# Pips of the number cards: three columns, rows spread between PIP_TOP and PIP_BOTTOM.
PIP_HEIGHT = 36.0
COLUMNS = {"L": 61.0, "C": 100.0, "R": 139.0}
PIP_TOP, PIP_BOTTOM = 58.0, 222.0

_SIDES_3 = [(c, r) for c in "LR" for r in (0.0, 0.5, 1.0)]
_SIDES_4 = [(c, r) for c in "LR" for r in (0.0, 1 / 3, 2 / 3, 1.0)]
PIP_LAYOUTS: dict[str, list[tuple[str, float]]] = {
    "2": [("C", 0.0), ("C", 1.0)],
    "3": [("C", 0.0), ("C", 0.5), ("C", 1.0)],
    "4": [(c, r) for c in "LR" for r in (0.0, 1.0)],
    "5": [*((c, r) for c in "LR" for r in (0.0, 1.0)), ("C", 0.5)],
    "6": _SIDES_3,
    "7": [*_SIDES_3, ("C", 0.25)],
    "8": [*_SIDES_3, ("C", 0.25), ("C", 0.75)],
    "9": [*_SIDES_4, ("C", 0.5)],
    "T": [*_SIDES_4, ("C", 1 / 6), ("C", 5 / 6)],
}
"""Standard pip positions: (column, fraction down the pip area); the lower half is upside down."""

# Court cards: a framed panel split into two mirrored halves.
PANEL = (40.0, 34.0, 120.0, 212.0)
HALF_SIZE = (120, 106)


def blank_card() -> Pen:
    """A white card with rounded corners and a thin grey border (transparent outside)."""
    pen = Pen(CARD_SIZE, (*BORDER, 0))
    pen.box(BORDER, (0, 0, WIDTH, HEIGHT), radius=CARD_CORNER_RADIUS)
    pen.box(WHITE, (1.25, 1.25, WIDTH - 2.5, HEIGHT - 2.5), radius=CARD_CORNER_RADIUS - 1.25)
    return pen


def render_face(code: str, colors: dict[str, Color]) -> pygame.Surface:
    """One card face ('AS', 'TH', ...) at CARD_SIZE with the given suit colours."""
    rank, suit = code[0], code[1]
    color = colors[suit]
    pen = blank_card()
    if rank == "A":
        _draw_ace(pen, suit, color)
    elif rank in PIP_LAYOUTS:
        for column, row in PIP_LAYOUTS[rank]:
            y = PIP_TOP + (PIP_BOTTOM - PIP_TOP) * row
            draw_suit(pen, suit, (COLUMNS[column], y), PIP_HEIGHT, color, flip=row > 0.5)
    else:
        _draw_court(pen, rank, suit, color)
    _draw_indices(pen, rank, suit, color)
    return pen.finish()


def _draw_indices(pen: Pen, rank: str, suit: str, color: Color) -> None:
    label = "10" if rank == "T" else rank
    glyphs = text(label, INDEX_CAP, color, squeeze=0.72 if label == "10" else 1.0)
    flipped = pygame.transform.flip(glyphs, True, True)
    rank_y = INDEX_TOP + glyphs.get_height() / pen.scale / 2
    pen.blit(glyphs, (INDEX_X, rank_y))
    pen.blit(flipped, (WIDTH - INDEX_X, HEIGHT - rank_y))
    draw_suit(pen, suit, (INDEX_X, INDEX_PIP_Y), INDEX_PIP, color)
    draw_suit(pen, suit, (WIDTH - INDEX_X, HEIGHT - INDEX_PIP_Y), INDEX_PIP, color, flip=True)


def _draw_ace(pen: Pen, suit: str, color: Color) -> None:
    center = (WIDTH / 2, HEIGHT / 2)
    if suit == "S":
        # The ace of spades is traditionally the big ornate one.
        pen.circle(mix(color, WHITE, 0.85), center, 74, width=1.5)
        pen.circle(mix(color, WHITE, 0.6), center, 70, width=1)
        draw_suit(pen, suit, center, 118, color)
        draw_suit(pen, suit, center, 118 - 14, mix(color, WHITE, 0.12))
    else:
        draw_suit(pen, suit, center, 92, color)


def _draw_court(pen: Pen, rank: str, suit: str, color: Color) -> None:
    x, y, w, h = PANEL
    pen.box(mix(color, WHITE, 0.9), PANEL)
    figure = Pen(HALF_SIZE)
    _FIGURES[rank](figure, color)
    # Figures are drawn facing right with their prop on the right, then mirrored so the big
    # letter can sit top right, away from the corner index.
    half = Pen(HALF_SIZE)
    half.blit(pygame.transform.flip(figure.surface, True, False), (w / 2, HALF_SIZE[1] / 2))
    letter = text(rank, 30, color)
    half.blit(letter, (w - 19, 10 + letter.get_height() / half.scale / 2))
    draw_suit(half, suit, (w - 19, 56), 17, color)
    image = half.surface
    pen.blit(image, (x + w / 2, y + HALF_SIZE[1] / 2))
    pen.blit(pygame.transform.flip(image, True, True), (x + w / 2, y + h - HALF_SIZE[1] / 2))
    pen.line(GOLD_DARK, (x + 2, y + h / 2), (x + w - 2, y + h / 2), 1.2)
    pen.box(color, PANEL, width=2)
    pen.box(GOLD, (x + 3.5, y + 3.5, w - 7, h - 7), width=1.2)


def _robe(pen: Pen, color: Color, trim: Color) -> None:
    pen.ellipse(color, (20, 80, 92, 70))
    pen.ellipse(trim, (20, 80, 92, 70), width=2.5)
    pen.ellipse(color, (30, 90, 72, 60))
    # a gold band down the front with buttons
    pen.polygon(trim, [(58, 80), (74, 80), (72, 106), (60, 106)])
    for by in (88, 98):
        pen.circle(color, (66, by), 2)


def _face(pen: Pen, center: Point, radius: float) -> None:
    cx, cy = center
    pen.box(SKIN, (cx - 6, cy + radius - 6, 12, 16))
    pen.circle(INK, center, radius + 0.8)
    pen.circle(SKIN, center, radius)
    for dx in (-5.5, 5.5):
        pen.circle(WHITE, (cx + dx, cy - 1), 2.4)
        pen.circle(INK, (cx + dx, cy - 1), 1.4)
    pen.line(INK, (cx - 8.5, cy - 5), (cx - 3, cy - 5.6), 1.1)
    pen.line(INK, (cx + 3, cy - 5.6), (cx + 8.5, cy - 5), 1.1)
    pen.polyline(mix(SKIN, INK, 0.45), [(cx, cy - 1), (cx - 1.8, cy + 5), (cx + 0.8, cy + 5.6)], 1)


def _king(pen: Pen, color: Color) -> None:
    beard = (236, 232, 222)
    _robe(pen, color, GOLD)
    # ermine collar
    pen.ellipse(WHITE, (34, 76, 64, 14))
    for sx in (42, 54, 78, 90):
        pen.circle(INK, (sx, 83), 1.3)
    _face(pen, (66, 52), 15)
    pen.polygon(beard, [(51, 52), (81, 52), (79, 66), (66, 80), (53, 66)])
    pen.polyline((176, 170, 160), [(51, 52), (53, 66), (66, 80), (79, 66), (81, 52)], 0.7)
    pen.polygon(beard, [(55, 58), (66, 55), (77, 58), (72, 61), (60, 61)])
    pen.line(mix(SKIN, INK, 0.3), (62, 63), (70, 63), 1.2)
    # crown
    crown = [(49, 40), (49, 18), (57.5, 28), (66, 12), (74.5, 28), (83, 18), (83, 40)]
    pen.polygon(GOLD, crown)
    pen.polygon(GOLD_DARK, crown, width=1)
    for tip in ((49, 18), (66, 12), (83, 18)):
        pen.circle(GOLD, tip, 3)
        pen.circle(GOLD_DARK, tip, 3, width=0.8)
    pen.box(GOLD_DARK, (48, 34, 36, 7))
    for jx, jewel in ((56, color), (66, (30, 90, 200)), (76, color)):
        pen.circle(jewel if jewel != (22, 22, 26) else (40, 140, 90), (jx, 37.5), 2.4)
    # sceptre
    pen.line(GOLD_DARK, (104, 106), (102, 44), 3.2)
    pen.line(GOLD, (104, 106), (102, 44), 2)
    pen.circle(GOLD, (102, 41), 5)
    pen.circle(GOLD_DARK, (102, 41), 5, width=1)


def _queen(pen: Pen, color: Color) -> None:
    hair = (178, 112, 44)
    pen.ellipse(hair, (44, 32, 44, 60))
    pen.polygon(hair, [(46, 58), (86, 58), (96, 92), (36, 92)])
    _robe(pen, color, GOLD)
    pen.polygon(WHITE, [(52, 80), (80, 80), (66, 95)])
    pen.polygon(GOLD, [(52, 80), (80, 80), (66, 95)], width=1.2)
    _face(pen, (66, 54), 14)
    pen.ellipse((210, 40, 60), (62, 60.5, 8, 3.6))
    # hair fringe
    pen.polygon(hair, [(51, 50), (54, 42), (66, 39), (78, 42), (81, 50), (74, 45), (58, 45)])
    # tiara with pearls
    tiara = [(50, 42), (54, 30), (60, 36), (66, 24), (72, 36), (78, 30), (82, 42)]
    pen.polygon(GOLD, tiara)
    pen.polygon(GOLD_DARK, tiara, width=1)
    for px, py in ((54, 30), (66, 24), (78, 30)):
        pen.circle(WHITE, (px, py), 2.6)
        pen.circle((170, 170, 180), (px, py), 2.6, width=0.6)
    pen.circle(color if color != (22, 22, 26) else (40, 140, 90), (66, 37), 2.6)
    # a rose held in front
    pen.line((40, 120, 50), (96, 104), (98, 74), 1.8)
    pen.polygon((50, 140, 60), [(97, 88), (106, 82), (103, 92)])
    for angle in range(0, 360, 72):
        a = math.radians(angle)
        pen.circle((214, 60, 80), (98 + 4 * math.cos(a), 68 + 4 * math.sin(a)), 3.6)
    pen.circle((168, 30, 50), (98, 68), 3)


def _jack(pen: Pen, color: Color) -> None:
    hair = (92, 58, 30)
    _robe(pen, color, GOLD)
    pen.box(GOLD, (44, 78, 44, 7), radius=3)
    pen.box(GOLD_DARK, (44, 78, 44, 7), width=0.8, radius=3)
    pen.ellipse(hair, (49, 40, 34, 34))
    pen.box(hair, (49, 52, 7, 16), radius=3)
    pen.box(hair, (76, 52, 7, 16), radius=3)
    _face(pen, (66, 55), 13.5)
    pen.polyline(INK, [(61, 63), (66, 64.5), (71, 63)], 1)
    # feather sweeping back from the cap
    feather = [(78, 36), (92, 22), (106, 8), (110, 10), (98, 26), (84, 40)]
    pen.polygon(WHITE, feather)
    pen.polygon(GOLD_DARK, feather, width=0.8)
    pen.line(GOLD_DARK, (80, 38), (107, 9), 0.8)
    # flat cap with a band
    pen.ellipse(color, (42, 28, 48, 18))
    pen.ellipse(mix(color, WHITE, 0.25), (42, 28, 48, 18), width=1.2)
    pen.box(GOLD, (48, 39, 36, 5), radius=2)
    # a short halberd
    steel = (190, 196, 206)
    pen.line(INK, (106, 106), (102, 64), 2.4)
    pen.line(mix(GOLD, WHITE, 0.2), (106, 106), (102, 64), 1.3)
    pen.polygon(steel, [(101, 48), (106, 64), (98, 64)])
    pen.polygon(steel, [(103, 66), (112, 62), (112, 76), (103, 73)])
    pen.polygon(INK, [(103, 66), (112, 62), (112, 76), (103, 73)], width=0.7)


_FIGURES: dict[str, Callable[[Pen, Color], None]] = {"K": _king, "Q": _queen, "J": _jack}


def render_back(color: Color = (170, 28, 40)) -> pygame.Surface:
    """The card back: a white margin around a lattice pattern with a double border."""
    pen = blank_card()
    inset, radius = 10.0, 8.0
    w, h = WIDTH - 2 * inset, HEIGHT - 2 * inset
    field = Pen((round(w), round(h)), (*color, 255))
    light = mix(color, WHITE, 0.55)
    spacing = 14.0
    for i in range(-30, 30):
        offset = i * spacing
        field.line(light, (offset, 0), (offset + h, h), 1.4)
        field.line(light, (offset + h, 0), (offset, h), 1.4)
    for i in range(-30, 30):
        for j in range(0, 30):
            # small diamonds where the lattice lines cross
            cx, cy = i * spacing + (j % 2) * spacing / 2, j * spacing / 2
            if -5 < cx < w + 5 and -5 < cy < h + 5:
                field.polygon(
                    WHITE, [(cx, cy - 2.6), (cx + 2.6, cy), (cx, cy + 2.6), (cx - 2.6, cy)]
                )
    field.box(color, (5, 5, w - 10, h - 10), width=3, radius=radius - 3)
    field.box(WHITE, (7.5, 7.5, w - 15, h - 15), width=1.3, radius=radius - 4)
    field.box(WHITE, (2, 2, w - 4, h - 4), width=1.3, radius=radius - 1)
    round_corners(field.surface, round(radius * field.scale))
    pen.blit(field.surface, (WIDTH / 2, HEIGHT / 2))
    return pen.finish()


def render_shadow(blur: float = 6.0, opacity: int = 120) -> pygame.Surface:
    """A soft dark rounded rectangle, CARD_SIZE plus SHADOW_MARGIN on each side."""
    margin = SHADOW_MARGIN
    width, height = WIDTH + 2 * margin, HEIGHT + 2 * margin
    half_w, half_h, radius = WIDTH / 2, HEIGHT / 2, float(CARD_CORNER_RADIUS)
    cx, cy = width / 2, height / 2
    row_alpha = bytearray()
    for y in range(height):
        for x in range(width):
            # signed distance from the pixel centre to the card's rounded rectangle
            qx = abs(x + 0.5 - cx) - (half_w - radius)
            qy = abs(y + 0.5 - cy) - (half_h - radius)
            outside = math.hypot(max(qx, 0.0), max(qy, 0.0))
            distance = outside + min(max(qx, qy), 0.0) - radius
            coverage = 0.5 * math.erfc(distance / (blur * math.sqrt(2.0)))
            row_alpha += bytes((0, 0, 0, round(opacity * coverage)))
    return pygame.image.frombytes(bytes(row_alpha), (width, height), "RGBA").copy()
