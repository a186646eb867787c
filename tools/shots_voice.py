"""Screenshots of the keys screen and of the table played with a gamepad, for tools/screenshots.py:
each a real App driven with posted keys and controller events."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from engine import StackedShoe
from game.app import App
from game.settings import Settings


def _pad(app: App, button: int) -> None:
    """Post a pad button press, as SDL reports it, and run a frame."""
    pygame.event.post(pygame.event.Event(pygame.CONTROLLERBUTTONDOWN, button=button, instance_id=0))
    app.step()


def keys_shot() -> App:
    """The keys screen from the settings: Hit moved to G, Stand chosen, and a clash refused."""
    import screenshots as shots  # the helpers; imported here, as screenshots.py imports this module

    app = App(seed=11, settings=Settings(keys={"HIT": "g"}), start="betting")
    shots.step(app, 5)
    shots.key(app, pygame.K_o)
    shots.step(app, 2)
    shots.click(app, app.stack.top.buttons.by_name("keys").rect.center)  # type: ignore[attr-defined]
    shots.step(app, 2)
    shots.key(app, pygame.K_DOWN)
    shots.key(app, pygame.K_RETURN)
    shots.key(app, pygame.K_d)  # Double's key: refused, naming it
    shots.step(app, 2)
    return app


def gamepad_shot() -> App:
    """A hand played with a pad: its buttons on the action buttons, the D-pad's focus on Stand."""
    import screenshots as shots  # the helpers; imported here, as screenshots.py imports this module

    app = App(seed=11, shoe=StackedShoe("TS 6H 6D 7C 5S 9H"), settings=Settings(), start="betting")
    shots.step(app, 5)
    for button in (pygame.CONTROLLER_BUTTON_RIGHTSHOULDER, pygame.CONTROLLER_BUTTON_RIGHTSHOULDER,
                   pygame.CONTROLLER_BUTTON_A):
        _pad(app, button)
    shots.settle(app, 3)
    _pad(app, pygame.CONTROLLER_BUTTON_DPAD_DOWN)
    _pad(app, pygame.CONTROLLER_BUTTON_DPAD_DOWN)
    shots.step(app, 40)
    return app


VOICE_SHOTS: dict[str, Callable[[], App]] = {"keys": keys_shot, "gamepad": gamepad_shot}
