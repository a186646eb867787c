"""The table setup: 1 to 7 seats (a person, a bot or empty), the rules with every option and the
house edge, and the buy-in per person.

People are profiles by name: the saved players are listed and a click seats one with their
color and coach level. A person's Count button opens their counting settings and bet ramp
(saved to their profile, made then if new). The "..." end of a saved player's chip (or a right
click on it) opens a dialog to rename the profile or delete it; a delete asks first, Cancel
being the default.
The house edge comes from the odds engine on its worker and reads "computing…" until it is
ready. Play remembers the choices and opens the table.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import pygame

from engine import BlackjackError, Money, Rules, load_rules, preset_ids
from engine.errors import as_sentence
from engine.i18n import N_, _, money, pgettext
from engine.rule_words import description_words
from engine.tables import broken_note, find_tables
from game import layout
from game.background import Job
from game.context import GameContext
from game.intents import Intent, IntentKind
from game.scene import Go, Scene, SceneName
from game.scenes.text import GREY, RED, history_notice, rules_by_heading
from game.seats import (
    BOT_BLURBS,
    BOT_LABELS,
    COACH_LEVELS,
    MAX_SEATS,
    PALETTE,
    SeatsError,
    SeatSpec,
    color_from_hex,
    color_hex,
    parse_seats,
    seats_text,
)
from game.widgets import (
    CREAM,
    GOLD,
    Button,
    ButtonRow,
    PlacedLine,
    TextField,
    draw_lines,
    draw_notice,
    draw_panel,
    draw_tooltip,
    flow_groups,
    wrap,
)

if TYPE_CHECKING:
    from engine.store import Profile

KINDS: tuple[str, ...] = ("person", "basic", "counter", "novice", "empty")
"""What a seat row cycles through, in order."""

KIND_LABELS = {"person": N_("Person"), "empty": N_("Empty"), **BOT_LABELS}

BUY_INS: tuple[Money, ...] = (10_000, 25_000, 50_000, 100_000, 250_000, 500_000, 1_000_000)
"""The buy-ins on offer, in cents."""

DIALOG_BUTTONS: dict[str, tuple[str, ...]] = {
    "menu": ("rename", "delete", "close"),
    "rename": ("cancel", "save"),
    "delete": ("confirm", "cancel"),
}
"""The buttons the rename and delete dialog shows in each mode, left to right; the last is Enter's."""

HANDLE_W = 30
"""Width of the "..." end of a saved player's chip, which opens the rename and delete dialog."""


@dataclass
class Row:
    """One seat row being set up."""

    kind: str
    field: TextField
    color: int
    coach: int = 0
    looks_touched: bool = False
    """Whether color or coach were chosen here (else a saved profile's are taken)."""


def deletion_text(profile: Profile) -> str:
    """What the delete confirmation says happens to a person's profile and history."""
    return _(
        "{name}'s profile, bankroll ({bankroll}), statistics and tournament results"
        " will be removed. The rounds {name} played stay in the table's history and replays, under the"
        " name they were played with. This cannot be undone."
    ).format(name=profile.name, bankroll=money(profile.bankroll))


class ProfileEditor:
    """The dialog over the setup that renames or deletes one saved player.

    It opens on a menu (Rename, Delete, Close). Rename shows the name selected in a field:
    Enter saves, Esc cancels, and a refusal is shown in place. Delete asks first, saying what
    happens to the history; Cancel is the default (Enter and Esc), so only a second click on
    Delete deletes. The store work runs on the records worker; `closed` and `outcome` tell the
    scene when it is over and what changed.
    """

    def __init__(self, ctx: GameContext, profile: Profile) -> None:
        from engine.store.profiles import NAME_MAX

        self.ctx = ctx
        self.profile = profile
        self.mode = "menu"
        r = layout.profile_dialog_rects()
        self.field = TextField("rename", r["field"], text=profile.name, limit=NAME_MAX)
        self.message = ""
        self.refused = False
        """Whether `message` is the store's refusal (drawn as an error) rather than a hint."""
        self.job: Job[Profile | None] | None = None
        self.closed = False
        self.outcome: tuple[str, str | None] | None = None
        """After a change: the old name and the new one (None when the profile was deleted)."""
        self.buttons = ButtonRow(
            [
                Button("rename", N_("Rename…"), r["left"], IntentKind.CLICK,
                       tooltip=_("Rename {name}").format(name=profile.name)),
                Button("delete", N_("Delete…"), r["middle"], IntentKind.CLICK,
                       tooltip=_("Delete {name}").format(name=profile.name)),
                Button("close", N_("Close"), r["right"], IntentKind.BACK, tooltip=N_("Close (Esc)")),
                Button("save", N_("Save"), r["right"], IntentKind.CONFIRM,
                       tooltip=N_("Save the name (Enter)")),
                Button("confirm", N_("Delete"), r["middle"], IntentKind.CLICK,
                       tooltip=_("Delete {name}").format(name=profile.name)),
                Button("cancel", N_("Cancel"), r["right"], IntentKind.BACK,
                       tooltip=N_("Keep everything (Esc)")),
            ]
        )
        self._sync()

    @property
    def busy(self) -> bool:
        """Waiting for the store to rename or delete."""
        return self.job is not None and not self.job.done()

    def _sync(self) -> None:
        r = layout.profile_dialog_rects()
        for button in self.buttons.buttons:
            button.visible = button.name in DIALOG_BUTTONS[self.mode]
            button.enabled = not self.busy and not (button.name == "confirm" and self.refused)
        cancel = self.buttons.by_name("cancel")
        cancel.rect = r["middle"] if self.mode == "rename" else r["right"]
        cancel.tooltip = (
            _("Keep the name (Esc)") if self.mode == "rename" else _("Keep everything (Enter or Esc)")
        )

    def handle(self, intent: Intent) -> None:
        """Clicks on the buttons and the field, typing into the name, Enter for the default, Esc to cancel."""
        kind = intent.kind
        if kind is IntentKind.POINT:
            self.buttons.point(intent.pos)
        elif kind is IntentKind.CLICK:
            if self.mode == "rename" and self.field.hit(intent.pos):
                self.field.focus()
                return
            button = self.buttons.clicked(intent.pos)
            if button is not None:
                self.ctx.sounds.play("button", 0.5)
                self.press(button.name)
        elif kind is IntentKind.TEXT and self.mode == "rename" and intent.text:
            self.field.type(intent.text)
            self.message, self.refused = "", False
        elif kind is IntentKind.CLEAR and self.mode == "rename":
            self.field.erase()
            self.message, self.refused = "", False
        elif kind is IntentKind.SELECT_ALL and self.mode == "rename":
            self.field.select_all()
        elif kind is IntentKind.CONFIRM:
            self.press(DIALOG_BUTTONS[self.mode][-1])
        elif kind is IntentKind.BACK:
            self.press("cancel")

    def press(self, name: str) -> None:
        """A button by name (tests press them too); nothing while the store is working."""
        records = self.ctx.records
        if self.busy or records is None:
            return
        if name == "rename":
            self.mode = "rename"
            self.field.text = self.profile.name
            self.field.focus()
            self.message, self.refused = _("Enter saves, Esc cancels."), False
        elif name == "delete":
            self.mode, self.message, self.refused = "delete", "", False
        elif name in ("close", "cancel"):
            self.closed = True
        elif name == "save":
            self.job = records.rename_profile(self.profile.name, self.field.text)
            self.message, self.refused = _("Saving…"), False
        elif name == "confirm":
            self.job = records.delete_profile(self.profile.name)
            self.message, self.refused = _("Deleting…"), False
        self._sync()

    def update(self, dt: float) -> None:
        """Age the buttons' flashes; take the store's answer when it comes."""
        self.buttons.update(dt)
        job = self.job
        if job is None or not job.done():
            return
        self.job = None
        if job.error is not None:
            self.message, self.refused = as_sentence(job.error), True
        else:
            changed = job.value  # None only when nothing is saved, and then nothing changed
            if changed is not None:
                self.outcome = (self.profile.name, changed.name if self.mode == "rename" else None)
            self.closed = True
        self._sync()

    def draw(self, surface: pygame.Surface, clock: float) -> None:
        """The dimmed setup, the panel, and what the mode shows."""
        a = self.ctx.assets
        r = layout.profile_dialog_rects()
        surface.fill((104, 104, 104), special_flags=pygame.BLEND_RGB_MULT)  # the setup, dimmed
        draw_panel(surface, r["panel"])
        name = self.profile.name
        title = {"menu": name, "rename": _("Rename {name}").format(name=name),
                 "delete": _("Delete {name}?").format(name=name)}[self.mode]
        surface.blit(a.text(title, 32, GOLD, bold=True), r["title"].topleft)
        if self.mode == "rename":
            self.field.draw(surface, a, clock)
            self._draw_lines(surface, self.message, r["message"], RED if self.refused else GREY)
        else:
            body = (
                _("Bankroll {bankroll}. Rename this player, or delete the profile.").format(
                    bankroll=money(self.profile.bankroll))
                if self.mode == "menu"
                else deletion_text(self.profile)
            )
            if self.refused:
                body = self.message
            elif self.message:
                body = f"{body} {self.message}"
            self._draw_lines(surface, body, r["text"], RED if self.refused else CREAM)
        default = self.buttons.by_name(DIALOG_BUTTONS[self.mode][-1])
        if default.visible:
            pygame.draw.rect(surface, GOLD, default.rect.inflate(10, 10), 3, border_radius=14)
        self.buttons.draw(surface, a)

    def _draw_lines(
        self, surface: pygame.Surface, text: str, box: pygame.Rect, color: tuple[int, int, int]
    ) -> None:
        a = self.ctx.assets
        step = a.font(22, True).get_linesize()
        for i, line in enumerate(wrap(a, text, 22, box.w)[: max(1, box.h // step)]):
            surface.blit(a.text(line, 22, color, bold=True), (box.x, box.y + i * step))


class SetupScene(Scene):
    """Choose who sits where, the rules and the buy-in; Play opens the table."""

    def __init__(self, ctx: GameContext) -> None:
        super().__init__()
        self.ctx = ctx
        settings = ctx.settings
        self.presets = ctx.table_rules_ids()
        self.rows: list[Row] = []
        for i in range(MAX_SEATS):
            field = TextField(f"name{i}", layout.setup_row_rects(i)["name"], placeholder=_("Type a name"))
            self.rows.append(Row("person" if i == 0 else "empty", field, i))
        self.count = 1
        try:
            specs = parse_seats(settings.seats) if settings.seats else []
        except SeatsError:
            specs = []
        for i, spec in enumerate(specs):
            row = self.rows[i]
            row.kind = spec.bot if spec.kind == "bot" else spec.kind
            row.field.text = spec.name
            row.coach = spec.coach
        self.count = max(1, len(specs))
        self.buy_in = settings.buy_in if settings.buy_in in BUY_INS else 100_000
        self.rules_id = settings.rules
        self.stepped = settings.rules
        """The rules last chosen here, played or refused: stepping goes on from it."""
        self.paused_rules = settings.rules
        self.rules: Rules | None = None
        self._words: tuple[Rules, list[PlacedLine]] | None = None
        self.rules_error: str | None = None
        self.file = TextField(
            "file", layout.setup_rects()["file"], placeholder=_("or a rules file: path/to/rules.toml"),
            limit=300,
        )
        if self.rules_id not in self.presets:
            self.file.text = self.rules_id if self.rules_id not in preset_ids() else ""
        self._load_rules(self.rules_id, quiet=True)
        self.error = ""
        self._note_broken_tables()
        self.edge = ""
        self.focus: TextField | None = None
        self.profiles_job: Job[list[Any]] | None = None
        self.listed: Job[list[Any]] | None = None
        """The listing `saved` was taken from (a rename or delete asks for a new one)."""
        self.saved: list[Any] = []
        self.editor: ProfileEditor | None = None
        self.chips: list[tuple[pygame.Rect, Any]] = []
        self.time = 0.0
        self.leaving: Go | None = None
        self.quit = False
        r = layout.setup_rects()
        self.buttons = ButtonRow(
            [
                Button("seats-", "<", r["seats-"], IntentKind.CLICK, tooltip=N_("Fewer seats")),
                Button("seats+", ">", r["seats+"], IntentKind.CLICK, tooltip=N_("More seats")),
                Button("buyin-", "<", r["buyin-"], IntentKind.CLICK, tooltip=N_("A smaller buy-in")),
                Button("buyin+", ">", r["buyin+"], IntentKind.CLICK, tooltip=N_("A bigger buy-in")),
                Button("rules-", "<", r["rules-"], IntentKind.CLICK,
                       tooltip=N_("The previous preset or table")),
                Button("rules+", ">", r["rules+"], IntentKind.CLICK, tooltip=N_("The next preset or table")),
                Button("load", N_("Load"), r["load"], IntentKind.CLICK, tooltip=N_("Load the rules file")),
                Button("edit", N_("Edit rules"), r["edit"], IntentKind.CLICK,
                       tooltip=N_("Shape these rules option by option and save them as a table")),
                Button("back", N_("Back"), r["back"], IntentKind.BACK, tooltip=N_("Back to the title (Esc)")),
                Button("play", N_("Play"), r["play"], IntentKind.CONFIRM,
                       tooltip=N_("Open the table (Enter)")),
            ]
        )
        for i in range(MAX_SEATS):
            rects = layout.setup_row_rects(i)
            coach, count = coach_and_count_rects(rects["coach"])
            self.buttons.buttons += [
                Button(f"kind{i}", "", rects["kind"], IntentKind.CLICK,
                       tooltip=N_("Person, a bot, or empty")),
                Button(f"color{i}", "", rects["color"], IntentKind.CLICK, tooltip=N_("This person's color")),
                Button(
                    f"coach{i}",
                    "",
                    coach,
                    IntentKind.CLICK,
                    tooltip=N_("Coach: off, says when a play was a mistake, or shows the play first"),
                ),
                # TRANSLATORS: a small button opening a person's counting settings; keep it very short
                Button(f"count{i}", pgettext("button", "Count"), count, IntentKind.CLICK,
                       tooltip=N_("This person's count system and bet ramp")),
            ]
        self._sync_buttons()

    # ---- lifecycle ---------------------------------------------------------------------

    def pause(self) -> None:
        """The rules editor may open over the setup: note the rules chosen in the settings."""
        self.paused_rules = self.ctx.settings.rules

    def resume(self) -> None:
        """Back from the rules editor or the counting screen: list the tables and players saved there, and
        choose the table it saved."""
        self.presets = self.ctx.table_rules_ids()
        self.profiles_job = None  # the counting screen may have saved a new player: list them again
        if self.ctx.settings.rules != self.paused_rules:
            self._load_rules(self.ctx.settings.rules)
            self.file.text = ""
        self._note_broken_tables()

    def enter(self) -> None:
        """Ask for the saved players (in the background)."""
        records = self.ctx.records
        if records is not None:
            records.start()

    @property
    def wants_text(self) -> bool:
        """Letters are typing while a name or the file field has the focus, or a saved player is renamed."""
        return self.focus is not None or (self.editor is not None and self.editor.mode == "rename")

    @property
    def busy(self) -> bool:
        """Waiting for the saved players or for a rename or delete."""
        listing = self.profiles_job is not None and not self.profiles_job.done()
        return listing or (self.editor is not None and self.editor.busy)

    # ---- rules -------------------------------------------------------------------------

    def _note_broken_tables(self) -> None:
        """Say which saved tables are left out of the rules offered because they do not load."""
        note = broken_note(find_tables(self.ctx.tables).broken)
        if note and not self.error:
            self.error = note

    def _load_rules(self, rules_id: str, *, quiet: bool = False) -> bool:
        self.stepped = rules_id
        try:
            rules = load_rules(rules_id)
        except BlackjackError as error:
            self.rules_error = _("Could not load {rules_id}: {error}").format(
                rules_id=repr(rules_id), error=error)
            if not quiet:
                self.error = self.rules_error
            return False
        if rules.tournament is not None:
            self.rules_error = _(
                "\u201c{name}\u201d is a tournament table: a table opened here has no tournament;"
                " play it from Double-up on the title screen."
            ).format(name=rules.name)
            if not quiet:
                self.error = self.rules_error
            return False
        self.rules, self.rules_id, self.rules_error = rules, rules_id, None
        self.error = ""
        return True

    def step_rules(self, step: int) -> None:
        """The previous or next preset or saved table (from one refused here too, so it is stepped past)."""
        index = self.presets.index(self.stepped) if self.stepped in self.presets else -1
        self._load_rules(self.presets[(index + step) % len(self.presets)])
        self.file.text = ""

    def load_file(self) -> None:
        """Load the rules file named in the field."""
        path = self.file.text.strip()
        if not path:
            self.error = _("Type the path of a rules file first.")
            return
        if self._load_rules(path):
            self._focus(None)

    # ---- seats -------------------------------------------------------------------------

    def cycle_kind(self, row: int, step: int = 1) -> None:
        """The next kind for a seat row: person, basic, counter, novice, empty."""
        r = self.rows[row]
        r.kind = KINDS[(KINDS.index(r.kind) + step) % len(KINDS)]
        if r.kind != "person" and self.focus is r.field:
            self._focus(None)
        self._sync_buttons()

    def set_count(self, count: int) -> None:
        """How many seats the table has (1 to 7); a new seat starts as a person."""
        count = max(1, min(MAX_SEATS, count))
        for i in range(self.count, count):
            if self.rows[i].kind == "empty":
                self.rows[i].kind = "person"
        self.count = count
        if self.focus is not None and self.focus not in [r.field for r in self.rows[:count]] + [self.file]:
            self._focus(None)
        self._sync_buttons()

    def _focus(self, field: TextField | None) -> None:
        if self.focus is not None:
            self.focus.focus(False)
        self.focus = field
        if field is not None:
            field.focus()

    def next_field(self) -> None:
        """Tab: the next person's name field."""
        fields = [r.field for r in self.rows[: self.count] if r.kind == "person"]
        if not fields:
            return
        index = fields.index(self.focus) if self.focus in fields else -1
        self._focus(fields[(index + 1) % len(fields)])

    def seat_profile(self, profile: Any) -> None:
        """A saved player's name (with their color and coach) into the focused or first free person row."""
        rows = [r for r in self.rows[: self.count] if r.kind == "person"]
        names = [r.field.text.casefold() for r in rows]
        if profile.name.casefold() in names:
            self.error = _("{name} already has a seat.").format(name=profile.name)
            return
        target = next((r for r in rows if r.field is self.focus), None) or next(
            (r for r in rows if not r.field.text.strip()), None
        )
        if target is None:
            if self.count < MAX_SEATS:
                self.set_count(self.count + 1)
                target = self.rows[self.count - 1]
                target.kind = "person"
            else:
                self.error = _("Every seat is taken.")
                return
        target.field.text = profile.name
        target.coach = min(profile.coach_level, len(COACH_LEVELS) - 1)
        self._take_color(target, profile)
        self.error = ""
        self._sync_buttons()

    def open_counting(self, row: int) -> None:
        """A person's counting settings and bet ramp, priced at the rules chosen here (pushed over it)."""
        from engine.store.profiles import normalize_name

        r = self.rows[row]
        try:
            name = normalize_name(r.field.text)
        except BlackjackError:
            self.error = _("Seat {seat}: type the person's name first, then choose Count.").format(
                seat=row + 1)
            self._focus(r.field)
            return
        if self.stack is None:
            return
        self.stack.push(Go(
            SceneName.COUNTING, names=[name], rules_id=self.rules_id if self.rules is not None else None,
            bankroll=self.buy_in, color=color_hex(PALETTE[r.color]), coach=r.coach,
        ))

    def edit_profile(self, profile: Profile) -> None:
        """Open the dialog that renames or deletes a saved player."""
        self._focus(None)
        self.error = ""
        self.editor = ProfileEditor(self.ctx, profile)

    def _apply_edit(self, old: str, new: str | None) -> None:
        """After a rename (or a delete, `new` None): seats and the remembered seats follow the profile."""
        for row in self.rows:
            if " ".join(row.field.text.split()).casefold() == old.casefold():
                row.field.text = new or ""
        settings = self.ctx.settings
        try:
            remembered = parse_seats(settings.seats) if settings.seats else []
        except SeatsError:
            return
        changed = [
            (SeatSpec("empty") if new is None else spec.with_changes(name=new))
            if spec.kind == "person" and spec.name.casefold() == old.casefold()
            else spec
            for spec in remembered
        ]
        if changed != remembered:
            self.ctx.change_settings(settings.with_changes(seats=seats_text(changed)))

    @staticmethod
    def _take_color(row: Row, profile: Any) -> None:
        color = color_from_hex(profile.color, PALETTE[row.color])
        row.color = PALETTE.index(color) if color in PALETTE else row.color

    def specs(self) -> list[SeatSpec] | None:
        """The seats as chosen, or None with `error` saying what is wrong."""
        from engine.store.profiles import normalize_name

        specs: list[SeatSpec] = []
        seen: set[str] = set()
        for i, row in enumerate(self.rows[: self.count]):
            if row.kind == "empty":
                specs.append(SeatSpec("empty"))
            elif row.kind != "person":
                specs.append(SeatSpec("bot", bot=row.kind))
            else:
                try:
                    name = normalize_name(row.field.text)
                except BlackjackError as error:
                    self.error = _("Seat {seat}: {reason}").format(seat=i + 1, reason=as_sentence(error))
                    self._focus(row.field)
                    return None
                if name.casefold() in seen:
                    self.error = _("Seat {seat}: {name} already has a seat; a person sits once.").format(
                        seat=i + 1, name=name)
                    self._focus(row.field)
                    return None
                seen.add(name.casefold())
                specs.append(SeatSpec("person", name=name, color=PALETTE[row.color], coach=row.coach))
        while specs and specs[-1].kind == "empty":
            specs.pop()
        if not specs:
            self.error = _("Nobody sits at the table: choose a person or a bot for a seat.")
            return None
        return specs

    def play(self) -> None:
        """Remember the choices and open the table."""
        if self.rules is None:
            self.error = self.rules_error or _("Choose the rules first.")
            return
        specs = self.specs()
        if specs is None:
            return
        ctx = self.ctx
        ctx.change_settings(
            ctx.settings.with_changes(seats=seats_text(specs), rules=self.rules_id, buy_in=self.buy_in)
        )
        self.leaving = Go(
            SceneName.OPENING,
            specs=specs,
            rules_id=self.rules_id,
            buy_in=self.buy_in,
            back=Go(SceneName.SETUP),  # a table that cannot open: back to a setup of these (saved) choices
        )

    # ---- input ---------------------------------------------------------------------------

    def handle_event(self, intent: Intent) -> bool:
        """Clicks on the controls, typing into the focused field, Enter to play, Esc to go back.

        While the rename and delete dialog is open, it takes all the input.
        """
        if self.editor is not None:
            self.editor.handle(intent)
            return True
        kind = intent.kind
        if kind is IntentKind.POINT:
            self.buttons.point(intent.pos)
            return True
        if kind in (IntentKind.CLICK, IntentKind.RIGHT_CLICK):
            self.click(intent.pos, forward=kind is IntentKind.CLICK)
            return True
        if kind is IntentKind.TEXT and self.focus is not None and intent.text:
            self.focus.type(intent.text)
            self.error = ""
            return True
        if kind is IntentKind.CLEAR and self.focus is not None:
            self.focus.erase()
            return True
        if kind is IntentKind.SELECT_ALL and self.focus is not None:
            self.focus.select_all()
            return True
        if kind is IntentKind.NEXT:
            self.next_field()
            return True
        if kind is IntentKind.CONFIRM:
            if self.focus is self.file:
                self.load_file()
            else:
                self.play()
            return True
        if kind is IntentKind.BACK:
            if self.focus is not None:
                self._focus(None)
            else:
                self.back()
            return True
        return False

    def back(self) -> None:
        """Back to the title."""
        self.leaving = Go(SceneName.TITLE)

    def click(self, pos: tuple[int, int] | None, *, forward: bool = True) -> None:
        """What a click does: a field takes the focus, a button acts, a saved player sits down (or, on the
        chip's "..." end or with a right click, opens the rename and delete dialog)."""
        for row in self.rows[: self.count]:
            if row.kind == "person" and row.field.hit(pos):
                self._focus(row.field)
                return
        if self.file.hit(pos):
            self._focus(self.file)
            return
        for rect, profile in self.chips:
            if pos is not None and rect.collidepoint(pos):
                self.ctx.sounds.play("button", 0.5)
                if forward and not chip_handle(rect).collidepoint(pos):
                    self.seat_profile(profile)
                else:
                    self.edit_profile(profile)
                return
        button = self.buttons.clicked(pos)
        if button is None:
            self._focus(None)
            return
        self.ctx.sounds.play("button", 0.5)
        self.press(button.name, 1 if forward else -1)

    def press(self, name: str, step: int = 1) -> None:
        """A button by name (tests and tools press them too)."""
        if name.startswith("kind"):
            self.cycle_kind(int(name[4:]), step)
        elif name.startswith("color"):
            row = self.rows[int(name[5:])]
            row.color = (row.color + step) % len(PALETTE)
            row.looks_touched = True
        elif name.startswith("count"):
            self.open_counting(int(name[5:]))
        elif name.startswith("coach"):
            row = self.rows[int(name[5:])]
            row.coach = (row.coach + step) % len(COACH_LEVELS)
            row.looks_touched = True
        elif name in ("seats-", "seats+"):
            self.set_count(self.count + (1 if name == "seats+" else -1))
        elif name in ("buyin-", "buyin+"):
            index = BUY_INS.index(self.buy_in) + (1 if name == "buyin+" else -1)
            self.buy_in = BUY_INS[max(0, min(len(BUY_INS) - 1, index))]
        elif name in ("rules-", "rules+"):
            self.step_rules(1 if name == "rules+" else -1)
        elif name == "load":
            self.load_file()
        elif name == "edit" and self.stack is not None:
            self.stack.push(Go(SceneName.RULES_EDITOR, rules_id=self.rules_id))
        elif name == "back":
            self.back()
        elif name == "play":
            self.play()
        self._sync_buttons()

    # ---- the frame ---------------------------------------------------------------------

    def _sync_buttons(self) -> None:
        for i, row in enumerate(self.rows):
            shown = i < self.count
            kind = self.buttons.by_name(f"kind{i}")
            kind.visible, kind.label = shown, _(KIND_LABELS[row.kind])
            person = shown and row.kind == "person"
            self.buttons.by_name(f"color{i}").visible = person
            coach = self.buttons.by_name(f"coach{i}")
            coach.visible, coach.label = person, _(COACH_LEVELS[row.coach])
            self.buttons.by_name(f"count{i}").visible = person
            row.field.visible = person
        self.buttons.by_name("seats-").enabled = self.count > 1
        self.buttons.by_name("seats+").enabled = self.count < MAX_SEATS
        self.buttons.by_name("buyin-").enabled = self.buy_in > BUY_INS[0]
        self.buttons.by_name("buyin+").enabled = self.buy_in < BUY_INS[-1]
        self.buttons.by_name("play").enabled = self.rules is not None

    def update(self, dt: float) -> None:
        """Poll the saved players and the house edge; leave when asked."""
        self.time += dt
        self.buttons.update(dt)
        ctx = self.ctx
        records = ctx.records
        editor = self.editor
        if editor is not None:
            editor.update(dt)
            if editor.closed:
                self.editor = None
                if editor.outcome is not None:
                    self._apply_edit(*editor.outcome)
                    self.profiles_job = None  # list the saved players again
        if records is not None and records.ready and self.profiles_job is None:
            self.profiles_job = records.profiles()
        listing = self.profiles_job
        if listing is not None and listing.done() and listing is not self.listed:
            self.listed = listing
            self.saved = list(listing.value or [])
            self._adopt_saved_looks()
            self._layout_chips()
        if self.rules is not None:
            self.edge = ctx.odds.edge_text(self.rules, browsing=True)
        if self.leaving is not None and self.stack is not None and not self.stack.changing:
            where, self.leaving = self.leaving, None
            self.stack.replace(where)

    def _adopt_saved_looks(self) -> None:
        """Rows naming a saved player take that player's color and coach (unless chosen here)."""
        known = {profile.name.casefold(): profile for profile in self.saved}
        for row in self.rows:
            profile = known.get(row.field.text.strip().casefold())
            if profile is not None and not row.looks_touched:
                row.coach = min(profile.coach_level, len(COACH_LEVELS) - 1)
                self._take_color(row, profile)
        self._sync_buttons()

    def _layout_chips(self) -> None:
        """Place the saved players' name chips in their box, as many as fit."""
        box = layout.setup_rects()["saved"]
        x, y = box.x + 150, box.y
        self.chips = []
        font = self.ctx.assets.font(18, True)
        for profile in self.saved:
            w = font.size(profile.name)[0] + 26 + HANDLE_W
            if x + w > box.right:
                x, y = box.x + 150, y + 40
                if y + 34 > box.bottom:
                    break
            self.chips.append((pygame.Rect(x, y, w, 34), profile))
            x += w + 8

    def draw(self, surface: pygame.Surface) -> None:
        """The setup over the veiled table."""
        ctx = self.ctx
        a = ctx.assets
        surface.blit(ctx.view.background(ctx.session.rules, ctx.presenter.positions), (0, 0))
        panel = layout.screen_panel_rect()
        draw_panel(surface, panel)
        r = layout.setup_rects()
        title = a.text(_("TABLE SETUP"), 40, GOLD, bold=True)
        surface.blit(title, (44, 34))
        self._draw_notice(surface, r["notice"])
        self._draw_seats(surface)
        self._draw_rules(surface, r)
        if self.error:
            lines = wrap(a, self.error, 19, r["error"].w)
            for i, line in enumerate(lines[:2]):
                label = a.text(line, 19, (255, 170, 150), bold=True)
                surface.blit(label, (r["error"].x, r["error"].y + i * 22))
        self.buttons.draw(surface, a)
        for i, row in enumerate(self.rows[: self.count]):
            row.field.draw(surface, a, self.time)
            if row.kind == "person":
                swatch = layout.setup_row_rects(i)["color"].inflate(-14, -14)
                pygame.draw.rect(surface, PALETTE[row.color], swatch, border_radius=6)
                pygame.draw.rect(surface, (255, 255, 255), swatch, 2, border_radius=6)
        self.file.draw(surface, a, self.time)
        self._draw_chip_tooltip(surface)
        if self.editor is not None:
            self.editor.draw(surface, self.time)

    def _draw_chip_tooltip(self, surface: pygame.Surface) -> None:
        """What a click on the saved player's chip under the pointer does."""
        pointer = self.buttons.pointer
        if self.editor is not None or pointer is None or self.buttons.hover_time <= 0.45:
            return
        for rect, profile in self.chips:
            if rect.collidepoint(pointer):
                edit = chip_handle(rect).collidepoint(pointer)
                text = (_("Rename or delete {name}") if edit else _("Seat {name}")).format(name=profile.name)
                draw_tooltip(surface, self.ctx.assets, text, pointer)
                return

    def _draw_notice(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        notice = history_notice(self.ctx)
        if notice is not None:
            draw_notice(surface, self.ctx.assets, notice[0], rect, error=notice[1], size=20)

    def _draw_seats(self, surface: pygame.Surface) -> None:
        a = self.ctx.assets
        r = layout.setup_rects()
        label = a.text(_("SEATS"), 26, CREAM, bold=True)
        surface.blit(label, label.get_rect(midleft=(44, r["seats-"].centery)))
        count = a.text(str(self.count), 30, (255, 255, 255), bold=True)
        surface.blit(
            count, count.get_rect(center=((r["seats-"].right + r["seats+"].left) // 2, r["seats-"].centery))
        )
        top = layout.setup_row_rects(0)
        heads = (("kind", N_("WHO")), ("name", N_("NAME")), ("color", N_("COLOR")), ("coach", N_("COACH")))
        for key, text in heads:
            head = a.text(_(text), 15, GREY, bold=True)
            surface.blit(head, (top[key].x + 2, top[key].y - 20))
        for i, row in enumerate(self.rows[: self.count]):
            rects = layout.setup_row_rects(i)
            number = a.text(str(i + 1), 24, GOLD, bold=True)
            surface.blit(number, number.get_rect(center=rects["number"].center))
            if row.kind == "empty":
                blurb = a.text(_("an empty seat"), 18, GREY)
                surface.blit(blurb, blurb.get_rect(midleft=(rects["blurb"].x + 8, rects["blurb"].centery)))
            elif row.kind in BOT_BLURBS:
                blurb = a.text(_(BOT_BLURBS[row.kind]), 18, CREAM)
                surface.blit(blurb, blurb.get_rect(midleft=(rects["blurb"].x + 8, rects["blurb"].centery)))
        buy = a.text(_("BUY-IN PER PERSON"), 20, CREAM, bold=True)
        surface.blit(buy, buy.get_rect(midleft=(44, r["buyin-"].centery)))
        amount = a.text(money(self.buy_in), 26, (255, 255, 255), bold=True)
        surface.blit(
            amount, amount.get_rect(center=((r["buyin-"].right + r["buyin+"].left) // 2, r["buyin-"].centery))
        )
        saved = a.text(_("SAVED PLAYERS"), 18, CREAM, bold=True)
        surface.blit(saved, (r["saved"].x + 4, r["saved"].y + 8))
        if not self.chips:
            records = self.ctx.records
            text = (
                _("none yet")
                if records is not None and records.saving
                else (_("not saving") if records is not None and records.ready else "…")
            )
            none = a.text(text if records is not None else _("not saving in this run"), 18, GREY)
            surface.blit(none, (r["saved"].x + 150, r["saved"].y + 8))
        pointer = self.buttons.pointer
        for rect, profile in self.chips:
            color = color_from_hex(profile.color, (200, 190, 170))
            handle = chip_handle(rect)
            pygame.draw.rect(surface, (36, 30, 26), rect, border_radius=17)
            if pointer is not None and handle.collidepoint(pointer):
                pygame.draw.rect(surface, (84, 70, 54), handle, border_top_right_radius=17,
                                 border_bottom_right_radius=17)
            pygame.draw.rect(surface, color, rect, 2, border_radius=17)
            pygame.draw.line(surface, color, (handle.x, rect.y + 7), (handle.x, rect.bottom - 8), 1)
            for dot in (-6, 0, 6):
                pygame.draw.circle(surface, CREAM, (handle.centerx - 1 + dot, handle.centery), 2)
            name = a.text(profile.name, 18, CREAM, bold=True)
            surface.blit(name, name.get_rect(center=(rect.x + (rect.w - HANDLE_W) // 2, rect.centery)))

    def _draw_rules(self, surface: pygame.Surface, r: dict[str, pygame.Rect]) -> None:
        a = self.ctx.assets
        head = a.text(_("RULES"), 26, CREAM, bold=True)
        surface.blit(head, (r["rules-"].x, 100))
        rules = self.rules
        name = (
            (_("{name} (file)") if self.rules_id not in self.presets else "{name}").format(name=rules.name)
            if rules is not None
            else "—"
        )
        label = a.text(name, 28, (255, 255, 255), bold=True)
        surface.blit(
            label, label.get_rect(center=((r["rules-"].right + r["rules+"].left) // 2, r["rules-"].centery))
        )
        if rules is None:
            return
        edge_label = a.text(_("HOUSE EDGE"), 20, GREY, bold=True)
        surface.blit(edge_label, (r["rules-"].x, 246))
        edge = a.text(self.edge, 30, GOLD, bold=True)
        surface.blit(edge, (r["rules-"].x + 130, 240))
        note = a.text(_("with basic strategy"), 18, GREY)
        surface.blit(note, (r["rules-"].x + 140 + edge.get_width(), 248))
        for i, line in enumerate(wrap(a, description_words(rules), 18, r["options"].w, bold=False)[:2]):
            text = a.text(line, 18, CREAM)
            surface.blit(text, (r["options"].x, 280 + i * 21))
        draw_lines(surface, a, self.rule_lines(rules))

    def rule_lines(self, rules: Rules) -> list[PlacedLine]:
        """The rules in words under their headings, laid out in the options box (kept for the rules shown)."""
        if self._words is None or self._words[0] is not rules:
            box = layout.setup_rects()["options"]
            lines = flow_groups(self.ctx.assets, rules_by_heading(rules), box, sizes=tuple(range(22, 13, -1)))
            self._words = (rules, lines)
        return self._words[1]

    def describe_control(self, control: Button | TextField) -> str:
        """How the voice names a control (`game.focus`): the seats, buy-in, rules and a seat's kind and
        name say their value first ('2 seats. More seats')."""
        from engine.i18n import _, money, ngettext
        from game.focus import control_words

        name, words = control.name, control_words(control)
        number = int("".join(ch for ch in name if ch.isdigit()) or 0)
        if name.startswith("seats"):
            value = ngettext("{n} seat", "{n} seats", self.count).format(n=self.count)
        elif name.startswith("buyin"):
            value = _("Buy-in {amount}").format(amount=money(self.buy_in))
        elif name.startswith("rules") and self.rules is not None:
            value = self.rules.name
        elif name.startswith("kind"):
            kind = _(KIND_LABELS[self.rows[number].kind])
            value = _("Seat {number}: {kind}").format(number=number + 1, kind=kind)
        elif name.startswith("name") and isinstance(control, TextField):
            text = control.text or _("no name yet")
            return _("Seat {number}'s name: {text}. Enter types it.").format(number=number + 1, text=text)
        else:
            return words
        return f"{value}. {words}"


def coach_and_count_rects(coach: pygame.Rect) -> tuple[pygame.Rect, pygame.Rect]:
    """A seat row's coach button and its Count button (a person's counting settings), side by side."""
    count_w = 64
    return (pygame.Rect(coach.x, coach.y, coach.w - count_w - 4, coach.h),
            pygame.Rect(coach.right - count_w, coach.y, count_w, coach.h))


def chip_handle(chip: pygame.Rect) -> pygame.Rect:
    """The "..." end of a saved player's chip, which opens the rename and delete dialog."""
    return pygame.Rect(chip.right - HANDLE_W, chip.y, HANDLE_W, chip.h)

