"""The deviation drill and the index test: spots near the table's index plays, with the count shown.

The scene first works out the index plays of the rules and count system, and the basic
strategy chart, in the pricing process (`engine.index_drills.prepare`: seconds the first
time, cached after), saying so on screen; the frame loop never waits for it. Then it
deals spots at, one above and one below each index of the chosen family, answered with
the table's buttons and keys (H/S/D/P/R, Y/N for insurance) and judged by the engine at
the count shown (`IndexDrill.judge`).

The drill answers each spot at once: right or wrong, the index, the count. The test asks
`engine.index_drills.TEST_SIZE` spots with no word until the end, then gives the score and
each miss. Either saves every answer for the person under its own family word (see
`family_word`), as the spot drills do.
"""

from __future__ import annotations

import random
from typing import Any

import pygame

from engine import Action, DecisionKind, Rules, Surrender
from engine.counting import CountSystem
from engine.errors import BlackjackError, as_sentence
from engine.i18n import N_, _, ngettext
from engine.index_drills import (
    TEST_SIZE,
    IndexDrill,
    IndexFamily,
    IndexVerdict,
    Question,
    count_name,
    draw_question,
    index_test,
    index_words,
    prepare,
    signed,
)
from engine.store import DrillStats
from game import layout
from game.advisor import PRICER
from game.background import Job
from game.context import GameContext
from game.intents import Intent, IntentKind
from game.scene import Scene
from game.scenes.animating import OFFER_ACTIONS, PLAY_BUTTONS, answer_for, spot_buttons
from game.scenes.base import draw_spot_cards
from game.scenes.text import GREEN, GREY, RED, capitals, percent
from game.widgets import CREAM, GOLD, draw_panel, wrap

WORKING = N_("Working out the indices…")
"""What the scene says while the index plays are worked out."""

MISSES_SHOWN = 12
"""Misses listed on the test's end screen (the rest are counted)."""


def family_word(family: IndexFamily, test: bool) -> str:
    """The family word a person's answers are saved under: 'deviation-fab-4', 'index-test-all-indices'."""
    return f"{'index-test' if test else 'deviation'}-{family.value}"


def deviation_rects() -> dict[str, pygame.Rect]:
    """The score (top left), the count (left), the feedback (right), the question, Back, Next, the results."""
    return {
        "score": pygame.Rect(16, 16, 330, 120),
        "count": pygame.Rect(16, 196, 330, 130),
        "feedback": pygame.Rect(880, 196, 384, 300),
        "label": pygame.Rect(440, 250, 400, 40),
        "back": pygame.Rect(30, 633, 130, 58),
        "next": pygame.Rect(1090, 633, 160, 58),
        "results": layout.screen_panel_rect().inflate(0, -96).move(0, -48),
    }


Prepared = tuple[IndexDrill, tuple[Question, ...]]
"""The drill and its family's spots."""


def _prepared(rules: Rules, system: CountSystem, family: IndexFamily) -> Prepared:
    """The drill and its family's spots (on the odds worker; the index plays in the pricing process)."""
    drill = PRICER.run(prepare, rules, system)
    return drill, drill.questions(family)


class DeviationDrillScene(Scene):
    """Spots near the index plays with the count shown: answered one by one, or a test scored at the end."""

    def __init__(
        self,
        ctx: GameContext,
        rules: Rules,
        family: IndexFamily,
        system: CountSystem,
        person: str | None = None,
        test: bool = False,
        seed: int | None = None,
    ) -> None:
        super().__init__()
        self.ctx = ctx
        self.rules = rules
        self.family = family
        self.system = system
        self.person = person
        self.test = test
        self.rng = random.Random(seed)
        self.preparing: Job[Prepared] | None = None
        self.drill: IndexDrill | None = None
        self.questions: tuple[Question, ...] = ()
        self.asked: tuple[Question, ...] = ()
        """The test's spots, in order (empty for the drill)."""
        self.question: Question | None = None
        self.verdict: IndexVerdict | None = None
        """The last answer's verdict (the drill shows it; the test keeps it to itself)."""
        self.verdicts: list[IndexVerdict] = []
        self.error = ""
        self.answered = 0
        self.right = 0
        self.streak = 0
        self.best_streak = 0
        self.saved: DrillStats | None = None
        self.jobs: list[Job[Any]] = []
        r = deviation_rects()
        self.buttons = spot_buttons(r["back"], r["next"], _("Again") if test else _("Next"),
                                    _("A new test (Enter)") if test else _("The next spot (Enter)"))
        self._refresh()

    @property
    def word(self) -> str:
        """The family word this drill's answers are saved under."""
        return family_word(self.family, self.test)

    def enter(self) -> None:
        """Start working out the indices, and read the person's saved results."""
        rules, system, family = self.rules, self.system, self.family
        self.preparing = self.ctx.odds.worker.submit(lambda: _prepared(rules, system, family),
                                                     "working out the indices")
        if self.person is not None and self.ctx.records is not None:
            self.jobs.append(self.ctx.records.drill_stats(self.person))

    @property
    def busy(self) -> bool:
        """Working out the indices, or saving an answer."""
        preparing = self.preparing is not None and not self.preparing.done()
        return preparing or any(not job.done() for job in self.jobs)

    @property
    def finished(self) -> bool:
        """Whether the test has been answered to its end."""
        return self.test and bool(self.asked) and len(self.verdicts) == len(self.asked)

    # ---- input -----------------------------------------------------------------------

    def handle_event(self, intent: Intent) -> bool:
        """The action keys and buttons answer; Enter moves on (or starts a new test); Esc goes back."""
        routed = self.buttons.route(intent, self.ctx.sounds)
        if routed is None:
            return True
        intent = routed
        if intent.kind is IntentKind.BACK:
            self.close()
            return True
        if intent.kind is IntentKind.CONFIRM:
            if self.finished:
                self.start_test()
            elif not self.test and self.verdict is not None:
                self.next_question()
            return True
        q = self.question
        if q is None or self.drill is None:
            return intent.kind in (IntentKind.YES, IntentKind.NO)
        answer = answer_for(q.spot.kind, intent.kind)
        if answer is None:
            return False
        if self.verdict is None or self.test:
            if answer in q.legal:
                self.answer(answer)
            else:
                self.ctx.warn(_("That is not one of the plays offered here."))
        return True

    def answer(self, action: Action) -> None:
        """Judge an answer (the engine's judging is instant once the indices are worked out)."""
        assert self.drill is not None and self.question is not None
        verdict = self.drill.judge(self.question, action)
        self.verdicts.append(verdict)
        self.answered += 1
        self.right += verdict.correct
        self.streak = self.streak + 1 if verdict.correct else 0
        self.best_streak = max(self.best_streak, self.streak)
        if self.person is not None and self.ctx.records is not None:
            self.jobs.append(self.ctx.records.drill_answer(self.person, self.word, verdict.correct))
        if self.test:
            self.ctx.sounds.play("button", 0.4)
            at = len(self.verdicts)
            self.question = self.asked[at] if at < len(self.asked) else None
        else:
            self.verdict = verdict
            self.ctx.sounds.play("button" if verdict.correct else "bust", 0.4)
        self._refresh()

    def next_question(self) -> None:
        """Deal the drill's next spot."""
        self.question = draw_question(self.questions, self.rng)
        self.verdict = None
        self._refresh()

    def start_test(self) -> None:
        """Deal a new test's spots and ask the first."""
        self.asked = index_test(self.questions, self.rng)
        self.verdicts = []
        self.answered = self.right = self.streak = self.best_streak = 0
        self.question = self.asked[0]
        self._refresh()

    def _refresh(self) -> None:
        """Buttons for what the spot asks, enabled from the plays offered until it is answered."""
        q = self.question
        offer = q is not None and q.spot.kind is not DecisionKind.PLAY
        open_ = q is not None and (self.test or self.verdict is None)
        legal = q.legal if q is not None and open_ else frozenset()
        for name, _label, _intent, action in PLAY_BUTTONS:  # `_` is the translator
            button = self.buttons.by_name(name)
            button.visible = q is not None and not offer
            button.enabled = action in legal
        if q is not None and offer:
            yes, no, yes_label, no_label = OFFER_ACTIONS[q.spot.kind]
            self.buttons.by_name("yes").label, self.buttons.by_name("no").label = _(yes_label), _(no_label)
            self.buttons.by_name("yes").enabled = yes in legal
            self.buttons.by_name("no").enabled = no in legal
        self.buttons.by_name("yes").visible = self.buttons.by_name("no").visible = offer
        self.buttons.by_name("next").visible = self.finished or (not self.test and self.verdict is not None)

    # ---- the frame -------------------------------------------------------------------

    def update(self, dt: float) -> None:
        """Take the worked-out indices when they come (and deal), and the person's saved results."""
        self.ctx.update(dt)
        self.buttons.update(dt)
        for job in [j for j in self.jobs if j.done()]:
            self.jobs.remove(job)
            value = job.value
            if isinstance(value, dict):
                self.saved = value.get(self.word)
            elif isinstance(value, DrillStats) and (self.finished or not self.test):
                self.saved = value  # a test's totals would tell right from wrong before its end
        prepared = self.preparing
        if prepared is not None and prepared.done():
            self.preparing = None
            if prepared.value is None:
                error = prepared.error
                # A DrillError or OddsError says what these rules leave out; anything else is a failure.
                failed = _("the indices failed: {error}").format(error=error)
                text = str(error) if isinstance(error, BlackjackError) else failed
                self.error = as_sentence(text)
                return
            self.drill, self.questions = prepared.value
            if self.test:
                self.start_test()
            else:
                self.next_question()

    def score_lines(self) -> list[str]:
        """What the score panel says: the drill, this sitting, and the person's saved results."""
        kind = _("Index test") if self.test else _("Deviations")
        lines = [f"{kind} · {self.family.label} · {self.system.name}"]
        if self.test:
            at = _("Spot {at} of {total}").format(at=len(self.verdicts) + 1, total=len(self.asked))
            spots = at if self.question is not None else ngettext(
                "{n} spot", "{n} spots", TEST_SIZE).format(n=TEST_SIZE)
            lines.append(f"{spots} · {self.rules.name}")
        else:
            lines.append(_("Streak {streak} (best {best}) · {right}/{answered} right").format(
                streak=self.streak, best=self.best_streak, right=self.right, answered=self.answered))
        if self.person is None:
            lines.append(_("Not saved: no person chosen"))
        elif self.saved is not None:
            s = self.saved
            lines.append(_("{person}: {share} of {answered} · best run {best}").format(
                person=self.person, share=percent(s.accuracy), answered=s.answered, best=s.best_streak))
        else:
            lines.append(_("{person}: no answers saved yet").format(person=self.person))
        return lines

    def feedback_lines(self) -> list[tuple[str, tuple[int, int, int]]]:
        """The drill's feedback: right or wrong, the index and the count (empty before an answer)."""
        v = self.verdict
        if v is None or self.test:
            return []
        width = deviation_rects()["feedback"].w - 32
        out = [(line, GREEN if v.correct else RED) for line in wrap(self.ctx.assets, v.summary(), 20, width)]
        out.append(("", CREAM))
        out += [(line, GOLD) for line in wrap(self.ctx.assets, index_words(v.question.play), 20, width)]
        out.append(("", CREAM))
        out += [(line, CREAM) for line in wrap(self.ctx.assets, v.count_line(), 20, width)]
        return out

    def result_lines(self) -> list[str]:
        """The test's end screen: the score, then each miss (spot, count, answer, right play, index)."""
        misses = [v for v in self.verdicts if not v.correct]
        share = percent(self.right / self.answered if self.answered else None)
        lines = [_("Score: {right} of {answered} right ({share})").format(
            right=self.right, answered=self.answered, share=share)]
        if not misses:
            lines.append(_("No misses: every index played right."))
            return lines
        lines.append(_("Missed {n}:").format(n=len(misses)))
        lines += [v.miss_line() for v in misses[:MISSES_SHOWN]]
        if len(misses) > MISSES_SHOWN:
            lines.append(_("…and {n} more.").format(n=len(misses) - MISSES_SHOWN))
        return lines

    def draw(self, surface: pygame.Surface) -> None:
        """The spot and its count, the score, the feedback; the working message, an error, the test's end."""
        ctx, a = self.ctx, self.ctx.assets
        r = deviation_rects()
        q = self.question
        if q is not None and not self.finished:
            draw_spot_cards(ctx, surface, self.rules, q.spot)
            label = ctx.view.pill(capitals(q.spot.describe()), 20, GOLD)
            surface.blit(label, label.get_rect(center=r["label"].center))
            self._draw_count(surface, q)
        else:
            surface.blit(ctx.view.background(self.rules, []), (0, 0))
        if self.finished:
            self._draw_results(surface)
        else:
            self._draw_score(surface)
        if self.error or self.preparing is not None:
            text = self.error or _(WORKING)
            pill = ctx.view.pill(text, 22, RED if self.error else GOLD)
            surface.blit(pill, pill.get_rect(center=(layout.CANVAS_SIZE[0] // 2, 360)))
        lines = self.feedback_lines()
        if lines and self.verdict is not None:
            panel = r["feedback"]
            draw_panel(surface, panel, border=GREEN if self.verdict.correct else RED)
            title = a.text(self.verdict.headline.upper(), 24, GOLD, bold=True)
            surface.blit(title, (panel.x + 16, panel.y + 12))
            for i, (line, color) in enumerate(lines):
                surface.blit(a.text(line, 20, color, bold=True), (panel.x + 16, panel.y + 50 + i * 26))
        if ctx.note:
            ctx.bar.draw(surface, a, ctx.note, warning=True)
        self.buttons.draw(surface, a)

    def _draw_score(self, surface: pygame.Surface) -> None:
        a, panel = self.ctx.assets, deviation_rects()["score"]
        draw_panel(surface, panel)
        for i, line in enumerate(self.score_lines()):
            size = 20 if i == 0 else 18
            surface.blit(a.text(line, size, GOLD if i == 0 else CREAM, bold=True),
                         (panel.x + 14, panel.y + 12 + i * 34))

    def _draw_count(self, surface: pygame.Surface, q: Question) -> None:
        a, box = self.ctx.assets, deviation_rects()["count"]
        draw_panel(surface, box)
        title = a.text(count_name(self.system.balanced).upper(), 22, GOLD, bold=True)
        surface.blit(title, (box.x + 16, box.y + 12))
        value = a.text(signed(q.count), 64, CREAM, bold=True)
        surface.blit(value, value.get_rect(midleft=(box.x + 16, box.y + 82)))
        decks = self.rules.decks or 0
        shoe = ngettext("{n}-deck shoe", "{n}-deck shoe", decks).format(n=decks)
        notes = [shoe] if not self.system.balanced else []
        if q.spot.kind is DecisionKind.PLAY and self.rules.surrender is not Surrender.NONE \
                and Action.SURRENDER not in q.legal:
            notes.append(_("surrender set aside"))  # the index is not a surrender index: tables give it so
        for i, text in enumerate(reversed(notes)):
            note = a.text(text, 18, GREY, bold=True)
            surface.blit(note, note.get_rect(bottomright=(box.right - 16, box.bottom - 12 - i * 24)))

    def _draw_results(self, surface: pygame.Surface) -> None:
        a, panel = self.ctx.assets, deviation_rects()["results"]
        draw_panel(surface, panel)
        surface.blit(a.text(_("INDEX TEST RESULTS"), 30, GOLD, bold=True), (panel.x + 24, panel.y + 16))
        y = panel.y + 64
        for i, line in enumerate(self.result_lines()):
            color = GREEN if i == 0 and self.right == self.answered else (GOLD if i < 2 else CREAM)
            for part in wrap(a, line, 20, panel.w - 48):
                surface.blit(a.text(part, 20, color, bold=True), (panel.x + 24, y))
                y += 26
        scores = self.score_lines()
        for i, line in enumerate((scores[0], scores[-1])):  # the test's name, and the person's saved totals
            text = a.text(line, 18, GREY, bold=True)
            surface.blit(text, text.get_rect(bottomleft=(panel.x + 24, panel.bottom - 16 - (1 - i) * 26)))
