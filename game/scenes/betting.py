"""The betting scene: chips from the rack into the circle, Clear, Rebet, Double-rebet, Deal, Rebuy."""

from __future__ import annotations

import pygame

from engine import InvalidBetError, Money, format_money
from game import layout
from game.context import GameContext
from game.intents import Intent, IntentKind
from game.scenes.base import TableScene
from game.table_view import CHIP_VALUES
from game.tween import Timer, ease_out
from game.widgets import Button, ChipRack

CHIP_TOSS = 0.18
AUTOPLAY_WAIT = 0.5


def chips_of(amount: Money) -> list[int]:
    """Chip values (units) that make up a whole-unit amount, biggest first."""
    units, out = amount // 100, []
    for value in CHIP_VALUES:
        count, units = divmod(units, value)
        out.extend([value] * count)
    return out


class BettingScene(TableScene):
    """Bets go out; Deal hands the round to the engine."""

    def __init__(self, ctx: GameContext, *, first_chip: int | None = None) -> None:
        super().__init__(ctx)
        self.rack = ChipRack()
        self.chips: list[tuple[int, Timer]] = []
        self.first_chip = first_chip
        self.wait = 0.0
        self.dealt = False
        self.deferred = False
        """Whether the round waits for the broke player to buy back in."""
        rects = layout.bet_button_rects()
        self.buttons.buttons += [
            Button("clear", "Clear", rects["clear"], IntentKind.CLEAR),
            Button("rebet", "Rebet", rects["rebet"], IntentKind.REBET),
            Button("rebet2", "2x Rebet", rects["rebet2"], IntentKind.REBET, tooltip="Double the last bet"),
            Button("deal", "Deal", rects["deal"], IntentKind.CONFIRM),
            Button(
                "rebuy",
                "Rebuy $1000",
                pygame.Rect(14, 560, 150, 40),
                IntentKind.CLICK,
                tooltip="Buy back in for $1000",
            ),
        ]

    # ---- entering: a new round, the bots' bets ------------------------------------------

    def enter(self) -> None:
        """Open the next round and let the bots bet."""
        ctx = self.ctx
        if ctx.pending_rules and ctx.pending_rules != ctx.session.rules_id:
            self._change_rules(ctx.pending_rules)
        ctx.presenter.barrier = None
        seat = ctx.player_seat()
        self.deferred = seat is not None and ctx.session.broke(seat) and not ctx.autoplay
        if not self.deferred:
            self._open_round()
        if self.first_chip is not None:
            self.add_chip(self.first_chip)
        self._refresh()

    def _open_round(self) -> None:
        """Start the round (after any rebuys: the engine takes buy-ins only between rounds)."""
        ctx = self.ctx
        for seat in ctx.session.bots:
            if ctx.session.broke(seat):
                ctx.session.rebuy(seat)
        rnd = ctx.session.table.round
        if rnd is None or rnd.is_over:
            rnd = ctx.session.new_round()
        ctx.presenter.start_round(rnd)
        self.deferred = False
        self._bots_bet()

    def _change_rules(self, rules_id: str) -> None:
        ctx = self.ctx
        try:
            ctx.session.change_rules(rules_id)
        except Exception as error:  # a bad rules file must not end the game
            ctx.warn(f"Could not load rules {rules_id!r}: {error}")
        else:
            ctx.presenter.sync_shoe(pending_cards=False)
            ctx.presenter.discarded = 0
        ctx.pending_rules = None

    def resume(self) -> None:
        """Back from the settings: new rules take effect now when nobody has bet yet."""
        super().resume()
        ctx = self.ctx
        if ctx.pending_rules and not self.deferred and not ctx.round.playing_seats():
            self._change_rules(ctx.pending_rules)
            self.chips.clear()
            ctx.presenter.start_round(ctx.session.new_round())
            self._bots_bet()
        self._refresh()

    def _bots_bet(self) -> None:
        ctx = self.ctx
        rnd = ctx.round
        for seat, policy in ctx.session.bots.items():
            amount = policy.bet(rnd, seat)
            if amount and rnd.can_bet(seat, amount):
                rnd.place_bet(seat, amount)
                ctx.session.last_bets[seat] = amount

    # ---- the bet being built -----------------------------------------------------------

    @property
    def amount(self) -> Money:
        """The bet in the circle, in cents."""
        return sum(v for v, _ in self.chips) * 100

    def pending_bet(self) -> int:
        """Chips out but not yet placed with the engine."""
        return self.amount

    def refusal(self, amount: Money) -> str | None:
        """Why the bet may not grow to `amount`, or None (only a bet still under the minimum may)."""
        seat = self.ctx.player_seat()
        if seat is None:
            return "Nobody at this table plays with the mouse."
        bankroll = self.ctx.session.table.bankroll(seat)
        if amount > bankroll:
            return f"Not enough chips: you have ${format_money(bankroll)}."
        try:
            self.ctx.round.verify_bet(seat, amount)
        except InvalidBetError as error:
            if amount >= self.ctx.session.rules.min_bet:
                return _sentence(str(error))
        return None

    def add_chip(self, value: int) -> None:
        """Toss a chip from the rack into the circle (refused with a message when it cannot go)."""
        why = self.refusal(self.amount + value * 100)
        if why:
            self.ctx.warn(why)
            return
        self.chips.append((value, Timer(self.ctx.presenter.duration(CHIP_TOSS))))
        self.ctx.sounds.play("chip_click")
        self._refresh()

    def remove_chip(self, value: int | None = None) -> None:
        """Take the last chip (of a value, when given) back."""
        for i in range(len(self.chips) - 1, -1, -1):
            if value is None or self.chips[i][0] == value:
                del self.chips[i]
                self.ctx.sounds.play("chip_click", 0.6)
                break
        self._refresh()

    def set_bet(self, amount: Money) -> None:
        """Replace the chips with an amount (Rebet), refused with a message when not allowed."""
        why = self.refusal(amount)
        if why is None and amount < self.ctx.session.rules.min_bet:
            why = "That bet is under the table minimum."
        if why:
            self.ctx.warn(why)
            return
        self.chips = [(v, Timer(0.0)) for v in chips_of(amount)]
        self.ctx.sounds.play("chips_stack")
        self._refresh()

    def rebet(self, times: int) -> None:
        """Bet the last bet again (times=2: double it)."""
        seat = self.ctx.player_seat()
        last = self.ctx.session.last_bets.get(seat) if seat is not None else None
        if not last:
            self.ctx.warn("No earlier bet to repeat yet.")
            return
        self.set_bet(last * times)

    def deal(self) -> None:
        """Place the bet with the engine and deal (or say why not)."""
        ctx = self.ctx
        rnd = ctx.round
        seat = ctx.player_seat()
        if self.dealt:
            return
        try:
            if seat is not None and self.amount:
                rnd.place_bet(seat, self.amount)
                ctx.session.last_bets[seat] = self.amount
            elif seat is not None and not rnd.playing_seats():
                ctx.warn("Put chips in the circle first: click the chips in the rack.")
                return
            rnd.deal()
        except InvalidBetError as error:
            ctx.warn(_sentence(str(error)))
            return
        self.dealt = True
        self.chips.clear()
        ctx.sounds.play("button", 0.4)
        from game.scenes.dealing import DealingScene

        if self.stack is not None:
            self.stack.replace(DealingScene(ctx))

    def rebuy(self) -> None:
        """Buy back in when broke."""
        seat = self.ctx.player_seat()
        if seat is None:
            return
        if not self.deferred:
            self.ctx.warn("Buy-ins are taken between rounds.")
            return
        self.ctx.session.rebuy(seat)
        self._open_round()
        self.ctx.sounds.play("chips_stack")
        self.ctx.presenter.message = "Welcome back: $1000 in fresh chips. Place your bet."
        self._refresh()

    # ---- input ---------------------------------------------------------------------------

    def handle_event(self, intent: Intent) -> bool:
        """Chips, the circle, and the betting buttons."""
        kind = intent.kind
        if kind is IntentKind.CLICK:
            button = self.buttons.clicked(intent.pos)
            if button is not None and button.name in ("rebet2", "rebuy"):
                self.ctx.sounds.play("button", 0.5)
                self.rebet(2) if button.name == "rebet2" else self.rebuy()
                return True
            if button is None:
                value = self.rack.chip_at(intent.pos)
                if value is not None:
                    self.add_chip(value)
                    return True
                if self._on_circle(intent.pos) and self.chips:
                    self.remove_chip()
                    return True
        if super().handle_event(intent):
            return True
        if kind is IntentKind.RIGHT_CLICK:
            value = self.rack.chip_at(intent.pos)
            if value is not None or self._on_circle(intent.pos):
                self.remove_chip(value)
                return True
        elif kind is IntentKind.BET_ADD and intent.value is not None:
            self.add_chip(self.rack.values[intent.value])
        elif kind is IntentKind.CLEAR:
            if self.chips:
                self.chips.clear()
                self.ctx.sounds.play("chip_click", 0.6)
            self._refresh()
        elif kind is IntentKind.REBET:
            self.rebet(1)
        elif kind is IntentKind.CONFIRM:
            self.deal()
        else:
            return False
        return True

    def _on_circle(self, pos: tuple[int, int] | None) -> bool:
        seat = self.ctx.player_seat()
        if pos is None or seat is None:
            return False
        x, y = self.ctx.presenter.hand_chip_pos(seat, 0)
        return (pos[0] - x) ** 2 + (pos[1] - y) ** 2 <= (layout.CIRCLE_RADIUS + 14) ** 2

    def on_point(self, pos: tuple[int, int] | None) -> None:
        """Lift the chip under the pointer."""
        self.rack.hover = self.rack.chip_at(pos)

    # ---- the frame ---------------------------------------------------------------------

    def _refresh(self) -> None:
        ctx = self.ctx
        seat = ctx.player_seat()
        rnd = ctx.round
        amount = self.amount
        self.rack.allowed = {v: self.refusal(amount + v * 100) is None for v in self.rack.values}
        deal = self.buttons.by_name("deal")
        deal.enabled = (seat is not None and amount > 0 and rnd.can_bet(seat, amount)) or (
            amount == 0 and bool(rnd.playing_seats())
        )
        self.buttons.by_name("clear").enabled = bool(self.chips)
        last = ctx.session.last_bets.get(seat) if seat is not None else None
        self.buttons.by_name("rebet").enabled = bool(last)
        self.buttons.by_name("rebet2").enabled = bool(last)
        broke = seat is not None and ctx.session.broke(seat) and not self.chips
        self.buttons.by_name("rebuy").visible = broke
        if broke and not ctx.note:
            ctx.presenter.message = "You are out of chips. Rebuy to keep playing."

    def update(self, dt: float) -> None:
        """Chip tosses, the presenter, and autoplay's deal."""
        super().update(dt)
        for _, timer in self.chips:
            timer.advance(dt)
        self._refresh()
        if self.ctx.autoplay and self.ctx.presenter.idle and not self.dealt:
            self.wait += dt
            if self.wait >= AUTOPLAY_WAIT * self.ctx.settings.speed_factor:
                self.deal()

    def draw_controls(self, surface: pygame.Surface) -> None:
        """The rack and the chips in the circle (those still in the air, mid-toss)."""
        ctx = self.ctx
        self.rack.draw(surface, ctx.assets)
        seat = ctx.player_seat()
        if seat is None or not self.chips:
            return
        target = ctx.presenter.hand_chip_pos(seat, 0)
        landed = sum(v for v, t in self.chips if t.done) * 100
        if landed:
            ctx.view.draw_stack(surface, landed, target)
        for value, timer in self.chips:
            if timer.done:
                continue
            start = self.rack.center(value)
            t = ease_out(timer.progress)
            x = start[0] + (target[0] - start[0]) * t
            y = start[1] + (target[1] - start[1]) * t
            size = round(layout.CHIP_RACK_SIZE * (1 - 0.3 * t))
            chip = ctx.assets.chip(value, size)
            surface.blit(chip, chip.get_rect(center=(round(x), round(y))))


def _sentence(text: str) -> str:
    """An engine reason as a sentence for the table: capitalised, with a full stop."""
    text = text.strip()
    if not text:
        return text
    text = text[0].upper() + text[1:]
    return text if text.endswith((".", "!", "?")) else text + "."
