"""The trainer at the table: the hint panel, the mistake tracker, the count panel and the strategy chart.

The game decides no rules here: every number comes from `engine.coach` (priced on the
odds worker, never in the frame loop) and `engine.odds`' chart. The count is an
`engine.counting.Count` over the cards the presenter has already shown, kept with the
count system and true-count precision of the person whose turn it is (a lone person's
always; the defaults, Hi-Lo to the half deck, for a bot's turn or nobody's).

Coach levels per person: 0 off, 1 warn (a toast names what a wrong play cost after it is
made), 2 block (a wrong play is asked about first: "do it anyway?"). What a play is graded
against is the person's `Judging`: basic strategy, or their system's index plays at the
count (the table's generated indices, generated on the odds worker).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import pygame

from engine import Action, Card, Round, Rules
from engine import events as ev
from engine.counting import Count, Precision, decks_left_cards
from engine.i18n import N_, _, number, percent
from game import layout
from game.assets import mark
from game.background import Job, Worker
from game.counter_settings import CounterSettings, Judging
from game.layout import confirm_button_rects as confirm_button_rects  # the play scene imports it here
from game.ramp import plus
from game.widgets import GOLD

TOAST_TIME = 4.0
"""Seconds a mistake toast stays up."""

CREAM = (246, 236, 206)
DARK = (10, 16, 12, 248)
HIGHLIGHT = (250, 220, 90)

if TYPE_CHECKING:
    from engine.bots.counter import IndexPlay
    from engine.coach import Judgement, Situation
    from engine.odds import Hint, StrategyChart
    from game.presenter import Presenter
    from game.session import SeatInfo

DEFAULT_COUNTER = CounterSettings()
"""The count the panel keeps for a bot's turn or nobody's."""


@dataclass(frozen=True)
class Priced:
    """What the odds worker gives back for a decision: the hint, the judgement of a play, the indices."""

    hint: Hint
    judgement: Judgement | None = None
    indices: dict[Action, IndexPlay] = field(default_factory=dict)
    """Each play's index at this spot nearest the count (judging by indices only)."""
    count: int | None = None
    balanced: bool = True


def _price(rules: Rules, spot: Situation, action: Action | None, counter: CounterSettings,
           count: int | None) -> Priced:
    """The hint for a situation, the person's standard and, with an action, its judgement (odds worker)."""
    from engine.coach import Judgement, hint_for, nearest_index
    from game.advisor import coach_standard, counter_plays

    found = hint_for(rules, spot)
    judgement = None
    if action is not None:  # the hint alone needs no chart (its first analysis takes seconds)
        judgement = Judgement(spot, action, found, coach_standard(rules, spot, counter, count, action))
    plays = counter_plays(rules, counter, count)
    indices: dict[Action, IndexPlay] = {}
    if plays is not None and count is not None:
        for legal in spot.legal:
            near = nearest_index(plays, spot, (legal,), count)
            if near is not None:
                indices[legal] = near
    return Priced(found, judgement, indices, count, counter.system.balanced)


@dataclass
class Pending:
    """A decision held back until the coach has priced it (coach level block)."""

    seat: int
    events: int
    """The round's event count when it was asked (the decision it answers)."""
    action: Action
    job: Job[Priced]


class CountQuiz:
    """A count asked as a typed whole number, and the score: the table's quiz (Q) and the count drill use it.

    `tolerance` is how far an answer may be from the count and still be right (the true
    count, a fraction, takes the nearest whole numbers within half a point).
    """

    def __init__(self, what: str = N_("count"), tolerance: float = 0.0) -> None:
        self.what = what
        """What is asked, marked for the catalogs ('count', 'true count'); translated as it is told."""
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
        shown, what = _count_text(answer), _(self.what)
        if right:
            # TRANSLATORS: {what} is the count asked for ("count", "running count", "true count")
            self.result = _("Right: the {what} was {shown}").format(what=what, shown=shown)
        else:
            self.result = _("Wrong: the {what} was {shown}, not {typed}").format(
                what=what, shown=shown, typed=f"{typed:+d}")
        self.answer, self.entry = None, ""
        return right

    def skip(self) -> None:
        """Esc: drop the question unscored."""
        if self.answer is not None:
            shown = _count_text(self.answer)
            self.result = _("Skipped: the {what} was {shown}").format(what=_(self.what), shown=shown)
        self.answer, self.entry = None, ""


class Trainer:
    """The trainer's state for one table: toggles, jobs on the worker, the toast, the count."""

    def __init__(self, shown: Sequence[Card] = (), seats: Sequence[SeatInfo] = ()) -> None:
        """`shown`: the cards already shown since the shuffle (a table opened again mid-shoe); `seats`:
        the table's seats, whose people's counting settings the count panel and the coach follow."""
        self.seats = seats
        self.show_hint = False
        self.show_count = False
        self.show_chart = False
        self.hint_job: Job[Priced] | None = None
        self.hint: Hint | None = None
        self.priced: Priced | None = None
        """The hint's whole answer: with the index of each play when the person judges by indices."""
        self.hint_spot: Situation | None = None
        self.hint_for_events = -1
        self.toast = ""
        self.toast_time = 0.0
        self.toast_cost: float | None = None
        self.toast_jobs: list[Job[Priced]] = []
        self.pending: Pending | None = None
        self.confirm: tuple[Pending, Judgement] | None = None
        self.seen: list[Card] = list(shown)
        """Every card shown since the shuffle, so the count can be read again in another system."""
        self.counter = DEFAULT_COUNTER
        """Whose counting settings the panel keeps now (see `follow`)."""
        self.decks: int | None = None
        """The table's decks (None for an infinite deck, or before the first frame)."""
        self.count = self._count_of(self.counter)
        """The count the panel shows, in `counter`'s system and precision."""
        self._counted_round: Round | None = None
        self._counted = 0
        self._warmed: list[tuple[Rules, object]] = []
        """Rules and systems whose index plays were asked for ahead of the first decision (each once)."""
        self.quiz = False
        """Whether the counting quiz asks the running count at each shuffle (Q)."""
        self.count_quiz = CountQuiz()
        """The question (the running count before the shuffle) and the quiz's score."""

    # ---- whose count -------------------------------------------------------------------

    def counter_of(self, seat: int | None) -> CounterSettings:
        """The counting settings of a seat's person (the defaults for a bot, nobody, or no seats known)."""
        if seat is None or not 0 <= seat < len(self.seats):
            return DEFAULT_COUNTER
        info = self.seats[seat]
        return info.counter if info.person else DEFAULT_COUNTER

    def panel_counter(self, turn: int | None) -> CounterSettings:
        """Whose settings the panel counts with: a lone person's always; in hot-seat, the turn's person's."""
        people = [i for i, info in enumerate(self.seats) if info.person and not info.left]
        return self.counter_of(people[0] if len(people) == 1 else turn)

    def _count_of(self, counter: CounterSettings) -> Count:
        count = Count(counter.system, self.decks, precision=counter.precision, rounding=counter.rounding)
        count.add(self.seen)
        return count

    def count_for(self, counter: CounterSettings) -> int | None:
        """The count bets and index plays run off (`Count.count`) in these settings, of the cards shown."""
        same = (counter.system, counter.precision, counter.rounding) == (
            self.counter.system, self.counter.precision, self.counter.rounding)
        return (self.count if same else self._count_of(counter)).count()

    # ---- the hint ----------------------------------------------------------------------

    def toggle_hint(self) -> None:
        """Show or hide the hint panel."""
        self.show_hint = not self.show_hint
        self.hint_for_events = -1

    def _judging(self, rnd: Round) -> tuple[CounterSettings, int | None]:
        """The settings of the person deciding now and, when they judge by indices, their count."""
        decision = rnd.decision
        counter = self.counter_of(decision.seat if decision is not None else None)
        return counter, self.count_for(counter) if counter.judging is Judging.INDICES else None

    def _ask_hint(self, worker: Worker, rnd: Round) -> None:
        from engine.coach import situation

        spot = situation(rnd)
        rules = rnd.rules
        counter, count = self._judging(rnd)
        self.hint_spot = spot
        self.hint = self.priced = None
        self.hint_for_events = len(rnd.events)
        self.hint_job = worker.submit(lambda: _price(rules, spot, None, counter, count), "a hint")

    # ---- the mistake tracker -----------------------------------------------------------

    def _judge_job(self, worker: Worker, rnd: Round, action: Action) -> Job[Priced]:
        from engine.coach import situation

        spot, rules = situation(rnd), rnd.rules
        counter, count = self._judging(rnd)
        return worker.submit(lambda: _price(rules, spot, action, counter, count), "judging a play")

    def judge_after(self, worker: Worker, rnd: Round, action: Action) -> None:
        """Coach level warn: price the play (before it is applied); a mistake is toasted."""
        self.toast_jobs.append(self._judge_job(worker, rnd, action))

    def hold(self, worker: Worker, rnd: Round, action: Action) -> None:
        """Coach level block: hold the play until it is priced; a mistake is asked about first."""
        decision = rnd.decision
        assert decision is not None
        self.pending = Pending(decision.seat, len(rnd.events), action, self._judge_job(worker, rnd, action))

    def released(self) -> Action | None:
        """A held play that was priced and is not a mistake (apply it now); a mistake opens the question."""
        pending = self.pending
        if pending is None or not pending.job.done():
            return None
        self.pending = None
        value = pending.job.value
        judgement = value.judgement if value is not None else None
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

    def follow(self, presenter: Presenter, counter: CounterSettings | None = None) -> None:
        """Count the cards the presenter has shown since the last call (a shuffle starts again), in
        `counter`'s system and precision (the panel's own when None)."""
        rnd = presenter.round
        if rnd is None:
            return
        counter = counter or self.counter
        if (counter is not self.counter and counter != self.counter) or rnd.rules.decks != self.decks:
            self.counter, self.decks = counter, rnd.rules.decks
            self.count = self._count_of(counter)
        if rnd is not self._counted_round:
            self._counted_round, self._counted = rnd, 0
        for event in rnd.events[self._counted : presenter.cursor]:
            if isinstance(event, ev.ShoeShuffled):
                if self.quiz and self.seen:
                    self.count_quiz.ask(self.running)
                self.count.reset()
                self.seen.clear()
            elif (card := ev.card_shown(event)) is not None:
                self.count.add((card,))
                self.seen.append(card)
        self._counted = max(self._counted, presenter.cursor)

    @property
    def running(self) -> int:
        """The running count of the cards shown since the shuffle (its start included), made whole."""
        return int(self.count.running)

    def _warm(self, worker: Worker, rules: Rules, counter: CounterSettings) -> None:
        """Ask for the index plays of a person who judges by them, before their first decision needs them."""
        if counter.judging is not Judging.INDICES or rules.decks is None:
            return
        system = counter.system
        last = self._warmed[-1] if self._warmed else None
        if last is not None and last[0] is rules and last[1] is system:  # the frame loop asks every frame
            return
        if (rules, system) in self._warmed:  # asked before: back to the end, where the frame loop looks
            self._warmed.remove((rules, system))
        else:
            from game.advisor import index_plays_for

            worker.submit(lambda: index_plays_for(rules, system), f"the index plays of {system.name}")
        self._warmed.append((rules, system))

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
        """Age the toast, take finished jobs, follow the count (with the settings of the person whose
        turn it is), refresh the hint for a new decision."""
        counter = self.panel_counter(presenter.turn)
        self.follow(presenter, counter)
        self._warm(worker, rnd.rules, counter)
        if self.toast_time > 0:
            self.toast_time -= dt
            if self.toast_time <= 0:
                self.toast = ""
        for job in [j for j in self.toast_jobs if j.done()]:
            self.toast_jobs.remove(job)
            value = job.value
            if value is not None and value.judgement is not None and value.judgement.is_mistake:
                self._toast(value.judgement)
        if self.hint_job is not None and self.hint_job.done():
            self.priced = self.hint_job.value
            self.hint = self.priced.hint if self.priced is not None else None
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
        mark(surface, pygame.draw.rect(surface, GOLD, rect, 2, border_radius=10))

    def count_title(self) -> str:
        """The count panel's title: the system counted."""
        # TRANSLATORS: the count panel's title, with the count system's name ("HI-LO COUNT (C)")
        return _("{system} COUNT (C)").format(system=self.count.system.name.upper())

    def count_lines(self) -> list[str]:
        """What the count panel says, in the panel's system and precision.

        The running count, then the true count (an unbalanced system's key count instead), the
        decks left as the person estimates them and, for a system with an ace side count, the
        aces left. While the quiz is on, the running and true counts are hidden: they are its answers.
        """
        from engine.coach import signed

        count, system, decks = self.count, self.count.system, self.decks
        lines = []
        if self.quiz:
            lines.append(_("Count hidden: quiz on (Q)"))
        else:
            lines.append(_("Running count {count}").format(count=signed(count.running)))
            if decks is None:
                lines.append(_("True count —"))
            elif system.balanced:
                true = count.true_count()
                lines.append(_("True count {count}").format(count=signed(true if true is not None else 0)))
            elif system.key_count is not None:
                gap = system.key_count - count.running
                key = signed(system.key_count)
                lines.append(_("Key count {count} reached").format(count=key) if gap <= 0 else
                             _("Key count {count}, {gap} to go").format(count=key, gap=signed(gap)[1:]))
            elif system.pivot is not None:
                lines.append(_("Pivot {count}").format(count=signed(system.pivot)))
        if decks is not None:
            left = decks_left_cards(decks * 52 - count.seen, count.precision) / 52
            # as many decimals as the estimate has (a tenth when exact, else quarters, halves or wholes)
            places = 1 if count.precision is Precision.EXACT else len(f"{left:g}".partition(".")[2])
            lines.append(_("Decks left {decks}").format(decks=number(left, places)))
            if system.ace_side_count:
                aces = sum(1 for card in self.seen if card.rank.is_ace)
                lines.append(_("Aces left {count}").format(count=decks * 4 - aces))
        else:
            lines.append(_("Decks left —"))
        if self.quiz:
            quiz = self.count_quiz
            lines.append(_("Quiz {right}/{asked} right (Q)").format(right=quiz.right, asked=quiz.asked))
            if quiz.result:
                lines.append(quiz.result)
        return lines

    def _draw_count(self, surface: pygame.Surface, assets: object) -> None:
        from game.assets import Assets

        assert isinstance(assets, Assets)
        lines = self.count_lines()
        rect = layout.trainer_count_rect(len(lines))
        rect.w = max(rect.w, 240)  # a system's name and a key count need the wider panel
        self._panel(surface, rect)
        title = assets.text(self.count_title(), 16, GOLD, bold=True)
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
        title = assets.text(_("COUNTING QUIZ · THE SHOE WAS SHUFFLED"), 16, GOLD, bold=True)
        surface.blit(title, title.get_rect(midtop=(rect.centerx, rect.y + 10)))
        ask = assets.text(_("What was the running count before the shuffle?"), 20, CREAM, bold=True)
        surface.blit(ask, ask.get_rect(midtop=(rect.centerx, rect.y + 36)))
        field = layout.trainer_quiz_field_rect()
        mark(surface, pygame.draw.rect(surface, (30, 40, 34), field, border_radius=6))
        mark(surface, pygame.draw.rect(surface, GOLD, field, 2, border_radius=6))
        entry = assets.font(24, True).render(self.count_quiz.entry + "_", True, HIGHLIGHT)
        surface.blit(entry, entry.get_rect(center=field.center))
        keys = assets.text(_("Type the number · Enter answers · Esc skips"), 14, CREAM)
        surface.blit(keys, keys.get_rect(midtop=(rect.centerx, field.bottom + 6)))

    def hint_lines(self) -> list[tuple[str, bool]]:
        """Each legal action's EV, best first, and whether it is the best."""
        from engine.coach import gerund

        if self.hint is None:
            return [(_("computing…"), False)]
        best = self.hint.action
        return [  # to a tenth of a percent: close plays differ by less than a whole one
            # TRANSLATORS: one play's expected value in the hint panel; keep ": " after {play} (the panel
            # puts what follows it on a line of its own)
            (_("{play}: expected {ev} of the bet").format(play=_capital(gerund(action)),
                                                          ev=plus(percent(value, 1))), action is best)
            for action, value in self.hint.ranked
        ]

    def hint_index(self, action: Action) -> str | None:
        """The index at this spot that switches to `action` (the person judges by indices), in words."""
        from engine.coach import index_words

        priced = self.priced
        index = priced.indices.get(action) if priced is not None else None
        if index is None or priced is None or priced.count is None:
            return None
        return index_words(index, priced.count, balanced=priced.balanced)

    def _draw_hint(self, surface: pygame.Surface, assets: object, positions: list[int]) -> None:
        from game.assets import Assets

        assert isinstance(assets, Assets)
        lines = self.hint_lines()
        ranked = self.hint.ranked if self.hint is not None else ()
        indices = [self.hint_index(action) for action, _ev in ranked]
        rows = 44 + 24 * len(lines) + 20 * (len([i for i in indices if i]) + (len(lines) if ranked else 0))
        rect = layout.side_panel_rect(rows, positions)
        self._panel(surface, rect)
        title = assets.text(_("HINT (?) · EXPECTED RESULTS"), 16, GOLD, bold=True)
        surface.blit(title, (rect.x + 12, rect.y + 8))
        y = rect.y + 32
        for i, (line, best) in enumerate(lines):
            play, _colon, value = line.partition(": ")
            color = HIGHLIGHT if best else CREAM
            # TRANSLATORS: the best play in the hint panel ("Standing  — best")
            label = assets.text(_("{play}  — best").format(play=play) if best else play, 19, color, bold=True)
            surface.blit(label, (rect.x + 12, y))
            y += 24
            details = [(value, CREAM)] if value else []
            index = indices[i] if i < len(indices) else None
            if index:
                details.append((index, GOLD))  # gold: the index, apart from the EV
            for text, color in details:
                size = 17
                detail = assets.font(size, True).render(text, True, color)
                while detail.get_width() > rect.w - 32 and size > 11:
                    size -= 1
                    detail = assets.font(size, True).render(text, True, color)
                surface.blit(detail, (rect.x + 24, y - 2))
                y += 20

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
        title = assets.text(_("BASIC STRATEGY (T)"), 16, GOLD, bold=True)
        surface.blit(title, (rect.x + 10, rect.y + 6))
        if chart is None:
            surface.blit(assets.text(_("computing…"), 18, CREAM), (rect.x + 10, rect.y + 30))
            return
        cell = self.chart_cell(rnd) if asking else None
        rows = list(chart.rows())
        label_w, top = 70, rect.y + 26
        legend_top = self._draw_legend(surface, assets, rect, chart)
        col_w = (rect.w - label_w - 14) // max(1, len(chart.ups))
        row_h = (legend_top - top - 4) // (len(rows) + 1)
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
                color = CODE_COLORS.get(code.value[:1].upper(), (70, 70, 70))
                mark(surface, pygame.draw.rect(surface, color, box))
                letters = assets.text(code.value, 12, (20, 20, 20), bold=True)
                surface.blit(letters, letters.get_rect(center=box.center))
                if cell is not None and cell == (label, chart.ups[c]):
                    mark(surface, pygame.draw.rect(surface, HIGHLIGHT, box.inflate(4, 4), 3))

    def legend(self, chart: StrategyChart) -> list[tuple[str, str]]:
        """The chart's codes that appear in it, in legend order, each with what it means."""
        used = {code.value for _, codes in chart.rows() for code in codes}
        return [(code, _(words)) for code, words in CODE_WORDS.items() if code in used]

    def _draw_legend(self, surface: pygame.Surface, assets: object, rect: pygame.Rect,
                     chart: StrategyChart) -> int:
        """The legend along the bottom of the chart, each code in its color; returns where it begins."""
        from game.assets import Assets

        assert isinstance(assets, Assets)
        items = self.legend(chart)
        top = rect.bottom - 8 - LEGEND_ROW * -(-len(items) // LEGEND_COLUMNS)
        width = (rect.w - 20) // LEGEND_COLUMNS
        for i, (code, words) in enumerate(items):
            x = rect.x + 10 + (i % LEGEND_COLUMNS) * width
            y = top + (i // LEGEND_COLUMNS) * LEGEND_ROW
            box = pygame.Rect(x, y + 1, 28, 16)
            mark(surface, pygame.draw.rect(surface, CODE_COLORS.get(code[:1].upper(), (70, 70, 70)), box))
            letters = assets.text(code, 12, (20, 20, 20), bold=True)
            surface.blit(letters, letters.get_rect(center=box.center))
            surface.blit(assets.text(words, 14, CREAM), (x + 34, y + 2))
        return top

    def _draw_toast(self, surface: pygame.Surface, assets: object) -> None:
        from game.assets import Assets

        assert isinstance(assets, Assets)
        label = assets.font(20, True).render(self.toast, True, (255, 236, 200))
        rect = label.get_rect(center=layout.trainer_toast_center()).inflate(28, 16)
        shade = pygame.Surface(rect.size, pygame.SRCALPHA)
        shade.fill((120, 30, 24, 235))
        surface.blit(shade, rect.topleft)
        mark(surface, pygame.draw.rect(surface, (250, 190, 120), rect, 2, border_radius=8))
        surface.blit(label, label.get_rect(center=rect.center))

    def confirm_text(self) -> str:
        """The block level's question (naming the index when the count called for one)."""
        if self.confirm is None:
            return ""
        from engine.coach import describe_hand, describe_up_card, gerund, index_sentence

        judgement = self.confirm[1]
        spot = judgement.situation
        standard = judgement.standard
        if standard is not None and standard.index is not None and standard.count is not None:
            # TRANSLATORS: the coach's question before a play against the index the count calls for
            return _("{index} — {play} anyway?").format(
                index=index_sentence(standard.index, standard.count, balanced=standard.balanced),
                play=gerund(judgement.action))
        # TRANSLATORS: the coach's question before a costly play ("Standing on 12 against a 2 costs 4.0% — …")
        return _("{play} on {hand} against {card} costs {cost} — do it anyway?").format(
            play=_capital(gerund(judgement.action)), hand=describe_hand(spot.cards),
            card=describe_up_card(spot.up_card), cost=percent(judgement.cost, 1))

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

            sub = assets.text(_("The coach says {play} is better.").format(play=gerund(best)), 18, GOLD)
            surface.blit(sub, sub.get_rect(center=(rect.centerx, rect.y + 120)))
        for name, r in confirm_button_rects().items():
            fill = (120, 28, 30) if name == "yes" else (30, 90, 50)
            mark(surface, pygame.draw.rect(surface, fill, r, border_radius=10))
            mark(surface, pygame.draw.rect(surface, GOLD, r, 2, border_radius=10))
            label = assets.text(_("Yes, do it (Y)") if name == "yes" else _("No (N)"), 20, CREAM, bold=True)
            surface.blit(label, label.get_rect(center=r.center))


CODE_WORDS: dict[str, str] = {
    "H": N_("hit"),
    "S": N_("stand"),
    "D": N_("double, else hit"),
    "Ds": N_("double, else stand"),
    "P": N_("split"),
    "Ph": N_("split if doubling after it is allowed, else hit"),
    "Rh": N_("surrender, else hit"),
    "Rs": N_("surrender, else stand"),
    "Rp": N_("surrender, else split"),
}
"""What each chart code means, in the legend drawn with the chart (marked; translated by `legend`)."""


def _capital(text: str) -> str:
    """Text with its first letter a capital, the rest as written (a translation may hold capitals)."""
    return text[:1].upper() + text[1:]


def _count_text(answer: float) -> str:
    """A count as the quiz tells it: '+3', or a true count to a tenth, '-1.5' (the locale's digits)."""
    return f"{answer:+d}" if isinstance(answer, int) else plus(number(answer, 1))

LEGEND_COLUMNS = 2
"""Codes per row of the chart's legend."""
LEGEND_ROW = 18
"""The height of a row of the chart's legend."""

CODE_COLORS: dict[str, tuple[int, int, int]] = {
    "H": (232, 232, 232),
    "S": (240, 200, 90),
    "D": (110, 190, 240),
    "P": (140, 220, 140),
    "R": (240, 140, 140),
}
"""Cell colors of the chart overlay by the code's first letter."""
