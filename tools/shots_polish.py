"""The "clear at a glance" screenshots: a crowded seven-seat settlement and a seven-seat history row.

Registered in tools/screenshots.py (`crowded-settlement`, `history-seven`); run through it:

    SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy python tools/screenshots.py docs/screenshots history-seven

`crowded_table()` is also what the layout tests play: seven people on a stacked shoe split,
double, bust and surrender side by side, so every kind of badge sits next to another.
"""

from __future__ import annotations

import tempfile
from pathlib import Path

import pygame

from engine import DecisionKind, StackedShoe
from game import layout
from game.app import App
from game.seats import parse_seats
from game.settings import Settings

SEVEN = "Ann,Bob,Cy,Dee,Eve,Fay,Gus"
"""Seven people, first base (seat 1, on the right) to third base."""

# The dealer shows a ten over a 7. Seat by seat: 8 8 split (stand on 18, double the 11 to 20);
# T 6 surrendered; 9 9 split (the 14 hits and busts, the 19 stands); T 5 hits and busts;
# A A split (a card each); 7 7 split (the 11 doubles to 13, the 17 stands); 6 6 split (the 16 hits
# and busts, the 11 doubles to 19).
CROWDED_SHOE = "8 T 9 T A 7 6 T 8 6 9 5 A 7 6 7 T 3 9 5 K T 7 9 K 4 2 Q T 9 5 8 2 3 4 5 6 7 8 9"
_PLAN = {
    (0, 0, 1): pygame.K_p, (0, 1, 2): pygame.K_d,
    (1, 0, 2): pygame.K_r,
    (2, 0, 1): pygame.K_p, (2, 0, 2): pygame.K_h,
    (3, 0, 2): pygame.K_h,
    (4, 0, 1): pygame.K_p,
    (5, 0, 1): pygame.K_p, (5, 0, 2): pygame.K_d,
    (6, 0, 1): pygame.K_p, (6, 0, 2): pygame.K_h, (6, 1, 2): pygame.K_d,
}
"""Each person's play by (seat, hand, cards held); a pair's first decision is keyed by one card held
twice over: `(seat, 0, 1)` means the pair itself. Anything else stands."""


def _step(app: App, frames: int = 1) -> None:
    for _ in range(frames):
        app.wait_while_busy(timeout=60)
        app.step()


def _post_key(app: App, code: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode="", scancode=0))
    _step(app)


def _click(app: App, pos: tuple[int, int]) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    _step(app)


def _scene(app: App) -> str:
    return type(app.stack.top).__name__


def crowded_table(folder: Path | None = None, speed: str = "normal", language: str = "") -> App:
    """Seven people play CROWDED_SHOE to the payout, everything landed (the round is saved in `folder`),
    in `language` ('' : the system's)."""
    where = folder or Path(tempfile.mkdtemp(prefix="bj-shots-data-"))
    settings = Settings(speed=speed, rules="vegas-strip", language=language)
    app = App(data_dir=where, settings_dir=where, settings=settings, seed=7,
              seat_specs=parse_seats(SEVEN), shoe_factory=lambda: StackedShoe(CROWDED_SHOE))
    while _scene(app) != "BettingScene":
        _step(app)
    chip = layout.rack_chip_center(2, 5)  # the $25 chip
    while _scene(app) == "BettingScene" and app.stack.top.turn is not None:  # type: ignore[attr-defined]
        for _ in range(4):
            _click(app, chip)
        _post_key(app, pygame.K_RETURN)
    for _ in range(60 * 120):
        if _scene(app) == "PayoutScene" and app.ctx.presenter.idle:
            break
        rnd, decision = app.ctx.round, app.ctx.round.decision
        if decision is not None and app.ctx.presenter.idle and decision.kind is DecisionKind.PLAY:
            cards = rnd.hands(decision.seat)[decision.hand].cards
            pair = len(cards) == 2 and cards[0].rank == cards[1].rank and len(rnd.hands(decision.seat)) == 1
            held = 1 if pair else len(cards)
            _post_key(app, _PLAN.get((decision.seat, decision.hand, held), pygame.K_s))
            continue
        if decision is not None and app.ctx.presenter.idle:
            _post_key(app, pygame.K_n)
            continue
        _step(app)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(640, 700), rel=(0, 0), buttons=(0, 0, 0)))
    _step(app, 30)
    return app


def crowded_settlement_shot() -> App:
    """The seven-seat table at the payout: splits, doubles, busts and a surrender side by side."""
    return crowded_table()


def history_seven_shot() -> App:
    """The history listing the crowded seven-seat round: its hands stay left of the dealer's column."""
    app = crowded_table()
    app.ctx.records.flush()  # type: ignore[union-attr]
    _post_key(app, pygame.K_o)
    _click(app, app.stack.top.buttons.by_name("stats").rect.center)  # type: ignore[attr-defined]
    while not (_scene(app) == "StatsScene" and app.stack.top.data is not None):  # type: ignore[attr-defined]
        _step(app)
    _click(app, app.stack.top.buttons.by_name("history").rect.center)  # type: ignore[attr-defined]
    while not (_scene(app) == "HistoryScene" and app.stack.top.page is not None):  # type: ignore[attr-defined]
        _step(app)
    _step(app, 5)
    return app
