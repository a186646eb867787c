"""What every table scene shares: assets, sound, settings, the session and the presenter."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

import pygame

from engine import Round
from engine import events as ev
from game.assets import Assets
from game.intents import Intent
from game.presenter import Presenter
from game.session import Session
from game.settings import Settings, save_settings
from game.sound import Sounds
from game.table_view import TableView
from game.widgets import MessageBar

NOTE_TIME = 3.5
"""Seconds a warning note stays on the message bar."""


@dataclass
class GameContext:
    """The shared state of the table scenes (one per App)."""

    assets: Assets
    sounds: Sounds
    settings: Settings
    session: Session
    presenter: Presenter
    view: TableView
    autoplay: bool = False
    bar: MessageBar = field(default_factory=MessageBar)
    note: str = ""
    note_time: float = 0.0
    pointer: tuple[int, int] | None = None
    pending_rules: str | None = None
    queued: list[Intent] = field(default_factory=list)
    """Decisions given while cards were still moving, applied in order when play reaches the player."""
    on_settings_saved: Callable[[Settings], None] | None = None

    @property
    def round(self) -> Round:
        """The round in play (or the last one)."""
        return self.session.round

    def warn(self, text: str) -> None:
        """Show a warning on the message bar for a few seconds."""
        self.note = text
        self.note_time = NOTE_TIME

    def update(self, dt: float) -> None:
        """Advance the presenter and age the note."""
        self.presenter.update(dt)
        if self.note_time > 0:
            self.note_time -= dt
            if self.note_time <= 0:
                self.note = ""

    def draw_table(self, surface: pygame.Surface) -> None:
        """The table and the message bar."""
        self.view.draw(surface, self.presenter, self.session.rules)
        if self.note:
            self.bar.draw(surface, self.assets, self.note, warning=True)
        else:
            self.bar.draw(surface, self.assets, self.presenter.message)

    def player_seat(self) -> int | None:
        """The seat the mouse plays (the first seat a person controls), or None."""
        humans = sorted(self.session.human_seats)
        return humans[0] if humans else None

    def change_settings(self, settings: Settings) -> None:
        """Apply and save new settings."""
        old = self.settings
        self.settings = settings
        self.presenter.settings = settings
        self.sounds.configure(enabled=settings.sound, volume=settings.volume)
        self.assets.four_color = settings.four_color
        if settings.rules != old.rules:
            self.pending_rules = settings.rules
        problem = save_settings(settings)
        if problem:
            self.warn(problem)
        if self.on_settings_saved:
            self.on_settings_saved(settings)


def is_dealer_phase(event: ev.Event, presenter: Presenter) -> bool:
    """Whether an event belongs to the dealer's turn (the barrier of the player scenes)."""
    if isinstance(event, ev.HoleCardRevealed | ev.DealerFinished | ev.RoundEnded):
        return True
    if isinstance(event, ev.HandSettled):
        # an even-money or paid-at-once blackjack settles during the deal; the rest at the end
        return presenter.dealer_phase
    return isinstance(event, ev.DealerCardDealt) and presenter.turns_seen


def is_settlement(event: ev.Event, presenter: Presenter) -> bool:
    """Whether an event belongs to the payout (the barrier of the dealer scene)."""
    return isinstance(event, ev.HandSettled | ev.RoundEnded | ev.TournamentEnded)
