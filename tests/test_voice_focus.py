"""The focus that walks any screen's controls: reading order, controls found in a scene's attributes,
a focus that stays on its control as others come and go, and the words that name each control."""

from __future__ import annotations

import pygame

from game.focus import Focus, control_words, controls, describe
from game.intents import IntentKind
from game.scene import Scene
from game.widgets import Button, ButtonRow, TextField


class Seat:
    """A record holding a field, as the setup's seat rows do."""

    def __init__(self, field: TextField) -> None:
        self.field = field


class Screen(Scene):
    def __init__(self) -> None:
        super().__init__()
        self.buttons = ButtonRow([
            Button("ok", "OK", pygame.Rect(300, 400, 80, 40), IntentKind.CONFIRM, tooltip="Done (Enter)"),
            Button("prev0", "<", pygame.Rect(100, 100, 40, 40), IntentKind.CLICK),
            Button("next0", ">", pygame.Rect(400, 104, 40, 40), IntentKind.CLICK),
            Button("gone", "Gone", pygame.Rect(10, 10, 40, 40), IntentKind.CLICK, visible=False),
        ])
        self.seats = [Seat(TextField("name0", pygame.Rect(150, 200, 100, 30), text="Ann"))]
        self.value = "Basic strategy"

    def rows(self) -> list[tuple[str, str]]:
        return [("Drill", self.value)]


def test_controls_are_found_in_the_scenes_attributes_and_read_top_to_bottom_then_left_to_right():
    screen = Screen()
    assert [c.name for c in controls(screen)] == ["prev0", "next0", "name0", "ok"]


def test_the_focus_stays_on_its_control_while_others_come_and_go():
    screen, focus = Screen(), Focus()
    focus.move(screen, 1)
    control, point = focus.move(screen, 1)
    assert control.name == "next0" and point.kind is IntentKind.POINT and point.pos == control.rect.center
    screen.buttons.by_name("prev0").visible = False
    assert focus.current(screen) is control
    assert focus.move(screen, 1)[0].name == "name0"
    assert focus.move(screen, -1)[0].name == "next0"
    assert focus.press(screen).pos == control.rect.center
    focus.drop()
    assert focus.current(screen) is None and focus.press(screen) is None
    assert focus.current(Screen()) is None, "a new screen starts unfocused"


def test_a_rows_arrows_say_the_row_and_its_value_and_other_controls_their_words():
    screen = Screen()
    assert describe(screen, screen.buttons.by_name("next0")) == "Drill: Basic strategy. Next"
    assert describe(screen, screen.buttons.by_name("prev0")) == "Drill: Basic strategy. Previous"
    assert describe(screen, screen.buttons.by_name("ok")) == "OK: Done (Enter)"
    assert control_words(screen.seats[0].field) == "Text field: Ann"
    button = screen.buttons.by_name("ok")
    button.enabled = False
    assert control_words(button) == "OK: Done (Enter), dimmed"
