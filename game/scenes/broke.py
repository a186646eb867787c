"""The broke person's question, over the table: buy back in, or leave the seat. Their choice."""

from __future__ import annotations

from typing import Protocol

import pygame

from engine.i18n import N_, _, money
from game import layout
from game.context import GameContext
from game.intents import Intent, IntentKind
from game.scene import Scene
from game.widgets import CREAM, Button, ButtonRow, draw_panel, draw_veil


class SeatChoices(Protocol):
    """The scene under the question that acts on the answer (the betting)."""

    def rebuy(self, seat: int | None = None) -> None:
        """The person buys back in."""

    def leave(self, seat: int | None = None) -> None:
        """The person leaves the seat."""


class BrokeScene(Scene):
    """A dialog naming the person and what they have left; Rebuy (Y) or Leave the seat (N)."""

    transparent = True

    def __init__(self, ctx: GameContext, betting: SeatChoices, seat: int) -> None:
        super().__init__()
        self.ctx = ctx
        self.betting = betting
        self.seat = seat
        panel = layout.dialog_rect()
        buy_in = money(ctx.session.buy_in)
        self.buttons = ButtonRow(
            [
                Button(
                    "rebuy",
                    _("Rebuy {amount}").format(amount=buy_in),
                    pygame.Rect(panel.centerx - 250, panel.bottom - 86, 240, 60),
                    IntentKind.YES,
                    tooltip=_("Buy back in for {amount} (Y)").format(amount=buy_in),
                ),
                Button(
                    "leave",
                    N_("Leave the seat"),
                    pygame.Rect(panel.centerx + 10, panel.bottom - 86, 240, 60),
                    IntentKind.NO,
                    tooltip=N_("Give up the seat for this sitting (N)"),
                ),
            ]
        )
        self.chosen = False

    def handle_event(self, intent: Intent) -> bool:
        """Rebuy or leave, by click or key; everything else waits for the answer."""
        if intent.kind is IntentKind.POINT:
            self.buttons.point(intent.pos)
            return True
        kind: IntentKind = intent.kind
        if kind is IntentKind.CLICK:
            button = self.buttons.clicked(intent.pos)
            kind = button.intent if button is not None else kind
        if kind is IntentKind.YES:
            self.choose(rebuy=True)
        elif kind is IntentKind.NO:
            self.choose(rebuy=False)
        return True

    def choose(self, *, rebuy: bool) -> None:
        """Apply the choice and go back to the betting."""
        if self.chosen or self.stack is None:
            return
        self.chosen = True
        self.ctx.sounds.play("button", 0.5)
        self.stack.pop()  # first: leaving may deal the cards, which replaces the betting scene under this one
        if rebuy:
            self.betting.rebuy(self.seat)
        else:
            self.betting.leave(self.seat)

    def update(self, dt: float) -> None:
        """The table keeps animating underneath."""
        self.ctx.update(dt)
        self.buttons.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        """The question over a darkened table."""
        draw_veil(surface, 140)
        ctx = self.ctx
        info = ctx.session.seats_info[self.seat]
        panel = layout.dialog_rect()
        draw_panel(surface, panel, border=info.color)
        a = ctx.assets
        title = a.text(_("{name} IS OUT OF CHIPS").format(name=info.label.upper()), 38, info.color, bold=True)
        surface.blit(title, title.get_rect(midtop=(panel.centerx, panel.y + 30)))
        left = money(ctx.session.table.bankroll(self.seat))
        minimum = money(ctx.session.rules.min_bet)
        lines = (
            _("{name} has {left} left; the table minimum is {minimum}.").format(
                name=info.label, left=left, minimum=minimum),
            _("Buy back in for {amount}, or leave the seat?").format(amount=money(ctx.session.buy_in)),
        )
        for i, line in enumerate(lines):
            label = a.text(line, 24, CREAM, bold=i == 1)
            surface.blit(label, label.get_rect(midtop=(panel.centerx, panel.y + 92 + i * 36)))
        self.buttons.draw(surface, a)
