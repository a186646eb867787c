"""Supersampled drawing: shapes given in final-pixel units, drawn at 4x, then smoothscaled down."""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from functools import cache

import pygame

SUPERSAMPLE = 4
"""Every sprite is drawn this many times larger, then smoothscaled down for anti-aliasing."""

Color = tuple[int, int, int] | tuple[int, int, int, int]
Point = tuple[float, float]


class Pen:
    """Draws on a supersampled surface while taking coordinates in final (1x) pixels."""

    def __init__(self, size: tuple[int, int], fill: Color = (0, 0, 0, 0)) -> None:
        """Make a transparent (or filled) canvas that will be `size` pixels once finished."""
        self.size = size
        self.scale = SUPERSAMPLE
        self.surface = pygame.Surface((size[0] * self.scale, size[1] * self.scale), pygame.SRCALPHA)
        self.surface.fill(fill)

    def px(self, value: float) -> int:
        """A 1x length in supersampled pixels (at least one)."""
        return max(1, round(value * self.scale))

    def pt(self, point: Point) -> tuple[int, int]:
        """A 1x point in supersampled pixels."""
        return round(point[0] * self.scale), round(point[1] * self.scale)

    def rect(self, rect: tuple[float, float, float, float]) -> pygame.Rect:
        """A 1x rectangle (x, y, w, h) in supersampled pixels."""
        x, y = self.pt((rect[0], rect[1]))
        right, bottom = self.pt((rect[0] + rect[2], rect[1] + rect[3]))
        return pygame.Rect(x, y, right - x, bottom - y)

    def box(
        self,
        color: Color,
        rect: tuple[float, float, float, float],
        width: float = 0,
        radius: float = 0,
    ) -> None:
        """A filled (width 0) or outlined rectangle, optionally with rounded corners."""
        pygame.draw.rect(
            self.surface,
            color,
            self.rect(rect),
            self.px(width) if width else 0,
            border_radius=round(radius * self.scale) if radius else -1,
        )

    def polygon(self, color: Color, points: Sequence[Point], width: float = 0) -> None:
        """A filled (width 0) or outlined polygon."""
        pygame.draw.polygon(
            self.surface, color, [self.pt(p) for p in points], self.px(width) if width else 0
        )

    def circle(self, color: Color, center: Point, radius: float, width: float = 0) -> None:
        """A filled (width 0) or outlined circle."""
        pygame.draw.circle(
            self.surface,
            color,
            self.pt(center),
            round(radius * self.scale),
            self.px(width) if width else 0,
        )

    def ellipse(
        self, color: Color, rect: tuple[float, float, float, float], width: float = 0
    ) -> None:
        """A filled (width 0) or outlined ellipse inside a 1x rectangle."""
        pygame.draw.ellipse(self.surface, color, self.rect(rect), self.px(width) if width else 0)

    def line(self, color: Color, start: Point, end: Point, width: float = 1) -> None:
        """A straight line with round-ish ends (a thick polygon)."""
        (x0, y0), (x1, y1) = start, end
        length = math.hypot(x1 - x0, y1 - y0) or 1.0
        nx, ny = -(y1 - y0) / length * width / 2, (x1 - x0) / length * width / 2
        self.polygon(
            color, [(x0 + nx, y0 + ny), (x1 + nx, y1 + ny), (x1 - nx, y1 - ny), (x0 - nx, y0 - ny)]
        )
        self.circle(color, start, width / 2)
        self.circle(color, end, width / 2)

    def polyline(self, color: Color, points: Sequence[Point], width: float = 1) -> None:
        """Joined straight segments of one width."""
        for a, b in itertools.pairwise(points):
            self.line(color, a, b, width)

    def blit(self, image: pygame.Surface, center: Point) -> None:
        """Blend a supersampled image (e.g. from text() or another Pen) centred on a 1x point."""
        rect = image.get_rect(center=self.pt(center))
        self.surface.blit(image, rect)

    @contextmanager
    def clip(self, rect: tuple[float, float, float, float]) -> Iterator[None]:
        """Draw only inside a 1x rectangle while the block runs."""
        old = self.surface.get_clip()
        self.surface.set_clip(self.rect(rect))
        try:
            yield
        finally:
            self.surface.set_clip(old)

    def finish(self) -> pygame.Surface:
        """Smoothscale the canvas down to its final size."""
        return pygame.transform.smoothscale(self.surface, self.size)


def round_corners(surface: pygame.Surface, radius: int) -> None:
    """Make everything outside a rounded rectangle of the surface's own size transparent."""
    mask = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    mask.fill((255, 255, 255, 0))
    pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=radius)
    surface.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)


def polar(center: Point, radius: float, angle: float) -> Point:
    """The point at a distance and angle (radians, clockwise on screen) from a centre."""
    return center[0] + radius * math.cos(angle), center[1] + radius * math.sin(angle)


@contextmanager
def generic_smoothscale() -> Iterator[None]:
    """Use the portable smoothscale code path (same pixels on any CPU), then restore the old one."""
    old = pygame.transform.get_smoothscale_backend()
    pygame.transform.set_smoothscale_backend("GENERIC")
    try:
        yield
    finally:
        pygame.transform.set_smoothscale_backend(old)


@cache
def _font(size: int) -> pygame.font.Font:
    if not pygame.font.get_init():
        pygame.font.init()
    return pygame.font.Font(None, size)


def text(label: str, cap_height: float, color: Color, squeeze: float = 1.0) -> pygame.Surface:
    """Bundled bold sans text, cropped to its ink, about cap_height 1x pixels tall, at 4x.

    squeeze < 1 narrows the glyphs (as real cards print a condensed "10").
    """
    target = cap_height * SUPERSAMPLE
    font = _font(round(target / 0.7))
    image = font.render(label, True, color[:3])
    image = image.subsurface(image.get_bounding_rect()).copy()
    scale = target / _cap_height(font)
    size = (max(1, round(image.get_width() * scale * squeeze)), round(image.get_height() * scale))
    return pygame.transform.smoothscale(image, size)


def _cap_height(font: pygame.font.Font) -> int:
    return font.render("H", True, (0, 0, 0)).get_bounding_rect().height


def mix(a: Color, b: Color, t: float) -> tuple[int, int, int]:
    """Blend colour a towards b by t (0 gives a, 1 gives b), ignoring alpha."""
    return (
        round(a[0] + (b[0] - a[0]) * t),
        round(a[1] + (b[1] - a[1]) * t),
        round(a[2] + (b[2] - a[2]) * t),
    )
