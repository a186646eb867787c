"""Choosing keys: every action with its key, changed by choosing it and pressing the new key.

Up and Down (or a click) choose an action, Enter (or a second click) listens for its new key,
Escape stops listening; a key that already does something else is refused, naming what it does.
Backspace gives the chosen action its default keys back and Reset all gives every action its
defaults. Choices are saved at once in the settings (global: see `Settings.keys`) and the game
takes them from the next key pressed. Each choice is said aloud when the voice is on.
"""

from __future__ import annotations

import pygame

from engine.i18n import N_, _, pgettext
from game.context import GameContext
from game.intents import (
    KEY_HELP,
    REMAPPABLE,
    Binding,
    Intent,
    IntentKind,
    KeyClashError,
    action_id,
    key_table,
    keys_for,
    rebind,
)
from game.scene import Scene
from game.voice import announce
from game.widgets import CREAM, GOLD, Button, ButtonRow, draw_panel, draw_veil

PANEL = pygame.Rect(40, 24, 1200, 672)
ROW_H = 26
PER_COLUMN = 21
COLUMN_W = 570
RED = (236, 110, 96)


def row_rect(index: int) -> pygame.Rect:
    """Where an action's row sits: two columns of `PER_COLUMN` rows."""
    column, row = divmod(index, PER_COLUMN)
    left = PANEL.x + 24 + column * (COLUMN_W + 12)
    return pygame.Rect(left, PANEL.y + 76 + row * ROW_H, COLUMN_W, ROW_H - 2)


BOTH_WAYS: dict[Binding, str] = {
    (IntentKind.PAGE, 1): N_("next page, event or ramp step"),
    (IntentKind.PAGE, -1): N_("previous page, event or ramp step"),
    (IntentKind.STEP, 1): N_("replay: a decision on; ramp: more units"),
    (IntentKind.STEP, -1): N_("replay: a decision back; ramp: fewer units"),
    (IntentKind.SPEED, 1): N_("replay faster; ramp: a higher count"),
    (IntentKind.SPEED, -1): N_("replay slower; ramp: a lower count"),
    (IntentKind.FOCUS, 1): N_("next control"),
    (IntentKind.FOCUS, -1): N_("previous control"),
}
"""The two directions of an action whose key help names both at once."""


def action_words(binding: Binding) -> str:
    """What an action does, for its row: 'hit', 'add a chip, smallest first (chip 2)', 'next control'."""
    kind, value = binding
    if binding in BOTH_WAYS:
        return _(BOTH_WAYS[binding])
    words = _(KEY_HELP[kind])
    if kind is IntentKind.BET_ADD and value is not None:
        return _("{action} (chip {number})").format(action=words, number=value + 1)
    return words


def how_to_choose() -> str:
    """What the screen's keys do, as its help line shows it and the voice says it on opening."""
    return _("Up and Down choose, Enter changes the key, Backspace restores its default.")


class KeysScene(Scene):
    """The key list over the darkened screen; changes are saved at once."""

    transparent = True

    def __init__(self, ctx: GameContext) -> None:
        super().__init__()
        self.ctx = ctx
        self.chosen = 0
        self.listening = False
        self.problem = ""
        self.buttons = ButtonRow([
            Button("reset", N_("Reset all"), pygame.Rect(PANEL.right - 340, PANEL.bottom - 60, 150, 44),
                   IntentKind.CLICK, tooltip=N_("Every key back to its default")),
            Button("done", pgettext("voice", "Done"),
                   pygame.Rect(PANEL.right - 174, PANEL.bottom - 60, 150, 44),
                   IntentKind.BACK, tooltip=pgettext("voice", "Close (Esc)")),
        ])

    @property
    def wants_raw_keys(self) -> bool:
        """While listening, every key pressed is the new key (the App sends a KEY intent with its code)."""
        return self.listening

    def keys_of(self, binding: Binding) -> str:
        """The keys that do an action now, as the help writes them ('H'; 'Enter, Space')."""
        return keys_for(key_table(self.ctx.settings.keys), binding) or _("no key")

    def row_words(self, index: int) -> str:
        """A row as the voice says it: 'hit: H'."""
        binding = REMAPPABLE[index]
        return _("{action}: {keys}").format(action=action_words(binding), keys=self.keys_of(binding))

    def choose(self, index: int) -> None:
        """Choose a row (and say it)."""
        self.chosen = index % len(REMAPPABLE)
        self.listening = False
        announce(self.row_words(self.chosen))

    def listen(self) -> None:
        """Wait for the chosen action's new key."""
        self.listening = True
        self.problem = ""
        announce(_("Press the new key for {action}; Escape cancels.").format(
            action=action_words(REMAPPABLE[self.chosen])))

    def bind(self, code: int) -> None:
        """Give the chosen action this key, unless the key already does something else."""
        self.listening = False
        binding = REMAPPABLE[self.chosen]
        try:
            keys = rebind(self.ctx.settings.keys, binding, code)
        except KeyClashError as clash:
            self.problem = str(clash)
            announce(self.problem)
            return
        self.problem = ""
        self.ctx.change_settings(self.ctx.settings.with_changes(keys=keys))
        announce(self.row_words(self.chosen))

    def reset(self, binding: Binding | None) -> None:
        """Give one action (every action, when None) its default keys back."""
        keys = {} if binding is None else {
            ident: name for ident, name in self.ctx.settings.keys.items() if ident != action_id(binding)}
        self.problem = ""
        self.ctx.change_settings(self.ctx.settings.with_changes(keys=keys))
        announce(_("Every key is back to its default.") if binding is None else self.row_words(self.chosen))

    def handle_event(self, intent: Intent) -> bool:
        """Choose, listen, bind; Esc stops listening, then closes."""
        kind = intent.kind
        if self.listening:
            if kind is IntentKind.KEY and intent.value is not None:
                if intent.value == pygame.K_ESCAPE:
                    self.listening = False
                    announce(pgettext("voice", "Cancelled."))
                else:
                    self.bind(intent.value)
            return True
        if kind is IntentKind.POINT:
            self.buttons.point(intent.pos)
        elif kind is IntentKind.CLICK:
            self._click(intent.pos)
        elif kind is IntentKind.PAGE:
            self.choose(self.chosen + (intent.value or 1))
        elif kind is IntentKind.CONFIRM:
            self.listen()
        elif kind is IntentKind.CLEAR:
            self.reset(REMAPPABLE[self.chosen])
        elif kind in (IntentKind.BACK, IntentKind.MENU):
            self.close()
        return True

    def _click(self, pos: tuple[int, int] | None) -> None:
        button = self.buttons.clicked(pos)
        if button is not None:
            self.ctx.sounds.play("button", 0.5)
            if button.name == "done":
                self.close()
            else:
                self.reset(None)
            return
        for index in range(len(REMAPPABLE)):
            if pos is not None and row_rect(index).collidepoint(pos):
                if index == self.chosen:
                    self.listen()
                else:
                    self.choose(index)
                return

    def update(self, dt: float) -> None:
        """Only the buttons' looks move."""
        self.buttons.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        """Every action and its keys in two columns, the chosen one lit, and what to do."""
        a = self.ctx.assets
        draw_veil(surface, 170)
        draw_panel(surface, PANEL)
        title = a.text(_("KEYS"), 34, GOLD, bold=True)
        surface.blit(title, title.get_rect(midtop=(PANEL.centerx, PANEL.y + 18)))
        for index, binding in enumerate(REMAPPABLE):
            rect = row_rect(index)
            if index == self.chosen:
                pygame.draw.rect(surface, (70, 56, 30) if not self.listening else (110, 40, 30), rect,
                                 border_radius=6)
            keys = "…" if index == self.chosen and self.listening else self.keys_of(binding)
            shown = a.text(keys, 18, GOLD, bold=True)
            surface.blit(shown, shown.get_rect(midright=(rect.right - 8, rect.centery)))
            words = a.text(action_words(binding), 18, CREAM)
            room = rect.w - shown.get_width() - 32
            if words.get_width() > room:  # a long translation is cut, never drawn over its keys
                words = words.subsurface((0, 0, room, words.get_height()))
            surface.blit(words, words.get_rect(midleft=(rect.x + 8, rect.centery)))
        if self.problem:
            help_text, color = self.problem, RED
        elif self.listening:
            help_text, color = _("Press the new key (Esc cancels)."), GOLD
        else:
            help_text, color = how_to_choose(), CREAM
        line = a.text(help_text, 18, color, bold=True)
        surface.blit(line, line.get_rect(midleft=(PANEL.x + 28, PANEL.bottom - 38)))
        self.buttons.draw(surface, a)
