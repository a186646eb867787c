"""The end of a sitting: the table's people ranked by their result this session, from the saved rounds.

A click on a row opens that player's statistics. When nothing could be saved, the
ranking comes from the table itself (what each person has against what they brought).

A sitting left in the middle of a round (Leave table) keeps that round for next time, bets
and all: those bets are neither in the bankroll nor lost yet, so an ON TABLE column shows
them and each row still adds up (what the person brought and won is bankroll plus on table).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from engine import Money, Phase, Round
from engine.i18n import N_, _, number
from game import layout
from game.background import Job
from game.context import GameContext
from game.intents import Intent, IntentKind
from game.scene import Go, Scene, SceneName
from game.scenes.text import GREEN, GREY, RED, money_text, percent
from game.widgets import CREAM, GOLD, Button, ButtonRow, draw_panel

if TYPE_CHECKING:
    from engine.store import LeaderboardRow

COLUMNS: tuple[tuple[str, int, str], ...] = (
    ("#", 0, "left"),
    (N_("PLAYER"), 60, "left"),
    (N_("ROUNDS"), 470, "right"),
    (N_("NET"), 640, "right"),
    (N_("BANKROLL"), 820, "right"),
    (N_("LUCK"), 980, "right"),
    (N_("ACCURACY"), 1150, "right"),
)
"""Column title (marked; translated where shown), x offset in the table, and alignment."""

HELD_COLUMNS: tuple[tuple[str, int, str], ...] = (
    ("#", 0, "left"),
    (N_("PLAYER"), 60, "left"),
    (N_("ROUNDS"), 440, "right"),
    (N_("NET"), 590, "right"),
    (N_("BANKROLL"), 750, "right"),
    (N_("ON TABLE"), 895, "right"),
    (N_("LUCK"), 1030, "right"),
    (N_("ACCURACY"), 1150, "right"),
)
"""The columns when a round left unfinished holds bets: ON TABLE goes after the bankroll."""

HELD_NOTE = N_("On table: bets in the round left unfinished; it opens where it stopped next time.")

ROW_H = 52


@dataclass(frozen=True, slots=True)
class Standing:
    """One line of the leaderboard."""

    player: str
    rounds: int | None
    net: Money
    bankroll: Money
    luck: Money | None
    accuracy: float | None
    on_table: Money = 0
    """Money the unfinished round holds for the player (kept with the round, not in the bankroll)."""


def held_in_round(rnd: Round | None, seat: int) -> Money:
    """What a round not yet over holds of a seat's money: its stakes and insurance not yet settled,
    less what it has already paid back (a hand settled early). 0 for a finished round (or none).

    >>> from engine import StackedShoe, Table, load_rules
    >>> table = Table(load_rules("vegas-strip"), [("Ann", 10_000)], shoe=StackedShoe("T 8 3 9"))
    >>> rnd = table.start_round(); _ = rnd.place_bet(0, 2500)
    >>> held_in_round(rnd, 0), table.bankroll(0) + held_in_round(rnd, 0)
    (2500, 10000)
    >>> _ = rnd.deal(); held_in_round(rnd, 0)
    2500
    """
    if rnd is None or rnd.is_over:
        return 0
    if rnd.phase is Phase.BETTING:
        return rnd.bet(seat)  # placed, not yet on a hand (the cards are not out)
    held = 0
    for hand in rnd.hands(seat):
        held += hand.stake if hand.result is None else -(hand.net or 0)
    insurance_net = rnd.insurance_net(seat)
    return held + (rnd.insurance(seat) if insurance_net is None else -insurance_net)


class LeaderboardScene(Scene):
    """The session's players ranked by net result; a row opens its statistics."""

    def __init__(self, ctx: GameContext, *, ending: bool = True) -> None:
        super().__init__()
        self.ctx = ctx
        self.ending = ending
        self.job: Job[list[LeaderboardRow] | None] | None = None
        self.rows: list[Standing] | None = None
        self.choice: str | None = None
        self.opened: int | None = None
        r = layout.leaderboard_rects()
        self.buttons = ButtonRow(
            [
                Button("review", N_("Review"), r["review"], IntentKind.CLICK,
                       tooltip=N_("The sitting's mistakes")),
                Button("title", N_("Title"), r["title"], IntentKind.CLICK, tooltip=N_("Back to the title")),
                Button("new", N_("New table"), r["new"], IntentKind.CLICK,
                       tooltip=N_("Set up another table")),
                Button("quit", N_("Quit"), r["quit"], IntentKind.CLICK, tooltip=N_("Leave the game")),
            ]
        )

    @property
    def busy(self) -> bool:
        """Waiting for the saved results."""
        return self.rows is None

    def names(self) -> list[str]:
        """The people of this sitting who have a saved profile."""
        session = self.ctx.session
        return [
            session.seats_info[s].name for s in session.people if session.seats_info[s].profile is not None
        ]

    def table_standings(self, seats: list[int] | None = None) -> list[Standing]:
        """Standings from the table alone: bankroll and bets on the table now against what each seat
        brought (default: people)."""
        session = self.ctx.session
        rnd = session.table.round
        rows = []
        for s in session.people if seats is None else seats:
            bankroll, held = session.table.bankroll(s), held_in_round(rnd, s)
            if rnd is not None and rnd.phase is Phase.BETTING:
                bankroll, held = bankroll + held, 0  # a bet not yet dealt is never kept: it comes back
            net = bankroll + held - session.brought.get(s, 0)
            rows.append(Standing(session.seats_info[s].label, None, net, bankroll, None, None, held))
        return ranked(rows)

    def saved_held(self, player: str) -> Money:
        """What the journaled round left unfinished holds of a saved player's money (their saved bankroll
        is without it); 0 when no round is kept, or it is not dealt yet (its bets were never saved)."""
        ctx = self.ctx
        rnd = ctx.session.table.round
        kept = ctx.journal.in_progress and ctx.journal.round is rnd
        if rnd is None or rnd.phase is Phase.BETTING or not kept:
            return 0
        seats = [s for s in ctx.session.people if ctx.session.seats_info[s].name == player]
        return sum(held_in_round(rnd, s) for s in seats)

    def bots(self) -> list[Standing]:
        """The bots' standings (they own no profile, so they come from the table)."""
        session = self.ctx.session
        return self.table_standings([s for s, info in enumerate(session.seats_info) if not info.person])

    def update(self, dt: float) -> None:
        """Load the standings; go where the players chose."""
        self.buttons.update(dt)
        ctx = self.ctx
        records = ctx.records
        if self.rows is None:
            if records is None or (records.ready and not records.saving) or not self.names():
                self.rows = ranked(self.table_standings() + self.bots())
            elif self.job is None:
                records.start()
                self.job = records.leaderboard(self.names(), ctx.session.label)
            elif self.job.done():
                found = self.job.value
                people = (
                    [
                        Standing(r.player, r.rounds, r.net, r.bankroll, r.luck, r.accuracy,
                                 self.saved_held(r.player))
                        for r in found
                    ]
                    if found is not None
                    else self.table_standings()
                )
                self.rows = ranked(people + self.bots())
        if self.stack is None or self.stack.changing:
            return
        if self.opened is not None and self.rows:
            index, self.opened = self.opened, None
            names = [row.player for row in self.rows if row.player in self.names()]
            index = names.index(self.rows[index].player)
            back = Go(SceneName.LEADERBOARD, ending=self.ending)
            self.stack.replace(Go(SceneName.STATS, names=names, index=index, back=back))
            return
        choice, self.choice = self.choice, None
        if choice == "quit":
            pygame.event.post(pygame.event.Event(pygame.QUIT))
        elif choice == "title":
            self.stack.replace(Go(SceneName.TITLE))
        elif choice == "new":
            self.stack.replace(Go(SceneName.SETUP))
        elif choice == "review":
            self.stack.push(Go(SceneName.SESSION_REVIEW, session=ctx.session.label, names=self.names()))

    def handle_event(self, intent: Intent) -> bool:
        """Buttons, and a click on a row for that player's statistics."""
        if intent.kind is IntentKind.POINT:
            self.buttons.point(intent.pos)
            return True
        if intent.kind is IntentKind.CLICK:
            button = self.buttons.clicked(intent.pos)
            if button is not None:
                self.ctx.sounds.play("button", 0.5)
                self.choice = button.name
                return True
            row = self.row_at(intent.pos)
            records = self.ctx.records
            if row is not None and records is not None and records.saving and self.rows:
                self.opened = row if self.rows[row].player in self.names() else None
            return True
        if intent.kind is IntentKind.BACK:
            self.choice = "title"
            return True
        if intent.kind is IntentKind.CONFIRM:
            self.choice = "new"
            return True
        return False

    def row_at(self, pos: tuple[int, int] | None) -> int | None:
        """The leaderboard row under a point."""
        return layout.row_under(layout.leaderboard_rects()["table"], pos, ROW_H, len(self.rows or ()))

    def draw(self, surface: pygame.Surface) -> None:
        """The ranking."""
        ctx = self.ctx
        a = ctx.assets
        surface.blit(ctx.view.background(ctx.session.rules, ctx.presenter.positions), (0, 0))
        draw_panel(surface, layout.screen_panel_rect())
        title = a.text(_("LEADERBOARD") if self.ending else _("TABLE STANDINGS"), 40, GOLD, bold=True)
        surface.blit(title, (44, 34))
        sub = a.text(_("This sitting at {table}").format(table=ctx.session.rules.name), 22, CREAM)
        surface.blit(sub, (44, 80))
        table = layout.leaderboard_rects()["table"]
        held = any(row.on_table for row in self.rows or [])
        columns = HELD_COLUMNS if held else COLUMNS
        for text, dx, align in columns:
            head = a.text(_(text), 17, GREY, bold=True)
            rect = head.get_rect(midleft=(table.x + dx, table.y + ROW_H // 2))
            if align == "right":
                rect.right = table.x + dx
            surface.blit(head, rect)
        if self.rows is None:
            loading = a.text(_("loading…"), 24, CREAM)
            surface.blit(loading, loading.get_rect(center=table.center))
        for i, row in enumerate(self.rows or []):
            y = table.y + ROW_H * (i + 1)
            band = pygame.Rect(table.x - 12, y + 3, table.w + 24, ROW_H - 6)
            pygame.draw.rect(surface, (34, 28, 24) if i % 2 else (28, 24, 20), band, border_radius=10)
            color = self._color(row.player)
            pygame.draw.rect(surface, color, band.inflate(0, 0), 2, border_radius=10)
            cells = (
                str(i + 1),
                row.player,
                "—" if row.rounds is None else number(row.rounds),
                money_text(row.net, sign=True),
                money_text(row.bankroll),
                *([money_text(row.on_table) if row.on_table else "—"] if held else []),
                money_text(row.luck, sign=True),
                percent(row.accuracy),
            )
            for (_title, dx, align), cell in zip(columns, cells, strict=True):
                fg = (255, 255, 255)
                if cell.startswith("+"):
                    fg = GREEN
                elif cell.startswith("-"):
                    fg = RED
                if dx == 60:
                    fg = color
                label = a.text(cell, 26 if dx == 60 else 24, fg, bold=True)
                rect = label.get_rect(midleft=(table.x + dx, y + ROW_H // 2))
                if align == "right":
                    rect.right = table.x + dx
                surface.blit(label, rect)
        if held:
            surface.blit(a.text(_(HELD_NOTE), 18, GOLD, bold=True), (60, 596))
        if self.rows and ctx.records is not None and ctx.records.saving:
            hint = a.text(_("Click a player for their statistics."), 18, GREY)
            surface.blit(hint, (60, 648))
        self.buttons.draw(surface, a)

    def _color(self, name: str) -> tuple[int, int, int]:
        for info in self.ctx.session.seats_info:
            if info.label.casefold() == name.casefold():
                return info.color
        return CREAM


def ranked(rows: list[Standing]) -> list[Standing]:
    """Best net first, then the bigger bankroll, then by name (as the store ranks them)."""
    return sorted(rows, key=lambda row: (-row.net, -row.bankroll, row.player.casefold()))
