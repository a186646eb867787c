"""Drawing the table: the static background (felt, printed arcs, circles, rail) and the view model.

`TableView.draw(surface, presenter)` paints what the presenter's view model holds and
changes nothing. The background is built once per rule set. What lies still (the felt, shoe,
tray, the dealer's settled cards, each seat's settled layer, the name plates and the collected cards
still waiting to leave for the tray) is kept in one canvas-sized still layer, keyed on what it shows
and drawn again only where that changed; a frame blits it once, then draws what moves over it.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from functools import partial
from itertools import zip_longest

import pygame

import sprites
from engine import Money, Rules
from engine.i18n import _, language, money, ngettext
from engine.i18n import amount as amount_words
from engine.rule_words import felt_phrases
from game import layout
from game.assets import Assets, Notes, NotingSurface, run_length_copy
from game.discard_tray import draw_tray
from game.presenter import CardSprite, ChipFlight, HandModel, PlateModel, Presenter
from game.presenter.models import Point
from game.tween import ease_in_out, ease_out

GOLD = (232, 196, 104)
CREAM = (246, 236, 206)
PRINT = (214, 226, 196)
WHITE = (255, 255, 255)
RED = (236, 84, 76)
GREEN_TEXT = (130, 236, 140)
CHIP_VALUES = (500, 100, 25, 5, 1)

TRAY_WIDTH = 84
"""How wide the discard tray is drawn under casino conditions (it fills the height it is given)."""
POINTER_BOBS_FOR = 6.0
"""Seconds the turn's pointer bobs before it rests (a still table lets the game sleep: game.pacing)."""
_ARC_SEPARATOR = "  \u2022  "
"""What stands between two rules on the felt's second line."""

_ARC_SECOND_LINE_CHARACTERS = 54
"""The most characters the second printed line holds within its guide arc (at its type size)."""


def _felt_case(phrase: str) -> str:
    """A rule as the felt prints it: in capitals, but a number keeps its case ('ALL 17s')."""
    return " ".join(word if word[:1].isdigit() else word.upper() for word in phrase.split(" "))


def arc_lines(rules: Rules) -> tuple[str, str]:
    """The two lines printed on the felt: the payout, then the dealer's rule and what else fits, in order."""
    first, second, *more = (_felt_case(phrase) for phrase in felt_phrases(rules))
    for phrase in more:
        if len(second) + len(_ARC_SEPARATOR) + len(phrase) <= _ARC_SECOND_LINE_CHARACTERS:
            second += _ARC_SEPARATOR + phrase
    return first, second


ROOM_FOR_CARDS = 5
"""How many cards of each hand a seat's layer has room for from the start (few hands take more)."""

Piece = tuple[pygame.Surface, tuple[int, int]]
"""An image and where its top left corner lies."""

Part = Piece | None
"""A cached drawing on the still layer and where its top left corner lies (None: nothing there)."""


def _format(surface: pygame.Surface) -> tuple[int, tuple[int, int, int, int]]:
    """A surface's pixel format, as far as drawing the same pixels on another depends on it."""
    return surface.get_bitsize(), surface.get_masks()


def _put(surface: pygame.Surface, image: pygame.Surface, rect: pygame.Rect) -> pygame.Rect:
    """Blit `image` with its top left corner at `rect`'s; return the whole rectangle it covers (unclipped)."""
    surface.blit(image, rect.topleft)
    return image.get_rect(topleft=rect.topleft)


def _settled(card: CardSprite) -> bool:
    """Whether a card rests in its place (not flying, not turning over)."""
    return card.move.done and card.flip is None and card.dest is None


def _shown(card: CardSprite, landed: bool) -> bool:
    """Whether a seat's settled look shows this card: once it has settled, or already if the look is the one
    once the cards on their way have `landed`."""
    return landed or _settled(card)


def _shown_codes(hand: HandModel, landed: bool) -> tuple[str | None, ...]:
    """The codes of a hand's cards that have landed (all of them, if `landed`), "" for one on its way before
    one that has: a card leaving for the hand changes nothing a seat's layer shows until it lands."""
    codes = [card.code if _shown(card, landed) else "" for card in hand.cards]
    while codes and codes[-1] == "":
        codes.pop()
    return tuple(codes)


def _whole_columns(area: pygame.Rect) -> pygame.Rect:
    """`area` widened to whole columns of 16 pixels, to be copied from one canvas-sized layer to another: SDL
    copies rows that start at some other columns about ten times slower (on the team's 2-core machine, 0.4 µs
    a row: 55 µs for the shoe's 151 rows, 5 µs once widened)."""
    left = area.x - area.x % 16
    return pygame.Rect(left, area.y, -(-area.right // 16) * 16 - left, area.h)


def _gather(areas: list[pygame.Rect], area: pygame.Rect) -> None:
    """Add `area` to the rectangles to compose again, merged with those it overlaps but apart from the others
    (one rectangle round a seat at one end and the shoe at the other would hold most of the table)."""
    while (overlapped := area.collidelist(areas)) != -1:
        area = area.union(areas.pop(overlapped))
    areas.append(area)


@dataclass
class _SeatLayer:
    """A seat's settled look as last drawn: what it shows (`TableView._seat_key`), the layer and where its
    top left corner lies, and what it was drawn from (`TableView.seat_pieces`)."""

    key: tuple[object, ...]
    layer: NotingSurface
    at: tuple[int, int]
    ring: pygame.Rect | None
    pieces: list[Piece]
    encoded: pygame.Surface | None = None
    """The layer run-length encoded whole, as the still layer last composed it whole (None since drawn on)."""
    ahead: _SeatLayer | None = None
    """The seat's look once its cards on their way have landed, drawn ahead on a second layer of the same
    place and size (`TableView.prepare`), or what such a layer last showed (a key no longer shown)."""


@dataclass
class _Pile:
    """The cards lying in the tray as last drawn: where, over which pixels, and the picture with them on."""

    place: pygame.Rect
    under: bytes
    noting: bool
    cards: list[CardSprite] = field(default_factory=list)
    image: pygame.Surface | None = None


def chips_for(amount: Money) -> list[tuple[int, int]]:
    """Whole-unit chips making up an amount, biggest first: [(value, count), ...]."""
    units = amount // 100
    out = []
    for value in CHIP_VALUES:
        count, units = divmod(units, value)
        if count:
            out.append((value, count))
    return out


class TableView:
    """Paints the table; holds only caches (background, the still layer, seat layers, pills, plates, the pile
    in the tray)."""

    def __init__(self, assets: Assets) -> None:
        self.assets = assets
        self._background: pygame.Surface | None = None
        self._background_key: tuple[object, ...] | None = None
        self._seat_layers: dict[int, _SeatLayer] = {}
        self._pills: dict[
            tuple[str, int, tuple[int, int, int], tuple[int, int, int, int]], pygame.Surface
        ] = {}
        self._plates: dict[tuple[object, ...], pygame.Surface] = {}
        self._pointed: tuple[object, ...] | None = None
        self._pointed_at = 0.0
        self._under: NotingSurface | None = None
        self._under_base: tuple[object, ...] | None = None
        self._under_keys: tuple[tuple[object, ...], ...] = ()
        self._under_rects = [pygame.Rect(0, 0, 0, 0) for _part in range(3)]
        self._under_notes: list[Notes] = [[], [], []]
        """What the shoe, the tray and the dealer's cards painted and noted when last drawn whole."""
        self._still: NotingSurface | None = None
        self._still_parts: list[Part] = []
        self._still_notes: Notes = []
        self._still_noted = False
        """Whether `_still_notes` holds what the still layer shows now."""
        self._still_changed: list[pygame.Rect] = []
        """Where the still layer was composed again since it was last put on a canvas (`_show_still`)."""
        self._showing = object()
        """The token of the still layer's last putting on a canvas (the canvas keeps it as `shown`)."""
        self._pile: _Pile | None = None
        self._card_reach: dict[tuple[int, int], pygame.Rect] = {}
        """Where a card of each size and its shadow lie round the card's top left corner."""
        self._stacks: dict[tuple[object, ...], list[Piece]] = {}
        """The pieces of each stack of chips drawn (`stack_pieces`)."""
        self._stack_reach: dict[Money, pygame.Rect] = {}
        """The rectangle each amount's stack in flight reaches into round its centre."""

    # ---- the background, built once -----------------------------------------------------

    def background(self, rules: Rules, occupied: list[int]) -> pygame.Surface:
        """The felt with the rules arc, circles, placard and rail (cached per rules, seats and language)."""
        key = (rules, tuple(occupied), self.assets.four_color, language())
        if self._background is None or self._background_key != key:
            self._background = self._build_background(rules, occupied)
            self._background_key = key
        return self._background

    def _build_background(self, rules: Rules, occupied: list[int]) -> pygame.Surface:
        surface = pygame.Surface(layout.CANVAS_SIZE)
        if pygame.display.get_surface() is not None:
            surface = surface.convert()
        surface.blit(self.assets.image(sprites.FELT_FILE, layout.CANVAS_SIZE), (0, 0))
        cx, cy = layout.arc_text_center()
        r1, r2 = layout.ARC_TEXT_RADII
        # printed guide arcs
        for radius, spread in ((r1 - 24, 27), (r2 + 20, 36)):
            rect = pygame.Rect(cx - radius, cy - radius, 2 * radius, 2 * radius)
            pygame.draw.arc(surface, GOLD, rect, math.radians(270 - spread), math.radians(270 + spread), 2)
        first, second = arc_lines(rules)
        self._arc_text(surface, first, 30, GOLD, (cx, cy), r1)
        self._arc_text(surface, second, 21, PRINT, (cx, cy), r2)
        # seat circles along the arc
        for position in range(layout.TABLE_POSITIONS):
            x, y = layout.seat_position(position)
            ring = pygame.Surface((2 * layout.CIRCLE_RADIUS + 8,) * 2, pygame.SRCALPHA)
            c = layout.CIRCLE_RADIUS + 4
            alpha = 220 if position in occupied else 90
            pygame.draw.circle(ring, (0, 0, 0, 40), (c, c), layout.CIRCLE_RADIUS)
            pygame.draw.circle(ring, (*CREAM, alpha), (c, c), layout.CIRCLE_RADIUS, 3)
            pygame.draw.circle(ring, (*CREAM, alpha // 3), (c, c), layout.CIRCLE_RADIUS - 7, 1)
            surface.blit(ring, (x - c, y - c))
        # limits placard
        placard = layout.placard_rect()
        pygame.draw.rect(surface, (20, 20, 24), placard, border_radius=8)
        pygame.draw.rect(surface, GOLD, placard, 2, border_radius=8)
        title = self.assets.text(rules.name.upper(), 15, GOLD, bold=True)
        if title.get_width() > placard.w - 12:
            title = pygame.transform.smoothscale(
                title, (placard.w - 12, round(title.get_height() * (placard.w - 12) / title.get_width()))
            )
        surface.blit(title, title.get_rect(midtop=(placard.centerx, placard.y + 7)))
        limits = self.assets.text(rules.table_limits_text(), 19, CREAM, bold=True)
        if limits.get_width() > placard.w - 12:
            limits = self.assets.text(rules.table_limits_text(), 15, CREAM, bold=True)
        surface.blit(limits, limits.get_rect(midbottom=(placard.centerx, placard.bottom - 8)))
        # the padded rail where the controls are
        rail = layout.rail_rect()
        for i in range(rail.h):
            t = i / rail.h
            shade = (int(70 - 30 * t), int(40 - 18 * t), int(26 - 12 * t))
            pygame.draw.line(surface, shade, (0, rail.y + i), (rail.w, rail.y + i))
        pygame.draw.line(surface, (120, 80, 50), (0, rail.y), (rail.w, rail.y), 3)
        pygame.draw.line(surface, (30, 16, 10), (0, rail.y + 3), (rail.w, rail.y + 3), 2)
        return surface

    def _arc_text(
        self,
        surface: pygame.Surface,
        text: str,
        size: int,
        color: tuple[int, int, int],
        center: tuple[int, int],
        radius: int,
    ) -> None:
        font = self.assets.font(size, bold=True, scaled=False)  # printed to fit the arc: not UI text
        widths = [font.size(ch)[0] + 2 for ch in text]
        total = sum(widths)
        angle = -total / (2 * radius)
        for ch, w in zip(text, widths, strict=True):
            theta = angle + (w / 2) / radius
            angle += w / radius
            if ch == " ":
                continue
            glyph = font.render(ch, True, color)
            rotated = pygame.transform.rotozoom(glyph, math.degrees(theta), 1.0)
            x = center[0] + radius * math.sin(theta)
            y = center[1] + radius * math.cos(theta)
            surface.blit(rotated, rotated.get_rect(center=(round(x), round(y))))

    # ---- small cached pieces -----------------------------------------------------------

    def pill(
        self,
        text: str,
        size: int,
        fg: tuple[int, int, int] = WHITE,
        bg: tuple[int, int, int, int] = (10, 20, 14, 200),
    ) -> pygame.Surface:
        """A label on a rounded dark pill (cached)."""
        key = (text, size, fg, bg)
        surface = self._pills.get(key)
        if surface is None:
            label = self.assets.text(text, size, fg, bold=True)
            pad_x, pad_y = size // 2, max(3, size // 5)
            surface = pygame.Surface(
                (label.get_width() + 2 * pad_x, label.get_height() + 2 * pad_y), pygame.SRCALPHA
            )
            pygame.draw.rect(surface, bg, surface.get_rect(), border_radius=surface.get_height() // 2)
            surface.blit(label, (pad_x, pad_y))
            if len(self._pills) > 600:
                self._pills.clear()
            self._pills[key] = surface
        return surface

    def card_image(self, code: str | None, size: tuple[int, int]) -> pygame.Surface:
        """A card face or back at a table size."""
        return self.assets.card(code, size)

    def lay_card(self, surface: pygame.Surface, code: str | None, rect: pygame.Rect) -> None:
        """A card lying still in `rect` (its face, or its back when `code` is None), with its shadow."""
        image, (dx, dy) = self.assets.shadowed_card(code, rect.size)
        surface.blit(image, (rect.x + dx, rect.y + dy))

    # ---- the dynamic table -------------------------------------------------------------

    def draw(self, surface: pygame.Surface, p: Presenter, rules: Rules) -> None:
        """Paint the whole table as the presenter shows it: the still layer, then what moves over it."""
        collected = [p.card_place(card, (0, 0, *layout.CARD_SIZE)) for card in p.collecting]
        resting = self.resting_collected(p, collected)
        self._show_still(surface, self.still_layer(surface, p, rules, resting))
        for i, card in enumerate(p.dealer):
            if not _settled(card):
                self.draw_card(surface, card, p.card_place(card, p.dealer_target(i)), layout.CARD_SIZE)
        for seat in range(len(p.seats)):
            self.draw_seat_motion(surface, p, seat)
        self.draw_betting_pointer(surface, p)
        for flight in p.flights:
            self.draw_flight(surface, flight)
        self.draw_collecting(surface, p, collected, resting)
        if p.shuffle is not None and not p.shuffle.done:
            self.draw_shuffle(surface, p.shuffle.progress)

    # ---- the still layer: what did not move, drawn again only where it changed -------------

    def still_layer(
        self, surface: pygame.Surface, p: Presenter, rules: Rules, resting: list[Point | None]
    ) -> pygame.Surface:
        """The table at rest, canvas-sized in `surface`'s format: the under layer (`_under_layer`), then each
        seat's settled layer (`seat_layer`), then the name plates (`plate_parts`), then the cards of the
        table being collected that lie still at `resting` places (`resting_collected`). Kept between frames
        and keyed on what it shows: only the rectangles where something changed are composed again."""
        under, under_dirty = self._under_layer(surface, p, rules)
        redrawn: list[pygame.Rect] = []  # where a seat's layer was drawn again in place
        parts = [self.seat_layer(p, seat, redrawn) for seat in range(len(p.seats))] + self.plate_parts(p)
        for card, place in zip(p.collecting, resting, strict=True):  # a part a card, in the same places
            parts += [None] if place is None else self.card_pieces(card.code, place, layout.CARD_SIZE)
        still = self._still
        dirty: list[pygame.Rect] = []
        if still is None or _format(still) != _format(under):
            still = NotingSurface(layout.CANVAS_SIZE, self.assets, like=under)
            self._still_notes = []
            self.assets.keep_layer_notes(still, self._still_notes)
            self._still = still
            dirty.append(still.get_rect())
        else:
            if under_dirty is not None:
                dirty.append(under_dirty)
            for area in redrawn:
                _gather(dirty, _whole_columns(area))
            for old, new in zip_longest(self._still_parts, parts):  # a part that came or went counts too
                if old == new:  # the same drawing (surfaces compare by identity) in the same place
                    continue
                for part in (old, new):
                    if part is not None:
                        _gather(dirty, _whole_columns(part[0].get_rect(topleft=part[1])))
        if dirty:
            self._compose(still, under, parts, dirty)
            self._still_noted = False
            self._still_changed += dirty
        if not self._still_noted and isinstance(surface, NotingSurface) and surface.noting:
            self._note_still(still, parts)
        self._still_parts = parts
        return still

    def _show_still(self, surface: pygame.Surface, still: pygame.Surface) -> None:
        """Put the still layer on the canvas: only where it changed and where the canvas was drawn on since it
        last held this view's still layer, when the canvas knows where that was (`NotingSurface.damage`, kept
        while the scenes draw only what they count), else whole (a whole copy is a third of a usual frame)."""
        changed, self._still_changed = self._still_changed, []
        showing, self._showing = self._showing, object()
        if not isinstance(surface, NotingSurface) or surface.damage is None or surface.shown is not showing:
            surface.blit(still, (0, 0))
        else:
            areas: list[pygame.Rect] = []
            for area in surface.damage + changed:
                _gather(areas, _whole_columns(area))
            for area in areas:
                surface.blit(still, area, area)
            if surface.noting:
                surface.note(still, still.get_rect())
        if isinstance(surface, NotingSurface):
            surface.damage, surface.shown = [], self._showing

    def _compose(
        self, still: NotingSurface, under: pygame.Surface, parts: list[Part], areas: list[pygame.Rect]
    ) -> None:
        """Draw the under layer, then the parts in order, on `still` within each of `areas` (where the pixels
        come out as drawing it all)."""
        seat_layers = {id(drawn.layer): drawn for drawn in self._seat_layers.values()}
        for area in areas:
            still.set_clip(area)
            still.blit(under, (0, 0))
            for part in parts:
                if part is None or not area.colliderect(part[0].get_rect(topleft=part[1])):
                    continue
                drawn = seat_layers.get(id(part[0]))
                if drawn is None:
                    still.blit(*part)
                else:
                    self._put_seat_layer(still, drawn, area)
        still.set_clip(None)

    def _note_still(self, still: NotingSurface, parts: list[Part]) -> None:
        """Note the sprites the still layer holds, for a window drawn larger than the canvas (only then: at
        the canvas's size, noting all the parts after each change cost up to 0.15 ms while the table was
        collected)."""
        still.notes.clear()
        for part in parts:  # noted as drawn whole, as on the canvas: a card's sprite, a seat layer's sprites
            if part is not None:
                still.note(part[0], part[0].get_rect(topleft=part[1]).clip(still.get_rect()))
        self._still_notes[:] = [note for part_notes in self._under_notes for note in part_notes] + still.notes
        still.notes.clear()
        self._still_noted = True

    @staticmethod
    def _put_seat_layer(still: pygame.Surface, drawn: _SeatLayer, area: pygame.Rect) -> None:
        """Blit a seat's layer on `still` within `area`, run-length encoded: SDL then blends its translucent
        pixels as it always has (pygame's own blit rounds some a level apart). The layer itself is never
        encoded, so drawing on it in place costs no decoding; a copy is encoded instead, whole when the area
        holds the whole layer (and kept), else just the part in the area (encoding costs by the pixel, and a
        landing card changes a small part)."""
        layer = drawn.layer
        if pygame.display.get_surface() is None:  # no window: nothing is run-length encoded
            still.blit(layer, drawn.at)
            return
        bounds = layer.get_rect(topleft=drawn.at)
        if drawn.encoded is None and area.contains(bounds):
            drawn.encoded = run_length_copy(layer)
        if drawn.encoded is not None:
            still.blit(drawn.encoded, drawn.at)
            return
        shown = area.clip(bounds)
        still.blit(run_length_copy(layer.subsurface(shown.move(-drawn.at[0], -drawn.at[1]))), shown.topleft)

    def _under_layer(
        self, surface: pygame.Surface, p: Presenter, rules: Rules
    ) -> tuple[pygame.Surface, pygame.Rect | None]:
        """The felt (`background`) with the shoe, the discard tray and the dealer's settled cards and total on
        it, canvas-sized in `surface`'s format, and the rectangle that changed since the last call (None when
        nothing did). Each of the three is keyed on what it shows; one that changed is drawn again with the
        felt and the others within the rectangle it painted and now paints."""
        background = self.background(rules, p.positions)
        base = (background, _format(surface), self.assets.ui_scale, self.assets.high_contrast)
        machine = p.round is not None and p.round.rules.csm
        keys = (
            (p.shoe_unknown, p.shoe_remaining, p.shoe_size, p.cut_index, machine, p.cut_card_out),
            (p.settings.casino, p.shoe_size, p.discarded),
            (len(p.dealer), tuple((c.code, c.jitter) if _settled(c) else None for c in p.dealer),
             self._dealer_label(p)),
        )
        draws = (self.draw_shoe, self.draw_discard, self.draw_dealer)
        under = self._under
        if under is None or self._under_base != base:
            if under is None or _format(under) != _format(surface):
                under = NotingSurface(layout.CANVAS_SIZE, self.assets, like=surface)
                self._under = under
            changed = set(range(len(draws)))
            dirty = under.get_rect()
        else:
            changed = {i for i, key in enumerate(keys) if key != self._under_keys[i]}
            if not changed:
                return under, None
            under.set_clip(pygame.Rect(0, 0, 0, 0))  # where the changed parts will paint, drawing nothing
            dirty = self._under_rects[min(changed)].copy()
            for i in changed:
                dirty.union_ip(self._under_rects[i])
                dirty.union_ip(draws[i](under, p))
            dirty = _whole_columns(dirty.inflate(4, 4))  # a pixel of anti-aliasing either side is the part's
        under.set_clip(dirty)
        under.blit(background, (0, 0))
        under.noting = True
        for i, draw in enumerate(draws):
            if i in changed or self._under_rects[i].colliderect(dirty):
                under.notes.clear()
                painted = draw(under, p)
                if i in changed:  # drawn whole (inside `dirty`): what it painted and noted is all of it
                    self._under_rects[i], self._under_notes[i] = painted, list(under.notes)
        under.notes.clear()
        under.noting = False
        under.set_clip(None)
        self._under_base, self._under_keys = base, keys
        return under, dirty

    def card_area(self, place: tuple[float, float], size: tuple[int, int]) -> pygame.Rect:
        """Where `draw_card` paints a card lying still at `place`: the card and its shadow."""
        reach = self._card_reach.get(size)
        if reach is None:
            image, at = self.assets.shadowed_card(None, size)
            reach = self._card_reach[size] = image.get_rect(topleft=at)
        return reach.move(round(place[0]), round(place[1]))

    def draw_card(
        self, surface: pygame.Surface, card: CardSprite, place: tuple[float, float], size: tuple[int, int]
    ) -> None:
        """One card with its shadow, mid-flip when it is turning over."""
        if card.flip is None:
            surface.blit(*self.card_pieces(card.code, place, size)[0])
            return
        x, y = round(place[0]), round(place[1])
        shadow, (dx, dy) = self.assets.card_shadow(size)
        surface.blit(shadow, (x + dx, y + dy))
        t = card.flip.progress
        width = max(1, round(size[0] * abs(math.cos(math.pi * t))))
        face = self.card_image(card.code if t >= 0.5 else None, size)
        image = pygame.transform.scale(face, (width, size[1]))
        surface.blit(image, (x + (size[0] - width) // 2, y - round(6 * math.sin(math.pi * t))))

    def card_pieces(self, code: str | None, place: tuple[float, float], size: tuple[int, int]) -> list[Piece]:
        """A card lying still at `place` (its face, or its back when `code` is None) with its shadow, as one
        sprite (`Assets.shadowed_card`)."""
        image, (dx, dy) = self.assets.shadowed_card(code, size)
        return [(image, (round(place[0]) + dx, round(place[1]) + dy))]

    def draw_shoe(self, surface: pygame.Surface, p: Presenter) -> pygame.Rect:
        """The shoe, its gauge of cards left and the cut card; returns the rectangle it paints."""
        rect = layout.shoe_rect()
        surface.blit(self.assets.image(sprites.SHOE_FILE, rect.size), rect.topleft)
        gauge = pygame.Rect(rect.x + 8, rect.bottom + 8, rect.w - 16, 8)
        painted = rect.union(gauge.inflate(8, 20))  # with the cut card's line, which reaches past the gauge
        if p.shoe_unknown:
            label = self.assets.shadowed_text(_("shoe not saved"), 17, CREAM)
        elif p.shoe_remaining is not None and p.shoe_size:
            pygame.draw.rect(surface, (20, 30, 24), gauge, border_radius=4)
            fill = gauge.copy()
            fill.w = round(gauge.w * p.shoe_remaining / p.shoe_size)
            pygame.draw.rect(surface, CREAM, fill, border_radius=4)
            machine = p.round is not None and p.round.rules.csm  # a machine has no cut card
            if p.cut_index is not None and not machine:
                cut_x = gauge.x + round(gauge.w * (p.shoe_size - p.cut_index) / p.shoe_size)
                pygame.draw.line(surface, RED, (cut_x, gauge.y - 4), (cut_x, gauge.bottom + 3), 3)
            label = self._shoe_count(p.shoe_remaining, machine)
        elif p.shoe_remaining is not None:
            label = self._shoe_count(p.shoe_remaining, False)
        else:
            label = self.assets.shadowed_text(_("continuous shuffle"), 17, CREAM)
        painted.union_ip(_put(surface, label, label.get_rect(midtop=(rect.centerx, gauge.bottom + 5))))
        if p.cut_card_out:
            note = self.pill(_("LAST ROUND BEFORE THE SHUFFLE"), 16, (255, 230, 160), (120, 24, 24, 230))
            where = note.get_rect(midtop=(rect.centerx - 20, gauge.bottom + 26))
            painted.union_ip(_put(surface, note, where))
        return painted

    def _shoe_count(self, n: int, machine: bool) -> pygame.Surface:
        """The label of how many cards are left in the shoe (or the machine); that of one fewer, which the
        next card dealt shows, is drawn in spare frame time."""

        def label(n: int) -> pygame.Surface:
            # TRANSLATORS: under a continuous shuffling machine: how many cards are in it
            words = ngettext("{n} in the machine", "{n} in the machine", n) if machine else ngettext(
                "{n} card left", "{n} cards left", n
            )
            return self.assets.shadowed_text(words.format(n=n), 17, CREAM)

        if n > 0:
            self.assets.warm_later(partial(label, n - 1))
        return label(n)

    def draw_discard(self, surface: pygame.Surface, p: Presenter) -> pygame.Rect:
        """The discard tray, filling as rounds are played (under casino conditions, seen from the side
        with its stack to scale, as a counter reads the decks played from it); returns the rectangle it
        paints."""
        rect = layout.discard_rect()
        if p.settings.casino and p.shoe_size:
            tray = pygame.Rect(0, 0, min(rect.w, TRAY_WIDTH), rect.h)  # upright, as a tray seen from the side
            tray.midbottom = rect.midbottom
            draw_tray(surface, tray, p.discarded, p.shoe_size // 52)
            words = ngettext("{n} in the tray", "{n} in the tray", p.discarded).format(n=p.discarded)
            label = self.assets.shadowed_text(words, 17, CREAM)
            return tray.union(_put(surface, label, label.get_rect(midtop=(rect.centerx, rect.bottom + 4))))
        painted = _put(surface, self.assets.image(sprites.DISCARD_FILE, rect.size), rect)
        if p.discarded and p.shoe_size:
            layers = max(1, min(24, round(24 * p.discarded / p.shoe_size)))
            size = (58, 40)
            back = self.assets.card(None, (size[1], size[0]))
            for i in range(layers):
                at = back.get_rect(topleft=(rect.centerx - size[1] // 2, rect.centery - size[0] // 2 + 6 - i))
                painted.union_ip(_put(surface, back, at))
        if p.discarded:
            words = ngettext("{n} discarded", "{n} discarded", p.discarded).format(n=p.discarded)
            label = self.assets.shadowed_text(words, 17, CREAM)
            painted.union_ip(_put(surface, label, label.get_rect(midtop=(rect.centerx, rect.bottom + 4))))
        return painted

    def draw_collecting(
        self, surface: pygame.Surface, p: Presenter, places: list[Point], resting: list[Point | None]
    ) -> None:
        """The cards on their way to the tray at their `places`, in order, but those drawn with the still
        layer (`resting`). Those already in the tray lie still, one on another (the first to go arrive first):
        their pile is kept as drawn and put back in one blit."""
        cards = p.collecting
        arrived = 0
        while arrived < len(cards) and cards[arrived].move.done and cards[arrived].dest == cards[0].dest:
            arrived += 1
        drawn = self._put_pile(surface, cards[:arrived], places[:arrived]) if arrived > 1 else 0
        for card, place, rests in zip(cards[drawn:], places[drawn:], resting[drawn:], strict=True):
            if rests is None:
                self.draw_card(surface, card, place, layout.CARD_SIZE)

    def resting_collected(self, p: Presenter, places: list[Point]) -> list[Point | None]:
        """Where each card of the table being collected (now at `places`) lies still, to be drawn with the
        still layer (None for a card drawn over it). A card waiting to leave for the tray rests there when
        nothing drawn before it over the still layer (a card that left, chips in flight, a pointer) reaches
        into it: drawn earlier and once, it then paints the same pixels. Nothing rests while cards are
        dealt."""
        cards = p.collecting
        if all(card.move.started for card in cards) or any(not _settled(card) for card in p.dealer) or any(
            not _settled(card) for seat in p.seats for hand in seat.hands for card in hand.cards
        ):
            return [None] * len(cards)
        covered = [self._flight_reach(flight) for flight in p.flights]
        covered += [where for where in [self._betting_pointer_at(p)] if where is not None]
        covered += [where for seat in range(len(p.seats)) if (where := self._hand_pointer_at(p, seat))]
        resting: list[Point | None] = []
        for card, place in zip(cards, places, strict=True):
            area = self.card_area(place, layout.CARD_SIZE)
            if card.move.started or card.flip is not None or area.collidelist(covered) != -1:
                covered.append(area)
                resting.append(None)
            else:
                resting.append(place)
        return resting

    def _put_pile(self, surface: pygame.Surface, pile: list[CardSprite], places: list[Point]) -> int:
        """Draw the cards lying in the tray at `places`, from the kept pile while what lies under it shows the
        same pixels as when it was kept (so it comes out as drawing each card again); return how many it
        drew."""
        size = layout.CARD_SIZE
        place = self.card_area(places[0], size).inflate(4, 4)  # a card a pixel off (rounding) is still in it
        inside = surface.get_rect().contains(place)
        if not inside or not all(place.contains(self.card_area(at, size)) for at in places):
            return 0
        notes = surface.notes if isinstance(surface, NotingSurface) and surface.noting else None
        under = pygame.image.tobytes(surface.subsurface(place), "RGB")
        kept = self._pile
        if kept is None or (kept.place, kept.under, kept.noting) != (place, under, notes is not None) or not (
            len(kept.cards) <= len(pile) and all(a is b for a, b in zip(kept.cards, pile, strict=False))
        ):
            kept = _Pile(place, under, notes is not None)
        noted = len(notes) if notes is not None else 0
        if kept.image is not None:
            surface.blit(kept.image, place)  # noting the cards it holds
        if len(kept.cards) < len(pile):
            for card, at in zip(pile[len(kept.cards) :], places[len(kept.cards) :], strict=True):
                self.draw_card(surface, card, at, size)
            kept.image, kept.cards = surface.subsurface(place).copy(), list(pile)
            held = notes[noted:] if notes is not None else []  # drawn again from the art when enlarged
            corner = -place.x, -place.y
            self.assets.keep_layer_notes(kept.image, [(sprite, at.move(corner)) for sprite, at in held])
        self._pile = kept
        return len(pile)

    def draw_shuffle(self, surface: pygame.Surface, t: float) -> None:
        """Two half-shoes riffling into one, above the dealer's spot."""
        size = layout.CARD_SIZE
        back, (dx, dy) = self.assets.shadowed_card(None, size)
        cx, cy = 640, layout.DEALER_CARDS_TOP
        spread = 70 * math.sin(math.pi * min(1.0, t * 1.15))
        for i in range(10):
            phase = (t * 3 + i / 10) % 1.0
            side = -1 if i % 2 else 1
            x = cx - size[0] // 2 + side * spread * (1 - ease_in_out(phase))
            y = cy - 10 * math.sin(math.pi * phase)
            surface.blit(back, (round(x) + dx, round(y) + dy))

    def draw_dealer(self, surface: pygame.Surface, p: Presenter) -> pygame.Rect:
        """The dealer's settled cards and total (a card on its way is drawn over the still layer: `draw`);
        returns the rectangle it paints (empty at the dealer's place when there is nothing)."""
        painted = pygame.Rect(layout.dealer_label_pos(), (0, 0))
        for i, card in enumerate(p.dealer):
            if _settled(card):
                place = p.card_place(card, p.dealer_target(i))
                self.draw_card(surface, card, place, layout.CARD_SIZE)
                painted.union_ip(self.card_area(place, layout.CARD_SIZE))
        label = self._dealer_label(p)
        if label is not None:
            pill = self.pill(*label)
            painted.union_ip(_put(surface, pill, pill.get_rect(center=layout.dealer_label_pos())))
        return painted

    @staticmethod
    def _dealer_label(p: Presenter) -> tuple[str, int, tuple[int, int, int]] | None:
        """The pill over the dealer's cards (words, size, color) once they all lie still, else None."""
        if p.dealer_total and all(c.move.done and c.flip is None for c in p.dealer):
            color = {_("BUST"): RED, _("BLACKJACK"): GOLD}.get(p.dealer_total, WHITE)
            # TRANSLATORS: the badge over the dealer's cards with their total ("DEALER  SOFT 17")
            return _("DEALER  {total}").format(total=p.dealer_total.upper()), 20, color
        return None

    def seat_layer(self, p: Presenter, seat: int, changed: list[pygame.Rect]) -> Part:
        """A seat's settled look (cards at rest, chips, labels) and where it lies; drawn again only when it
        changes (`_seat_key`), in place where it can be (`_redraw_seat_layer`, adding the rectangles of the
        canvas it drew again to `changed`); None for a seat with nothing on the felt."""
        model = p.seats[seat]
        if not model.hands and not model.insurance:
            return None
        key = self._seat_key(p, seat)
        cached = self._seat_layers.get(seat)
        if cached is None or cached.key != key:
            if cached is None or not self._land_ahead(cached, key, changed):
                ring, pieces = self.seat_pieces(p, seat)
                if cached is None or not self._redraw_seat_layer(cached, ring, pieces, changed):
                    cached = self._build_seat_layer(p, seat, ring, pieces)
            cached.key = key
            self._seat_layers[seat] = cached
        return cached.layer, cached.at

    def prepare(self, p: Presenter) -> None:
        """In spare frame time, draw ahead the look of each seat with cards on their way as it will be once
        they have landed, on a second layer (`_SeatLayer.ahead`) encoded for the still layer: the frame they
        land in then copies the areas that change from it (`_land_ahead`) instead of listing, drawing and
        encoding them (about 0.4 ms of such a frame)."""
        for seat, drawn in self._seat_layers.items():
            if seat >= len(p.seats) or drawn.key != self._seat_key(p, seat):
                continue  # gone, or changed since it was drawn: the next frame draws it
            key = self._seat_key(p, seat, landed=True)
            if key == drawn.key or (drawn.ahead is not None and drawn.ahead.key == key):
                continue  # nothing on its way, or drawn ahead already
            ring, pieces = self.seat_pieces(p, seat, landed=True)
            ahead = drawn.ahead if drawn.ahead is not None else self._second_layer(drawn)
            drawn.ahead = ahead
            if not self._redraw_seat_layer(ahead, ring, pieces, []):
                drawn.ahead = None  # it will not fit: the frame it lands in builds the seat's layer again
                continue
            ahead.key = key
            if pygame.display.get_surface() is not None and self._still is not None:
                ahead.encoded = run_length_copy(ahead.layer)
                self._still.encode_now(ahead.encoded)

    def _second_layer(self, drawn: _SeatLayer) -> _SeatLayer:
        """A copy of a seat's layer, as drawn, to draw its next look on."""
        layer = NotingSurface(drawn.layer.get_size(), self.assets, alpha=True)
        layer.blit(drawn.layer, (0, 0), special_flags=pygame.BLEND_RGBA_MAX)  # over clear pixels: a copy
        layer.notes[:] = drawn.layer.notes
        self.assets.keep_layer_notes(layer, layer.notes)
        return _SeatLayer(drawn.key, layer, drawn.at, drawn.ring, drawn.pieces)

    @staticmethod
    def _land_ahead(drawn: _SeatLayer, key: tuple[object, ...], changed: list[pygame.Rect]) -> bool:
        """Show the look drawn ahead for `key` on a seat's layer: copy in the areas where it differs, take its
        encoded copy, and add those areas of the canvas to `changed`. False, doing nothing, unless the seat's
        look drawn ahead is the one to show."""
        ahead = drawn.ahead
        if ahead is None or ahead.key != key:
            return False
        areas = TableView._differences(drawn, ahead.ring, ahead.pieces)
        if areas is None:
            areas = [drawn.layer.get_rect(topleft=drawn.at)]
        layer = drawn.layer
        for area in areas:
            local = area.move(-drawn.at[0], -drawn.at[1])
            layer.fill((0, 0, 0, 0), local)
            layer.blit(ahead.layer, local, local, special_flags=pygame.BLEND_RGBA_MAX)  # over clear: a copy
        drawn.ring, drawn.pieces = ahead.ring, ahead.pieces
        drawn.encoded, ahead.encoded = ahead.encoded, None
        layer.notes[:] = ahead.layer.notes
        changed += areas
        return True

    def draw_seat_motion(self, surface: pygame.Surface, p: Presenter, seat: int) -> None:
        """A seat's cards on their way (over the still layer) and the pointer over the hand to play."""
        model = p.seats[seat]
        if not model.hands:
            return
        size = self._seat_card_size(p, seat)
        for h, hand in enumerate(model.hands):
            for i, card in enumerate(hand.cards):
                if not _settled(card):
                    self.draw_card(surface, card, p.card_place(card, p.card_target(seat, h, i)), size)
        where = self._hand_pointer_at(p, seat)
        if where is not None:
            surface.blit(self.assets.image(sprites.POINTER_FILE), where)

    def _hand_pointer_at(self, p: Presenter, seat: int) -> pygame.Rect | None:
        """Where the pointer over the seat's hand to play lies now (None unless it plays, its cards still)."""
        model = p.seats[seat]
        if p.active is None or p.active[0] != seat or p.active[1] >= len(model.hands):
            return None
        hand = model.hands[p.active[1]]
        if not hand.cards or not all(_settled(c) for c in hand.cards):
            return None
        last = pygame.Rect(p.card_target(seat, p.active[1], len(hand.cards) - 1))
        pointer = self.assets.image(sprites.POINTER_FILE)
        return pointer.get_rect(midbottom=(last.centerx, last.top - 6 + self._bob(p)))

    def plate_parts(self, p: Presenter) -> list[Part]:
        """Each seat's plate and bankroll and where it lies (None for a seat that left), the seat whose turn
        it is lit in its color."""
        parts: list[Part] = []
        for seat, plate in enumerate(p.plates):
            if plate.left or seat >= len(p.seats):
                parts.append(None)
                continue
            active = p.turn == seat
            pending = p.pending_bet if active else 0
            image = self.plate(plate, p.seats[seat].shown_bankroll() - pending, active)
            parts.append((image, image.get_rect(center=layout.plate_center(p.positions[seat])).topleft))
        return parts

    def draw_betting_pointer(self, surface: pygame.Surface, p: Presenter) -> None:
        """While betting, the pointer bobs over the circle (or the first card) of the seat to bet."""
        where = self._betting_pointer_at(p)
        if where is not None:
            surface.blit(self.assets.image(sprites.POINTER_FILE), where)

    def _betting_pointer_at(self, p: Presenter) -> pygame.Rect | None:
        """Where the betting pointer lies now (None when no seat is betting)."""
        if p.turn is None or p.turn >= len(p.seats) or p.active is not None:
            return None
        model = p.seats[p.turn]
        x, y = layout.seat_position(p.positions[p.turn])
        top = y - layout.CIRCLE_RADIUS - 4
        if model.hands and model.hands[0].cards and all(_settled(c) for c in model.hands[0].cards):
            top = pygame.Rect(p.card_target(p.turn, 0, len(model.hands[0].cards) - 1)).top - 6
        return self.assets.image(sprites.POINTER_FILE).get_rect(midbottom=(x, top + self._bob(p)))

    def _bob(self, p: Presenter) -> int:
        """How high the pointer bobs now: it moves for the first seconds of a turn, then rests."""
        turn = (id(p), p.turn, p.active)
        if turn != self._pointed or p.clock < self._pointed_at:
            self._pointed, self._pointed_at = turn, p.clock
        since = p.clock - self._pointed_at
        return round(5 * math.sin(since * 6)) if since < POINTER_BOBS_FOR else 0

    def plate(self, plate: PlateModel, bankroll: Money, active: bool) -> pygame.Surface:
        """A name plate: name and bankroll on the seat's color (filled when it is its turn); cached."""
        key = (plate.name, plate.color, plate.person, bankroll, active, language())
        image = self._plates.get(key)
        if image is None:
            w, h = layout.PLATE_SIZE
            image = pygame.Surface((w, h), pygame.SRCALPHA)
            light = sum(plate.color) > 420
            if active:
                pygame.draw.rect(image, plate.color, image.get_rect(), border_radius=h // 2)
                pygame.draw.rect(image, WHITE, image.get_rect(), 2, border_radius=h // 2)
                fg = (16, 16, 16) if light else WHITE
                money_fg = fg
            else:
                pygame.draw.rect(image, (10, 16, 12, 215), image.get_rect(), border_radius=h // 2)
                pygame.draw.rect(image, plate.color, image.get_rect(), 2, border_radius=h // 2)
                fg, money_fg = plate.color if plate.person else CREAM, CREAM
            amount = self.assets.text(money(bankroll), 16, money_fg, bold=True)
            room = w - amount.get_width() - 24
            name = plate.name
            label = self.assets.text(name, 17, fg, bold=True)
            while label.get_width() > room and len(name) > 2:
                name = name[:-1]
                label = self.assets.text(name.rstrip() + "…", 17, fg, bold=True)
            image.blit(label, label.get_rect(midleft=(10, h // 2 + 1)))
            image.blit(amount, amount.get_rect(midright=(w - 10, h // 2 + 1)))
            if len(self._plates) > 300:
                self._plates.clear()
            self._plates[key] = image
        return image

    @staticmethod
    def _seat_card_size(p: Presenter, seat: int) -> tuple[int, int]:
        count = len(p.seats[seat].hands)
        return layout.hand_card_size(count, p.rooms[seat]) if count else layout.CARD_SIZE

    @staticmethod
    def _seat_key(p: Presenter, seat: int, landed: bool = False) -> tuple[object, ...]:
        """Everything the settled look of a seat depends on (once its cards on their way land if `landed`)."""
        model = p.seats[seat]
        hands = tuple(
            (_shown_codes(h, landed), h.stake, h.result, h.net, h.busted, h.natural_possible)
            for h in model.hands
        )
        active = p.active[1] if p.active is not None and p.active[0] == seat else None
        return hands, model.insurance, active, p.assets_key

    def _build_seat_layer(
        self, p: Presenter, seat: int, ring: pygame.Rect | None, pieces: list[Piece]
    ) -> _SeatLayer:
        """Draw the seat's settled cards, chips and labels once, on a layer just the size of what they cover
        and of where each hand's cards on their way, its next card and any up to its fifth will lie and its
        ring will be (the fewer pixels, the cheaper it is to encode and compose when the seat changes; a card
        then lands inside it, and is drawn in place, as is the ring when the seat's turn comes)."""
        covered = [image.get_rect(topleft=at) for image, at in pieces]
        size = self._seat_card_size(p, seat)
        for h, hand in enumerate(p.seats[seat].hands):
            covered.append(self._ring(p, seat, h))
            for i in range(max(len(hand.cards) + 1, ROOM_FOR_CARDS)):
                if i >= len(hand.cards) or not _settled(hand.cards[i]):
                    covered.append(self.card_area(p.card_target(seat, h, i)[:2], size))
        area = covered[0].unionall(covered[1:]) if covered else pygame.Rect(0, 0, 0, 0)
        area = area.clip(pygame.Rect((0, 0), layout.CANVAS_SIZE))
        layer = NotingSurface(area.size, self.assets, alpha=True)
        drawn = _SeatLayer((), layer, area.topleft, ring, pieces)
        self._paint_seat_layer(drawn, [layer.get_rect()])
        self.assets.keep_layer_notes(layer, layer.notes)
        return drawn

    def _redraw_seat_layer(
        self, drawn: _SeatLayer, ring: pygame.Rect | None, pieces: list[Piece], changed: list[pygame.Rect]
    ) -> bool:
        """Draw a seat's layer again in place, only where the ring or a piece came, went or moved (a card
        landing, its hand's new total, the next hand to play), and add those rectangles of the canvas to
        `changed`. False, drawing nothing, when it cannot be: something lies outside the layer, or pieces kept
        change their order (each pixel is drawn from the same pieces in the same order as a fresh layer, so
        it comes out the same)."""
        areas = self._differences(drawn, ring, pieces)
        if areas is None:
            return False
        drawn.ring, drawn.pieces = ring, pieces
        self._paint_seat_layer(drawn, [area.move(-drawn.at[0], -drawn.at[1]) for area in areas])
        changed += areas
        return True

    @staticmethod
    def _differences(
        drawn: _SeatLayer, ring: pygame.Rect | None, pieces: list[Piece]
    ) -> list[pygame.Rect] | None:
        """The rectangles of the canvas where a seat's layer drawn from `ring` and `pieces` would differ from
        `drawn`: where a piece or the ring came, went or moved. None when it cannot be drawn again there:
        something lies outside the layer, or pieces kept change their order."""
        bounds = drawn.layer.get_rect(topleft=drawn.at)
        if not all(bounds.contains(image.get_rect(topleft=at)) for image, at in pieces) or (
            ring is not None and not bounds.contains(ring)
        ):
            return None
        old = {(id(image), at) for image, at in drawn.pieces}
        new = {(id(image), at) for image, at in pieces}
        kept = old & new
        if [piece for piece in drawn.pieces if (id(piece[0]), piece[1]) in kept] != [
            piece for piece in pieces if (id(piece[0]), piece[1]) in kept
        ]:
            return None
        areas: list[pygame.Rect] = []
        for image, at in [*drawn.pieces, *pieces]:
            if (id(image), at) not in kept:
                _gather(areas, image.get_rect(topleft=at))
        if ring != drawn.ring:
            for moved in (drawn.ring, ring):
                if moved is not None:
                    _gather(areas, moved)
        return areas

    def _paint_seat_layer(self, drawn: _SeatLayer, areas: list[pygame.Rect]) -> None:
        """Clear each of `areas` of a seat's layer and draw there its ring and the pieces that reach into it;
        note again where the layer's sprites lie."""
        layer = drawn.layer
        x, y = drawn.at
        drawn.encoded = None
        for area in areas:
            layer.set_clip(area)
            layer.fill((0, 0, 0, 0))
            if drawn.ring is not None:
                pygame.draw.ellipse(layer, GOLD, drawn.ring.move(-x, -y), 4)
            for image, (px, py) in drawn.pieces:
                where = image.get_rect(topleft=(px - x, py - y))
                if area.colliderect(where):
                    layer.blit(image, where)
        layer.set_clip(None)
        layer.notes.clear()  # a seat layer keeps where its cards lie (drawn sharp when scaled up)
        for image, (px, py) in drawn.pieces:
            layer.note(image, image.get_rect(topleft=(px - x, py - y)).clip(layer.get_rect()))

    def seat_pieces(
        self, p: Presenter, seat: int, landed: bool = False
    ) -> tuple[pygame.Rect | None, list[Piece]]:
        """What a seat's settled look is drawn from, in place on the canvas: the ring round the hand to play
        (None when the seat does not play), then, in order, its chips, its settled cards (all of them once
        landed, if `landed`) and its labels."""
        model = p.seats[seat]
        ring = None
        if p.active is not None and p.active[0] == seat:
            ring = self._ring(p, seat, p.active[1])
        pieces: list[Piece] = []
        for h, hand in enumerate(model.hands):
            if hand.stake:
                pieces += self.stack_pieces(hand.stake, p.hand_chip_pos(seat, h))
        if model.insurance:
            pieces += self.stack_pieces(model.insurance, p.insurance_pos(seat), small=True)
        size = self._seat_card_size(p, seat)
        for h, hand in enumerate(model.hands):
            for i, card in enumerate(hand.cards):
                if _shown(card, landed):
                    pieces += self.card_pieces(card.code, p.card_target(seat, h, i)[:2], size)
        pieces += [(image, rect.topleft) for image, rect in self.seat_labels(p, seat, landed)]
        return ring, pieces

    @staticmethod
    def _ring(p: Presenter, seat: int, hand: int) -> pygame.Rect:
        """The ring round a hand's chips while it plays."""
        ring = pygame.Rect(0, 0, 2 * layout.CIRCLE_RADIUS + 12, 2 * layout.CIRCLE_RADIUS + 12)
        ring.center = p.hand_chip_pos(seat, hand)
        return ring

    def seat_labels(
        self, p: Presenter, seat: int, landed: bool = False
    ) -> list[tuple[pygame.Surface, pygame.Rect]]:
        """Each hand's total under its cards and its result over them (over its circle once the dealer
        has taken the cards of a surrender), laid out inside the seat's room so that none overlaps: those of
        the cards that have landed (all of them, if `landed`): a card on its way changes them as it lands."""
        room = p.rooms[seat]
        size = self._seat_card_size(p, seat)
        big = size == layout.CARD_SIZE
        wanted: list[tuple[pygame.Surface, pygame.Rect]] = []
        for h, hand in enumerate(p.seats[seat].hands):
            if not hand.cards:
                if hand.result is not None:
                    badge = self._result_badge(hand, 26 if big else 18, room)
                    wanted.append((badge, badge.get_rect(center=p.hand_chip_pos(seat, h))))
                continue
            shown = [i for i, card in enumerate(hand.cards) if _shown(card, landed)]
            if not shown:
                continue
            first = pygame.Rect(p.card_target(seat, h, shown[0]))
            last = pygame.Rect(p.card_target(seat, h, shown[-1]))
            text = hand.label([hand.codes[i] for i in shown])
            if text:
                color = RED if text == _("BUST") else (GOLD if text in (_("BLACKJACK"), "21") else WHITE)
                label = self._fitted_pill(text.upper(), 20 if big else 16, room, color)
                under = ((first.centerx + last.centerx) // 2, first.bottom - 6)
                wanted.append((label, label.get_rect(midtop=under)))
            if hand.result is not None:
                badge = self._result_badge(hand, 26 if big else 18, room)
                mid = (first.centerx + last.centerx) // 2, (first.centery + last.centery) // 2
                wanted.append((badge, badge.get_rect(center=mid)))
        bounds = layout.seat_bounds(p.positions[seat], room)
        placed = layout.place_labels([rect for _image, rect in wanted], bounds)
        return [(image, rect) for (image, _where), rect in zip(wanted, placed, strict=True)]

    def _fitted_pill(
        self,
        text: str,
        size: int,
        width: int,
        fg: tuple[int, int, int] = WHITE,
        bg: tuple[int, int, int, int] = (10, 20, 14, 200),
    ) -> pygame.Surface:
        """A pill in the biggest type up to `size` that is no wider than `width` (down to 12 points)."""
        image = self.pill(text, size, fg, bg)
        while image.get_width() > width and size > 12:
            size -= 2
            image = self.pill(text, size, fg, bg)
        return image

    def _result_badge(self, hand: HandModel, size: int, width: int) -> pygame.Surface:
        """A settled hand's result on a pill: green for a win, red for a loss, grey for a push."""
        won = hand.net is not None and hand.net > 0
        push = hand.net == 0
        color = (255, 255, 255) if push else (GREEN_TEXT if won else (255, 200, 190))
        bg = (40, 40, 40, 220) if push else ((16, 90, 40, 235) if won else (130, 20, 24, 235))
        return self._fitted_pill(hand.result_text(), size, width, color, bg)

    def draw_stack(
        self,
        surface: pygame.Surface,
        amount: Money,
        center: tuple[float, float],
        *,
        small: bool = False,
        label: bool = True,
    ) -> None:
        """Chips for an amount: biggest chips at the bottom, in up to three stacks, the amount under them."""
        for image, at in self._stack_pieces(amount, center, small, label):  # in flight: not kept
            surface.blit(image, at)

    def stack_pieces(
        self, amount: Money, center: tuple[float, float], *, small: bool = False, label: bool = True
    ) -> list[Piece]:
        """The chips of `draw_stack` and where each lies, bottom first, then the amount's label (kept: a
        seat's pieces are listed again each time one of its cards lands). Not to be changed."""
        key = (amount, center, small, label, language())  # the amount's words are the language's
        pieces = self._stacks.get(key)
        if pieces is None:
            if len(self._stacks) > 300:
                self._stacks.clear()
            pieces = self._stacks[key] = self._stack_pieces(amount, center, small, label)
        return pieces

    def _stack_pieces(
        self, amount: Money, center: tuple[float, float], small: bool, label: bool
    ) -> list[Piece]:
        width = 38 if small else layout.STACK_CHIP_WIDTH
        step = max(3, round(sprites.STACK_STEP * width / sprites.STACK_SIZE[0]))
        chips = [value for value, count in chips_for(amount) for _ in range(count)]
        per_stack = 10
        stacks = [chips[i : i + per_stack] for i in range(0, min(len(chips), 3 * per_stack), per_stack)]
        gap = width - 8
        left = center[0] - (len(stacks) - 1) * gap / 2
        chip_h = self.assets.stack_chip(1, width).get_height()
        base_y = center[1] + chip_h // 2 + 4
        pieces: list[Piece] = []
        for c, stack in enumerate(stacks):
            x = round(left + c * gap - width / 2)
            for k, value in enumerate(stack):
                pieces.append((self.assets.stack_chip(value, width), (x, round(base_y - chip_h - k * step))))
        if label:
            text = self.pill(amount_words(amount), 14 if small else 16, WHITE, (0, 0, 0, 170))
            pieces.append((text, text.get_rect(midtop=(round(center[0]), round(base_y + 1))).topleft))
        return pieces

    def draw_flight(self, surface: pygame.Surface, flight: ChipFlight) -> None:
        """Chips sliding across the felt."""
        self.draw_stack(surface, flight.amount, self._flight_at(flight), label=False)

    @staticmethod
    def _flight_at(flight: ChipFlight) -> Point:
        """Where the chips in flight are now (the centre of their stack)."""
        t = ease_out(flight.timer.progress)
        x = flight.start[0] + (flight.end[0] - flight.start[0]) * t
        y = flight.start[1] + (flight.end[1] - flight.start[1]) * t
        return x, y

    def _flight_reach(self, flight: ChipFlight) -> pygame.Rect:
        """A rectangle holding the chips in flight as `draw_flight` paints them now."""
        reach = self._stack_reach.get(flight.amount)
        if reach is None:
            pieces = self.stack_pieces(flight.amount, (0, 0), label=False)
            chips = [image.get_rect(topleft=at) for image, at in pieces]
            # round another centre a chip may lie a pixel either way; no whole chip, nothing drawn
            reach = chips[0].unionall(chips).inflate(4, 4) if chips else pygame.Rect(0, 0, 0, 0)
            if len(self._stack_reach) > 300:
                self._stack_reach.clear()
            self._stack_reach[flight.amount] = reach
        x, y = self._flight_at(flight)
        return reach.move(round(x), round(y))
