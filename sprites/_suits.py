"""Suit symbols built from circles and polygons (heart, spade, diamond, club)."""

from __future__ import annotations

import math
from collections.abc import Callable

from sprites._pen import Color, Pen, Point

SUIT_WIDTH: dict[str, float] = {"S": 0.98, "H": 1.06, "D": 0.78, "C": 1.0}
"""Width of each suit symbol as a fraction of its height."""


def draw_suit(
    pen: Pen, suit: str, center: Point, height: float, color: Color, flip: bool = False
) -> None:
    """Draw one suit symbol of the given 1x height centred on a point (flip turns it 180°)."""
    cx, cy = center
    sign = -1.0 if flip else 1.0

    def at(u: float, v: float) -> Point:
        return cx + sign * u * height, cy + sign * v * height

    _SHAPES[suit](pen, at, height, color)


Mapper = Callable[[float, float], Point]


def _tangent(point: Point, center: Point, radius: float, side: float) -> Point:
    """The point where a line from `point` touches a circle; side picks which of the two."""
    dx, dy = point[0] - center[0], point[1] - center[1]
    distance = math.hypot(dx, dy)
    base = math.atan2(dy, dx)
    turn = math.acos(min(1.0, radius / distance))
    angle = base + side * turn
    return center[0] + radius * math.cos(angle), center[1] + radius * math.sin(angle)


def _lobes(
    pen: Pen,
    at: Mapper,
    height: float,
    color: Color,
    tip: Point,
    lobe_x: float,
    lobe_y: float,
    radius: float,
) -> None:
    """Two circles joined to a pointed tip by tangent lines: the body of a heart or spade."""
    side = 1.0 if tip[1] > lobe_y else -1.0
    left = _tangent(tip, (-lobe_x, lobe_y), radius, side)
    right = _tangent(tip, (lobe_x, lobe_y), radius, -side)
    outline = [tip, left, (-lobe_x, lobe_y), (lobe_x, lobe_y), right]
    pen.polygon(color, [at(u, v) for u, v in outline])
    pen.circle(color, at(-lobe_x, lobe_y), radius * height)
    pen.circle(color, at(lobe_x, lobe_y), radius * height)


def _stem(
    pen: Pen, at: Mapper, color: Color, top: float, half_top: float, half_foot: float
) -> None:
    """A flared stem whose sides curve inwards, ending at the bottom of the symbol box."""
    steps = 8
    right: list[Point] = []
    for i in range(steps + 1):
        t = i / steps
        # quadratic curve from (half_top, top) to (half_foot, 0.5) pulled towards (half_top, 0.42)
        x = (1 - t) ** 2 * half_top + 2 * (1 - t) * t * half_top + t * t * half_foot
        y = (1 - t) ** 2 * top + 2 * (1 - t) * t * 0.44 + t * t * 0.5
        right.append((x, y))
    left = [(-x, y) for x, y in reversed(right)]
    pen.polygon(color, [at(x, y) for x, y in right + left])


def _heart(pen: Pen, at: Mapper, height: float, color: Color) -> None:
    radius = 0.27
    _lobes(pen, at, height, color, (0.0, 0.5), 0.26, -0.5 + radius, radius)


def _spade(pen: Pen, at: Mapper, height: float, color: Color) -> None:
    radius = 0.25
    _lobes(pen, at, height, color, (0.0, -0.5), 0.24, 0.3 - radius, radius)
    _stem(pen, at, color, 0.12, 0.035, 0.2)


def _diamond(pen: Pen, at: Mapper, height: float, color: Color) -> None:
    half = SUIT_WIDTH["D"] / 2
    corners = [(0.0, -0.5), (half, 0.0), (0.0, 0.5), (-half, 0.0)]
    points: list[Point] = []
    for (u0, v0), (u1, v1) in zip(corners, corners[1:] + corners[:1], strict=True):
        for i in range(6):
            t = i / 6
            bow = 0.025 * math.sin(math.pi * t)  # sides curve slightly inwards
            u, v = u0 + (u1 - u0) * t, v0 + (v1 - v0) * t
            points.append((u - math.copysign(bow, u0 + u1), v - math.copysign(bow, v0 + v1)))
    pen.polygon(color, [at(u, v) for u, v in points])


def _club(pen: Pen, at: Mapper, height: float, color: Color) -> None:
    radius = 0.23
    top, left, right = (0.0, -0.5 + radius), (-0.27, 0.07), (0.27, 0.07)
    pen.polygon(color, [at(*top), at(*left), at(*right)])
    pen.circle(color, at(0.0, 0.02), 0.15 * height)
    for u, v in (top, left, right):
        pen.circle(color, at(u, v), radius * height)
    _stem(pen, at, color, 0.05, 0.045, 0.2)


_SHAPES: dict[str, Callable[[Pen, Mapper, float, Color], None]] = {
    "S": _spade,
    "H": _heart,
    "D": _diamond,
    "C": _club,
}
