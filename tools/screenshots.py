"""Regenerate docs/screenshots/{betting,split,insurance,payout}.png from seeded, stacked shoes.

    SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy python tools/screenshots.py [OUT_DIR]

Each picture is a real App driven with posted clicks and keys, so it shows exactly what a
player sees at that moment of a round.
"""

from __future__ import annotations

import os
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ.setdefault("BLACKJACK_CONFIG_DIR", tempfile.mkdtemp(prefix="bj-shots-"))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import pygame

from engine import StackedShoe
from game import layout
from game.app import App
from game.settings import Settings

OUT = Path(__file__).resolve().parent.parent / "docs" / "screenshots"


def click(app: App, pos: tuple[int, int], button: int = 1) -> None:
    """Post a real mouse click and run a frame."""
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button))
    app.step()


def key(app: App, code: int) -> None:
    """Post a key press and run a frame."""
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode=""))
    app.step()


def settle(app: App, seconds: float = 4.0) -> None:
    """Let the animations run."""
    for _ in range(int(seconds * 60)):
        app.step()


def chip(value: int) -> tuple[int, int]:
    """Where a rack chip is."""
    return layout.rack_chip_center((1, 5, 25, 100, 500).index(value), 5)


def new_app(cards: str | None, seed: int = 11) -> App:
    """An app at the betting scene with a stacked (or seeded) shoe."""
    shoe = StackedShoe(cards) if cards else None
    return App(seed=seed, shoe=shoe, settings=Settings(), start="betting")


def betting(app: App) -> None:
    settle(app, 1.0)
    for value in (25, 5, 5, 1):
        click(app, chip(value))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=chip(100), rel=(0, 0), buttons=(0, 0, 0)))
    settle(app, 1.0)


def split(app: App) -> None:
    settle(app, 0.5)
    click(app, chip(25))
    key(app, pygame.K_RETURN)
    settle(app)
    key(app, pygame.K_p)  # split the eights
    settle(app)
    key(app, pygame.K_p)  # and the third eight
    settle(app)
    key(app, pygame.K_s)
    settle(app)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(640, 500), rel=(0, 0), buttons=(0, 0, 0)))
    settle(app, 1.0)


def insurance(app: App) -> None:
    settle(app, 0.5)
    click(app, chip(100))
    key(app, pygame.K_RETURN)
    settle(app)


def payout(app: App) -> None:
    settle(app, 0.5)
    click(app, chip(25))
    click(app, chip(25))
    key(app, pygame.K_RETURN)
    settle(app)
    key(app, pygame.K_d)
    settle(app, 6.0)


SHOTS: dict[str, tuple[str | None, Callable[[App], None]]] = {
    "betting": (None, betting),
    # player 8 8 against a dealer 6 (hole T); the split draws 8 (split again), 3, 2 ...
    "split": ("8S 6H 8D TC 8C 3H KD 2S 9C 7D", split),
    # player T 9 against a dealer ace: insurance?
    "insurance": ("TS AH 9D 7C", insurance),
    # player 6 5 doubles against a 5, draws a ten; the dealer busts
    "payout": ("6D 5C 5H TS TH 9S", payout),
}


def main(argv: list[str]) -> int:
    """Write every screenshot."""
    out = Path(argv[0]) if argv else OUT
    out.mkdir(parents=True, exist_ok=True)
    for name, (cards, script) in SHOTS.items():
        app = new_app(cards)
        try:
            script(app)
            app.screenshot(out / f"{name}.png")
        finally:
            app.close()
        print(out / f"{name}.png")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
