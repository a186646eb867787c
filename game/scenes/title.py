"""The title scene: the empty table, the game's name, and a click to sit down."""

from __future__ import annotations

import pygame

from game import layout
from game.context import GameContext
from game.intents import Intent, IntentKind
from game.scenes.base import TableScene

GOLD = (232, 196, 104)
CREAM = (246, 236, 206)
AUTOPLAY_WAIT = 0.5


class TitleScene(TableScene):
    """Shows the table and the title; a click or Enter takes a seat."""

    def __init__(self, ctx: GameContext) -> None:
        super().__init__(ctx)
        self.time = 0.0
        self.started = False
        self._shade: pygame.Surface | None = None

    def handle_event(self, intent: Intent) -> bool:
        """A click anywhere but the settings button, or Enter, starts the game."""
        if super().handle_event(intent):
            return True
        if intent.kind in (IntentKind.CLICK, IntentKind.CONFIRM):
            self.started = True
            return True
        return False

    def update(self, dt: float) -> None:
        """Start when asked (or by itself under autoplay)."""
        super().update(dt)
        self.time += dt
        if self.ctx.autoplay and self.time >= AUTOPLAY_WAIT * self.ctx.settings.speed_factor:
            self.started = True
        if self.started and self.stack is not None and not self.stack.changing:
            from game.scenes.betting import BettingScene

            self.stack.replace(BettingScene(self.ctx))

    def draw(self, surface: pygame.Surface) -> None:
        """The empty table under a dark veil, with the title."""
        ctx = self.ctx
        surface.blit(ctx.view.background(ctx.session.rules, ctx.presenter.positions), (0, 0))
        if self._shade is None:
            self._shade = pygame.Surface(layout.CANVAS_SIZE, pygame.SRCALPHA)
            self._shade.fill((0, 0, 0, 120))
        surface.blit(self._shade, (0, 0))
        panel = pygame.Rect(0, 0, 760, 330)
        panel.center = (640, 360)
        pygame.draw.rect(surface, (12, 18, 14), panel, border_radius=24)
        pygame.draw.rect(surface, GOLD, panel, 3, border_radius=24)
        a = ctx.assets
        title = a.shadowed_text("BLACKJACK", 120, GOLD, bold=True)
        surface.blit(title, title.get_rect(center=(640, 270)))
        sub = a.shadowed_text(
            ctx.session.rules.name + " · " + ctx.session.rules.table_limits_text(), 30, CREAM
        )
        surface.blit(sub, sub.get_rect(center=(640, 345)))
        blink = int(self.time * 1.6) % 2 == 0
        prompt = a.shadowed_text(
            "Click anywhere or press Enter to take a seat", 30, CREAM if blink else (200, 190, 160)
        )
        surface.blit(prompt, prompt.get_rect(center=(640, 420)))
        keys = a.shadowed_text(
            "H hit · S stand · D double · P split · R surrender · O settings · F11 fullscreen",
            20,
            (200, 200, 190),
        )
        surface.blit(keys, keys.get_rect(center=(640, 470)))
        if ctx.note:
            ctx.bar.draw(surface, a, ctx.note, warning=True)
        self.buttons.draw(surface, a)
