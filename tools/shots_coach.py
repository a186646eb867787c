"""The coach's screenshot: a counter's count panel and the hint with an index (see tools/screenshots.py).

A single-deck table whose person counts KO and is judged by index plays: after a first round
of small cards, 16 against a 10 with the count panel and the hint open.
"""

from __future__ import annotations

from types import SimpleNamespace

import pygame

from engine import StackedShoe
from game.app import App
from game.counter_settings import JUDGING_KEY, SYSTEM_KEY
from game.settings import Settings

# Round 1: 4 5 stands against a 6 (hole 5, draws a ten); round 2: 9 7 against a ten (hole 7).
CARDS = "4S 6H 5D 5C TS 9H TD 7C 7S TH TC"


def coach_indices_shot() -> App:
    """The count panel in KO and the hint naming the stand index of 16 against a 10."""
    from tools.screenshots import chip, click, key, settle, step

    app = App(seed=11, shoe=StackedShoe(CARDS), settings=Settings(rules="single-deck"), start="betting")
    # A saved profile's settings, as the game reads them (this run keeps no history to save one in).
    counter = {SYSTEM_KEY: "ko", JUDGING_KEY: "indices"}
    app.ctx.session.seats_info[0].profile = SimpleNamespace(settings=counter)
    settle(app, 0.5)
    click(app, chip(25))
    key(app, pygame.K_RETURN)
    settle(app)
    key(app, pygame.K_s)
    settle(app)
    key(app, pygame.K_RETURN)
    settle(app)
    click(app, chip(25))
    key(app, pygame.K_RETURN)
    settle(app)
    key(app, pygame.K_c)
    key(app, pygame.K_SLASH)
    while app.ctx.trainer.hint is None:  # the first generation of the index plays takes seconds
        step(app)
    settle(app, 0.5)
    return app
