"""The trainer at the table: the hint panel, the mistake tracker, the Hi-Lo count and the strategy chart.

The game decides no rules here: every number comes from `engine.coach` (priced on the
odds worker, never in the frame loop) and `engine.odds`' chart; the count is Hi-Lo
(an `engine.counting.Count` under Hi-Lo) over the cards the presenter has already shown.

Coach levels per person: 0 off, 1 warn (a toast names what a wrong play cost after it is
made), 2 block (a wrong play is asked about first: "do it anyway?").
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from engine import Action, Card, Round, Rules
from engine import events as ev
from game import layout
from game.background import Job, Worker
from game.layout import confirm_button_rects as confirm_button_rects  # the play scene imports it here
from game.widgets import GOLD

TOAST_TIME = 4.0
"""Seconds a mistake toast stays up."""

CREAM = (246, 236, 206)
DARK = (10, 16, 12, 248)
HIGHLIGHT = (250, 220, 90)

if TYPE_CHECKING:
    from engine.coach import Judgement, Situation
    from engine.odds import Hint, StrategyChart
    from game.presenter import Presenter


def _price(rules: Rules, spot: Situation, action: Action | None) -> tuple[Hint, Judgement | None]:
    """The hint for a situation and, with an action, its judgement (runs on the odds worker)."""
    from engine.coach import Judgement, hint_for

    found = hint_for(rules, spot)
    return found, (Judgement(spot, action, found) if action is not None else None)


@dataclass
class Pending:
    """A decision held back until the coach has priced it (coach level block)."""

    seat: int
    events: int
    """The round's event count when it was asked (the decision it answers)."""
    action: Action
    job: Job[tuple[Hint, Judgement | None]]


class CountQuiz:
    """A count asked as a typed whole number, and the score: the table's quiz (Q) and the count drill use it.

    `tolerance` is how far an answer may be from the count and still be right (the true
    count, a fraction, takes the nearest whole numbers within half a point).
    """

    def __init__(self, what: str = "count", tolerance: float = 0.0) -> None:
        self.what = what
        self.tolerance = tolerance
        self.answer: float | None = None
        """The count asked for, while the question is up."""
        self.entry = ""
        self.right = 0
        self.asked = 0
        self.result = ""
        """What the last answer was told: 'Right: the count was +3'."""

    @property
    def asking(self) -> bool:
        """Whether the question is up (keys type the answer)."""
        return self.answer is not None

    def ask(self, answer: float) -> None:
        """Put the question up, with nothing typed yet."""
        self.answer, self.entry = answer, ""

    def type(self, text: str) -> None:
        """Typed characters: digits, and a minus sign first."""
        for ch in text:
            if ch.isdigit() and len(self.entry) < 4:
                self.entry += ch
            elif ch in "-+" and not self.entry:
                self.entry = "-" if ch == "-" else ""

    def erase(self) -> None:
        """Backspace: drop the last character typed."""
        self.entry = self.entry[:-1]

    def submit(self) -> bool | None:
        """Enter: score the answer and close the question; whether it was right (None: nothing typed yet)."""
        if self.answer is None or self.entry in ("", "-"):
            return None
        answer, typed = self.answer, int(self.entry)
        right = abs(typed - answer) <= self.tolerance
        self.asked += 1
        self.right += right
        shown = f"{answer:+d}" if isinstance(answer, int) else f"{answer:+.1f}"
        self.result = f"Right: the {self.what} was {shown}" if right else (
            f"Wrong: the {self.what} was {shown}, not {typed:+d}"
        )
        self.answer, self.entry = None, ""
        return right

    def skip(self) -> None:
        """Esc: drop the question unscored."""
        if self.answer is not None:
            shown = f"{self.answer:+d}" if isinstance(self.answer, int) else f"{self.answer:+.1f}"
            self.result = f"Skipped: the {self.what} was {shown}"
        self.answer, self.entry = None, ""


class Trainer:
    """The trainer's state for one table: toggles, jobs on the worker, the toast, the count."""

    def __init__(self, shown: Sequence[Card] = ()) -> None:
        """`shown`: the cards already shown since the shuffle (a table opened again mid-shoe)."""
        from engine.counting import HI_LO, Count

        self.show_hint = False
        self.show_count = False
        self.show_chart = False
        self.hint_job: Job[tuple[Hint, Judgement | None]] | None = None
        self.hint: Hint | None = None
        self.hint_spot: Situation | None = None
        self.hint_for_events = -1
        self.toast = ""
        self.toast_time = 0.0
        self.toast_cost: float | None = None
        self.toast_jobs: list[Job[tuple[Hint, Judgement | None]]] = []
        self.pending: Pending | None = None
        self.confirm: tuple[Pending, Judgement] | None = None
        self.count = Count(HI_LO, None)
        """The count the panel shows: its decks left come from the presenter's shoe, not the count."""
        self.count.add(shown)
        self._shown = list(shown)
        """The cards shown since the shuffle, for a count under a person's own system (`shown`)."""
        self._counted_round: Round | None = None
        self._counted = 0
        self.decks_remaining: float | None = None
        self.quiz = False
        """Whether the counting quiz asks the running count at each shuffle (Q)."""
        self.count_quiz = CountQuiz()
        """The question (the running count before the shuffle) and the quiz's score."""
        self._cards_counted = len(shown)
        """Cards counted since the last shuffle (no question after a shuffle nothing was shown before)."""

    # ---- the hint ----------------------------------------------------------------------

    def toggle_hint(self) -> None:
        """Show or hide the hint panel."""
        self.show_hint = not self.show_hint
        self.hint_for_events = -1

    def _ask_hint(self, worker: Worker, rnd: Round) -> None:
        from engine.coach import situation

        spot = situation(rnd)
        rules = rnd.rules
        self.hint_spot = spot
        self.hint = None
        self.hint_for_events = len(rnd.events)
        self.hint_job = worker.submit(lambda: _price(rules, spot, None), "a hint")

    # ---- the mistake tracker -----------------------------------------------------------

    def judge_after(self, worker: Worker, rnd: Round, action: Action) -> None:
        """Coach level warn: price the play (before it is applied); a mistake's cost is toasted."""
        from engine.coach import situation

        spot, rules = situation(rnd), rnd.rules
        self.toast_jobs.append(worker.submit(lambda: _price(rules, spot, action), "judging a play"))

    def hold(self, worker: Worker, rnd: Round, action: Action) -> None:
        """Coach level block: hold the play until it is priced; a mistake is asked about first."""
        from engine.coach import situation

        decision = rnd.decision
        assert decision is not None
        spot, rules = situation(rnd), rnd.rules
        job = worker.submit(lambda: _price(rules, spot, action), "judging a play")
        self.pending = Pending(decision.seat, len(rnd.events), action, job)

    def released(self) -> Action | None:
        """A held play that was priced and is not a mistake (apply it now); a mistake opens the question."""
        pending = self.pending
        if pending is None or not pending.job.done():
            return None
        self.pending = None
        value = pending.job.value
        judgement = value[1] if value is not None else None
        if judgement is not None and judgement.is_mistake:
            self.confirm = (pending, judgement)
            return None
        return pending.action

    def answer(self, yes: bool) -> Action | None:
        """The answer to 'do it anyway?': the play to apply (yes), or None (no: nothing changes)."""
        if self.confirm is None:
            return None
        pending, judgement = self.confirm
        self.confirm = None
        if yes:
            self._toast(judgement)
            return pending.action
        return None

    @property
    def waiting(self) -> bool:
        """Whether a play is held (being priced or asked about)."""
        return self.pending is not None or self.confirm is not None

    def _toast(self, judgement: Judgement) -> None:
        from engine.coach import mistake_message

        self.toast = mistake_message(judgement)
        self.toast_cost = judgement.cost
        self.toast_time = TOAST_TIME

    # ---- the count ---------------------------------------------------------------------

    def follow(self, presenter: Presenter) -> None:
        """Count the cards the presenter has shown since the last call (a shuffle starts again)."""
        rnd = presenter.round
        if rnd is None:
            return
        if rnd is not self._counted_round:
            self._counted_round, self._counted = rnd, 0
        for event in rnd.events[self._counted : presenter.cursor]:
            if isinstance(event, ev.ShoeShuffled):
                if self.quiz and self._cards_counted:
                    self.count_quiz.ask(self.running)
                self.count.reset()
                self._shown.clear()
                self._cards_counted = 0
            elif (card := ev.card_shown(event)) is not None:
                self.count.add((card,))
                self._shown.append(card)
                self._cards_counted += 1
        self._counted = max(self._counted, presenter.cursor)
        remaining = presenter.shoe_remaining
        self.decks_remaining = remaining / 52 if remaining is not None else None

    @property
    def shown(self) -> tuple[Card, ...]:
        """The cards shown since the last shuffle (the bet ramp counts them under the person's system)."""
        return tuple(self._shown)

    @property
    def running(self) -> int:
        """The Hi-Lo running count of the cards shown since the shuffle."""
        return int(self.count.running)

    @property
    def true_count(self) -> float | None:
        """The running count per deck still in the shoe (None for an endless shoe)."""
        if not self.decks_remaining:
            return None
        return self.running / max(self.decks_remaining, 0.5)

    # ---- the counting quiz ------------------------------------------------------------

    def toggle_quiz(self) -> None:
        """Turn the quiz on or off (off drops a question that is up)."""
        self.quiz = not self.quiz
        self.count_quiz.answer = None
        self.show_count = self.show_count or self.quiz  # the score shows in the count panel

    @property
    def quizzing(self) -> bool:
        """Whether the question is up (keys type the answer)."""
        return self.count_quiz.asking

    def quiz_type(self, text: str) -> None:
        """Typed characters: digits, and a minus sign first."""
        self.count_quiz.type(text)

    def quiz_erase(self) -> None:
        """Backspace: drop the last character typed."""
        self.count_quiz.erase()

    def quiz_submit(self) -> None:
        """Enter: score the answer (nothing typed yet: keep asking)."""
        self.count_quiz.submit()

    def quiz_skip(self) -> None:
        """Esc: drop the question unscored."""
        self.count_quiz.skip()

    # ---- the frame ---------------------------------------------------------------------

    def update(self, dt: float, worker: Worker, rnd: Round, presenter: Presenter, asking: bool) -> None:
        """Age the toast, take finished jobs, follow the count, refresh the hint for a new decision."""
        self.follow(presenter)
        if self.toast_time > 0:
            self.toast_time -= dt
            if self.toast_time <= 0:
                self.toast = ""
        for job in [j for j in self.toast_jobs if j.done()]:
            self.toast_jobs.remove(job)
            value = job.value
            if value is not None and value[1] is not None and value[1].is_mistake:
                self._toast(value[1])
        if self.hint_job is not None and self.hint_job.done():
            value = self.hint_job.value
            self.hint = value[0] if value is not None else None
            self.hint_job = None
        if self.show_hint and asking and rnd.decision is not None and self.hint_for_events != len(rnd.events):
            self._ask_hint(worker, rnd)
        if not asking:
            self.hint_for_events = -1

    # ---- drawing -----------------------------------------------------------------------

    def draw(self, surface: pygame.Surface, assets: object, rnd: Round, chart: StrategyChart | None,
             asking: bool, positions: list[int]) -> None:
        """The open overlays (the count, the hint panel, the chart, the toast and the question) at a
        table whose seats sit at these positions."""
        from game.assets import Assets

        assert isinstance(assets, Assets)
        if self.show_count:
            self._draw_count(surface, assets)
        if self.show_hint and asking:
            self._draw_hint(surface, assets, positions)
        if self.show_chart:
            self._draw_chart(surface, assets, rnd, chart, asking)
        if self.toast:
            self._draw_toast(surface, assets)
        if self.confirm is not None:
            self._draw_confirm(surface, assets)
        if self.quizzing:
            self._draw_quiz(surface, assets)

    def _panel(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        shade = pygame.Surface(rect.size, pygame.SRCALPHA)
        shade.fill(DARK)
        surface.blit(shade, rect.topleft)
        pygame.draw.rect(surface, GOLD, rect, 2, border_radius=10)

    def count_lines(self) -> list[str]:
        """What the count panel says."""
        decks = f"{self.decks_remaining:.1f}" if self.decks_remaining is not None else "—"
        true = f"{self.true_count:+.1f}" if self.true_count is not None else "—"
        lines = [f"Running count {self.running:+d}", f"True count {true}", f"Decks left {decks}"]
        if self.quiz:
            quiz = self.count_quiz
            lines.append(f"Quiz {quiz.right}/{quiz.asked} right (Q)")
            if quiz.result:
                lines.append(quiz.result)
        return lines

    def _draw_count(self, surface: pygame.Surface, assets: object) -> None:
        from game.assets import Assets

        assert isinstance(assets, Assets)
        lines = self.count_lines()
        rect = layout.trainer_count_rect(len(lines))
        self._panel(surface, rect)
        title = assets.text("HI-LO COUNT (C)", 16, GOLD, bold=True)
        surface.blit(title, (rect.x + 12, rect.y + 8))
        for i, line in enumerate(lines):
            size = 18 if i < 4 else 14
            label = assets.font(size, True).render(line, True, CREAM)
            while label.get_width() > rect.w - 20 and size > 11:
                size -= 1
                label = assets.font(size, True).render(line, True, CREAM)
            surface.blit(label, (rect.x + 12, rect.y + 32 + i * 24))

    def _draw_quiz(self, surface: pygame.Surface, assets: object) -> None:
        from game.assets import Assets

        assert isinstance(assets, Assets)
        rect = layout.trainer_quiz_rect()
        self._panel(surface, rect)
        title = assets.text("COUNTING QUIZ · THE SHOE WAS SHUFFLED", 16, GOLD, bold=True)
        surface.blit(title, title.get_rect(midtop=(rect.centerx, rect.y + 10)))
        ask = assets.text("What was the running count before the shuffle?", 20, CREAM, bold=True)
        surface.blit(ask, ask.get_rect(midtop=(rect.centerx, rect.y + 36)))
        field = layout.trainer_quiz_field_rect()
        pygame.draw.rect(surface, (30, 40, 34), field, border_radius=6)
        pygame.draw.rect(surface, GOLD, field, 2, border_radius=6)
        entry = assets.font(24, True).render(self.count_quiz.entry + "_", True, HIGHLIGHT)
        surface.blit(entry, entry.get_rect(center=field.center))
        keys = assets.text("Type the number · Enter answers · Esc skips", 14, CREAM)
        surface.blit(keys, keys.get_rect(midtop=(rect.centerx, field.bottom + 6)))

    def hint_lines(self) -> list[tuple[str, bool]]:
        """Each legal action's EV, best first, and whether it is the best."""
        from engine.coach import gerund

        if self.hint is None:
            return [("computing…", False)]
        return [
            (f"{gerund(action).capitalize()}  {value * 100:+.1f}%", action is self.hint.action)
            for action, value in self.hint.ranked
        ]

    def _draw_hint(self, surface: pygame.Surface, assets: object, positions: list[int]) -> None:
        from game.assets import Assets

        assert isinstance(assets, Assets)
        lines = self.hint_lines()
        rect = layout.trainer_hint_rect(len(lines), positions)
        self._panel(surface, rect)
        title = assets.text("HINT (?) · EV PER BET", 16, GOLD, bold=True)
        surface.blit(title, (rect.x + 12, rect.y + 8))
        for i, (line, best) in enumerate(lines):
            label = assets.font(20, True).render(line + ("  — best" if best else ""), True,
                                                 HIGHLIGHT if best else CREAM)
            surface.blit(label, (rect.x + 12, rect.y + 34 + i * 26))

    def chart_cell(self, rnd: Round) -> tuple[str, int | None] | None:
        """The chart's row label and up-card points of the decision in play (None when nothing is asked)."""
        from engine.hand import hand_total, is_pair
        from engine.odds.strategy import HandKind, row_label

        decision = rnd.decision
        up = rnd.dealer_up_card
        if decision is None or up is None:
            return None
        cards = rnd.hands(decision.seat)[decision.hand].cards
        total, soft = hand_total(cards)
        if len(cards) == 2 and is_pair(cards, by_value=rnd.rules.pair_by_value):
            label = row_label(HandKind.PAIR, cards[0].points)
        elif soft:
            label = row_label(HandKind.SOFT, total)
        else:
            label = row_label(HandKind.HARD, max(total, 5))
        return label, up.points

    def _draw_chart(self, surface: pygame.Surface, assets: object, rnd: Round,
                    chart: StrategyChart | None, asking: bool) -> None:
        from engine.odds.strategy import up_label
        from game.assets import Assets

        assert isinstance(assets, Assets)
        rect = layout.trainer_chart_rect()
        self._panel(surface, rect)
        title = assets.text("BASIC STRATEGY (T)", 16, GOLD, bold=True)
        surface.blit(title, (rect.x + 10, rect.y + 6))
        if chart is None:
            surface.blit(assets.text("computing…", 18, CREAM), (rect.x + 10, rect.y + 30))
            return
        cell = self.chart_cell(rnd) if asking else None
        rows = list(chart.rows())
        label_w, top = 70, rect.y + 26
        col_w = (rect.w - label_w - 14) // max(1, len(chart.ups))
        row_h = (rect.bottom - top - 6) // (len(rows) + 1)
        for c, up in enumerate(chart.ups):
            head = assets.text(up_label(up), 13, GOLD, bold=True)
            center = (rect.x + label_w + c * col_w + col_w // 2, top + row_h // 2)
            surface.blit(head, head.get_rect(center=center))
        for r, (label, codes) in enumerate(rows):
            y = top + (r + 1) * row_h
            text = assets.text(label, 12, CREAM)
            surface.blit(text, (rect.x + 8, y + (row_h - text.get_height()) // 2))
            for c, code in enumerate(codes):
                box = pygame.Rect(rect.x + label_w + c * col_w, y, col_w - 1, row_h - 1)
                pygame.draw.rect(surface, CODE_COLORS.get(code.value[:1].upper(), (70, 70, 70)), box)
                mark = assets.text(code.value, 12, (20, 20, 20), bold=True)
                surface.blit(mark, mark.get_rect(center=box.center))
                if cell is not None and cell == (label, chart.ups[c]):
                    pygame.draw.rect(surface, HIGHLIGHT, box.inflate(4, 4), 3)

    def _draw_toast(self, surface: pygame.Surface, assets: object) -> None:
        from game.assets import Assets

        assert isinstance(assets, Assets)
        label = assets.font(20, True).render(self.toast, True, (255, 236, 200))
        rect = label.get_rect(center=layout.trainer_toast_center()).inflate(28, 16)
        shade = pygame.Surface(rect.size, pygame.SRCALPHA)
        shade.fill((120, 30, 24, 235))
        surface.blit(shade, rect.topleft)
        pygame.draw.rect(surface, (250, 190, 120), rect, 2, border_radius=8)
        surface.blit(label, label.get_rect(center=rect.center))

    def confirm_text(self) -> str:
        """The block level's question."""
        if self.confirm is None:
            return ""
        from engine.coach import describe_hand, describe_up_card, gerund

        judgement = self.confirm[1]
        spot = judgement.situation
        return (
            f"{gerund(judgement.action).capitalize()} on {describe_hand(spot.cards)} against "
            f"{describe_up_card(spot.up_card)} costs {judgement.cost * 100:.1f}% — do it anyway?"
        )

    def _draw_confirm(self, surface: pygame.Surface, assets: object) -> None:
        from game.assets import Assets

        assert isinstance(assets, Assets)
        rect = layout.dialog_rect()
        self._panel(surface, rect)
        text = assets.font(22, True).render(self.confirm_text(), True, CREAM)
        if text.get_width() > rect.w - 24:
            text = assets.font(18, True).render(self.confirm_text(), True, CREAM)
        surface.blit(text, text.get_rect(center=(rect.centerx, rect.y + 80)))
        best = self.confirm[1].best if self.confirm else None
        if best is not None:
            from engine.coach import gerund

            sub = assets.text(f"The coach says {gerund(best)} is better.", 18, GOLD)
            surface.blit(sub, sub.get_rect(center=(rect.centerx, rect.y + 120)))
        for name, r in confirm_button_rects().items():
            pygame.draw.rect(surface, (120, 28, 30) if name == "yes" else (30, 90, 50), r, border_radius=10)
            pygame.draw.rect(surface, GOLD, r, 2, border_radius=10)
            label = assets.text("Yes, do it (Y)" if name == "yes" else "No (N)", 20, CREAM, bold=True)
            surface.blit(label, label.get_rect(center=r.center))


CODE_COLORS: dict[str, tuple[int, int, int]] = {
    "H": (232, 232, 232),
    "S": (240, 200, 90),
    "D": (110, 190, 240),
    "P": (140, 220, 140),
    "R": (240, 140, 140),
}
"""Cell colors of the chart overlay by the code's first letter."""
