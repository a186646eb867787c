"""The base of every table scene: the shared context, the table drawing and the common buttons."""

from __future__ import annotations

import pygame

from game import layout
from game.context import GameContext
from game.intents import Intent, IntentKind
from game.scene import Scene
from game.widgets import Button, ButtonRow, draw_bankroll


class TableScene(Scene):
    """A scene played on the table: draws it, keeps the presenter going, offers the settings button."""

    def __init__(self, ctx: GameContext) -> None:
        super().__init__()
        self.ctx = ctx
        self.buttons = ButtonRow(
            [
                Button("menu", "Settings", layout.menu_button_rect(), IntentKind.MENU),
            ]
        )

    def handle_event(self, intent: Intent) -> bool:
        """Pointer hover, the settings button and the settings key; subclasses add the rest."""
        if intent.kind is IntentKind.POINT:
            self.ctx.pointer = intent.pos
            self.buttons.point(intent.pos)
            self.on_point(intent.pos)
            return True
        if intent.kind is IntentKind.CLICK:
            button = self.buttons.clicked(intent.pos)
            if button is not None:
                self.ctx.sounds.play("button", 0.5)
                return self.handle_event(Intent(button.intent, intent.pos, intent.value))
        if intent.kind in (IntentKind.MENU, IntentKind.BACK):
            from game.scenes.settings_menu import SettingsScene

            if self.stack is not None:
                self.stack.push(SettingsScene(self.ctx))
            return True
        return False

    def on_point(self, pos: tuple[int, int] | None) -> None:
        """The pointer moved (for hover looks)."""

    def resume(self) -> None:
        """Back from the settings: forget stale hover."""
        self.buttons.point(self.ctx.pointer)

    def update(self, dt: float) -> None:
        """Keep the presenter and the buttons going."""
        self.ctx.update(dt)
        self.buttons.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        """The table, the bankroll and the buttons."""
        self.ctx.draw_table(surface)
        self.draw_bankroll(surface)
        self.draw_controls(surface)
        self.buttons.draw(surface, self.ctx.assets)

    def draw_bankroll(self, surface: pygame.Surface) -> None:
        """The player's bankroll panel (what the presenter shows, so it follows the animation)."""
        seat = self.ctx.player_seat()
        if seat is None:
            return
        model = self.ctx.presenter.seats[seat]
        pending = self.pending_bet()
        draw_bankroll(surface, self.ctx.assets, model.shown_bankroll() - pending, model.shown_bet() + pending)

    def pending_bet(self) -> int:
        """Chips put out but not yet placed with the engine (betting only)."""
        return 0

    def draw_controls(self, surface: pygame.Surface) -> None:
        """Scene-specific controls under the buttons."""
