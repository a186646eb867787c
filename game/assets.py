"""One cached loader for every asset: images by name and size, fonts, text labels and sounds.

Images come from the `sprites` package and sounds from the `sounds` package through
`importlib.resources`. Nothing is loaded per frame: each (name, size) is read, converted
and scaled once. Convert needs a display mode, so build `Assets` after `set_mode`.
A sprite file that is missing gives a plain stand-in drawn in memory (the game still
runs while the art is being made) and is reported once in `missing`.

The loader also carries the look the players chose (`set_look`): text drawn larger by the
UI scale, and the high-contrast theme (white and bright text, a darker felt, opaque shadows).
"""

from __future__ import annotations

import logging
import time
import weakref
from collections import OrderedDict, deque
from collections.abc import Callable
from functools import partial
from importlib import resources
from typing import Any

import pygame

import sounds
import sprites
from game.glyphs import COVERAGE_FILE, FONT_FILE, drawable_text

log = logging.getLogger(__name__)

Color = tuple[int, int, int]

Laid = tuple[pygame.Surface, tuple[int, int]]
"""A sprite and where its top left corner lies from what it is drawn for."""

CHIP_COLORS: dict[int, Color] = {
    1: (235, 235, 230),
    5: (200, 30, 40),
    25: (30, 140, 60),
    100: (25, 25, 30),
    500: (110, 50, 150),
}
"""Casino chip colors by value, used by the stand-ins and the rack labels."""

FONT_SCALE = 0.6875
"""Point size per layout size: the layout's sizes were chosen with pygame's default font, which
pygame draws at 0.6875 of the size asked; ours is drawn the same so every label keeps its width."""

TEXT_CACHE_SIZE = 600
"""The most rendered labels kept; the least recently drawn goes first (amounts change every round)."""

SHARP_PREFIXES = ("cards", "chips/")
"""Sprites drawn again from their full-size art in a window larger than the canvas (`Assets.sharp`)."""

SHARP_ALPHA = 250
"""The least alpha of a sprite pixel that counts as opaque (the card art's faces are 253)."""

SAME_PIXEL = (6, 6, 6, 255)
"""How far a drawn pixel's color may be from a noted sprite's for the sprite to still show there (an
almost opaque pixel blends in a little of what was under it, once per layer); alpha is not compared."""

MAX_DAMAGE = 256
"""The most rectangles a surface counts in `damage` (a canvas whose layer is not put back for a while stops
counting rather than grow; the layer is then put back whole)."""

Notes = list[tuple[pygame.Surface, pygame.Rect]]
"""Card and chip sprites drawn whole on a surface, and where, in the order drawn."""

CONTRAST_FELT = (80, 80, 80)
"""What the felt is multiplied by in the high-contrast look (a darker table under bright text)."""


def contrast_color(color: Color) -> Color:
    """A text color in the high-contrast look: light greys become white, light colors their brightest
    shade, dark greys black; dark colors (drawn on light pills) stay.

    >>> contrast_color((246, 236, 206)), contrast_color((232, 196, 104)), contrast_color((20, 20, 20))
    ((255, 255, 255), (255, 215, 114), (0, 0, 0))
    """
    light = 0.299 * color[0] + 0.587 * color[1] + 0.114 * color[2] >= 110
    grey = max(color) - min(color) < 60
    if grey:
        return (255, 255, 255) if light else (0, 0, 0)
    if not light:
        return color
    top = max(color)
    r, g, b = (round(255 * c / top) for c in color)
    return r, g, b


class Assets:
    """The game's cached asset loader (images, fonts, text); one per display."""

    def __init__(
        self, *, four_color: bool = False, ui_scale: float = 1.0, high_contrast: bool = False
    ) -> None:
        self.four_color = four_color
        self.ui_scale = ui_scale
        """How much larger than asked text is drawn (the UI scale setting)."""
        self.high_contrast = high_contrast
        """Whether the high-contrast look is on."""
        self._images: dict[tuple[str, tuple[int, int] | None], pygame.Surface] = {}
        self._fonts: dict[tuple[int, bool], pygame.font.Font] = {}
        self._text: OrderedDict[tuple[object, ...], pygame.Surface] = OrderedDict()
        self.missing: set[str] = set()
        """Sprite files that were not found (stand-ins were drawn instead)."""
        self.sized: dict[int, tuple[str, tuple[int, int]]] = {}
        """Card and chip sprites at a table size, by id: which file and size each is (see `sharp`)."""
        self._shadowed: dict[int, Laid] = {}
        """Each card sprite laid over its shadow, by the card sprite's id (`shadowed_card`)."""
        self._shadowed_asked: dict[tuple[str | None, tuple[int, int], bool], Laid] = {}
        """The same by what was asked: code, size and the deck's colours."""
        self._sharp: dict[tuple[int, float], tuple[pygame.Surface, pygame.mask.Mask, pygame.mask.Mask]] = {}
        self.layer_notes: dict[int, Notes] = {}
        """The sprites drawn on each cached layer (a seat's settled cards), by the layer's id while it lives,
        noted again where the layer is drawn (`keep_layer_notes`)."""
        self._warm: list[Callable[[], object]] = []
        self._families: dict[tuple[int, int], list[Encodable]] = {}
        """The card and chip sprites built, by size: a family one of which blitted on an opaque surface tells
        that the others will be (`encode_family`)."""
        self._family_surfaces: dict[tuple[int, int], weakref.WeakSet[NotingSurface]] = {}
        self._encoding: deque[tuple[weakref.ref[NotingSurface], Encodable]] = deque()
        """Sprites to encode for a surface in spare frame time (`warm`)."""

    def set_look(self, *, ui_scale: float, high_contrast: bool) -> bool:
        """Take a new UI scale and contrast; return whether anything changed (labels are then redrawn)."""
        if (ui_scale, high_contrast) == (self.ui_scale, self.high_contrast):
            return False
        self.ui_scale, self.high_contrast = ui_scale, high_contrast
        self._fonts.clear()
        self._text.clear()
        # The felt and the drawn pieces (buttons, dimmed chips: keys starting "\0") follow the look;
        # the card and chip sprites do not.
        for key in [k for k in self._images if k[0] == sprites.FELT_FILE or k[0].startswith("\0")]:
            del self._images[key]
        return True

    # ---- images ------------------------------------------------------------------------

    def image(self, path: str, size: tuple[int, int] | None = None) -> pygame.Surface:
        """The sprite at `path` (relative to the sprites package), scaled to `size` once."""
        key = (path, size)
        surface = self._images.get(key)
        if surface is None:
            if size is None:
                surface = self._load(path)
                if path == sprites.FELT_FILE and self.high_contrast:
                    surface = surface.copy()
                    surface.fill(CONTRAST_FELT, special_flags=pygame.BLEND_MULT)
            else:
                art = self.image(path)
                if path.startswith(SHARP_PREFIXES):
                    sprite = Encodable(size, pygame.SRCALPHA, art)
                    pygame.transform.smoothscale(art, size, sprite)
                    _make_opaque_inside(sprite)
                    self.sized[id(sprite)] = (path, size)  # kept for good in _images: the id stays its own
                    self._join_family(sprite)
                    surface = sprite
                else:
                    surface = pygame.transform.smoothscale(art, size)
            self._images[key] = surface
        return surface

    def _load(self, path: str) -> pygame.Surface:
        resource = resources.files(sprites).joinpath(path)
        try:
            with resources.as_file(resource) as real:
                loaded = pygame.image.load(str(real))
        except (FileNotFoundError, pygame.error):
            if path not in self.missing:
                log.warning("sprite %s is missing; drawing a stand-in", path)
                self.missing.add(path)
            loaded = _stand_in(path)
        if pygame.display.get_surface() is None:
            return loaded
        return loaded.convert_alpha() if path != sprites.FELT_FILE else loaded.convert()

    def sharp(
        self, sprite: pygame.Surface, scale: float
    ) -> tuple[pygame.Surface, pygame.mask.Mask, pygame.mask.Mask] | None:
        """A card or chip sprite drawn from its art at `scale` times its size, opaque in the window's
        format, with the masks of its opaque pixels at both sizes; None for any other surface.

        Only the latest scale is kept: a window dragged through many sizes keeps no old ones.
        """
        origin = self.sized.get(id(sprite))
        if origin is None:
            return None
        key = (id(sprite), scale)
        found = self._sharp.get(key)
        if found is None:
            if any(old != scale for _, old in self._sharp):
                self._sharp.clear()
            path, (w, h) = origin
            big = pygame.transform.smoothscale(self.image(path), (round(w * scale), round(h * scale)))
            found = (
                big.convert(),
                pygame.mask.from_surface(sprite, SHARP_ALPHA),
                pygame.mask.from_surface(big, SHARP_ALPHA),
            )
            self._sharp[key] = found
        return found

    def keep_layer_notes(self, layer: pygame.Surface, notes: Notes) -> None:
        """Remember which sprites a cached layer holds, and where, for as long as the layer lives."""
        self.layer_notes[id(layer)] = notes
        weakref.finalize(layer, self.layer_notes.pop, id(layer), None)

    def card(self, code: str | None, size: tuple[int, int]) -> pygame.Surface:
        """A card face by code ('AS'; a rank alone is drawn as spades) or the back (None)."""
        stem = sprites.CARD_BACK if code is None else code if len(code) == 2 else code + "S"
        return self.image(sprites.card_file(stem, self.four_color), size)

    def card_shadow(self, size: tuple[int, int]) -> Laid:
        """The soft shadow under a card of `size`, and where it lies from the card's top left corner (it
        reaches past the card all round, 2 pixels further right and 4 further down)."""
        margin = round(sprites.SHADOW_MARGIN * size[0] / sprites.CARD_SIZE[0])
        shadow = self.image(sprites.SHADOW_FILE, (size[0] + 2 * margin, size[1] + 2 * margin))
        return shadow, (2 - margin, 4 - margin)

    def shadowed_card(self, code: str | None, size: tuple[int, int]) -> Laid:
        """A card (`card`) laid over its shadow (`card_shadow`) as one sprite, and where that lies from the
        card's top left corner: one blit of an encoded sprite, whose opaque inside is copied, instead of two
        blends (a card in flight: about 5 µs against 24). It notes the card in it (`keep_layer_notes`)."""
        asked = (code, size, self.four_color)
        found = self._shadowed_asked.get(asked)  # the frame asks for every card drawn: the shortest way first
        if found is not None:
            return found
        card = self.card(code, size)
        found = self._shadowed.get(id(card))
        if found is None:
            shadow, offset = self.card_shadow(size)
            under = shadow.get_rect(topleft=offset)
            bounds = under.union(card.get_rect())
            image = Encodable(bounds.size, pygame.SRCALPHA)
            copy = pygame.BLEND_RGBA_MAX  # over clear pixels, the shadow's own
            image.blit(shadow, under.move(-bounds.x, -bounds.y), special_flags=copy)
            at = (-bounds.x, -bounds.y)
            _lay_over(image, card, at)
            self.keep_layer_notes(image, [(card, card.get_rect(topleft=at))])
            found = self._shadowed[id(card)] = (image, bounds.topleft)
            self._join_family(image)
        self._shadowed_asked[asked] = found
        return found

    def chip(self, value: int, size: int) -> pygame.Surface:
        """A chip seen from above, `size` pixels across."""
        return self.image(sprites.chip_file(value), (size, size))

    def stack_chip(self, value: int, width: int) -> pygame.Surface:
        """A chip seen at an angle for stacks, `width` pixels wide."""
        w, h = sprites.STACK_SIZE
        return self.image(sprites.stack_file(value), (width, round(h * width / w)))

    def warm_queue(self, card_sizes: tuple[tuple[int, int], ...], chip_widths: tuple[int, ...]) -> None:
        """Queue every card face (laid over its shadow) and chip the table may show, to load in spare frame
        time."""
        codes: list[str | None] = [None, *sprites.CARD_CODES]
        self._warm += [partial(self.shadowed_card, code, size) for size in card_sizes for code in codes]
        self._warm += [
            partial(self.stack_chip, value, width)
            for width in chip_widths for value in sprites.CHIP_DENOMINATIONS
        ]

    def warm_later(self, work: Callable[[], object]) -> None:
        """Queue `work` (drawing something a coming frame will likely show) for spare frame time."""
        self._warm.append(work)

    def warm(self, budget: float) -> bool:
        """Load queued sprites, then encode queued ones (`encode_family`), for up to `budget` seconds;
        return whether any work is left."""
        deadline = time.perf_counter() + budget
        queue, encoding = self._warm, self._encoding
        while queue and time.perf_counter() < deadline:
            queue.pop(0)()
        while encoding and time.perf_counter() < deadline:
            surface, sprite = encoding.popleft()
            alive = surface()
            if alive is not None:
                alive.encode(sprite)
        return bool(queue or encoding)

    def _join_family(self, sprite: Encodable) -> None:
        """Add a built card or chip sprite to its family (its size), to be encoded in spare time for every
        surface the family was blitted on."""
        size = sprite.get_size()
        self._families.setdefault(size, []).append(sprite)
        for surface in self._family_surfaces.get(size, ()):
            self._encoding.append((weakref.ref(surface), sprite))

    def encode_family(self, surface: NotingSurface, sprite: Encodable) -> None:
        """`sprite` was encoded for `surface` for the first time: queue the rest of its family (the cards or
        chips of its size) to be encoded for it in spare frame time, so the frame that first shows one of them
        does not pay for its encoding (about 60 µs a card)."""
        size = sprite.get_size()
        family = self._families.get(size)
        if family is None or sprite not in family:
            return  # not a card or chip (a button, a panel)
        surfaces = self._family_surfaces.setdefault(size, weakref.WeakSet())
        if surface in surfaces:
            return
        surfaces.add(surface)
        self._encoding.extend((weakref.ref(surface), other) for other in family)

    # ---- fonts and text ----------------------------------------------------------------

    def font(self, size: int, bold: bool = False, *, scaled: bool = True) -> pygame.font.Font:
        """The table's typeface (`game.glyphs.FONT_FILE`) at a size, times the UI scale unless not
        `scaled` (the felt's printing); never a system font."""
        key = (size if scaled else -size, bold)
        font = self._fonts.get(key)
        if font is None:
            points = round(size * self.ui_scale) if scaled else size
            font = pygame.font.Font(FONT_FILE, max(1, int(points * FONT_SCALE)))
            font.set_bold(bold)
            self._fonts[key] = font
        return font

    def text(
        self, text: str, size: int, color: Color = (255, 255, 255), bold: bool = False
    ) -> pygame.Surface:
        """A rendered label, cached by (text, size, color, bold) in a bounded LRU."""

        def draw() -> pygame.Surface:
            shown = contrast_color(color) if self.high_contrast else color
            return self.font(size, bold).render(drawable_text(text), True, shown)

        return self.kept((text, size, color, bold), draw)

    def kept(self, key: tuple[object, ...], draw: Callable[[], pygame.Surface]) -> pygame.Surface:
        """What `draw()` draws, kept under `key` with the labels (the least recently used dropped past
        TEXT_CACHE_SIZE, all of them when the look changes): labels, and pictures made of labels."""
        surface = self._text.get(key)
        if surface is None:
            surface = self._text[key] = draw()
            while len(self._text) > TEXT_CACHE_SIZE:
                self._text.popitem(last=False)
        else:
            self._text.move_to_end(key)
        return surface

    def shadowed_text(
        self, text: str, size: int, color: Color = (255, 255, 255), bold: bool = False
    ) -> pygame.Surface:
        """A label with a soft drop shadow (an opaque dark edge when high contrast), for the felt; cached."""

        def draw() -> pygame.Surface:
            front = self.text(text, size, color, bold)
            back = self.font(size, bold).render(drawable_text(text), True, (0, 0, 0))
            surface = pygame.Surface((front.get_width() + 2, front.get_height() + 2), pygame.SRCALPHA)
            if self.high_contrast:  # an opaque dark edge all round, not a soft shadow
                for offset in ((0, 0), (2, 0), (0, 2), (2, 2)):
                    surface.blit(back, offset)
                surface.blit(front, (1, 1))
            else:
                back.set_alpha(150)
                surface.blit(back, (2, 2))
                surface.blit(front, (0, 0))
            return surface

        return self.kept(("\0shadow" + text, size, color, bold), draw)


def run_length_copy(sprite: pygame.Surface) -> pygame.Surface:
    """A copy of `sprite` to be blitted run-length encoded (SDL encodes it at its first blit on a surface)."""
    copy = sprite.copy()
    copy.set_alpha(255, pygame.RLEACCEL)
    return copy


class Encodable(pygame.Surface):
    """A sprite an opaque canvas or layer (`NotingSurface`) blits run-length encoded: the blit then copies
    its opaque runs (a card over its shadow: about 5 µs, against 14 blended). Card and chip sprites are, and
    what is drawn every frame (buttons, the message bar)."""


class NotingSurface(pygame.Surface):
    """A surface that, while `noting`, notes each card or chip sprite (`Assets.sized`) blitted on it whole,
    and the sprites of each noted layer (`Assets.layer_notes`) blitted whole; the game's canvas is one, so
    a window larger than it can draw them again from their art (`App.present`)."""

    def __init__(
        self,
        size: tuple[int, int],
        assets: Assets,
        *,
        like: pygame.Surface | None = None,
        alpha: bool = False,
    ) -> None:
        if like is not None:
            super().__init__(size, 0, like)
        else:
            super().__init__(size, pygame.SRCALPHA if alpha else 0)
        self.assets = assets
        self.sprites = assets.sized
        self.layers = assets.layer_notes
        self.noting = False
        self.notes: Notes = []
        """The noted sprites and where they lie, in the order drawn."""
        self.damage: list[pygame.Rect] | None = None
        """While a list, every rectangle drawn on since it was set: blits and fills add their own, other
        drawing adds with `mark`. None when what was drawn is not known (it is never known unless set)."""
        self.shown: object = None
        """The token of the layer last put on the surface, from when `damage` counts (`TableView`'s)."""
        opaque = not self.get_flags() & pygame.SRCALPHA and pygame.display.get_surface() is not None
        self.encoded: weakref.WeakKeyDictionary[pygame.Surface, pygame.Surface] | None = (
            weakref.WeakKeyDictionary() if opaque else None
        )
        """The surface's own run-length encoded copy of each encodable sprite blitted on it (an opaque
        surface, with a window; None otherwise): SDL encodes a sprite for the one surface it was last blitted
        on, so one encoded sprite blitted on two would be encoded again at each change (85 µs a card)."""

    def blit(
        self, source: pygame.Surface, dest: Any, area: Any = None, special_flags: int = 0
    ) -> pygame.Rect:
        """Blit as a Surface does (an encodable sprite from this surface's encoded copy), noting a listed
        sprite or layer drawn whole."""
        drawn = source
        if self.encoded is not None and isinstance(source, Encodable):
            copy = self.encoded.get(source)
            if copy is None:
                copy = self._encoded_copy(source)
                self.assets.encode_family(self, source)
            drawn = copy
        rect = super().blit(drawn, dest, area, special_flags)
        if self.noting and area is None and not special_flags:
            self.note(source, rect)
        if self.damage is not None:
            self.damaged(rect)
        return rect

    def _encoded_copy(self, sprite: Encodable) -> pygame.Surface:
        """A new copy of `sprite` to be blitted run-length encoded on this surface, kept in `encoded`."""
        assert self.encoded is not None
        copy = self.encoded[sprite] = run_length_copy(sprite)
        return copy

    def encode(self, sprite: Encodable) -> None:
        """Encode `sprite` for this surface now (in spare frame time), drawing nothing (`encode_now`)."""
        if self.encoded is not None and sprite not in self.encoded:
            self.encode_now(self._encoded_copy(sprite))

    def encode_now(self, copy: pygame.Surface) -> None:
        """Have SDL run-length encode `copy` (a surface set to be) for this surface now, drawing nothing: SDL
        encodes at the first blit on a surface, so it is blitted one pixel wide and that pixel put back."""
        corner = self.get_at((0, 0))
        super().blit(copy, (0, 0), (0, 0, 1, 1))
        self.set_at((0, 0), corner)

    def fill(self, color: Any, rect: Any = None, special_flags: int = 0) -> pygame.Rect:
        """Fill as a Surface does, adding to `damage`."""
        filled = super().fill(color, rect, special_flags)
        if self.damage is not None:
            self.damaged(filled)
        return filled

    def blits(self, blit_sequence: Any, doreturn: Any = 1) -> Any:
        """Blit each of a sequence (through `blit`, so each adds to `damage`)."""
        rects = [self.blit(*args) for args in blit_sequence]
        return rects if doreturn else None

    def damaged(self, rect: pygame.Rect) -> None:
        """Add `rect` to `damage`; past `MAX_DAMAGE` rectangles, stop counting (`damage` becomes None)."""
        if self.damage is not None:
            if len(self.damage) < MAX_DAMAGE:
                self.damage.append(rect)
            else:
                self.damage = None

    def note(self, source: pygame.Surface, rect: pygame.Rect) -> None:
        """Note `source`, a listed sprite or layer, drawn at `rect` (as far as it shows) if it shows whole."""
        if rect.size != source.get_size():
            return
        key = id(source)
        if key in self.sprites:
            self.notes.append((source, rect))
        elif key in self.layers:
            self.notes.extend((sprite, where.move(rect.topleft)) for sprite, where in self.layers[key])


def _lay_over(image: pygame.Surface, sprite: pygame.Surface, at: tuple[int, int]) -> None:
    """Lay `sprite` over the transparent `image` at `at`, as it would show laid over them on an opaque surface
    (pygame's blend is that where the sprite is opaque or the image clear; the rest, a card's soft corners
    over its shadow, is worked out here)."""
    before = image.copy()
    image.blit(sprite, at)
    soft = pygame.mask.from_surface(sprite, 0)
    soft.erase(pygame.mask.from_surface(sprite, 254), (0, 0))
    boxes: list[pygame.Rect] = soft.get_bounding_rects()  # type: ignore[assignment]  # the stub says one Rect
    for box in boxes:
        for x in range(box.left, box.right):
            for y in range(box.top, box.bottom):
                if not soft.get_at((x, y)):
                    continue
                top, below = sprite.get_at((x, y)), before.get_at((x + at[0], y + at[1]))
                if below.a == 0:
                    continue
                under = below.a * (255 - top.a) / 255
                alpha = top.a + under
                mixed = zip(top[:3], below[:3], strict=True)
                color = [round((t * top.a + b * under) / alpha) for t, b in mixed]
                image.set_at((x + at[0], y + at[1]), (*color, round(alpha)))


def _make_opaque_inside(sprite: pygame.Surface) -> None:
    """Make a scaled card or chip opaque where its art is: smoothscale leaves the inside at alpha 253, which
    let what lies under a card show through by a level, and kept its blits from copying the opaque runs."""
    solid = sprite.copy()
    solid.fill((0, 0, 0, 255), special_flags=pygame.BLEND_RGBA_MAX)
    pygame.mask.from_surface(sprite, SHARP_ALPHA).to_surface(sprite, setsurface=solid, unsetcolor=None)


def mark(surface: pygame.Surface, rect: pygame.Rect) -> pygame.Rect:
    """Tell `surface` that `rect` was drawn on by other means than a blit or a fill (`pygame.draw`), for a
    canvas that counts where it was drawn on (`NotingSurface.damage`); return `rect`. Anything that draws on
    the canvas of a scene that `tracks_drawing` must blit, fill or mark."""
    if isinstance(surface, NotingSurface):
        surface.damaged(rect)
    return rect


def shipped_files() -> list[str]:
    """Every data file the game and the engine load, as paths inside the installed packages.

    What a wheel or a standalone app must carry: the loaders' own lists (the sprites, the
    sounds, the shipped presets), never a second list kept by hand.
    """
    from engine.i18n import DOMAIN, ENGLISH, available_languages
    from engine.rulesets import preset_ids

    return sorted(
        [f"sprites/{path}" for path in sprites.all_files()]
        + [f"sounds/{sounds.sound_file(name)}" for name in sounds.SOUND_NAMES]
        + [f"engine/presets/{preset}.toml" for preset in preset_ids()]
        + [f"engine/locale/{code}/LC_MESSAGES/{DOMAIN}.mo" for code in available_languages()
           if code != ENGLISH]
        + [f"game/fonts/{path.name}" for path in (FONT_FILE, COVERAGE_FILE)]
        + ["engine/py.typed"]
    )


# ---- stand-ins for missing sprites ---------------------------------------------------------


def _stand_in(path: str) -> pygame.Surface:
    for prefix, draw in _STAND_INS:
        if path.startswith(prefix):
            return draw(path)
    surface = pygame.Surface((64, 64), pygame.SRCALPHA)
    surface.fill((120, 120, 120, 255))
    return surface


def _card_stand_in(path: str) -> pygame.Surface:
    w, h = sprites.CARD_SIZE
    surface = pygame.Surface((w, h), pygame.SRCALPHA)
    stem = path.rsplit("/", 1)[-1].removesuffix(".png")
    if stem == sprites.CARD_BACK:
        pygame.draw.rect(surface, (150, 30, 40), surface.get_rect(), border_radius=14)
        pygame.draw.rect(surface, (240, 240, 240), surface.get_rect().inflate(-20, -20), 4, border_radius=10)
        return surface
    pygame.draw.rect(surface, (250, 250, 245), surface.get_rect(), border_radius=14)
    pygame.draw.rect(surface, (60, 60, 60), surface.get_rect(), 2, border_radius=14)
    red = stem[1] in "HD"
    color = (200, 20, 30) if red else (20, 20, 20)
    if path.startswith("cards4/"):
        color = {"S": (20, 20, 20), "H": (200, 20, 30), "D": (30, 70, 200), "C": (20, 130, 50)}[stem[1]]
    rank = "10" if stem[0] == "T" else stem[0]
    font = pygame.font.Font(None, 90)
    label = font.render(rank, True, color)
    surface.blit(label, (14, 10))
    suit = {"S": "S", "H": "H", "D": "D", "C": "C"}[stem[1]]
    big = pygame.font.Font(None, 160).render(suit, True, color)
    surface.blit(big, big.get_rect(center=(w // 2, h // 2 + 20)))
    return surface


def _chip_stand_in(path: str) -> pygame.Surface:
    value = int(path.rsplit("_", 1)[-1].removesuffix(".png"))
    color = CHIP_COLORS.get(value, (120, 120, 120))
    if "stack_" in path:
        w, h = sprites.STACK_SIZE
        surface = pygame.Surface((w, h), pygame.SRCALPHA)
        pygame.draw.ellipse(surface, (0, 0, 0), (0, 6, w, h - 6))
        pygame.draw.ellipse(surface, color, (0, 0, w, h - 8))
        return surface
    w, h = sprites.CHIP_SIZE
    surface = pygame.Surface((w, h), pygame.SRCALPHA)
    pygame.draw.circle(surface, color, (w // 2, h // 2), w // 2)
    pygame.draw.circle(surface, (255, 255, 255), (w // 2, h // 2), w // 2 - 10, 6)
    return surface


def _felt_stand_in(path: str) -> pygame.Surface:
    surface = pygame.Surface(sprites.FELT_SIZE)
    surface.fill((24, 104, 60))
    return surface


def _button_stand_in(path: str) -> pygame.Surface:
    surface = pygame.Surface(sprites.BUTTON_SIZE, pygame.SRCALPHA)
    color = (110, 106, 106) if "disabled" in path else (150, 34, 44)
    pygame.draw.rect(surface, color, surface.get_rect(), border_radius=12)
    pygame.draw.rect(surface, (222, 178, 72), surface.get_rect(), 3, border_radius=12)
    return surface


def _shadow_stand_in(path: str) -> pygame.Surface:
    w, h = sprites.CARD_SIZE
    m = sprites.SHADOW_MARGIN
    surface = pygame.Surface((w + 2 * m, h + 2 * m), pygame.SRCALPHA)
    pygame.draw.rect(surface, (0, 0, 0, 70), surface.get_rect().inflate(-m, -m), border_radius=20)
    return surface


def _ui_stand_in(path: str) -> pygame.Surface:
    if path == sprites.POINTER_FILE:
        surface = pygame.Surface((40, 28), pygame.SRCALPHA)
        pygame.draw.polygon(surface, (240, 200, 80), [(0, 0), (40, 0), (20, 28)])
        return surface
    surface = pygame.Surface((150, 110), pygame.SRCALPHA)
    pygame.draw.rect(surface, (40, 30, 25, 230), surface.get_rect(), border_radius=10)
    return surface


_STAND_INS: list[tuple[str, Callable[[str], pygame.Surface]]] = [
    ("cards", _card_stand_in),
    ("chips/", _chip_stand_in),
    (sprites.FELT_FILE, _felt_stand_in),
    ("ui/button", _button_stand_in),
    (sprites.SHADOW_FILE, _shadow_stand_in),
    ("ui/", _ui_stand_in),
]
