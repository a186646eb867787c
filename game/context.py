"""What every table scene shares: assets, sound, settings, the session, the presenter, odds and records.

The context also keeps the game's side of saving: each round is journaled as it is played
(`game.journal`: the table waits for each step to commit before showing it), each person's
decisions are noted as they are made, and when the engine settles a round it is queued at
once for judging (against basic strategy, on the odds worker) and finishing (on the store
worker), its tournament result with it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pygame

from blackjack.language import speak
from engine import Action, BlackjackError, Phase, Round, Rules, load_rules, preset_ids
from engine import events as ev
from engine.i18n import _, language
from engine.tables import saved_tables
from game.advisor import Odds, PendingDecision, pending_decision
from game.assets import Assets
from game.intents import Intent
from game.journal import RoundJournal
from game.presenter import PlateModel, Presenter
from game.records import Records
from game.session import Session
from game.settings import Settings, save_settings
from game.sound import Sounds
from game.table_view import TableView
from game.trainer import Trainer
from game.widgets import MessageBar

NOTE_TIME = 3.5
"""Seconds a warning note stays on the message bar."""

HOLD_NOTE = 0.5
"""Seconds the table may wait for a journal step before the message bar says it is saving."""


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
    odds: Odds = field(default_factory=Odds)
    records: Records | None = None
    """The history database, or None when this run saves nothing (tests without a data folder)."""
    settings_file: Path | None = None
    tables: Path | None = None
    """The folder of saved tables (None when this run has no data folder)."""
    """Where settings are saved (None: the default config folder)."""
    seed: int | None = None
    shoe_factory: Callable[[], object] | None = None
    """Makes the shoe of the next table opened (tests stack the cards); None for a shuffled one."""
    decisions: list[PendingDecision] = field(default_factory=list)
    """The people's decisions in the round being played, for judging when it is saved."""
    saved_round: Round | None = None
    trainer: Trainer = field(default_factory=Trainer)
    """The hint panel, mistake tracker, Hi-Lo count and chart overlay of this table."""
    journal: RoundJournal = field(default_factory=RoundJournal)
    """How far the table's round is journaled in the history."""
    held: float = 0.0
    """Seconds the table has been waiting for its round's last journal step."""
    looked_for_unfinished: bool = False
    """Whether the title has looked for a round left unfinished (once a run: at launch)."""
    drill_choice: Any = None
    """What the drill setup chose last (a `DrillChoice`), kept for the run: the setup opens on it again."""

    def __post_init__(self) -> None:
        if not self.trainer.seats:  # the count panel and the coach follow the seats' people
            self.trainer.seats = self.session.seats_info

    def table_rules_ids(self) -> list[str]:
        """Every preset and saved table a table opened between rounds may take (no tournaments)."""
        return [rules_id for rules_id in preset_ids() + self.saved_table_ids() if not is_tournament(rules_id)]

    def tournament_tables(self) -> list[tuple[str, Rules]]:
        """The saved tables whose rules set a tournament: each one's rules id (its file) and rules."""
        tables = saved_tables(self.tables)
        return [(str(table.path), table.rules) for table in tables if table.rules.tournament is not None]

    def saved_table_ids(self) -> list[str]:
        """The rules ids (their files) of the tables saved in the data folder, sorted by name."""
        return [str(table.path) for table in saved_tables(self.tables)]

    @property
    def round(self) -> Round:
        """The round in play (or the last one)."""
        return self.session.round

    def warn(self, text: str) -> None:
        """Show a warning on the message bar for a few seconds."""
        self.note = text
        self.note_time = NOTE_TIME

    # ---- seating a new table -----------------------------------------------------------

    def install(self, session: Session) -> None:
        """Sit down at a new table: a fresh presenter and view for its seats."""
        self.session = session
        self.presenter = make_presenter(session, self.settings, self.sounds)
        self.view = TableView(self.assets)
        self.queued.clear()
        self.decisions.clear()
        self.saved_round = None
        self.pending_rules = None
        # A reopened shoe's count goes on; the count panel and the coach follow the seats' people.
        self.trainer = Trainer(session.table.shoe.discard_tray(), session.seats_info)
        self.journal.close(self.records)  # the table left deals no more: its shoe is revealed
        self.journal = RoundJournal()
        if self.records is not None:
            self.odds.analysis(session.rules)  # judging the first round must not hold up the second

    # ---- the frame ---------------------------------------------------------------------

    def update(self, dt: float) -> None:
        """Journal the round's progress, present it once saved, age the note, finish a settled round."""
        rnd = self.session.table.round
        if rnd is not None and self.records is not None:
            self.journal.follow(self.records, self.session, rnd)
        if self.journal.holding:
            self.held += dt
            if self.held >= HOLD_NOTE and not self.note:
                self.warn(_("Saving the round…"))
        else:
            self.held = 0.0
            self.presenter.update(dt)
        if self.note_time > 0:
            self.note_time -= dt
            if self.note_time <= 0:
                self.note = ""
        if rnd is not None and rnd.is_over and rnd is not self.saved_round and self.presenter.has_shown(rnd):
            # Finished only once shown: a game cut during the dealer's draw reopens the round and
            # shows how it ended, rather than having settled it out of the player's sight.
            self.saved_round = rnd
            self.round_settled(rnd)
        if self.records is not None:
            for message in self.records.messages():
                self.warn(message)

    def draw_table(self, surface: pygame.Surface) -> None:
        """The table and the message bar, led by the turn banner when a seat is asked."""
        self.view.draw(surface, self.presenter, self.session.rules)
        who, color, doing = self.banner()
        if self.note:
            self.bar.draw(surface, self.assets, self.note, warning=True, who=who, who_color=color)
        else:
            self.bar.draw(surface, self.assets, doing or self.presenter.message, who=who, who_color=color)

    def banner(self) -> tuple[str, tuple[int, int, int], str]:
        """The turn banner: 'Ann — your turn' in her color, or a bot's name and what it does, or nothing."""
        seat = self.presenter.turn
        if seat is None or seat >= self.session.seats:
            return "", (0, 0, 0), ""
        info = self.session.seats_info[seat]
        if seat in self.session.human_seats:
            # TRANSLATORS: the turn banner before the dealer's words, in capitals ("ANN — YOUR TURN")
            return _("{name} — your turn").format(name=info.label), info.color, ""
        betting = self.session.table.round is not None and self.session.table.round.phase is Phase.BETTING
        # TRANSLATORS: what a bot does, after its name in the turn banner ("NOVICE BOT  is thinking…")
        return info.label, info.color, _("is betting…") if betting else _("is thinking…")

    # ---- whose turn --------------------------------------------------------------------

    def player_seat(self) -> int | None:
        """The seat the mouse plays now: the seat whose turn it is, else the first seat a person plays."""
        turn = self.presenter.turn
        if turn is not None and turn in self.session.human_seats:
            return turn
        humans = sorted(self.session.human_seats)
        return humans[0] if humans else None

    def panel_seat(self) -> int | None:
        """Whose bankroll the panel at the bottom left shows: the turn's person, else the first person."""
        seat = self.player_seat()
        if seat is not None:
            return seat
        people = [s for s in self.session.people if not self.session.seats_info[s].left]
        return people[0] if people else None

    # ---- decisions, coaching and saving ------------------------------------------------

    def note_decision(self, rnd: Round, action: Action) -> None:
        """Remember a person's decision (before it is applied) for judging, and coach when asked to."""
        decision = rnd.decision
        if decision is None or decision.seat not in self.session.people:
            return
        pending = pending_decision(rnd, action, self.session.seats_info[decision.seat].counter)
        if pending is None:
            return
        self.decisions.append(pending)

    def coach_level(self, seat: int) -> int:
        """The coach level of the person in a seat: 0 off, 1 warn, 2 block (0 for bots and autoplay)."""
        if self.autoplay or seat not in self.session.people:
            return 0
        return self.session.seats_info[seat].coach

    def round_settled(self, rnd: Round) -> None:
        """The engine settled a round: judge the people's decisions and finish it (both in the background)."""
        decisions, self.decisions = self.decisions, []
        records = self.records
        if records is None:
            return
        session = self.session
        judged = self.odds.judge(session.rules, decisions)
        round_id = self.journal.finish(rnd)
        profiles, owners = (
            self.journal.seated if round_id is not None else (session.profiles(), session.tournament_owners())
        )
        records.save_round(
            rnd, profiles, judged=judged, session=session.label, round_id=round_id, tournament_owners=owners
        )

    def change_settings(self, settings: Settings) -> None:
        """Apply and save new settings."""
        old = self.settings
        self.settings = settings
        self.presenter.settings = settings
        self.sounds.configure(enabled=settings.sound, volume=settings.volume)
        self.assets.four_color = settings.four_color
        if settings.language != old.language:
            speak(None, settings.language, settings.currency)
        elif settings.currency != old.currency:  # a --lang chosen for this run stays
            speak(language(), settings.language, settings.currency)
        if settings.rules != old.rules and self.session.mode == "table":
            self.pending_rules = settings.rules
        problem = save_settings(settings, self.settings_file)
        if problem:
            self.warn(problem)
        if self.on_settings_saved:
            self.on_settings_saved(settings)


def make_presenter(session: Session, settings: Settings, sounds: Sounds) -> Presenter:
    """A presenter for a session's seats: their places, names and colors."""
    plates = [PlateModel(info.label, info.color, info.person, info.left) for info in session.seats_info]
    return Presenter(
        session.seats,
        session.table.bankrolls(),
        settings,
        sounds,
        human_seats=frozenset(session.people),
        positions=session.positions,
        plates=plates,
    )


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


def is_tournament(rules_id: str, *, unreadable: bool = True) -> bool:
    """Whether a preset or rules file sets a tournament (a file that does not load answers `unreadable`)."""
    try:
        return load_rules(rules_id).tournament is not None
    except BlackjackError:
        return unreadable
