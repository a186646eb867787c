"""Small reusable widgets: a 9-slice button, the chip rack, the message bar with its turn banner,
a tooltip, the bankroll panel, a text field and the dialog panel."""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass, field

import pygame

import sprites
from engine import Money
from engine.i18n import _, money
from game import layout
from game.assets import Assets, Encodable, mark
from game.glyphs import refusal, undrawable
from game.intents import KEY_NAMES, Intent, IntentKind, key_word
from game.sound import Sounds

CREAM = (246, 236, 206)
GOLD = (232, 196, 104)
CONTRAST_EDGE = (255, 230, 40)
"""The bright edge of buttons and the message bar in the high-contrast look."""
CARET_BLINKS_FOR = 10.0
"""Seconds a text box's caret blinks after an edit before it stays lit (as GTK's does), so a still
screen lets the game sleep (game.pacing)."""


def nine_slice(assets: Assets, state: str, size: tuple[int, int]) -> pygame.Surface:
    """A button sprite stretched to `size` keeping its corners (cached in the asset loader)."""
    key = f"\0nine:{state}:{size[0]}x{size[1]}"
    cached = assets._images.get((key, None))
    if cached is not None:
        return cached
    source = assets.image(sprites.button_file(state))
    s = sprites.BUTTON_SLICE
    sw, sh = source.get_size()
    w, h = size
    out = pygame.Surface(size, pygame.SRCALPHA)
    xs = [(0, s, 0, s), (s, sw - 2 * s, s, w - 2 * s), (sw - s, s, w - s, s)]
    ys = [(0, s, 0, s), (s, sh - 2 * s, s, h - 2 * s), (sh - s, s, h - s, s)]
    for sx, sw_, dx, dw in xs:
        for sy, sh_, dy, dh in ys:
            if dw <= 0 or dh <= 0:
                continue
            piece = source.subsurface((sx, sy, sw_, sh_))
            if (sw_, sh_) != (dw, dh):
                piece = pygame.transform.smoothscale(piece, (dw, dh))
            out.blit(piece, (dx, dy))
    assets._images[(key, None)] = out
    return out


@dataclass(slots=True)
class Button:
    """A labelled button bound to an intent; enabled only when the scene says so."""

    name: str
    label: str
    rect: pygame.Rect
    intent: IntentKind
    enabled: bool = True
    visible: bool = True
    hover: bool = False
    tooltip: str = ""
    flash: float = 0.0
    """Seconds left of the pressed look after a click or key press."""

    def hit(self, pos: tuple[int, int] | None) -> bool:
        """Whether a click at pos lands on this button (enabled and visible)."""
        return pos is not None and self.visible and self.enabled and self.rect.collidepoint(pos)

    @property
    def shown(self) -> str:
        """The label in the player's language, looked up as it is drawn, so a change of language shows
        at once (scenes give fixed labels marked with `N_`; a name or a figure comes back as it is)."""
        return _(self.label) if self.label else ""

    @property
    def shown_tooltip(self) -> str:
        """The tooltip in the player's language, looked up as it is drawn."""
        return _(self.tooltip) if self.tooltip else ""

    def shortcut_text(self) -> str:
        """'Hit (H)' for the tooltip."""
        key = KEY_NAMES.get(self.intent)
        return self.shown_tooltip or (f"{self.shown} ({key_word(key)})" if key else self.shown)

    def draw(self, surface: pygame.Surface, assets: Assets) -> None:
        """Paint the button in its state."""
        if not self.visible:
            return
        state = (
            "disabled"
            if not self.enabled
            else ("pressed" if self.flash > 0 else ("hover" if self.hover else "normal"))
        )
        key = ("\0button", state, self.rect.size, self.shown)
        surface.blit(assets.kept(key, functools.partial(self._face, assets, state)), self.rect.topleft)

    def _face(self, assets: Assets, state: str) -> Encodable:
        """The button in `state` as one sprite (kept, and blitted encoded: one blit a frame instead of two):
        its slices, its edge when high contrast, its label."""
        face = Encodable(self.rect.size, pygame.SRCALPHA)
        face.blit(nine_slice(assets, state, self.rect.size), (0, 0), special_flags=pygame.BLEND_RGBA_MAX)
        if assets.high_contrast:
            edge = CONTRAST_EDGE if self.enabled else (150, 150, 150)
            pygame.draw.rect(face, edge, face.get_rect(), 3, border_radius=10)
        color = (190, 184, 176) if not self.enabled else CREAM
        size = 24 if self.rect.h >= 50 else 20
        text = assets.text(self.shown, size, color, bold=True)
        while text.get_width() > self.rect.w - 12 and size > 12:  # a long word, or text drawn larger
            size -= 2
            text = assets.text(self.shown, size, color, bold=True)
        dy = 1 if state == "pressed" else 0
        face.blit(text, text.get_rect(center=(self.rect.w // 2, self.rect.h // 2 + dy)))
        return face


@dataclass(slots=True)
class ButtonRow:
    """A set of buttons: hover tracking, click hit-testing, flashes and tooltips."""

    buttons: list[Button] = field(default_factory=list)
    pointer: tuple[int, int] | None = None
    hover_time: float = 0.0

    def by_name(self, name: str) -> Button:
        """The button with this name."""
        for button in self.buttons:
            if button.name == name:
                return button
        raise KeyError(name)

    def point(self, pos: tuple[int, int] | None) -> None:
        """The pointer moved."""
        if pos != self.pointer:
            self.hover_time = 0.0
        self.pointer = pos
        for button in self.buttons:
            button.hover = pos is not None and button.visible and button.rect.collidepoint(pos)

    def clicked(self, pos: tuple[int, int] | None) -> Button | None:
        """The enabled button under a click, flashed."""
        for button in self.buttons:
            if button.hit(pos):
                button.flash = 0.12
                return button
        return None

    def route(self, intent: Intent, sounds: Sounds) -> Intent | None:
        """An intent as the buttons pass it on: a pointer move only moves the hover and a click on no
        button does nothing (None); a click on an enabled button sounds and becomes its button's
        intent; any other intent passes unchanged."""
        if intent.kind is IntentKind.POINT:
            self.point(intent.pos)
            return None
        if intent.kind is not IntentKind.CLICK:
            return intent
        button = self.clicked(intent.pos)
        if button is None:
            return None
        sounds.play("button", 0.5)
        return Intent(button.intent, intent.pos)

    def under(self, pos: tuple[int, int] | None) -> Button | None:
        """The visible button under the pointer, enabled or not."""
        for button in self.buttons:
            if pos is not None and button.visible and button.rect.collidepoint(pos):
                return button
        return None

    def for_intent(self, kind: IntentKind) -> Button | None:
        """The visible button bound to an intent."""
        for button in self.buttons:
            if button.visible and button.intent is kind:
                return button
        return None

    def update(self, dt: float) -> None:
        """Age flashes and the hover timer."""
        self.hover_time += dt
        for button in self.buttons:
            button.flash = max(0.0, button.flash - dt)

    def draw(self, surface: pygame.Surface, assets: Assets) -> None:
        """Paint every button, then the tooltip of the hovered one."""
        for button in self.buttons:
            button.draw(surface, assets)
        hovered = self.under(self.pointer)
        if hovered is not None and self.hover_time > 0.45 and self.pointer is not None:
            draw_tooltip(surface, assets, hovered.shortcut_text(), self.pointer)


def draw_tooltip(surface: pygame.Surface, assets: Assets, text: str, pos: tuple[int, int]) -> None:
    """A small dark box with text, above the pointer, kept on the canvas."""
    label = assets.text(text, 17, CREAM)
    box = label.get_rect().inflate(14, 10)
    box.midbottom = (pos[0], pos[1] - 12)
    box.clamp_ip(pygame.Rect((0, 0), layout.CANVAS_SIZE))
    mark(surface, pygame.draw.rect(surface, (16, 16, 18), box, border_radius=6))
    mark(surface, pygame.draw.rect(surface, GOLD, box, 1, border_radius=6))
    surface.blit(label, label.get_rect(center=box.center))


@dataclass(slots=True)
class ChipRack:
    """The chip rack: one chip per denomination; click to bet it."""

    values: tuple[int, ...] = sprites.CHIP_DENOMINATIONS
    allowed: dict[int, bool] = field(default_factory=dict)
    hover: int | None = None

    def chip_at(self, pos: tuple[int, int] | None) -> int | None:
        """The chip value under a position."""
        if pos is None:
            return None
        r = layout.CHIP_RACK_SIZE // 2
        for i, value in enumerate(self.values):
            cx, cy = layout.rack_chip_center(i, len(self.values))
            if (pos[0] - cx) ** 2 + (pos[1] - cy) ** 2 <= r * r:
                return value
        return None

    def center(self, value: int) -> tuple[int, int]:
        """Centre of a chip in the rack."""
        return layout.rack_chip_center(self.values.index(value), len(self.values))

    def draw(self, surface: pygame.Surface, assets: Assets) -> None:
        """The tray and the chips, the hovered one lifted, refused ones dimmed."""
        tray = layout.rack_rect(len(self.values))
        mark(surface, pygame.draw.rect(surface, (28, 16, 10), tray, border_radius=14))
        mark(surface, pygame.draw.rect(surface, (96, 64, 40), tray, 2, border_radius=14))
        size = layout.CHIP_RACK_SIZE
        for i, value in enumerate(self.values):
            cx, cy = layout.rack_chip_center(i, len(self.values))
            lift = 5 if self.hover == value and self.allowed.get(value, True) else 0
            image = assets.chip(value, size)
            if not self.allowed.get(value, True):
                image = _dimmed(assets, value, size)
            surface.blit(image, (cx - size // 2, cy - size // 2 - lift))


def _dimmed(assets: Assets, value: int, size: int) -> pygame.Surface:
    key = (f"\0dim:{value}:{size}", None)
    cached = assets._images.get(key)
    if cached is None:
        cached = assets.chip(value, size).copy()
        cached.fill((110, 110, 110, 150), special_flags=pygame.BLEND_RGBA_MULT)
        assets._images[key] = cached
    return cached


class MessageBar:
    """The one-line dealer message across the middle of the table, led by a turn banner when someone is asked.

    The banner ("Ann — your turn") is a pill in the seat's color at the start of the bar,
    and the bar's border takes the color too, so whose turn it is reads from across the room.
    """

    def __init__(self) -> None:
        self._cache: dict[tuple[object, ...], pygame.Surface] = {}

    def draw(
        self,
        surface: pygame.Surface,
        assets: Assets,
        text: str,
        *,
        warning: bool = False,
        who: str = "",
        who_color: tuple[int, int, int] = GOLD,
        center: tuple[int, int] | None = None,
    ) -> None:
        """Paint the message (nothing when there is neither a message nor a banner), on the table's
        message line unless `center` puts it elsewhere."""
        if not text and not who:
            return
        key = (text, warning, who, who_color)
        image = self._cache.get(key)
        if image is None:
            image = self._build(assets, text, warning, who, who_color)
            if len(self._cache) > 200:
                self._cache.clear()
            self._cache[key] = image
        surface.blit(image, image.get_rect(center=center or layout.message_rect().center))

    @staticmethod
    def _build(
        assets: Assets, text: str, warning: bool, who: str, who_color: tuple[int, int, int]
    ) -> pygame.Surface:
        rect = layout.message_rect()
        h = rect.h + (8 if who else 0)
        color = (255, 214, 170) if warning else CREAM
        label = assets.text(text, 22, color, bold=True) if text else None
        banner = None
        if who:
            dark = sum(who_color) > 420
            words = assets.text(who.upper(), 24, (16, 16, 16) if dark else (255, 255, 255), bold=True)
            banner = pygame.Surface((words.get_width() + 36, h - 8), pygame.SRCALPHA)
            pygame.draw.rect(banner, who_color, banner.get_rect(), border_radius=(h - 8) // 2)
            banner.blit(words, words.get_rect(center=banner.get_rect().center))
        inner = (label.get_width() if label else 0) + (banner.get_width() + 16 if banner else 0)
        width = max(rect.w if label else 0, inner + 40)
        image = Encodable((width, h), pygame.SRCALPHA)  # drawn every frame
        bg = (110, 20, 20, 215) if warning else (6, 24, 14, 200)
        if assets.high_contrast:
            bg = (bg[0] // 2, bg[1] // 2, bg[2] // 2, 255)
        pygame.draw.rect(image, bg, image.get_rect(), border_radius=h // 2)
        edge = (*who_color, 255) if who else (*CONTRAST_EDGE, 255) if assets.high_contrast else (*GOLD, 140)
        pygame.draw.rect(image, edge, image.get_rect(), 3 if who else 1, border_radius=h // 2)
        x = (width - inner) // 2
        if banner is not None:
            image.blit(banner, (x, 4))
            x += banner.get_width() + 16
        if label is not None:
            image.blit(label, label.get_rect(midleft=(x, h // 2)))
        return image


def draw_bankroll(
    surface: pygame.Surface,
    assets: Assets,
    bankroll: Money,
    bet: Money,
    name: str | None = None,
    color: tuple[int, int, int] = GOLD,
) -> None:
    """The bankroll panel at the bottom left: whose it is ('BANKROLL' by default), what they have off the
    table, and the bet."""
    if name is None:
        # TRANSLATORS: the title of the panel with the player's money, in capitals
        name = _("BANKROLL")
    rect = layout.bankroll_rect()
    # TRANSLATORS: under the bankroll, in capitals: what is bet now ("BET $25"), or that nothing is
    words = _("BET {amount}").format(amount=money(bet)) if bet else _("NO BET")

    def draw() -> pygame.Surface:
        panel = Encodable(rect.size, pygame.SRCALPHA)  # drawn every frame: its opaque runs copied
        pygame.draw.rect(panel, (16, 12, 10), panel.get_rect(), border_radius=10)
        pygame.draw.rect(panel, color, panel.get_rect(), 3 if color != GOLD else 2, border_radius=10)
        title = assets.text(name, 15, color, bold=True)
        if title.get_width() > rect.w - 20:
            title = assets.text(name[: max(3, len(name) * (rect.w - 20) // title.get_width() - 1)] + "…", 15,
                                color, bold=True)
        panel.blit(title, (12, 8))
        amount = assets.text(money(bankroll), 34, CREAM, bold=True)
        if amount.get_width() > rect.w - 20:
            amount = assets.text(money(bankroll), 26, CREAM, bold=True)
        panel.blit(amount, (12, 28))
        panel.blit(assets.text(words, 18, (210, 210, 200), bold=True), (12, rect.h - 26))
        return panel

    key = ("\0bankroll", name, money(bankroll), words, rect.size, color)
    surface.blit(assets.kept(key, draw), rect.topleft)


@dataclass(slots=True)
class TextField:
    """A one-line text box: click to focus, type, Backspace to delete, Ctrl+A to select all; `limit`
    characters at most.

    Text already in the box when it takes the focus is selected: typing replaces it and
    Backspace clears it, so a remembered name is changed, not added to.
    """

    name: str
    rect: pygame.Rect
    text: str = ""
    placeholder: str = ""
    limit: int = 24
    focused: bool = False
    enabled: bool = True
    visible: bool = True
    selected: bool = False
    refused: str | None = None
    """Why the last typed characters were not taken (the font cannot draw them), until the next edit."""
    _last_edit: tuple[str, bool] | None = field(default=None, repr=False, compare=False)
    _edited_at: float = field(default=0.0, repr=False, compare=False)

    def hit(self, pos: tuple[int, int] | None) -> bool:
        """Whether a click lands in the box."""
        return pos is not None and self.visible and self.enabled and self.rect.collidepoint(pos)

    def focus(self, focused: bool = True) -> None:
        """Take (or give up) the focus; text already there is selected."""
        self.focused = focused
        self.selected = focused and bool(self.text)

    def type(self, text: str) -> None:
        """Add typed characters (replacing a selection; control characters and commas are dropped,
        and characters the table cannot draw are refused with a sentence in `refused`)."""
        printable = "".join(ch for ch in text if ch.isprintable() and ch != ",")
        self.refused = refusal(printable)
        missing = undrawable(printable)
        clean = "".join(ch for ch in printable if ch not in missing)
        if clean and self.selected:
            self.text, self.selected = "", False
        self.text = (self.text + clean)[: self.limit]

    def select_all(self) -> None:
        """Select the whole text (Ctrl+A): the next key typed replaces it, Backspace clears it."""
        self.selected = bool(self.text)

    def erase(self) -> None:
        """Delete the last character (or the selection)."""
        self.text = "" if self.selected else self.text[:-1]
        self.selected = False
        self.refused = None

    def _caret_shown(self, clock: float) -> bool:
        """Whether the caret shows now: it blinks for a while after each edit, then stays lit."""
        edit = (self.text, self.focused)
        if edit != self._last_edit or clock < self._edited_at:
            self._last_edit, self._edited_at = edit, clock
        since = clock - self._edited_at
        return since >= CARET_BLINKS_FOR or int(since * 2) % 2 == 0

    def draw(self, surface: pygame.Surface, assets: Assets, clock: float = 0.0) -> None:
        """The box, its text (or the grey placeholder) and a blinking caret when focused."""
        if not self.visible:
            return
        bg = (250, 246, 232) if self.enabled else (120, 116, 108)
        mark(surface, pygame.draw.rect(surface, bg, self.rect, border_radius=6))
        edge, width = (GOLD, 3) if self.focused else ((90, 70, 50), 1)
        mark(surface, pygame.draw.rect(surface, edge, self.rect, width, border_radius=6))
        shown = self.text or self.placeholder
        color = (20, 20, 20) if self.text else (130, 124, 116)
        label = assets.text(shown, 22, color, bold=bool(self.text)) if shown else None
        x = self.rect.x + 10
        if label is not None:
            clip = surface.get_clip()
            surface.set_clip(self.rect.inflate(-8, -4))
            offset = max(0, label.get_width() - (self.rect.w - 26)) if self.text else 0
            if self.selected and self.focused:
                band = label.get_rect(midleft=(x - offset, self.rect.centery)).inflate(6, 4)
                mark(surface, pygame.draw.rect(surface, (150, 196, 250), band, border_radius=4))
            surface.blit(label, label.get_rect(midleft=(x - offset, self.rect.centery)))
            surface.set_clip(clip)
            if self.text:
                x += min(label.get_width(), self.rect.w - 26)
        if self.focused and self._caret_shown(clock):
            top, bottom = (x + 2, self.rect.y + 8), (x + 2, self.rect.bottom - 8)
            mark(surface, pygame.draw.line(surface, (20, 20, 20), top, bottom, 2))
        if self.refused and self.focused:
            # Over whatever lies below the box, on its own plate: it lasts only until the next key.
            note = assets.text(self.refused, 17, (255, 226, 160), bold=True)
            plate = note.get_rect(midtop=(self.rect.centerx, self.rect.bottom + 6)).inflate(16, 8)
            mark(surface, pygame.draw.rect(surface, (70, 20, 20), plate, border_radius=6))
            surface.blit(note, note.get_rect(center=plate.center))


@functools.lru_cache(maxsize=4)
def _veil(size: tuple[int, int], alpha: int) -> pygame.Surface:
    veil = pygame.Surface(size, pygame.SRCALPHA)
    veil.fill((0, 0, 0, alpha))
    return veil


def draw_veil(surface: pygame.Surface, alpha: int = 150) -> None:
    """Darken everything drawn so far, under a dialog or a panel (one veil kept per size)."""
    surface.blit(_veil(surface.get_size(), alpha), (0, 0))


def draw_panel(surface: pygame.Surface, rect: pygame.Rect, *, border: tuple[int, int, int] = GOLD) -> None:
    """A dark dialog panel with a gold edge."""
    mark(surface, pygame.draw.rect(surface, (22, 18, 16), rect, border_radius=16))
    mark(surface, pygame.draw.rect(surface, border, rect, 3, border_radius=16))


def draw_notice(
    surface: pygame.Surface, assets: Assets, text: str, rect: pygame.Rect, *, error: bool, size: int = 18
) -> None:
    """A boxed notice (a moved-aside or refused database) wrapped to the width, as tall as its lines."""
    bg = (110, 20, 20) if error else (120, 86, 20)
    lines = wrap(assets, text, size, rect.w - 24)
    line_h = assets.font(size, True).get_linesize()
    box = rect.copy()
    box.h = len(lines) * line_h + 16
    mark(surface, pygame.draw.rect(surface, bg, box, border_radius=10))
    mark(surface, pygame.draw.rect(surface, (255, 220, 160), box, 2, border_radius=10))
    y = box.y + 8
    for line in lines:
        label = assets.text(line, size, (255, 240, 220), bold=True)
        surface.blit(label, (box.x + 12, y))
        y += line_h


def _unbreakable(text: str) -> list[str]:
    """The text's words, a sign standing apart kept with its word, as French, German and Spanish space
    them ('75 %.', 'Faux :', '« Ann »'): a line never starts with '%.' or ':' nor ends on '«'.

    >>> _unbreakable("bei 75 %. Faux : « Ann » ok")
    ['bei', '75 %.', 'Faux :', '« Ann »', 'ok']
    """
    words: list[str] = []
    opening = ""
    for word in text.split():
        if word in ("«", "¿", "¡", "„"):
            opening += word + " "
        elif words and not opening and not any(ch.isalnum() for ch in word):
            words[-1] += " " + word
        else:
            words.append(opening + word)
            opening = ""
    return [*words, opening.strip()] if opening else words


def wrap(assets: Assets, text: str, size: int, width: int, *, bold: bool = True) -> list[str]:
    """Words of a text broken into lines no wider than `width` pixels (a spaced sign kept with its word)."""
    font = assets.font(size, bold)
    lines: list[str] = []
    line = ""
    for word in _unbreakable(text):
        candidate = f"{line} {word}".strip()
        if font.size(candidate)[0] <= width or not line:
            line = candidate
        else:
            lines.append(line)
            line = word
    if line:
        lines.append(line)
    return lines


@dataclass(frozen=True, slots=True)
class PlacedLine:
    """One line of text laid out on the canvas: what, how big, what color, and where its top left is."""

    text: str
    size: int
    color: tuple[int, int, int]
    bold: bool
    pos: tuple[int, int]

    def rect(self, assets: Assets) -> pygame.Rect:
        """The box the line covers."""
        return pygame.Rect(self.pos, assets.font(self.size, self.bold).size(self.text))


def flow_groups(
    assets: Assets,
    groups: Sequence[tuple[str, Sequence[str]]],
    box: pygame.Rect,
    *,
    columns: int = 2,
    sizes: Sequence[int] = (20, 19, 18, 17, 16, 15, 14, 13),
) -> list[PlacedLine]:
    """Headed paragraphs flowed evenly down the columns of `box`, at the largest size in `sizes` that fits.

    A group is never split between columns; at the last size the lines are placed even if they overflow.
    """
    gap = 24
    width = (box.w - gap * (columns - 1)) // columns
    placed: list[PlacedLine] = []
    for size in sizes:
        placed, column, y, bottom = [], 0, box.y, box.y
        head_step = assets.font(size, True).get_linesize()
        step = assets.font(size, False).get_linesize()
        wrapped = [
            (title, [line for text in sentences for line in wrap(assets, text, size, width, bold=False)])
            for title, sentences in groups
        ]
        heights = [head_step + step * len(lines) + step // 2 for _, lines in wrapped]
        share = sum(heights) / columns
        for (title, lines), height in zip(wrapped, heights, strict=True):
            past_share = y - box.y + height / 2 > share
            if y > box.y and column < columns - 1 and (y + height - step // 2 > box.bottom or past_share):
                column, y = column + 1, box.y
            x = box.x + column * (width + gap)
            placed.append(PlacedLine(title.upper(), size, GOLD, True, (x, y)))
            y += head_step
            for line in lines:
                placed.append(PlacedLine(line, size, CREAM, False, (x, y)))
                y += step
            bottom = max(bottom, y)
            y += step // 2
        if bottom <= box.bottom:
            break
    return placed


def draw_lines(surface: pygame.Surface, assets: Assets, lines: Sequence[PlacedLine]) -> None:
    """Paint laid-out lines."""
    for line in lines:
        surface.blit(assets.text(line.text, line.size, line.color, line.bold), line.pos)
