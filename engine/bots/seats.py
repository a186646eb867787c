"""Bots seated at the event-producing table: they play through Round's public API only.

`BotTable` is what the simulator's fast path (`engine.fastplay`) is tested against: the
bots see exactly what a person could (`SeatView`) and act only by `legal_actions()` and
`act()`, as a person's clicks do.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine import events as ev
from engine.bots.view import Bot, SeatView
from engine.cards import Card
from engine.money import Money
from engine.round import Decision, Round
from engine.rules import Rules
from engine.shoe import CardSource
from engine.table import Seat, Table


def seat_name(seat: int) -> str:
    """The name a bot's seat goes by in messages: 'Seat 1' for seat 0."""
    return f"Seat {seat + 1}"


class CardWatcher:
    """Follows a table's events and keeps the cards shown face up since the last shuffle.

    Every seat's cards, the dealer's up card and draws, and the hole card once revealed
    are seen; a ShoeShuffled event starts a new list. A table opened again mid-shoe passes
    what its shoe's tray holds (`CardSource.discard_tray`), so the count carries on.
    """

    def __init__(self, seen: Sequence[Card] = ()) -> None:
        self.seen: list[Card] = list(seen)
        self.shuffles = 0
        self._round: Round | None = None
        self._cursor = 0

    def watch(self, rnd: Round) -> None:
        """Take in the round's events since the last call."""
        if rnd is not self._round:
            self._round, self._cursor = rnd, 0
        events = rnd.events
        for event in events[self._cursor:]:
            if isinstance(event, ev.ShoeShuffled):
                self.new_shoe()
            elif (card := ev.card_shown(event)) is not None:
                self.seen.append(card)
        self._cursor = len(events)

    def new_shoe(self) -> None:
        """The shoe was shuffled (or the seats left for a fresh one): nothing of it is seen yet."""
        self.seen = []
        self.shuffles += 1


def seat_view(rnd: Round, seat: int, watcher: CardWatcher) -> SeatView:
    """What the seat sees now: its hand in question (or its first card when betting), and the table."""
    decision: Decision | None = rnd.decision
    hands = rnd.hands(seat)
    table = rnd.table
    if decision is None or decision.seat != seat:
        cards = hands[0].cards if hands else ()
        return SeatView(
            rnd.rules, seat, None, cards, 0, len(hands), rnd.dealer_up_card, rnd.bet(seat),
            table.bankroll(seat), watcher.seen, watcher.shuffles,
        )
    return SeatView(
        rnd.rules, seat, decision.kind, hands[decision.hand].cards, decision.hand, len(hands),
        rnd.dealer_up_card, rnd.bet(seat), table.bankroll(seat), watcher.seen, watcher.shuffles,
    )


class BotTable:
    """Bots in every seat of a `Table`, playing whole rounds through the public round API.

    In a tournament, a seat that has won or lost sits out; once every seat has, a new
    tournament starts with fresh bankrolls and the same shoe.

    >>> from engine import load_rules
    >>> from engine.bots import NoviceBot
    >>> bots = BotTable(load_rules("vegas-strip"), [NoviceBot()], bankrolls=[100_000], seed=3)
    >>> rnd = bots.play_round()
    >>> rnd is not None and rnd.is_over
    True
    """

    def __init__(
        self,
        rules: Rules,
        bots: Sequence[Bot],
        *,
        bankrolls: Sequence[Money],
        shoe: CardSource | None = None,
        seed: int | None = None,
    ) -> None:
        if len(bankrolls) != len(bots):
            raise ValueError(f"{len(bots)} bots need {len(bots)} bankrolls, not {len(bankrolls)}")
        self.rules = rules
        self.bots = tuple(bots)
        self._seats = [Seat(seat_name(i), bankroll) for i, bankroll in enumerate(bankrolls)]
        self.table = Table(rules, self._seats, shoe=shoe, seed=seed)
        self.watcher = CardWatcher()

    def betting_view(self, seat: int) -> SeatView:
        """What the seat sees between rounds: the cards shown since the shuffle and its bankroll."""
        watcher = self.watcher
        return SeatView(self.rules, seat, None, (), 0, 0, None, 0, self.table.bankroll(seat), watcher.seen,
                        watcher.shuffles)

    def leave_shoe(self) -> None:
        """The seats leave the shoe for a fresh one (a counter wonging out): it is shuffled now."""
        self.table.shoe.shuffle()
        self.watcher.new_shoe()

    def play_round(self) -> Round | None:
        """Play one round to its end; None when no seat can afford the minimum bet (nothing is dealt).

        Raises InvalidBetError when no bot bets, or when a bot bets or acts illegally
        (IllegalActionError).
        """
        table, rules = self.table, self.rules
        seats = range(len(self.bots))
        if rules.tournament is not None and not any(table.seat_active(s) for s in seats):
            table = self.table = Table(rules, self._seats, shoe=table.shoe)
        if not any(table.seat_active(s) and table.bankroll(s) >= rules.min_bet for s in seats):
            return None
        rnd = table.start_round()
        watcher = self.watcher
        for seat in seats:
            if table.seat_active(seat):
                watcher.watch(rnd)
                amount = self.bots[seat].bet(seat_view(rnd, seat, watcher))
                if amount:
                    rnd.place_bet(seat, amount)
        rnd.deal()
        while not rnd.is_over:
            decision = rnd.decision
            assert decision is not None
            watcher.watch(rnd)
            legal = rnd.legal_actions()
            rnd.act(self.bots[decision.seat].decide(seat_view(rnd, decision.seat, watcher), legal))
        watcher.watch(rnd)
        return rnd
