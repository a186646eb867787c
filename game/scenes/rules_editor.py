"""The rules editor: every option of the rules as a control, a page per heading of the table card.

Each option shows its one-line explanation (`OPTION_HELP`) and its values as buttons or a
stepper. A value the other options contradict is refused by the engine (`with_option`),
so its control is disabled and says why on hover. The house edge with basic strategy is
shown live, and under each other value the change it would make (`rule_effects`), both
priced on the odds worker: a figure still being priced for the current rules is greyed
with "…", so the frame never waits. A tournament is switched on or off, and its starting
bankroll and goal are steppers shown while it is on. The rules start from any preset or saved
table and are saved as a named table in the data folder; saving under the name of a table
already saved asks first, Cancel being the default.
"""

from __future__ import annotations

from contextlib import suppress
from typing import Any

import pygame

from engine import BlackjackError, Rules, RulesError, load_rules, preset_ids, presets
from engine.i18n import N_, _, amount, percent, pgettext
from engine.money import to_cents
from engine.rule_words import OPTION_CHOICES, OPTION_HELP, RULE_GROUPS, OptionHelp
from engine.rulesets import plays_alike, rules_to_mapping, with_option
from engine.tables import MAX_NAME_LENGTH, broken_note, find_tables, save_table, table_path
from game import layout
from game.advisor import COMPUTING, Effects, priced_options
from game.context import GameContext
from game.intents import Intent, IntentKind
from game.scene import Scene
from game.scenes.text import GREEN, GREY, RED
from game.widgets import CREAM, GOLD, Button, ButtonRow, TextField, draw_panel, draw_veil, wrap

PAGES: tuple[tuple[str, tuple[str, ...]], ...] = tuple(
    (title, options) for title, options in RULE_GROUPS if title != RULE_GROUPS[0][0]
)
"""The editor's pages: every heading of the table card but the table's name (typed when saving)."""

STEPPED: dict[str, tuple[Any, ...]] = {
    "decks": OPTION_CHOICES["decks"],
    "max_hands": OPTION_CHOICES["max_hands"],
    "penetration": tuple(step / 100 for step in range(50, 100, 5)),
    "min_bet": (1, 2, 5, 10, 15, 25, 50, 100),
    "max_bet": (50, 100, 200, 250, 500, 1000, 2000, 5000, 10000, "bankroll"),
    "tournament.bankroll": (10, 25, 50, 100, 200, 250, 500, 1000, 5000),
    "tournament.goal": (50, 100, 200, 250, 400, 500, 1000, 2000, 5000, 10000),
}
"""The options set with a stepper, and the values it steps through (the rules' own value is added)."""

CHOICES: dict[str, tuple[Any, ...]] = OPTION_CHOICES | {"tournament": (False, True)}
"""The options set with a row of buttons, and their values (a tournament is on or off)."""

TOURNAMENT_PARTS: dict[str, OptionHelp] = {
    "tournament.bankroll": OptionHelp(N_("Starting bankroll"),
                                      N_("every seat's chips when the tournament begins.")),
    "tournament.goal": OptionHelp(N_("Goal"), N_("the bankroll that wins the tournament.")),
}
"""The rows a tournament adds while it is on, each set with a stepper."""

VALUE_WORDS = (N_("Push"), N_("Player wins"), N_("Peek"), N_("No peek"), N_("None"), N_("Original bet"),
               N_("All bets"), N_("Any"), N_("Late"), N_("Early"))
"""The words `value_words` makes of the rules' text choices, marked for the catalogs (shown with `_()`)."""

TOURNAMENT_START = "double-up"
"""The preset whose starting bankroll and goal a tournament takes when it is switched on."""

PANEL = pygame.Rect(330, 150, 910, 470)
ROW_H = 94
TAB = pygame.Rect(40, 150, 260, 46)
BACKGROUND = (18, 40, 30)


def value_words(option: str, value: Any) -> str:
    """A value as the editor shows it: "Yes", "6:5", "Infinite", "No limit", "75%", "$10"."""
    if isinstance(value, bool):
        return _("Yes") if value else _("No")
    if option == "decks" and value == "infinite":
        return _("Infinite")
    if option == "max_hands":
        return _("No limit") if value == 0 else str(value)
    if option == "penetration":
        return percent(value, 0)
    if option in ("min_bet", "max_bet") or option in TOURNAMENT_PARTS:
        return _("No maximum") if value == "bankroll" else amount(to_cents(value))
    if isinstance(value, str) and ":" not in value:
        return _(value.replace("-", " ").capitalize())
    return str(value)


def _written(rules: Rules) -> dict[str, Any]:
    """Every option as the editor sets it: as a rules file writes it, with the tournament on or off
    and, while it is on, its parts ("tournament.bankroll", "tournament.goal")."""
    written = rules_to_mapping(rules)
    tournament = written.get("tournament")
    written["tournament"] = tournament is not None
    if tournament is not None:
        written |= {f"tournament.{part}": value for part, value in tournament.items()}
    return written


def _rows(page: int, written: dict[str, Any]) -> list[str]:
    """The options a page shows, one a row: its heading's, and a tournament's parts while it is on."""
    options = PAGES[page][1]
    parts = tuple(TOURNAMENT_PARTS) if "tournament" in options else ()
    return [option for option in options + parts if option in written]


def _help(option: str) -> OptionHelp:
    return TOURNAMENT_PARTS[option] if option in TOURNAMENT_PARTS else OPTION_HELP[option]


def _help_line(option: str) -> str:
    """An option's label and explanation as one line, in the player's language."""
    words = _help(option)
    # TRANSLATORS: an option of the rules editor and what it does: "Decks: how many decks the shoe holds."
    return pgettext("rules editor", "{label}: {explanation}").format(
        label=_(words.label), explanation=_(words.explanation))


def _change(fraction: float) -> str:
    """A change of the house edge as a signed percentage in the player's digits: '+0.25%', '-0.10%'."""
    text = percent(fraction, 2)
    return text if text.startswith("-") else "+" + text


def _apply(rules: Rules, option: str, value: Any) -> Rules:
    """The rules with one of the editor's options set (RulesError with the reason when it is refused)."""
    if option == "tournament":
        if not value:
            return rules.with_changes(tournament=None)
        if rules.tournament is not None:
            return rules
        return with_option(rules, option, rules_to_mapping(load_rules(TOURNAMENT_START))["tournament"])
    whole, _, part = option.partition(".")
    if part:
        value = rules_to_mapping(rules)[whole] | {part: value}
    return with_option(rules, whole, value)


def _steps(option: str, current: Any) -> list[Any]:
    """The stepper's values with the rules' own among them, in order."""
    values = list(STEPPED[option])
    if current not in values:
        numbers = sorted([v for v in values if not isinstance(v, str)] + [current])
        values = numbers + [v for v in values if isinstance(v, str)]
    return values


class RulesEditorScene(Scene):
    """Shape a rule set option by option, with what each choice is worth, and save it as a named table."""

    def __init__(self, ctx: GameContext, *, rules_id: str | None = None) -> None:
        super().__init__()
        self.ctx = ctx
        self.sources: list[tuple[str, Rules]] = [(p.id, p.rules) for p in presets()]
        found_tables = find_tables(ctx.tables)
        self.sources += [(str(table.path), table.rules) for table in found_tables.tables]
        start = rules_id or ctx.settings.rules
        if start not in [source for source, _ in self.sources]:
            with suppress(RulesError):  # a file that no longer loads: start from the first preset
                self.sources.insert(0, (start, load_rules(start)))
        found = [i for i, (source, _) in enumerate(self.sources) if source == start]
        self.source = found[0] if found else 0
        self.rules = self.sources[self.source][1]
        self.page = 0
        self.refused: dict[tuple[str, Any], str] = {}
        """Each (option, value) the engine refuses with the others as they are: why."""
        self.shown: dict[tuple[str, Any], str] = {}
        """The last figure priced for each (option, value), kept to show greyed while it is re-priced."""
        self.edge_shown = ""
        self.edge_fresh = False
        self.effects: Effects | None = None
        self.name = TextField(
            "name", pygame.Rect(330, 648, 380, 44), placeholder=_("Name this table"),
            limit=MAX_NAME_LENGTH + 20,
        )
        self.name.text = "" if self.sources[self.source][0] in preset_ids() else self.rules.name
        self.message = broken_note(found_tables.broken) or ""
        """The last change's refusal, a save's outcome, or saved tables left out because they do not load."""
        self.message_ok = False
        self.time = 0.0
        self.buttons = ButtonRow()
        self.replacing: str | None = None
        """The name of the saved table a save would replace while the editor asks first, else None."""
        asked = layout.confirm_button_rects()
        self.question = ButtonRow(
            [
                Button("replace", N_("Replace"), asked["yes"], IntentKind.CLICK,
                       tooltip=N_("Save these rules over the saved table")),
                Button("cancel", N_("Cancel"), asked["no"], IntentKind.BACK,
                       tooltip=N_("Keep the saved table as it is (Enter or Esc)")),
            ]
        )
        self._build()

    # ---- the controls ----------------------------------------------------------------------

    def _build(self) -> None:
        """Buttons for the start chooser, the page tabs, this page's options, Save and Back."""
        made = [
            Button("source-", "<", pygame.Rect(330, 88, 44, 44), IntentKind.CLICK,
                   tooltip=N_("Start from the previous preset or saved table")),
            Button("source+", ">", pygame.Rect(800, 88, 44, 44), IntentKind.CLICK,
                   tooltip=N_("Start from the next preset or saved table")),
            Button("save", N_("Save"), pygame.Rect(722, 648, 120, 44), IntentKind.CLICK,
                   tooltip=N_("Save these rules as a table under this name (Enter)")),
            Button("back", N_("Back"), pygame.Rect(1090, 644, 150, 52), IntentKind.BACK,
                   tooltip=N_("Back (Esc)")),
        ]
        for i, (title, _options) in enumerate(PAGES):
            rect = TAB.move(0, i * (TAB.h + 8))
            tip = _("The rules of {heading}").format(heading=_(title).lower())
            made.append(Button(f"page{i}", _(title), rect, IntentKind.CLICK, tooltip=tip))
        written = _written(self.rules)
        for row, option in enumerate(_rows(self.page, written)):
            if option not in STEPPED and option not in CHOICES:
                continue
            y = PANEL.y + row * ROW_H + 28
            if option in STEPPED:
                for side, arrow, x in (("-", "<", 14), ("+", ">", 224)):
                    rect = pygame.Rect(PANEL.x + x, y, 44, 40)
                    made.append(Button(f"{option}{side}", arrow, rect, IntentKind.CLICK))
                continue
            for i, value in enumerate(CHOICES[option]):
                rect = pygame.Rect(PANEL.x + 14 + i * 150, y, 138, 40)
                made.append(Button(f"{option}={i}", value_words(option, value), rect, IntentKind.CLICK))
        self.buttons.buttons = made
        self._sync()

    def _target(self, name: str) -> tuple[str, Any] | None:
        """The (option, value) an option's button would set, or None for other buttons."""
        written = _written(self.rules)
        if "=" in name:
            option, index = name.split("=")
            return option, CHOICES[option][int(index)]
        option = name[:-1]
        if option not in STEPPED:
            return None
        steps = _steps(option, written[option])
        at = steps.index(written[option]) + (1 if name.endswith("+") else -1)
        return (option, steps[at]) if 0 <= at < len(steps) else None

    def _sync(self) -> None:
        """Ask the engine which values it refuses now, and enable the buttons to match."""
        self.refused = {}
        written = _written(self.rules)
        for page in range(len(PAGES)):
            for option in _rows(page, written):
                steps = _steps(option, written[option]) if option in STEPPED else None
                for value in steps or CHOICES.get(option, ()):
                    if value != written[option]:
                        try:
                            _apply(self.rules, option, value)
                        except RulesError as error:
                            self.refused[(option, value)] = error.words
        for button in self.buttons.buttons:
            target = self._target(button.name)
            if target is None:
                if button.name[:-1] in STEPPED:
                    button.enabled, button.tooltip = False, _("No further value")
                continue
            reason = self.refused.get(target)
            button.enabled = reason is None
            button.tooltip = (
                _("Not allowed: {reason}").format(reason=reason) if reason
                else _("{option}: {value}").format(option=_(_help(target[0]).label),
                                                   value=value_words(*target))
            )

    # ---- changes ---------------------------------------------------------------------------

    def choose(self, option: str, value: Any) -> None:
        """Set one option (the engine refuses a contradiction: nothing changes, and the reason shows)."""
        try:
            self.rules = _apply(self.rules, option, value)
        except RulesError as error:
            self.message, self.message_ok = error.words, False
            return
        self.message = ""
        self._build()  # a tournament switched on or off adds or takes away its rows

    def step_source(self, step: int) -> None:
        """Start again from the previous or next preset or saved table."""
        self.source = (self.source + step) % len(self.sources)
        source, self.rules = self.sources[self.source]
        self.name.text = "" if source in preset_ids() else self.rules.name
        self.message = ""
        self._build()  # a tournament's rows come or go with the rules started from

    def save(self, *, replace: bool = False) -> None:
        """Save the rules under the typed name; the engine's sentence shows in place when it cannot.

        A table already saved under the name is replaced only with `replace`; otherwise the
        editor asks first.
        """
        folder = self.ctx.tables
        if folder is None:
            self.message = _("This game keeps no data folder, so tables cannot be saved.")
            self.message_ok = False
            return
        try:
            if not replace and table_path(folder, self.name.text).exists():
                self.replacing = table_path(folder, self.name.text).stem
                self.message = ""
                return
            path = save_table(folder, self.name.text, self.rules)
        except BlackjackError as error:
            self.message, self.message_ok = str(error), False
            return
        saved = load_rules(path)
        self.sources = [s for s in self.sources if s[0] != str(path)] + [(str(path), saved)]
        self.source, self.rules = len(self.sources) - 1, saved
        self.name.text = saved.name
        self.name.focus(False)
        if saved.tournament is None:
            self.ctx.change_settings(self.ctx.settings.with_changes(rules=str(path)))
            self.message = _("Saved \u201c{name}\u201d: it is chosen for the next table.").format(
                name=saved.name)
        else:
            self.message = _(
                "Saved \u201c{name}\u201d, a tournament: not chosen for the next table;"
                " play it from Double-up on the title."
            ).format(name=saved.name)
        self.message_ok = True
        self._sync()

    # ---- the scene -------------------------------------------------------------------------

    @property
    def wants_text(self) -> bool:
        """Letters type the name while its field has the focus."""
        return self.name.focused

    @property
    def busy(self) -> bool:
        """Pricing the house edge of these rules (captures and tests wait for it; what each option is
        worth fills in as it comes, as it does for a player)."""
        return not self.ctx.odds.analysis(self.rules).done()

    def handle_event(self, intent: Intent) -> bool:
        """Clicks on the controls; typing, and Enter to save; Esc leaves the name field, then the editor."""
        kind = intent.kind
        if self.replacing is not None:
            self.answer(intent)
            return True
        if kind is IntentKind.POINT:
            self.buttons.point(intent.pos)
            return True
        if kind is IntentKind.CLICK:
            self.click(intent.pos)
            return True
        if kind is IntentKind.TEXT and self.name.focused and intent.text:
            self.name.type(intent.text)
            self.message = ""
            return True
        if kind is IntentKind.CLEAR and self.name.focused:
            self.name.erase()
            return True
        if kind is IntentKind.SELECT_ALL and self.name.focused:
            self.name.select_all()
            return True
        if kind is IntentKind.CONFIRM:
            self.save()
            return True
        if kind is IntentKind.BACK:
            if self.name.focused:
                self.name.focus(False)
            else:
                self.close()
            return True
        return True

    def answer(self, intent: Intent) -> None:
        """"Save over it?" takes every intent: Replace saves; Cancel, Enter and Esc keep the file as it is."""
        if intent.kind is IntentKind.POINT:
            self.question.point(intent.pos)
            return
        if intent.kind is IntentKind.CLICK:
            button = self.question.clicked(intent.pos)
            if button is None:
                return
            self.ctx.sounds.play("button", 0.5)
            if button.name == "replace":
                self.replacing = None
                self.save(replace=True)
                return
        elif intent.kind not in (IntentKind.CONFIRM, IntentKind.BACK):
            return
        self.message = _("Not saved: \u201c{name}\u201d is kept as it was.").format(name=self.replacing)
        self.message_ok = False
        self.replacing = None

    def click(self, pos: tuple[int, int] | None) -> None:
        """What a click does: the name field takes the focus, a button acts."""
        self.name.focus(self.name.hit(pos))
        button = self.buttons.clicked(pos)
        if button is None:
            return
        self.ctx.sounds.play("button", 0.5)
        name = button.name
        if name == "back":
            self.close()
        elif name == "save":
            self.save()
        elif name.startswith("source"):
            self.step_source(1 if name.endswith("+") else -1)
        elif name.startswith("page"):
            self.page = int(name.removeprefix("page"))
            self._build()
        else:
            target = self._target(name)
            if target is not None:
                self.choose(*target)

    def exit(self) -> None:
        """Price nothing more for the editor."""
        if self.effects is not None:
            self.effects.stop()

    def update(self, dt: float) -> None:
        """Ask the odds worker for these rules' figures and keep those priced so far (never waits)."""
        self.time += dt
        self.buttons.update(dt)
        self.question.update(dt)
        odds = self.ctx.odds
        job = odds.analysis(self.rules)
        self.edge_fresh = job.done() and job.value is not None
        if job.value is not None:
            self.edge_shown = percent(job.value.house_edge, 3)
        priced = tuple(option for option in PAGES[self.page][1] if option in priced_options())
        self.effects = odds.effects(self.rules, priced)
        for key, effect in list(self.effects.found.items()):
            if effect.house_edge_change is not None:
                self.shown[key] = _change(effect.house_edge_change)

    def edge_text(self) -> tuple[str, bool]:
        """The house edge as shown, and whether it is for these rules (False: the last one, greyed)."""
        if self.edge_fresh:
            return self.edge_shown, True
        return (f"{self.edge_shown} …" if self.edge_shown else _(COMPUTING)), False

    def effect_text(self, option: str, value: Any) -> tuple[str, bool]:
        """What changing to this value would do to the house edge, and whether the figure is current."""
        if option not in priced_options():
            return "", True
        effect = self.effects.found.get((option, value)) if self.effects is not None else None
        if effect is not None and effect.house_edge_change is not None:
            return _change(effect.house_edge_change), True
        if effect is not None:
            return _("not allowed"), True
        # TRANSLATORS: beside an option whose effect on the house edge is being worked out
        shown = self.shown.get((option, value)) or _("pricing")
        return f"{shown} …", False

    def draw(self, surface: pygame.Surface) -> None:
        """The page: the header, the tabs, the options of the chosen heading, the name and the buttons."""
        a = self.ctx.assets
        surface.fill(BACKGROUND)
        surface.blit(a.text(_("RULES EDITOR"), 34, GOLD, bold=True), (40, 26))
        surface.blit(a.text(_("Start from"), 18, CREAM), (330, 66))
        source_name = self.sources[self.source][1].name
        start = self.sources[self.source][1]
        changed = self.rules.name != start.name or not plays_alike(self.rules, start)
        shown = _("{name} (changed)") if changed else "{name}"
        label = a.text(shown.format(name=source_name), 24, (255, 255, 255), bold=True)
        surface.blit(label, label.get_rect(center=(587, 110)))
        edge, fresh = self.edge_text()
        surface.blit(a.text(_("House edge with basic strategy"), 18, CREAM), (900, 66))
        surface.blit(a.text(edge, 40, (255, 255, 255) if fresh else GREY, bold=True), (900, 88))
        tab = TAB.move(0, self.page * (TAB.h + 8)).inflate(8, 8)
        pygame.draw.rect(surface, GOLD, tab, 3, border_radius=10)
        pygame.draw.rect(surface, (12, 28, 22), PANEL.inflate(16, 16), border_radius=12)
        self._draw_options(surface)
        self.name.draw(surface, a, self.time)
        if self.message:
            color = GREEN if self.message_ok else RED
            surface.blit(a.text(self.message, 17, color, bold=True), (330, 698))
        self.buttons.draw(surface, a)
        if self.replacing is not None:
            self._draw_question(surface)

    def _draw_question(self, surface: pygame.Surface) -> None:
        """"A table named X exists. Save over it?" over the dimmed editor, with Replace and Cancel."""
        a = self.ctx.assets
        draw_veil(surface, 140)
        panel = layout.dialog_rect()
        draw_panel(surface, panel)
        lines = (_("A table named \u201c{name}\u201d exists.").format(name=self.replacing),
                 _("Save over it?"))
        for i, line in enumerate(lines):
            label = a.text(line, 26, CREAM, bold=True)
            surface.blit(label, label.get_rect(midtop=(panel.centerx, panel.y + 50 + i * 40)))
        self.question.draw(surface, a)

    def _draw_options(self, surface: pygame.Surface) -> None:
        a = self.ctx.assets
        written = _written(self.rules)
        for row, option in enumerate(_rows(self.page, written)):
            y = PANEL.y + row * ROW_H
            surface.blit(a.text(_help_line(option), 19, CREAM, bold=True), (PANEL.x + 14, y))
            if option not in priced_options():
                same = a.text(_("the same house edge either way"), 17, GREY)
                surface.blit(same, same.get_rect(topright=(PANEL.right - 10, y + 2)))
            if option in STEPPED:
                self._draw_stepper(surface, option, written[option], y + 28)
                right = PANEL.x + 290
            else:
                for i, value in enumerate(CHOICES[option]):
                    rect = pygame.Rect(PANEL.x + 14 + i * 150, y + 28, 138, 40)
                    if value == written[option]:
                        pygame.draw.rect(surface, GOLD, rect.inflate(6, 6), 3, border_radius=10)
                    else:
                        self._draw_effect(surface, option, value, rect)
                right = PANEL.x + 14 + len(CHOICES[option]) * 150 + 8
            self._draw_refusal(surface, option, pygame.Rect(right, y + 26, PANEL.right - 12 - right, 60))

    def _draw_refusal(self, surface: pygame.Surface, option: str, box: pygame.Rect) -> None:
        """Why a value of this option is not allowed (the first one refused), beside its controls."""
        if option in STEPPED:
            near = [self._target(f"{option}{side}") for side in "-+"]
            reasons = [self.refused[target] for target in near if target in self.refused]
        else:
            reasons = [reason for (refused, _), reason in self.refused.items() if refused == option]
        if not reasons or box.w < 120:
            return
        refusal = _("Not allowed: {reason}").format(reason=reasons[0])
        for i, line in enumerate(wrap(self.ctx.assets, refusal, 17, box.w)[:3]):
            surface.blit(self.ctx.assets.text(line, 17, RED, bold=True), (box.x, box.y + i * 19))

    def _draw_stepper(self, surface: pygame.Surface, option: str, value: Any, y: int) -> None:
        a = self.ctx.assets
        shown = a.text(value_words(option, value), 24, (255, 255, 255), bold=True)
        surface.blit(shown, shown.get_rect(center=(PANEL.x + 141, y + 20)))
        for side in "-+":
            target = self._target(f"{option}{side}")
            if target is not None:
                self._draw_effect(surface, *target, self.buttons.by_name(f"{option}{side}").rect)

    def _draw_effect(self, surface: pygame.Surface, option: str, value: Any, rect: pygame.Rect) -> None:
        if (option, value) in self.refused:
            text, color = _("not allowed"), RED
        else:
            text, fresh = self.effect_text(option, value)
            color = (255, 255, 255) if fresh else GREY
        if text:
            label = self.ctx.assets.text(text, 18, color, bold=True)
            surface.blit(label, label.get_rect(midtop=(rect.centerx, rect.bottom + 3)))
