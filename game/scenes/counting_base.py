"""What the counting drills share: the sitting's score and the person's saved one, a typed answer,
and the panels they draw (score, question, feedback).

Each drill saves every answer under its word (`engine.count_drills.CountDrill`) with
`Records.drill_answer`, the way the spot drills save theirs, so answered, right and the
best streak are kept per person.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from engine import Rules
from engine.count_drills import CountDrill
from engine.i18n import N_, _
from engine.store import DrillStats
from game.background import Job
from game.context import GameContext
from game.intents import Intent, IntentKind
from game.scene import Scene
from game.scenes.text import GREEN, GREY, RED, percent
from game.widgets import CREAM, GOLD, Button, ButtonRow, draw_panel, wrap

ENTRY_COLOR = (250, 220, 90)


def counting_rects() -> dict[str, pygame.Rect]:
    """The counting drills' places: score (top left), question and feedback (right), Back and Next."""
    question = pygame.Rect(660, 170, 580, 190)
    field = pygame.Rect(0, 0, 170, 46)
    field.midtop = (question.centerx, question.y + 96)
    return {
        "score": pygame.Rect(16, 16, 380, 120),
        "question": question,
        "field": field,
        "feedback": pygame.Rect(660, 376, 580, 160),
        "back": pygame.Rect(30, 633, 130, 58),
        "next": pygame.Rect(1060, 633, 190, 58),
    }


class CountingScene(Scene):
    """A counting drill's frame: the score kept and saved, the typed answer, Back and Next (Enter)."""

    allowed = "0123456789-"
    """The characters the answer takes."""
    longest = 4

    def __init__(self, ctx: GameContext, rules: Rules, drill: CountDrill, person: str | None) -> None:
        super().__init__()
        self.ctx = ctx
        self.rules = rules
        self.drill = drill
        self.person = person
        self.answered = 0
        self.right = 0
        self.streak = 0
        self.best_streak = 0
        self.saved: DrillStats | None = None
        self.jobs: list[Job[Any]] = []
        self.entry = ""
        self.error = ""
        """Why the typed answer did not read (nothing is scored)."""
        r = counting_rects()
        self.buttons = ButtonRow([
            Button("back", N_("Back"), r["back"], IntentKind.BACK, tooltip=N_("Back to the setup (Esc)")),
            Button("next", N_("Next"), r["next"], IntentKind.CONFIRM, tooltip=N_("Go on (Enter)")),
        ])

    def enter(self) -> None:
        """Read the person's saved results."""
        if self.person is not None and self.ctx.records is not None:
            self.jobs.append(self.ctx.records.drill_stats(self.person))

    @property
    def busy(self) -> bool:
        """Saving or reading the person's results."""
        return any(not job.done() for job in self.jobs)

    # ---- the answer ------------------------------------------------------------------

    def route(self, intent: Intent) -> Intent | None:
        """The intent after the buttons (None: used up); Esc closes the drill here."""
        routed = self.buttons.route(intent, self.ctx.sounds)
        if routed is not None and routed.kind is IntentKind.BACK:
            self.close()
            return None
        return routed

    def type_answer(self, intent: Intent) -> bool:
        """Typing and Backspace edit the answer; whether the intent was one of them."""
        if intent.kind is IntentKind.TEXT:
            for ch in intent.text or "":
                if ch in self.allowed and len(self.entry) < self.longest and (ch != "-" or not self.entry):
                    self.entry += ch
            self.error = ""
            return True
        if intent.kind is IntentKind.CLEAR:
            self.entry = self.entry[:-1]
            return True
        return False

    def take_count(self, intent: Intent, answer: Callable[[int], None]) -> None:
        """While a whole count is asked: the keys type it, and Enter hands it to `answer`."""
        if not self.type_answer(intent) and intent.kind is IntentKind.CONFIRM and self.entry not in ("", "-"):
            answer(int(self.entry))

    def score(self, right: bool) -> None:
        """Count one answer for the sitting, and save it for the person."""
        self.answered += 1
        self.right += right
        self.streak = self.streak + 1 if right else 0
        self.best_streak = max(self.best_streak, self.streak)
        self.ctx.sounds.play("button" if right else "bust", 0.4)
        if self.person is not None and self.ctx.records is not None:
            self.jobs.append(self.ctx.records.drill_answer(self.person, self.drill.value, right))

    def take_jobs(self) -> None:
        """Keep the person's saved results as the jobs reading and saving them finish."""
        for job in [j for j in self.jobs if j.done()]:
            self.jobs.remove(job)
            value = job.value
            if isinstance(value, dict):
                self.saved = value.get(self.drill.value, self.saved)
            elif isinstance(value, DrillStats):
                self.saved = value

    # ---- drawing ---------------------------------------------------------------------

    def score_lines(self) -> list[str]:
        """The score panel: the drill, this sitting, and the person's saved results."""
        lines = [f"{self.drill.label} · {self.rules.name}",
                 _("Streak {streak} (best {best}) · {right}/{answered} right").format(
                     streak=self.streak, best=self.best_streak, right=self.right, answered=self.answered)]
        if self.person is None:
            lines.append(_("Not saved: no person chosen"))
        elif self.saved is not None:
            s = self.saved
            lines.append(_("{person}: {share} of {answered} · best run {best}").format(
                person=self.person, share=percent(s.accuracy), answered=s.answered, best=s.best_streak))
        else:
            lines.append(_("{person}: no answers saved yet").format(person=self.person))
        return lines

    def draw_score(self, surface: pygame.Surface, extra: list[str] | None = None) -> None:
        """The score panel, with any extra lines under it."""
        a, panel = self.ctx.assets, counting_rects()["score"]
        lines = self.score_lines() + (extra or [])
        panel = panel.inflate(0, 30 * len(extra or [])).move(0, 15 * len(extra or []))
        draw_panel(surface, panel)
        for i, line in enumerate(lines):
            size = 20 if i == 0 else 18
            surface.blit(a.text(line, size, GOLD if i == 0 else CREAM, bold=True),
                         (panel.x + 14, panel.y + 12 + i * 32))

    def draw_question(self, surface: pygame.Surface, ask: str, note: str, keys: str) -> None:
        """The question panel with the typed answer in its field."""
        a, r = self.ctx.assets, counting_rects()
        panel, field = r["question"], r["field"]
        draw_panel(surface, panel)
        title = a.text(ask, 26, GOLD, bold=True)
        surface.blit(title, title.get_rect(midtop=(panel.centerx, panel.y + 18)))
        sub = a.text(note, 18, CREAM, bold=True)
        surface.blit(sub, sub.get_rect(midtop=(panel.centerx, panel.y + 60)))
        pygame.draw.rect(surface, (30, 40, 34), field, border_radius=6)
        pygame.draw.rect(surface, GOLD, field, 2, border_radius=6)
        entry = a.text(self.entry + ("_" if self.wants_text else ""), 26, ENTRY_COLOR, bold=True)
        surface.blit(entry, entry.get_rect(center=field.center))
        hint, color = (self.error, RED) if self.error else (keys, GREY)
        label = a.text(hint, 16, color, bold=bool(self.error))
        surface.blit(label, label.get_rect(midtop=(panel.centerx, field.bottom + 10)))

    def draw_feedback(self, surface: pygame.Surface, right: bool, lines: list[str]) -> None:
        """The feedback panel: Right or Wrong, and the working."""
        a, panel = self.ctx.assets, counting_rects()["feedback"]
        draw_panel(surface, panel, border=GREEN if right else RED)
        surface.blit(a.text(_("RIGHT") if right else _("WRONG"), 24, GREEN if right else RED, bold=True),
                     (panel.x + 16, panel.y + 12))
        y = panel.y + 48
        for line in lines:
            for part in wrap(a, line, 18, panel.w - 32):
                surface.blit(a.text(part, 18, CREAM, bold=True), (panel.x + 16, y))
                y += 26
        hint = a.text(_("Enter for the next one"), 16, GREY)
        surface.blit(hint, hint.get_rect(bottomright=(panel.right - 14, panel.bottom - 10)))
