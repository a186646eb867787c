"""A saved round played again on the table, with every decision judged.

The record is replayed through the engine (`engine.record.replay_record`) and its event
log is animated by the same presenter and table view as live play: the scene only moves a
barrier through the log. Stepping forward lets the presenter show the next event; stepping
back rebuilds the presenter and presents the events before the step at once (one round is
a few dozen events). The judge is `engine.review` (as `blackjack review`), run on the odds
worker; at each decision a panel shows every legal play's EV, the play chosen and, for a
mistake, its cost.

Keys: Space play/pause, Left/Right one event, [ ] or Shift+Left/Right one decision,
+/- speed, Esc back. The buttons on the rail do the same.
"""

from __future__ import annotations

import json
from typing import Any

import pygame

from engine import BlackjackError, Round
from engine.coach import describe_hand, describe_up_card, gerund, verb
from engine.i18n import N_, _, number, percent, pgettext
from engine.record import replay_record
from engine.review import ReviewedDecision, review_record
from game import layout
from game.background import Job
from game.context import GameContext
from game.intents import Intent, IntentKind
from game.presenter import PlateModel, Presenter
from game.scene import Scene
from game.scenes.text import GREEN, GREY, RED, money_text
from game.seats import PALETTE, shown_name
from game.sound import Sounds
from game.table_view import TableView
from game.widgets import CREAM, GOLD, Button, ButtonRow, MessageBar, draw_notice, draw_panel, wrap

SPEEDS: tuple[float, ...] = (0.5, 1.0, 2.0, 4.0)
"""How much faster than normal the replay's clock can run."""

DECISION_HOLD = 1.6
"""Seconds (at 1x) playing stops on a decision, so its panel can be read."""

CONTROLS: tuple[tuple[str, str, str], ...] = (
    ("first", N_("|< Decision"), N_("The previous decision ([ or Shift+Left)")),
    ("back1", N_("< Step"), N_("One event back (Left)")),
    ("play", N_("Play"), N_("Play or pause (Space)")),
    ("fwd1", N_("Step >"), N_("One event forward (Right)")),
    ("next", N_("Decision >|"), N_("The next decision (] or Shift+Right)")),
    ("speed", "1x", N_("Speed (+ and -)")),
    ("leave", N_("Back"), N_("Back to the list (Esc)")),
)
"""The replay's buttons on the rail: name, label, tooltip (marked; translated where shown)."""


class ReplayScene(Scene):
    """One saved round replayed on the table; a panel judges each decision."""

    def __init__(
        self, ctx: GameContext, *, record: str, title: str = "", decision: int | None = None
    ) -> None:
        super().__init__()
        self.ctx = ctx
        self.title = title
        self.error = ""
        self.played: Round | None = None
        self.review_job: Job[list[ReviewedDecision]] | None = None
        self.reviewed: list[ReviewedDecision] | None = None
        self.start_decision = decision
        self.playing = decision is None
        self.speed = 1
        self.hold = 0.0
        self.target = 0
        """How many of the round's events the presenter may show."""
        self.silent = Sounds(enabled=False)
        self.view = TableView(ctx.assets)
        self.bar = MessageBar()
        try:
            data: Any = json.loads(record)
            self.played = replay_record(data)
        except (json.JSONDecodeError, BlackjackError) as error:
            self.error = _("This round cannot be replayed: {error}.").format(error=error)
        else:
            self.review_job = ctx.odds.worker.submit(lambda: review_record(data), "reviewing a round")
        self.presenter = self._fresh()
        rects = replay_button_rects()
        self.buttons = ButtonRow([
            Button(name, _(label), rects[name], IntentKind.CLICK, tooltip=_(tip))
            for name, label, tip in CONTROLS
        ])

    # ---- the presenter -----------------------------------------------------------------

    def _fresh(self) -> Presenter:
        """A presenter at the start of the round, its seats as the record names them."""
        played = self.played
        names = played.table.seat_names if played is not None else ("",)
        bankrolls = tuple(played.start_bankrolls) if played is not None else (0,)
        plates = [PlateModel(shown_name(name), PALETTE[i % len(PALETTE)]) for i, name in enumerate(names)]
        presenter = Presenter(
            len(names), bankrolls, self.ctx.settings, self.ctx.sounds,
            human_seats=frozenset(range(len(names))), plates=plates,
        )
        presenter.shoe_unknown = True  # a record holds its round's cards, not the shoe they came from
        if played is not None:
            presenter.start_round(played)
            for seat, bankroll in zip(presenter.seats, bankrolls, strict=True):
                seat.bankroll = bankroll  # the round is over on its table: show the bankrolls it began with
        presenter.barrier = lambda _event: presenter.cursor >= self.target
        return presenter

    @property
    def events(self) -> int:
        """How many events the round has."""
        return len(self.played.events) if self.played is not None else 0

    def seek(self, index: int) -> None:
        """Show the table as it was after `index` events, at once (rebuilt from the start)."""
        self.target = max(0, min(self.events, index))
        self.presenter = self._fresh()
        self.presenter.sounds = self.silent
        self.presenter.hurry()
        self.presenter.update(0.0)
        self.presenter.sounds = self.ctx.sounds
        self.hold = 0.0

    def step(self, events: int) -> None:
        """One event forward (animated) or back (rebuilt)."""
        self.playing = False
        if events < 0:
            self.seek(self.target - 1)
        elif self.target < self.events:
            if self.presenter.animating:
                self.presenter.hurry()
                self.presenter.update(0.0)
            self.target += 1

    def step_decision(self, direction: int) -> None:
        """To the next (1) or previous (-1) decision's moment."""
        self.playing = False
        marks = [r.event for r in self.reviewed or []]
        if direction > 0:
            found = [e for e in marks if e > self.target]
            if found:
                self.seek(found[0])
        else:
            found = [e for e in marks if e < self.target]
            self.seek(found[-1] if found else 0)

    @property
    def decision(self) -> ReviewedDecision | None:
        """The decision the table stands at (the presenter has shown everything before it), if any."""
        if self.reviewed is None or self.presenter.cursor != self.target:
            return None
        return next((r for r in self.reviewed if r.event == self.target), None)

    # ---- input -------------------------------------------------------------------------

    @property
    def busy(self) -> bool:
        """Waiting for the decisions to be judged."""
        return self.review_job is not None and self.reviewed is None

    def handle_event(self, intent: Intent) -> bool:
        """The controls, by key or button."""
        kind = intent.kind
        if kind is IntentKind.POINT:
            self.buttons.point(intent.pos)
            return True
        if kind is IntentKind.CLICK:
            button = self.buttons.clicked(intent.pos)
            if button is not None:
                self.ctx.sounds.play("button", 0.5)
                self.press(button.name)
            return True
        if kind is IntentKind.CONFIRM:
            self.press("play")
        elif kind is IntentKind.PAGE and intent.value is not None:
            self.press("fwd1" if intent.value > 0 else "back1")
        elif kind is IntentKind.STEP and intent.value is not None:
            self.press("next" if intent.value > 0 else "first")
        elif kind is IntentKind.SPEED and intent.value is not None:
            self.speed = max(0, min(len(SPEEDS) - 1, self.speed + intent.value))
        elif kind is IntentKind.BACK:
            self.close()
        else:
            return False
        return True

    def press(self, name: str) -> None:
        """Do what a control says."""
        if self.played is None and name != "leave":
            return
        if name == "play":
            if not self.playing and self.target >= self.events:
                self.seek(0)
            self.playing = not self.playing
        elif name == "back1":
            self.step(-1)
        elif name == "fwd1":
            self.step(1)
        elif name == "first":
            self.step_decision(-1)
        elif name == "next":
            self.step_decision(1)
        elif name == "speed":
            self.speed = (self.speed + 1) % len(SPEEDS)
        elif name == "leave":
            self.close()

    # ---- the frame ---------------------------------------------------------------------

    def update(self, dt: float) -> None:
        """Take the judged decisions; play on when playing, holding a moment at each decision."""
        self.buttons.update(dt)
        job = self.review_job
        if job is not None and job.done() and self.reviewed is None:
            self.reviewed = job.value if job.value is not None else []
            if job.value is None:
                self.error = _("The decisions of this round could not be judged.")
            if self.start_decision is not None and self.start_decision < len(self.reviewed):
                self.seek(self.reviewed[self.start_decision].event)
        scaled = dt * SPEEDS[self.speed]
        self.presenter.update(scaled)
        if self.playing and self.presenter.idle and not self.busy:
            if self.decision is not None and self.hold < DECISION_HOLD:
                self.hold += scaled
            elif self.target < self.events:
                self.hold = 0.0
                self.target += 1
            else:
                self.playing = False
        self.buttons.by_name("play").label = _("Pause") if self.playing else _("Play")
        speed = SPEEDS[self.speed]
        self.buttons.by_name("speed").label = f"{number(speed, 0 if speed.is_integer() else 1)}x"
        for name in ("first", "back1", "fwd1", "next", "play", "speed"):
            self.buttons.by_name(name).enabled = self.played is not None

    def draw(self, surface: pygame.Surface) -> None:
        """The table as the presenter shows it, the round's caption, the decision panel and the controls."""
        ctx = self.ctx
        a = ctx.assets
        rules = self.played.rules if self.played is not None else ctx.session.rules
        self.view.draw(surface, self.presenter, rules)
        decision = self.decision
        if decision is not None and self.played is not None:
            plate = self.presenter.plates[decision.seat]
            self.bar.draw(surface, a, verb(decision.decision), who=plate.name, who_color=plate.color)
        else:
            self.bar.draw(surface, a, self.presenter.message)
        band = layout.rail_rect()
        pygame.draw.rect(surface, (16, 12, 10), band)
        pygame.draw.line(surface, GOLD, band.topleft, band.topright, 2)
        caption = _("REPLAY · {title}").format(title=self.title) if self.title else _("REPLAY")
        head = a.text(caption, 18, GOLD, bold=True)
        surface.blit(head, (24, band.y + 10))
        where = a.text(_("event {number} of {count}").format(number=self.target, count=self.events), 18, GREY,
                       bold=True)
        surface.blit(where, where.get_rect(topright=(layout.CANVAS_SIZE[0] - 24, band.y + 10)))
        if self.error:
            draw_notice(surface, a, self.error, layout.notice_rect(), error=True)
        if decision is not None:
            draw_decision(surface, ctx, decision, self.played, self.presenter.positions)
        self.buttons.draw(surface, a)


def draw_decision(
    surface: pygame.Surface, ctx: GameContext, r: ReviewedDecision, played: Round | None, positions: list[int]
) -> None:
    """The decision panel: who decides what, every legal play's EV, the play chosen and a mistake's cost;
    where the live hint panel shows."""
    a = ctx.assets
    if r.is_mistake:
        verdict = _("Mistake: cost {share} of the bet, {amount}.").format(
            share=percent(r.cost, 1), amount=money_text(round(r.cost_cents)))
    else:
        verdict = _("The best play.") if r.decision is r.best else _("As good as the best play.")
    lines = wrap(a, verdict, 17, 232)
    rect = layout.side_panel_rect(76 + 24 * len(r.ranked) + 20 * len(lines), positions)
    draw_panel(surface, rect, border=RED if r.is_mistake else GOLD)
    name = (shown_name(played.table.seat_names[r.seat]) if played is not None
            else _("Seat {number}").format(number=r.seat + 1))
    x, y = rect.x + 14, rect.y + 10
    head = a.text(_("DECISION {number} · EV PER BET").format(number=r.number + 1), 15, GOLD, bold=True)
    surface.blit(head, (x, y))
    y += 20
    spot = _("{name}: {hand} vs {card}").format(name=name, hand=describe_hand(r.cards),
                                                 card=describe_up_card(r.dealer_up))
    surface.blit(a.text(spot, 18, CREAM, bold=True), (x, y))
    y += 26
    for action, value in r.ranked:
        color = GREEN if action is r.best else (RED if action is r.decision else CREAM)
        surface.blit(a.text(gerund(action), 18, color, bold=True), (x, y))
        ev = a.text(("+" if value >= 0 else "") + percent(value, 1), 18, color, bold=True)
        surface.blit(ev, ev.get_rect(topright=(rect.right - 64, y)))
        mark = (pgettext("replay tag", "played") if action is r.decision
                else (pgettext("replay tag", "best") if action is r.best else ""))
        if mark:
            tag = a.text(mark, 14, GREY, bold=True)
            surface.blit(tag, tag.get_rect(topright=(rect.right - 12, y + 3)))
        y += 24
    y += 4
    for line in lines:
        surface.blit(a.text(line, 17, RED if r.is_mistake else GREEN, bold=True), (x, y))
        y += 20


def replay_button_rects() -> dict[str, pygame.Rect]:
    """The replay's controls in a row on the rail, under its caption."""
    return layout.replay_button_rects([name for name, _, _ in CONTROLS])
