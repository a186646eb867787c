"""Counting at a full table: bots play whole rounds from the rules' shoe at casino pace; keep the count.

`engine.count_drills.TableDrill` plays each round with the engine's bots; this scene deals
its events out one card at a time at the chosen pace (every seat's cards, splits, hits and
the dealer's hand, the hole card when it turns), with the discard tray filling beside.
After some rounds, and always at the end of the shoe, the running count since the shuffle
is asked; each answer is scored and saved like any drill answer.
"""

from __future__ import annotations

import pygame

from engine import Rules
from engine import events as ev
from engine.count_drills import CountDrill, TableDrill, TableRound
from engine.drills import DrillError
from engine.i18n import _, figure, ngettext
from game import layout
from game.context import GameContext
from game.discard_tray import draw_tray
from game.intents import Intent, IntentKind
from game.scenes.counting_base import CountingScene
from game.scenes.text import GREEN, RED
from game.widgets import CREAM, GOLD, draw_panel, draw_veil

ROUND_PAUSE = 1.2
"""Seconds a finished round stays on the table before the cards go to the tray."""


def table_tray_rect() -> pygame.Rect:
    """The discard tray beside the table, top right (right of the limits placard, above the seats)."""
    return pygame.Rect(1030, 12, 60, 160)


class TableCountDrillScene(CountingScene):
    """Rounds dealt at casino pace to a full table; the running count is asked now and then."""

    def __init__(
        self, ctx: GameContext, rules: Rules, person: str | None = None, seats: int = 7, pace: float = 0.45,
        seed: int | None = None,
    ) -> None:
        super().__init__(ctx, rules, CountDrill.FULL_TABLE, person)
        self.table = TableDrill(rules, seats, seed=seed)
        if rules.decks is None:  # TableDrill refuses an endless shoe; this keeps the type narrow
            raise DrillError(f"{rules.name} deals from an endless shoe")
        self.decks: int = rules.decks
        self.seats = seats
        self.pace = pace
        self.positions = layout.table_positions(seats)
        self.round: TableRound | None = None
        self.cursor = 0
        self.wait = 0.0
        self.phase = "ready"
        """ready → dealing → (pause) → asked → told → dealing ... """
        self.hands: dict[int, list[list[str | None]]] = {}
        self.dealer: list[str | None] = []
        self.discarded = 0
        """Cards of earlier rounds in the tray since the shuffle."""
        self.result = ""
        self.verdict: bool | None = None

    @property
    def wants_text(self) -> bool:
        """Typing is the answer while the count is asked."""
        return self.phase == "asked"

    def handle_event(self, intent: Intent) -> bool:
        """Enter starts, answers, and deals on; digits type; Esc goes back."""
        routed = self.route(intent)
        if routed is None:
            return True
        if self.phase == "asked":
            self.take_count(routed, self._answer)
            return True
        if routed.kind is IntentKind.CONFIRM and self.phase in ("ready", "told"):
            self._next_round()
            return True
        return False

    def _answer(self, typed: int) -> None:
        assert self.round is not None
        running = self.round.running
        self.verdict = typed == running
        if self.round.last_of_shoe:
            result = (_("Right: the running count at the end of the shoe is {count}") if self.verdict
                      else _("Wrong: the running count at the end of the shoe is {count}, not {typed}"))
        else:
            result = (_("Right: the running count is {count}") if self.verdict
                      else _("Wrong: the running count is {count}, not {typed}"))
        self.result = result.format(count=f"{running:+d}", typed=f"{typed:+d}")
        self.entry = ""
        self.score(self.verdict)
        self.phase = "told"

    def _next_round(self) -> None:
        """Clear the table into the tray and deal the next round."""
        self.discarded += sum(len(h) for hands in self.hands.values() for h in hands) + len(self.dealer)
        self.hands, self.dealer = {}, []
        self.round = self.table.next_round()
        self.cursor, self.wait, self.phase = 0, 0.0, "dealing"

    def update(self, dt: float) -> None:
        """Deal the round's events at the pace; after it, pause, then ask or deal on."""
        self.ctx.update(dt)
        self.buttons.update(dt)
        self.take_jobs()
        if self.phase == "dealing" and self.round is not None:
            self.wait -= dt
            events = self.round.events
            while self.wait <= 0 and self.cursor < len(events):
                self.wait += self._apply(events[self.cursor])
                self.cursor += 1
            if self.cursor >= len(events) and self.wait <= 0:
                self.phase, self.wait = "pause", ROUND_PAUSE
        elif self.phase == "pause" and self.round is not None:
            self.wait -= dt
            if self.wait <= 0:
                if self.round.asked:
                    self.phase = "asked"
                else:
                    self._next_round()
        next_button = self.buttons.by_name("next")
        next_button.visible = self.phase in ("ready", "told")
        next_button.label = _("Start") if self.phase == "ready" else _("Deal on")

    def _apply(self, event: ev.Event) -> float:
        """Put an event's card on the table; the seconds to wait before the next event."""
        if isinstance(event, ev.ShoeShuffled):
            self.discarded = 0
            return self.pace
        if isinstance(event, ev.CardDealt):
            hands = self.hands.setdefault(event.seat, [])
            while len(hands) <= event.hand:
                hands.append([])
            hands[event.hand].append(event.card.code)
            return self.pace
        if isinstance(event, ev.HandSplit):
            hands = self.hands[event.seat]
            moved = hands[event.hand].pop()
            hands.insert(event.new_hand, [moved])
            return self.pace
        if isinstance(event, ev.DealerCardDealt):
            self.dealer.append(event.card.code if event.face_up else None)
            return self.pace
        if isinstance(event, ev.HoleCardRevealed):
            self.dealer = [event.card.code if code is None else code for code in self.dealer]
            return self.pace
        return 0.0

    def draw(self, surface: pygame.Surface) -> None:
        """The table with every seat's cards and the dealer's, the tray, the score, and any question."""
        ctx, a = self.ctx, self.ctx.assets
        surface.blit(ctx.view.background(self.rules, self.positions), (0, 0))
        for seat, hands in self.hands.items():
            position = self.positions[seat]
            room = layout.seat_room(position, self.positions)
            for h, codes in enumerate(hands):
                for i, code in enumerate(codes):
                    self.ctx.view.lay_card(surface, code, layout.card_rect(position, h, len(hands), i, room))
        for i, code in enumerate(self.dealer):
            self.ctx.view.lay_card(surface, code, layout.dealer_card_rect(i, len(self.dealer)))
        tray = table_tray_rect()
        draw_tray(surface, tray, self.discarded, self.decks)
        label = a.shadowed_text(_("discard tray"), 16, CREAM)
        surface.blit(label, label.get_rect(bottomleft=(tray.right + 8, tray.bottom)))
        pace = ngettext("{n} seat · a card every {seconds} s", "{n} seats · a card every {seconds} s",
                        self.seats).format(n=self.seats, seconds=figure(self.pace))
        self.draw_score(surface, [pace])
        if self.phase == "ready":
            lines = [_("Bots play whole rounds at casino pace. Keep the Hi-Lo running count."),
                     _("It is asked after some rounds, and at the end of the shoe. Enter starts.")]
            self._banner(surface, lines, CREAM)
        elif self.phase == "asked":
            assert self.round is not None
            draw_veil(surface, 120)
            ask = (_("The shoe is done. What is the running count?") if self.round.last_of_shoe
                   else _("What is the running count?"))
            self.draw_question(surface, ask, _("Since the shuffle"), _("Type the number · Enter answers"))
        elif self.phase == "told":
            self._banner(surface, [self.result, _("Enter deals on.")], GREEN if self.verdict else RED)
        self.buttons.draw(surface, a)

    def _banner(self, surface: pygame.Surface, lines: list[str], color: tuple[int, int, int]) -> None:
        a = self.ctx.assets
        panel = pygame.Rect(290, 190, 700, 50 + 36 * len(lines))
        draw_panel(surface, panel)
        for i, line in enumerate(lines):
            text = a.text(line, 20, color if i == 0 else GOLD, bold=True)
            surface.blit(text, text.get_rect(midtop=(panel.centerx, panel.y + 24 + i * 36)))
