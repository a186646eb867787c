"""The Rules panel: the table's rules in words, over the table, while the round waits underneath.

Pushed by the U key at any table scene or by the Rules button of the settings; the same
key, Esc, Close or a click outside the panel take it away. It only reads the rules: the
round, its presenter and the journal do not move while it is up.
"""

from __future__ import annotations

import pygame

from engine.i18n import N_, _
from engine.rule_words import description_words
from game import layout
from game.context import GameContext
from game.intents import Intent, IntentKind
from game.scene import Scene
from game.scenes.text import rules_by_heading
from game.widgets import (
    CREAM,
    GOLD,
    Button,
    ButtonRow,
    PlacedLine,
    draw_lines,
    draw_panel,
    draw_veil,
    flow_groups,
    wrap,
)

CLOSING = (IntentKind.RULES, IntentKind.BACK, IntentKind.MENU)
"""The intents that take the panel away."""


class RulesPanelScene(Scene):
    """The table's name and its rules by heading, over the dimmed table."""

    transparent = True

    def __init__(self, ctx: GameContext) -> None:
        super().__init__()
        self.ctx = ctx
        self.rules = ctx.session.rules
        r = layout.rules_panel_rects()
        self.lines: list[PlacedLine] = flow_groups(
            ctx.assets, rules_by_heading(self.rules), r["words"], sizes=tuple(range(30, 15, -1))
        )
        self.description = wrap(ctx.assets, description_words(self.rules), 22, r["description"].w, bold=False)
        self.buttons = ButtonRow(
            [Button("close", N_("Close"), r["close"], IntentKind.BACK, tooltip=N_("Close (U or Esc)"))]
        )

    @property
    def text(self) -> str:
        """Everything the panel says, as one string (name, description, headings and sentences)."""
        return " ".join([self.rules.name, *self.description, *(line.text for line in self.lines)])

    def handle_event(self, intent: Intent) -> bool:
        """U, Esc, O, Close or a click outside close the panel; nothing else reaches the table."""
        if intent.kind is IntentKind.POINT:
            self.buttons.point(intent.pos)
        elif intent.kind is IntentKind.CLICK:
            inside = layout.rules_panel_rects()["panel"].collidepoint(intent.pos or (-1, -1))
            if self.buttons.clicked(intent.pos) is not None or not inside:
                self.close()
        elif intent.kind in CLOSING:
            self.close()
        return True

    def update(self, dt: float) -> None:
        """Only the button's looks move; the table waits underneath."""
        self.buttons.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        """The panel over the darkened table."""
        draw_veil(surface, 150)
        a = self.ctx.assets
        r = layout.rules_panel_rects()
        draw_panel(surface, r["panel"])
        title = _("RULES · {table}").format(table=self.rules.name.upper())
        surface.blit(a.text(title, 36, GOLD, bold=True), r["title"].topleft)
        step = a.font(22).get_linesize()
        for i, line in enumerate(self.description[:2]):
            surface.blit(a.text(line, 22, CREAM), (r["description"].x, r["description"].y + i * step))
        draw_lines(surface, a, self.lines)
        self.buttons.draw(surface, a)
