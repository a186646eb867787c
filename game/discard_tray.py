"""A discard tray (and a shoe) drawn to scale: the stack's size is proportional to the cards in it.

The tray's inside holds the whole shoe (`decks` decks), so a stack reaching half way up is
half the shoe; a mark at each whole deck lets the eye count decks as a counter does at the
table. `draw_shoe` draws the cards left in the shoe the same way, lying on their sides.
"""

from __future__ import annotations

import pygame

DECK = 52
BODY = (34, 30, 28)
"""The tray's frame."""
INSIDE = (14, 20, 16)
EDGE_LIGHT = (236, 230, 214)
EDGE_DARK = (176, 168, 150)
"""Card edges alternate these two shades, so the stack reads as cards."""
MARK = (226, 190, 90)
WALL = 8
"""The frame's thickness in pixels."""


def inner_rect(rect: pygame.Rect) -> pygame.Rect:
    """The inside of a tray or shoe drawn in `rect`: where the cards lie."""
    return rect.inflate(-2 * WALL, -2 * WALL)


def stack_size(room: int, cards: int, decks: int) -> int:
    """Pixels a stack of `cards` takes out of `room` pixels that hold `decks` decks (clamped to the room).

    >>> stack_size(416, 104, 8), stack_size(416, 416, 8), stack_size(416, 999, 8)
    (104, 416, 416)
    """
    capacity = max(1, decks) * DECK
    return round(room * max(0, min(cards, capacity)) / capacity)


def draw_tray(surface: pygame.Surface, rect: pygame.Rect, cards_in_tray: int, decks: int) -> pygame.Rect:
    """A discard tray in `rect` holding `cards_in_tray` of a `decks`-deck shoe, stacked from the bottom
    with a mark at each deck; returns the stack's rect (its height is proportional to the cards)."""
    inside = _frame(surface, rect)
    height = stack_size(inside.h, cards_in_tray, decks)
    stack = pygame.Rect(inside.x + 4, inside.bottom - height, inside.w - 8, height)
    _edges(surface, stack, horizontal=True)
    for deck in range(1, decks):
        y = inside.bottom - stack_size(inside.h, deck * DECK, decks)
        pygame.draw.line(surface, MARK, (rect.x, y), (rect.x + WALL + 6, y), 2)
        pygame.draw.line(surface, MARK, (rect.right - WALL - 7, y), (rect.right - 1, y), 2)
    return stack


def draw_shoe(surface: pygame.Surface, rect: pygame.Rect, cards_left: int, decks: int) -> pygame.Rect:
    """A shoe in `rect` holding `cards_left` of its `decks` decks, the cards on their sides from the back
    (the right) towards the mouth, with a mark at each deck; returns the stack's rect."""
    inside = _frame(surface, rect)
    width = stack_size(inside.w, cards_left, decks)
    stack = pygame.Rect(inside.right - width, inside.y + 4, width, inside.h - 8)
    _edges(surface, stack, horizontal=False)
    for deck in range(1, decks):
        x = inside.right - stack_size(inside.w, deck * DECK, decks)
        pygame.draw.line(surface, MARK, (x, rect.y), (x, rect.y + WALL + 6), 2)
        pygame.draw.line(surface, MARK, (x, rect.bottom - WALL - 7), (x, rect.bottom - 1), 2)
    return stack


def _frame(surface: pygame.Surface, rect: pygame.Rect) -> pygame.Rect:
    pygame.draw.rect(surface, BODY, rect, border_radius=6)
    pygame.draw.rect(surface, (90, 80, 70), rect, 2, border_radius=6)
    inside = inner_rect(rect)
    pygame.draw.rect(surface, INSIDE, inside)
    return inside


def _edges(surface: pygame.Surface, stack: pygame.Rect, *, horizontal: bool) -> None:
    """Card edges across the stack: two-pixel stripes of two shades, a light edge on top."""
    if stack.w <= 0 or stack.h <= 0:
        return
    pygame.draw.rect(surface, EDGE_DARK, stack)
    length = stack.h if horizontal else stack.w
    for at in range(0, length, 4):
        if horizontal:
            band = pygame.Rect(stack.x, stack.bottom - at - 2, stack.w, 2)
        else:
            band = pygame.Rect(stack.x + at, stack.y, 2, stack.h)
        pygame.draw.rect(surface, EDGE_LIGHT, band.clip(stack))
    top = (stack.topleft, stack.topright) if horizontal else (stack.topleft, stack.bottomleft)
    pygame.draw.line(surface, (255, 255, 255), *top, 2)
