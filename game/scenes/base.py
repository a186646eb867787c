"""The base of every table scene: the shared context, the table drawing and the common buttons; and a drill's
spot drawn on the table (the spot drill and the deviation drill share it)."""

from __future__ import annotations

import pygame

from engine import Rules
from engine.drills import Spot
from engine.i18n import N_, _, money
from game import layout
from game.context import GameContext
from game.intents import Intent, IntentKind
from game.scene import Go, Scene, SceneName
from game.widgets import GOLD, Button, ButtonRow, draw_bankroll, draw_tooltip


class TableScene(Scene):
    """A scene played on the table: draws it, keeps the presenter going, offers the settings button."""

    tracks_drawing = True

    def __init__(self, ctx: GameContext) -> None:
        super().__init__()
        self.ctx = ctx
        self.buttons = ButtonRow(
            [
                Button("menu", N_("Settings"), layout.menu_button_rect(), IntentKind.MENU),
            ]
        )

    @property
    def wants_text(self) -> bool:
        """The counting quiz's question takes typing while it is up."""
        return self.ctx.trainer.quizzing

    @property
    def busy(self) -> bool:
        """Waiting for the round's last step to be saved before showing it."""
        return self.ctx.journal.holding

    def handle_event(self, intent: Intent) -> bool:
        """Hover, the settings button and key, the trainer's keys, the rules key; subclasses add the rest."""
        if self.ctx.trainer.quizzing and self._quiz_key(intent):
            return True
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
        trainer = self.ctx.trainer
        if intent.kind is IntentKind.HINT:
            trainer.toggle_hint()
            return True
        if intent.kind is IntentKind.COUNT:
            trainer.show_count = not trainer.show_count
            return True
        if intent.kind is IntentKind.CHART:
            trainer.show_chart = not trainer.show_chart
            return True
        if intent.kind is IntentKind.QUIZ:
            trainer.toggle_quiz()
            return True
        if intent.kind in (IntentKind.MENU, IntentKind.BACK):
            if self.stack is not None:
                self.stack.push(Go(SceneName.SETTINGS))
            return True
        if intent.kind is IntentKind.RULES:
            if self.stack is not None:
                self.stack.push(Go(SceneName.RULES))
            return True
        return False

    def _quiz_key(self, intent: Intent) -> bool:
        """The quiz's keys: typing, Backspace, Enter answers, Esc skips (the pointer still works)."""
        trainer = self.ctx.trainer
        if intent.kind is IntentKind.TEXT:
            trainer.quiz_type(intent.text or "")
        elif intent.kind is IntentKind.CLEAR:
            trainer.quiz_erase()
        elif intent.kind is IntentKind.CONFIRM:
            trainer.quiz_submit()
        elif intent.kind is IntentKind.BACK:
            trainer.quiz_skip()
        else:
            return intent.kind not in (IntentKind.POINT, IntentKind.CLICK, IntentKind.RIGHT_CLICK)
        return True

    def on_point(self, pos: tuple[int, int] | None) -> None:
        """The pointer moved (for hover looks)."""

    def resume(self) -> None:
        """Back from the settings: forget stale hover."""
        self.buttons.point(self.ctx.pointer)

    def update(self, dt: float) -> None:
        """Keep the presenter and the buttons going."""
        self.ctx.update(dt)
        self.buttons.update(dt)
        self.update_trainer(dt)

    def update_trainer(self, dt: float) -> None:
        """The trainer follows the table (the count, the toast, the hint of the decision in play)."""
        ctx = self.ctx
        ctx.trainer.update(dt, ctx.odds.worker, ctx.round, ctx.presenter, self.asking())

    def asking(self) -> bool:
        """Whether a person is being asked to decide right now (the hint and the chart's cell show)."""
        return False

    def draw(self, surface: pygame.Surface) -> None:
        """The table, the bankroll and the buttons."""
        self.ctx.draw_table(surface)
        self.draw_bankroll(surface)
        self.draw_controls(surface)
        self.buttons.draw(surface, self.ctx.assets)
        ctx = self.ctx
        if ctx.pointer is not None and layout.shoe_rect().collidepoint(ctx.pointer):
            draw_tooltip(surface, ctx.assets, ctx.journal.shoe_tip(ctx.session.table.shoe), ctx.pointer)
        ctx.trainer.draw(surface, ctx.assets, ctx.round, ctx.odds.chart_now(ctx.session.rules)
                         if ctx.trainer.show_chart else None, self.asking(), ctx.presenter.positions)

    def draw_bankroll(self, surface: pygame.Surface) -> None:
        """The bankroll panel of the person whose turn it is (as shown, following the chips)."""
        ctx = self.ctx
        seat = ctx.panel_seat()
        if seat is None:
            return
        model = ctx.presenter.seats[seat]
        pending = self.pending_bet()
        info = ctx.session.seats_info[seat]
        lone = len(ctx.session.people) == 1
        # TRANSLATORS: the bankroll panel's heading; {name} is the player's name in capitals
        name = _("BANKROLL") if lone else _("{name}'S BANKROLL").format(name=info.label.upper())
        color = GOLD if lone else info.color
        draw_bankroll(
            surface, ctx.assets, model.shown_bankroll() - pending, model.shown_bet() + pending, name, color
        )
        tags = []
        goal = ctx.session.rules.tournament
        if ctx.session.mode == "tournament" and goal is not None:
            tags.append(ctx.view.pill(_("DOUBLE-UP · GOAL {amount}").format(amount=money(goal.goal)), 16,
                                      (20, 20, 20), (232, 196, 104, 240)))
        if ctx.records is not None and ctx.records.problem:
            tags.append(ctx.view.pill(_("NOT SAVING"), 16, (255, 220, 200), (130, 20, 24, 235)))
        x = layout.bankroll_rect().x
        for tag in tags:
            surface.blit(tag, tag.get_rect(bottomleft=(x, layout.bankroll_rect().y - 6)))
            x += tag.get_width() + 8

    def pending_bet(self) -> int:
        """Chips put out but not yet placed with the engine (betting only)."""
        return 0

    def draw_controls(self, surface: pygame.Surface) -> None:
        """Scene-specific controls under the buttons."""


PLAYER_POSITION = 3
"""The table position a drill's hand is dealt to (the middle of the arc)."""


def draw_spot_cards(ctx: GameContext, surface: pygame.Surface, rules: Rules, spot: Spot) -> None:
    """The spot as the table shows it: the dealer's up card (and a face-down hole card), the player's hand."""
    view = ctx.view
    surface.blit(view.background(rules, [PLAYER_POSITION]), (0, 0))
    dealer = [spot.up.code, None] if rules.dealer_gets_hole_card else [spot.up.code]
    for i, code in enumerate(dealer):
        view.lay_card(surface, code, layout.dealer_card_rect(i, len(dealer)))
    room = layout.seat_room(PLAYER_POSITION, [PLAYER_POSITION])
    for i, c in enumerate(spot.cards):
        view.lay_card(surface, c.code, layout.card_rect(PLAYER_POSITION, 0, 1, i, room))


