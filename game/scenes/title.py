"""The title scene: the empty table, the game's name, and the ways in: a table, the tournament, statistics,
drills, the demo, and how to play.

It also says what happened to the saved history when the game opened it: a bad file
moved aside, or a newer file refused (then the game plays without saving).
"""

from __future__ import annotations

import pygame

from engine.i18n import _
from game import layout
from game.assets import mark
from game.background import Job
from game.context import GameContext
from game.intents import Intent, IntentKind
from game.records import Resumable
from game.scene import Go, SceneName
from game.scenes.base import TableScene
from game.scenes.text import history_notice
from game.widgets import Button, draw_notice

GOLD = (232, 196, 104)
CREAM = (246, 236, 206)
AUTOPLAY_WAIT = 0.5
ATTRACT_WAIT = 60.0
"""Seconds the title waits untouched before the demo starts by itself (attract mode)."""


class TitleScene(TableScene):
    """Shows the table and the title; Play (or Enter) opens the setup."""

    def __init__(self, ctx: GameContext) -> None:
        super().__init__(ctx)
        self.time = 0.0
        self.choice: str | None = None
        self._shade: pygame.Surface | None = None
        self.idle = 0.0
        """Seconds since the person last did anything here (the demo starts at ATTRACT_WAIT)."""
        self.looking: Job[Resumable | None] | None = None
        """Asking the history, at launch, for a round a quit or crash left unfinished."""
        self.buttons.buttons = [
            Button(name, label, rect, IntentKind.CLICK, tooltip=tip)
            for (name, label, tip), rect in zip(
                (
                    # TRANSLATORS: the title's buttons and their tooltips; the buttons are narrow
                    ("play", _("Play"), _("Set up the table (Enter)")),
                    ("tournament", _("Double-up"), _("Double-up (100 to 200) or a saved tournament table")),
                    ("stats", _("Statistics"), _("Each player's saved statistics")),
                    ("history", _("History"), _("Every saved round: replay it, with each decision judged")),
                    ("drills", _("Drills"), _("Practise spots and the running count, with instant feedback")),
                    ("demo", _("Demo"), _("Watch bots play, with the odds behind each decision (M)")),
                    ("howto", _("How to play"), _("How to play at this table, and the keys")),
                    ("quit", _("Quit"), _("Leave the game")),
                ),
                layout.title_button_rects(8),
                strict=True,
            )
        ]

    def handle_event(self, intent: Intent) -> bool:
        """The title's buttons; Enter plays, Esc quits, M starts the demo."""
        self.idle = 0.0
        if intent.kind is IntentKind.DEMO:
            self.choice = "demo"
            return True
        if intent.kind is IntentKind.POINT:
            self.buttons.point(intent.pos)
            return True
        if intent.kind is IntentKind.CLICK:
            button = self.buttons.clicked(intent.pos)
            if button is not None:
                self.ctx.sounds.play("button", 0.5)
                self.choice = button.name
            return True
        if intent.kind is IntentKind.CONFIRM:
            self.choice = "play"
            return True
        if intent.kind in (IntentKind.MENU, IntentKind.BACK):
            if self.stack is not None:
                self.stack.push(Go(SceneName.SETTINGS, at_table=False))
            return True
        return False

    def update(self, dt: float) -> None:
        """Go where the players chose (or to the table by itself under autoplay)."""
        super().update(dt)
        self.time += dt
        self.idle += dt
        if self.idle >= ATTRACT_WAIT and self.choice is None and not self.ctx.autoplay:
            self.choice = "demo"
        records = self.ctx.records
        self.buttons.by_name("stats").enabled = records is None or not records.problem
        self.buttons.by_name("history").enabled = self.buttons.by_name("stats").enabled
        if self._resume_unfinished():
            return
        if (
            self.ctx.autoplay
            and self.choice is None
            and self.looking is None
            and (records is None or records.ready)
            and self.time >= AUTOPLAY_WAIT * self.ctx.settings.speed_factor
        ):
            self.choice = "autoplay"
        if self.choice is None or self.stack is None or self.stack.changing:
            return
        choice, self.choice = self.choice, None
        if choice == "quit":
            pygame.event.post(pygame.event.Event(pygame.QUIT))
        elif choice == "play":
            self.stack.replace(Go(SceneName.SETUP))
        elif choice == "tournament":
            self.stack.replace(Go(SceneName.TOURNAMENT))
        elif choice == "stats":
            self.stack.replace(Go(SceneName.STATS, names=None))
        elif choice == "history":
            self.stack.replace(Go(SceneName.HISTORY))
        elif choice == "drills":
            self.stack.replace(Go(SceneName.DRILL_SETUP))
        elif choice == "demo":
            self.stack.push(Go(SceneName.DEMO, seed=self.ctx.seed))
        elif choice == "howto":
            self.stack.push(Go(SceneName.HOW_TO_PLAY))
        elif choice == "autoplay":
            self._autoplay()

    def update_trainer(self, dt: float) -> None:
        """Nothing: the title's table stays empty, and a round started here (the first card of a
        double-up is dealt as soon as its round starts) would be journaled as a real one."""

    def _resume_unfinished(self) -> bool:
        """At launch, open the table of a round a quit or crash left unfinished; True when going there."""
        ctx, records = self.ctx, self.ctx.records
        if records is None or self.stack is None:
            return False
        if not ctx.looked_for_unfinished and records.ready:
            ctx.looked_for_unfinished = True
            if records.saving:
                self.looking = records.unfinished()
        if self.looking is None or not self.looking.done() or self.stack.changing:
            return False
        found, self.looking = self.looking.value, None
        if found is None:
            return False
        self.stack.replace(Go(SceneName.OPENING, unfinished=found))
        return True

    def _autoplay(self) -> None:
        """Under autoplay: the last table from the settings, else a quick table."""
        assert self.stack is not None
        from game.seats import SeatsError, parse_seats

        try:
            specs = parse_seats(self.ctx.settings.seats) if self.ctx.settings.seats else None
        except SeatsError:
            specs = None
        if specs and self.ctx.records is not None:
            rules_id, buy_in = self.ctx.settings.rules, self.ctx.settings.buy_in
            self.stack.replace(Go(SceneName.OPENING, specs=specs, rules_id=rules_id, buy_in=buy_in))
            return
        self.stack.replace(Go(SceneName.BETTING))

    def resume(self) -> None:
        """Back from the demo or the settings: the idle clock starts again."""
        self.idle = 0.0

    def draw(self, surface: pygame.Surface) -> None:
        """The empty table under a dark veil, with the title, the ways in and any notice."""
        ctx = self.ctx
        surface.blit(ctx.view.background(ctx.session.rules, ctx.presenter.positions), (0, 0))
        if self._shade is None:
            self._shade = pygame.Surface(layout.CANVAS_SIZE, pygame.SRCALPHA)
            self._shade.fill((0, 0, 0, 120))
        surface.blit(self._shade, (0, 0))
        panel = layout.title_panel_rect()
        mark(surface, pygame.draw.rect(surface, (12, 18, 14), panel, border_radius=24))
        mark(surface, pygame.draw.rect(surface, GOLD, panel, 3, border_radius=24))
        a = ctx.assets
        title = a.shadowed_text(_("BLACKJACK"), 120, GOLD, bold=True)
        surface.blit(title, title.get_rect(center=(640, panel.y + 80)))
        sub = a.shadowed_text(
            ctx.session.rules.name + " · " + ctx.session.rules.table_limits_text(), 28, CREAM
        )
        surface.blit(sub, sub.get_rect(center=(640, panel.y + 152)))
        if ctx.note:  # in the key hints' place: on the table's message line it would cross the title
            ctx.bar.draw(surface, a, ctx.note, warning=True, center=(640, panel.bottom - 34))
        else:
            keys = a.shadowed_text(
                # TRANSLATORS: the keys are the same in every language; translate only the words
                _("H hit · S stand · D double · P split · R surrender · ? hint · T chart · C count · U rules"
                  " · O settings"),
                20,
                (200, 200, 190),
            )
            surface.blit(keys, keys.get_rect(center=(640, panel.bottom - 34)))
        notice = history_notice(ctx)
        if notice is not None:
            draw_notice(surface, a, notice[0], layout.notice_rect(), error=notice[1], size=24)
        self.buttons.draw(surface, a)
