"""Two counting drills read off a discard tray drawn to scale: true-count conversion and deck estimation.

True-count conversion shows a Hi-Lo running count and the tray at a random depth
(`engine.count_drills.true_count_spot`); the player types the true count at the chosen
precision, floored as `engine.counting.Count` reads it. Deck estimation shows the tray or
the shoe (`deck_spot`) and asks the decks left (or in the tray) to the half or quarter
deck; the feedback gives the true figure. Both are judged in the engine; the tray is
`game.discard_tray`'s.
"""

from __future__ import annotations

import random

import pygame

from engine import Rules
from engine.count_drills import (
    CountDrill,
    DeckSpot,
    Reading,
    TrueCountSpot,
    deck_spot,
    parse_decks,
    true_count_spot,
)
from engine.counting import Precision
from engine.drills import DrillError
from engine.i18n import N_, _, figure, ngettext
from game.context import GameContext
from game.discard_tray import draw_shoe, draw_tray
from game.intents import Intent, IntentKind
from game.scenes.counting_base import CountingScene
from game.widgets import CREAM, GOLD, draw_veil

PRECISION_WORDS = {
    Precision.EXACT: N_("Divide by the exact decks left; floor the result"),
    Precision.QUARTER: N_("Divide by the decks left to the quarter deck; floor the result"),
    Precision.HALF: N_("Divide by the decks left to the half deck; floor the result"),
    Precision.WHOLE: N_("Divide by the decks left to the whole deck; floor the result"),
}


def tray_rect() -> pygame.Rect:
    """Where the tray stands: tall, left of the question."""
    return pygame.Rect(440, 160, 150, 440)


def shoe_rect() -> pygame.Rect:
    """Where the shoe lies for a shoe reading: long, left of the question."""
    return pygame.Rect(60, 300, 560, 130)


def _shoe_words(decks: int) -> str:
    return ngettext("single deck", "{n}-deck shoe", decks).format(n=decks)


class SpotDrillScene(CountingScene):
    """A drill asking one typed answer a spot: the keys type it, Enter judges it, Enter again deals on."""

    verdict: bool | None
    """The last answer's verdict; None while the spot is unanswered."""

    @property
    def wants_text(self) -> bool:
        """The answer takes typing until it is judged."""
        return self.verdict is None

    def handle_event(self, intent: Intent) -> bool:
        """Typing edits the answer; Enter answers, then deals the next spot; Esc goes back."""
        routed = self.route(intent)
        if routed is None:
            return True
        if self.verdict is None and self.type_answer(routed):
            return True
        if routed.kind is IntentKind.CONFIRM:
            if self.verdict is not None:
                self.next_spot()
            else:
                self.verdict = self.judge()
                if self.verdict is not None:
                    self.score(self.verdict)
            return True
        return False

    def judge(self) -> bool | None:
        """The typed answer judged, or None when there is nothing to judge yet."""
        raise NotImplementedError

    def next_spot(self) -> None:
        """Deal the next spot."""
        raise NotImplementedError

    def update(self, dt: float) -> None:
        """Keep the saved results as they come."""
        self.ctx.update(dt)
        self.buttons.update(dt)
        self.take_jobs()
        self.buttons.by_name("next").visible = self.verdict is not None


class TrueCountDrillScene(SpotDrillScene):
    """A running count and a tray: type the true count; Enter judges, Enter again deals the next."""

    def __init__(
        self, ctx: GameContext, rules: Rules, person: str | None = None,
        precision: Precision = Precision.HALF, seed: int | None = None,
    ) -> None:
        super().__init__(ctx, rules, CountDrill.TRUE_COUNT, person)
        if rules.decks is None:
            raise DrillError(f"{rules.name} deals from an endless shoe, which has no true count")
        self.decks: int = rules.decks
        self.precision = precision
        self.rng = random.Random(seed)
        self.spot: TrueCountSpot = true_count_spot(self.decks, precision, self.rng)
        self.verdict: bool | None = None
        self.typed: int | None = None

    def judge(self) -> bool | None:
        """The typed true count judged (None while only a minus or nothing is typed)."""
        if self.entry in ("", "-"):
            return None
        self.typed = int(self.entry)
        return self.spot.right(self.typed)

    def next_spot(self) -> None:
        """A new tray and running count."""
        self.spot = true_count_spot(self.decks, self.precision, self.rng)
        self.verdict, self.typed, self.entry = None, None, ""

    def feedback(self) -> list[str]:
        """The working, and the answers a reading of the tray allows (empty before an answer)."""
        if self.verdict is None:
            return []
        spot = self.spot
        accepted = ", ".join(f"{n:+d}" for n in sorted(spot.accepted()))
        working = spot.explain()
        return [working[0].upper() + working[1:] + ".",
                _("You said {typed}; a tray read within a few cards gives {accepted}.").format(
                    typed=f"{self.typed:+d}", accepted=accepted)]

    def draw(self, surface: pygame.Surface) -> None:
        """The table, the tray and the running count, the question, then the feedback."""
        ctx, a = self.ctx, self.ctx.assets
        surface.blit(ctx.view.background(self.rules, []), (0, 0))
        draw_veil(surface, 90)  # the felt stays, dimmed, so the tray stands out
        self.draw_score(surface)
        tray = tray_rect()
        draw_tray(surface, tray, self.spot.discards, self.decks)
        label = a.shadowed_text(_("Discard tray · {shoe}").format(shoe=_shoe_words(self.decks)), 18, CREAM)
        surface.blit(label, label.get_rect(midtop=(tray.centerx, tray.bottom + 8)))
        running = ctx.view.pill(_("RUNNING COUNT {count}").format(count=f"{self.spot.running:+d}"), 26, GOLD)
        surface.blit(running, running.get_rect(center=(tray.x - 190, tray.centery)))
        note = _(PRECISION_WORDS[self.precision])
        self.draw_question(surface, _("What is the true count?"), note,
                           _("Type it (- for minus) · Enter answers"))
        if self.verdict is not None:
            self.draw_feedback(surface, self.verdict, self.feedback())
        self.buttons.draw(surface, a)


class DeckDrillScene(SpotDrillScene):
    """The tray or the shoe at some depth: type the decks left (or in the tray) to the half or quarter."""

    allowed = "0123456789., /"
    longest = 6

    def __init__(
        self, ctx: GameContext, rules: Rules, person: str | None = None,
        reading: Reading = Reading.TRAY_LEFT, unit: Precision = Precision.HALF, seed: int | None = None,
    ) -> None:
        super().__init__(ctx, rules, CountDrill.DECK_ESTIMATION, person)
        if rules.decks is None:
            raise DrillError(f"{rules.name} deals from an endless shoe, which has no decks to estimate")
        self.decks: int = rules.decks
        self.reading = reading
        self.unit = unit
        self.rng = random.Random(seed)
        self.spot: DeckSpot = deck_spot(self.decks, reading, unit, self.rng)
        self.verdict: bool | None = None
        self.typed = ""

    def judge(self) -> bool | None:
        """The typed decks judged (None while nothing, or something unreadable, is typed: it says why)."""
        if not self.entry.strip():
            return None
        try:
            answer = parse_decks(self.entry)
        except DrillError as error:
            self.error = str(error)
            return None
        self.typed = self.entry.strip()
        return self.spot.right(answer)

    def next_spot(self) -> None:
        """A new depth."""
        self.spot = deck_spot(self.decks, self.reading, self.unit, self.rng)
        self.verdict, self.typed, self.entry = None, "", ""

    def feedback(self) -> list[str]:
        """The true figure and what was said (empty before an answer)."""
        if self.verdict is None:
            return []
        right = (_("You said {typed}; right is within half a half deck of it, to the half deck.")
                 if self.unit is Precision.HALF
                 else _("You said {typed}; right is within half a quarter deck of it, to the quarter deck."))
        return [_("The true figure: {figure}.").format(figure=self.spot.explain()),
                right.format(typed=self.typed)]

    def draw(self, surface: pygame.Surface) -> None:
        """The table, the tray or the shoe, the question, then the feedback."""
        ctx, a = self.ctx, self.ctx.assets
        surface.blit(ctx.view.background(self.rules, []), (0, 0))
        draw_veil(surface, 90)  # the felt stays, dimmed, so the tray stands out
        self.draw_score(surface)
        if self.reading.shows_tray:
            where = tray_rect()
            draw_tray(surface, where, self.spot.shown_cards, self.decks)
            text = _("Discard tray · {shoe}").format(shoe=_shoe_words(self.decks))
        else:
            where = shoe_rect()
            draw_shoe(surface, where, self.spot.shown_cards, self.decks)
            text = _("The shoe, its mouth on the left · {shoe}").format(shoe=_shoe_words(self.decks))
        label = a.shadowed_text(text, 18, CREAM)
        surface.blit(label, label.get_rect(midtop=(where.centerx, where.bottom + 8)))
        in_tray = self.reading is Reading.TRAY
        ask = _("How many decks are in the tray?") if in_tray else _("How many decks are left?")
        if self.unit is Precision.HALF:
            to = _("To the half deck: type {half}, or 2 1/2").format(half=figure(2.5))
        else:
            to = _("To the quarter deck: type {quarter}, or 2 3/4").format(quarter=figure(2.75))
        self.draw_question(surface, ask, to, _("Enter answers · Backspace erases"))
        if self.verdict is not None:
            self.draw_feedback(surface, self.verdict, self.feedback())
        self.buttons.draw(surface, a)
