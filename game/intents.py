"""Raw pygame events become intents here, in one table; scenes never look at key codes.

While a scene takes typing (a name field has the focus), letters are text, not shortcuts:
`to_intent(..., text_mode=True)` turns only the editing keys (Enter, Backspace, Esc, Tab,
F11, and Left and Right, since a field has no cursor to move, and Ctrl+A to select all) into
intents and typed characters arrive as TEXT intents.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum, auto

import pygame

from engine.i18n import N_, _, pgettext


class IntentKind(Enum):
    """What the player means, whatever device said it."""

    POINT = auto()
    """The pointer moved (hover)."""
    CLICK = auto()
    RIGHT_CLICK = auto()
    HIT = auto()
    STAND = auto()
    DOUBLE = auto()
    SPLIT = auto()
    SURRENDER = auto()
    YES = auto()
    """Take the offer on the table (insurance, even money, early surrender)."""
    NO = auto()
    """Decline the offer on the table."""
    CONFIRM = auto()
    """Deal / continue."""
    CLEAR = auto()
    """Clear the bet."""
    REBET = auto()
    BET_ADD = auto()
    """Add the chip numbered `value` (0 = smallest) to the bet."""
    MENU = auto()
    BACK = auto()
    TEXT = auto()
    """Typed characters (`text`), for name and file fields."""
    NEXT = auto()
    """Move to the next field (Tab)."""
    FULLSCREEN = auto()
    QUIT = auto()
    HINT = auto()
    """Show the trainer's hint: each legal action's EV (the ? key)."""
    COUNT = auto()
    """Show or hide the Hi-Lo count (C)."""
    CHART = auto()
    """Show or hide the strategy chart (T)."""
    QUIZ = auto()
    """Turn the counting quiz on or off (Q)."""
    DEMO = auto()
    """Start demo mode (M, on the title)."""
    RULES = auto()
    """Show or hide the table's rules in words (U)."""
    PAGE = auto()
    """Turn a page: `value` +1 forward, -1 back (arrows, Page Up/Down, the mouse wheel)."""
    STEP = auto()
    """Step a replay by one decision: `value` +1 forward, -1 back ([ ], or Shift with an arrow)."""
    SPEED = auto()
    """A replay's speed: `value` +1 faster, -1 slower (+ and -)."""
    SIT_OUT = auto()
    """The person whose turn it is to bet sits the round out (W: wong out)."""
    ADD_STEP = auto()
    """Add a step to the bet ramp being edited (A)."""
    KEY = auto()
    """Any other key (demo mode leaves on it)."""
    SELECT_ALL = auto()
    """Select all the text in the field being typed into (Ctrl+A, or Cmd+A on a Mac)."""


@dataclass(frozen=True, slots=True)
class Intent:
    """One intent; `pos` is on the logical canvas for pointer intents."""

    kind: IntentKind
    pos: tuple[int, int] | None = None
    value: int | None = None
    text: str | None = None


KEY_INTENTS: dict[int, tuple[IntentKind, int | None]] = {
    pygame.K_h: (IntentKind.HIT, None),
    pygame.K_s: (IntentKind.STAND, None),
    pygame.K_d: (IntentKind.DOUBLE, None),
    pygame.K_p: (IntentKind.SPLIT, None),
    pygame.K_r: (IntentKind.SURRENDER, None),
    pygame.K_i: (IntentKind.YES, None),
    pygame.K_y: (IntentKind.YES, None),
    pygame.K_n: (IntentKind.NO, None),
    pygame.K_RETURN: (IntentKind.CONFIRM, None),
    pygame.K_KP_ENTER: (IntentKind.CONFIRM, None),
    pygame.K_SPACE: (IntentKind.CONFIRM, None),
    pygame.K_BACKSPACE: (IntentKind.CLEAR, None),
    pygame.K_b: (IntentKind.REBET, None),
    pygame.K_1: (IntentKind.BET_ADD, 0),
    pygame.K_2: (IntentKind.BET_ADD, 1),
    pygame.K_3: (IntentKind.BET_ADD, 2),
    pygame.K_4: (IntentKind.BET_ADD, 3),
    pygame.K_5: (IntentKind.BET_ADD, 4),
    pygame.K_o: (IntentKind.MENU, None),
    pygame.K_ESCAPE: (IntentKind.BACK, None),
    pygame.K_F11: (IntentKind.FULLSCREEN, None),
    pygame.K_TAB: (IntentKind.NEXT, None),
    pygame.K_SLASH: (IntentKind.HINT, None),
    pygame.K_QUESTION: (IntentKind.HINT, None),
    pygame.K_c: (IntentKind.COUNT, None),
    pygame.K_t: (IntentKind.CHART, None),
    pygame.K_q: (IntentKind.QUIZ, None),
    pygame.K_m: (IntentKind.DEMO, None),
    pygame.K_u: (IntentKind.RULES, None),
    pygame.K_RIGHT: (IntentKind.PAGE, 1),
    pygame.K_DOWN: (IntentKind.PAGE, 1),
    pygame.K_PAGEDOWN: (IntentKind.PAGE, 1),
    pygame.K_LEFT: (IntentKind.PAGE, -1),
    pygame.K_UP: (IntentKind.PAGE, -1),
    pygame.K_PAGEUP: (IntentKind.PAGE, -1),
    pygame.K_RIGHTBRACKET: (IntentKind.STEP, 1),
    pygame.K_LEFTBRACKET: (IntentKind.STEP, -1),
    pygame.K_PLUS: (IntentKind.SPEED, 1),
    pygame.K_EQUALS: (IntentKind.SPEED, 1),
    pygame.K_MINUS: (IntentKind.SPEED, -1),
    pygame.K_w: (IntentKind.SIT_OUT, None),
    pygame.K_a: (IntentKind.ADD_STEP, None),
}
"""The one key table: a key code to an intent (and its value)."""

EDITING_KEYS = frozenset(
    {
        pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_BACKSPACE, pygame.K_ESCAPE, pygame.K_TAB, pygame.K_F11,
        pygame.K_LEFT, pygame.K_RIGHT,
    }
)
"""The keys that keep their meaning while a field takes typing."""

MOUSE_INTENTS: dict[int, IntentKind] = {1: IntentKind.CLICK, 3: IntentKind.RIGHT_CLICK}
"""Mouse buttons to intents."""

KEY_NAMES: dict[IntentKind, str] = {
    IntentKind.HIT: "H",
    IntentKind.STAND: "S",
    IntentKind.DOUBLE: "D",
    IntentKind.SPLIT: "P",
    IntentKind.SURRENDER: "R",
    IntentKind.YES: "I",
    IntentKind.NO: "N",
    IntentKind.CONFIRM: "Enter",  # the key names of pygame.key.name, worded for people by `key_word`
    IntentKind.CLEAR: "Backspace",
    IntentKind.REBET: "B",
    IntentKind.MENU: "O",
    IntentKind.HINT: "?",
    IntentKind.COUNT: "C",
    IntentKind.CHART: "T",
    IntentKind.QUIZ: "Q",
    IntentKind.DEMO: "M",
    IntentKind.RULES: "U",
    IntentKind.SIT_OUT: "W",
    IntentKind.ADD_STEP: "A",
}
"""The shortcut shown in each button's tooltip."""

KEY_HELP: dict[IntentKind, str] = {
    # TRANSLATORS: the key help of How to play: what each key does, in a few words ("H: hit")
    IntentKind.HIT: N_("hit"),
    IntentKind.STAND: N_("stand"),
    IntentKind.DOUBLE: N_("double down"),
    IntentKind.SPLIT: N_("split"),
    IntentKind.SURRENDER: N_("surrender"),
    IntentKind.YES: N_("take the offer (insurance, even money)"),
    IntentKind.NO: N_("decline the offer"),
    IntentKind.CONFIRM: N_("deal, continue"),
    IntentKind.CLEAR: N_("clear the bet"),
    IntentKind.REBET: N_("bet the last bet again"),
    IntentKind.BET_ADD: N_("add a chip, smallest first"),
    IntentKind.MENU: N_("settings"),
    IntentKind.BACK: N_("back, settings at the table"),
    IntentKind.FULLSCREEN: N_("full screen"),
    IntentKind.NEXT: N_("next field"),
    IntentKind.HINT: N_("hint: each play's expected value"),
    IntentKind.COUNT: N_("show the Hi-Lo count"),
    IntentKind.CHART: N_("show the strategy chart"),
    IntentKind.QUIZ: N_("counting quiz"),
    IntentKind.DEMO: N_("demo, on the title"),
    IntentKind.RULES: N_("the table's rules"),
    IntentKind.PAGE: N_("turn the page; in a replay, step one event; in the bet ramp, choose a step"),
    IntentKind.STEP: N_("in a replay, step one decision; in the bet ramp, the chosen step's units"),
    IntentKind.SPEED: N_("in a replay, faster or slower; in the bet ramp, the chosen step's count"),
    IntentKind.SIT_OUT: N_("sit the round out (wong out)"),
    IntentKind.ADD_STEP: N_("add a step to the bet ramp"),
}
"""What each intent a key gives does, in a few words, for the key help (marked; translated by `key_help`)."""


def key_word(name: str) -> str:
    """A key's name as people read it in their language ('Space' is 'Leertaste' in German); letters stay."""
    words = {
        # TRANSLATORS: the names of keys on the keyboard, as the key help and the buttons' tooltips show them
        "Return": pgettext("key", "Return"), "Enter": pgettext("key", "Enter"),
        "Space": pgettext("key", "Space"), "Backspace": pgettext("key", "Backspace"),
        "Escape": pgettext("key", "Escape"), "Tab": pgettext("key", "Tab"),
        "Left": pgettext("key", "Left"), "Right": pgettext("key", "Right"),
        "Up": pgettext("key", "Up"), "Down": pgettext("key", "Down"),
        "Page Up": pgettext("key", "Page Up"), "Page Down": pgettext("key", "Page Down"),
    }
    return words.get(name, name)


def key_help() -> tuple[tuple[str, str], ...]:
    """Every key of `KEY_INTENTS` by what it does, in the table's order: ('H', 'hit'), ..."""
    names: dict[IntentKind, list[str]] = {}
    for code, (kind, _value) in KEY_INTENTS.items():
        name = pygame.key.name(code)
        names.setdefault(kind, []).append(name.upper() if len(name) == 1 else key_word(name.title()))
    return tuple((", ".join(keys), _(KEY_HELP[kind])) for kind, keys in names.items())


def to_intent(
    event: pygame.event.Event,
    to_canvas: Callable[[tuple[int, int]], tuple[int, int]],
    *,
    text_mode: bool = False,
) -> Intent | None:
    """The intent a raw event carries, or None when it means nothing to the game."""
    if event.type == pygame.QUIT:
        return Intent(IntentKind.QUIT)
    if event.type == pygame.TEXTINPUT:
        return Intent(IntentKind.TEXT, text=event.text) if text_mode and event.text else None
    if event.type == pygame.KEYDOWN:
        if text_mode and event.key == pygame.K_a and event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META):
            return Intent(IntentKind.SELECT_ALL)
        if text_mode and event.key not in EDITING_KEYS:
            return None
        found = KEY_INTENTS.get(event.key)
        if found is None:
            return None if text_mode else Intent(IntentKind.KEY)
        if event.key == pygame.K_RETURN and event.mod & pygame.KMOD_ALT:
            return Intent(IntentKind.FULLSCREEN)
        if found[0] is IntentKind.PAGE and event.key in (pygame.K_LEFT, pygame.K_RIGHT) and (
            event.mod & pygame.KMOD_SHIFT
        ):
            return Intent(IntentKind.STEP, value=found[1])
        return Intent(found[0], value=found[1])
    if event.type == pygame.MOUSEBUTTONDOWN:
        kind = MOUSE_INTENTS.get(event.button)
        return Intent(kind, pos=to_canvas(event.pos)) if kind else None
    if event.type == pygame.MOUSEWHEEL:
        return Intent(IntentKind.PAGE, value=-1 if event.y > 0 else 1) if event.y else None
    if event.type == pygame.MOUSEMOTION:
        return Intent(IntentKind.POINT, pos=to_canvas(event.pos))
    return None
