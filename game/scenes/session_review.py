"""The session review: a sitting's biggest mistakes, and each person's accuracy, EV lost and luck.

The figures per person are the stats screen's (`engine.store.player_stats` for the sitting:
accuracy against basic strategy, EV lost, luck = net minus the expected net of the bets).
The mistakes come from the review's judge (`engine.review`, run on the odds worker over the
sitting's saved records), costliest first in money; a click on one replays its round,
stopped at that decision.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from engine import i18n
from engine.coach import describe_hand, describe_up_card, gerund
from engine.i18n import N_, _
from engine.review import ReviewedDecision, costliest, review_record
from game import layout
from game.background import Job
from game.context import GameContext
from game.intents import Intent, IntentKind
from game.records import SittingData
from game.scene import Go, Scene, SceneName
from game.scenes.text import GREEN, GREY, RED, money_text, percent
from game.widgets import CREAM, GOLD, Button, ButtonRow, draw_panel

if TYPE_CHECKING:
    from engine.store.history import RoundLine

SHOWN = 6
"""How many mistakes the review lists."""

ROW_H = 40
PEOPLE_COLUMNS: tuple[tuple[str, int], ...] = (
    (N_("PLAYER"), 0), (N_("ROUNDS"), 420), (N_("NET"), 600), (N_("LUCK"), 780), (N_("ACCURACY"), 960),
    (N_("EV LOST"), 1170),
)
"""Column title and x offset (the first left-aligned, the others right-aligned)."""


@dataclass(frozen=True, slots=True)
class Mistake:
    """One of the sitting's mistakes: the round it was made in, who made it, and the judged decision."""

    round: RoundLine
    player: str
    decision: ReviewedDecision


def sitting_mistakes(rounds: list[RoundLine], limit: int = SHOWN) -> list[Mistake]:
    """The people's costliest mistakes over a sitting's rounds (runs on the odds worker).

    A round whose record cannot be replayed is left out (the history browser says why when it is opened).
    """
    from engine.errors import BlackjackError

    judged: list[ReviewedDecision] = []
    for index, line in enumerate(rounds):
        people = {seat.seat for seat in line.seats if seat.person}
        try:
            reviewed = review_record(json.loads(line.record), line=index)
        except (BlackjackError, ValueError):
            continue
        judged.extend(r for r in reviewed if r.seat in people)
    names = {(i, s.seat): s.player for i, line in enumerate(rounds) for s in line.seats}
    return [Mistake(rounds[r.line], names[(r.line, r.seat)], r) for r in costliest(judged, limit)]


def mistake_text(m: Mistake) -> str:
    """'Ann: standing on 12 against a 2 (hitting was best)'."""
    r = m.decision
    # TRANSLATORS: "Ann: standing on 12 against a 2 (hitting was best)"
    return _("{player}: {play} on {hand} against {up} ({best} was best)").format(
        player=m.player, play=gerund(r.decision), hand=describe_hand(r.cards),
        up=describe_up_card(r.dealer_up), best=gerund(r.best))


class SessionReviewScene(Scene):
    """A sitting's figures per person and its biggest mistakes; a mistake opens its round there."""

    def __init__(
        self, ctx: GameContext, *, session: str | None = None, names: list[str] | None = None
    ) -> None:
        super().__init__()
        self.ctx = ctx
        self.session = session if session is not None else ctx.session.label
        self.names = list(names or [])
        self.job: Job[SittingData | None] | None = None
        self.data: SittingData | None = None
        self.judging: Job[list[Mistake]] | None = None
        self.mistakes: list[Mistake] | None = None
        self.opened: int | None = None
        self.choice: str | None = None
        r = layout.session_review_rects()
        self.buttons = ButtonRow([
            Button("history", N_("History"), r["history"], IntentKind.CLICK,
                   tooltip=N_("This sitting's rounds")),
            Button("back", N_("Back"), r["back"], IntentKind.BACK, tooltip=N_("Back (Esc)")),
        ])

    @property
    def busy(self) -> bool:
        """Waiting for the figures or the judge."""
        if self.session is None or self.ctx.records is None:
            return False
        return self.data is None or self.mistakes is None

    def handle_event(self, intent: Intent) -> bool:
        """Buttons; a click on a mistake replays it."""
        if intent.kind is IntentKind.POINT:
            self.buttons.point(intent.pos)
            return True
        if intent.kind is IntentKind.CLICK:
            button = self.buttons.clicked(intent.pos)
            if button is not None:
                self.ctx.sounds.play("button", 0.5)
                self.choice = button.name
            else:
                self.opened = self.mistake_at(intent.pos)
            return True
        if intent.kind is IntentKind.BACK:
            self.choice = "back"
            return True
        return False

    def mistake_at(self, pos: tuple[int, int] | None) -> int | None:
        """The listed mistake under a point."""
        mistakes = layout.session_review_rects()["mistakes"]
        return layout.row_under(mistakes, pos, ROW_H, len(self.mistakes or ()))

    def update(self, dt: float) -> None:
        """Read the sitting, judge its rounds, go where asked."""
        self.buttons.update(dt)
        records = self.ctx.records
        if records is not None and self.session is not None:
            records.start()
            if self.job is None and records.ready:
                self.job = records.sitting(self.session, self.names)
            if self.job is not None and self.job.done() and self.data is None:
                self.data = self.job.value or SittingData([], [])
                rounds = self.data.rounds
                self.judging = self.ctx.odds.worker.submit(
                    lambda: sitting_mistakes(rounds), "judging a sitting"
                )
            if self.judging is not None and self.judging.done() and self.mistakes is None:
                self.mistakes = self.judging.value or []
        if self.stack is None or self.stack.changing:
            return
        if self.opened is not None and self.mistakes:
            m = self.mistakes[self.opened]
            self.opened = None
            title = _("round {n} · {player}'s mistake").format(n=m.round.round_id, player=m.player)
            replay = Go(SceneName.REPLAY, record=m.round.record, title=title, decision=m.decision.number)
            self.stack.push(replay)
            return
        choice, self.choice = self.choice, None
        if choice == "back":
            self.close()
        elif choice == "history":
            self.stack.push(Go(SceneName.HISTORY, session=self.session))

    def draw(self, surface: pygame.Surface) -> None:
        """Each person's figures, then the biggest mistakes."""
        ctx = self.ctx
        a = ctx.assets
        surface.blit(ctx.view.background(ctx.session.rules, ctx.presenter.positions), (0, 0))
        draw_panel(surface, layout.screen_panel_rect())
        surface.blit(a.text(_("SESSION REVIEW"), 40, GOLD, bold=True), (44, 34))
        if self.session is not None:
            surface.blit(a.text(_("Sitting {session}").format(session=self.session), 20, CREAM), (470, 48))
        r = layout.session_review_rects()
        people = r["people"]
        for text, dx in PEOPLE_COLUMNS:
            head = a.text(_(text), 17, GREY, bold=True)
            rect = head.get_rect(midleft=(people.x + dx, people.y + ROW_H // 2))
            if dx:
                rect.right = people.x + dx
            surface.blit(head, rect)
        status = self._status()
        if status:
            label = a.text(status, 24, CREAM)
            surface.blit(label, label.get_rect(center=people.center))
        for i, s in enumerate((self.data.stats if self.data else [])[:4]):
            y = people.y + ROW_H * (i + 1)
            cells = (
                s.player, str(s.rounds), money_text(s.net, sign=True), money_text(s.luck, sign=True),
                percent(s.accuracy), money_text(round(s.ev_lost)) if s.decisions else "—",
            )
            for (_head, dx), cell in zip(PEOPLE_COLUMNS, cells, strict=True):
                color = GREEN if cell.startswith("+") else RED if cell.startswith("-") else (255, 255, 255)
                label = a.text(cell, 22, GOLD if dx == 0 else color, bold=True)
                rect = label.get_rect(midleft=(people.x + dx, y + ROW_H // 2))
                if dx:
                    rect.right = people.x + dx
                surface.blit(label, rect)
        box = r["mistakes"]
        head = a.text(_("BIGGEST MISTAKES · click one to replay it"), 17, GREY, bold=True)
        surface.blit(head, (box.x, box.y + 10))
        if self.data is not None and self.mistakes is None:
            surface.blit(a.text(_("judging the decisions…"), 22, CREAM), (box.x, box.y + ROW_H + 8))
        elif self.mistakes == []:
            surface.blit(a.text(_("No costly plays this sitting."), 22, GREEN), (box.x, box.y + ROW_H + 8))
        for i, m in enumerate(self.mistakes or []):
            y = box.y + ROW_H * (i + 1)
            band = pygame.Rect(box.x - 8, y + 2, box.w + 16, ROW_H - 4)
            pygame.draw.rect(surface, (34, 28, 24) if i % 2 else (28, 24, 20), band, border_radius=8)
            pygame.draw.rect(surface, RED, band, 1, border_radius=8)
            label = a.text(f"#{m.round.round_id}  {mistake_text(m)}", 20, CREAM, bold=True)
            surface.blit(label, label.get_rect(midleft=(box.x, y + ROW_H // 2)))
            d = m.decision
            cost = _("cost {share} of {bet} = {amount}").format(
                share=i18n.percent(d.cost, 1), bet=money_text(d.bet), amount=money_text(round(d.cost_cents)))
            label = a.text(cost, 20, RED, bold=True)
            surface.blit(label, label.get_rect(midright=(box.right, y + ROW_H // 2)))
        self.buttons.draw(surface, a)

    def _status(self) -> str:
        records = self.ctx.records
        if records is None or (records.ready and not records.saving):
            return _("Nothing is saved in this run, so there is nothing to review.")
        if self.session is None:
            return _("This table has no sitting to review.")
        if self.data is None:
            return _("loading…")
        if not self.data.stats:
            return _("Nobody played a round this sitting.")
        return ""
