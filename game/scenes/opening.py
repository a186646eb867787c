"""Opening a table: profiles are found or made, the bots' charts computed, then the betting begins.

Each step runs in the background (the database on its worker, charts on the odds
worker); the scene shows which one it waits for, so the window never freezes.

A round a quit or crash left unfinished comes first: the table it was played at opens
again instead (same seats, bots, colors, coach levels, mode and session), its round is
shown as it stands, and play goes on where it stopped.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from engine import BlackjackError, Money, Round, Table, load_rules
from engine.i18n import N_, _, money
from game import layout
from game.advisor import decisions_before_the_restart
from game.autoplay import EngineBot
from game.background import Job
from game.casino import casino_rng, casino_shoe
from game.context import GameContext
from game.intents import Intent, IntentKind
from game.records import PersonRequest, Resumable, session_label
from game.scene import Go, Scene, SceneName
from game.seats import BOT_COLOR, BOT_KINDS, PALETTE, SeatSpec, casino_seats, color_from_hex, color_hex
from game.session import START_BANKROLL, Mode, SeatInfo, Session
from game.widgets import CREAM, GOLD, Button, ButtonRow, draw_panel, wrap

Resumed = Callable[[], SceneName]
"""Where a resumed round goes once it is shown (`game.flow` gives it: the part of the round it is in)."""


class OpeningScene(Scene):
    """Seats the chosen people and bots at a new table, then hands over to the betting."""

    def __init__(
        self,
        ctx: GameContext,
        resumed: Resumed,
        specs: list[SeatSpec] | None = None,
        rules_id: str = "",
        *,
        buy_in: Money = START_BANKROLL,
        mode: Mode = "table",
        back: Go | None = None,
        unfinished: Resumable | None = None,
    ) -> None:
        super().__init__()
        self.ctx = ctx
        self.resumed = resumed
        self.specs = specs or []
        self.rules_id = rules_id
        self.buy_in = buy_in
        self.mode = mode
        self.back = back
        self.unfinished = unfinished
        """The unfinished round to open again instead (given, or found in the history first)."""
        self.looking: Job[Resumable | None] | None = None
        self.step = _("Opening the saved history…")
        self.error: str | None = None
        self.people_job: Job[list[Any]] | None = None
        self.session: Session | None = None
        self.time = 0.0
        self.buttons = ButtonRow(
            [Button("back", N_("Back"), pygame.Rect(565, 470, 150, 52), IntentKind.BACK, visible=False)]
        )

    @property
    def busy(self) -> bool:
        """Waiting on the database or a chart (not when showing an error)."""
        return self.error is None and self.session_ready is False

    @property
    def session_ready(self) -> bool:
        """Whether the table is seated and every bot can play."""
        return self.session is not None and all(policy.ready for policy in self.session.bots.values())

    def handle_event(self, intent: Intent) -> bool:
        """Only the Back button, when something went wrong."""
        if intent.kind is IntentKind.POINT:
            self.buttons.point(intent.pos)
        elif (intent.kind is IntentKind.CLICK and self.buttons.clicked(intent.pos)) or (
            intent.kind in (IntentKind.BACK, IntentKind.CONFIRM) and self.error
        ):
            self.back_out()
        return True

    def back_out(self) -> None:
        """Back to where the table was chosen (or the title)."""
        if self.stack is None or self.stack.changing:
            return
        self.stack.replace(self.back or Go(SceneName.TITLE))

    def fail(self, message: str) -> None:
        """Show what went wrong and offer Back."""
        self.error = message
        self.buttons.by_name("back").visible = True

    def update(self, dt: float) -> None:
        """One step at a time: the database, the people, the table and its bots, then the betting."""
        self.time += dt
        self.buttons.update(dt)
        if self.error is not None:
            return
        ctx = self.ctx
        records = ctx.records
        people = [spec for spec in self.specs if spec.kind == "person"]
        if self.people_job is None and self.session is None:
            if records is not None:
                records.start()
                if not records.ready or self._look_for_unfinished(records):
                    return
            if self.unfinished is not None:
                self.session = self._reopen(self.unfinished)
                if self.session is not None:
                    return
            if not self.specs:
                problem = records.problem if records is not None else None
                self.fail(problem or _("Nobody to seat."))
                return
            self.step = _("Finding the players' profiles…")
            requests = [
                PersonRequest(
                    spec.name,
                    self.buy_in,
                    color_hex(spec.color or PALETTE[i % len(PALETTE)]),
                    spec.coach,
                    update_looks=spec.color is not None,
                )
                for i, spec in enumerate(self.specs)
                if spec.kind == "person"
            ]
            if records is None:
                self.people_job = Job(lambda: [None] * len(requests))
                self.people_job.run()  # nothing to look up
            else:
                self.people_job = records.seat_people(requests)
            return
        if self.session is None:
            if self.people_job is None or not self.people_job.done():
                return
            if self.people_job.error is not None:
                self.fail(_("Could not seat the players: {error}").format(error=self.people_job.error))
                return
            try:
                self.session = self._seat(people, self.people_job.value or [])
            except BlackjackError as error:
                self.fail(_("Could not open the table: {error}").format(error=error))
                return
            self.step = _("Computing basic strategy for {table}…").format(table=self.session.rules.name)
            return
        if self.session_ready and self.stack is not None and not self.stack.changing:
            ctx.install(self.session)
            if self.unfinished is not None:
                rnd = self.unfinished.round
                ctx.journal.adopt(rnd, self.unfinished.found.round_id, self.session)
                ctx.decisions = decisions_before_the_restart(rnd, self.unfinished.found, self.session.people)
                show_at_once(ctx, rnd)
                ctx.warn(_("Round {number} resumed where it stopped.").format(number=rnd.number))
                self.stack.replace(Go(self.resumed()))
                return
            if records is not None and records.problem:
                ctx.warn(_("This table is not saved. {problem}").format(problem=records.problem))
            self.stack.replace(Go(SceneName.BETTING))

    def _look_for_unfinished(self, records: Any) -> bool:
        """Ask the history for a round left unfinished (once); True while the answer is awaited."""
        if self.unfinished is not None or not records.saving:
            return False
        if self.looking is None:
            self.step = _("Looking for a round left unfinished…")
            self.looking = records.unfinished()
            self.ctx.looked_for_unfinished = True
        if not self.looking.done():
            return True
        self.unfinished = self.looking.value
        return False

    def _reopen(self, resume: Resumable) -> Session | None:
        """The table of an unfinished round as journaled (None, and saving stops, when it cannot be read)."""
        found = resume.found
        owners = zip(found.profiles, found.tournament_owners, strict=True)
        profiles = [mine or owner for mine, owner in owners]
        try:
            session = Session.reopened(Table.of(resume.round), found.extra, profiles)
        except (KeyError, TypeError, ValueError) as error:
            if self.ctx.records is not None:
                self.ctx.records.stop_saving(
                    _("Round {number} was left unfinished and its table cannot be read ({error!r})."
                      " It is kept as it stopped, and this game plays on without saving.").format(
                        number=found.number, error=error)
                )
            self.unfinished = None
            return None
        session.start_state = dict(found.start)
        self.specs = [
            SeatSpec("person", name=info.name) if info.person else SeatSpec("bot", bot=info.bot)
            for info in session.seats_info
        ]
        self.rules_id, self.buy_in, self.mode = session.rules_id, session.buy_in, session.mode
        self._seat_bots(session)
        self.step = _("Opening round {number} where it stopped…").format(number=found.number)
        return session

    def _seat(self, people: list[SeatSpec], profiles: list[Any]) -> Session:
        """Build the session: each seat's place, name, color and money; the bots for the rules."""
        ctx = self.ctx
        rules = load_rules(self.rules_id)
        casino = ctx.settings.casino and self.mode == "table"
        if casino:  # every seat no person takes holds a bot
            self.specs = casino_seats(self.specs, casino_rng(ctx.seed, 0))
        positions = layout.table_positions(len(self.specs))
        owners = dict(zip((id(spec) for spec in people), profiles, strict=False))
        infos: list[SeatInfo] = []
        bankrolls: list[Money] = []
        for index, spec in enumerate(self.specs):
            if spec.kind == "empty":
                continue
            position = positions[index]
            if spec.kind == "bot":
                infos.append(SeatInfo(f"Seat {index + 1}", False, position, BOT_COLOR, bot=spec.bot))
                bankrolls.append(self.buy_in)
                continue
            profile = owners.get(id(spec))
            default = spec.color or PALETTE[position % len(PALETTE)]
            color = color_from_hex(profile.color, default) if profile is not None else default
            coach = profile.coach_level if profile is not None else spec.coach
            name = profile.name if profile is not None else spec.name
            infos.append(SeatInfo(name, True, position, color, coach=coach, profile=profile))
            if self.mode == "tournament" and rules.tournament is not None:
                bankrolls.append(rules.tournament.bankroll)
            else:
                bankrolls.append(profile.bankroll if profile is not None else self.buy_in)
        shoe = ctx.shoe_factory() if ctx.shoe_factory is not None else None
        if shoe is None and casino:
            shoe = casino_shoe(rules, ctx.seed)
        session = Session.seated(
            self.rules_id,
            infos,
            bankrolls,
            seed=ctx.seed,
            shoe=shoe,  # type: ignore[arg-type]
            buy_in=self.buy_in,
            mode=self.mode,
            label=session_label(),
        )
        self._seat_bots(session)
        return session

    def _seat_bots(self, session: Session) -> None:
        """A bot for every bot seat (and under autoplay every person still seated), sharing one count."""
        from engine.bots import CardWatcher

        ctx = self.ctx
        session.watcher = CardWatcher(session.table.shoe.discard_tray())  # a reopened shoe's count goes on
        for seat, info in enumerate(session.seats_info):
            if not info.person:
                kind = info.bot if info.bot in BOT_KINDS else "basic"
                session.bots[seat] = EngineBot(kind, session.rules, ctx.odds, session.watcher)
            elif ctx.autoplay and not info.left:
                session.bots[seat] = EngineBot("basic", session.rules, ctx.odds, session.watcher)

    def draw(self, surface: pygame.Surface) -> None:
        """The empty table under a panel saying what is being prepared."""
        ctx = self.ctx
        surface.blit(ctx.view.background(ctx.session.rules, ctx.presenter.positions), (0, 0))
        panel = pygame.Rect(0, 0, 760, 300)
        panel.center = (640, 380)
        draw_panel(surface, panel)
        a = ctx.assets
        heading = _("TOURNAMENT") if self.mode == "tournament" else _("TAKING SEATS")
        title = a.text(_("RESUMING") if self.unfinished is not None else heading, 44, GOLD, bold=True)
        surface.blit(title, title.get_rect(midtop=(640, panel.y + 30)))
        names = ", ".join(spec.label() for spec in self.specs if spec.kind != "empty")
        who = a.text(names, 24, CREAM, bold=True)
        if who.get_width() > panel.w - 40:
            who = a.text(names, 18, CREAM, bold=True)
        surface.blit(who, who.get_rect(midtop=(640, panel.y + 92)))
        per_person = _("Buy-in {amount} per person").format(amount=money(self.buy_in))
        buy_in = a.text(per_person, 20, (210, 204, 190))
        if self.mode == "table":
            surface.blit(buy_in, buy_in.get_rect(midtop=(640, panel.y + 128)))
        if self.error is not None:
            for i, line in enumerate(wrap(a, self.error, 22, panel.w - 60)[:4]):
                label = a.text(line, 22, (255, 190, 170), bold=True)
                surface.blit(label, label.get_rect(midtop=(640, panel.y + 168 + i * 26)))
        else:
            dots = "." * (1 + int(self.time * 3) % 3)
            step = a.text(self.step.rstrip("…") + dots, 24, CREAM)
            surface.blit(step, step.get_rect(midtop=(640, panel.y + 180)))
        self.buttons.draw(surface, a)


def show_at_once(ctx: GameContext, rnd: Round) -> None:
    """Put a resumed round on the table as it stands: every card, chip and badge, silently and at once."""
    presenter = ctx.presenter
    presenter.start_round(rnd)
    presenter.barrier = None
    heard, ctx.sounds.enabled = ctx.sounds.enabled, False
    try:
        presenter.hurry()
        presenter.update(0.0)
    finally:
        ctx.sounds.enabled = heard
