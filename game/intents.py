"""Raw pygame events become intents here, in one table; scenes never look at key codes.

While a scene takes typing (a name field has the focus), letters are text, not shortcuts:
`to_intent(..., text_mode=True)` turns only the editing keys (Enter, Backspace, Esc, Tab,
F11, and Left and Right, since a field has no cursor to move, and Ctrl+A to select all) into
intents and typed characters arrive as TEXT intents.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
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
    """Any other key (demo mode leaves on it); `value` is the key's code on a screen choosing keys."""
    SELECT_ALL = auto()
    """Select all the text in the field being typed into (Ctrl+A, or Cmd+A on a Mac)."""
    SAY_AGAIN = auto()
    """Say the last sentence again (self-voicing)."""
    SAY_HAND = auto()
    """Say my hand."""
    SAY_DEALER = auto()
    """Say the dealer's cards."""
    SAY_BANKROLL = auto()
    """Say my bankroll and bet."""
    SAY_COUNT = auto()
    """Say the running and true count."""
    FOCUS = auto()
    """Move the focus to the next (`value` +1) or previous (-1) control; Enter then presses it."""


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
    pygame.K_F1: (IntentKind.SAY_AGAIN, None),
    pygame.K_F2: (IntentKind.SAY_HAND, None),
    pygame.K_F3: (IntentKind.SAY_DEALER, None),
    pygame.K_F4: (IntentKind.SAY_BANKROLL, None),
    pygame.K_F5: (IntentKind.SAY_COUNT, None),
    pygame.K_PERIOD: (IntentKind.FOCUS, 1),
    pygame.K_COMMA: (IntentKind.FOCUS, -1),
}
"""The one key table: a key code to an intent (and its value)."""

EDITING_KEYS = frozenset(
    {
        pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_BACKSPACE, pygame.K_ESCAPE, pygame.K_TAB, pygame.K_F11,
        pygame.K_LEFT, pygame.K_RIGHT, pygame.K_F1, pygame.K_F2, pygame.K_F3, pygame.K_F4, pygame.K_F5,
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
    IntentKind.SAY_AGAIN: N_("say the last sentence again"),
    IntentKind.SAY_HAND: N_("say my hand"),
    IntentKind.SAY_DEALER: N_("say the dealer's cards"),
    IntentKind.SAY_BANKROLL: N_("say my bankroll"),
    IntentKind.SAY_COUNT: N_("say the count"),
    IntentKind.FOCUS: N_("next or previous control (Enter presses it)"),
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


def key_help(keys: Mapping[int, Binding] | None = None) -> tuple[tuple[str, str], ...]:
    """Every key of the key table (`keys`, else `KEY_INTENTS`) by what it does, in order: ('H', 'hit'), ..."""
    names: dict[IntentKind, list[str]] = {}
    for code, (kind, _value) in (KEY_INTENTS if keys is None else keys).items():
        names.setdefault(kind, []).append(key_label(code))
    return tuple((", ".join(found), _(KEY_HELP[kind])) for kind, found in names.items())


def key_label(code: int) -> str:
    """A key as the help writes it: 'H', 'Enter', 'F1', 'Period'.

    Keys whose sign alone would read as punctuation in a list of keys are named, and so are the two
    Enter keys (SDL calls the main one Return).
    """
    name = pygame.key.name(code)
    words = {".": _("Period"), ",": _("Comma"), "return": pgettext("key", "Enter"),
             "enter": _("Keypad Enter")}
    return words.get(name) or (name.upper() if len(name) == 1 else key_word(name.title()))


def keys_for(table: Mapping[int, Binding], binding: Binding) -> str:
    """The keys of a key table that do an action, as the help lists them: 'Enter, Keypad Enter, Space'."""
    return ", ".join(key_label(code) for code, bound in table.items() if bound == binding)


# ---- remapping ---------------------------------------------------------------------------

Binding = tuple[IntentKind, int | None]
"""What a key does: an intent and its value."""


class KeyClashError(ValueError):
    """A key chosen for an action already does something else; the message names what."""


def action_id(binding: Binding) -> str:
    """The name a remapped action is saved under: 'HIT', 'BET_ADD:0', 'FOCUS:-1'."""
    kind, value = binding
    return kind.name if value is None else f"{kind.name}:{value}"


REMAPPABLE: tuple[Binding, ...] = tuple(dict.fromkeys(KEY_INTENTS.values()))
"""Every action a key can be chosen for, in the key table's order."""

_BY_ID = {action_id(binding): binding for binding in REMAPPABLE}


def key_table(overrides: Mapping[str, str]) -> dict[int, Binding]:
    """The key table with the player's choices (action id to a pygame key name) in place of the defaults.

    A remapped action loses its default keys; a saved choice naming an unknown action or key is
    skipped, so a hand-edited settings file cannot break the keyboard.
    """
    table = dict(KEY_INTENTS)
    for ident, name in overrides.items():
        binding = _BY_ID.get(ident)
        code = _key_code(name)
        if binding is None or code is None:
            continue
        for old in [c for c, b in table.items() if b == binding]:
            del table[old]
        table[code] = binding
    return table


def rebind(overrides: Mapping[str, str], binding: Binding, code: int) -> dict[str, str]:
    """The choices with `binding` moved to key `code`.

    Raises KeyClashError naming the action when the key already does something else.
    """
    table = key_table(overrides)
    current = table.get(code)
    if current is not None and current != binding:
        action = _(KEY_HELP[current[0]])
        clash = _("{key} is already the key to {action}.")
        raise KeyClashError(clash.format(key=key_label(code), action=action))
    return {**overrides, action_id(binding): pygame.key.name(code)}


def _key_code(name: str) -> int | None:
    try:
        return pygame.key.key_code(name)
    except ValueError:
        return None


# ---- the gamepad ---------------------------------------------------------------------------

PAD_BUTTONS: dict[int, tuple[Binding, ...]] = {
    pygame.CONTROLLER_BUTTON_A: ((IntentKind.HIT, None), (IntentKind.YES, None), (IntentKind.CONFIRM, None)),
    pygame.CONTROLLER_BUTTON_B: ((IntentKind.STAND, None), (IntentKind.NO, None), (IntentKind.BACK, None)),
    pygame.CONTROLLER_BUTTON_X: ((IntentKind.DOUBLE, None), (IntentKind.CLEAR, None)),
    pygame.CONTROLLER_BUTTON_Y: ((IntentKind.SPLIT, None), (IntentKind.REBET, None)),
    pygame.CONTROLLER_BUTTON_LEFTSHOULDER: ((IntentKind.SURRENDER, None), (IntentKind.BET_ADD, 0)),
    pygame.CONTROLLER_BUTTON_RIGHTSHOULDER: ((IntentKind.BET_ADD, 1),),
    pygame.CONTROLLER_BUTTON_START: ((IntentKind.MENU, None),),
    pygame.CONTROLLER_BUTTON_BACK: ((IntentKind.BACK, None),),
    pygame.CONTROLLER_BUTTON_DPAD_UP: ((IntentKind.FOCUS, -1),),
    pygame.CONTROLLER_BUTTON_DPAD_DOWN: ((IntentKind.FOCUS, 1),),
    pygame.CONTROLLER_BUTTON_DPAD_LEFT: ((IntentKind.PAGE, -1),),
    pygame.CONTROLLER_BUTTON_DPAD_RIGHT: ((IntentKind.PAGE, 1),),
    pygame.CONTROLLER_BUTTON_LEFTSTICK: ((IntentKind.SAY_AGAIN, None),),
    pygame.CONTROLLER_BUTTON_RIGHTSTICK: ((IntentKind.SAY_HAND, None),),
}
"""A pad button to what it may mean, first choice first: it means the first one the screen shows a
button for (A hits at the table, answers yes to an offer, else confirms), else the last one."""

PAD_NAMES: dict[int, str] = {
    pygame.CONTROLLER_BUTTON_A: "A", pygame.CONTROLLER_BUTTON_B: "B", pygame.CONTROLLER_BUTTON_X: "X",
    pygame.CONTROLLER_BUTTON_Y: "Y", pygame.CONTROLLER_BUTTON_LEFTSHOULDER: "LB",
    pygame.CONTROLLER_BUTTON_RIGHTSHOULDER: "RB", pygame.CONTROLLER_BUTTON_START: "Start",
    pygame.CONTROLLER_BUTTON_BACK: "Back", pygame.CONTROLLER_BUTTON_DPAD_UP: "D-pad up",
    pygame.CONTROLLER_BUTTON_DPAD_DOWN: "D-pad down", pygame.CONTROLLER_BUTTON_DPAD_LEFT: "D-pad left",
    pygame.CONTROLLER_BUTTON_DPAD_RIGHT: "D-pad right", pygame.CONTROLLER_BUTTON_LEFTSTICK: "L3",
    pygame.CONTROLLER_BUTTON_RIGHTSTICK: "R3",
}
"""How each pad button is labelled (the Xbox layout SDL's controller API names), in English."""


def pad_name(button: int) -> str:
    """A pad button's name as shown: the printed labels (A, LB, Start, Back) as printed, the D-pad's
    directions in the player's language."""
    directions = {
        # TRANSLATORS: a direction of a game pad's cross-shaped D-pad, in the key help
        pygame.CONTROLLER_BUTTON_DPAD_UP: pgettext("pad", "D-pad up"),
        pygame.CONTROLLER_BUTTON_DPAD_DOWN: pgettext("pad", "D-pad down"),
        pygame.CONTROLLER_BUTTON_DPAD_LEFT: pgettext("pad", "D-pad left"),
        pygame.CONTROLLER_BUTTON_DPAD_RIGHT: pgettext("pad", "D-pad right"),
    }
    return directions.get(button) or PAD_NAMES[button]


def pad_binding(button: int, shown: Callable[[IntentKind], bool]) -> Binding | None:
    """What a pad button means on a screen whose buttons `shown` answers for (None: nothing)."""
    choices = PAD_BUTTONS.get(button)
    if not choices:
        return None
    return next((choice for choice in choices if shown(choice[0])), choices[-1])


def pad_help() -> tuple[tuple[str, str], ...]:
    """Every pad button by what it does, for the key help: ('Pad B', 'stand; decline the offer; back'), ..."""
    return tuple(
        (
            _("Pad {button}").format(button=pad_name(button)),
            "; ".join(_(KEY_HELP[kind]) for kind, _value in choices),
        )
        for button, choices in PAD_BUTTONS.items()
    )


def to_intent(
    event: pygame.event.Event,
    to_canvas: Callable[[tuple[int, int]], tuple[int, int]],
    *,
    text_mode: bool = False,
    keys: Mapping[int, Binding] | None = None,
    shown: Callable[[IntentKind], bool] = lambda kind: False,
    raw_keys: bool = False,
) -> Intent | None:
    """The intent a raw event carries, or None when it means nothing to the game.

    `keys` is the key table in use (the player's remapping; `KEY_INTENTS` when None, and while a field
    takes typing, so Enter, Esc and Backspace always edit); `shown`
    answers whether the screen shows a button for an intent, which picks a pad button's meaning.
    `raw_keys` (a screen choosing a key) makes every key press a KEY intent carrying its key code.
    """
    if event.type == pygame.QUIT:
        return Intent(IntentKind.QUIT)
    if event.type == pygame.TEXTINPUT:
        return Intent(IntentKind.TEXT, text=event.text) if text_mode and event.text else None
    if event.type == pygame.KEYDOWN:
        if text_mode and event.key == pygame.K_a and event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META):
            return Intent(IntentKind.SELECT_ALL)
        if raw_keys:
            return Intent(IntentKind.KEY, value=event.key)
        if text_mode and event.key not in EDITING_KEYS:
            return None
        # the editing keys keep their usual meaning in a field, whatever keys were chosen
        found = (KEY_INTENTS if keys is None or text_mode else keys).get(event.key)
        if found is None:
            return None if text_mode else Intent(IntentKind.KEY)
        if event.key == pygame.K_RETURN and event.mod & pygame.KMOD_ALT:
            return Intent(IntentKind.FULLSCREEN)
        if found[0] is IntentKind.PAGE and event.key in (pygame.K_LEFT, pygame.K_RIGHT) and (
            event.mod & pygame.KMOD_SHIFT
        ):
            return Intent(IntentKind.STEP, value=found[1])
        return Intent(found[0], value=found[1])
    if event.type == pygame.CONTROLLERBUTTONDOWN:
        binding = pad_binding(event.button, shown)
        return None if binding is None else Intent(binding[0], value=binding[1])
    if event.type == pygame.MOUSEBUTTONDOWN:
        kind = MOUSE_INTENTS.get(event.button)
        return Intent(kind, pos=to_canvas(event.pos)) if kind else None
    if event.type == pygame.MOUSEWHEEL:
        return Intent(IntentKind.PAGE, value=-1 if event.y > 0 else 1) if event.y else None
    if event.type == pygame.MOUSEMOTION:
        return Intent(IntentKind.POINT, pos=to_canvas(event.pos))
    return None
