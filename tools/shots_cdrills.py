"""Screenshots of the counting drills (true-count conversion, deck estimation, speed counting), for
tools/screenshots.py: each a real App driven from the title's Drills button with posted keys and clicks.
"""

from __future__ import annotations

import tempfile
from collections.abc import Callable

import pygame

from game.app import App
from game.settings import Settings


def _step(app: App, frames: int = 1) -> None:
    for _ in range(frames):
        app.wait_while_busy(timeout=60)
        app.step()


def _key(app: App, code: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode=""))
    _step(app)


def _type(app: App, text: str) -> None:
    for ch in text:
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=ch))
    _step(app)


def _click(app: App, pos: tuple[int, int]) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    _step(app)


def _drill(drill: str, rows: dict[str, str], seed: int = 3) -> App:
    """Ann's drill chosen on the setup (reached from the title's Drills button) and opened."""
    from engine.store import get_or_create_profile, open_store

    folder = tempfile.mkdtemp(prefix="bj-shots-data-")
    with open_store(folder) as store:
        get_or_create_profile(store, "Ann", bankroll=100_000)
    app = App(data_dir=folder, settings_dir=folder, settings=Settings(rules="vegas-strip"), seed=seed)
    _step(app, 5)
    _click(app, app.stack.top.buttons.by_name("drills").rect.center)  # type: ignore[attr-defined]
    _step(app, 3)
    for label, value in {"Drill": drill, "Person": "Ann", **rows}.items():
        for _ in range(40):
            setup = app.stack.top
            found = [i for i, (name, shown) in enumerate(setup.rows()) if name == label]  # type: ignore[attr-defined]
            if setup.rows()[found[0]][1] == value:  # type: ignore[attr-defined]
                break
            _click(app, setup.buttons.by_name(f"next{found[0]}").rect.center)  # type: ignore[attr-defined]
        else:
            raise LookupError(f"the {label} row never shows {value!r}")
    _step(app, 3)  # the people are read before Ann can be chosen
    _key(app, pygame.K_RETURN)
    _step(app, 3)
    return app


def true_count_shot() -> App:
    """True-count conversion to the half deck: one right answer, then the next tray answered."""
    app = _drill("True count conversion", {}, seed=16)  # the second tray: -14 over 3 decks, floored to -5
    drill = app.stack.top
    _type(app, str(drill.spot.true_count()))  # type: ignore[attr-defined]
    _key(app, pygame.K_RETURN)
    _key(app, pygame.K_RETURN)
    _type(app, str(drill.spot.true_count()))  # type: ignore[attr-defined]
    _key(app, pygame.K_RETURN)
    _step(app, 20)
    return app


def deck_estimation_shot() -> App:
    """Deck estimation off the tray to the quarter deck, answered a quarter deck off."""
    app = _drill("Deck estimation", {"Answer": "to the quarter deck"})
    drill = app.stack.top
    quarters = round(drill.spot.figure * 4) + 1  # type: ignore[attr-defined]
    _type(app, f"{quarters / 4:g}")
    _key(app, pygame.K_RETURN)
    _step(app, 20)
    return app


def speed_shot() -> App:
    """Speed counting, three cards a flash, part way into the deck with the clock running."""
    app = _drill("Speed counting", {"Flash": "3 cards at a time"})
    _key(app, pygame.K_RETURN)
    drill = app.stack.top
    while drill.shown < 4 or not drill.showing():  # type: ignore[attr-defined]
        _step(app)
    return app


CDRILLS_SHOTS: dict[str, Callable[[], App]] = {
    "true-count-drill": true_count_shot,
    "deck-estimation-drill": deck_estimation_shot,
    "speed-drill": speed_shot,
}
"""The counting drills' screenshots by file name."""
