"""Screenshots of the counting drills (true-count conversion, deck estimation, speed counting), for
tools/screenshots.py: each a real App driven from the title's Drills button with posted keys and clicks.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.app import App


def _drill(drill: str, rows: dict[str, str], seed: int = 3) -> App:
    """Ann's drill chosen on the setup (reached from the title's Drills button) and opened."""
    import screenshots as shots  # the helpers; imported here, as screenshots.py imports this module

    app = shots.drill_app(seed)
    while "Ann" not in app.stack.top.people:  # type: ignore[attr-defined]  # the saved people load on a worker
        shots.step(app)
    for label, value in {"Drill": drill, "Person": "Ann", **rows}.items():
        for _ in range(40):
            setup = app.stack.top
            found = [i for i, (name, shown) in enumerate(setup.rows()) if name == label]  # type: ignore[attr-defined]
            if setup.rows()[found[0]][1] == value:  # type: ignore[attr-defined]
                break
            shots.click(app, setup.buttons.by_name(f"next{found[0]}").rect.center)  # type: ignore[attr-defined]
        else:
            raise LookupError(f"the {label} row never shows {value!r}")
    shots.key(app, pygame.K_RETURN)
    shots.step(app, 3)
    return app


def true_count_shot() -> App:
    """True-count conversion to the half deck: one right answer, then the next tray answered."""
    import screenshots as shots  # the helpers; imported here, as screenshots.py imports this module

    app = _drill("True count conversion", {}, seed=16)  # the second tray: -14 over 3 decks, floored to -5
    drill = app.stack.top
    shots.typing(app, str(drill.spot.true_count()))  # type: ignore[attr-defined]
    shots.key(app, pygame.K_RETURN)
    shots.key(app, pygame.K_RETURN)
    shots.typing(app, str(drill.spot.true_count()))  # type: ignore[attr-defined]
    shots.key(app, pygame.K_RETURN)
    shots.step(app, 20)
    return app


def deck_estimation_shot() -> App:
    """Deck estimation off the tray to the quarter deck, answered a quarter deck off."""
    import screenshots as shots  # the helpers; imported here, as screenshots.py imports this module

    app = _drill("Deck estimation", {"Answer": "to the quarter deck"})
    drill = app.stack.top
    quarters = round(drill.spot.figure * 4) + 1  # type: ignore[attr-defined]
    shots.typing(app, f"{quarters / 4:g}")
    shots.key(app, pygame.K_RETURN)
    shots.step(app, 20)
    return app


def speed_shot() -> App:
    """Speed counting, three cards a flash, part way into the deck with the clock running."""
    import screenshots as shots  # the helpers; imported here, as screenshots.py imports this module

    app = _drill("Speed counting", {"Flash": "3 cards at a time"})
    shots.key(app, pygame.K_RETURN)
    drill = app.stack.top
    while drill.shown < 4 or not drill.showing():  # type: ignore[attr-defined]
        shots.step(app)
    return app


CDRILLS_SHOTS: dict[str, Callable[[], App]] = {
    "true-count-drill": true_count_shot,
    "deck-estimation-drill": deck_estimation_shot,
    "speed-drill": speed_shot,
}
"""The counting drills' screenshots by file name."""
