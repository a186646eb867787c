"""Casino chips seen from above, and seen at an angle for stacks."""

from __future__ import annotations

import math
from dataclasses import dataclass

import pygame

from sprites import CHIP_SIZE, STACK_SIZE, STACK_STEP
from sprites._pen import Color, Pen, Point, mix, polar, text

BLACK: Color = (0, 0, 0)
WHITE: Color = (255, 255, 255)
SPOTS = 6
"""Edge spots around the rim of every chip."""


@dataclass(frozen=True, slots=True)
class ChipColors:
    """The colours of one chip: body, edge spots, centre inlay and the printed value."""

    body: Color
    spot: Color
    inlay: Color
    ink: Color


CHIP_COLORS: dict[int, ChipColors] = {
    1: ChipColors((226, 229, 238), (52, 90, 168), (200, 210, 230), (36, 60, 118)),
    5: ChipColors((196, 30, 38), (250, 250, 250), (246, 238, 228), (168, 22, 30)),
    25: ChipColors((26, 132, 64), (250, 250, 250), (236, 244, 234), (16, 98, 46)),
    100: ChipColors((30, 30, 34), (236, 236, 236), (240, 236, 226), (24, 24, 28)),
    500: ChipColors((106, 44, 152), (248, 212, 84), (242, 236, 248), (88, 30, 132)),
}
"""Casino colours: 1 white/blue-grey, 5 red, 25 green, 100 black, 500 purple."""


def _arc(center: Point, radius: float, start: float, end: float, steps: int = 12) -> list[Point]:
    return [polar(center, radius, start + (end - start) * i / steps) for i in range(steps + 1)]


def chip_pen(value: int) -> Pen:
    """A chip seen from above, still at 4x (see render_chip for the finished sprite)."""
    colors = CHIP_COLORS[value]
    size = CHIP_SIZE[0]
    center = (size / 2, size / 2)
    outer = size / 2 - 0.75
    pen = Pen(CHIP_SIZE, (*colors.body, 0))
    pen.circle(mix(colors.body, BLACK, 0.35), center, outer)
    pen.circle(colors.body, center, outer - 1.2)
    # edge spots: six blocks around the rim, each split by two thin body-coloured lines
    span = math.tau / SPOTS * 0.42
    for i in range(SPOTS):
        mid = math.tau * i / SPOTS - math.pi / 2
        a0, a1 = mid - span / 2, mid + span / 2
        block = _arc(center, outer - 1.2, a0, a1) + _arc(center, outer - 13, a1, a0)
        pen.polygon(colors.spot, block)
        for k in (-1, 1):
            a = mid + k * span / 6
            pen.line(colors.body, polar(center, outer - 2, a), polar(center, outer - 12, a), 1.6)
    # inner ring: a thin solid line and a dashed ring, then the inlay with the value
    pen.circle(colors.spot, center, outer - 15.5, width=1.6)
    for i in range(24):
        a = math.tau * i / 24
        pen.polygon(
            colors.spot,
            _arc(center, outer - 18, a, a + 0.13, 3) + _arc(center, outer - 20.5, a + 0.13, a, 3),
        )
    inlay = outer - 23
    pen.circle(mix(colors.body, BLACK, 0.2), center, inlay + 1)
    pen.circle(colors.inlay, center, inlay)
    pen.circle(mix(colors.inlay, colors.ink, 0.35), center, inlay - 3, width=0.8)
    label = text(str(value), 30, colors.ink)
    widest = (inlay * 2 - 16) * pen.scale
    if label.get_width() > widest:
        height = round(label.get_height() * widest / label.get_width())
        label = pygame.transform.smoothscale(label, (round(widest), height))
    pen.blit(label, center)
    return pen


def render_chip(value: int) -> pygame.Surface:
    """A chip of one denomination seen from above, at CHIP_SIZE with transparent corners."""
    return chip_pen(value).finish()


def render_stack(value: int) -> pygame.Surface:
    """A chip seen at an angle (an ellipse top over a striped edge band), at STACK_SIZE.

    To draw a stack, blit copies STACK_STEP pixels apart, bottom chip first.
    """
    colors = CHIP_COLORS[value]
    width, height = STACK_SIZE
    top_h = height - STACK_STEP
    rx, ry = width / 2 - 0.5, top_h / 2 - 0.5
    pen = Pen(STACK_SIZE, (*colors.body, 0))
    edge = mix(colors.body, BLACK, 0.22)
    pen.ellipse(mix(colors.body, BLACK, 0.45), (0.5, STACK_STEP, width - 1, top_h - 0.5))
    pen.box(mix(colors.body, BLACK, 0.45), (0.5, top_h / 2, width - 1, STACK_STEP))
    pen.ellipse(edge, (1.2, STACK_STEP - 0.7, width - 2.4, top_h - 0.5))
    pen.box(edge, (1.2, top_h / 2, width - 2.4, STACK_STEP - 0.7))
    # the edge spots that face the viewer, as stripes on the band
    span = math.tau / SPOTS * 0.42
    cx, cy = width / 2, top_h / 2
    for i in range(SPOTS):
        mid = math.tau * i / SPOTS - math.pi / 2
        a0, a1 = mid - span / 2, mid + span / 2
        front = [a for a in (a0 + (a1 - a0) * k / 10 for k in range(11)) if math.sin(a) > 0.02]
        if len(front) < 2:
            continue
        upper = [(cx + rx * math.cos(a), cy + ry * math.sin(a)) for a in front]
        lower = [(x, y + STACK_STEP - 1.4) for x, y in reversed(upper)]
        shade = 0.25 * abs(math.cos(sum(front) / len(front)))
        pen.polygon(mix(colors.spot, BLACK, 0.12 + shade), upper + lower)
    top = pygame.transform.smoothscale(
        chip_pen(value).surface, (width * pen.scale, top_h * pen.scale)
    )
    pen.surface.blit(top, (0, 0))
    return pen.finish()
