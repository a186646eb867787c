"""The discard tray seen from the side, its stack drawn to scale: what a counter reads the decks played from.

The tray is as deep as the shoe is big, with a notch at every deck, so the stack's height is
the fraction of the shoe in the tray (burned cards too: they lie there face down).
"""

from __future__ import annotations

import pygame

TRAY_WIDTH = 84
"""How wide the tray is drawn, at most (it fills the height it is given)."""

_WALL = (44, 30, 22)
_RIM = (150, 118, 70)
_EDGE = (238, 232, 214)
_LINE = (176, 170, 156)
_NOTCH = (232, 196, 104)


def tray_stack_height(inner_height: int, cards_in_tray: int, decks: int) -> int:
    """The stack's height in pixels: the tray's inner height holds the whole shoe.

    >>> tray_stack_height(90, 156, 6), tray_stack_height(90, 0, 6), tray_stack_height(90, 999, 6)
    (45, 0, 90)
    """
    capacity = 52 * max(decks, 1)
    return round(inner_height * min(max(cards_in_tray, 0), capacity) / capacity)


def draw_tray(surface: pygame.Surface, rect: pygame.Rect, cards_in_tray: int, decks: int) -> pygame.Rect:
    """Draw the tray in `rect` (centred at its foot) with its stack to scale; return the stack's rect."""
    tray = pygame.Rect(0, 0, min(rect.w, TRAY_WIDTH), rect.h)
    tray.midbottom = rect.midbottom
    pygame.draw.rect(surface, _WALL, tray, border_radius=6)
    inner = tray.inflate(-14, -10)
    height = tray_stack_height(inner.h, cards_in_tray, decks)
    stack = pygame.Rect(inner.x, inner.bottom - height, inner.w, height)
    if height:
        surface.fill(_EDGE, stack)
        for y in range(stack.bottom - 2, stack.top, -3):  # the cards' edges
            pygame.draw.line(surface, _LINE, (stack.x + 1, y), (stack.right - 2, y))
    for deck in range(1, max(decks, 1)):  # a notch at every deck, on both walls
        y = inner.bottom - round(inner.h * deck / decks)
        pygame.draw.line(surface, _NOTCH, (tray.x + 2, y), (inner.x - 1, y), 2)
        pygame.draw.line(surface, _NOTCH, (inner.right, y), (tray.right - 3, y), 2)
    pygame.draw.rect(surface, _RIM, tray, 3, border_radius=6)
    return stack
