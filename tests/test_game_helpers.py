"""Helpers for the game tests (no tests here): an App on a stacked shoe, real posted mouse and key events."""

from __future__ import annotations

import time
from collections.abc import Callable

import pygame

from engine import StackedShoe
from game import layout
from game.app import App
from game.scene import Scene
from game.settings import Settings

RACK = (1, 5, 25, 100, 500)


def make_app(
    cards: str | None = None,
    *,
    speed: str = "instant",
    seed: int = 5,
    rules: str | None = None,
    start: str = "betting",
    **kwargs: object,
) -> App:
    """An App at the betting scene dealing from a stacked shoe (or a seeded one)."""
    shoe = StackedShoe(cards) if cards else None
    settings = Settings(speed=speed, sound=False)
    if rules:
        settings = settings.with_changes(rules=rules)
    return App(seed=seed, shoe=shoe, settings=settings, start=start, **kwargs)  # type: ignore[arg-type]


def step(app: App) -> None:
    """One frame, after any background work the scene waits on (a chart, the database) is done."""
    app.wait_while_busy(timeout=60)
    app.step()


def click(app: App, pos: tuple[int, int], button: int = 1) -> None:
    """Move the mouse there and click, as SDL would report it; then run one frame."""
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button))
    step(app)


def press(app: App, key: int) -> None:
    """Press a key; then run one frame."""
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0))
    step(app)


def type_text(app: App, text: str) -> None:
    """Type characters as SDL reports typing (one TEXTINPUT per character); then run one frame."""
    for ch in text:
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=ch))
    step(app)


def run(app: App, seconds: float = 0.1) -> None:
    """Let time pass, frame by frame."""
    for _ in range(max(1, round(seconds * 60))):
        step(app)


def run_until(app: App, done: Callable[[], bool], seconds: float = 20.0) -> None:
    """Run frames until `done()`, failing once `seconds` of game time and as many of wall-clock time
    have passed: the database and the odds work on their own clock, however fast the frames run."""
    frames, deadline = 0, time.monotonic() + seconds
    while not done():
        if frames >= round(seconds * 60) and time.monotonic() > deadline:
            raise AssertionError("the game never got there")
        step(app)
        frames += 1


def chip(value: int) -> tuple[int, int]:
    """Where a chip sits in the rack."""
    return layout.rack_chip_center(RACK.index(value), len(RACK))


def top(app: App) -> Scene:
    """The scene on top of the stack."""
    scene = app.stack.top
    assert scene is not None
    return scene


def button(app: App, name: str) -> pygame.Rect:
    """The rect of a button of the top scene."""
    return top(app).buttons.by_name(name).rect  # type: ignore[attr-defined]


def scene_name(app: App) -> str:
    """The class name of the top scene."""
    return type(top(app)).__name__


def bet_and_deal(app: App, *chips: int) -> None:
    """Click chips into the circle and click Deal."""
    for value in chips:
        click(app, chip(value))
    click(app, button(app, "deal").center)


def wait_for_player(app: App) -> None:
    """Run until the player is asked to decide."""
    run_until(
        app,
        lambda: (
            scene_name(app) == "PlayerTurnScene"
            and app.ctx.presenter.idle
            and app.ctx.round.decision is not None
        ),
    )


def finish_round(app: App) -> None:
    """Stand on every hand still asked, let the payout show, and go on to the next bet."""
    run_until(app, lambda: app.ctx.round.is_over or app.ctx.round.decision is not None)
    while not app.ctx.round.is_over:
        press(app, pygame.K_s)
        run(app, 0.05)
    run_until(app, lambda: scene_name(app) == "PayoutScene" and app.ctx.presenter.idle)
    click(app, button(app, "next").center)
    run(app, 0.05)
