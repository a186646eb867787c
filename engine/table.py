"""The table: seats with names and bankrolls, one shoe, and the rounds played from it."""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass
from enum import Enum
from pathlib import Path

from engine import events as ev
from engine.errors import BlackjackError, InvalidBetError, ShoeStateError
from engine.i18n import _
from engine.money import Money
from engine.round import Phase, Round, first_card_takers
from engine.rules import Rules
from engine.shoe import CardSource, shoe_for


class TournamentStatus(Enum):
    """Where a seat stands in a tournament."""

    PLAYING = "playing"
    WON = "won"
    LOST = "lost"


@dataclass(frozen=True, slots=True)
class Seat:
    """A seat as the table was opened with it: a name and a bankroll in cents."""

    name: str
    bankroll: Money


class Table:
    """Seats, a shoe and the rules; plays one round after another.

    >>> from engine import load_rules, StackedShoe
    >>> table = Table(load_rules("vegas-strip"), [Seat("Ann", 10000)], shoe=StackedShoe("T 6 9 T 3"))
    >>> rnd = table.start_round(); _ = rnd.place_bet(0, 1000); _ = rnd.deal(); _ = rnd.stand()
    >>> rnd.hands(0)[0].result, table.bankroll(0), table.house
    (<Result.PUSH: 'push'>, 10000, 0)

    `seats` may also be (name, bankroll) pairs. `rules_source` (a preset id or file path)
    is what round records name as their rules; without it a record holds every option.
    """

    def __init__(
        self,
        rules: Rules,
        seats: Sequence[Seat | tuple[str, Money]],
        *,
        shoe: CardSource | None = None,
        seed: int | None = None,
        rules_source: str | Path | None = None,
    ) -> None:
        if not seats:
            raise BlackjackError("a table needs at least one seat")
        self.rules = rules
        self.rules_source = str(rules_source) if rules_source is not None else None
        specs = [s if isinstance(s, Seat) else Seat(*s) for s in seats]
        self.seat_names: tuple[str, ...] = tuple(s.name for s in specs)
        self._bankrolls = [s.bankroll for s in specs]
        self._status = [TournamentStatus.PLAYING] * len(specs)
        self.shoe: CardSource = shoe if shoe is not None else shoe_for(rules, seed=seed)
        self.house: Money = 0
        """What the house has won from the seats (negative when it has lost)."""
        self.bought_in: Money = sum(self._bankrolls)
        """Every cent the seats brought to the table, rebuys included."""
        self.rounds_played = 0
        self.round: Round | None = None
        """The round in play or the last one played."""

    @staticmethod
    def of(played: Round) -> Table:
        """The Table a round was played at (a round sees its table only as a `RoundTable`).

        Raises BlackjackError for a round played at anything else.
        """
        if not isinstance(played.table, Table):
            raise BlackjackError(f"round {played.number} was not played at a Table")
        return played.table

    @property
    def seed(self) -> int | None:
        """The seed of the shoe's shuffles, when known."""
        return getattr(self.shoe, "seed", None)

    def bankroll(self, seat: int) -> Money:
        """The seat's money off the table, in cents."""
        return self._bankrolls[seat]

    def bankrolls(self) -> tuple[Money, ...]:
        """Every seat's bankroll, in seat order."""
        return tuple(self._bankrolls)

    def seat_active(self, seat: int) -> bool:
        """Whether the seat may still play (not out of a finished tournament)."""
        return self._status[seat] is TournamentStatus.PLAYING

    def tournament_status(self, seat: int) -> TournamentStatus:
        """Whether the seat is still playing, has won or has lost the tournament."""
        return self._status[seat]

    def start_round(self, *, first_cards: Collection[int] | None = None) -> Round:
        """Begin a new round (shuffling first when the cut card has come out).

        With a first card before the bet, every seat that can bet is dealt one, or only the
        seats in `first_cards` (a replay deals to the seats its record names).

        Raises InvalidBetError while the previous round is still being played, or when
        `first_cards` names a seat that could not have been dealt one.
        """
        if self.round is not None and not self.round.is_over:
            raise InvalidBetError(_("cannot start a round: the current round is not over"))
        if first_cards is not None:
            first_cards = first_card_takers(self, first_cards)  # checked before the shoe is touched
        shuffled = self.shoe.shuffle() if self.shoe.needs_shuffle else None
        self.rounds_played += 1
        self.round = Round(self, self.rounds_played, shuffled=shuffled, first_cards=first_cards)
        return self.round

    def leave_shoe(self) -> None:
        """Give up the round being bet on and the rest of the shoe: the next `start_round()` shuffles.

        What a counter does when the count falls to their exit and no other table is near. No
        money moves and the round never happened (its number is dealt again).

        Raises InvalidBetError once a bet is placed or a card is out, and ShoeStateError for a
        card source with no shoe to leave (an endless shoe, a continuous shuffler, stacked cards).
        """
        current = self.round if self.round is not None and not self.round.is_over else None
        if current is not None and (
            current.phase is not Phase.BETTING or current.playing_seats() or current.first_card_seats
        ):
            raise InvalidBetError(_("cannot leave the shoe: this round's bets or cards are already out"))
        end_early = getattr(self.shoe, "end_early", None)
        if end_early is None:
            raise ShoeStateError(_("this table's cards come from no shoe that can be left"))
        end_early()
        if current is not None:
            self.round = None
            self.rounds_played -= 1

    def bet_limit(self, seat: int) -> Money:
        """The most the seat may bet: the table maximum or its bankroll, whichever is less."""
        bankroll = self._bankrolls[seat]
        return bankroll if self.rules.max_bet is None else min(bankroll, self.rules.max_bet)

    def rebuy(self, seat: int, amount: Money) -> None:
        """Add money to a seat's bankroll between rounds, or while betting before the seat has bet.

        Raises InvalidBetError once the seat has bet or the cards are out, or for an
        amount that is not positive.
        """
        current = self.round
        betting = current is not None and current.phase is Phase.BETTING
        if current is not None and not current.is_over and not (betting and not current.bet(seat)):
            raise InvalidBetError(
                _("{name} cannot buy in once the round is under way").format(name=self.seat_names[seat]))
        if amount <= 0:
            raise InvalidBetError(_("a buy-in must be more than 0"))
        self._bankrolls[seat] += amount
        self.bought_in += amount
        if current is not None and betting:
            # The round's record starts from the bankrolls before its bets; a buy-in made
            # while betting belongs to that starting money.
            current.start_bankrolls = tuple(
                b + amount if i == seat else b for i, b in enumerate(current.start_bankrolls)
            )

    def credit(self, seat: int, amount: Money) -> None:
        """Add `amount` to the seat's bankroll; its round moves its bets and winnings this way."""
        self._bankrolls[seat] += amount

    def round_ended(self, finished: Round) -> list[ev.Event]:
        """Discard the round's cards, settle the house's books and check tournament goals.

        Its round calls this once, as it settles its last bet, and appends the events it
        returns (the round's end, then any seat's tournament end) to its log.
        """
        self.shoe.discard(finished.drawn)
        for event in finished.events:
            if isinstance(event, ev.HandSettled | ev.InsuranceSettled):
                self.house -= event.net
        ended: list[ev.Event] = [ev.RoundEnded(number=finished.number, bankrolls=self.bankrolls())]
        tournament = self.rules.tournament
        if tournament is None:
            return ended
        for seat, bankroll in enumerate(self._bankrolls):
            if self._status[seat] is not TournamentStatus.PLAYING:
                continue
            if bankroll >= tournament.goal:
                self._status[seat] = TournamentStatus.WON
            elif bankroll < self.rules.min_bet:
                self._status[seat] = TournamentStatus.LOST
            else:
                continue
            ended.append(ev.TournamentEnded(
                seat=seat, won=self._status[seat] is TournamentStatus.WON, bankroll=bankroll
            ))
        return ended

    def restore_standing(self, rounds_played: int, statuses: Sequence[TournamentStatus]) -> None:
        """Put back the rounds played and each seat's tournament status, to continue a saved table.

        Raises BlackjackError once a round has started here, for a negative round count, or
        for a status list that does not have one entry per seat.
        """
        if self.round is not None:
            raise BlackjackError("cannot restore a table's standing once it has started a round")
        if rounds_played < 0:
            raise BlackjackError(f"a table cannot have played {rounds_played} rounds")
        if len(statuses) != len(self.seat_names):
            raise BlackjackError(
                f"{len(statuses)} tournament statuses for {len(self.seat_names)} seats"
            )
        self.rounds_played = rounds_played
        self._status = list(statuses)
