"""The canvas puts the table's still layer back only where something was drawn over it (issue 23).

At the table the canvas counts every rectangle drawn on it (`NotingSurface.damage`), and the next frame
copies the still layer back only there and where the layer changed. A drawing the canvas did not count
would stay on the table as a ghost. Each test here draws every frame a second time on a canvas that gets
the whole still layer, with a second `TableView`, and holds the two to the same pixels.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import TypeVar

import pygame
import pytest

from game import layout
from game.app import App
from game.assets import MAX_DAMAGE, NotingSurface, mark
from game.autoplay import ScriptedPolicy
from game.background import Job
from game.settings import Settings
from game.table_view import TableView
from tests.test_game_helpers import RACK, chip, scene_name
from tests.test_still_layer import SEATS, SplitShoe

T = TypeVar("T")


class WholeCopy:
    """Draws each of an app's frames again on a canvas of its own that gets the still layer whole."""

    def __init__(self, app: App) -> None:
        self.app = app
        self.view = TableView(app.assets)
        self.follows = app.ctx.view
        self.canvas = NotingSurface(layout.CANVAS_SIZE, app.assets, like=app.screen)

    def assert_same(self, when: str) -> bool:
        """The app's canvas as drawn this frame matches this frame drawn with the still layer put on whole
        (at the table: a scene away from it may draw work done in the background otherwise a moment later);
        whether the frame was at the table and compared."""
        app = self.app
        if not app.stack.tracks_drawing:
            return False
        kept = app.ctx.view
        if kept is not self.follows:  # the look changed: the app made a new view
            self.view, self.follows = TableView(kept.assets), kept
        self.view._pointed, self.view._pointed_at = kept._pointed, kept._pointed_at  # the pointer's bob
        self.canvas.damage = None
        self.canvas.noting = app.screen.noting
        self.canvas.notes.clear()
        app.ctx.view = self.view
        try:
            app.draw(self.canvas)
        finally:
            app.ctx.view = kept
        if pygame.image.tobytes(app.screen, "RGB") != pygame.image.tobytes(self.canvas, "RGB"):
            same = (1, 1, 1, 255)
            differ = pygame.mask.from_threshold(app.screen, (0, 0, 0), same, othersurface=self.canvas)
            differ.invert()
            raise AssertionError(f"the canvas differs from the table put back whole {when}: "
                                 f"{differ.count()} pixels in {differ.get_bounding_rects()[:4]}")
        assert noted(app.screen) == noted(self.canvas), f"other sprites are noted {when}"
        return True


def noted(canvas: NotingSurface) -> list[tuple[int, tuple[int, int, int, int]]]:
    """The sprites noted on a canvas and where (for a window larger than the canvas), in the order drawn."""
    return [(id(sprite), (rect.x, rect.y, rect.w, rect.h)) for sprite, rect in canvas.notes]


def test_a_canvas_counts_blits_fills_and_marks_only_while_it_tracks():
    pygame.display.init()
    from game.assets import Assets

    assets = Assets()
    canvas = NotingSurface((100, 80), assets)
    canvas.fill((1, 2, 3), (0, 0, 5, 5))
    assert canvas.damage is None  # counts nothing until asked
    canvas.damage = []
    canvas.blit(pygame.Surface((10, 10)), (90, 75))
    canvas.fill((9, 9, 9), (20, 20, 4, 4))
    canvas.blits([(pygame.Surface((3, 3)), (1, 1))])
    assert mark(canvas, pygame.draw.rect(canvas, (255, 0, 0), (50, 50, 7, 6))) == pygame.Rect(50, 50, 7, 6)
    assert canvas.damage == [pygame.Rect(90, 75, 10, 5), pygame.Rect(20, 20, 4, 4), pygame.Rect(1, 1, 3, 3),
                             pygame.Rect(50, 50, 7, 6)]
    plain = pygame.Surface((10, 10))
    assert mark(plain, pygame.Rect(1, 1, 2, 2)) == pygame.Rect(1, 1, 2, 2)  # nothing to tell
    for _ in range(MAX_DAMAGE):
        canvas.fill((0, 0, 0), (0, 0, 1, 1))
    assert canvas.damage is None  # too many to be worth it: the layer goes back whole


@pytest.mark.parametrize(("settings", "window"), [
    ({}, None),
    ({"casino": True, "high_contrast": True, "ui_scale": 1.25}, None),
    ({}, (1920, 1080)),  # the canvas notes its sprites, to draw them sharp at this size
])
def test_bots_playing_a_round_with_splits_leave_no_ghost(settings, window):
    app = App(seed=23, seats=SEATS, autoplay=True, settings=Settings(sound=False, **settings),  # type: ignore[arg-type]
              shoe=SplitShoe(), bots={seat: ScriptedPolicy() for seat in range(SEATS)}, start="betting")
    whole = WholeCopy(app)
    try:
        if window is not None:
            from pygame._sdl2.video import Window

            shown = Window.from_display_module()  # kept: dropped at once, SDL's event pump crashed later here
            shown.size = window
        partial = 0
        for frame in range(1500):
            app.step(1 / 60)
            partial += app.screen.shown is app.ctx.view._showing and bool(app.screen.damage)
            whole.assert_same(f"at frame {frame} ({scene_name(app)})")
            app.use_spare_time()  # as the live loop does: seats' looks drawn and sprites encoded ahead
            assert app.screen.noting == (window is not None)
        assert app.ctx.session.table.rounds_played >= 1
        assert partial > 1000  # the still layer was put back in part in most frames, not whole
    finally:
        app.close()


KEYS = (pygame.K_h, pygame.K_s, pygame.K_d, pygame.K_p, pygame.K_r, pygame.K_i, pygame.K_n, pygame.K_SPACE,
        pygame.K_RETURN, pygame.K_t, pygame.K_c, pygame.K_SLASH, pygame.K_TAB, pygame.K_o, pygame.K_ESCAPE,
        pygame.K_u, pygame.K_b)
"""The table's keys: the moves, the chart, the count, the hint, the focus ring, the settings and the rules
(drawn over the table), a bet."""


@pytest.mark.parametrize("seed", [1, 2])
def test_a_person_clicking_and_pressing_at_random_leaves_no_ghost(tmp_path, seed):
    """Clicks on the chips, the buttons and anywhere, the pointer over the shoe (its tip), the trainer's
    chart, count and hint, the focus ring and the settings and rules drawn over the table."""
    rng = random.Random(seed)
    app = App(seed=seed, settings=Settings(sound=False), start="betting", data_dir=tmp_path)
    for worker in (app.ctx.odds.worker, app.ctx.records.worker):
        worker.submit = done_at_once  # type: ignore[method-assign]
    whole = WholeCopy(app)
    compared = 0
    try:
        for frame in range(900):
            roll = rng.random()
            scene = app.stack.top
            buttons = getattr(scene, "buttons", None)
            if roll < 0.1:
                pos = chip(rng.choice(RACK))
            elif roll < 0.25 and buttons is not None and buttons.buttons:
                pos = rng.choice(buttons.buttons).rect.center
            elif roll < 0.3:
                pos = layout.shoe_rect().center
            else:
                pos = (rng.randrange(layout.CANVAS_SIZE[0]), rng.randrange(layout.CANVAS_SIZE[1]))
            pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
            if roll < 0.3 or rng.random() < 0.05:
                pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
            elif rng.random() < 0.06:
                pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=rng.choice(KEYS), mod=0, unicode="",
                                                     scancode=0))
            app.step(1 / 60)
            compared += whole.assert_same(f"at frame {frame} ({scene_name(app)})")
            app.use_spare_time()
        assert compared > 200, compared  # frames at the table (a click may take the person elsewhere)
    finally:
        app.close()


def done_at_once(work: Callable[[], T], name: str = "") -> Job[T]:
    """A worker's `submit`, done before it returns: done on their threads, the odds (the chart, a hint) could
    land between a frame's two drawings and show in one and not the other, and a save finished sooner or
    later would take the clicks elsewhere from one run to the next."""
    job = Job(work, name)
    job.run()
    return job
