"""Helpers (no tests here) for the bot, fast-path and simulator tests: test bots and a two-path player."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence
from typing import Any

from engine import Action, Card, Rules, hand_total
from engine.bots import BotTable, SeatView
from engine.fastplay import FastTable
from engine.money import Money


class SimpleChart:
    """A small fixed strategy that uses every action, so every path of the bots is exercised."""

    def action(
        self, player_cards: Sequence[Card], up_card: Card | None, legal_actions: Iterable[Action]
    ) -> Action:
        legal = frozenset(legal_actions)
        total, soft = hand_total(player_cards)
        up = up_card.points if up_card is not None else 10
        if Action.NO_SURRENDER in legal:
            hopeless = not soft and total in (15, 16) and up in (10, 1)
            return Action.SURRENDER if hopeless else Action.NO_SURRENDER
        if Action.SPLIT in legal and player_cards[0].points not in (5, 10):
            return Action.SPLIT
        if Action.SURRENDER in legal and not soft and total in (15, 16) and up in (10, 1):
            return Action.SURRENDER
        if Action.DOUBLE in legal and (9 <= total <= 11 or (soft and 15 <= total <= 18 and 3 <= up <= 6)):
            return Action.DOUBLE
        if Action.HIT in legal and (total < 17 or (soft and total < 18)):
            return Action.HIT
        return Action.STAND


class RandomBot:
    """Bets and decides at random from its own seeded generator: asked the same, it answers the same."""

    name = "random"
    memoizable = False

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def bet(self, view: SeatView) -> Money:
        rules = view.rules
        if view.bankroll < rules.min_bet:
            return 0
        high = view.bankroll if rules.max_bet is None else min(rules.max_bet, view.bankroll)
        return self.rng.choice([rules.min_bet, rules.min_bet, high, (rules.min_bet + high) // 2])

    def decide(self, view: SeatView, legal: frozenset[Action]) -> Action:
        return self.rng.choice(sorted(legal, key=lambda action: action.value))


class Recorder:
    """Wraps a bot (never memoizable, so it is asked everything) and logs each question and answer."""

    name = "recorder"
    memoizable = False

    def __init__(self, bot: Any, log: list[tuple[object, ...]]) -> None:
        self.bot = bot
        self.log = log

    def bet(self, view: SeatView) -> Money:
        amount: Money = self.bot.bet(view)
        self.log.append(("bet", view._replace(seen=tuple(view.seen)), amount))
        return amount

    def decide(self, view: SeatView, legal: frozenset[Action]) -> Action:
        action: Action = self.bot.decide(view, legal)
        self.log.append(("decide", view._replace(seen=tuple(view.seen)), legal, action))
        return action


def round_nets(played: Any) -> list[Money]:
    """Each seat's net in a finished Round, insurance included."""
    seats = range(len(played.table.seat_names))
    return [
        sum(hand.net or 0 for hand in played.hands(seat)) + (played.insurance_net(seat) or 0)
        for seat in seats
    ]


def play_both(
    rules: Rules,
    make_bots: Callable[[], Sequence[Any]],
    bankrolls: Sequence[Money],
    seed: int,
    rounds: int,
) -> int:
    """Play the same bots on both paths round by round, asserting every outcome agrees; rounds played."""
    fast = FastTable(rules, make_bots(), bankrolls=bankrolls, seed=seed)
    slow = BotTable(rules, make_bots(), bankrolls=bankrolls, seed=seed)
    seats = range(len(bankrolls))
    for number in range(rounds):
        slow_error = fast_error = None
        try:
            played = slow.play_round()
        except Exception as error:  # the fast path must fail the same way
            slow_error, played = error, None
        try:
            dealt = fast.play_round()
        except Exception as error:
            fast_error, dealt = error, False
        assert type(fast_error) is type(slow_error), (number, fast_error, slow_error)
        if slow_error is not None:
            return number
        assert dealt == (played is not None), number
        if played is None:
            return number
        where = f"round {number + 1}"
        assert fast.drawn == played.drawn, where
        assert fast.dealer == played.dealer, where
        assert fast.bets == [played.bet(seat) for seat in seats], where
        assert fast.nets == round_nets(played), where
        assert fast.results == [hand.result for seat in seats for hand in played.hands(seat)], where
        assert tuple(fast.bankrolls) == slow.table.bankrolls(), where
        assert fast.active == [slow.table.seat_active(seat) for seat in seats], where
    return rounds
