"""The counting screen: one person's count system, true-count precision, what the coach judges plays
against, the betting unit and the bet ramp, with the ramp's price beside it.

It opens for a person by name (from the table setup's row, or from the settings at the
table, with a pager over the table's people) and reads their saved profile on the records
worker. The system is any the engine ships or a system file typed in (a file that does not
read is refused with its sentence and nothing changes). The ramp is a list of steps, each
"from this count, bet this many units", and the count at which the person leaves the shoe.

Mouse: the arrows beside each value, "x" removes a step, Add step adds one. Keys: Up and
Down choose a step (the last line is "leave at"), [ and ] change its units, - and + its
count, A adds a step, Backspace removes the chosen one, Enter saves, Esc goes back unsaved.

The price comes from the engine (`game.ramp`): flat bets of the person's counter
simulated once per rules, system and precision in the pricing process, then any ramp priced
from them at once. Save writes every key in one go (`Records.save_settings`); once stored,
the seat's profile at the table reads the new settings. The scene pops back to where it was
pushed from (the setup or the table).
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

import pygame

from engine import BlackjackError, Money, Rules, load_rules
from engine.counting import MAX_RAMP_UNITS, SYSTEMS, CountSystem, Precision, Ramp, count_system
from engine.errors import as_sentence
from engine.i18n import N_, _, money, ngettext, number
from game import ramp as ramp_price
from game.background import Job
from game.context import GameContext
from game.counter_settings import CounterSettings, Judging, counter_settings
from game.intents import Intent, IntentKind
from game.ramp import signed
from game.records import PersonRequest
from game.scene import Scene
from game.scenes.text import GREY, RED
from game.widgets import CREAM, GOLD, Button, ButtonRow, TextField, draw_panel, wrap

if TYPE_CHECKING:
    from engine.counting import CountFigures
    from engine.store import Profile

PRECISION_WORDS = {
    Precision.EXACT: N_("Exact (cards left)"),
    Precision.QUARTER: N_("Quarter deck"),
    Precision.HALF: N_("Half deck"),
    Precision.WHOLE: N_("Whole deck"),
}
JUDGING_WORDS = {Judging.BASIC: N_("Basic strategy"), Judging.INDICES: N_("Index plays at the count")}
UNITS: tuple[Money | None, ...] = (None, 500, 1000, 2500, 5000, 10_000, 25_000, 50_000)
"""The betting units offered, in cents (None: the table minimum)."""
MAX_STEPS = 7
"""The most steps the editor shows (a 1-to-1000 spread needs far fewer)."""
STEP_H = 36
FIRST_RAMP = Ramp(((1, 1), (2, 2), (3, 4), (4, 8)), leave=-2)
"""The ramp a person without one starts from: a common Hi-Lo 1-8 spread, leaving at -2."""
LOWEST_LEAVE = -10
"""Below this, "leave at" reads never."""
MAX_COUNT = 30
"""The highest count (and the lowest, negated) a step may start at."""

_FIGURES: dict[tuple[Rules, str, Precision], Job[list[CountFigures]]] = {}
"""Flat-bet figures already asked for in this run, by rules, system and precision (a few seconds each)."""


def counting_rects() -> dict[str, pygame.Rect]:
    """Where the counting screen's controls sit on the canvas."""
    return {
        "prev": pygame.Rect(44, 30, 44, 44),
        "next": pygame.Rect(560, 30, 44, 44),
        "system-": pygame.Rect(250, 110, 44, 44),
        "system+": pygame.Rect(560, 110, 44, 44),
        "file": pygame.Rect(44, 166, 430, 40),
        "load": pygame.Rect(484, 166, 120, 40),
        "precision-": pygame.Rect(250, 262, 44, 44),
        "precision+": pygame.Rect(560, 262, 44, 44),
        "judging-": pygame.Rect(250, 322, 44, 44),
        "judging+": pygame.Rect(560, 322, 44, 44),
        "unit-": pygame.Rect(250, 382, 44, 44),
        "unit+": pygame.Rect(560, 382, 44, 44),
        "ramp": pygame.Rect(660, 30, 576, 470),
        "add": pygame.Rect(676, 440, 150, 40),
        "clear-ramp": pygame.Rect(836, 440, 150, 40),
        "price": pygame.Rect(44, 446, 560, 170),
        "message": pygame.Rect(660, 512, 576, 100),
        "back": pygame.Rect(904, 632, 150, 52),
        "save": pygame.Rect(1070, 632, 166, 52),
    }


def step_rects(row: int) -> dict[str, pygame.Rect]:
    """One line of the ramp editor (the steps, then "leave at"): its count and units steppers, and remove."""
    y = 110 + row * STEP_H
    return {
        "row": pygame.Rect(676, y, 544, STEP_H - 4),
        "count-": pygame.Rect(750, y, 32, 32),
        "count+": pygame.Rect(844, y, 32, 32),
        "units-": pygame.Rect(894, y, 32, 32),
        "units+": pygame.Rect(1104, y, 32, 32),
        "remove": pygame.Rect(1184, y, 32, 32),
    }


class CountingScene(Scene):
    """One person's counting settings and bet ramp, edited and saved to their profile."""

    def __init__(
        self,
        ctx: GameContext,
        *,
        names: list[str],
        index: int = 0,
        rules_id: str | None = None,
        bankroll: Money | None = None,
        color: str = "",
        coach: int = 0,
    ) -> None:
        super().__init__()
        self.ctx = ctx
        self.names = list(names)
        self.index = index
        self.rules = _rules(ctx, rules_id)
        self.bankroll = bankroll
        """What a new profile starts with (the setup's buy-in); a saved person's own bankroll is used."""
        self.color, self.coach = color, coach
        self.file = TextField("system-file", counting_rects()["file"],
                              placeholder=_("or a count system file: path/to/system.toml"), limit=300)
        self.focus: TextField | None = None
        self.time = 0.0
        self.profile_job: Job[Profile | None] | None = None
        self.profile: Profile | None = None
        self.loaded = False
        self.save_job: Job[Profile | None] | None = None
        self.message = ""
        self.error = False
        """Whether `message` is a refusal (drawn red)."""
        self.selected = 0
        """The chosen line of the ramp editor (len(steps) is "leave at")."""
        self._settings(CounterSettings())
        r = counting_rects()
        self.buttons = ButtonRow([
            Button("prev", "<", r["prev"], IntentKind.CLICK, tooltip=N_("The previous person")),
            Button("next", ">", r["next"], IntentKind.CLICK, tooltip=N_("The next person")),
            Button("system-", "<", r["system-"], IntentKind.CLICK, tooltip=N_("The previous count system")),
            Button("system+", ">", r["system+"], IntentKind.CLICK, tooltip=N_("The next count system")),
            Button("load", N_("Load"), r["load"], IntentKind.CLICK, tooltip=N_("Count with the system file")),
            Button("precision-", "<", r["precision-"], IntentKind.CLICK, tooltip=N_("Finer")),
            Button("precision+", ">", r["precision+"], IntentKind.CLICK, tooltip=N_("Coarser")),
            Button("judging-", "<", r["judging-"], IntentKind.CLICK,
                   tooltip=N_("What the coach judges against")),
            Button("judging+", ">", r["judging+"], IntentKind.CLICK,
                   tooltip=N_("What the coach judges against")),
            Button("unit-", "<", r["unit-"], IntentKind.CLICK, tooltip=N_("A smaller betting unit")),
            Button("unit+", ">", r["unit+"], IntentKind.CLICK, tooltip=N_("A bigger betting unit")),
            Button("add", N_("Add step"), r["add"], IntentKind.CLICK,
                   tooltip=N_("Bet more from a higher count (A)")),
            Button("clear-ramp", N_("No ramp"), r["clear-ramp"], IntentKind.CLICK,
                   tooltip=N_("Bets are not judged without a ramp")),
            Button("back", N_("Back"), r["back"], IntentKind.BACK, tooltip=N_("Leave without saving (Esc)")),
            Button("save", N_("Save"), r["save"], IntentKind.CONFIRM,
                   tooltip=N_("Save to the profile (Enter)")),
        ])
        for row in range(MAX_STEPS + 1):
            for name, rect in step_rects(row).items():
                if name == "row":
                    continue
                label = {"remove": "x", "count-": "<", "units-": "<"}.get(name, ">")
                tip = {"count-": _("A lower count"), "count+": _("A higher count"),
                       "units-": _("Fewer units"), "units+": _("More units"),
                       "remove": _("Remove this step (Backspace)")}[name]
                self.buttons.buttons.append(
                    Button(f"{name}{row}", label, rect, IntentKind.CLICK, tooltip=tip)
                )
        self._sync()

    # ---- the person -------------------------------------------------------------------

    @property
    def name(self) -> str:
        """Whose settings these are."""
        return self.names[self.index]

    def enter(self) -> None:
        """Read the person's profile (in the background)."""
        records = self.ctx.records
        if records is not None:
            records.start()

    def _settings(self, settings: CounterSettings) -> None:
        """Edit these settings (a person's saved ones, or the defaults)."""
        self.system_spec, self.system = settings.system_spec, settings.system
        self.precision, self.judging, self.unit = settings.precision, settings.judging, settings.unit
        self.rounding = settings.rounding
        ramp = settings.ramp
        self.steps: list[list[int]] = [] if ramp is None else [[c, u] for c, u in ramp.steps]
        self.leave: int | None = None if ramp is None else ramp.leave
        self.selected = 0
        if len(self.steps) > MAX_STEPS:  # a ramp saved some other way: the editor shows its first steps
            self._say(ngettext("The saved ramp has {n} step; the editor keeps its first {kept},"
                               " and saving here saves those.",
                               "The saved ramp has {n} steps; the editor keeps its first {kept},"
                               " and saving here saves those.", len(self.steps)).format(
                n=len(self.steps), kept=MAX_STEPS), error=True)
            del self.steps[MAX_STEPS:]
        if settings.system_spec not in SYSTEMS:
            self.file.text = settings.system_spec

    def turn(self, step: int) -> None:
        """The previous or next person (unsaved changes are dropped)."""
        if len(self.names) < 2 or self.save_job is not None:
            return
        self.index = (self.index + step) % len(self.names)
        self.profile_job, self.profile, self.loaded = None, None, False
        self.file.text = ""
        self._settings(CounterSettings())
        self.message, self.error = "", False

    # ---- editing ----------------------------------------------------------------------

    def cycle_system(self, step: int) -> None:
        """The previous or next shipped count system."""
        keys = list(SYSTEMS)
        index = keys.index(self.system_spec) if self.system_spec in keys else (-1 if step > 0 else 0)
        self._use_system(keys[(index + step) % len(keys)], SYSTEMS[keys[(index + step) % len(keys)]])
        self.file.text = ""

    def load_file(self) -> None:
        """Count with the system file typed in; a file that does not read is refused with its sentence."""
        path = self.file.text.strip()
        if not path:
            self._say(_("Type the path of a count system file first."), error=True)
            return
        try:
            system = count_system(path)
        except BlackjackError as error:
            self._say(as_sentence(error), error=True)
            return
        self._use_system(path, system)
        self._focus(None)

    def _use_system(self, spec: str, system: CountSystem) -> None:
        self.system_spec, self.system = spec, system
        self._say(_("Counting {system}.").format(system=system.name))

    def cycle(self, what: str, step: int) -> None:
        """The previous or next precision, judging or betting unit."""
        if what == "precision":
            order = list(Precision)
            self.precision = order[(order.index(self.precision) + step) % len(order)]
        elif what == "judging":
            kinds = list(Judging)
            self.judging = kinds[(kinds.index(self.judging) + step) % len(kinds)]
        else:
            index = UNITS.index(self.unit) if self.unit in UNITS else 0
            self.unit = UNITS[max(0, min(len(UNITS) - 1, index + step))]

    def add_step(self) -> None:
        """A new top step, a count above the last, betting twice its units (with none yet: a first ramp)."""
        if not self.steps:
            self.steps = [[c, u] for c, u in FIRST_RAMP.steps]
            self.leave = FIRST_RAMP.leave
            self.selected = 0
            self._say(_("A 1-8 ramp to start from: change its steps to yours."))
            return
        if len(self.steps) >= MAX_STEPS:
            self._say(ngettext("The editor holds {n} step.", "The editor holds {n} steps.", MAX_STEPS).format(
                n=MAX_STEPS), error=True)
            return
        count, units = self.steps[-1]
        self.steps.append([count + 1, min(units * 2, MAX_RAMP_UNITS)])
        self.selected = len(self.steps) - 1
        self._say("")

    def remove_step(self, row: int) -> None:
        """Take a step out (the last one leaves no ramp: bets are no longer judged)."""
        if not 0 <= row < len(self.steps):
            return
        del self.steps[row]
        if not self.steps:
            self.leave = None
        self.selected = min(self.selected, len(self.steps))
        self._say("")

    def change(self, row: int, what: str, step: int) -> None:
        """Move a step's count or units (or, on the last line, the leaving count) one step.

        A change the ramp would not allow (counts must rise, a unit or more) is refused with its reason.
        """
        if row == len(self.steps):
            if not self.steps:
                return
            if self.leave is None:
                leave: int | None = min(FIRST_RAMP.leave or 0, self.steps[0][0] - 1)
            else:
                leave = None if self.leave + step < LOWEST_LEAVE else self.leave + step
            problem = self.ramp_problem(self.steps, leave)
            if problem is not None:
                self._say(problem, error=True)
                return
            self.leave = leave
            self._say("")
            return
        steps = [list(s) for s in self.steps]
        steps[row][0 if what == "count" else 1] += step
        problem = self.ramp_problem(steps, self.leave)
        if problem is not None:
            self._say(problem, error=True)
            return
        self.steps = steps
        self._say("")

    @staticmethod
    def ramp_problem(steps: list[list[int]], leave: int | None) -> str | None:
        """Why these steps are not a ramp (the engine's sentence), or None."""
        if any(abs(count) > MAX_COUNT or units > MAX_RAMP_UNITS for count, units in steps):
            return ngettext("A step's count runs from -{most} to +{most} and it bets at most {n} unit.",
                            "A step's count runs from -{most} to +{most} and it bets at most {n} units.",
                            MAX_RAMP_UNITS).format(most=MAX_COUNT, n=MAX_RAMP_UNITS)
        try:
            Ramp(tuple((c, u) for c, u in steps), leave)
        except BlackjackError as error:
            return as_sentence(error)
        return None

    @property
    def ramp(self) -> Ramp | None:
        """The ramp as edited (None: no ramp)."""
        if not self.steps:
            return None
        return Ramp(tuple((c, u) for c, u in self.steps), self.leave)

    def edited(self) -> CounterSettings:
        """The settings as they stand on the screen."""
        return CounterSettings(self.system_spec, self.system, self.precision, self.rounding, self.judging,
                               self.ramp, self.unit)

    # ---- saving -----------------------------------------------------------------------

    def save_refusal(self) -> str | None:
        """Why Save cannot save now, or None."""
        records = self.ctx.records
        if records is None or (records.ready and not records.saving):
            return _("Nothing is saved in this run, so counting settings cannot be kept.")
        if not self.loaded:
            return _("Reading the profile…")
        return None

    def save(self) -> None:
        """Save every counting key to the person's profile (made if new)."""
        refusal = self.save_refusal()
        if refusal is not None:
            self._say(refusal, error=True)
            return
        if self.save_job is not None:
            return
        records = self.ctx.records
        assert records is not None
        bankroll = self.profile.bankroll if self.profile is not None else (self.bankroll or 0)
        person = PersonRequest(self.name, bankroll, self.color, self.coach, update_looks=False)
        self.save_job = records.save_settings(person, self.edited().settings())
        self._say(_("Saving…"))

    def _saved(self, profile: Profile) -> None:
        """The store has the settings: the seat at the table reads them from now on."""
        self.profile = profile
        for info in self.ctx.session.seats_info:
            if info.person and info.name.casefold() == profile.name.casefold():
                kept = info.profile
                info.profile = profile if kept is None else replace(kept, settings=profile.settings)
        self._say(_("Saved for {name}.").format(name=profile.name))
        self.back()

    def back(self) -> None:
        """Back to where the screen was opened from."""
        if self.stack is not None and not self.stack.changing:
            self.stack.pop()

    # ---- input --------------------------------------------------------------------------

    @property
    def wants_text(self) -> bool:
        """Letters type while the system file field has the focus."""
        return self.focus is not None

    @property
    def busy(self) -> bool:
        """Reading the profile or saving."""
        reading = self.profile_job is not None and not self.profile_job.done()
        return reading or (self.save_job is not None and not self.save_job.done())

    def _focus(self, field: TextField | None) -> None:
        if self.focus is not None:
            self.focus.focus(False)
        self.focus = field
        if field is not None:
            field.focus()

    def handle_event(self, intent: Intent) -> bool:
        """Clicks on the steppers and buttons, typing a system file, and the editor's keys."""
        kind = intent.kind
        if kind is IntentKind.POINT:
            self.buttons.point(intent.pos)
        elif kind is IntentKind.CLICK:
            self.click(intent.pos)
        elif kind is IntentKind.TEXT and self.focus is not None and intent.text:
            self.focus.type(intent.text)
        elif kind is IntentKind.SELECT_ALL and self.focus is not None:
            self.focus.select_all()
        elif kind is IntentKind.CLEAR:
            if self.focus is not None:
                self.focus.erase()
            else:
                self.remove_step(self.selected)
        elif kind is IntentKind.CONFIRM:
            self.load_file() if self.focus is not None else self.save()
        elif kind is IntentKind.BACK:
            self._focus(None) if self.focus is not None else self.back()
        elif kind is IntentKind.PAGE and intent.value is not None:
            self.selected = max(0, min(len(self.steps), self.selected + intent.value))
        elif kind is IntentKind.STEP and intent.value is not None:
            self.change(self.selected, "units", intent.value)
        elif kind is IntentKind.SPEED and intent.value is not None:
            self.change(self.selected, "count", intent.value)
        elif kind is IntentKind.ADD_STEP:
            self.add_step()
        else:
            return kind is not IntentKind.QUIT
        self._sync()
        return True

    def click(self, pos: tuple[int, int] | None) -> None:
        """A click: the file field takes the focus, a button acts, a ramp line is chosen."""
        if self.file.hit(pos):
            self._focus(self.file)
            return
        button = self.buttons.clicked(pos)
        if button is None:
            self._focus(None)
            for row in range(len(self.steps) + 1):
                if pos is not None and step_rects(row)["row"].collidepoint(pos):
                    self.selected = row
            return
        self.ctx.sounds.play("button", 0.5)
        self.press(button.name)

    def press(self, name: str) -> None:
        """A button by name (tests and tools press them too)."""
        for stem in ("count-", "count+", "units-", "units+", "remove"):
            if name.startswith(stem) and name[len(stem):].isdigit():
                row = int(name[len(stem):])
                self.selected = row
                if stem == "remove":
                    self.remove_step(row)
                else:
                    self.change(row, stem[:-1], 1 if stem.endswith("+") else -1)
                self._sync()
                return
        if name in ("prev", "next"):
            self.turn(1 if name == "next" else -1)
        elif name in ("system-", "system+"):
            self.cycle_system(1 if name.endswith("+") else -1)
        elif name == "load":
            self.load_file()
        elif name[:-1] in ("precision", "judging", "unit"):
            self.cycle(name[:-1], 1 if name.endswith("+") else -1)
        elif name == "add":
            self.add_step()
        elif name == "clear-ramp":
            self.steps, self.leave, self.selected = [], None, 0
            self._say(_("No ramp: bets are not judged."))
        elif name == "back":
            self.back()
        elif name == "save":
            self.save()
        self._sync()

    def _say(self, text: str, *, error: bool = False) -> None:
        self.message, self.error = text, error

    def _sync(self) -> None:
        for row in range(MAX_STEPS + 1):
            step, leave = row < len(self.steps), row == len(self.steps) and bool(self.steps)
            for stem in ("count-", "count+", "units-", "units+", "remove"):
                self.buttons.by_name(f"{stem}{row}").visible = step or (leave and stem.startswith("count"))
        self.buttons.by_name("add").enabled = len(self.steps) < MAX_STEPS
        self.buttons.by_name("add").label = _("Add step") if self.steps else _("Add a ramp")
        self.buttons.by_name("clear-ramp").visible = bool(self.steps)
        for name in ("prev", "next"):
            self.buttons.by_name(name).visible = len(self.names) > 1
        refusal = self.save_refusal()
        save = self.buttons.by_name("save")
        save.enabled = refusal is None and self.save_job is None
        save.tooltip = refusal or _("Save to the profile (Enter)")

    # ---- the frame --------------------------------------------------------------------

    def update(self, dt: float) -> None:
        """Read the profile, take the save's answer, ask for the price."""
        self.time += dt
        self.buttons.update(dt)
        records = self.ctx.records
        if records is not None and records.saving and self.profile_job is None:
            self.profile_job = records.find_person(self.name)
        job = self.profile_job
        if job is not None and job.done() and not self.loaded:
            self.loaded = True
            self.profile = job.value
            if self.profile is not None:
                read = counter_settings(self.profile.settings)
                self._settings(read)
                if read.problems:
                    self._say(" ".join(read.problems), error=True)
        saving = self.save_job
        if saving is not None and saving.done():
            self.save_job = None
            if saving.value is not None:
                self._saved(saving.value)
            else:
                self._say(as_sentence(saving.error or "the settings were not saved"), error=True)
        self.figures()
        self._sync()

    def figures(self) -> Job[list[CountFigures]] | None:
        """The flat-bet figures the ramp is priced from (asked for once per rules, system and precision)."""
        if self.rules is None:
            return None
        key = (self.rules, self.system_spec, self.precision)
        if key not in _FIGURES:
            from game.advisor import PRICER

            rules, system, precision, rounding = self.rules, self.system, self.precision, self.rounding
            rounds = ramp_price.PRICE_ROUNDS  # read now: tests ask for fewer
            _FIGURES[key] = self.ctx.odds.worker.submit(
                lambda: PRICER.run(ramp_price.flat_figures, rules, system, precision, rounding, rounds),
                f"pricing {system.name} ramps",
            )
        return _FIGURES[key]

    def price_lines(self) -> list[str]:
        """What the price box says: the ramp's figures, "pricing…", or why there are none."""
        ramp = self.ramp
        if ramp is None:
            return [_("No ramp: add one to see what it earns.")]
        if self.rules is None:
            return [_("The table's rules could not be read, so the ramp has no price.")]
        job = _FIGURES.get((self.rules, self.system_spec, self.precision))  # asked for by `update`
        if job is None or not job.done():
            return [_("pricing… (a counter's flat bets, simulated)")]
        if job.value is None:
            return [as_sentence(job.error)]
        unit = self.edited().bet_unit(self.rules.min_bet)
        bankroll = self.profile.bankroll if self.profile is not None else self.bankroll
        quote = ramp_price.quote(ramp, job.value, unit=unit, bankroll=bankroll)
        return quote.lines(unit, bankroll)

    def draw(self, surface: pygame.Surface) -> None:
        """The screen over the veiled table."""
        ctx = self.ctx
        a = ctx.assets
        surface.blit(ctx.view.background(ctx.session.rules, ctx.presenter.positions), (0, 0))
        from game import layout

        draw_panel(surface, layout.screen_panel_rect())
        r = counting_rects()
        title = a.text(_("COUNTING \u00b7 {name}").format(name=self.name), 34, GOLD, bold=True)
        surface.blit(title, title.get_rect(midleft=(r["prev"].right + 12, r["prev"].centery)))
        rows = (
            (_("COUNT SYSTEM"), r["system-"], self.system_label),
            (_("TRUE COUNT"), r["precision-"], _(PRECISION_WORDS[self.precision])),
            (_("COACH JUDGES"), r["judging-"], _(JUDGING_WORDS[self.judging])),
            (_("BETTING UNIT"), r["unit-"], self._unit_text()),
        )
        for label, left, value in rows:
            surface.blit(a.text(label, 20, CREAM, bold=True), (44, left.y + 12))
            shown = a.text(value, 22, (255, 255, 255), bold=True)
            surface.blit(shown, shown.get_rect(center=((left.right + r["system+"].x) // 2, left.centery)))
        kind = _("{system} is balanced: bets by the true count.") if self.system.balanced else (
            _("{system} is unbalanced: bets by the running count."))
        surface.blit(a.text(kind.format(system=self.system.name), 16, GREY), (44, 214))
        self.file.draw(surface, a, self.time)
        self._draw_price(surface, r["price"])
        self._draw_ramp(surface, r["ramp"])
        if self.message:
            for i, line in enumerate(wrap(a, self.message, 18, r["message"].w)[:4]):
                surface.blit(a.text(line, 18, RED if self.error else GOLD, bold=True),
                             (r["message"].x, r["message"].y + i * 22))
        self.buttons.draw(surface, a)

    @property
    def system_label(self) -> str:
        """The system's name, marked when it comes from a file."""
        return ("{name}" if self.system_spec in SYSTEMS else _("{name} (file)")).format(name=self.system.name)

    def _unit_text(self) -> str:
        if self.unit is None:
            minimum = self.rules.min_bet if self.rules is not None else None
            if minimum is None:
                return _("Table minimum")
            return _("Table minimum ({amount})").format(amount=money(minimum))
        return money(self.unit)

    def _draw_price(self, surface: pygame.Surface, box: pygame.Rect) -> None:
        a = self.ctx.assets
        pygame.draw.rect(surface, (16, 12, 10), box, border_radius=10)
        pygame.draw.rect(surface, GOLD, box, 2, border_radius=10)
        where = self.rules.name if self.rules is not None else _("these rules")
        head = a.text(_("THE RAMP'S PRICE AT {table}").format(table=where.upper()), 16, GOLD, bold=True)
        surface.blit(head, (box.x + 12, box.y + 8))
        for i, line in enumerate(self.price_lines()[:5]):
            text = a.text(line, 19, CREAM, bold=i == 0)
            surface.blit(text, (box.x + 12, box.y + 32 + i * 23))
        rounds = ramp_price.PRICE_ROUNDS
        basis = ngettext("From {n} round of a {system} counter's flat bets.",
                         "From {n} rounds of a {system} counter's flat bets.", rounds).format(
            n=number(rounds), system=self.system.name)
        surface.blit(a.text(basis, 14, GREY), (box.x + 12, box.bottom - 22))

    def _draw_ramp(self, surface: pygame.Surface, box: pygame.Rect) -> None:
        a = self.ctx.assets
        pygame.draw.rect(surface, (16, 12, 10), box, border_radius=10)
        pygame.draw.rect(surface, GOLD, box, 2, border_radius=10)
        surface.blit(a.text(_("BET RAMP"), 24, GOLD, bold=True), (box.x + 16, box.y + 12))
        what = _("TRUE COUNT") if self.system.balanced else _("RUNNING COUNT")
        heads = ((step_rects(0)["count-"].x, what), (step_rects(0)["units-"].x, _("UNITS")))
        for x, head in heads:
            surface.blit(a.text(head, 15, GREY, bold=True), (x, 84))
        if not self.steps:
            for i, line in enumerate(wrap(a, _("No ramp: bets are not judged. Add a ramp to have the coach "
                                           "check each bet against it at the count."), 19, box.w - 40)):
                surface.blit(a.text(line, 19, CREAM), (box.x + 16, 120 + i * 24))
            return
        unit = self.edited().bet_unit(self.rules.min_bet if self.rules is not None else 100)
        for row in range(len(self.steps) + 1):
            rects = step_rects(row)
            if row == self.selected:
                pygame.draw.rect(surface, (70, 56, 30), rects["row"], border_radius=6)
            if row < len(self.steps):
                count, units = self.steps[row]
                # TRANSLATORS: a ramp step reads "from +2 [bet] 4 units"; keep it short
                label, value = _("from"), signed(count)
                amount = a.text(f"{units}  ({money(units * unit)})", 19, CREAM, bold=True)
                at = ((rects["units-"].right + rects["units+"].x) // 2, rects["units-"].centery)
                surface.blit(amount, amount.get_rect(center=at))
            else:
                label, value = _("leave at"), _("never") if self.leave is None else signed(self.leave)
            words = a.text(label, 18, GREY if row == len(self.steps) else CREAM, bold=True)
            surface.blit(words, words.get_rect(midleft=(rects["row"].x + 8, rects["row"].centery)))
            shown = a.text(value, 22, (255, 255, 255), bold=True)
            surface.blit(shown, shown.get_rect(center=((rects["count-"].right + rects["count+"].x) // 2,
                                                       rects["count-"].centery)))
        notes = (_("Under the first step's count, bet its units. At or under \"leave at\", sit out."),
                 _("Up/Down choose a line · [ ] units · - + count · A adds · Backspace removes"))
        for i, note in enumerate(notes):
            surface.blit(a.text(note, 14, GREY), (box.x + 16, box.bottom - 98 + i * 18))


def _rules(ctx: GameContext, rules_id: str | None) -> Rules | None:
    """The rules the ramp is priced at: the ones named, else the table's (None when they do not load)."""
    if rules_id is None:
        return ctx.session.rules
    try:
        return load_rules(rules_id)
    except BlackjackError:
        return None


