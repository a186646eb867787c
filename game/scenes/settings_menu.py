"""The settings overlay: rules preset, animation speed, sound, volume, the four-color deck, casino
conditions, text size, contrast and motion, a Rules button that shows the table's rules in words, and
Counting: a person's count system and bet ramp (the person whose turn it is to bet first).

While a round is in play and saved, it says what leaving does before anyone leaves: the
round is kept (as a quit keeps it) and opens where it stopped the next time.
"""

from __future__ import annotations

import pygame

from blackjack.language import CURRENCIES, CURRENCY_NAMES
from engine import Phase, load_rules
from engine.i18n import LANGUAGE_NAMES, N_, _, available_languages, language, percent, pgettext
from game.context import GameContext
from game.focus import Control, control_words
from game.intents import Intent, IntentKind
from game.scene import Go, Scene, SceneName
from game.settings import SPEEDS, UI_SCALES
from game.widgets import Button, ButtonRow, draw_veil

GOLD = (232, 196, 104)
CREAM = (246, 236, 206)
PANEL = pygame.Rect(90, 50, 1100, 560)
COLUMNS: tuple[tuple[str, ...], ...] = (
    ("rules", "speed", "sound", "volume", "deck", "casino"),
    ("language", "currency", "voice", "text", "contrast", "motion"),
)
"""The rows of each column: the table's on the left, the player's own on the right."""
ROWS = tuple(row for column in COLUMNS for row in column)
COLUMN_WIDTH = PANEL.width // len(COLUMNS)
ROW_STEP = 62
"""The height of a settings row, in pixels."""
KEPT_NOTE = N_("Leave table or quit now: this round is kept and opens where it stopped next time.")
"""What the dialog says while a saved round is in play."""
LABELS = {"rules": N_("Rules"), "speed": N_("Animation"), "sound": N_("Sound"), "volume": N_("Volume"),
          "deck": N_("Deck"), "casino": N_("Casino"), "language": N_("Language"), "currency": N_("Money"),
          "voice": N_("Voice"),
          # TRANSLATORS: a settings row: how large text is drawn (100%, 110%, 125%)
          "text": N_("Text size"),
          # TRANSLATORS: a settings row: the normal colors or the high-contrast look
          "contrast": N_("Contrast"),
          # TRANSLATORS: a settings row: whether cards fly across the table or just appear
          "motion": N_("Motion")}
SPEED_NAMES = {"normal": N_("Normal"), "fast": N_("Fast"), "instant": N_("Instant")}
"""The animation speeds as the row shows them (marked; translated where shown)."""


def row_place(row: str) -> tuple[int, int]:
    """The left edge of a row's column and the top of the row."""
    for index, column in enumerate(COLUMNS):
        if row in column:
            return PANEL.x + index * COLUMN_WIDTH, PANEL.y + 80 + column.index(row) * ROW_STEP
    raise KeyError(row)


def next_choice(choices: tuple[str, ...], current: str, step: int) -> str:
    """The choice `step` places from `current` (the first when `current` is not among them), wrapping."""
    index = choices.index(current) if current in choices else 0
    return choices[(index + step) % len(choices)]


class SettingsScene(Scene):
    """A dialog over the table; changes are saved at once, new rules apply from the next round."""

    transparent = True

    def __init__(self, ctx: GameContext, *, at_table: bool = True) -> None:
        super().__init__()
        self.ctx = ctx
        self.at_table = at_table
        self.presets = ctx.table_rules_ids()
        self.buttons = ButtonRow()
        self.buttons.buttons.append(
            Button("edit", N_("Edit"), pygame.Rect(PANEL.x + 124, PANEL.y + 80, 96, 44), IntentKind.CLICK)
        )
        self._names: dict[str, str] = {}
        keys_x, keys_y = row_place("voice")
        self.buttons.buttons.append(Button(
            "keys", pgettext("voice", "Keys"), pygame.Rect(keys_x + 124, keys_y, 96, 44), IntentKind.CLICK,
            tooltip=N_("Choose the keys (the voice reads them)"),
        ))
        for row in ROWS:
            x, y = row_place(row)
            self.buttons.buttons.append(
                Button(
                    f"{row}-",
                    "<",
                    pygame.Rect(x + 230, y, 48, 44),
                    IntentKind.CLICK,
                    tooltip=N_("Previous"),
                )
            )
            self.buttons.buttons.append(
                Button(
                    f"{row}+", ">", pygame.Rect(x + COLUMN_WIDTH - 70, y, 48, 44), IntentKind.CLICK,
                    tooltip=N_("Next"),
                )
            )
        bottom = [
            # TRANSLATORS: the settings' bottom buttons (128 pixels wide) and their tooltips
            ("done", _("Done"), IntentKind.BACK, _("Close (Esc)")),
            ("stats", _("Statistics"), IntentKind.CLICK, _("The players' saved statistics")),
            ("leave", _("Leave table"), IntentKind.CLICK, _("End the sitting: the leaderboard")),
            ("quit", _("Quit game"), IntentKind.QUIT, _("Leave the game")),
        ]
        shown = [b for b in bottom if at_table or b[0] not in ("stats", "leave")]
        w, gap = 128, 12
        left = PANEL.centerx - (len(shown) * w + (len(shown) - 1) * gap) // 2
        for i, (name, label, intent, tip) in enumerate(shown):
            rect = pygame.Rect(left + i * (w + gap), PANEL.bottom - 74, w, 52)
            self.buttons.buttons.append(Button(name, label, rect, intent, tooltip=tip))
        self.buttons.buttons.append(Button(
            "read-rules", N_("Rules"), pygame.Rect(PANEL.right - 130, PANEL.y + 20, 110, 44),
            IntentKind.CLICK,
            tooltip=N_("This table's rules in words (U)"),
        ))
        counting = Button("counting", N_("Counting"), pygame.Rect(PANEL.x + 20, PANEL.y + 20, 130, 44),
                          IntentKind.CLICK, tooltip=N_("A person's count system and bet ramp"))
        counting.visible = at_table
        counting.enabled = bool(self.counters())
        self.buttons.buttons.append(counting)
        if ctx.session.mode == "tournament":
            for name in ("rules-", "rules+"):
                self.buttons.by_name(name).enabled = False
        edit, refusal = self.buttons.by_name("edit"), self.edit_refusal()
        edit.enabled = refusal is None
        edit.tooltip = refusal or _("Shape the rules option by option and save them as a table")
        if self.keeps_round:
            self.buttons.by_name("leave").tooltip = _("End the sitting; this round is kept for next time")

    @property
    def keeps_round(self) -> bool:
        """Whether leaving now keeps a round in play for next time (it is journaled and not over)."""
        ctx = self.ctx
        records = ctx.records
        return (
            self.at_table and records is not None and records.saving and ctx.journal.in_progress
            and not ctx.round.is_over
        )

    def edit_refusal(self) -> str | None:
        """Why the rules cannot be edited now (a tournament, or a round in play), or None."""
        ctx = self.ctx
        if ctx.session.mode == "tournament":
            return _("A tournament's rules are fixed.")
        if self.at_table and ctx.round.phase is not Phase.BETTING and not ctx.round.is_over:
            return _("Edit the rules between rounds: a round is in play.")
        return None

    def counters(self) -> list[str]:
        """The table's people with a saved profile (their counting settings live in it), in seat order."""
        session = self.ctx.session
        infos = session.seats_info
        return [infos[seat].name for seat in session.people if infos[seat].profile is not None]

    def resume(self) -> None:
        """Back from the rules editor: list the tables saved there."""
        self.presets = self.ctx.table_rules_ids()

    def preset_name(self, preset: str) -> str:
        """A preset's or saved table's display name."""
        if preset not in self._names:
            try:
                self._names[preset] = load_rules(preset).name
            except Exception:
                self._names[preset] = preset
        return self._names[preset]

    def value_text(self, row: str) -> str:
        """What a row shows."""
        s = self.ctx.settings
        if row == "rules":
            return self.preset_name(s.rules)
        if row == "speed":
            return _(SPEED_NAMES[s.speed]) if s.speed in SPEED_NAMES else s.speed.capitalize()
        if row == "sound":
            return _("On") if s.sound else _("Muted")
        if row == "volume":
            return percent(s.volume, 0)
        if row == "casino":
            return _("Casino conditions") if s.casino else _("Practice room")
        if row == "language":
            shown = LANGUAGE_NAMES.get(language(), language())
            return shown if s.language else _("System: {language}").format(language=shown)
        if row == "currency":
            return _(CURRENCY_NAMES[s.currency]) if s.currency else _("As the language")
        if row == "voice":
            return pgettext("voice", "On") if s.voice else pgettext("voice", "Off")
        if row == "text":
            return percent(s.ui_scale, 0)
        if row == "contrast":
            # TRANSLATORS: the Contrast setting's two values
            return _("High contrast") if s.high_contrast else _("Standard")
        if row == "motion":
            # TRANSLATORS: the Motion setting's two values: cards fly to their places, or just appear there
            return _("Reduced motion") if s.reduced_motion else _("Cards fly")
        return _("Four-color") if s.four_color else _("Two-color")

    def change(self, row: str, step: int) -> None:
        """Move a row's value one step."""
        s = self.ctx.settings
        if row == "rules":
            ids = self.presets or [s.rules]
            index = ids.index(s.rules) if s.rules in ids else 0
            new = s.with_changes(rules=ids[(index + step) % len(ids)])
        elif row == "speed":
            new = s.with_changes(speed=SPEEDS[(SPEEDS.index(s.speed) + step) % len(SPEEDS)])
        elif row == "sound":
            new = s.with_changes(sound=not s.sound)
        elif row == "volume":
            new = s.with_changes(volume=round(min(1.0, max(0.0, s.volume + 0.1 * step)), 2))
        elif row == "casino":
            new = s.with_changes(casino=not s.casino)
        elif row == "language":
            new = s.with_changes(language=next_choice(("", *available_languages()), s.language, step))
        elif row == "currency":
            new = s.with_changes(currency=next_choice(("", *CURRENCIES), s.currency, step))
        elif row == "voice":
            new = s.with_changes(voice=not s.voice)
        elif row == "text":
            index = UI_SCALES.index(s.ui_scale) if s.ui_scale in UI_SCALES else 0
            new = s.with_changes(ui_scale=UI_SCALES[(index + step) % len(UI_SCALES)])
        elif row == "contrast":
            new = s.with_changes(high_contrast=not s.high_contrast)
        elif row == "motion":
            new = s.with_changes(reduced_motion=not s.reduced_motion)
        else:
            new = s.with_changes(four_color=not s.four_color)
        self.ctx.change_settings(new)
        self.ctx.sounds.play("button", 0.5)
        if row == "rules":
            self.ctx.warn(_("New rules take effect at the next round."))
        elif row == "casino" and new.casino:
            self.ctx.warn(_("The dealer's pace varies now; bots and a burn card come with the next table."))

    def handle_event(self, intent: Intent) -> bool:
        """Arrows change values; Done, Esc or O close."""
        if intent.kind is IntentKind.POINT:
            self.buttons.point(intent.pos)
            return True
        if intent.kind is IntentKind.CLICK:
            button = self.buttons.clicked(intent.pos)
            if button is None:
                if not PANEL.collidepoint(intent.pos or (0, 0)):
                    self.close()
                return True
            if button.name == "done":
                self.close()
            elif button.name == "quit":
                pygame.event.post(pygame.event.Event(pygame.QUIT))
            elif button.name in ("stats", "leave", "read-rules", "counting"):
                self.leave_for(button.name)
            elif button.name == "keys" and self.stack is not None:
                self.stack.push(Go(SceneName.KEYS))
            elif button.name == "edit" and self.stack is not None:
                self.stack.push(Go(SceneName.RULES_EDITOR, rules_id=self.ctx.settings.rules))
            else:
                self.change(button.name[:-1], 1 if button.name.endswith("+") else -1)
            return True
        if intent.kind in (IntentKind.BACK, IntentKind.MENU, IntentKind.CONFIRM):
            self.close()
            return True
        return True

    def describe_control(self, control: Control) -> str:
        """How the voice names a control: a row's arrows say the row and its value ('Sound: On. Next')."""
        name = control.name if isinstance(control, Button) else ""
        if name[:-1] in ROWS and name[-1:] in ("+", "-"):
            row = name[:-1]
            step = pgettext("voice", "Next") if name.endswith("+") else pgettext("voice", "Previous")
            return _("{setting}: {value}. {step}").format(setting=_(LABELS[row]), value=self.value_text(row),
                                                          step=step)
        return control_words(control)

    def leave_for(self, where: str) -> None:
        """Statistics, the rules in words or a person's counting over the table (they return to it), or
        the end of the sitting."""
        if self.stack is None or self.stack.changing:
            return
        ctx = self.ctx
        self.stack.pop()
        if where == "stats":
            session = ctx.session
            names = [session.seats_info[s].name for s in session.people if session.seats_info[s].profile]
            self.stack.push(Go(SceneName.STATS, names=names or None))
        elif where == "read-rules":
            self.stack.push(Go(SceneName.RULES))
        elif where == "counting":
            names = self.counters()
            turn = ctx.presenter.turn
            mine = ctx.session.seats_info[turn].name if turn is not None else None
            index = names.index(mine) if mine in names else 0
            self.stack.push(Go(SceneName.COUNTING, names=names, index=index))
        else:
            self.stack.replace(Go(SceneName.LEADERBOARD, ending=True))

    def update(self, dt: float) -> None:
        """Only the button looks move; the table is paused underneath."""
        self.buttons.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        """The dialog over a darkened table."""
        draw_veil(surface, 150)
        pygame.draw.rect(surface, (22, 18, 16), PANEL, border_radius=16)
        pygame.draw.rect(surface, GOLD, PANEL, 3, border_radius=16)
        a = self.ctx.assets
        title = a.text(_("SETTINGS"), 34, GOLD, bold=True)
        surface.blit(title, title.get_rect(midtop=(PANEL.centerx, PANEL.y + 22)))
        for row in ROWS:
            x, top = row_place(row)
            y = top + 22
            label = a.text(_(LABELS[row]), 26, CREAM, bold=True)
            surface.blit(label, label.get_rect(midleft=(x + 36, y)))
            value = a.text(self.value_text(row), 24, (255, 255, 255))
            mid = (x + 230 + 48 + x + COLUMN_WIDTH - 70) // 2
            surface.blit(value, value.get_rect(center=(mid, y)))
        if self.keeps_round:
            note = a.text(_(KEPT_NOTE), 17, GOLD, bold=True)
            surface.blit(note, note.get_rect(midbottom=(PANEL.centerx, PANEL.bottom - 84)))
        self.buttons.draw(surface, a)
