"""The history browser: saved rounds newest first, filtered by person, sitting, result and mistakes.

The rounds come from `engine.store.history.round_lines` on the store worker; each line
shows the seats' hands, the dealer's cards and each seat's net. A click on a round replays
it on the table (the replay is pushed over the browser, and its Back returns here).
A filter button steps to its next value on a click and to the previous on a right-click.

Shoes lists the shoes' commitments instead (`engine.audit`): each shoe's fingerprint, shown
before its first card, and once the shoe is done its order and salt; Verify recomputes the
SHA-256 and checks the shoe's rounds took its cards in that order.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from engine.audit import ShoeCheck
from engine.i18n import N_, _, ngettext, number, pgettext
from game import layout
from game.background import Job
from game.context import GameContext
from game.intents import Intent, IntentKind
from game.records import HistoryPage
from game.scene import Go, Scene, SceneName
from game.scenes.text import GREEN, GREY, RED, money_text
from game.seats import shown_name
from game.widgets import CREAM, GOLD, Button, ButtonRow, draw_panel
from game.widgets import wrap as wrap_words

if TYPE_CHECKING:
    from engine.store.history import RoundLine, SeatLine, ShoeRecord
    from game.assets import Assets

ROW_H = 42
HANDS_X, DEALER_X = 300, 850
"""Where the hands column and the dealer's column start, from the list's left."""
HANDS_WIDTH = DEALER_X - HANDS_X - 20
"""The most the hands may take across: they stop short of the dealer's column."""
RESULTS: tuple[tuple[str | None, str], ...] = (
    (None, N_("Any result")), ("won", N_("Won")), ("lost", N_("Lost")), ("pushed", N_("Pushed")),
)
"""The result filter's values and labels, translated where shown (`engine.store.history.RESULTS`)."""

SHOE_ROWS = 3
"""How many shoes the Shoes view lists above the chosen shoe's order."""
ORDER_CHARS = 150
"""Characters of the order per line (50 cards) in the Shoes view."""
FILTERS = ("player", "session", "result", "mistake")


def shoe_rects() -> dict[str, pygame.Rect]:
    """The history's shoe buttons on its bottom row, between the pager and Review."""
    return {"shoes": pygame.Rect(320, 632, 150, 52), "verify": pygame.Rect(482, 632, 150, 52)}


class HistoryScene(Scene):
    """Saved rounds, newest first, with filters; a click replays a round."""

    def __init__(
        self,
        ctx: GameContext,
        *,
        player: str | None = None,
        session: str | None = None,
        back: Go | None = None,
    ) -> None:
        super().__init__()
        self.ctx = ctx
        self.player = player
        self.session = session
        self.result = 0
        """Index into RESULTS."""
        self.with_mistake = False
        self.back_to = back
        self.job: Job[HistoryPage | None] | None = None
        self.page: HistoryPage | None = None
        self.top = 0
        """The first round shown (the list scrolls)."""
        self.opened: RoundLine | None = None
        """The round clicked, kept as the line itself: a new page may come before the next update."""
        self.reviewing = False
        self.leaving = False
        r = layout.history_rects()
        self.buttons = ButtonRow([
            Button("player", "", r["player"], IntentKind.CLICK,
                   tooltip=N_("Whose rounds (right-click: back)")),
            Button("session", "", r["session"], IntentKind.CLICK,
                   tooltip=N_("Which sitting (right-click: back)")),
            Button("result", "", r["result"], IntentKind.CLICK,
                   tooltip=N_("The result (right-click: back)")),
            Button("mistake", "", r["mistake"], IntentKind.CLICK,
                   tooltip=N_("Only rounds with a costly play")),
            Button("up", N_("Newer"), r["up"], IntentKind.CLICK,
                   tooltip=N_("Newer rounds (Up, Page Up, wheel)")),
            Button("down", N_("Older"), r["down"], IntentKind.CLICK,
                   tooltip=N_("Older rounds (Down, Page Down)")),
            Button("review", N_("Review"), r["review"], IntentKind.CLICK,
                   tooltip=N_("The sitting's mistakes")),
            Button("back", N_("Back"), r["back"], IntentKind.BACK, tooltip=N_("Back (Esc)")),
            Button("shoes", N_("Shoes"), shoe_rects()["shoes"], IntentKind.CLICK,
                   tooltip=N_("Each shoe's fingerprint, and its order once done")),
            Button("verify", N_("Verify"), shoe_rects()["verify"], IntentKind.CLICK,
                   tooltip=N_("Check the order and salt against the fingerprint, and the rounds")),
        ])
        self.showing_shoes = False
        self.shoes_job: Job[list[ShoeRecord] | None] | None = None
        self.shoes: list[ShoeRecord] | None = None
        self.chosen = 0
        """The shoe shown in full (an index into `shoes`)."""
        self.verdict: ShoeCheck | None = None
        """What Verify found for the chosen shoe."""
        self._label()

    @property
    def rows(self) -> int:
        """How many rounds fit in the list."""
        return layout.history_rects()["list"].h // ROW_H - 1

    @property
    def busy(self) -> bool:
        """Waiting for the rounds."""
        return self.job is not None and not self.job.done()

    def refresh(self) -> None:
        """Ask again with the filters as they are now."""
        self.job = None
        self.top = 0
        self._label()

    def _label(self) -> None:
        b = self.buttons.by_name
        b("player").label = self.player or _("Everyone")
        b("session").label = _("All sittings") if self.session is None else _("Sitting {session}").format(
            session=self.session)
        b("result").label = _(RESULTS[self.result][1])
        b("mistake").label = _("With a mistake") if self.with_mistake else _("Mistakes or not")

    def cycle(self, name: str, step: int) -> None:
        """Step a filter to its next (1) or previous (-1) value."""
        page = self.page
        if name == "player" and page is not None:
            choices: list[str | None] = [None, *page.players]
            self.player = choices[(choices.index(self.player) + step) % len(choices)]
        elif name == "session" and page is not None:
            sittings: list[str | None] = [None, *page.sessions]
            at = sittings.index(self.session) if self.session in sittings else 0
            self.session = sittings[(at + step) % len(sittings)]
        elif name == "result":
            self.result = (self.result + step) % len(RESULTS)
        elif name == "mistake":
            self.with_mistake = not self.with_mistake
        self.refresh()

    def scroll(self, rows: int) -> None:
        """Move the list by some rows."""
        if self.showing_shoes:
            count, fits = len(self.shoes or []), SHOE_ROWS
        else:
            count, fits = (len(self.page.rounds) if self.page is not None else 0), self.rows
        self.top = max(0, min(max(0, count - fits), self.top + rows))

    @property
    def shoe(self) -> ShoeRecord | None:
        """The shoe shown in full, if any."""
        return self.shoes[self.chosen] if self.shoes and self.chosen < len(self.shoes) else None

    def choose_shoe(self, pos: tuple[int, int] | None) -> None:
        """Show the shoe clicked in the list in full."""
        shown = min(SHOE_ROWS, len(self.shoes or []) - self.top)
        index = layout.row_under(layout.history_rects()["list"], pos, ROW_H, shown)
        if index is not None:
            self.chosen, self.verdict = self.top + index, None

    def verify(self) -> None:
        """Check the chosen shoe's revealed order and salt against its commitment, and its rounds."""
        shoe = self.shoe
        self.verdict = shoe.check() if shoe is not None else None

    def handle_event(self, intent: Intent) -> bool:
        """Filters, scrolling, a round to replay, Back."""
        if intent.kind is IntentKind.POINT:
            self.buttons.point(intent.pos)
            return True
        if intent.kind in (IntentKind.CLICK, IntentKind.RIGHT_CLICK):
            button = self.buttons.under(intent.pos)
            if button is not None and button.hit(intent.pos):
                self.buttons.clicked(intent.pos)
                self.ctx.sounds.play("button", 0.5)
                step = -1 if intent.kind is IntentKind.RIGHT_CLICK else 1
                if button.name in ("up", "down"):
                    rows = SHOE_ROWS if self.showing_shoes else self.rows
                    self.scroll(rows * (1 if button.name == "down" else -1))
                elif button.name == "shoes":
                    self.showing_shoes = not self.showing_shoes
                    self.shoes_job, self.shoes, self.top, self.verdict = None, None, 0, None
                    button.label = _("Rounds") if self.showing_shoes else _("Shoes")
                elif button.name == "verify":
                    self.verify()
                elif button.name == "back":
                    self.leaving = True
                elif button.name == "review":
                    self.reviewing = True
                else:
                    self.cycle(button.name, step)
                return True
            if self.showing_shoes:
                self.choose_shoe(intent.pos)
                return True
            row = self.row_at(intent.pos)
            if row is not None and self.page is not None and intent.kind is IntentKind.CLICK:
                self.opened = self.page.rounds[row]
            return True
        if intent.kind is IntentKind.PAGE and intent.value is not None:
            self.scroll(intent.value * 3)
            return True
        if intent.kind is IntentKind.BACK:
            self.leaving = True
            return True
        return False

    def row_at(self, pos: tuple[int, int] | None) -> int | None:
        """The round (its index in the page) under a point."""
        if self.page is None:
            return None
        shown = min(self.rows, len(self.page.rounds) - self.top)
        index = layout.row_under(layout.history_rects()["list"], pos, ROW_H, shown)
        return None if index is None else self.top + index

    def update(self, dt: float) -> None:
        """Ask for the rounds; open a chosen one; leave."""
        self.buttons.update(dt)
        records = self.ctx.records
        if records is not None:
            records.start()
            if self.job is None and records.ready:
                result = RESULTS[self.result][0]
                self.job = records.history(
                    player=self.player, session=self.session, result=result, with_mistake=self.with_mistake
                )
            if self.job is not None and self.job.done() and self.job.value is not None:
                self.page = self.job.value
            if self.showing_shoes and self.shoes_job is None and records.ready:
                self.shoes_job = records.shoes()
            if self.shoes_job is not None and self.shoes_job.done() and self.shoes is None:
                self.shoes, self.chosen = self.shoes_job.value or [], 0
        for name in ("player", "session"):
            self.buttons.by_name(name).enabled = self.page is not None
        for name in FILTERS:
            self.buttons.by_name(name).visible = not self.showing_shoes
        self.buttons.by_name("review").visible = self.session is not None and not self.showing_shoes
        shoe = self.shoe
        self.buttons.by_name("verify").visible = self.showing_shoes
        self.buttons.by_name("verify").enabled = shoe is not None and shoe.order is not None
        if self.stack is None or self.stack.changing:
            return
        if self.opened is not None:
            line, self.opened = self.opened, None
            self.stack.push(Go(SceneName.REPLAY, record=line.record, title=round_title(line)))
        elif self.reviewing:
            self.reviewing = False
            self.stack.push(Go(SceneName.SESSION_REVIEW, session=self.session))
        elif self.leaving:
            self.leaving = False
            self.go_back(self.back_to)

    def draw(self, surface: pygame.Surface) -> None:
        """The filters and the list of rounds."""
        ctx = self.ctx
        a = ctx.assets
        surface.blit(ctx.view.background(ctx.session.rules, ctx.presenter.positions), (0, 0))
        draw_panel(surface, layout.screen_panel_rect())
        surface.blit(a.text(_("HISTORY"), 40, GOLD, bold=True), (44, 34))
        if self.showing_shoes:
            self.draw_shoes(surface)
            self.buttons.draw(surface, a)
            return
        box = layout.history_rects()["list"]
        heads = ((N_("ROUND"), 0), (N_("PLAYED"), 100), (N_("HANDS"), HANDS_X), (N_("DEALER"), DEALER_X),
                 (N_("NET"), 1180))
        for text, dx in heads:
            head = a.text(_(text), 17, GREY, bold=True)
            rect = head.get_rect(midleft=(box.x + dx, box.y + ROW_H // 2))
            if text == "NET":
                rect.right = box.x + dx
            surface.blit(head, rect)
        message = self._status()
        if message:
            label = a.text(message, 24, CREAM)
            surface.blit(label, label.get_rect(center=box.center))
        rounds = self.page.rounds if self.page is not None else []
        for i, line in enumerate(rounds[self.top : self.top + self.rows]):
            y = box.y + ROW_H * (i + 1)
            band = pygame.Rect(box.x - 8, y + 2, box.w + 16, ROW_H - 4)
            pygame.draw.rect(surface, (34, 28, 24) if i % 2 else (28, 24, 20), band, border_radius=8)
            if line.mistakes:
                pygame.draw.rect(surface, RED, band, 2, border_radius=8)
            cells = (
                (f"#{line.round_id}", 0, CREAM),
                (line.played_at[5:16].replace("T", " "), 100, GREY),
                (line.dealer, DEALER_X, CREAM),
            )
            for text, dx, color in cells:
                label = a.text(text, 19, color, bold=True)
                surface.blit(label, label.get_rect(midleft=(box.x + dx, y + ROW_H // 2)))
            cell = pygame.Rect(box.x + HANDS_X, y, HANDS_WIDTH, ROW_H)
            for rect, label in hands_cell(a, hands_text(line), cell):
                surface.blit(label, rect)
            net = line.net
            color = GREEN if net > 0 else RED if net < 0 else CREAM
            label = a.text(money_text(net, sign=True), 20, color, bold=True)
            surface.blit(label, label.get_rect(midright=(box.x + 1180, y + ROW_H // 2)))
            if line.mistakes:
                words = ngettext("{n} mistake", "{n} mistakes", line.mistakes).format(n=line.mistakes)
                cost = _("cost {amount}").format(amount=money_text(round(line.ev_lost)))
                for text, dy in ((words, -8), (cost, 8)):
                    tag = a.text(text, 14, RED, bold=True)
                    surface.blit(tag, tag.get_rect(midright=(box.x + 1080, y + ROW_H // 2 + dy)))
        if rounds:
            last = min(len(rounds), self.top + self.rows)
            shown = _("{first}–{last} of {count} · click a round to replay it").format(
                first=self.top + 1, last=last, count=len(rounds))
            surface.blit(a.text(shown, 16, GREY), (box.x, box.bottom + 1))  # between the list and the buttons
        self.buttons.draw(surface, a)

    def draw_shoes(self, surface: pygame.Surface) -> None:
        """The shoes' fingerprints, and the chosen shoe's commitment, salt, order and Verify's result."""
        a = self.ctx.assets
        box = layout.history_rects()["list"]
        surface.blit(a.text(_("SHOES · the fingerprint was shown before each shoe's first card"), 22, CREAM),
                     (320, 44))
        for text, dx in ((N_("SHOE"), 0), (N_("SEALED"), 100), (N_("FINGERPRINT"), 300), (N_("ROUNDS"), 560),
                         (N_("ORDER"), 720)):
            head = a.text(_(text), 17, GREY, bold=True)
            surface.blit(head, head.get_rect(midleft=(box.x + dx, box.y + ROW_H // 2)))
        shoes = self.shoes or []
        message = self._shoes_status()
        if message:
            label = a.text(message, 24, CREAM)
            surface.blit(label, label.get_rect(center=box.center))
            return
        for i, listed in enumerate(shoes[self.top : self.top + SHOE_ROWS]):
            y = box.y + ROW_H * (i + 1)
            band = pygame.Rect(box.x - 8, y + 2, box.w + 16, ROW_H - 4)
            pygame.draw.rect(surface, (34, 28, 24) if i % 2 else (28, 24, 20), band, border_radius=8)
            if self.top + i == self.chosen:
                pygame.draw.rect(surface, GOLD, band, 2, border_radius=8)
            state = _("revealed") if listed.order is not None else _("sealed: still dealing or not done")
            for text, dx, color in (
                (f"#{listed.shoe_id}", 0, CREAM), (listed.committed_at[5:16].replace("T", " "), 100, GREY),
                (listed.fingerprint, 300, GOLD), (number(len(listed.rounds)), 560, CREAM),
                (state, 720, CREAM),
            ):
                label = a.text(text, 19, color, bold=True)
                surface.blit(label, label.get_rect(midleft=(box.x + dx, y + ROW_H // 2)))
        shoe = self.shoe
        if shoe is None:
            return
        y = box.y + ROW_H * (SHOE_ROWS + 1) + 6
        lines: list[tuple[str, int, tuple[int, int, int]]] = [
            (_("Commitment (SHA-256): {digest}").format(digest=shoe.digest), 17, CREAM)
        ]
        if shoe.order is None or shoe.salt is None:
            lines.append((_("Sealed: its order and salt are shown once the shoe is done."), 17, GREY))
        else:
            lines.append((_("Salt: {salt}").format(salt=shoe.salt), 17, CREAM))
            cards = len(shoe.order.split())
            words = ngettext("Order ({n} card, first out first; {burned} burned):",
                             "Order ({n} cards, first out first; {burned} burned):", cards).format(
                n=cards, burned=shoe.burned)
            lines.append((words, 17, GREY))
            lines += [(part, 15, CREAM) for part in wrap(shoe.order, ORDER_CHARS)]
        verdict = self.verdict
        if verdict is not None:
            lines.append((verdict.summary, 17, GREEN if verdict.ok else RED))
            lines += [(problem, 15, RED) for problem in verdict.problems]
            lines += [(note, 15, GREY) for note in verdict.notes]
        for text, size, color in lines:
            if y > box.bottom:
                break
            label = a.text(text, size, color, bold=size > 15)
            if label.get_width() > box.w:
                label = a.text(text, 13, color)
            surface.blit(label, (box.x, y))
            y += size + 6

    def _shoes_status(self) -> str:
        """What the Shoes view says instead of its list ('' when it has shoes to list)."""
        records = self.ctx.records
        if records is None or (records.ready and not records.saving):
            return self._status()
        if self.shoes is None:
            return _("loading…")
        return "" if self.shoes else _("No shoe fingerprints saved yet.")

    def _status(self) -> str:
        records = self.ctx.records
        if records is None or (records.ready and not records.saving):
            return _("Nothing is saved in this run, so there is no history.")
        if self.page is None:
            return _("loading…")
        if not self.page.rounds:
            filtered = self.player or self.session or self.result or self.with_mistake
            return _("No rounds match.") if filtered else _("No rounds played yet.")
        return ""


def wrap(text: str, width: int) -> list[str]:
    """Space-separated words in lines of at most `width` characters.

    >>> wrap("AS 7D TC 9H", 6)
    ['AS 7D', 'TC 9H']
    """
    lines: list[str] = []
    for word in text.split():
        if lines and len(lines[-1]) + 1 + len(word) <= width:
            lines[-1] += " " + word
        else:
            lines.append(word)
    return lines


def hands_text(line: RoundLine) -> str:
    """Each seat that bet, with its hands and their results: 'Ann T 7 lose | Bob 8 3 win · 8 9 push'."""
    words = {"blackjack": pgettext("hand result", "blackjack"), "win": pgettext("hand result", "win"),
             "push": pgettext("hand result", "push"), "lose": pgettext("hand result", "lose"),
             "bust": pgettext("hand result", "bust"), "surrender": pgettext("hand result", "surrender"),
             "refunded": pgettext("hand result", "refunded")}

    def hands(seat: SeatLine) -> str:
        return " · ".join(f"{cards} {words.get(word, word)}"
                          for cards, word in zip(seat.hands, seat.results, strict=True))

    return " | ".join(f"{shown_name(seat.player)} {hands(seat)}" for seat in line.seats)


def hands_cell(assets: Assets, text: str, cell: pygame.Rect) -> list[tuple[pygame.Rect, pygame.Surface]]:
    """The hands of a round in its cell: one line in the row's type when it fits, else two smaller lines
    (a crowded table's), the second cut short with '…' if even they do not hold it all."""
    label = assets.text(text, 19, CREAM, bold=True)
    if label.get_width() <= cell.w:
        return [(label.get_rect(midleft=cell.midleft), label)]
    lines = wrap_words(assets, text, 14, cell.w)
    if len(lines) > 2:
        lines = [lines[0], " ".join(lines[1:])]
    font = assets.font(14, True)
    while font.size(lines[-1])[0] > cell.w and len(lines[-1]) > 1:
        lines[-1] = lines[-1][:-2].rstrip() + "…"
    labels = [assets.text(line, 14, CREAM, bold=True) for line in lines]
    top = cell.centery - sum(label.get_height() for label in labels) // 2
    placed = []
    for label in labels:
        placed.append((label.get_rect(topleft=(cell.x, top)), label))
        top += label.get_height()
    return placed


def round_title(line: RoundLine) -> str:
    """The replay's caption for a listed round: 'round 12 · 2026-11-23 15:02'."""
    return _("round {number} · {played}").format(
        number=line.round_id, played=line.played_at[:16].replace("T", " "))
