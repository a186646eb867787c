"""Where things sit on the fixed 1280x720 logical canvas: a few named layout functions.

Scenes and widgets ask these functions for positions instead of scattering numbers.
Table positions are the seven places along the arc, numbered 0..6 from the left of the
screen; engine seats map onto them with `table_positions`.
"""

from __future__ import annotations

import math

import pygame

CANVAS_SIZE: tuple[int, int] = (1280, 720)
"""The logical canvas every scene draws on; the window scales it."""

MIN_WINDOW: tuple[int, int] = (640, 360)
"""The smallest window the game allows."""

TABLE_POSITIONS = 7
"""Seat positions drawn along the arc."""

CARD_SIZE: tuple[int, int] = (78, 109)
"""A card on the table (the sprite is 200x280)."""

SMALL_CARD_SIZE: tuple[int, int] = (62, 87)
"""A card in a crowded seat's split hands."""

CARD_STEP: tuple[int, int] = (20, -12)
"""Offset from one card of a hand to the next (cascading up and to the right)."""

DEALER_CARD_STEP = 58
"""Horizontal gap between the dealer's cards."""

CHIP_RACK_SIZE = 62
"""Diameter of a chip in the rack."""

STACK_CHIP_WIDTH = 52
"""Width of a chip drawn in a bet stack."""

CIRCLE_RADIUS = 36
"""Radius of a betting circle."""

_ARC_CENTER = (640, -690)
_ARC_RADIUS = 1220
_ARC_SPREAD = math.radians(25.5)


def seat_position(position: int) -> tuple[int, int]:
    """Centre of the betting circle at table position 0..6 (left to right)."""
    t = position / (TABLE_POSITIONS - 1) * 2 - 1
    angle = t * _ARC_SPREAD
    x = _ARC_CENTER[0] + _ARC_RADIUS * math.sin(angle)
    y = _ARC_CENTER[1] + _ARC_RADIUS * math.cos(angle)
    return round(x), round(y)


def table_positions(seats: int) -> list[int]:
    """The table positions used by `seats` engine seats: one player sits in the middle."""
    if seats >= TABLE_POSITIONS:
        return list(range(TABLE_POSITIONS))
    if seats == 1:
        return [3]
    first = (TABLE_POSITIONS - seats) // 2
    return list(range(first, first + seats))


def seat_room(position: int, occupied: list[int]) -> int:
    """How wide the seat's hands may spread, given which positions are occupied."""
    x = seat_position(position)[0]
    left = [seat_position(p)[0] for p in occupied if p < position]
    right = [seat_position(p)[0] for p in occupied if p > position]
    lo = (x - max(left)) if left else x - 40
    hi = (min(right) - x) if right else CANVAS_SIZE[0] - 40 - x
    return max(120, int(min(lo, hi) * 2) - 16)


def hand_anchor(position: int, hand: int, hands: int, room: int) -> tuple[int, int]:
    """Bottom-left corner of a hand's first card, for hand `hand` of `hands` in a seat."""
    cx, cy = seat_position(position)
    width = hand_card_size(hands, room)[0]
    spacing = min(118, max(40, (room - width) // max(1, hands - 1))) if hands > 1 else 0
    offset = (hand - (hands - 1) / 2) * spacing
    return round(cx + offset - width / 2 - 6), cy - CIRCLE_RADIUS - 24


def hand_card_size(hands: int, room: int) -> tuple[int, int]:
    """The card size for a seat's hands: smaller when split hands would crowd."""
    return SMALL_CARD_SIZE if hands > 1 and room < 118 * hands else CARD_SIZE


def card_rect(position: int, hand: int, hands: int, card: int, room: int) -> pygame.Rect:
    """Where card `card` of a seat's hand lies."""
    w, h = hand_card_size(hands, room)
    x, bottom = hand_anchor(position, hand, hands, room)
    step = CARD_STEP if w == CARD_SIZE[0] else (16, -10)
    return pygame.Rect(x + card * step[0], bottom - h + card * step[1], w, h)


def hand_center(position: int, hand: int, hands: int, room: int) -> tuple[int, int]:
    """Centre of where a hand's bet sits (for split hands, under each hand)."""
    rect = card_rect(position, hand, hands, 0, room)
    if hands == 1:
        return seat_position(position)
    return rect.centerx + 8, seat_position(position)[1]


DEALER_CARDS_TOP = 36


def dealer_card_rect(index: int, count: int) -> pygame.Rect:
    """Where the dealer's card `index` lies when the dealer holds `count` cards."""
    w, h = CARD_SIZE
    total = w + DEALER_CARD_STEP * (max(count, 2) - 1)
    left = CANVAS_SIZE[0] // 2 - total // 2
    return pygame.Rect(left + index * DEALER_CARD_STEP, DEALER_CARDS_TOP, w, h)


def dealer_label_pos() -> tuple[int, int]:
    """Centre of the dealer's total label."""
    return CANVAS_SIZE[0] // 2, DEALER_CARDS_TOP + CARD_SIZE[1] + 16


def shoe_rect() -> pygame.Rect:
    """The dealing shoe, at the dealer's right (top right of the screen)."""
    return pygame.Rect(1030, 26, 150, 110)


def shoe_mouth() -> tuple[int, int]:
    """Where cards leave the shoe."""
    r = shoe_rect()
    return r.left + 20, r.centery


def discard_rect() -> pygame.Rect:
    """The discard tray, at the dealer's left (top left of the screen)."""
    return pygame.Rect(100, 26, 150, 110)


def dealer_bank_pos() -> tuple[int, int]:
    """Where losing chips go and winning chips come from: the dealer's tray."""
    return CANVAS_SIZE[0] // 2, 30


def placard_rect() -> pygame.Rect:
    """The table-limits placard."""
    return pygame.Rect(840, 62, 150, 58)


def message_rect() -> pygame.Rect:
    """The one-line dealer message bar."""
    return pygame.Rect(340, 262, 600, 32)


def arc_text_center() -> tuple[int, int]:
    """Centre of the circle the printed rules arc follows."""
    return 640, -230


ARC_TEXT_RADII = (432, 460)
"""Radius of the first and second printed lines on the felt."""


def rail_rect() -> pygame.Rect:
    """The padded rail at the bottom, where the controls sit."""
    return pygame.Rect(0, 604, CANVAS_SIZE[0], CANVAS_SIZE[1] - 604)


def rack_chip_center(index: int, count: int) -> tuple[int, int]:
    """Centre of chip `index` of the rack's `count` chips."""
    gap = CHIP_RACK_SIZE + 10
    left = CANVAS_SIZE[0] // 2 - gap * (count - 1) // 2
    return left + index * gap, 662


def rack_rect(count: int) -> pygame.Rect:
    """The chip rack's tray."""
    first = rack_chip_center(0, count)
    last = rack_chip_center(count - 1, count)
    pad = CHIP_RACK_SIZE // 2 + 10
    return pygame.Rect(first[0] - pad, first[1] - pad, last[0] - first[0] + 2 * pad, 2 * pad)


def bet_button_rects() -> dict[str, pygame.Rect]:
    """Clear, Rebet, 2x Rebet (left of the rack) and Deal (right of the rack)."""
    return {
        "clear": pygame.Rect(300, 618, 110, 40),
        "rebet": pygame.Rect(300, 664, 110, 40),
        "rebet2": pygame.Rect(180, 664, 110, 40),
        "deal": pygame.Rect(870, 630, 150, 64),
    }


def action_button_rects(names: list[str]) -> dict[str, pygame.Rect]:
    """A centred row of action buttons on the rail."""
    w, h, gap = 134, 58, 14
    total = len(names) * w + (len(names) - 1) * gap
    left = CANVAS_SIZE[0] // 2 - total // 2
    return {name: pygame.Rect(left + i * (w + gap), 633, w, h) for i, name in enumerate(names)}


def bankroll_rect() -> pygame.Rect:
    """The bankroll panel at the bottom left."""
    return pygame.Rect(14, 616, 150, 92)


def menu_button_rect() -> pygame.Rect:
    """The settings button at the bottom right."""
    return pygame.Rect(1150, 664, 116, 40)


def lerp(a: tuple[float, float], b: tuple[float, float], t: float) -> tuple[float, float]:
    """The point a fraction t of the way from a to b."""
    return a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t
