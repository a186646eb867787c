"""How to play, written for the current table's rules by the engine, in pages.

The engine's guide (`engine.how_to_play`) gives sections of paragraphs, some naming cards,
which are pictured beside them with the table's own card sprites; the keys section is
filled here from the one key table with the player's chosen keys (`game.intents.key_help`),
then the gamepad's buttons (`game.intents.pad_help`). The page turns with the
arrows, Page Up/Down, the mouse wheel, Enter or the < > buttons; Esc or Back return to the title.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from engine import KEYS_SLOT, how_to_play
from engine.i18n import N_, _
from game import layout
from game.context import GameContext
from game.intents import Intent, IntentKind, key_help, key_table, pad_help
from game.scene import Scene
from game.widgets import CREAM, GOLD, Button, ButtonRow, draw_panel, wrap

HEADING_SIZE = 32
TEXT_SIZE = 26
CARD_SIZE = (64, 90)
CARD_STEP = 46
"""How far each pictured card overlaps the one before it."""
GAP = 14
"""Space under a paragraph."""


@dataclass(frozen=True, slots=True)
class Block:
    """One piece of a page: a section heading, or a paragraph's wrapped lines and its cards."""

    lines: tuple[str, ...]
    heading: bool = False
    cards: tuple[str, ...] = ()
    height: int = 0
    new_page: bool = False
    """Whether the block starts a page (the keys, so they read as one list)."""


def guide_blocks(ctx: GameContext) -> list[Block]:
    """The guide to the table's rules as headings and paragraphs, wrapped to the text column."""
    a = ctx.assets
    width = layout.how_to_play_rects()["text"].w
    head_step = a.font(HEADING_SIZE, True).get_linesize()
    step = a.font(TEXT_SIZE).get_linesize()
    blocks: list[Block] = []
    for section in how_to_play(ctx.session.rules):
        keys = section.slot == KEYS_SLOT
        blocks.append(Block((section.title,), heading=True, height=head_step + 4, new_page=keys))
        paragraphs = [(p.text, p.cards) for p in section.paragraphs]
        if keys:
            keys_help = key_help(key_table(ctx.settings.keys)) + pad_help()
            paragraphs = [(f"{keys}: {what}", ()) for keys, what in keys_help]
        for text, cards in paragraphs:
            lines = tuple(wrap(a, text, TEXT_SIZE, width, bold=False))
            tall = max(len(lines) * step, CARD_SIZE[1] if cards else 0)
            blocks.append(Block(lines, cards=cards, height=tall + (GAP if cards or len(lines) > 1 else 2)))
    return blocks


def paginate(blocks: list[Block], height: int) -> list[list[Block]]:
    """Blocks in pages no taller than `height`; a heading never ends a page, and some start one."""
    pages: list[list[Block]] = [[]]
    used = 0
    for i, block in enumerate(blocks):
        need = block.height + (blocks[i + 1].height if block.heading and i + 1 < len(blocks) else 0)
        if pages[-1] and (used + need > height or block.new_page):
            pages.append([])
            used = 0
        pages[-1].append(block)
        used += block.height
    return pages


class HowToPlayScene(Scene):
    """The guide to the current table, a page at a time; Back (Esc) returns to the title."""

    def __init__(self, ctx: GameContext) -> None:
        super().__init__()
        self.ctx = ctx
        self.rules = ctx.session.rules
        self.pages = paginate(guide_blocks(ctx), layout.how_to_play_rects()["text"].h)
        self.page = 0
        r = layout.how_to_play_rects()
        self.buttons = ButtonRow([
            Button("prev", "<", r["prev"], IntentKind.CLICK, tooltip=N_("The previous page (Left, Page Up)")),
            Button("next", ">", r["next"], IntentKind.CLICK, tooltip=N_("The next page (Right, Page Down)")),
            Button("back", N_("Back"), r["back"], IntentKind.BACK, tooltip=N_("Back to the title (Esc)")),
        ])
        self._sync()

    def text(self, page: int | None = None) -> str:
        """What a page says (every page when None), as one string."""
        pages = self.pages if page is None else [self.pages[page]]
        return " ".join(line for blocks in pages for block in blocks for line in block.lines)

    def turn(self, step: int) -> None:
        """Go `step` pages on, staying within the guide."""
        self.page = max(0, min(len(self.pages) - 1, self.page + step))
        self._sync()

    def _sync(self) -> None:
        self.buttons.by_name("prev").enabled = self.page > 0
        self.buttons.by_name("next").enabled = self.page < len(self.pages) - 1

    def handle_event(self, intent: Intent) -> bool:
        """Page turns, Back and Esc."""
        kind = intent.kind
        if kind is IntentKind.POINT:
            self.buttons.point(intent.pos)
        elif kind is IntentKind.CLICK:
            button = self.buttons.clicked(intent.pos)
            if button is not None:
                self.ctx.sounds.play("button", 0.5)
                if button.name == "back":
                    self.close()
                else:
                    self.turn(1 if button.name == "next" else -1)
        elif kind is IntentKind.PAGE:
            self.turn(intent.value or 1)
        elif kind is IntentKind.CONFIRM:
            self.turn(1)
        elif kind is IntentKind.BACK:
            self.close()
        return True

    def update(self, dt: float) -> None:
        """Only the buttons' looks move."""
        self.buttons.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        """The page over the veiled table, with its cards, the page number and the buttons."""
        ctx = self.ctx
        a = ctx.assets
        surface.blit(ctx.view.background(self.rules, ctx.presenter.positions), (0, 0))
        draw_panel(surface, layout.screen_panel_rect())
        title = a.text(_("HOW TO PLAY"), 40, GOLD, bold=True)
        surface.blit(title, (44, 34))
        table = a.text(_("at {table}").format(table=self.rules.name), 26, CREAM)
        surface.blit(table, table.get_rect(bottomleft=(60 + title.get_width(), 30 + title.get_height())))
        r = layout.how_to_play_rects()
        y = r["text"].y
        step = a.font(TEXT_SIZE).get_linesize()
        for block in self.pages[self.page]:
            if block.heading:
                surface.blit(a.text(block.lines[0], HEADING_SIZE, GOLD, bold=True), (r["cards"].x, y))
            else:
                for i, line in enumerate(block.lines):
                    surface.blit(a.text(line, TEXT_SIZE, CREAM), (r["text"].x, y + i * step))
                for i, code in enumerate(block.cards):
                    surface.blit(a.card(code, CARD_SIZE), (r["cards"].x + i * CARD_STEP, y))
            y += block.height
        number = a.text(f"{self.page + 1}/{len(self.pages)}", 26, CREAM, bold=True)
        surface.blit(number, number.get_rect(center=r["page"].center))
        self.buttons.draw(surface, a)
