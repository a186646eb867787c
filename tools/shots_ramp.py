"""The bet ramp's screenshot: Ann's counting screen at a hot-seat table, a ramp edited and priced.

Registered in tools/screenshots.py (`bet-ramp`); run through it:

    SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy python tools/screenshots.py docs/screenshots bet-ramp
"""

from __future__ import annotations

import tempfile

import pygame

from game.app import App
from game.seats import parse_seats
from game.settings import Settings


def _click(app: App, name: str) -> None:
    """Click the top scene's button by name (a real posted click) and run a frame."""
    pos = app.stack.top.buttons.by_name(name).rect.center  # type: ignore[attr-defined]
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    _step(app)


def _step(app: App, frames: int = 1) -> None:
    for _ in range(frames):
        app.wait_while_busy()
        app.step()


def bet_ramp_shot() -> App:
    """Ann opens Counting from the table's settings, makes a 1-12 Hi-Lo ramp leaving at -1: its price."""
    folder = tempfile.mkdtemp(prefix="bj-shots-data-")
    app = App(data_dir=folder, settings_dir=folder, settings=Settings(), seed=7,
              seat_specs=parse_seats("Ann"))
    while type(app.stack.top).__name__ != "BettingScene":
        _step(app)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_o, mod=0, unicode="o"))
    _step(app, 2)
    _click(app, "counting")
    _step(app, 3)
    for name in ("add", "units+2", "add", "units-4", "units-4", "units-4", "units-4", "count+5"):
        _click(app, name)  # a 1-2-5-8-12 ramp, leaving at -1
    screen = app.stack.top
    screen.figures().result(600)  # type: ignore[attr-defined]
    _step(app, 5)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(640, 700), rel=(0, 0), buttons=(0, 0, 0)))
    _step(app, 5)
    return app
