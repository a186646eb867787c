"""Demo mode: the dealer deals to a table of engine bots, round after round, with captions that teach.

The demo sits on a table of its own (its own session, presenter and view), pushed over
whatever scene the person was on; any click or key (other than the speed controls) pops
it and the person is back where they were. The bots bet and act only through the engine
(`place_bet`, `deal`, `act`); each decision's caption ("Seat 3 (novice): 16 against a 10 —
hits (expected: standing -54%, hitting -53% of the bet)") is priced by `engine.coach` on the odds
worker and shown when ready (at max speed a caption that is not ready is skipped rather
than waited for).

Speeds: 1x, 2x, 4x scale the animation clock; max presents every event at once and plays
as many rounds as fit in a small time budget per frame, still drawing every frame.
Nothing accumulates from round to round: the engine keeps only the round in play, the
presenter is reset by `start_round`, and the demo keeps one caption and one pending job.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

import pygame

from engine import Action, Round
from engine.bots import CardWatcher
from engine.i18n import N_, _
from game import layout
from game.autoplay import EngineBot, Policy
from game.background import Job
from game.context import GameContext, make_presenter
from game.intents import Intent, IntentKind
from game.scene import Scene
from game.seats import PALETTE
from game.session import Session
from game.sound import Sounds
from game.table_view import TableView
from game.widgets import GOLD, Button, ButtonRow

DEMO_BOTS: tuple[str, ...] = ("basic", "counter", "novice", "basic", "counter")
"""The bot kind in each demo seat, left to right."""

SPEEDS: tuple[tuple[str, float], ...] = (("1x", 1.0), ("2x", 2.0), ("4x", 4.0), (N_("max"), 0.0))
"""The demo's speeds: a label and how much faster than normal the clock runs (0: no animation)."""

BOT_THINK = 0.7
"""Seconds a bot thinks over a decision at 1x (so the caption can be read as it acts)."""

CAPTION_WAIT = 1.5
"""The most seconds (at 1x) a bot waits for its caption's numbers before acting anyway."""

ROUND_HOLD = 1.6
"""Seconds the settled table stays up at 1x before the cards are collected."""

MAX_BUDGET = 0.025
"""Seconds of play per frame at max speed (the rest of the frame draws)."""

MAX_STEPS = 400

MAX_CAPTION_GAP = 0.4
"""At max speed, the fewest seconds between captions (nobody reads faster; the worker stays free)."""
"""The most engine steps (a decision or a new round) one frame plays at max speed."""

CREAM = (246, 236, 206)
IDLE_CAPTION = N_("Bots play basic strategy, count cards, or guess: each decision is explained here.")

SEAT_NAMES: dict[str, str] = {
    "basic": N_("Seat {number} (basic)"), "counter": N_("Seat {number} (counter)"),
    "novice": N_("Seat {number} (novice)"),
}
"""A demo seat's name by its bot kind (marked; translated when the demo opens)."""


@dataclass(frozen=True, slots=True)
class Caption:
    """One caption: the words, and which round and decision they explain."""

    text: str
    round_number: int


def caption_work(rules: object, spot: object, action: Action, name: str) -> str:
    """Price a decision and say it in words (runs on the odds worker)."""
    from engine.coach import Situation, caption, hint_for
    from engine.rules import Rules

    assert isinstance(rules, Rules) and isinstance(spot, Situation)
    return caption(name, spot, action, hint_for(rules, spot))


def demo_session(rules_id: str, seed: int | None) -> Session:
    """A table of bots named by seat and kind ('Seat 3 (novice)'), each plate in its own color."""
    names = [_(SEAT_NAMES[kind]).format(number=i + 1) for i, kind in enumerate(DEMO_BOTS)]
    placeholder: dict[int, Policy] = {i: _Unseated() for i in range(len(DEMO_BOTS))}
    session = Session.open(rules_id, seats=len(DEMO_BOTS), seed=seed, bots=placeholder, names=names)
    for info, kind in zip(session.seats_info, DEMO_BOTS, strict=True):
        info.bot = f"demo {kind}"  # not a BOT_LABELS key: the plate shows the seat's name
        info.color = PALETTE[info.position % len(PALETTE)]
    return session


class _Unseated:
    """A stand-in policy until the engine bots are built (never asked)."""

    ready = False

    def bet(self, rnd: Round, seat: int) -> int:  # pragma: no cover - never asked
        return 0

    def decide(self, rnd: Round, seat: int, legal: frozenset[Action]) -> Action:  # pragma: no cover
        return next(iter(legal))


class DemoScene(Scene):
    """Bots play on a table of their own; captions explain each decision; any input leaves."""

    def __init__(self, ctx: GameContext, *, speed: int = 0, seed: int | None = None) -> None:
        super().__init__()
        self.main = ctx
        session = demo_session(ctx.session.rules_id, seed)
        watcher = CardWatcher()
        session.watcher = watcher
        for seat, kind in enumerate(DEMO_BOTS):
            session.bots[seat] = EngineBot(kind, session.rules, ctx.odds, watcher)
        settings = ctx.settings.with_changes(speed="normal")
        self._sounds = ctx.sounds
        self._silent = Sounds(enabled=False)
        self.ctx = GameContext(
            assets=ctx.assets,
            sounds=ctx.sounds,
            settings=settings,
            session=session,
            presenter=make_presenter(session, settings, ctx.sounds),
            view=TableView(ctx.assets),
            odds=ctx.odds,
            records=None,
        )
        self.speed = -1
        self.set_speed(speed)
        self.caption: Caption | None = None
        self.caption_job: Job[str] | None = None
        self.caption_round = 0
        self.caption_due = 0.0
        self.think = 0.0
        self.hold = 0.0
        self.decided: tuple[int, Action] | None = None
        """The decision being thought over: the event count when it was asked, and the bot's answer."""
        self.rounds = 0
        """Rounds dealt since the demo began."""
        self.leaving = False
        self.started = False
        self.buttons = ButtonRow(
            [
                Button(f"speed{i}", _(label), rect, IntentKind.BET_ADD,
                       tooltip=_("Speed {speed} (key {key})").format(speed=_(label), key=i + 1))
                for i, ((label, _factor), rect) in enumerate(zip(SPEEDS, demo_speed_rects(), strict=True))
            ]
        )

    # ---- lifecycle -----------------------------------------------------------------------

    def enter(self) -> None:
        """Sit the bots down (their charts build on the odds worker)."""
        for policy in self.ctx.session.bots.values():
            if isinstance(policy, EngineBot):
                _ = policy.job

    def exit(self) -> None:
        """Forget the pending caption; the main table is untouched."""
        self.caption_job = None

    @property
    def busy(self) -> bool:
        """Waiting for the bots' charts (the first time a rule set is analysed)."""
        return not self.bots_ready

    @property
    def bots_ready(self) -> bool:
        """Whether every bot is built."""
        return all(policy.ready for policy in self.ctx.session.bots.values())

    # ---- speed ---------------------------------------------------------------------------

    @property
    def factor(self) -> float:
        """How much faster than normal the demo runs (0 for max)."""
        return SPEEDS[self.speed][1]

    def set_speed(self, index: int) -> None:
        """Choose a speed by its index in SPEEDS."""
        index = max(0, min(len(SPEEDS) - 1, index))
        if index == self.speed:
            return
        self.speed = index
        presenter = self.ctx.presenter
        fastest = self.factor == 0
        presenter.settings = self.ctx.settings.with_changes(speed="instant" if fastest else "normal")
        presenter.sounds = self._silent if fastest else self._sounds

    # ---- input ---------------------------------------------------------------------------

    def handle_event(self, intent: Intent) -> bool:
        """Speed keys (1-4) and buttons change the speed; any other click or key leaves the demo."""
        if intent.kind is IntentKind.POINT:
            self.buttons.point(intent.pos)
            return True
        if intent.kind is IntentKind.CLICK:
            button = self.buttons.clicked(intent.pos)
            if button is not None:
                self.set_speed(int(button.name.removeprefix("speed")))
                return True
        elif intent.kind is IntentKind.BET_ADD and intent.value is not None and intent.value < len(SPEEDS):
            self.set_speed(intent.value)
            return True
        self.leave()
        return True

    def leave(self) -> None:
        """Back to the scene the person was on."""
        if self.leaving or self.stack is None:
            return
        self.leaving = True
        self.stack.pop()

    # ---- the frame -----------------------------------------------------------------------

    def update(self, dt: float) -> None:
        """Play: bets, decisions and new rounds; at max speed, as many steps as the budget allows."""
        self.buttons.update(dt)
        self._take_caption()
        if self.leaving or not self.bots_ready:
            if not self.bots_ready:
                self.ctx.presenter.message = _("The bots are taking their seats…")
            return
        if self.factor == 0:
            deadline = time.perf_counter() + MAX_BUDGET
            for _step in range(MAX_STEPS):
                self.ctx.presenter.hurry()
                self.ctx.update(0.0)
                if not self._advance(0.0) or time.perf_counter() > deadline:
                    break
            return
        scaled = dt * self.factor
        self.ctx.update(scaled)
        self._advance(scaled)

    def _advance(self, dt: float) -> bool:
        """One step of the table when the presenter has caught up; returns whether anything was played."""
        ctx = self.ctx
        if not ctx.presenter.idle:
            return False
        rnd = ctx.session.table.round
        if not self.started or rnd is None:
            return self._open_round()
        decision = rnd.decision
        if decision is not None:
            return self._decide(rnd, dt)
        if rnd.is_over:
            self.hold += dt
            if self.factor != 0 and self.hold < ROUND_HOLD:
                return False
            self.hold = 0.0
            ctx.presenter.collect()
            return self._open_round()
        return False

    def _open_round(self) -> bool:
        """Rebuy broke bots, open a round, take every bot's bet and deal."""
        ctx = self.ctx
        session = ctx.session
        self.started = True
        for seat in range(session.seats):
            if session.broke(seat):
                session.rebuy(seat)
        rnd = session.new_round()
        ctx.presenter.start_round(rnd)
        ctx.presenter.barrier = None
        for seat, policy in session.bots.items():
            amount = policy.bet(rnd, seat)
            if amount and rnd.can_bet(seat, amount):
                rnd.place_bet(seat, amount)
        if not rnd.playing_seats():  # nobody could bet: try again next time
            return False
        rnd.deal()
        self.rounds += 1
        return True

    def _decide(self, rnd: Round, dt: float) -> bool:
        """The bot in turn decides; its caption is priced on the worker while it thinks."""
        ctx = self.ctx
        decision = rnd.decision
        assert decision is not None
        ctx.presenter.turn = decision.seat
        asked = len(rnd.events)
        if self.decided is None or self.decided[0] != asked:
            policy = ctx.session.bots[decision.seat]
            action = policy.decide(rnd, decision.seat, rnd.legal_actions())
            self.decided = (asked, action)
            self.think = 0.0
            self._ask_caption(rnd, action)
        action = self.decided[1]
        if self.factor != 0:
            self.think += dt
            waited = self.think >= BOT_THINK
            priced = self.caption_job is None or self.caption_job.done() or self.think >= CAPTION_WAIT
            if not (waited and priced):
                return False
        rnd.act(action)
        self.decided = None
        return True

    def _ask_caption(self, rnd: Round, action: Action) -> None:
        """Price the decision on the odds worker (at max speed only when the worker is free)."""
        if self.factor == 0:
            now = time.perf_counter()
            if (self.caption_job is not None and not self.caption_job.done()) or now < self.caption_due:
                return  # skip rather than queue: the worker never falls behind the table
            self.caption_due = now + MAX_CAPTION_GAP
        from engine.coach import situation

        decision = rnd.decision
        assert decision is not None
        spot = situation(rnd)
        name = self.ctx.session.seats_info[decision.seat].label
        rules = rnd.rules
        self.caption_round = rnd.number
        self.caption_job = self.ctx.odds.worker.submit(
            lambda: caption_work(rules, spot, action, name), "a demo caption"
        )

    def _take_caption(self) -> None:
        job = self.caption_job
        if job is not None and job.done():
            self.caption_job = None
            if job.value is not None:
                self.caption = Caption(job.value, self.caption_round)

    # ---- drawing -------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        """The demo table, the caption band, the speed buttons and how to leave."""
        ctx = self.ctx
        ctx.draw_table(surface)
        a = ctx.assets
        band = demo_caption_rect()
        panel = pygame.Surface(band.size, pygame.SRCALPHA)
        panel.fill((8, 14, 10, 210))
        surface.blit(panel, band.topleft)
        pygame.draw.rect(surface, GOLD, band, 2, border_radius=10)
        tag = a.text(_("DEMO"), 22, GOLD, bold=True)
        surface.blit(tag, tag.get_rect(midleft=(band.x + 14, band.centery)))
        text = self.caption.text if self.caption is not None else _(IDLE_CAPTION)
        # captions and the round number change all the time: rendered each frame, never cached
        size = 20
        label = a.font(size, True).render(text, True, CREAM)
        room = band.w - tag.get_width() - 40
        while label.get_width() > room and size > 13:
            size -= 1
            label = a.font(size, True).render(text, True, CREAM)
        surface.blit(label, label.get_rect(midleft=(band.x + tag.get_width() + 28, band.centery)))
        rects = demo_speed_rects()
        hint = a.font(18, True).render(
            _("Round {number} · speed {speed} (keys 1-4) · click or press any key to leave").format(
                number=self.rounds, speed=_(SPEEDS[self.speed][0])),
            True,
            (220, 214, 200),
        )
        surface.blit(hint, hint.get_rect(midleft=(band.x + 4, rects[0].centery)))
        for i, button in enumerate(self.buttons.buttons):
            if i == self.speed:
                pygame.draw.rect(surface, GOLD, button.rect.inflate(6, 6), 3, border_radius=10)
        self.buttons.draw(surface, a)


def demo_caption_rect() -> pygame.Rect:
    """The caption band on the rail (the demo has no bankroll panel or action buttons there)."""
    rail = layout.rail_rect()
    return pygame.Rect(24, rail.y + 14, layout.CANVAS_SIZE[0] - 48, 44)


def demo_speed_rects() -> list[pygame.Rect]:
    """The four speed buttons, bottom right under the caption band."""
    w, h, gap = 64, 36, 10
    right = layout.CANVAS_SIZE[0] - 24
    left = right - 4 * w - 3 * gap
    top = demo_caption_rect().bottom + 10
    return [pygame.Rect(left + i * (w + gap), top, w, h) for i in range(4)]
