"""Drills: the setup (what to practise, under which rules, timed or not, for whom) and the spot drill itself.

The spot drill deals one spot at a time on the table (the player's cards and the dealer's
up card, drawn as at the table) and takes the answer from the normal buttons and keys
(H/S/D/P/R, Y/N for an offer). The answer is judged on the odds worker by
`engine.drills.judge`: the rules' chart says the play, and every legal play's EV is
shown. Streak and accuracy count this sitting, and for a person they are saved per
family (`Records.drill_answer`). The running-count drill is its own scene
(`game/scenes/count_drill.py`), and so are the deviation drill and the index test
(`game/scenes/deviation_drill.py`); the setup starts each.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any

import pygame

from engine import Action, DecisionKind, Rules, RulesError, load_rules, preset_ids
from engine.counting import SYSTEMS, CountSystem
from engine.drills import (
    DrillError,
    Family,
    Spot,
    Verdict,
    draw_spot,
    judge,
    legal_actions,
    parse_spots,
    practicable,
    spots,
)
from engine.errors import as_sentence
from engine.i18n import N_, _, figure, ngettext
from engine.index_drills import IndexFamily, why_no_index_drill
from engine.store import DrillStats, MissedDecision, Profile
from game import layout
from game.background import Job
from game.context import GameContext
from game.counter_settings import counter_settings
from game.counting_choices import (
    COUNTING_CHOICES,
    CountingOptions,
    counting_go,
    counting_label,
    counting_rows,
    cycle_counting,
)
from game.intents import Intent, IntentKind
from game.scene import Go, Scene, SceneName
from game.scenes.animating import OFFER_ACTIONS, PLAY_BUTTONS, answer_for, spot_buttons
from game.scenes.base import draw_spot_cards
from game.scenes.text import GREEN, GREY, RED, capitals, percent
from game.widgets import CREAM, GOLD, Button, ButtonRow, TextField, draw_panel, wrap

COUNT = "count"
"""The setup's drill choice for the running-count drill (the other choices are `Family` words)."""

INDEX_DRILLS = {"deviation": N_("Deviations"), "index-test": N_("Index test")}
"""The setup's drill choices for the deviation drill and the index test (`game/scenes/deviation_drill.py`)."""

DRILL_CHOICES: tuple[str, ...] = (*(f.value for f in Family), COUNT, *INDEX_DRILLS, *COUNTING_CHOICES)
TIMES: tuple[float | None, ...] = (None, 8.0, 5.0, 3.0)
"""Seconds per spot in timed mode (None: untimed)."""
SPEEDS: tuple[float, ...] = (1.0, 2.0, 3.0, 4.0, 6.0)
"""Cards a second the count drill flashes."""
ROUND_CARDS = 8
"""Cards in a round flashed at once: three players and the dealer (a card or two more with hits)."""


@dataclass(frozen=True, slots=True)
class DrillChoice:
    """What the setup has chosen (kept when the drill returns to it)."""

    drill: str = Family.HARD.value
    rules_id: str | None = None
    """A preset's id or a saved table's file, or None for the current table's rules."""
    person: str | None = None
    seconds: float | None = None
    speed: float = 2.0
    per_flash: int = 1
    custom: str = ""
    indices: IndexFamily = IndexFamily.ILLUSTRIOUS
    system: str | None = None
    """The count system's key for the index drills, or None for the person's own (Hi-Lo for nobody)."""
    counting: CountingOptions = field(default_factory=CountingOptions)
    """The counting drills' own rows (`game.counting_choices`)."""


def setup_rects() -> dict[str, pygame.Rect]:
    """The drill setup: each row's value box with < and > either side, the list field, errors, Start, Back."""
    rects = {"error": pygame.Rect(60, 520, 1160, 60), "start": pygame.Rect(1060, 620, 180, 60),
             "back": pygame.Rect(40, 620, 150, 60), "field": pygame.Rect(300, 430, 900, 46)}
    for row in range(5):
        y = 130 + row * 62
        rects[f"prev{row}"] = pygame.Rect(300, y, 46, 46)
        rects[f"value{row}"] = pygame.Rect(356, y, 560, 46)
        rects[f"next{row}"] = pygame.Rect(926, y, 46, 46)
    return rects


def drill_rects() -> dict[str, pygame.Rect]:
    """The spot drill: score panel (top left), feedback panel (right), Back and Next beside the action row."""
    return {
        "score": pygame.Rect(16, 16, 330, 120),
        "feedback": pygame.Rect(880, 196, 384, 300),
        "timer": pygame.Rect(16, 144, 330, 12),
        "back": pygame.Rect(30, 633, 130, 58),
        "next": pygame.Rect(1090, 633, 160, 58),
        "label": pygame.Rect(440, 250, 400, 40),
    }


class DrillSetupScene(Scene):
    """Choose the drill, the rules (this table's, a preset or a saved table), timed mode or the count's
    speed, the person."""

    def __init__(self, ctx: GameContext, choice: DrillChoice | None = None) -> None:
        super().__init__()
        self.ctx = ctx
        remembered = ctx.drill_choice if isinstance(ctx.drill_choice, DrillChoice) else None
        self.choice = choice or remembered or DrillChoice()
        self.people: list[str] = []
        self.settings: dict[str, Mapping[str, Any]] = {}
        """Each person's saved settings (their count system for the index drills)."""
        self.loaded: dict[str, Rules] = {}
        """Rules read once per id, not every frame the rows are drawn."""
        self.rules_ids = (None, *preset_ids(), *ctx.saved_table_ids())
        self.people_job: Job[list[Profile]] | None = None
        self.mistakes_job: Job[list[MissedDecision] | None] | None = None
        self.error = ""
        self.time = 0.0
        r = setup_rects()
        example = "16 vs T; A7 vs 9; 88 vs 6"
        self.field = TextField("custom", r["field"], self.choice.custom, example, limit=120)
        buttons = [Button("start", N_("Start"), r["start"], IntentKind.CONFIRM, tooltip=N_("Start (Enter)")),
                   Button("back", N_("Back"), r["back"], IntentKind.BACK,
                          tooltip=N_("Back to the title (Esc)"))]
        for row in range(5):
            buttons += [Button(f"prev{row}", "<", r[f"prev{row}"], IntentKind.CLICK),
                        Button(f"next{row}", ">", r[f"next{row}"], IntentKind.CLICK)]
        self.buttons = ButtonRow(buttons)
        self._show_rows()

    def exit(self) -> None:
        """Remember the choice (and the custom list typed) for this run: the next visit opens on it."""
        self.ctx.drill_choice = replace(self.choice, custom=self.field.text)

    # ---- what is chosen --------------------------------------------------------------

    @property
    def rules(self) -> Rules:
        """The rules the drill is judged under."""
        return self._rules_of(self.choice.rules_id)

    def _rules_of(self, rules_id: str | None) -> Rules:
        if rules_id is None:
            return self.ctx.session.rules
        if rules_id not in self.loaded:
            self.loaded[rules_id] = load_rules(rules_id)
        return self.loaded[rules_id]

    def rows(self) -> list[tuple[str, str]]:
        """Each row shown: its label (English, marked: `_()` shows it) and the value chosen."""
        c = self.choice
        index_drill = INDEX_DRILLS.get(c.drill)
        drill = (_("Running count") if c.drill == COUNT
                 else (index_drill and _(index_drill)) or counting_label(c.drill) or Family(c.drill).label)
        rules = (_("This table: {name}").format(name=self.ctx.session.rules.name) if c.rules_id is None
                 else self.rules.name)
        person = c.person or _("Nobody (results not saved)")
        out = [(N_("Drill"), drill), (N_("Rules"), rules), (N_("Person"), person)]
        if c.drill == COUNT:
            speed = ngettext("{n} card a second", "{n} cards a second", round(c.speed)).format(
                n=figure(c.speed))
            out.append((N_("Speed"), speed))
            out.append((N_("Cards"), _("one at a time") if c.per_flash == 1 else _("a whole round at once")))
        elif c.drill in INDEX_DRILLS:
            out += self._index_rows()
        elif c.drill in COUNTING_CHOICES:
            out += counting_rows(c.drill, c.counting)
        else:
            out.append((N_("Timed"), _("off") if c.seconds is None else ngettext(
                "{n} second a spot", "{n} seconds a spot", round(c.seconds)).format(n=figure(c.seconds))))
        return out

    def _cycle(self, row: int, step: int) -> None:
        c = self.choice
        label = self.rows()[row][0]

        def turn(options: tuple[Any, ...], now: Any) -> Any:
            return options[(options.index(now) + step) % len(options)] if now in options else options[0]

        if label == "Drill":
            self.choice = replace(c, drill=turn(DRILL_CHOICES, c.drill))
        elif label == "Rules":
            rules_id = turn(self.rules_ids, c.rules_id)
            try:
                self._rules_of(rules_id)
            except RulesError as error:  # a saved table deleted or spoiled since the list was read
                self.rules_ids = tuple(i for i in self.rules_ids if i != rules_id)
                self.error = str(error)
                return
            self.choice = replace(c, rules_id=rules_id)
        elif label == "Person":
            self.choice = replace(c, person=turn((None, *self.people), c.person))
        elif label == "Timed":
            self.choice = replace(c, seconds=turn(TIMES, c.seconds))
        elif label == "Speed":
            self.choice = replace(c, speed=turn(SPEEDS, c.speed))
        elif label == "Cards":
            self.choice = replace(c, per_flash=turn((1, ROUND_CARDS), c.per_flash))
        elif label == "Indices":
            self.choice = replace(c, indices=turn(tuple(IndexFamily), c.indices))
        elif label == "System":
            self.choice = replace(c, system=turn((None, *SYSTEMS), c.system))
        elif (counting := cycle_counting(label, c.counting, step)) is not None:
            self.choice = replace(c, counting=counting)
        self.error = ""
        self._show_rows()

    def _show_rows(self) -> None:
        """Show the < > of each row the choice has, and the list field for a custom list.

        Done as soon as the choice changes, not at the next update: a second click in the
        same frame then meets the rows as the first click left them (a row that went away
        takes no click).
        """
        rows = len(self.rows())
        for row in range(5):
            for side in ("prev", "next"):
                self.buttons.by_name(f"{side}{row}").visible = row < rows
        self.field.visible = self.field.focused = self.custom

    @property
    def custom(self) -> bool:
        """Whether the custom list's field is in use."""
        return self.choice.drill == Family.CUSTOM.value

    @property
    def wants_text(self) -> bool:
        """Letters type into the custom list."""
        return self.custom

    @property
    def busy(self) -> bool:
        """Waiting for the saved people or a person's mistakes."""
        return any(job is not None and not job.done() for job in (self.people_job, self.mistakes_job))

    # ---- input -----------------------------------------------------------------------

    def handle_event(self, intent: Intent) -> bool:
        """< and > change a row; typing fills the custom list; Enter starts; Esc goes back."""
        if intent.kind is IntentKind.POINT:
            self.buttons.point(intent.pos)
            return True
        if intent.kind is IntentKind.TEXT and self.custom:
            self.field.type((intent.text or "").replace(",", ";"))  # the field keeps no commas
            self.error = ""
            return True
        if intent.kind is IntentKind.CLEAR and self.custom:
            self.field.erase()
            return True
        if intent.kind is IntentKind.SELECT_ALL and self.custom:
            self.field.select_all()
            return True
        if intent.kind is IntentKind.CLICK:
            if self.custom and self.field.hit(intent.pos):
                self.field.focus()
                return True
            button = self.buttons.clicked(intent.pos)
            if button is None:
                return True
            self.ctx.sounds.play("button", 0.5)
            if button.name.startswith(("prev", "next")):
                self._cycle(int(button.name[4:]), -1 if button.name.startswith("prev") else 1)
                return True
            return self.handle_event(Intent(button.intent, intent.pos))
        if intent.kind is IntentKind.CONFIRM:
            self.start()
            return True
        if intent.kind is IntentKind.BACK:
            if self.stack is not None and not self.stack.changing:
                self.stack.replace(Go(SceneName.TITLE))
            return True
        return False

    def start(self) -> None:
        """Check the choice and open the drill, or say what is wrong."""
        if self.stack is None or self.stack.changing or self.busy:
            return
        c = replace(self.choice, custom=self.field.text)
        self.choice = c
        rules = self.rules
        seed = self.ctx.seed
        try:
            if c.drill in INDEX_DRILLS:
                self._go_index(rules)
                return
            if c.drill == COUNT:
                if rules.decks is None:
                    raise DrillError(_("{name} deals from an endless shoe, which has no true count; "
                                       "choose rules with a shoe").format(name=rules.name))
                self.stack.push(Go(SceneName.COUNT_DRILL, rules=rules, person=c.person, speed=c.speed,
                                   per_flash=c.per_flash, seed=seed))
                return
            if c.drill in COUNTING_CHOICES:
                self.stack.push(counting_go(c.drill, c.counting, rules, c.person, seed))
                return
            family = Family(c.drill)
            if family is Family.MISTAKES:
                if c.person is None or self.ctx.records is None:
                    raise DrillError(_("choose the person whose mistakes to practise"))
                self.mistakes_job = self.ctx.records.mistakes(c.person)
                return
            found = parse_spots(c.custom, rules) if family is Family.CUSTOM else spots(family, rules)
        except DrillError as error:
            self.error = as_sentence(error)
            return
        self._go(family, found)

    def _go(self, family: Family, found: tuple[Spot, ...]) -> None:
        assert self.stack is not None
        c = self.choice
        self.stack.push(Go(SceneName.DRILL, rules=self.rules, family=family, choices=found, person=c.person,
                           seconds=c.seconds, seed=self.ctx.seed))

    # ---- the deviation drill and the index test (game/scenes/deviation_drill.py) ------

    def index_system(self) -> CountSystem:
        """The count system the index drills use: the one chosen, else the person's own, else Hi-Lo."""
        c = self.choice
        if c.system is not None:
            return SYSTEMS[c.system]
        return counter_settings(self.settings.get(c.person or "")).system

    def _index_rows(self) -> list[tuple[str, str]]:
        c = self.choice
        system = self.index_system().name
        if c.system is None:
            system = (_("{person}'s own: {system}").format(person=c.person, system=system) if c.person
                      else _("{system} (nobody's own)").format(system=system))
        return [(N_("Indices"), c.indices.label), (N_("System"), system)]

    def _go_index(self, rules: Rules) -> None:
        """Open the deviation drill or the index test (its scene works out the indices)."""
        assert self.stack is not None
        c = self.choice
        problem = why_no_index_drill(rules, c.indices)
        if problem is not None:
            raise DrillError(problem)
        self.stack.push(Go(SceneName.DEVIATION_DRILL, rules=rules, family=c.indices,
                           system=self.index_system(), person=c.person, test=c.drill == "index-test",
                           seed=self.ctx.seed))

    # ---- the frame -------------------------------------------------------------------

    def update(self, dt: float) -> None:
        """Ask for the saved people once; open the mistakes drill when its spots arrive."""
        self.time += dt
        self.buttons.update(dt)
        records = self.ctx.records
        if records is not None:
            records.start()
            if self.people_job is None and records.ready:
                self.people_job = records.profiles()
        if self.people_job is not None and self.people_job.done() and not self.people:
            self.people = [p.name for p in self.people_job.value or []]
            self.settings = {p.name: p.settings for p in self.people_job.value or []}
        if self.mistakes_job is not None and self.mistakes_job.done():
            missed, self.mistakes_job = self.mistakes_job.value or [], None
            try:
                if not missed:
                    raise DrillError(_("{person} has no mistakes saved from play yet").format(
                        person=self.choice.person))
                candidates = (Spot(m.cards, m.up, m.kind, m.from_split, m.hands, exact=True) for m in missed)
                found = practicable(self.rules, candidates)
            except DrillError as error:
                self.error = as_sentence(error)
                return
            self._go(Family.MISTAKES, found)

    def draw(self, surface: pygame.Surface) -> None:
        """The rows over the veiled table, the custom list, any error, Start and Back."""
        ctx, a = self.ctx, self.ctx.assets
        surface.blit(ctx.view.background(ctx.session.rules, []), (0, 0))
        draw_panel(surface, layout.screen_panel_rect())
        surface.blit(a.text(_("DRILLS"), 40, GOLD, bold=True), (44, 34))
        hint = _("Practise spots with instant feedback, or the running count."
                 " < > change a row; Enter starts.")
        surface.blit(a.text(hint, 20, GREY), (220, 48))
        r = setup_rects()
        for row, (label, value) in enumerate(self.rows()):
            box = r[f"value{row}"]
            surface.blit(a.text(_(label), 24, GOLD, bold=True), (60, box.y + 10))
            pygame.draw.rect(surface, (24, 34, 28), box, border_radius=8)
            text = a.text(value, 24, CREAM, bold=True)
            surface.blit(text, text.get_rect(center=box.center))
        if self.custom:
            surface.blit(a.text(_("Spots"), 24, GOLD, bold=True), (60, r["field"].y + 10))
            self.field.draw(surface, a, self.time)
            note = _("Hands as totals (16) or cards (A7, 88), then vs and the up card; separate with ; or ,")
            surface.blit(a.text(note, 18, GREY), (r["field"].x, r["field"].bottom + 8))
        for i, line in enumerate(wrap(a, self.error, 20, r["error"].w)[:2]):
            surface.blit(a.text(line, 20, RED, bold=True), (r["error"].x, r["error"].y + i * 26))
        self.buttons.draw(surface, a)


class DrillScene(Scene):
    """One spot after another: answer with the table's buttons or keys, see the chart's play and every EV."""

    def __init__(
        self,
        ctx: GameContext,
        rules: Rules,
        family: Family,
        choices: tuple[Spot, ...],
        person: str | None = None,
        seconds: float | None = None,
        seed: int | None = None,
    ) -> None:
        super().__init__()
        self.ctx = ctx
        self.rules = rules
        self.family = family
        self.choices = choices
        self.person = person
        self.seconds = seconds
        self.rng = random.Random(seed)
        self.spot = draw_spot(choices, self.rng)
        self.time_left = seconds
        self.judging: Job[Verdict] | None = None
        self.verdict: Verdict | None = None
        self.answered = 0
        self.right = 0
        self.streak = 0
        self.best_streak = 0
        self.saved: DrillStats | None = None
        self.jobs: list[Job[Any]] = []
        r = drill_rects()
        self.buttons = spot_buttons(r["back"], r["next"], _("Next"), _("The next spot (Enter)"))
        self._refresh()

    def enter(self) -> None:
        """Price the rules' chart on the odds worker now, and read the person's saved results."""
        self.ctx.odds.analysis(self.rules)
        if self.person is not None and self.ctx.records is not None:
            self.jobs.append(self.ctx.records.drill_stats(self.person))

    @property
    def busy(self) -> bool:
        """Judging an answer (or saving it)."""
        return self.judging is not None or any(not job.done() for job in self.jobs)

    @property
    def legal(self) -> frozenset[Action]:
        """The plays of the spot on screen."""
        return legal_actions(self.rules, self.spot)

    def handle_event(self, intent: Intent) -> bool:
        """The action keys and buttons answer; Enter moves on after the feedback; Esc goes back."""
        routed = self.buttons.route(intent, self.ctx.sounds)
        if routed is None:
            return True
        intent = routed
        if intent.kind is IntentKind.BACK:
            self.close()
            return True
        if intent.kind is IntentKind.CONFIRM:
            if self.verdict is not None:
                self.next_spot()
            return True
        answer = answer_for(self.spot.kind, intent.kind)
        if answer is None:
            return False
        if self.verdict is None and self.judging is None:
            if answer in self.legal:
                self.answer(answer)
            else:
                self.ctx.warn(_("That is not allowed here under {name}.").format(name=self.rules.name))
        return True

    def answer(self, action: Action | None) -> None:
        """Judge an answer (None: the time ran out) on the odds worker."""
        rules, spot = self.rules, self.spot
        self.judging = self.ctx.odds.worker.submit(lambda: judge(rules, spot, action), "judging a drill")

    def next_spot(self) -> None:
        """Deal the next spot."""
        self.spot = draw_spot(self.choices, self.rng)
        self.verdict = None
        self.time_left = self.seconds
        self._refresh()

    def _refresh(self) -> None:
        """Buttons for what the spot asks, enabled from its legal plays until it is answered."""
        offer = self.spot.kind is not DecisionKind.PLAY
        legal = self.legal if self.verdict is None and self.judging is None else frozenset()
        for name, _label, _intent, action in PLAY_BUTTONS:  # `_` is the translator
            button = self.buttons.by_name(name)
            button.visible = not offer
            button.enabled = action in legal
        if offer:
            yes, no, yes_label, no_label = OFFER_ACTIONS[self.spot.kind]
            self.buttons.by_name("yes").label, self.buttons.by_name("no").label = _(yes_label), _(no_label)
            self.buttons.by_name("yes").enabled = yes in legal
            self.buttons.by_name("no").enabled = no in legal
        self.buttons.by_name("yes").visible = self.buttons.by_name("no").visible = offer
        self.buttons.by_name("next").visible = self.verdict is not None

    def update(self, dt: float) -> None:
        """Count the time down, take the verdict when it comes, and save it for the person."""
        self.ctx.update(dt)
        self.buttons.update(dt)
        for job in [j for j in self.jobs if j.done()]:
            self.jobs.remove(job)
            value = job.value
            if isinstance(value, dict):
                self.saved = value.get(self.family.value)
            elif isinstance(value, DrillStats):
                self.saved = value
        if self.verdict is None and self.judging is None and self.time_left is not None:
            self.time_left -= dt
            if self.time_left <= 0:
                self.time_left = 0.0
                self.answer(None)
        if self.judging is not None and self.judging.done():
            verdict, self.judging = self.judging.value, None
            if verdict is not None:
                self._score(verdict)
            self._refresh()

    def _score(self, verdict: Verdict) -> None:
        self.verdict = verdict
        self.answered += 1
        self.right += verdict.correct
        self.streak = self.streak + 1 if verdict.correct else 0
        self.best_streak = max(self.best_streak, self.streak)
        self.ctx.sounds.play("button" if verdict.correct else "bust", 0.4)
        if self.person is not None and self.ctx.records is not None:
            self.jobs.append(self.ctx.records.drill_answer(self.person, self.family.value, verdict.correct))

    def score_lines(self) -> list[str]:
        """What the score panel says: this sitting, and the person's saved results for the family."""
        lines = [f"{self.family.label} · {self.rules.name}",
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

    def feedback_lines(self) -> list[tuple[str, tuple[int, int, int]]]:
        """The feedback panel's lines with their colors (empty before an answer is judged)."""
        v = self.verdict
        if v is None:
            return []
        width = drill_rects()["feedback"].w - 32
        out = [(line, CREAM) for line in wrap(self.ctx.assets, v.summary(), 18, width)]
        out.append(("", CREAM))
        for (action, _ev), line in zip(v.ranked, v.ev_lines(), strict=True):
            # TRANSLATORS: marks beside a play's EV: the chart's play, and the player's answer
            mark = ("  · " + _("chart") if action is v.best
                    else ("  · " + _("yours") if action is v.answer else ""))
            color = GREEN if action is v.best else (RED if action is v.answer else CREAM)
            out.append((line + mark, color))
        return out

    def draw(self, surface: pygame.Surface) -> None:
        """The spot on the table, the question, the score, the timer and the feedback."""
        ctx, a = self.ctx, self.ctx.assets
        draw_spot_cards(ctx, surface, self.rules, self.spot)
        r = drill_rects()
        label = ctx.view.pill(capitals(self.spot.describe()), 20, GOLD)
        surface.blit(label, label.get_rect(center=r["label"].center))
        draw_panel(surface, r["score"])
        for i, line in enumerate(self.score_lines()):
            size = 22 if i == 0 else 18
            surface.blit(a.text(line, size, GOLD if i == 0 else CREAM, bold=True),
                         (r["score"].x + 14, r["score"].y + 12 + i * 34))
        if self.seconds is not None and self.time_left is not None:
            bar = r["timer"]
            pygame.draw.rect(surface, (30, 30, 30), bar, border_radius=6)
            share = max(0.0, self.time_left / self.seconds)
            fill = pygame.Rect(bar.x, bar.y, round(bar.w * share), bar.h)
            pygame.draw.rect(surface, GOLD if share > 0.3 else RED, fill, border_radius=6)
        lines = self.feedback_lines()
        if lines:
            panel = r["feedback"]
            draw_panel(surface, panel, border=GREEN if self.verdict and self.verdict.correct else RED)
            title = self.verdict.headline.upper() if self.verdict else ""
            surface.blit(a.text(title, 24, GOLD, bold=True), (panel.x + 16, panel.y + 12))
            for i, (line, color) in enumerate(lines):
                surface.blit(a.text(line, 18, color, bold=True), (panel.x + 16, panel.y + 48 + i * 26))
        if ctx.note:
            ctx.bar.draw(surface, a, ctx.note, warning=True)
        self.buttons.draw(surface, a)

