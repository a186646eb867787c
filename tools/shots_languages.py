"""The table in other languages, in windows of other sizes: what a German player sees in an 800x600
window and a French one full screen at 1920x1080 (the whole window, letterbox and all).

Registered in tools/screenshots.py (`german-800x600`, `french-1920x1080`) as window shots: they are
saved from the window, not from the 1280x720 canvas the other shots save.
"""

from __future__ import annotations

import tempfile

import pygame

from engine import DecisionKind
from game.app import App
from game.seats import parse_seats
from game.settings import Settings
from tools.shots_polish import crowded_table


def _step(app: App, frames: int = 1) -> None:
    import screenshots as shots  # here: screenshots imports this module

    shots.step(app, frames)


def _key(app: App, code: int) -> None:
    import screenshots as shots

    shots.key(app, code)


def _window(app: App, size: tuple[int, int]) -> App:
    """Resize the window as a person dragging its edge does, and show a few frames in it."""
    pygame.display.set_mode(size, pygame.RESIZABLE)
    _step(app, 10)
    app.present()  # the loop shows each frame; a stepped App only draws it
    return app


def german_800x600_shot() -> App:
    """Ann's turn in German at a four-seat table, in an 800x600 window: buttons, plates, euros."""
    folder = tempfile.mkdtemp(prefix="bj-shots-data-")
    app = App(data_dir=folder, settings_dir=folder, settings=Settings(language="de"), seed=7,
              seat_specs=parse_seats("Ann,Bob,bot:basic,Carmen"))
    while type(app.stack.top).__name__ != "BettingScene":
        _step(app)
    _step(app, 60)
    while type(app.stack.top).__name__ == "BettingScene" and app.stack.top.turn is not None:  # type: ignore[attr-defined]
        for _ in range(3):
            _key(app, pygame.K_3)  # the $25 chip
        _key(app, pygame.K_RETURN)
    for _ in range(60 * 60):
        decision = app.ctx.round.decision
        if (decision is not None and decision.kind is DecisionKind.PLAY and app.ctx.presenter.idle
                and decision.seat in app.ctx.session.human_seats):
            break
        if decision is not None and decision.kind is not DecisionKind.PLAY and app.ctx.presenter.idle:
            _key(app, pygame.K_n)
            continue
        _step(app)
    _step(app, 30)
    return _window(app, (800, 600))


def french_1920x1080_shot() -> App:
    """Seven people settled in French in a 1920x1080 window: splits, doubles, a surrender, busts."""
    return _window(crowded_table(language="fr"), (1920, 1080))


LANGUAGE_SHOTS = {"german-800x600": german_800x600_shot, "french-1920x1080": french_1920x1080_shot}
"""Shots saved from the window (tools/screenshots.py)."""
