"""The speed-counting drill: a deck flashes by against the clock, its count checked at random stops and
at the end.

A deck less three face-down cards (`engine.count_drills.speed_run`) flashes 1 to 4 cards at a
time at an even pace that takes the deck's time; the clock stops while a count is asked.
Every asked count is scored and saved like any drill answer. A deck counted right at every
stop is a pass: its time is kept as the person's best for that many cards a flash when it
beats it (`Records.speed_time`), and the next deck goes faster (`next_deck_seconds`); a miss
slows the next one. A sitting starts a little slower than the person's best.
"""

from __future__ import annotations

import random
from typing import Any

import pygame

from engine import Card, Rules
from engine.count_drills import (
    CASINO_READY_SECONDS,
    CountDrill,
    SpeedRun,
    first_deck_seconds,
    next_deck_seconds,
    speed_run,
)
from engine.i18n import _, figure, ngettext, number
from game import layout
from game.background import Job
from game.context import GameContext
from game.intents import Intent, IntentKind
from game.scenes.counting_base import CountingScene
from game.scenes.text import GREEN, GREY, RED
from game.widgets import CREAM, GOLD, draw_panel

SHOWN_SHARE = 0.85
"""The share of a flash's time its cards are up; the rest is bare felt, so two equal flashes read as two."""


def clock_rect() -> pygame.Rect:
    """The clock bar: the deck's time so far against its pace and the casino mark."""
    return pygame.Rect(440, 560, 400, 16)


def flash_card_rects(count: int) -> list[pygame.Rect]:
    """Where a flash's cards lie: a centred row."""
    w, h = layout.CARD_SIZE
    left = layout.CANVAS_SIZE[0] // 2 - (count * (w + 14) - 14) // 2
    return [pygame.Rect(left + i * (w + 14), 250, w, h) for i in range(count)]


class SpeedDrillScene(CountingScene):
    """Flash a deck at the chosen cards a flash; ask the count at the stops and the end; time the deck."""

    def __init__(
        self, ctx: GameContext, rules: Rules, person: str | None = None, per_flash: int = 1,
        seed: int | None = None,
    ) -> None:
        super().__init__(ctx, rules, CountDrill.SPEED, person)
        self.per_flash = per_flash
        self.rng = random.Random(seed)
        self.run: SpeedRun | None = None
        self.shown = 0
        """Flashes gone by (the one up included)."""
        self.clock = 0.0
        """Seconds into the flash that is up."""
        self.elapsed = 0.0
        """The deck's time so far (stopped while a count is asked)."""
        self.phase = "ready"
        """ready → flashing ⇄ asked → done."""
        self.deck_seconds = first_deck_seconds(None)
        """The pace of the deck under way (or just done)."""
        self.next_seconds = self.deck_seconds
        """The pace of the next deck: faster after a deck counted right, slower after a miss."""
        self.deck_right = True
        self.results: list[str] = []
        """What each count asked in this deck was told."""
        self.best: float | None = None
        self.best_jobs: list[Job[Any]] = []
        self.outcome = ""

    def enter(self) -> None:
        """Read the person's results and best deck times (a sitting starts near the best)."""
        super().enter()
        if self.person is not None and self.ctx.records is not None:
            self.best_jobs.append(self.ctx.records.speed_best_times(self.person))

    @property
    def busy(self) -> bool:
        """Saving or reading the person's results or times."""
        return super().busy or any(not job.done() for job in self.best_jobs)

    @property
    def wants_text(self) -> bool:
        """Typing is the answer while a count is asked."""
        return self.phase == "asked"

    def flash_time(self) -> float:
        """Seconds each flash takes at this deck's pace."""
        assert self.run is not None
        return self.deck_seconds / len(self.run.flashes)

    def start(self) -> None:
        """Shuffle a deck and start flashing it."""
        self.run = speed_run(self.per_flash, self.rng)
        self.deck_seconds = self.next_seconds
        self.shown, self.clock, self.elapsed, self.phase = 1, 0.0, 0.0, "flashing"
        self.deck_right, self.outcome, self.results = True, "", []

    def handle_event(self, intent: Intent) -> bool:
        """Enter starts a deck or answers; digits type; Esc goes back."""
        routed = self.route(intent)
        if routed is None:
            return True
        if self.phase == "asked":
            self.take_count(routed, self._answer)
            return True
        if routed.kind is IntentKind.CONFIRM and self.phase in ("ready", "done"):
            self.start()
            return True
        return False

    def _answer(self, typed: int) -> None:
        assert self.run is not None
        count = self.run.count_after(self.shown)
        right = typed == count
        cards = self.run.cards_after(self.shown)
        told = (ngettext("Right: the count after {n} card was {count}",
                         "Right: the count after {n} cards was {count}", cards) if right else
                ngettext("Wrong: the count after {n} card was {count}, not {typed}",
                         "Wrong: the count after {n} cards was {count}, not {typed}", cards))
        self.results.append(told.format(n=cards, count=f"{count:+d}", typed=f"{typed:+d}"))
        self.entry = ""
        self.score(right)
        self.deck_right = self.deck_right and right
        if self.shown < len(self.run.flashes):
            self.shown += 1
            self.clock = 0.0
            self.phase = "flashing"
            return
        self.phase = "done"
        seconds = self.deck_seconds
        if self.deck_right:
            self.outcome = ngettext("Counted right: a deck in {n} second.",
                                    "Counted right: a deck in {n} seconds.", round(seconds)).format(
                n=figure(seconds))
            if self.best is None or seconds < self.best:
                self.best = seconds
            if self.person is not None and self.ctx.records is not None:
                self.best_jobs.append(self.ctx.records.speed_time(self.person, self.per_flash, seconds))
        else:
            self.outcome = ngettext("A count was missed at {n} second a deck.",
                                    "A count was missed at {n} seconds a deck.", round(seconds)).format(
                n=figure(seconds))
        self.next_seconds = next_deck_seconds(seconds, self.deck_right)

    def update(self, dt: float) -> None:
        """Move the flashes on at the deck's pace, stopping where a count is asked."""
        self.ctx.update(dt)
        self.buttons.update(dt)
        self.take_jobs()
        for job in [j for j in self.best_jobs if j.done()]:
            self.best_jobs.remove(job)
            if isinstance(job.value, dict):
                self.best = job.value.get(self.per_flash)
                if self.phase == "ready":
                    self.deck_seconds = self.next_seconds = first_deck_seconds(self.best)
            elif isinstance(job.value, float):
                self.best = job.value
        if self.phase == "flashing" and self.run is not None:
            self.clock += dt
            self.elapsed += dt
            if self.clock >= self.flash_time():
                if self.shown in self.run.stops:
                    self.phase = "asked"
                else:
                    self.shown += 1
                    self.clock -= self.flash_time()
        next_button = self.buttons.by_name("next")
        next_button.visible = self.phase in ("ready", "done")
        next_button.label = _("Start") if self.phase == "ready" else _("Next deck")

    def showing(self) -> tuple[Card, ...]:
        """The cards up now (none between two flashes, nor while a count is asked)."""
        if self.phase != "flashing" or self.run is None or self.clock >= SHOWN_SHARE * self.flash_time():
            return ()
        return self.run.flashes[self.shown - 1]

    def info(self) -> list[str]:
        """The extra score lines: the pace, and the person's best deck."""
        flash = ngettext("{n} card a flash", "{n} cards a flash", self.per_flash).format(n=self.per_flash)
        best = (_("no best deck yet") if self.best is None
                else _("best deck {seconds} s").format(seconds=figure(self.best)))
        pace = _("this deck {seconds} s").format(seconds=figure(self.deck_seconds))
        if self.phase == "done":
            pace = _("this deck {seconds} s, next {next} s").format(
                seconds=figure(self.deck_seconds), next=figure(self.next_seconds))
        return [f"{flash} · {pace} · {best}"]

    def draw(self, surface: pygame.Surface) -> None:
        """The table, the flash, the clock, the question or the result, and the score."""
        ctx, a = self.ctx, self.ctx.assets
        surface.blit(ctx.view.background(self.rules, []), (0, 0))
        self.draw_score(surface, self.info())
        cards = self.showing()
        for c, rect in zip(cards, flash_card_rects(len(cards)), strict=True):
            ctx.view.lay_card(surface, c.code, rect)
        if self.run is not None and self.phase != "ready":
            self._draw_clock(surface)
        if self.phase == "ready":
            ready = _("A deck in {seconds} seconds is casino-ready. Enter starts.").format(
                seconds=figure(CASINO_READY_SECONDS))
            self._panel(surface, [_("Count the deck with Hi-Lo as it flashes by."),
                                  _("The count is asked at two random stops and at the end."), ready],
                        [CREAM, CREAM, GOLD])
        elif self.phase == "asked":
            assert self.run is not None
            at_end = self.shown == len(self.run.flashes)
            ask = _("The count at the end of the deck?") if at_end else _("Stop! What is the running count?")
            counted = self.run.cards_after(self.shown)
            so_far = ngettext("{n} card so far; the clock is stopped",
                              "{n} cards so far; the clock is stopped", counted).format(n=counted)
            self.draw_question(surface, ask, so_far, _("Type the number · Enter answers"))
        elif self.phase == "done":
            self._panel(surface, [self.outcome, *self.results, _("Enter for the next deck.")],
                        [GREEN if self.deck_right else RED, *[CREAM] * len(self.results), GREY])
        self.buttons.draw(surface, a)

    def _draw_clock(self, surface: pygame.Surface) -> None:
        a, bar = self.ctx.assets, clock_rect()
        span = max(self.deck_seconds, CASINO_READY_SECONDS) * 1.1
        pygame.draw.rect(surface, (30, 30, 30), bar, border_radius=6)
        fill = pygame.Rect(bar.x, bar.y, round(bar.w * min(1.0, self.elapsed / span)), bar.h)
        pygame.draw.rect(surface, GOLD, fill, border_radius=6)
        for seconds, color in ((self.deck_seconds, CREAM), (CASINO_READY_SECONDS, GREEN)):
            mark = bar.x + round(bar.w * seconds / span)
            pygame.draw.line(surface, color, (mark, bar.y - 6), (mark, bar.bottom + 6), 3)
        assert self.run is not None
        cards = _("card {at} of {total}").format(at=self.run.cards_after(self.shown), total=self.run.cards)
        ready = _("green: casino-ready {seconds} s").format(seconds=figure(CASINO_READY_SECONDS))
        clock = _("{elapsed} s of {seconds} s").format(elapsed=number(self.elapsed, 1),
                                                 seconds=figure(self.deck_seconds))
        text = f"{clock} · {cards} · {ready}"
        label = a.shadowed_text(text, 17, CREAM)
        surface.blit(label, label.get_rect(midtop=(bar.centerx, bar.bottom + 8)))

    def _panel(self, surface: pygame.Surface, lines: list[str], colors: list[tuple[int, int, int]]) -> None:
        a = self.ctx.assets
        panel = pygame.Rect(300, 200, 680, 50 + 44 * len(lines))
        draw_panel(surface, panel)
        for i, (line, color) in enumerate(zip(lines, colors, strict=True)):
            label = a.text(line, 21, color, bold=True)
            surface.blit(label, label.get_rect(midtop=(panel.centerx, panel.y + 40 + i * 44)))
