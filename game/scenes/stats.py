"""A player's statistics: bankroll over time as a line chart, the rates, luck, accuracy and index plays.

Everything comes from `engine.store` (read on the store worker); the scene shows
"loading…" until the numbers arrive, then builds the chart once.
"""

from __future__ import annotations

import itertools
from typing import Any

import pygame

from engine import Money
from engine.i18n import N_, _, ngettext
from engine.store import PlayerStats
from game import layout
from game.background import Job
from game.context import GameContext
from game.intents import Intent, IntentKind
from game.records import StatsData
from game.scene import Go, Scene, SceneName
from game.scenes.text import GREEN, GREY, RED, money_text, percent
from game.widgets import CREAM, GOLD, Button, ButtonRow, draw_panel

LINE = (246, 204, 96)


def stat_lines(data: StatsData) -> list[tuple[str, str]]:
    """The numbers the stats screen shows, as (label, text), from the store's PlayerStats."""
    s = data.stats
    lines = [
        (_("Bankroll"), money_text(s.bankroll)),
        (_("Rounds played"), str(s.rounds)),
        (_("Hands"), str(s.hands)),
        (_("Won"), percent(s.win_rate)),
        (_("Pushed"), percent(s.push_rate)),
        (_("Lost"), percent(s.loss_rate)),
        (_("Blackjacks"), percent(s.blackjack_rate)),
        (_("Busted"), percent(s.bust_rate)),
        (_("Net result"), money_text(s.net, sign=True)),
        *play_lines(s),
    ]
    if data.ramp_bets is not None and data.ramp_bets.judged:  # bets judged against the person's bet ramp
        lines.append((_("Bets off the ramp"), _("{off} of {judged}").format(
            off=data.ramp_bets.off_ramp, judged=data.ramp_bets.judged)))
    won = [t for t in data.tournaments if t.won]
    if data.tournaments:
        best = (
            min(won, key=lambda t: t.rounds) if won else max(data.tournaments, key=lambda t: t.final_bankroll)
        )
        lines.append(
            (
                _("Best double-up"),
                ngettext("won in {n} round", "won in {n} rounds", best.rounds).format(n=best.rounds)
                if best.won
                else _("out with {bankroll}").format(bankroll=money_text(best.final_bankroll)),
            )
        )
    return lines


def play_lines(s: PlayerStats) -> list[tuple[str, str]]:
    """The lines on how the player played: the bets' expectation, what mistakes cost, luck net of both,
    accuracy against the coach's standard, and the index plays the count called for."""
    missed = s.index_plays - s.index_made
    return [
        (_("Expected for the bets"), money_text(s.expected, sign=True)),
        (_("Lost to mistakes"), money_text(-round(s.ev_lost), sign=True) if s.decisions else "—"),
        (_("Luck"), money_text(s.luck, sign=True)),
        (_("Decisions judged"), str(s.decisions)),
        (_("Play accuracy"), percent(s.accuracy)),
        (_("Index plays"), _("{made} made, {missed} missed").format(made=s.index_made, missed=missed)
         if s.index_plays else "—"),
    ]


class StatsScene(Scene):
    """One player's statistics; < and > page through the players, Back returns."""

    def __init__(
        self,
        ctx: GameContext,
        names: list[str] | None,
        index: int = 0,
        *,
        back: Go | None = None,
    ) -> None:
        super().__init__()
        self.ctx = ctx
        self.names = list(names) if names else []
        self.index = index
        self.back_to = back
        self.names_job: Job[list[Any]] | None = None
        self.job: Job[StatsData | None] | None = None
        self.data: StatsData | None = None
        self.chart: pygame.Surface | None = None
        self.leaving = False
        self.browsing = False
        r = layout.stats_rects()
        self.buttons = ButtonRow(
            [
                Button("prev", "<", r["prev"], IntentKind.CLICK, tooltip=N_("The previous player")),
                Button("next", ">", r["next"], IntentKind.CLICK, tooltip=N_("The next player")),
                Button("history", N_("History"), r["history"], IntentKind.CLICK,
                       tooltip=N_("This player's rounds")),
                Button("back", N_("Back"), r["back"], IntentKind.BACK, tooltip=N_("Back (Esc)")),
            ]
        )

    @property
    def name(self) -> str | None:
        """The player shown."""
        return self.names[self.index % len(self.names)] if self.names else None

    @property
    def busy(self) -> bool:
        """Waiting for the numbers."""
        records = self.ctx.records
        if records is None or (records.ready and not records.saving):
            return False
        return self.data is None and (not self.names_job or not self.names_job.done() or bool(self.names))

    def lines(self) -> list[tuple[str, str]]:
        """The numbers shown (empty until loaded)."""
        return stat_lines(self.data) if self.data is not None else []

    def handle_event(self, intent: Intent) -> bool:
        """< > page through players; Back or Esc returns."""
        if intent.kind is IntentKind.POINT:
            self.buttons.point(intent.pos)
            return True
        if intent.kind is IntentKind.CLICK:
            button = self.buttons.clicked(intent.pos)
            if button is not None:
                self.ctx.sounds.play("button", 0.5)
                if button.name == "back":
                    self.leaving = True
                elif button.name == "history":
                    self.browsing = True
                else:
                    self.show(self.index + (1 if button.name == "next" else -1))
            return True
        if intent.kind in (IntentKind.BACK, IntentKind.CONFIRM):
            self.leaving = True
            return True
        return False

    def show(self, index: int) -> None:
        """Load another player's numbers."""
        if not self.names:
            return
        self.index = index % len(self.names)
        self.job = None
        self.data = None
        self.chart = None

    def update(self, dt: float) -> None:
        """Ask for the players and the numbers; build the chart when they arrive."""
        self.buttons.update(dt)
        records = self.ctx.records
        if records is not None:
            records.start()
            if not self.names and records.ready and self.names_job is None:
                self.names_job = records.profiles()
            if self.names_job is not None and self.names_job.done() and not self.names:
                self.names = [p.name for p in (self.names_job.value or [])]
            if self.name is not None and self.job is None and records.ready:
                self.job = records.stats(self.name)
            if self.job is not None and self.job.done() and self.data is None:
                self.data = self.job.value
                if self.data is not None:
                    self.chart = build_chart(self.ctx, self.data, layout.stats_rects()["chart"].size)
        many = len(self.names) > 1
        self.buttons.by_name("prev").visible = self.buttons.by_name("next").visible = many
        if self.browsing and self.stack is not None and not self.stack.changing:
            self.browsing = False
            here = Go(SceneName.STATS, names=self.names, index=self.index, back=self.back_to)
            self.stack.replace(Go(SceneName.HISTORY, player=self.name, back=here))
        if self.leaving and self.stack is not None and not self.stack.changing:
            self.leaving = False
            self.go_back(self.back_to)

    def draw(self, surface: pygame.Surface) -> None:
        """The chart on the left, the numbers on the right."""
        ctx = self.ctx
        a = ctx.assets
        surface.blit(ctx.view.background(ctx.session.rules, ctx.presenter.positions), (0, 0))
        draw_panel(surface, layout.screen_panel_rect())
        r = layout.stats_rects()
        title = a.text(_("STATISTICS"), 40, GOLD, bold=True)
        surface.blit(title, (44, 34))
        name = a.text(self.name or "", 34, (255, 255, 255), bold=True)
        surface.blit(name, name.get_rect(center=((r["prev"].right + r["next"].left) // 2, r["prev"].centery)))
        message = self._status()
        if message:
            text = a.text(message, 24, CREAM)
            surface.blit(text, text.get_rect(center=r["chart"].center))
        if self.chart is not None:
            surface.blit(self.chart, r["chart"].topleft)
        box = r["numbers"]
        lines = self.lines()
        spacing = min(33, box.h // max(1, len(lines)))  # more figures (a ramp, tournaments) sit closer
        for i, (label, value) in enumerate(lines):
            y = box.y + i * spacing
            left = a.text(label, 21, GREY, bold=True)
            surface.blit(left, (box.x, y))
            color = GREEN if value.startswith("+") else RED if value.startswith("-") else (255, 255, 255)
            right = a.text(value, 23, color, bold=True)
            surface.blit(right, right.get_rect(topright=(box.right, y - 1)))
        self.buttons.draw(surface, a)

    def _status(self) -> str:
        records = self.ctx.records
        if records is None or (records.ready and not records.saving):
            return _("Nothing is saved in this run, so there are no statistics.")
        if self.names_job is not None and self.names_job.done() and not self.names:
            return _("No players yet: play a round first.")
        if self.data is None:
            return _("loading…")
        if not self.data.series:
            return _("No rounds played yet.")
        return ""


def nice_step(span: Money) -> Money:
    """A round gridline step in cents (1, 2 or 5 times a power of ten units) giving at most 6 lines."""
    step = 100
    while True:
        for factor in (1, 2, 5):
            if span / (step * factor) <= 5:
                return step * factor
        step *= 10


def build_chart(ctx: GameContext, data: StatsData, size: tuple[int, int]) -> pygame.Surface:
    """The bankroll after each round as a line, with the starting and rebuy points marked (built once)."""
    a = ctx.assets
    surface = pygame.Surface(size, pygame.SRCALPHA)
    w, h = size
    pygame.draw.rect(surface, (12, 22, 16, 235), surface.get_rect(), border_radius=12)
    pygame.draw.rect(surface, (90, 80, 60), surface.get_rect(), 1, border_radius=12)
    points = data.series
    if not points:
        return surface
    values = [points[0].before] + [p.after for p in points]
    for prev, p in itertools.pairwise(points):
        if p.before != prev.after:
            values.append(p.before)
    step = nice_step(max(values) - min(values))
    low = min(values) // step * step
    high = -(-max(values) // step) * step
    if high == low:
        high += step
    pad_l, pad_r, pad_t, pad_b = 92, 22, 44, 42
    plot = pygame.Rect(pad_l, pad_t, w - pad_l - pad_r, h - pad_t - pad_b)
    head = a.text(_("BANKROLL AFTER EACH ROUND"), 18, GREY, bold=True)
    surface.blit(head, (pad_l, 14))

    def y_of(value: int) -> int:
        return round(plot.bottom - (value - low) / (high - low) * plot.h)

    def x_of(index: int) -> int:
        return round(plot.x + index / max(1, len(points)) * plot.w)

    for value in range(low, high + 1, step):
        y = y_of(value)
        pygame.draw.line(surface, (44, 60, 48), (plot.x, y), (plot.right, y), 1)
        label = a.text(money_text(value), 16, GREY)
        surface.blit(label, label.get_rect(midright=(plot.x - 8, y)))
    start = points[0].before
    line = [(x_of(0), y_of(start))]
    for i, p in enumerate(points):
        if i and p.before != points[i - 1].after:  # a rebuy between rounds: a jump, marked
            x = x_of(i)
            pygame.draw.line(surface, (120, 170, 240), (x, y_of(points[i - 1].after)), (x, y_of(p.before)), 2)
            if len(line) > 1:
                pygame.draw.lines(surface, LINE, False, line, 3)
            line = [(x, y_of(p.before))]
        line.append((x_of(i + 1), y_of(p.after)))
    if len(line) > 1:
        pygame.draw.lines(surface, LINE, False, line, 3)
    if len(points) <= 60:
        for i, p in enumerate(points):
            pygame.draw.circle(surface, LINE, (x_of(i + 1), y_of(p.after)), 3)
    first = a.text(_("round {n}").format(n=1), 16, GREY)
    surface.blit(first, first.get_rect(midtop=(x_of(1), plot.bottom + 10)))
    if len(points) > 1:
        last = a.text(_("round {n}").format(n=len(points)), 16, GREY)
        surface.blit(last, last.get_rect(topright=(plot.right, plot.bottom + 10)))
    return surface
