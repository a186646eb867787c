"""A sitting at the table: the engine table, who controls each seat, last bets and rebuys."""

from __future__ import annotations

from dataclasses import dataclass, field

from engine import CardSource, Money, Round, Rules, Table, load_rules
from game.autoplay import Policy

START_BANKROLL: Money = 100_000
"""What a seat buys in with: 1000 units."""


@dataclass
class Session:
    """The table being played, the seats a person controls and the bots for the rest."""

    table: Table
    rules_id: str
    human_seats: frozenset[int] = frozenset({0})
    bots: dict[int, Policy] = field(default_factory=dict)
    last_bets: dict[int, Money] = field(default_factory=dict)

    @classmethod
    def open(
        cls,
        rules_id: str,
        *,
        seats: int = 1,
        seed: int | None = None,
        shoe: CardSource | None = None,
        bankroll: Money = START_BANKROLL,
        bots: dict[int, Policy] | None = None,
        names: list[str] | None = None,
    ) -> Session:
        """A new table with the rules preset (or file) and `seats` seats."""
        rules = load_rules(rules_id)
        names = names or (["You"] if seats == 1 else [f"Seat {i + 1}" for i in range(seats)])
        table = Table(rules, [(n, bankroll) for n in names], seed=seed, shoe=shoe, rules_source=rules_id)
        bots = dict(bots or {})
        humans = frozenset(i for i in range(seats) if i not in bots)
        return cls(table=table, rules_id=rules_id, human_seats=humans, bots=bots)

    @property
    def rules(self) -> Rules:
        """The rules in play."""
        return self.table.rules

    @property
    def round(self) -> Round:
        """The current round (one is started when there is none)."""
        if self.table.round is None:
            return self.table.start_round()
        return self.table.round

    @property
    def seats(self) -> int:
        """How many seats the table has."""
        return len(self.table.seat_names)

    def new_round(self) -> Round:
        """Start the next round."""
        return self.table.start_round()

    def is_bot(self, seat: int) -> bool:
        """Whether a bot plays this seat."""
        return seat in self.bots

    def broke(self, seat: int) -> bool:
        """Whether the seat cannot make the table minimum."""
        return self.table.bankroll(seat) < self.rules.min_bet

    def rebuy(self, seat: int, amount: Money = START_BANKROLL) -> None:
        """Buy back in between rounds."""
        self.table.rebuy(seat, amount)

    def change_rules(self, rules_id: str) -> None:
        """Open a fresh table with other rules, keeping every seat's bankroll (between rounds)."""
        rules = load_rules(rules_id)
        names = list(self.table.seat_names)
        bankrolls = self.table.bankrolls()
        self.table = Table(rules, list(zip(names, bankrolls, strict=True)), rules_source=rules_id)
        self.rules_id = rules_id
