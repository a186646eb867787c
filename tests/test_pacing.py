"""An idle table lets the game sleep: the loop stops presenting once the picture is still, wakes on input,
and the idle animations (the turn pointer, a text box's caret) come to rest."""

from __future__ import annotations

import time

import pygame

from game.app import App
from game.pacing import SAMPLE_EVERY, STILL_AFTER, Pacer, fingerprint
from game.table_view import POINTER_BOBS_FOR
from game.widgets import CARET_BLINKS_FOR, TextField
from tests.test_game_helpers import run


def look(pacer: Pacer, picture: int, now: float) -> bool | None:
    """One frame: whether it is shown (None when the frame was not checksummed, so it is shown)."""
    return pacer.drawn(picture, now) if pacer.wants_sample() else None


def test_a_still_picture_puts_the_loop_to_sleep_and_a_change_or_input_wakes_it() -> None:
    pacer = Pacer(0.0)
    frames = [look(pacer, 7, i / 60) for i in range(round(STILL_AFTER * 60) + 2 * SAMPLE_EVERY)]
    assert pacer.idle
    assert frames[-1] is False or frames[-SAMPLE_EVERY] is False  # an idle look shows nothing
    assert True in frames  # frames were shown before it fell asleep
    assert pacer.drawn(7, 10.0) is False and pacer.idle
    assert pacer.drawn(8, 10.25) is True and not pacer.idle  # something moved: shown, and awake
    pacer.drawn(8, 20.0)
    pacer.drawn(8, 20.0)
    assert pacer.idle
    pacer.stir(20.1)
    assert not pacer.idle


def test_a_moving_picture_never_sleeps() -> None:
    pacer = Pacer(0.0)
    for i in range(600):
        look(pacer, i // 3, i / 60)
    assert not pacer.idle


def test_the_fingerprint_follows_the_pixels() -> None:
    surface = pygame.Surface((64, 32))
    surface.fill((0, 90, 0))
    before = fingerprint(surface)
    assert fingerprint(surface) == before
    surface.set_at((63, 31), (0, 91, 0))
    assert fingerprint(surface) != before


def _title_app(apps) -> App:
    app = apps(start="title")
    app.assets.warm(60.0)  # no spare-time loading left to keep it busy
    return app


def test_the_live_loop_stops_presenting_on_a_still_title_and_wakes_for_a_click(apps, monkeypatch) -> None:
    app = _title_app(apps)
    presented: list[float] = []
    monkeypatch.setattr(App, "present", lambda self: presented.append(time.monotonic()))
    began = time.monotonic()
    app.run(round(STILL_AFTER * 60) + 40, pace=True)
    assert app.pacer is not None and app.pacer.idle
    awake = [t for t in presented if t - began < STILL_AFTER]
    assert len(presented) < round(STILL_AFTER * 60) + 40 and awake  # shown while awake, not while asleep
    last_shown = len(presented)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(339, 424), rel=(1, 1), buttons=(0, 0, 0)))
    app.run(1, pace=True)
    assert not app.pacer.idle and len(presented) == last_shown + 1  # the hover is shown at once


def test_the_turn_pointer_rests_after_its_first_seconds(apps) -> None:
    app = apps()
    run(app, POINTER_BOBS_FOR + 1)
    shots = []
    for _ in range(3):
        run(app, 0.13)
        shots.append(fingerprint(app.screen))
    assert len(set(shots)) == 1


def test_the_turn_pointer_bobs_at_the_start_of_a_turn(apps) -> None:
    app = apps()
    shots = []
    for _ in range(4):
        run(app, 0.13)
        shots.append(fingerprint(app.screen))
    assert len(set(shots)) > 1


def test_the_caret_blinks_after_an_edit_then_stays_lit() -> None:
    box = TextField("name", pygame.Rect(0, 0, 200, 40), focused=True)
    blinking = [box._caret_shown(t / 10) for t in range(20)]
    assert True in blinking and False in blinking
    assert all(box._caret_shown(CARET_BLINKS_FOR + t / 10) for t in range(20))
    box.type("A")
    assert box._caret_shown(CARET_BLINKS_FOR + 2.0)
    assert not all(box._caret_shown(CARET_BLINKS_FOR + 2.0 + t / 10) for t in range(20))  # blinking again
