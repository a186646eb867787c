"""Where things sit on the fixed 1280x720 logical canvas: a few named layout functions.

Scenes and widgets ask these functions for positions instead of scattering numbers.
Table positions are the seven places along the arc, numbered 0..6 from the left of the
screen; engine seats map onto them with `table_positions`, seat 0 at first base (the
dealer's left, which is the screen's right, since the dealer faces the players).
"""

from __future__ import annotations

import functools
import math

import pygame

CANVAS_SIZE: tuple[int, int] = (1280, 720)
"""The logical canvas every scene draws on; the window scales it."""

MIN_WINDOW: tuple[int, int] = (640, 360)
"""The smallest window the game allows."""


def fit_rect(window: tuple[int, int]) -> pygame.Rect:
    """Where the canvas shows in a window of that size: scaled to fit whole, centred, the rest letterboxed.

    >>> fit_rect((1280, 720)), fit_rect((800, 600)), fit_rect((2560, 1440)), fit_rect((1080, 1920))
    (<rect(0, 0, 1280, 720)>, <rect(0, 75, 800, 450)>, <rect(0, 0, 2560, 1440)>, <rect(0, 656, 1080, 608)>)
    """
    scale = min(window[0] / CANVAS_SIZE[0], window[1] / CANVAS_SIZE[1])
    w = max(1, min(window[0], round(CANVAS_SIZE[0] * scale)))
    h = max(1, min(window[1], round(CANVAS_SIZE[1] * scale)))
    return pygame.Rect((window[0] - w) // 2, (window[1] - h) // 2, w, h)


def window_to_canvas(pos: tuple[float, float], window: tuple[int, int]) -> tuple[int, int]:
    """The canvas point shown at a window position (a point on the letterbox goes to the nearest edge).

    >>> window_to_canvas((400, 300), (800, 600)), window_to_canvas((5, 2), (800, 600))
    ((640, 360), (8, 0))
    """
    view = fit_rect(window)
    x = (pos[0] - view.x) * CANVAS_SIZE[0] / view.w
    y = (pos[1] - view.y) * CANVAS_SIZE[1] / view.h
    return min(max(int(x), 0), CANVAS_SIZE[0] - 1), min(max(int(y), 0), CANVAS_SIZE[1] - 1)


def canvas_to_window(pos: tuple[float, float], window: tuple[int, int]) -> tuple[int, int]:
    """The window position where a canvas point shows (the centre of its scaled pixel).

    >>> canvas_to_window((640, 360), (800, 600))
    (400, 300)
    """
    view = fit_rect(window)
    return (
        view.x + int((pos[0] + 0.5) * view.w / CANVAS_SIZE[0]),
        view.y + int((pos[1] + 0.5) * view.h / CANVAS_SIZE[1]),
    )

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


@functools.cache  # every card of every seat asks, every change
def seat_position(position: int) -> tuple[int, int]:
    """Centre of the betting circle at table position 0..6 (left to right)."""
    t = position / (TABLE_POSITIONS - 1) * 2 - 1
    angle = t * _ARC_SPREAD
    x = _ARC_CENTER[0] + _ARC_RADIUS * math.sin(angle)
    y = _ARC_CENTER[1] + _ARC_RADIUS * math.cos(angle)
    return round(x), round(y)


def table_positions(seats: int) -> list[int]:
    """The table positions of `seats` engine seats, first base to third base: one player sits in the middle.

    Seat 0 is dealt and plays first, so it sits at first base, the dealer's left: the
    screen's right, the dealer facing the players.

    >>> table_positions(7), table_positions(3), table_positions(1)
    ([6, 5, 4, 3, 2, 1, 0], [4, 3, 2], [3])
    """
    seats = min(seats, TABLE_POSITIONS)
    first = (TABLE_POSITIONS - seats) // 2
    return list(range(first + seats - 1, first - 1, -1))


def seat_room(position: int, occupied: list[int]) -> int:
    """How wide the seat's hands (and their labels) may spread, centred on its circle, given which
    positions are occupied: half the gap to each neighbour, whose hands spread into the other half."""
    x = seat_position(position)[0]
    left = [seat_position(p)[0] for p in occupied if p < position]
    right = [seat_position(p)[0] for p in occupied if p > position]
    lo = (x - max(left)) / 2 - SEAT_GAP / 2 if left else x - 40
    hi = (min(right) - x) / 2 - SEAT_GAP / 2 if right else CANVAS_SIZE[0] - 40 - x
    return max(120, int(min(lo, hi) * 2))


SEAT_GAP = 12
"""The felt left between two neighbouring seats' hands."""


def seat_bounds(position: int, room: int) -> pygame.Rect:
    """The band of the canvas a seat's hands and labels keep to (its room, the canvas's height)."""
    x = seat_position(position)[0]
    return pygame.Rect(x - room // 2, 0, room, CANVAS_SIZE[1])


def place_labels(wanted: list[pygame.Rect], bounds: pygame.Rect, gap: int = 3) -> list[pygame.Rect]:
    """Labels moved so none overlaps another: each kept inside `bounds` across, then, from left to
    right, pushed down a row at a time until it is clear of those placed before it.

    >>> place_labels([pygame.Rect(0, 0, 60, 20), pygame.Rect(40, 0, 60, 20)], pygame.Rect(0, 0, 200, 99))
    [<rect(0, 0, 60, 20)>, <rect(40, 23, 60, 20)>]
    """
    placed: dict[int, pygame.Rect] = {}
    for index in sorted(range(len(wanted)), key=lambda i: wanted[i].x):
        moved = wanted[index].copy()
        moved.w = min(moved.w, bounds.w)
        moved.clamp_ip(pygame.Rect(bounds.x, moved.y, bounds.w, moved.h))
        while hit := [other for other in placed.values() if moved.colliderect(other.inflate(gap, gap))]:
            moved.y = max(other.bottom for other in hit) + gap
        placed[index] = moved
    return [placed[index] for index in range(len(wanted))]


PLATE_SIZE: tuple[int, int] = (156, 24)
"""A seat's name plate."""


def plate_center(position: int) -> tuple[int, int]:
    """Centre of the name plate under the betting circle at a table position."""
    x, y = seat_position(position)
    return x, y + CIRCLE_RADIUS + 21


def plate_rect(position: int) -> pygame.Rect:
    """The name plate under the betting circle at a table position."""
    rect = pygame.Rect((0, 0), PLATE_SIZE)
    rect.center = plate_center(position)
    return rect


@functools.cache
def hand_anchor(position: int, hand: int, hands: int, room: int) -> tuple[int, int]:
    """Bottom-left corner of a hand's first card, for hand `hand` of `hands` in a seat."""
    cx, cy = seat_position(position)
    width = hand_card_size(hands, room)[0]
    spread = width + 2 * card_step(width)[0]  # a hand of three cards keeps clear of the next hand
    spacing = min(118, max(24, (room - spread) // max(1, hands - 1))) if hands > 1 else 0
    offset = (hand - (hands - 1) / 2) * spacing
    return round(cx + offset - width / 2 - 6), cy - CIRCLE_RADIUS - 24


def hand_card_size(hands: int, room: int) -> tuple[int, int]:
    """The card size for a seat's hands: smaller when split hands would crowd."""
    return SMALL_CARD_SIZE if hands > 1 and room < 118 * hands else CARD_SIZE


def card_rect(position: int, hand: int, hands: int, card: int, room: int) -> pygame.Rect:
    """Where card `card` of a seat's hand lies."""
    w, h = hand_card_size(hands, room)
    x, bottom = hand_anchor(position, hand, hands, room)
    step = card_step(w)
    return pygame.Rect(x + card * step[0], bottom - h + card * step[1], w, h)


def card_step(width: int) -> tuple[int, int]:
    """Offset from one card of a hand to the next, for cards of this width."""
    return CARD_STEP if width == CARD_SIZE[0] else (16, -10)


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


_control_scale = 1.0
"""How much larger the rail's decision buttons are drawn (the UI scale setting; the App sets it)."""

ACTION_ROW_ROOM = 900
"""The widest the row of decision buttons may be: clear of the bankroll panel and the hint button."""


def scale_controls(scale: float) -> None:
    """Make the rail's decision buttons larger by `scale`, as far as the rail has room (the UI scale)."""
    global _control_scale
    _control_scale = scale


def action_button_rects(names: list[str]) -> dict[str, pygame.Rect]:
    """A centred row of action buttons on the rail, larger with the UI scale as far as the rail allows
    (the row stays inside `ACTION_ROW_ROOM`, under the turn caption that ends at y=628).

    >>> action_button_rects(["hit", "stand"])["hit"]
    <rect(499, 633, 134, 58)>
    """
    gap = 14
    w = max(134, min(round(134 * _control_scale), (ACTION_ROW_ROOM - (len(names) - 1) * gap) // len(names)))
    h = min(round(58 * _control_scale), 64)
    total = len(names) * w + (len(names) - 1) * gap
    left = CANVAS_SIZE[0] // 2 - total // 2
    return {name: pygame.Rect(left + i * (w + gap), 662 - h // 2, w, h) for i, name in enumerate(names)}


def bankroll_rect() -> pygame.Rect:
    """The bankroll panel at the bottom left."""
    return pygame.Rect(14, 616, 150, 92)


def title_panel_rect() -> pygame.Rect:
    """The title's panel."""
    rect = pygame.Rect(0, 0, 860, 360)
    rect.center = (CANVAS_SIZE[0] // 2, 392)
    return rect


def title_button_rects(count: int) -> list[pygame.Rect]:
    """The title's buttons (Play ... Quit): one row of up to four, else two rows, left to right."""
    per_row = count if count <= 4 else (count + 1) // 2
    w, h, gap = 184, 54, 16
    left = CANVAS_SIZE[0] // 2 - (per_row * w + (per_row - 1) * gap) // 2
    top = title_panel_rect().y + (206 if count <= per_row else 186)
    return [
        pygame.Rect(left + (i % per_row) * (w + gap), top + (i // per_row) * (h + 12), w, h)
        for i in range(count)
    ]


def notice_rect() -> pygame.Rect:
    """Where a notice about the saved history sits on the title and setup screens."""
    return pygame.Rect(140, 40, 1000, 110)


def dialog_rect() -> pygame.Rect:
    """A question asked over the table (rebuy or leave)."""
    rect = pygame.Rect(0, 0, 680, 280)
    rect.center = (CANVAS_SIZE[0] // 2, 330)
    return rect


def confirm_button_rects() -> dict[str, pygame.Rect]:
    """Yes and No of the coach's "do it anyway?" question, at the foot of the dialog panel."""
    rect = dialog_rect()
    return {
        "yes": pygame.Rect(rect.centerx - 230, rect.bottom - 90, 210, 56),
        "no": pygame.Rect(rect.centerx + 20, rect.bottom - 90, 210, 56),
    }


def trainer_count_rect(lines: int = 3) -> pygame.Rect:
    """The trainer's count panel, top left under the discard tray (taller with the quiz's score)."""
    return pygame.Rect(16, 150, 240 if lines > 3 else 200, 38 + 24 * lines)


def trainer_hint_rect(lines: int, positions: list[int]) -> pygame.Rect:
    """The trainer's hint panel (see `side_panel_rect`)."""
    return side_panel_rect(44 + 26 * lines, positions)


def side_panel_rect(height: int, positions: list[int]) -> pygame.Rect:
    """A panel right of the table above the seats (the hint's, the replay's decision panel), or over the
    limits placard when a seat's first cards would lie under it there."""
    beside = pygame.Rect(1000, 186, 264, height)
    cards = [card_rect(p, 0, 1, card, seat_room(p, positions)) for p in positions for card in range(3)]
    if beside.collidelist(cards) == -1:
        return beside
    return beside.move(762 - beside.x, 6 - beside.y)


def trainer_chart_rect() -> pygame.Rect:
    """The strategy chart overlay, over the middle of the table."""
    return pygame.Rect(330, 8, 620, 592)


def trainer_quiz_rect() -> pygame.Rect:
    """The counting quiz's question, over the dealer's side of the table."""
    return pygame.Rect(400, 120, 480, 140)


def trainer_quiz_field_rect() -> pygame.Rect:
    """The counting quiz's answer field, under its question."""
    panel = trainer_quiz_rect()
    rect = pygame.Rect(0, 0, 120, 36)
    rect.midtop = (panel.centerx, panel.y + 66)
    return rect


def trainer_toast_center() -> tuple[int, int]:
    """Where the coach's mistake toast shows, over the dealer's arc."""
    return CANVAS_SIZE[0] // 2, 238


def row_under(table: pygame.Rect, pos: tuple[int, int] | None, row_height: int, rows: int) -> int | None:
    """The row of a listed table under a point (row 0 lies under the headings' row), or None."""
    if pos is None or not table.collidepoint(pos):
        return None
    index = (pos[1] - table.y - row_height) // row_height
    return index if 0 <= index < rows else None


def screen_panel_rect() -> pygame.Rect:
    """The full-screen panel of the setup, statistics and leaderboard screens."""
    return pygame.Rect(20, 14, CANVAS_SIZE[0] - 40, CANVAS_SIZE[1] - 28)


SETUP_ROW_TOP = 170
SETUP_ROW_STEP = 51


def setup_row_rects(row: int) -> dict[str, pygame.Rect]:
    """One seat row of the setup screen: its number, kind, name, color and coach controls."""
    y = SETUP_ROW_TOP + row * SETUP_ROW_STEP
    return {
        "number": pygame.Rect(40, y, 28, 44),
        "kind": pygame.Rect(72, y, 160, 44),
        "name": pygame.Rect(242, y, 204, 44),
        "color": pygame.Rect(456, y, 46, 44),
        "coach": pygame.Rect(512, y, 132, 44),
        "blurb": pygame.Rect(242, y, 402, 44),
    }


def setup_rects() -> dict[str, pygame.Rect]:
    """The setup screen's other controls: steppers, the rules file, the buttons, the saved players."""
    return {
        "seats-": pygame.Rect(150, 96, 44, 42),
        "seats+": pygame.Rect(246, 96, 44, 42),
        "buyin-": pygame.Rect(262, 532, 44, 42),
        "buyin+": pygame.Rect(420, 532, 44, 42),
        "saved": pygame.Rect(40, 586, 610, 84),
        "rules-": pygame.Rect(684, 130, 44, 44),
        "rules+": pygame.Rect(1192, 130, 44, 44),
        "file": pygame.Rect(684, 186, 426, 40),
        "load": pygame.Rect(1120, 186, 116, 40),
        "edit": pygame.Rect(1076, 88, 160, 36),
        "options": pygame.Rect(684, 330, 552, 250),
        "back": pygame.Rect(904, 620, 150, 56),
        "play": pygame.Rect(1070, 620, 166, 56),
        "notice": pygame.Rect(372, 24, 866, 64),
        "error": pygame.Rect(684, 586, 552, 30),
    }


def stats_rects() -> dict[str, pygame.Rect]:
    """The statistics screen: the player pager, the chart, the numbers and Back."""
    return {
        "prev": pygame.Rect(330, 32, 44, 44),
        "next": pygame.Rect(790, 32, 44, 44),
        "chart": pygame.Rect(44, 100, 720, 520),
        "numbers": pygame.Rect(800, 104, 436, 500),
        "history": pygame.Rect(880, 632, 176, 52),
        "back": pygame.Rect(1070, 632, 166, 52),
    }


def leaderboard_rects() -> dict[str, pygame.Rect]:
    """The leaderboard: the table of players and the buttons under it."""
    return {
        "table": pygame.Rect(60, 120, 1160, 460),
        "review": pygame.Rect(520, 632, 166, 52),
        "title": pygame.Rect(700, 632, 166, 52),
        "new": pygame.Rect(880, 632, 176, 52),
        "quit": pygame.Rect(1070, 632, 166, 52),
    }


def tournament_rects() -> dict[str, pygame.Rect]:
    """The tournament's entry screen: the tournament chosen between < and >, its rules, the name field,
    the best results, Back and Start."""
    return {
        "choice-": pygame.Rect(60, 104, 48, 44),
        "choice": pygame.Rect(116, 104, 436, 44),
        "choice+": pygame.Rect(560, 104, 48, 44),
        "rules": pygame.Rect(60, 172, 600, 200),
        "name": pygame.Rect(60, 420, 420, 50),
        "best": pygame.Rect(720, 112, 520, 420),
        "back": pygame.Rect(904, 632, 150, 52),
        "start": pygame.Rect(1070, 632, 166, 52),
    }


def rules_panel_rects() -> dict[str, pygame.Rect]:
    """The Rules panel over the table: the panel, the table's name, its description, the words, Close."""
    panel = pygame.Rect(0, 0, 1040, 600)
    panel.center = (CANVAS_SIZE[0] // 2, 326)
    inner = panel.inflate(-64, 0)
    return {
        "panel": panel,
        "title": pygame.Rect(inner.x, panel.y + 22, inner.w, 40),
        "description": pygame.Rect(inner.x, panel.y + 68, inner.w, 28),
        "words": pygame.Rect(inner.x, panel.y + 110, inner.w, panel.h - 190),
        "close": pygame.Rect(panel.centerx - 75, panel.bottom - 70, 150, 52),
    }


def how_to_play_rects() -> dict[str, pygame.Rect]:
    """How to play: the page's text, its card pictures in the margin left of it, the page turners, the page
    number and Back (headings start at the margin)."""
    return {
        "text": pygame.Rect(250, 104, 966, 510),
        "cards": pygame.Rect(64, 104, 170, 510),
        "prev": pygame.Rect(846, 632, 56, 52),
        "page": pygame.Rect(902, 632, 112, 52),
        "next": pygame.Rect(1014, 632, 56, 52),
        "back": pygame.Rect(1090, 632, 146, 52),
    }


def result_panel_rect() -> pygame.Rect:
    """The tournament result's panel over the table."""
    rect = pygame.Rect(0, 0, 900, 420)
    rect.center = (CANVAS_SIZE[0] // 2, 320)
    return rect


def sit_out_rect() -> pygame.Rect:
    """The Sit out button, above the settings button."""
    return pygame.Rect(1150, 616, 116, 40)


def menu_button_rect() -> pygame.Rect:
    """The settings button at the bottom right."""
    return pygame.Rect(1150, 664, 116, 40)


def lerp(a: tuple[float, float], b: tuple[float, float], t: float) -> tuple[float, float]:
    """The point a fraction t of the way from a to b."""
    return a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t


def profile_dialog_rects() -> dict[str, pygame.Rect]:
    """The setup dialog that renames or deletes a saved player: panel, text, name field, message, buttons."""
    panel = pygame.Rect(0, 0, 720, 320)
    panel.center = (CANVAS_SIZE[0] // 2, 340)
    inner = panel.inflate(-72, 0)
    buttons_y = panel.bottom - 84
    right = pygame.Rect(inner.right - 180, buttons_y, 180, 56)
    return {
        "panel": panel,
        "title": pygame.Rect(inner.x, panel.y + 28, inner.w, 40),
        "text": pygame.Rect(inner.x, panel.y + 90, inner.w, 124),
        "field": pygame.Rect(inner.x, panel.y + 92, inner.w, 50),
        "message": pygame.Rect(inner.x, panel.y + 154, inner.w, 60),
        "left": right.move(-2 * (right.w + 16), 0),
        "middle": right.move(-(right.w + 16), 0),
        "right": right,
    }


def replay_button_rects(names: list[str]) -> dict[str, pygame.Rect]:
    """The replay's controls in a centred row on the rail, under its caption."""
    w, h, gap = 150, 50, 12
    left = CANVAS_SIZE[0] // 2 - (len(names) * w + (len(names) - 1) * gap) // 2
    return {name: pygame.Rect(left + i * (w + gap), 648, w, h) for i, name in enumerate(names)}


def history_rects() -> dict[str, pygame.Rect]:
    """The history browser: the filter buttons, the list of rounds, the pager and Back."""
    return {
        "player": pygame.Rect(44, 92, 270, 44),
        "session": pygame.Rect(326, 92, 330, 44),
        "result": pygame.Rect(668, 92, 200, 44),
        "mistake": pygame.Rect(880, 92, 240, 44),
        "list": pygame.Rect(44, 150, 1192, 462),
        "up": pygame.Rect(44, 632, 120, 52),
        "down": pygame.Rect(176, 632, 120, 52),
        "review": pygame.Rect(880, 632, 176, 52),
        "back": pygame.Rect(1070, 632, 166, 52),
    }


def session_review_rects() -> dict[str, pygame.Rect]:
    """The session review: each person's figures, the biggest mistakes, and the buttons."""
    return {
        "people": pygame.Rect(44, 100, 1192, 200),
        "mistakes": pygame.Rect(44, 330, 1192, 290),
        "history": pygame.Rect(880, 632, 176, 52),
        "back": pygame.Rect(1070, 632, 166, 52),
    }
