"""Demo mode: bots play on a table of their own, captions explain, and any input goes back."""

from __future__ import annotations

import pygame
import pytest

import game.scenes.demo as demo_module
from game.scenes.demo import SPEEDS, DemoScene
from game.scenes.title import ATTRACT_WAIT
from tests.test_game_helpers import click, make_app, press, scene_name, step, top


@pytest.fixture
def quick_max(monkeypatch):
    """Max speed plays a sliver of a frame, so thousands of frames stay quick."""
    monkeypatch.setattr(demo_module, "MAX_BUDGET", 0.0005)


def test_demo_plays_thousands_of_frames_and_a_click_returns_to_the_title(quick_max):
    app = make_app(start="demo")
    try:
        demo = top(app)
        assert isinstance(demo, DemoScene) and scene_name(app) == "DemoScene"
        press(app, pygame.K_4)  # max speed: a speed key does not leave
        assert top(app) is demo and SPEEDS[demo.speed][0] == "max"
        for _ in range(2500):
            step(app)
        assert demo.rounds >= 100, f"only {demo.rounds} rounds in 2500 frames"
        assert demo.caption is not None and demo.caption.text.startswith("Seat ")
        # The last caption may judge a play ("16 against a 10") or an insurance offer
        # ("dealer shows an ace"), whichever the odds worker answered last.
        text = demo.caption.text
        assert (" against " in text or "dealer shows an ace" in text) and "%" in text
        table = demo.ctx.session
        assert app.ctx.session is not table, "the person's table is not the demo's"
        assert all(table.seats_info[s].label.startswith(f"Seat {s + 1} (") for s in range(table.seats))
        click(app, (640, 300))
        step(app)
        assert scene_name(app) == "TitleScene"
    finally:
        app.close()


def test_demo_plays_with_animation_at_1x_and_any_key_leaves():
    app = make_app(start="demo")
    try:
        demo = top(app)
        assert isinstance(demo, DemoScene)
        for _ in range(60 * 8):
            step(app)
        assert demo.rounds >= 1 and demo.ctx.presenter.round is not None
        assert len(demo.ctx.round.events) > 3, "cards were dealt"
        press(app, pygame.K_z)  # a key with no meaning anywhere else
        step(app)
        assert scene_name(app) == "TitleScene"
    finally:
        app.close()


def test_title_starts_the_demo_after_a_minute_idle_and_returns_to_it():
    app = make_app(start="title")
    try:
        title = top(app)
        for _ in range(round(ATTRACT_WAIT * 60) - 60):
            app.step()
        assert scene_name(app) == "TitleScene", "not before a minute"
        for _ in range(90):
            app.step()
        assert scene_name(app) == "DemoScene"
        click(app, (640, 300))
        step(app)
        assert top(app) is title and title.idle < 1.0
    finally:
        app.close()


def test_demo_button_on_the_title_and_speed_buttons(quick_max):
    app = make_app(start="title")
    try:
        click(app, top(app).buttons.by_name("demo").rect.center)  # type: ignore[attr-defined]
        step(app)
        demo = top(app)
        assert isinstance(demo, DemoScene)
        click(app, demo.buttons.by_name("speed2").rect.center)
        assert top(app) is demo and SPEEDS[demo.speed][0] == "4x"
        press(app, pygame.K_2)
        assert top(app) is demo and SPEEDS[demo.speed][0] == "2x"
    finally:
        app.close()
