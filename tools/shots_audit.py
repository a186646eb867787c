"""The shoe-audit screenshot: the history's Shoes view with a finished shoe's fingerprint, commitment, salt,
order and Verify's result (tools/screenshots.py registers it)."""

from __future__ import annotations

import tempfile

import pygame

from engine import events as ev
from game import layout
from game.app import App
from game.scenes.history import ROW_H
from game.seats import parse_seats
from game.settings import Settings


def shoe_audit_shot() -> App:
    """Ann at a one-deck table until its first shoe is done and the next one shuffled, then
    Statistics, History, Shoes: the finished shoe chosen and verified."""
    from tools.screenshots import bet_everyone, play_simply, scene  # imported late: it imports this module

    folder = tempfile.mkdtemp(prefix="bj-shots-data-")
    settings = Settings(speed="instant", rules="single-deck")
    app = App(data_dir=folder, settings_dir=folder, settings=settings, seed=5, seat_specs=parse_seats("Ann"))
    while scene(app) != "BettingScene":
        _frame(app)
    for _ in range(30):
        bet_everyone(app)
        play_simply(app)
        _key(app, pygame.K_RETURN)
        while scene(app) not in ("BettingScene", "BrokeScene"):
            _frame(app)
        if any(isinstance(event, ev.ShoeShuffled) for event in app.ctx.round.events):
            break  # the second shoe is shuffled: the first is done
    for _ in range(5):  # the new shoe's commitment is saved, revealing the first
        _frame(app)
    assert app.ctx.records is not None
    app.ctx.records.flush()
    _key(app, pygame.K_o)
    for name in ("stats", "history", "shoes"):
        _click(app, app.stack.top.buttons.by_name(name).rect.center)  # type: ignore[attr-defined]
        for _ in range(10):
            _frame(app)
    listed = layout.history_rects()["list"]
    _click(app, (listed.x + 40, listed.y + ROW_H * 2 + ROW_H // 2))  # the older, finished shoe
    _click(app, app.stack.top.buttons.by_name("verify").rect.center)  # type: ignore[attr-defined]
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(700, 20), rel=(0, 0), buttons=(0, 0, 0)))
    _frame(app)
    return app


def _frame(app: App) -> None:
    app.wait_while_busy()
    app.step()


def _click(app: App, pos: tuple[int, int]) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    _frame(app)


def _key(app: App, code: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode=""))
    _frame(app)
