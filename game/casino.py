"""Casino conditions, a setting: the table feels like a casino's, not a quiet practice room.

With `Settings.casino` on, a table opened from the setup fills every seat the people do not
take with bots (`game.seats.casino_seats`); between shoes (when the next round starts with
a shuffle) a bot may leave and a new one sit down in an empty bot seat (`between_shoes`),
never in a person's seat; the dealer burns a card after each shuffle (`casino_shoe`, unless
the rules burn already or never shuffle); and the dealer's pace varies (`DealerPace`): each
shoe has a dealer of its own speed, and each move is a little quicker or slower.

Every choice comes from a seeded RNG of its own: the same table and seed bring the same bots
at the same shuffles, and nothing here touches the cards (the burn is the shoe's, saved
with it), so the count the player keeps is the count of the cards shown.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from engine.i18n import _
from engine.rules import Rules
from engine.shoe import CardSource, shoe_for
from game.seats import BOT_KINDS, BOT_LABELS, shown_name

if TYPE_CHECKING:  # the presenter imports this module for the dealer's pace; the session it need not
    from game.autoplay import Policy
    from game.session import Session

BOT_LEAVES = 0.25
"""The chance that a bot gets up at a shuffle."""

SEAT_TAKEN = 0.5
"""The chance that an empty bot seat is taken at a shuffle."""

DEALER_PACE = (0.7, 1.35)
"""A shoe's dealer: how long their moves take, relative to the chosen animation speed."""

MOVE_JITTER = (0.85, 1.18)
"""Each move of a dealer: a little quicker or slower than their own pace."""


def casino_rng(seed: int | None, rounds_played: int) -> random.Random:
    """The RNG of the table's comings and goings after `rounds_played` rounds (a seed of its own).

    >>> casino_rng(5, 12).random() == casino_rng(5, 12).random() != casino_rng(5, 13).random()
    True
    """
    return random.Random(f"casino:{seed}:{rounds_played}")


def casino_shoe(rules: Rules, seed: int | None) -> CardSource:
    """The shoe of a table under casino conditions: one card burned after each shuffle, unless the
    rules burn cards already, deal from a continuous shuffler or an infinite deck (never shuffled)."""
    if rules.decks is None or rules.csm or rules.burn_cards:
        return shoe_for(rules, seed=seed)
    return shoe_for(rules.with_changes(burn_cards=1), seed=seed)


def tray_size(shoe: object, shown: int) -> int:
    """Cards in the shoe's discard tray, burned ones face down too (`shown`, the cards the table
    showed, when the shoe cannot say): the tray's height."""
    return int(getattr(shoe, "tray_size", getattr(shoe, "discarded", shown)))


@dataclass(frozen=True, slots=True)
class SeatChange:
    """One bot seat changed at a shuffle: its bot left (`kind` None) or a bot of `kind` sat down."""

    seat: int
    kind: str | None


def churn(bot_seats: dict[int, str | None], rng: random.Random) -> list[SeatChange]:
    """Who gets up and who sits down at a shuffle, given each bot seat's bot kind (None: empty).

    Only the seats given change (the caller never gives a person's seat), in seat order.

    >>> churn({2: "basic", 4: None}, random.Random(3))
    [SeatChange(seat=2, kind=None)]
    """
    changes = []
    for seat in sorted(bot_seats):
        if bot_seats[seat] is not None:
            if rng.random() < BOT_LEAVES:
                changes.append(SeatChange(seat, None))
        elif rng.random() < SEAT_TAKEN:
            changes.append(SeatChange(seat, rng.choice(BOT_KINDS)))
    return changes


class DealerPace:
    """How long a dealer's move takes, relative to the animation speed: a pace per shoe, jittered per move.

    >>> pace = DealerPace(1); low, high = DEALER_PACE[0] * MOVE_JITTER[0], DEALER_PACE[1] * MOVE_JITTER[1]
    >>> all(low <= pace.factor() <= high for _ in range(100))
    True
    """

    def __init__(self, seed: int | None) -> None:
        self.rng = random.Random(f"pace:{seed}")
        self.pace = 1.0
        self.new_dealer()

    def new_dealer(self) -> None:
        """A new dealer takes the shoe, at a pace of their own."""
        self.pace = self.rng.uniform(*DEALER_PACE)

    def factor(self) -> float:
        """The next move's duration factor."""
        return self.pace * self.rng.uniform(*MOVE_JITTER)


def between_shoes(
    session: Session, rng: random.Random, make_bot: Callable[[str], Policy]
) -> list[SeatChange]:
    """Let bots come and go at a shuffle, in the seats no person owns; returns what changed.

    A bot that leaves empties its seat (it sits out); a bot that sits down plays from the next
    round with the seat's chips, topped up to the table's buy-in as a rebuy, so every cent on
    the table is still one the seats brought.
    """
    bot_seats = {
        seat: (None if info.left else info.bot)
        for seat, info in enumerate(session.seats_info)
        if not info.person
    }
    changes = churn(bot_seats, rng)
    for change in changes:
        seat = change.seat
        if change.kind is None:
            session.leave(seat)
            continue
        info = session.seats_info[seat]
        info.bot, info.left = change.kind, False
        session.bots[seat] = make_bot(change.kind)
        short = session.buy_in - session.table.bankroll(seat)
        if short > 0:
            session.rebuy(seat, short)
    if changes:
        session.name_bots()
    return changes


def change_words(session: Session, changes: list[SeatChange]) -> str:
    """What the dealer says about the seats that changed, e.g. 'New shoe: the Basic bot at seat 3 gets
    up; a Counter bot sits at seat 5.' (empty when nothing changed)."""
    kinds = [shown_name(BOT_LABELS.get(session.seats_info[change.seat].bot, "bot")) for change in changes]
    said = [
        # TRANSLATORS: what changed at one seat at a shuffle; {bot} is a bot's name ("Basic bot")
        (_("the {bot} at seat {seat} gets up") if change.kind is None else _("a {bot} sits at seat {seat}"))
        .format(bot=kind, seat=change.seat + 1)
        for change, kind in zip(changes, kinds, strict=True)
    ]
    # TRANSLATORS: the seats that changed at a shuffle, joined by "; "
    return _("New shoe: {changes}.").format(changes="; ".join(said)) if said else ""
