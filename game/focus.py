"""Pointer-free use of any screen: the controls a scene shows, a focus that moves through them, and
the words that name each one (for the voice).

Scenes need not know about it: the controls are the visible `Button`s (and text fields) the top
scene holds, found in its attributes, in reading order. Focusing a control moves the pointer onto
it (so it lights up and its tooltip shows) and pressing it is a click at its centre, so every
scene that takes clicks can be played from the keyboard's focus keys or a gamepad's D-pad.
"""

from __future__ import annotations

from collections.abc import Iterator

import pygame

from engine.i18n import _, pgettext
from game.assets import Assets, mark
from game.intents import PAD_BUTTONS, Intent, IntentKind, pad_binding, pad_name
from game.scene import Scene
from game.widgets import GOLD, Button, ButtonRow, TextField

Control = Button | TextField
"""Something on screen that takes a click."""

ROW_HEIGHT = 24
"""Controls whose tops are this close read as one row, left to right."""


def _held(value: object, *, deep: bool = True) -> Iterator[Control]:
    """The controls a scene's attribute holds: itself, a row's buttons, a list's, or (one level
    down) those of a list's records, such as the setup's seat rows and their name fields."""
    if isinstance(value, Button | TextField):
        yield value
    elif isinstance(value, ButtonRow):
        yield from value.buttons
    elif isinstance(value, list | tuple) and deep:
        for item in value:
            yield from _held(item, deep=False)
            if hasattr(item, "__dict__") and not isinstance(item, TextField):
                for inner in vars(item).values():
                    yield from _held(inner, deep=False)


def controls(scene: Scene | None) -> list[Control]:
    """The visible controls of a scene, in reading order (top to bottom, then left to right)."""
    if scene is None:
        return []
    found: dict[int, Control] = {}
    for value in vars(scene).values():
        for control in _held(value):
            if control.visible and control.rect.w > 0:
                found.setdefault(id(control), control)
    return sorted(found.values(), key=lambda c: (c.rect.y // ROW_HEIGHT, c.rect.x))


def shows(scene: Scene | None, kind: IntentKind) -> bool:
    """Whether the scene shows a button bound to this intent (a pad button's meaning follows it)."""
    return any(isinstance(c, Button) and c.intent is kind for c in controls(scene))


def is_arrow(control: Control) -> bool:
    """Whether a control is a row's < or > (it changes a value in place)."""
    return isinstance(control, Button) and control.label in ("<", ">")


def describe(scene: Scene | None, control: Control) -> str:
    """How the voice names a control of a scene.

    The scene's own words when it has a `describe_control`; else a row's < or > named after the
    scene's `rows()` ((label, value) pairs, the drill setup's) when the button's name ends with the
    row's number ('next2'); else `control_words`.
    """
    own = getattr(scene, "describe_control", None)
    if callable(own):
        return str(own(control))
    rows = getattr(scene, "rows", None)
    if is_arrow(control) and callable(rows) and isinstance(control, Button) and control.name[-1:].isdigit():
        found = rows()
        index = int("".join(ch for ch in control.name if ch.isdigit()))
        if index < len(found):
            label, value = found[index]
            step = pgettext("voice", "Next") if control.label == ">" else pgettext("voice", "Previous")
            return _("{setting}: {value}. {step}").format(setting=label, value=value, step=step)
    return control_words(control)


def control_words(control: Control) -> str:
    """How the voice names a control: its label (and tooltip when that says more), 'dimmed' when off."""
    if isinstance(control, TextField):
        return _("Text field: {text}").format(text=control.text) if control.text else _("Empty text field")
    label = control.shown if any(ch.isalpha() for ch in control.shown) else ""
    tip = control.shown_tooltip or {"<": pgettext("voice", "Previous"), ">": pgettext("voice", "Next")}.get(
        control.label, "")
    said = tip.lower().startswith(label.lower())  # 'Double-up (100 to 200) ...' needs no 'Double-up:'
    words = (f"{label}: {tip}" if label and tip and not said else (tip or label)) or control.name
    return words if control.enabled else _("{control}, dimmed").format(control=words)


class Focus:
    """Which control of the top scene has the focus (None until a focus key is used).

    The control itself is kept, not its place in the list: buttons that come and go (the offer's
    Yes and No, a drill's Next) do not move the focus to another control.
    """

    def __init__(self) -> None:
        self.scene: Scene | None = None
        self.control: Control | None = None

    def current(self, scene: Scene | None) -> Control | None:
        """The focused control, if the scene still shows it."""
        if scene is not self.scene or self.control is None:
            return None
        return self.control if any(c is self.control for c in controls(scene)) else None

    def move(self, scene: Scene | None, step: int) -> tuple[Control, Intent] | None:
        """Focus the next (+1) or previous (-1) control; the pointer intent that lights it up."""
        shown = controls(scene)
        if not shown:
            return None
        now = self.current(scene)
        at = next((i for i, c in enumerate(shown) if c is now), None)
        index = (0 if step > 0 else len(shown) - 1) if at is None else (at + step) % len(shown)
        self.scene, self.control = scene, shown[index]
        return self.control, Intent(IntentKind.POINT, pos=self.control.rect.center)

    def press(self, scene: Scene | None) -> Intent | None:
        """The click that presses the focused control, or None when nothing has the focus."""
        control = self.current(scene)
        return None if control is None else Intent(IntentKind.CLICK, pos=control.rect.center)

    def draw(self, surface: pygame.Surface, scene: Scene | None) -> None:
        """A ring around the focused control, so the focus can be followed by eye too."""
        control = self.current(scene)
        if control is not None:
            mark(surface, pygame.draw.rect(surface, GOLD, control.rect.inflate(10, 10), 3, border_radius=12))

    def drop(self) -> None:
        """Forget the focus (the mouse is in use again)."""
        self.control = None


PAD_COLORS: dict[str, tuple[int, int, int]] = {
    "A": (96, 176, 72), "B": (200, 64, 56), "X": (64, 120, 208), "Y": (224, 184, 48),
}
"""The face buttons' usual colors; the others are drawn grey."""


def pad_glyphs(scene: Scene | None) -> list[tuple[Button, str]]:
    """Each visible button of the scene a pad button presses, with that pad button's name."""
    shown = controls(scene)
    kinds = {c.intent for c in shown if isinstance(c, Button)}
    meaning = {button: pad_binding(button, kinds.__contains__) for button in PAD_BUTTONS}
    out = []
    for control in shown:
        if not isinstance(control, Button) or control.intent is IntentKind.CLICK:
            continue
        pad = next((b for b, binding in meaning.items() if binding and binding[0] is control.intent), None)
        if pad is not None:
            out.append((control, pad_name(pad)))
    return out


def draw_pad_glyphs(surface: pygame.Surface, assets: Assets, scene: Scene | None) -> None:
    """The pad's button on each button it presses (drawn while the pad is the device in use)."""
    for button, name in pad_glyphs(scene):
        text = assets.text(name, 16 if len(name) <= 2 else 12, (255, 255, 255), bold=True)
        radius = max(11, text.get_width() // 2 + 5)
        center = (button.rect.right - radius + 4, button.rect.top + radius - 4)
        mark(surface, pygame.draw.circle(surface, PAD_COLORS.get(name, (90, 90, 90)), center, radius))
        mark(surface, pygame.draw.circle(surface, GOLD, center, radius, 2))
        surface.blit(text, text.get_rect(center=center))
