"""Screenshots of the deviation drill (registered in tools/screenshots.py, whose helpers they use)."""

from __future__ import annotations

import pygame

from game.app import App


def deviation_drill_shot() -> App:
    """The deviation drill for Ann (Illustrious 18, Hi-Lo, Vegas Strip): a wrong answer and its index."""
    import screenshots as shots  # the helpers; imported here, as screenshots.py imports this module

    app = shots.drill_app()
    while "Ann" not in app.stack.top.people:  # type: ignore[attr-defined]  # the saved people load on a worker
        shots.step(app)
    shots.choose(app, 0, "Deviations")
    shots.choose(app, 2, "Ann")
    shots.key(app, pygame.K_RETURN)
    shots.step(app, 3)
    drill = app.stack.top
    keys = {"hit": pygame.K_h, "stand": pygame.K_s, "double": pygame.K_d, "split": pygame.K_p,
            "surrender": pygame.K_r, "insurance": pygame.K_y, "no_insurance": pygame.K_n}
    for wrong in (False, False, True):
        question = drill.question  # type: ignore[attr-defined]
        right = drill.drill.judge(question, None).right  # type: ignore[attr-defined]
        play = question.play  # the wrong answer is the index's other play: the mistake it is there to catch
        answer = (play.below if right is play.at_or_above else play.at_or_above) if wrong else right
        shots.key(app, keys[answer.value])
        shots.step(app, 10)
        if not wrong:
            shots.key(app, pygame.K_RETURN)
            shots.step(app, 2)
    shots.step(app, 30)
    return app
