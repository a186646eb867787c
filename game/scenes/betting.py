"""The betting scene: seat by seat, each person clicks chips into their circle; bots bet by themselves.

The seat whose turn it is has the chip rack, the bankroll panel, a lit name plate, the
pointer and the "Ann — your turn" banner. Bet (or Deal, for the last person) places the
bet with the engine and passes the mouse on; Sit out (W) skips the round, whenever another
seat can play it. A person who cannot make the minimum is asked to rebuy or leave the seat.
When every person has bet or sat out and the bots have bet, the cards are dealt.

A person with a bet ramp (their counting settings) has each bet at a plain table judged
against it at the count of the cards shown so far, under their own system and precision
(`game.ramp.ramp_bet`): a bet off the ramp is named on the message bar ("The ramp bets 4
units ($40) at true +3; you bet $10.") and counted in their profile's betting errors. When
their turn comes at or below the ramp's exit count, the coach says so: wonging out is
sitting the round out, or leaving the shoe.

Each person's last bet at a plain table is kept in their profile's settings (`LAST_BET`),
so Rebet offers it again after a relaunch. At a tournament table an empty circle bets the
table minimum when Enter or Deal is pressed, and the message bar says so.
"""

from __future__ import annotations

from typing import Any

import pygame

from engine import InvalidBetError, Money, ShoeStateError
from engine.errors import as_sentence
from engine.i18n import N_, _, money, ngettext
from game import layout
from game.autoplay import EngineBot
from game.casino import between_shoes, casino_rng, change_words
from game.context import GameContext
from game.intents import Intent, IntentKind
from game.presenter import messages
from game.ramp import RampBet, ramp_bet, signed
from game.scene import Go, SceneName
from game.scenes.base import TableScene
from game.table_view import CHIP_VALUES
from game.tween import Timer, ease_out
from game.widgets import Button, ChipRack

CHIP_TOSS = 0.18
AUTOPLAY_WAIT = 0.5
BOT_BET_DELAY = 0.45
"""Seconds between one bot's bet and the next (at normal speed), so people see each bet go out."""
LAST_BET = "last_bet"
"""The profile setting that keeps a person's last bet at a plain table, in cents (for Rebet)."""


def remembered_bet(profile: Any) -> Money | None:
    """The last bet a profile's settings keep (None when there is none, or it is not a positive amount)."""
    value = profile.settings.get(LAST_BET) if profile is not None else None
    return value if isinstance(value, int) and not isinstance(value, bool) and value > 0 else None


def chips_of(amount: Money) -> list[int]:
    """Chip values (units) that make up a whole-unit amount, biggest first."""
    units, out = amount // 100, []
    for value in CHIP_VALUES:
        count, units = divmod(units, value)
        out.extend([value] * count)
    return out


class BettingScene(TableScene):
    """Bets go out seat by seat; when everyone has bet, the round goes to the engine."""

    def __init__(self, ctx: GameContext, *, first_chip: int | None = None) -> None:
        super().__init__(ctx)
        self.rack = ChipRack()
        self.chips: list[tuple[int, Timer]] = []
        self.first_chip = first_chip
        self.wait = 0.0
        self.dealt = False
        self.done: set[int] = set()
        """People who have bet or sat out this round."""
        self.bots_to_bet: list[int] = []
        self.bot_wait = 0.0
        self.turn: int | None = None
        self.asked: int | None = None
        """The seat last asked to rebuy or leave (asked once per turn)."""
        self.exit_said: int | None = None
        """The seat last told the count is at its ramp's exit (told once per turn)."""
        rects = layout.bet_button_rects()
        self.buttons.buttons += [
            # TRANSLATORS: betting buttons (about 110 pixels wide); keep them short
            Button("clear", N_("Clear"), rects["clear"], IntentKind.CLEAR),
            Button("rebet", N_("Rebet"), rects["rebet"], IntentKind.REBET),
            Button("rebet2", N_("2x Rebet"), rects["rebet2"], IntentKind.REBET,
                   tooltip=N_("Double the last bet")),
            Button("deal", N_("Deal"), rects["deal"], IntentKind.CONFIRM),
            Button("sitout", N_("Sit out"), layout.sit_out_rect(), IntentKind.CLICK,
                   tooltip=N_("Skip this round (W)")),
        ]

    # ---- entering: a new round, rebuys for the bots ------------------------------------

    def enter(self) -> None:
        """Open the next round; the bots queue their bets; the first person's turn begins."""
        ctx = self.ctx
        if ctx.pending_rules and ctx.pending_rules != ctx.session.rules_id:
            self._change_rules(ctx.pending_rules)
        ctx.presenter.barrier = None
        self._open_round()
        if self.first_chip is not None and self.turn is not None:
            self.add_chip(self.first_chip)
        self._refresh()

    def exit(self) -> None:
        """Chips not bet go back to the rack."""
        self.ctx.presenter.pending_bet = 0

    def _open_round(self) -> None:
        ctx = self.ctx
        session = ctx.session
        for seat in session.bots:
            if session.broke(seat) and session.rules.tournament is None:
                self._rebuy(seat, quiet=True)
        rnd = session.table.round
        if rnd is None or rnd.is_over:
            if ctx.settings.casino and session.mode == "table" and session.table.shoe.needs_shuffle:
                self._change_bots()
            rnd = session.new_round()
        ctx.presenter.start_round(rnd)
        self.chips.clear()
        self.done = {
            s for s in session.people if session.seats_info[s].left or not session.table.seat_active(s)
        }
        self.bots_to_bet = [
            s for s in sorted(session.bots) if session.table.seat_active(s) and not session.seats_info[s].left
        ]
        if session.mode == "table":  # a relaunch offers each person's last bet again
            for seat in session.people:
                kept = remembered_bet(session.seats_info[seat].profile)
                if kept is not None:
                    session.last_bets.setdefault(seat, kept)
        self.bot_wait = 0.0
        self._next_turn()

    def _change_bots(self) -> None:
        """Casino conditions: before a new shoe, bots may get up and others sit down (`game.casino`)."""
        ctx = self.ctx
        session = ctx.session
        if not session.table.rounds_played:
            return  # the table's first shoe: the bots have only just sat down
        ctx.presenter.pace.new_dealer()
        watcher = session.watcher
        if watcher is None:  # a table the opening did not seat (a test's); no bot can join it
            return
        changes = between_shoes(
            session, casino_rng(session.table.seed, session.table.rounds_played),
            lambda kind: EngineBot(kind, session.rules, ctx.odds, watcher),
        )
        for change in changes:
            ctx.presenter.plates[change.seat].left = session.seats_info[change.seat].left
            ctx.presenter.seats[change.seat].bankroll = session.table.bankroll(change.seat)
        for info, plate in zip(session.seats_info, ctx.presenter.plates, strict=False):
            plate.name = info.label  # a bot that sat down may have renamed its twin ('Basic bot 2')
        if changes:
            ctx.warn(change_words(session, changes))

    def _change_rules(self, rules_id: str) -> None:
        ctx = self.ctx
        try:
            ctx.session.change_rules(rules_id)
        except Exception as error:  # a bad rules file must not end the game
            ctx.warn(_("Could not load rules {rules_id!r}: {error}").format(rules_id=rules_id, error=error))
        else:
            ctx.presenter.sync_shoe(pending_cards=False)
            ctx.presenter.discarded = 0
        ctx.pending_rules = None

    def resume(self) -> None:
        """Back from an overlay: new rules take effect now when nobody has bet yet."""
        super().resume()
        ctx = self.ctx
        if ctx.pending_rules and not ctx.round.playing_seats():
            self._change_rules(ctx.pending_rules)
            self._open_round()
        self._refresh()

    # ---- whose turn --------------------------------------------------------------------

    def _next_turn(self) -> None:
        """The next person to bet (seat order), or None when every person is done."""
        humans = self.ctx.session.human_seats
        waiting = [s for s in sorted(humans) if s not in self.done]
        turn = waiting[0] if waiting else None
        if turn != self.turn:
            self.chips.clear()
            self.asked = None
        self.turn = turn
        if turn is None:
            self.exit_said = None
        self.ctx.presenter.turn = (
            turn if turn is not None else (self.bots_to_bet[0] if self.bots_to_bet else None)
        )

    def is_last(self, seat: int | None) -> bool:
        """Whether this person is the last one still to bet."""
        humans = self.ctx.session.human_seats
        return [s for s in humans if s not in self.done] == ([seat] if seat is not None else [])

    # ---- the bet being built -----------------------------------------------------------

    @property
    def amount(self) -> Money:
        """The bet in the circle, in cents."""
        return sum(v for v, _ in self.chips) * 100

    def pending_bet(self) -> int:
        """Chips out but not yet placed with the engine."""
        return self.amount if self.turn is not None else 0

    def minimum_offered(self, seat: int | None) -> Money:
        """What Enter or Deal bets for this person with an empty circle: the table minimum at a
        tournament table (when they can bet it), else nothing (0)."""
        rules = self.ctx.session.rules
        if seat is None or rules.tournament is None or not self.ctx.round.can_bet(seat, rules.min_bet):
            return 0
        return rules.min_bet

    def refusal(self, amount: Money) -> str | None:
        """Why the bet may not grow to `amount`, or None (only a bet still under the minimum may)."""
        seat = self.turn
        if seat is None:
            return _("Nobody at this table plays with the mouse.")
        limit = self.ctx.session.table.bet_limit(seat)
        bankroll = self.ctx.session.table.bankroll(seat)
        if amount > bankroll:
            return _("Not enough chips: you have {amount}.").format(amount=money(bankroll))
        if amount > limit:
            return _("The table maximum is {amount}.").format(amount=money(limit))
        try:
            self.ctx.round.verify_bet(seat, amount)
        except InvalidBetError as error:
            if amount >= self.ctx.session.rules.min_bet:
                return as_sentence(error)
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
            why = _("That bet is under the table minimum.")
        if why:
            self.ctx.warn(why)
            return
        self.chips = [(v, Timer(0.0)) for v in chips_of(amount)]
        self.ctx.sounds.play("chips_stack")
        self._refresh()

    def rebet(self, times: int) -> None:
        """Bet this person's last bet again (times=2: double it)."""
        seat = self.turn
        last = self.ctx.session.last_bets.get(seat) if seat is not None else None
        if not last:
            self.ctx.warn(_("No earlier bet to repeat yet."))
            return
        self.set_bet(last * times)

    def confirm(self) -> None:
        """Place the turn's bet with the engine and pass the turn on (or say why not)."""
        ctx = self.ctx
        rnd = ctx.round
        seat = self.turn
        if ctx.journal.holding:
            return  # the first card's journal step is being written (a few milliseconds)
        if self.dealt or seat is None:
            if seat is None and not self.dealt:
                self._try_deal()
            return
        amount = self.amount or self.minimum_offered(seat)
        if not amount:
            if rnd.playing_seats() or self.bots_to_bet or not self.is_last(seat):
                self.sit_out()
            else:
                ctx.warn(_("Put chips in the circle first: click the chips in the rack."))
            return
        limit = ctx.session.table.bet_limit(seat)
        try:
            rnd.place_bet(seat, amount)
        except InvalidBetError as error:
            ctx.warn(as_sentence(error))
            return
        self._remember_bet(seat, amount)
        self._judge_bet(seat, amount, limit)
        ctx.sounds.play("button", 0.4)
        self.done.add(seat)
        self.chips.clear()
        self._next_turn()
        self._try_deal()

    def _remember_bet(self, seat: int, amount: Money) -> None:
        """Note the seat's last bet for Rebet, and at a plain table keep a new one in the person's profile."""
        ctx = self.ctx
        session = ctx.session
        changed = session.last_bets.get(seat) != amount
        session.last_bets[seat] = amount
        info, records = session.seats_info[seat], ctx.records
        if not changed or records is None or session.mode != "table" or info.profile is None:
            return
        records.update_setting(info.name, LAST_BET, amount)

    def ramp_advice(self, seat: int) -> RampBet | None:
        """What the person's bet ramp bets now, at a plain table (None without a ramp, or for a bot)."""
        ctx = self.ctx
        session = ctx.session
        info = session.seats_info[seat]
        if session.mode != "table" or not info.person or seat in session.bots:
            return None
        return ramp_bet(info.counter, session.rules, ctx.trainer.seen, ctx.presenter.shoe_remaining)

    def _judge_bet(self, seat: int, amount: Money, limit: Money) -> None:
        """Judge a person's bet against their ramp (which bets at most `limit`): a bet off it is named, and
        every judged bet is counted in their profile."""
        advice = self.ramp_advice(seat)
        if advice is None:
            return
        ctx = self.ctx
        off = amount != min(advice.amount, limit)
        if off:
            ctx.warn(ngettext("The ramp bets {n} unit ({amount}) at {count}; you bet {bet}.",
                              "The ramp bets {n} units ({amount}) at {count}; you bet {bet}.", advice.units)
                     .format(n=advice.units, amount=money(advice.amount), count=advice.count_words,
                             bet=money(amount)))
        info = ctx.session.seats_info[seat]
        if ctx.records is not None and info.profile is not None:
            ctx.records.ramp_bet(info.name, off_ramp=off)

    def _say_exit(self) -> None:
        """When a person's turn comes at or below their ramp's exit, say so (once per turn)."""
        seat = self.turn
        if seat is None or seat == self.exit_said or not self.ctx.presenter.idle:
            return  # (idle: a shuffle at the round's start is counted first)
        self.exit_said = seat
        advice = self.ramp_advice(seat)
        if advice is None or not advice.leaves:
            return
        words = (_("The count is {count}, at your exit: sit out or leave the shoe.") if self.can_sit_out()
                 else _("The count is {count}, at your exit: leave the shoe (W)."))
        self.ctx.warn(words.format(count=signed(advice.count)))

    def can_sit_out(self) -> bool:
        """Whether the person whose turn it is may sit out: another seat can still play the round."""
        session = self.ctx.session
        seat = self.turn
        if seat is None:
            return False
        others = [s for s in session.human_seats if s != seat and s not in self.done]
        return bool(others or self.bots_to_bet or [s for s in self.ctx.round.playing_seats() if s != seat])

    def sit_out(self) -> None:
        """The person whose turn it is skips this round (their money and seat stay as they are)."""
        seat = self.turn
        if seat is None:
            return
        if not self.can_sit_out():
            self.leave_shoe()
            return
        self.done.add(seat)
        self.chips.clear()
        self.ctx.presenter.message = _("{name} sits this round out.").format(
            name=self.ctx.session.seats_info[seat].label)
        self._next_turn()
        self._try_deal()

    def leave_shoe(self) -> None:
        """The person alone at the table leaves the shoe: betting starts again from a fresh shuffle."""
        ctx = self.ctx
        seat = self.turn
        if seat is None or self.chips:
            return
        try:
            ctx.session.table.leave_shoe()
        except (InvalidBetError, ShoeStateError) as error:
            ctx.warn(as_sentence(error))
            return
        self._open_round()
        ctx.warn(_("{name} left the shoe: the cards are shuffled.").format(
            name=ctx.session.seats_info[seat].label))

    def _try_deal(self) -> None:
        """Deal once every person is done and the bots have bet; with nobody betting, ask again."""
        ctx = self.ctx
        if self.dealt or self.turn is not None or self.bots_to_bet:
            return
        rnd = ctx.round
        if not rnd.playing_seats():
            if ctx.session.human_seats:
                table = ctx.session.table
                self.done = {
                    s for s in self.done if ctx.session.seats_info[s].left or not table.seat_active(s)
                }
                self._next_turn()
                if self.turn is not None:
                    ctx.warn(_("Nobody has bet: someone must bet for the cards to be dealt."))
            return
        if ctx.autoplay and self.wait < AUTOPLAY_WAIT * ctx.settings.speed_factor:
            return
        try:
            rnd.deal()
        except InvalidBetError as error:
            ctx.warn(as_sentence(error))
            return
        self.dealt = True
        ctx.presenter.turn = None
        ctx.presenter.pending_bet = 0
        if self.stack is not None:
            self.stack.replace(Go(SceneName.DEALING))

    # ---- broke: rebuy or leave ---------------------------------------------------------

    def _rebuy(self, seat: int, *, quiet: bool = False) -> None:
        ctx = self.ctx
        bankroll = ctx.session.rebuy(seat)
        ctx.presenter.seats[seat].bankroll = bankroll
        info = ctx.session.seats_info[seat]
        if ctx.records is not None and info.profile is not None and ctx.session.mode == "table":
            ctx.records.update_bankroll(info.name, bankroll)
        if not quiet:
            ctx.sounds.play("chips_stack")
            ctx.presenter.message = _("Welcome back, {name}: {amount} in fresh chips.").format(
                name=info.label, amount=money(ctx.session.buy_in))

    def rebuy(self, seat: int | None = None) -> None:
        """The broke person buys back in for the table's buy-in (saved to their profile at once)."""
        seat = self.turn if seat is None else seat
        if seat is None:
            return
        self._rebuy(seat)
        self._refresh()

    def leave(self, seat: int | None = None) -> None:
        """The person leaves the seat; it stays empty for the rest of the sitting."""
        seat = self.turn if seat is None else seat
        if seat is None:
            return
        ctx = self.ctx
        ctx.session.leave(seat)
        ctx.presenter.plates[seat].left = True
        self.done.add(seat)
        ctx.presenter.message = _("{name} leaves the table.").format(name=ctx.session.seats_info[seat].label)
        self._next_turn()
        if not ctx.session.human_seats and not ctx.autoplay:
            self._everyone_left()  # bots do not play on for nobody
            return
        self._try_deal()

    def _ask_broke(self) -> None:
        """Push the rebuy-or-leave question for a broke person, once per turn."""
        seat = self.turn
        session = self.ctx.session
        if (
            seat is None
            or seat == self.asked
            or not session.broke(seat)
            or session.rules.tournament is not None
            or self.stack is None
            or self.stack.changing
        ):
            return
        self.asked = seat
        self.stack.push(Go(SceneName.BROKE, betting=self, seat=seat))

    # ---- input ---------------------------------------------------------------------------

    def handle_event(self, intent: Intent) -> bool:
        """Chips, the circle, and the betting buttons."""
        if self.ctx.trainer.quizzing and self._quiz_key(intent):
            return True
        kind = intent.kind
        if kind is IntentKind.CLICK:
            button = self.buttons.clicked(intent.pos)
            if button is not None and button.name in ("rebet2", "sitout"):
                self.ctx.sounds.play("button", 0.5)
                self.rebet(2) if button.name == "rebet2" else self.sit_out()
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
        if kind is IntentKind.SIT_OUT:
            self.sit_out()
        elif kind is IntentKind.RIGHT_CLICK:
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
            self.confirm()
        else:
            return False
        return True

    def _on_circle(self, pos: tuple[int, int] | None) -> bool:
        seat = self.turn
        if pos is None or seat is None:
            return False
        x, y = self.ctx.presenter.hand_chip_pos(seat, 0)
        return (pos[0] - x) ** 2 + (pos[1] - y) ** 2 <= (layout.CIRCLE_RADIUS + 14) ** 2

    def on_point(self, pos: tuple[int, int] | None) -> None:
        """Lift the chip under the pointer."""
        self.rack.hover = self.rack.chip_at(pos)

    # ---- the frame ---------------------------------------------------------------------

    @property
    def busy(self) -> bool:
        """Waiting for a bot's chart to be computed, or for the first card's journal step (double-up)."""
        return super().busy or any(not self.ctx.session.bots[s].ready for s in self.bots_to_bet)

    def _refresh(self) -> None:
        ctx = self.ctx
        seat = self.turn
        rnd = ctx.round
        amount = self.amount
        self.rack.allowed = {v: self.refusal(amount + v * 100) is None for v in self.rack.values}
        deal = self.buttons.by_name("deal")
        deal.label = _("Deal") if self.is_last(seat) else _("Bet")
        deal.tooltip = "" if deal.label == _("Deal") else _("Place this bet; the next person bets")
        deal.enabled = seat is not None and (
            (amount > 0 and rnd.can_bet(seat, amount))
            or (amount == 0 and (bool(rnd.playing_seats()) or not self.is_last(seat)))
            or (amount == 0 and self.minimum_offered(seat) > 0)
        )
        self.buttons.by_name("clear").enabled = bool(self.chips)
        last = ctx.session.last_bets.get(seat) if seat is not None else None
        self.buttons.by_name("rebet").enabled = bool(last)
        self.buttons.by_name("rebet2").enabled = bool(last)
        sit_out = self.buttons.by_name("sitout")
        alone = not self.can_sit_out()
        sit_out.label = _("Leave shoe") if alone else _("Sit out")
        sit_out.tooltip = _("Leave this shoe for a fresh shuffle (W)") if alone else _("Skip this round (W)")
        sit_out.visible = seat is not None
        for name in ("clear", "rebet", "rebet2", "deal"):
            self.buttons.by_name(name).visible = seat is not None

    def update(self, dt: float) -> None:
        """Chip tosses, the bots' bets, the broke question, autoplay's deal, and the end of the sitting."""
        super().update(dt)
        ctx = self.ctx
        for _value, timer in self.chips:
            timer.advance(dt)
        if self.dealt or ctx.journal.holding:
            return
        if not ctx.session.human_seats and ctx.session.people and not ctx.autoplay:
            self._everyone_left()
            return
        if self.bots_to_bet and ctx.session.bots[self.bots_to_bet[0]].ready:
            self.bot_wait += dt
            if self.bot_wait >= BOT_BET_DELAY * ctx.settings.speed_factor:
                self.bot_wait = 0.0
                self._bot_bets(self.bots_to_bet.pop(0))
                self._next_turn()
        self._ask_broke()
        self._say_exit()
        self._refresh()
        self._prompt()
        ctx.presenter.pending_bet = self.pending_bet()
        if self.turn is None and not self.bots_to_bet and ctx.presenter.idle:
            self.wait += dt
            self._try_deal()

    def _prompt(self) -> None:
        """At a tournament table the betting prompt says what an empty circle bets; chips under the
        table minimum say what the minimum is (Deal waits for it); the usual words come back after."""
        presenter = self.ctx.presenter
        minimum = self.minimum_offered(self.turn)
        offer = messages.bet_the_minimum(minimum) if minimum else None
        table_minimum = self.ctx.session.rules.min_bet
        short = messages.minimum_bet(table_minimum)
        if presenter.message not in (messages.place_bets(), offer, short):
            return  # a warning or the dealer's words: they stay until the next prompt
        if self.turn is not None and 0 < self.amount < table_minimum:
            presenter.message = short
        elif offer is not None and not self.chips:
            presenter.message = offer
        else:
            presenter.message = messages.place_bets()

    def _bot_bets(self, seat: int) -> None:
        ctx = self.ctx
        rnd = ctx.round
        amount = ctx.session.bots[seat].bet(rnd, seat)
        if amount and rnd.can_bet(seat, amount):
            rnd.place_bet(seat, amount)
            ctx.session.last_bets[seat] = amount

    def _everyone_left(self) -> None:
        if self.stack is None or self.dealt:
            return
        self.dealt = True
        self.stack.replace(Go(SceneName.LEADERBOARD, ending=True))

    def draw_controls(self, surface: pygame.Surface) -> None:
        """The rack and the chips in the circle (those still in the air, mid-toss)."""
        ctx = self.ctx
        seat = self.turn
        if seat is None:
            return
        self.rack.draw(surface, ctx.assets)
        if not self.chips:
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

