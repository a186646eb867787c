"""The tournaments: one person starts with the rules' bankroll, bets at least their minimum, wins on
reaching their goal and is out below the minimum. An entry screen, then the table, then the result.

The entry offers the engine's `double-up` preset (100 to 200, the first card seen before the
bet) and every saved table whose rules set a tournament; the engine decides when one is won
or lost. The best results of each tournament are remembered in the history database.
"""

from __future__ import annotations

from typing import Any

import pygame

from engine import Rules, load_rules
from engine.errors import as_sentence
from engine.i18n import N_, _, money, ngettext
from game import layout
from game.background import Job
from game.context import GameContext
from game.intents import Intent, IntentKind
from game.scene import Go, Scene, SceneName
from game.scenes.text import GREEN, GREY, RED
from game.seats import SeatsError, SeatSpec, parse_seats
from game.widgets import CREAM, GOLD, Button, ButtonRow, TextField, draw_panel

PRESET = "double-up"
"""The rules of the tournament offered first (the title's Double-up)."""


def tournament_choices(ctx: GameContext) -> list[tuple[str, Rules]]:
    """Double-up, then every saved tournament table: each one's rules id and rules (each file read once)."""
    return [(PRESET, load_rules(PRESET)), *ctx.tournament_tables()]


def choice_name(rules_id: str, rules: Rules) -> str:
    """What the chooser calls a tournament: Double-up, or the saved table's name."""
    return _("Double-up") if rules_id == PRESET else rules.name


def rules_lines(rules: Rules) -> list[tuple[str, bool]]:
    """The tournament explained in its rules' own numbers, as lines (the goal's in bold)."""
    assert rules.tournament is not None, "only rules that set a tournament are offered"
    start, target = money(rules.tournament.bankroll), money(rules.tournament.goal)
    low, high = money(rules.min_bet), rules.max_bet
    limits = (_("The minimum bet is {low}; you may bet everything.") if high is None
              else _("The minimum bet is {low}; the most is {high}.")).format(
                  low=low, high=money(high) if high is not None else "")
    first = [(_("Your first card is dealt before you bet."), False)] if rules.first_card_before_bet else []
    return [
        (_("You start with {amount}.").format(amount=start), False),
        *first,
        (limits, False),
        (_("Reach {amount} and you win.").format(amount=target), True),
        (_("Fall below {amount} and you are out.").format(amount=low), False),
    ]


def verdict_text(rules: Rules, won: bool) -> str:
    """The result's headline: doubled up (or the goal reached, when it is not twice the start), or out."""
    goal = rules.tournament
    if not won:
        return _("OUT OF THE TOURNAMENT")
    return _("DOUBLED UP!") if goal is not None and goal.goal == 2 * goal.bankroll else _("GOAL REACHED!")


def best_lines(results: list[Any] | None) -> list[tuple[str, tuple[int, int, int]]]:
    """The best results, best first, as lines and colors."""
    out = []
    for i, r in enumerate(results or []):
        line = (ngettext("{rank}. {player}: {amount}, won in {n} round",
                         "{rank}. {player}: {amount}, won in {n} rounds", r.rounds) if r.won
                else ngettext("{rank}. {player}: {amount}, out after {n} round",
                              "{rank}. {player}: {amount}, out after {n} rounds", r.rounds))
        words = line.format(rank=i + 1, player=r.player, amount=money(r.final_bankroll), n=r.rounds)
        out.append((words, GREEN if r.won else CREAM))
    return out


def _seat_for_tournament(ctx: GameContext, name: str, rules_id: str) -> Go:
    """A tournament table for one person (Back, should it fail, returns to the entry with the name and
    the tournament chosen)."""
    return Go(
        SceneName.OPENING,
        specs=[SeatSpec("person", name=name)],
        rules_id=rules_id,
        buy_in=ctx.settings.buy_in,
        mode="tournament",
        back=Go(SceneName.TOURNAMENT, name=name, rules_id=rules_id),
    )


class TournamentScene(Scene):
    """Which tournament, who plays it, its rules, and its best results so far."""

    def __init__(self, ctx: GameContext, name: str = "", rules_id: str = PRESET) -> None:
        super().__init__()
        self.ctx = ctx
        r = layout.tournament_rects()
        self.field = TextField("name", r["name"], placeholder=_("Type your name"))
        self.field.text = name or self._last_person()
        self.field.focus()
        self.best: Job[list[Any] | None] | None = None
        self.error = ""
        self.time = 0.0
        self.leaving: Go | None = None
        self.choices = tournament_choices(ctx)
        ids = [rules_id for rules_id, _ in self.choices]
        self.chosen = ids.index(rules_id) if rules_id in ids else 0
        self.buttons = ButtonRow(
            [
                Button("choice-", "<", r["choice-"], IntentKind.CLICK,
                       tooltip=N_("Previous tournament (Left)")),
                Button("choice+", ">", r["choice+"], IntentKind.CLICK,
                       tooltip=N_("Next tournament (Right)")),
                Button("back", N_("Back"), r["back"], IntentKind.BACK, tooltip=N_("Back to the title (Esc)")),
                Button(
                    "start", N_("Start"), r["start"], IntentKind.CONFIRM,
                    tooltip=N_("Play the tournament (Enter)"),
                ),
            ]
        )

    @property
    def rules_id(self) -> str:
        """The chosen tournament's rules id (a preset id or a saved table's file)."""
        return self.choices[self.chosen][0]

    @property
    def lines(self) -> list[tuple[str, bool]]:
        """The chosen tournament's rules in words."""
        return rules_lines(self.choices[self.chosen][1])

    def choose(self, step: int) -> None:
        """The previous or next tournament; its best results are asked for again."""
        self.chosen = (self.chosen + step) % len(self.choices)
        self.best = None

    def _last_person(self) -> str:
        try:
            specs = parse_seats(self.ctx.settings.seats) if self.ctx.settings.seats else []
        except SeatsError:
            specs = []
        return next((s.name for s in specs if s.kind == "person"), "")

    @property
    def busy(self) -> bool:
        """Waiting for the history to open or for the chosen tournament's best results."""
        records = self.ctx.records
        if records is None:
            return False
        return not records.ready or (records.saving and (self.best is None or not self.best.done()))

    @property
    def wants_text(self) -> bool:
        """The name field always has the focus."""
        return True

    def handle_event(self, intent: Intent) -> bool:
        """Typing, < and > (Left and Right) to choose the tournament, Start (Enter) and Back (Esc)."""
        kind = intent.kind
        if kind is IntentKind.POINT:
            self.buttons.point(intent.pos)
        elif kind is IntentKind.TEXT and intent.text:
            self.field.type(intent.text)
            self.error = ""
        elif kind is IntentKind.CLEAR:
            self.field.erase()
        elif kind is IntentKind.SELECT_ALL:
            self.field.select_all()
        elif kind is IntentKind.CLICK:
            button = self.buttons.clicked(intent.pos)
            if button is not None:
                self.ctx.sounds.play("button", 0.5)
                if button.name.startswith("choice"):
                    self.choose(1 if button.name == "choice+" else -1)
                else:
                    self.start() if button.name == "start" else self.back()
        elif kind is IntentKind.PAGE and intent.value is not None:
            self.choose(intent.value)
        elif kind is IntentKind.CONFIRM:
            self.start()
        elif kind is IntentKind.BACK:
            self.back()
        return True

    def back(self) -> None:
        """To the title."""
        self.leaving = Go(SceneName.TITLE)

    def start(self) -> None:
        """Seat the person at the chosen tournament's table."""
        from engine.errors import BlackjackError
        from engine.store.profiles import normalize_name

        try:
            name = normalize_name(self.field.text)
        except BlackjackError as error:
            self.error = as_sentence(error)
            return
        self.leaving = _seat_for_tournament(self.ctx, name, self.rules_id)

    def update(self, dt: float) -> None:
        """Ask for the chosen tournament's best results; leave when asked."""
        self.time += dt
        self.buttons.update(dt)
        records = self.ctx.records
        if records is not None:
            records.start()
            if self.best is None and records.ready:
                self.best = records.best_tournaments(rules=self.rules_id)
        if self.leaving is not None and self.stack is not None and not self.stack.changing:
            where, self.leaving = self.leaving, None
            self.stack.replace(where)

    def draw(self, surface: pygame.Surface) -> None:
        """The tournament chosen, its rules, the name, and its best results."""
        ctx = self.ctx
        a = ctx.assets
        surface.blit(ctx.view.background(ctx.session.rules, ctx.presenter.positions), (0, 0))
        draw_panel(surface, layout.screen_panel_rect())
        r = layout.tournament_rects()
        title = a.text(_("TOURNAMENT"), 44, GOLD, bold=True)
        surface.blit(title, (44, 34))
        rules_id, rules = self.choices[self.chosen]
        chosen = a.text(choice_name(rules_id, rules), 30, GOLD, bold=True)
        surface.blit(chosen, chosen.get_rect(center=r["choice"].center))
        for i, (line, bold) in enumerate(self.lines):
            text = a.text(line, 26, CREAM, bold=bold)
            surface.blit(text, (r["rules"].x, r["rules"].y + i * 38))
        who = a.text(_("PLAYER"), 20, GREY, bold=True)
        surface.blit(who, who.get_rect(bottomleft=(r["name"].x, r["name"].y - 6)))
        self.field.draw(surface, a, self.time)
        if self.error:
            error = a.text(self.error, 20, RED, bold=True)
            surface.blit(error, (r["name"].x, r["name"].bottom + 10))
        head = a.text(_("BEST RESULTS"), 24, GOLD, bold=True)
        surface.blit(head, (r["best"].x, r["best"].y))
        draw_best(surface, ctx, self.best, r["best"].move(0, 40))
        self.buttons.draw(surface, a)


def draw_best(
    surface: pygame.Surface,
    ctx: GameContext,
    job: Job[list[Any] | None] | None,
    box: pygame.Rect,
    highlight: int | None = None,
) -> None:
    """The best results list (or why there is none)."""
    a = ctx.assets
    records = ctx.records
    if records is None or (records.ready and not records.saving):
        lines = [(_("Results are not saved in this run."), GREY)]
    elif job is None or not job.done():
        lines = [(_("loading…"), GREY)]
    else:
        lines = best_lines(job.value) or [(_("No results yet: be the first."), GREY)]
    results = job.value if job is not None and job.done() else None
    for i, (line, color) in enumerate(lines):
        mine = (
            highlight is not None and results is not None and i < len(results) and results[i].id == highlight
        )
        label = a.text(
            line + ("   " + _("(this one)") if mine else ""), 22, (255, 255, 255) if mine else color,
            bold=mine,
        )
        if mine:
            band = pygame.Rect(box.x - 10, box.y + i * 32 - 4, label.get_width() + 20, label.get_height() + 8)
            pygame.draw.rect(surface, (70, 60, 30), band, border_radius=8)
        surface.blit(label, (box.x, box.y + i * 32))


class TournamentResultScene(Scene):
    """Doubled up or out: the final bankroll, the rounds it took, the best results; play again or leave."""

    def __init__(self, ctx: GameContext) -> None:
        super().__init__()
        self.ctx = ctx
        session = ctx.session
        seat = session.people[0] if session.people else 0
        self.name = session.seats_info[seat].name
        self.won = session.table.tournament_status(seat).value == "won"
        self.bankroll = session.table.bankroll(seat)
        self.rounds = session.table.rounds_played
        self.best: Job[list[Any] | None] | None = None
        self.leaving: Go | None = None
        r = layout.tournament_rects()
        self.buttons = ButtonRow(
            [
                Button("title", N_("Title"), r["back"], IntentKind.BACK,
                       tooltip=N_("Back to the title (Esc)")),
                Button(
                    "again",
                    N_("Play again"),
                    r["start"],
                    IntentKind.CONFIRM,
                    tooltip=N_("Another tournament (Enter)"),
                ),
            ]
        )

    @property
    def busy(self) -> bool:
        """Waiting for the best results (which include this one once it is saved)."""
        records = self.ctx.records
        return records is not None and records.saving and (self.best is None or not self.best.done())

    def enter(self) -> None:
        """Clear the table; ask for the best results (queued after this result's save, so they include it)."""
        sound = "blackjack" if self.won else "lose"
        self.ctx.sounds.play(sound)
        self.ctx.presenter.collect()
        if self.ctx.records is not None:
            self.best = self.ctx.records.best_tournaments(rules=self.ctx.session.rules_id)

    def handle_event(self, intent: Intent) -> bool:
        """Play again (Enter) or the title (Esc)."""
        kind: IntentKind = intent.kind
        if kind is IntentKind.POINT:
            self.buttons.point(intent.pos)
            return True
        if kind is IntentKind.CLICK:
            button = self.buttons.clicked(intent.pos)
            kind = button.intent if button is not None else kind
        if kind is IntentKind.CONFIRM:
            self.leaving = _seat_for_tournament(self.ctx, self.name, self.ctx.session.rules_id)
        elif kind is IntentKind.BACK:
            self.leaving = Go(SceneName.TITLE)
        return True

    def update(self, dt: float) -> None:
        """The table clears underneath; leave when asked."""
        self.ctx.update(dt)
        self.buttons.update(dt)
        if self.leaving is not None and self.stack is not None and not self.stack.changing:
            where, self.leaving = self.leaving, None
            self.stack.replace(where)

    def this_result(self) -> int | None:
        """This tournament's id among the saved results (the newest of this player's with these numbers)."""
        if self.best is None or not self.best.done():
            return None
        matches = [
            r
            for r in (self.best.value or [])
            if r.player.casefold() == self.name.casefold()
            and r.won == self.won
            and r.final_bankroll == self.bankroll
            and r.rounds == self.rounds
        ]
        return max((r.id for r in matches), default=None)

    def draw(self, surface: pygame.Surface) -> None:
        """The verdict over the table."""
        ctx = self.ctx
        a = ctx.assets
        ctx.view.draw(surface, ctx.presenter, ctx.session.rules)
        panel = layout.result_panel_rect()
        draw_panel(surface, panel, border=GREEN if self.won else RED)
        verdict = verdict_text(ctx.session.rules, self.won)
        title = a.shadowed_text(verdict, 60 if self.won else 50, GREEN if self.won else RED, bold=True)
        surface.blit(title, title.get_rect(midtop=(panel.centerx, panel.y + 26)))
        start = ctx.session.rules.tournament.bankroll if ctx.session.rules.tournament else 0
        line = ngettext("{name} turned {start} into {end} in {n} round.",
                        "{name} turned {start} into {end} in {n} rounds.", self.rounds).format(
            name=self.name, start=money(start), end=money(self.bankroll), n=self.rounds)
        text = a.text(line, 28, CREAM, bold=True)
        surface.blit(text, text.get_rect(midtop=(panel.centerx, panel.y + 104)))
        head = a.text(_("BEST RESULTS"), 22, GOLD, bold=True)
        surface.blit(head, (panel.x + 60, panel.y + 158))
        draw_best(
            surface,
            ctx,
            self.best,
            pygame.Rect(panel.x + 60, panel.y + 192, panel.w - 120, 200),
            highlight=self.this_result(),
        )
        self.buttons.draw(surface, a)
