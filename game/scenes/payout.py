"""The payout: chips slide to and from the circles, results show, then the next round."""

from __future__ import annotations

import pygame

from engine.i18n import N_, _
from game import layout
from game.context import GameContext
from game.intents import Intent, IntentKind
from game.presenter import round_summary
from game.scene import Go, SceneName
from game.scenes.base import TableScene
from game.widgets import Button, ChipRack

AUTOPLAY_WAIT = 1.2


class PayoutScene(TableScene):
    """Settles every hand on screen, then waits for a click (or a chip) to start the next round."""

    def __init__(self, ctx: GameContext) -> None:
        super().__init__(ctx)
        self.rack = ChipRack()
        self.wait = 0.0
        self.summarised = False
        self.leaving = False
        self.first_chip: int | None = None
        self.buttons.buttons.append(
            Button("next", N_("Next round"), layout.bet_button_rects()["deal"], IntentKind.CONFIRM,
                   enabled=False)
        )

    def enter(self) -> None:
        """Present everything that is left."""
        self.ctx.presenter.barrier = None
        self.ctx.presenter.turn = None

    def handle_event(self, intent: Intent) -> bool:
        """A click or Enter skips the payout animation, then starts the next round."""
        if self.ctx.trainer.quizzing and self._quiz_key(intent):
            return True
        if intent.kind is IntentKind.CLICK and self.buttons.under(intent.pos) is None:
            value = self.rack.chip_at(intent.pos)
            if value is not None and self.ctx.presenter.idle and not self.tournament_over():
                self.first_chip = value
                self.next_round()
                return True
        if super().handle_event(intent):
            return True
        if intent.kind in (IntentKind.CLICK, IntentKind.CONFIRM):
            if self.ctx.presenter.idle:
                self.next_round()
            else:
                self.ctx.presenter.hurry()
            return True
        if intent.kind is IntentKind.REBET and self.ctx.presenter.idle:
            self.next_round()
            return True
        return False

    def on_point(self, pos: tuple[int, int] | None) -> None:
        """Lift the chip under the pointer."""
        self.rack.hover = self.rack.chip_at(pos)

    def tournament_over(self) -> bool:
        """Whether this round ended the tournament (won or lost)."""
        session = self.ctx.session
        return session.mode == "tournament" and not any(
            session.table.seat_active(seat) for seat in session.people
        )

    def next_round(self) -> None:
        """Collect the cards and chips and open the next round's betting (or show the tournament's end)."""
        if self.leaving or self.stack is None:
            return
        self.leaving = True
        if self.tournament_over():
            self.stack.replace(Go(SceneName.TOURNAMENT_RESULT))
            return
        self.ctx.presenter.collect()
        self.stack.replace(Go(SceneName.BETTING, first_chip=self.first_chip))

    def summary(self) -> str:
        """What the round did for the people, in a sentence."""
        ctx = self.ctx
        rnd = ctx.round
        people = [s for s in ctx.session.people if s in rnd.playing_seats()]
        over = self.tournament_over()
        after = _("Click for the result.") if over else _("Click or bet for the next round.")
        labels = {s: ctx.session.seats_info[s].label for s in people}
        return f"{round_summary(rnd.events, labels, alone=len(ctx.session.people) == 1)} {after}"

    def update(self, dt: float) -> None:
        """Sum up when the chips have landed; autoplay moves on by itself."""
        super().update(dt)
        idle = self.ctx.presenter.idle
        self.buttons.by_name("next").enabled = idle
        if self.tournament_over():
            self.buttons.by_name("next").label = _("The result")
        if idle and not self.summarised:
            self.summarised = True
            self.ctx.presenter.message = self.summary()
        if idle and self.ctx.autoplay:
            self.wait += dt
            if self.wait >= AUTOPLAY_WAIT * self.ctx.settings.speed_factor:
                self.next_round()

    def draw_controls(self, surface: pygame.Surface) -> None:
        """The rack, ready for the next bet (not when the tournament is over)."""
        if not self.tournament_over():
            self.rack.draw(surface, self.ctx.assets)
