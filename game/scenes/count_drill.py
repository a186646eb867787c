"""The running-count drill: cards flash by at a chosen speed, then the running and the true count are asked.

Cards come from the top of a freshly shuffled shoe of the rules' decks
(`engine.drills.count_flashes`), one at a time or a round's worth at once. The answers are
typed and scored by the same `CountQuiz` the table's counting quiz uses (`game.trainer`):
first the running count, then the true count with the decks left shown (to the nearest
half deck, as `engine.drills.count_answer` works them out); a true count within half a
point is right. Each attempt is saved for the person (`Records.count_drill`).
"""

from __future__ import annotations

import random
from typing import Any

import pygame

from engine import Card, Rules
from engine.drills import TRUE_COUNT_TOLERANCE, CountAnswer, count_answer, count_flashes, most_flashes
from engine.i18n import N_, _, figure, ngettext, number
from engine.store import CountDrillStats
from game import layout
from game.background import Job
from game.context import GameContext
from game.intents import Intent, IntentKind
from game.scene import Scene
from game.scenes.text import GREEN, GREY, RED
from game.trainer import CountQuiz
from game.widgets import CREAM, GOLD, Button, ButtonRow, draw_panel

SINGLE_CARDS = 20
"""Cards flashed one at a time in an attempt."""
ROUNDS = 6
"""Rounds flashed in an attempt when a round shows at once."""
GAP = 0.12
"""Seconds of empty table between two flashes, so two equal cards in a row are seen as two."""


def count_rects() -> dict[str, pygame.Rect]:
    """The count drill: the info panel, the question panel and its answer field, Back and Start."""
    question = pygame.Rect(340, 230, 600, 200)
    field = pygame.Rect(0, 0, 140, 44)
    field.midtop = (question.centerx, question.y + 100)
    return {
        "info": pygame.Rect(16, 16, 330, 120),
        "question": question,
        "field": field,
        "back": pygame.Rect(30, 633, 130, 58),
        "start": pygame.Rect(1060, 633, 190, 58),
    }


def flash_rects(count: int) -> list[pygame.Rect]:
    """Where the cards of one flash lie: a centred row (two rows for a big round)."""
    w, h = layout.CARD_SIZE
    per_row = max(1, min(count, 6))
    rows = (count + per_row - 1) // per_row
    out = []
    for i in range(count):
        row, col = divmod(i, per_row)
        in_row = min(per_row, count - row * per_row)
        left = layout.CANVAS_SIZE[0] // 2 - (in_row * (w + 14) - 14) // 2
        top = 300 - rows * (h + 14) // 2 + row * (h + 14)
        out.append(pygame.Rect(left + col * (w + 14), top, w, h))
    return out


class CountDrillScene(Scene):
    """Flash the cards, then ask the running count and the true count; score and save each attempt."""

    def __init__(
        self,
        ctx: GameContext,
        rules: Rules,
        person: str | None = None,
        speed: float = 2.0,
        per_flash: int = 1,
        seed: int | None = None,
    ) -> None:
        super().__init__()
        self.ctx = ctx
        self.rules = rules
        if rules.decks is None:
            raise ValueError(f"{rules.name} deals from an endless shoe, which has no true count")
        self.decks: int = rules.decks
        self.person = person
        self.speed = speed
        self.per_flash = per_flash
        self.rng = random.Random(seed)
        self.flashes: tuple[tuple[Card, ...], ...] = ()
        self.shown = 0
        """How many flashes have gone by (the one on screen included)."""
        self.clock = 0.0
        self.phase = "ready"
        """ready → flashing → running (asked) → true (asked) → done."""
        self.answer: CountAnswer | None = None
        self.running = CountQuiz(N_("running count"))
        self.true = CountQuiz(N_("true count"), TRUE_COUNT_TOLERANCE)
        self.running_right: bool | None = None
        self.true_right: bool | None = None
        """Whether the true count was right (kept, as its result's words are in the player's language)."""
        self.saved: CountDrillStats | None = None
        self.jobs: list[Job[Any]] = []
        r = count_rects()
        self.buttons = ButtonRow([
            Button("back", N_("Back"), r["back"], IntentKind.BACK, tooltip=N_("Back to the setup (Esc)")),
            Button("start", N_("Start"), r["start"], IntentKind.CONFIRM,
                   tooltip=N_("Flash the cards (Enter)")),
        ])

    def enter(self) -> None:
        """Read the person's saved totals."""
        if self.person is not None and self.ctx.records is not None:
            self.jobs.append(self.ctx.records.count_drill_stats(self.person))

    @property
    def wants_text(self) -> bool:
        """Typing is the answer while a count is asked."""
        return self.phase in ("running", "true")

    @property
    def busy(self) -> bool:
        """Saving or reading the person's totals."""
        return any(not job.done() for job in self.jobs)

    @property
    def quiz(self) -> CountQuiz | None:
        """The question up now, if any."""
        return {"running": self.running, "true": self.true}.get(self.phase)

    def flash_time(self) -> float:
        """Seconds one flash stays up: its cards at the chosen speed."""
        return self.per_flash / self.speed

    def start(self) -> None:
        """Deal a new attempt and start flashing."""
        wanted = SINGLE_CARDS if self.per_flash == 1 else ROUNDS
        flashes = most_flashes(self.decks, self.per_flash, wanted)  # a single deck holds two rounds, not six
        self.flashes = count_flashes(self.decks, self.rng, flashes=flashes, per_flash=self.per_flash)
        self.answer = count_answer(self.flashes, self.decks)
        self.shown, self.clock, self.phase = 1, 0.0, "flashing"
        self.running_right = None

    def handle_event(self, intent: Intent) -> bool:
        """Enter starts or answers, digits type, Backspace erases, Esc goes back."""
        routed = self.buttons.route(intent, self.ctx.sounds)
        if routed is None:
            return True
        intent = routed
        if intent.kind is IntentKind.BACK:
            self.close()
            return True
        quiz = self.quiz
        if quiz is not None:
            if intent.kind is IntentKind.TEXT:
                quiz.type(intent.text or "")
            elif intent.kind is IntentKind.CLEAR:
                quiz.erase()
            elif intent.kind is IntentKind.CONFIRM:
                self._submit(quiz)
            return True
        if intent.kind is IntentKind.CONFIRM and self.phase in ("ready", "done"):
            self.start()
            return True
        return False

    def _submit(self, quiz: CountQuiz) -> None:
        right = quiz.submit()
        if right is None:
            return
        if self.phase == "running":
            self.running_right = right
            assert self.answer is not None
            self.true.ask(self.answer.true_count)
            self.phase = "true"
            return
        self.phase, self.true_right = "done", right
        if self.person is not None and self.ctx.records is not None:
            self.jobs.append(self.ctx.records.count_drill(self.person, bool(self.running_right), right))

    def update(self, dt: float) -> None:
        """Move the flashes on; ask the running count after the last one; take saved totals."""
        self.ctx.update(dt)
        self.buttons.update(dt)
        for job in [j for j in self.jobs if j.done()]:
            self.jobs.remove(job)
            if isinstance(job.value, CountDrillStats):
                self.saved = job.value
        if self.phase == "flashing":
            self.clock += dt
            if self.clock >= self.flash_time() + GAP:
                self.clock = 0.0
                self.shown += 1
                if self.shown > len(self.flashes):
                    assert self.answer is not None
                    self.phase = "running"
                    self.running.ask(self.answer.running)
        self.buttons.by_name("start").visible = self.phase in ("ready", "done")
        self.buttons.by_name("start").label = _("Start") if self.phase == "ready" else _("Again")

    def showing(self) -> tuple[Card, ...]:
        """The cards on screen now (none between two flashes)."""
        if self.phase != "flashing" or self.clock >= self.flash_time():
            return ()
        return self.flashes[self.shown - 1]

    def info_lines(self) -> list[str]:
        """The info panel: the drill, this sitting's score, and the person's saved totals."""
        how = _("one card at a time") if self.per_flash == 1 else _("a round at once")
        speed = ngettext("{n} card a second", "{n} cards a second", round(self.speed)).format(
            n=figure(self.speed))
        run, true = self.running, self.true
        decks = ngettext("Running count · {n} deck", "Running count · {n} decks", self.decks)
        lines = [decks.format(n=self.decks),
                 f"{speed}, {how}",
                 _("Running {right}/{asked} right · true {true_right}/{true_asked}").format(
                     right=run.right, asked=run.asked, true_right=true.right, true_asked=true.asked)]
        if self.person is None:
            lines.append(_("Not saved: no person chosen"))
        elif self.saved is not None:
            s = self.saved
            lines.append(_("{person}: {running}/{attempts} running, {true} true").format(
                person=self.person, running=s.running_correct, attempts=s.attempts, true=s.true_correct))
        return lines

    def draw(self, surface: pygame.Surface) -> None:
        """The table, the cards flashing, the question or the results, and the info panel."""
        ctx, a = self.ctx, self.ctx.assets
        surface.blit(ctx.view.background(self.rules, []), (0, 0))
        cards = self.showing()
        for c, rect in zip(cards, flash_rects(len(cards)), strict=True):
            ctx.view.lay_card(surface, c.code, rect)
        r = count_rects()
        draw_panel(surface, r["info"])
        for i, line in enumerate(self.info_lines()):
            surface.blit(a.text(line, 20 if i == 0 else 17, GOLD if i == 0 else CREAM, bold=True),
                         (r["info"].x + 14, r["info"].y + 10 + i * 26))
        if self.phase == "flashing":
            progress = ctx.view.pill(f"{min(self.shown, len(self.flashes))} / {len(self.flashes)}", 18)
            surface.blit(progress, progress.get_rect(midtop=(layout.CANVAS_SIZE[0] // 2, 480)))
        elif self.phase == "ready":
            self._panel(surface, [_("Count the cards with Hi-Lo as they flash by."),
                                  _("Then type the running count, and the true count."), _("Enter starts.")])
        elif self.quiz is not None:
            self._draw_question(surface, self.quiz)
        elif self.phase == "done":
            self._panel(surface, [self.running.result, self.true.result, _("Enter for another round.")],
                        [GREEN if self.running_right else RED,
                         GREEN if self.true_right else RED, GREY])
        self.buttons.draw(surface, a)

    def _panel(self, surface: pygame.Surface, lines: list[str],
               colors: list[tuple[int, int, int]] | None = None) -> None:
        a = self.ctx.assets
        panel = count_rects()["question"]
        draw_panel(surface, panel)
        for i, line in enumerate(lines):
            label = a.text(line, 22, (colors or [CREAM] * len(lines))[i], bold=True)
            surface.blit(label, label.get_rect(midtop=(panel.centerx, panel.y + 40 + i * 44)))

    def _draw_question(self, surface: pygame.Surface, quiz: CountQuiz) -> None:
        a = self.ctx.assets
        r = count_rects()
        panel, field = r["question"], r["field"]
        draw_panel(surface, panel)
        assert self.answer is not None
        if quiz is self.running:
            went = sum(len(f) for f in self.flashes)
            ask = _("What is the running count?")
            note = ngettext("{n} card went by", "{n} cards went by", went).format(n=went)
        else:
            ask = _("And the true count?")
            note = _("Decks left {decks} · {result}").format(
                decks=number(self.answer.decks_left, 1), result=self.running.result)
        title = a.text(ask, 26, GOLD, bold=True)
        surface.blit(title, title.get_rect(midtop=(panel.centerx, panel.y + 20)))
        sub = a.text(note, 18, CREAM, bold=True)
        surface.blit(sub, sub.get_rect(midtop=(panel.centerx, panel.y + 62)))
        pygame.draw.rect(surface, (30, 40, 34), field, border_radius=6)
        pygame.draw.rect(surface, GOLD, field, 2, border_radius=6)
        entry = a.text(quiz.entry + "_", 26, (250, 220, 90), bold=True)
        surface.blit(entry, entry.get_rect(center=field.center))
        keys = a.text(_("Type the number · Enter answers"), 16, GREY)
        surface.blit(keys, keys.get_rect(midtop=(panel.centerx, field.bottom + 10)))
