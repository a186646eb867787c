"""A sitting at the table: the engine table, who sits in each seat, who plays it, last bets and rebuys.

Seats are people (profiles by name, played with the mouse, or by the basic bot under
autoplay) and bots. A person who leaves keeps the seat empty for the rest of the sitting.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Literal

from engine import CardSource, Money, Round, Rules, ShoeStateError, Table, load_rules
from engine.i18n import _
from engine.record import round_start_state
from game import layout
from game.autoplay import Policy
from game.counter_settings import CounterSettings, counter_settings
from game.seats import BOT_COLOR, BOT_LABELS, PALETTE, Color, bot_names, shown_name

if TYPE_CHECKING:
    from engine.bots import CardWatcher

START_BANKROLL: Money = 100_000
"""What a seat buys in with by default: 1000 units."""

Mode = Literal["table", "tournament"]


@dataclass
class SeatInfo:
    """One seat at the table as the game knows it (the engine knows only its name and money)."""

    name: str
    person: bool
    position: int
    """Where on the arc it sits (0..6, left to right)."""
    color: Color
    bot: str = ""
    """The bot kind playing a bot seat."""
    coach: int = 0
    profile: Any = None
    """The person's saved profile (engine.store.Profile), None for bots or when nothing is saved."""
    left: bool = False
    """Whether the person has left the seat (it sits out from then on)."""

    @property
    def label(self) -> str:
        """The name plate's text: the person's name or the bot's (`Session.name_bots`), as its records say."""
        return shown_name(self.name)

    @property
    def counter(self) -> CounterSettings:
        """The person's counting settings from their profile (the defaults for bots and the unsaved)."""
        return counter_settings(self.profile.settings if self.profile is not None else None)


@dataclass
class Session:
    """The table being played, who sits where, the bots, and the money each person brought."""

    table: Table
    rules_id: str
    seats_info: list[SeatInfo] = field(default_factory=list)
    bots: dict[int, Policy] = field(default_factory=dict)
    """Every seat a bot plays: bot seats, and people's seats under autoplay."""
    last_bets: dict[int, Money] = field(default_factory=dict)
    buy_in: Money = START_BANKROLL
    mode: Mode = "table"
    label: str | None = None
    """The session label the saved rounds carry (for the session leaderboard)."""
    watcher: CardWatcher | None = None
    brought: dict[int, Money] = field(default_factory=dict)
    """What each seat brought to the table this sitting (its first bankroll plus rebuys)."""
    start_state: dict[str, Any] | None = None
    """The table's state just before its current round began (`round_start_state`), for the journal;
    None when its shoe cannot be saved (that round is saved only once it is over)."""

    def __post_init__(self) -> None:
        if not self.brought:
            self.brought = dict(enumerate(self.table.bankrolls()))

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
        """A quick table with the rules preset (or file): `seats` people (or the given bots) in the middle."""
        rules = load_rules(rules_id)
        names = names or ([_("You")] if seats == 1 else [_("Seat {number}").format(number=i + 1)
                                                          for i in range(seats)])
        table = Table(rules, [(n, bankroll) for n in names], seed=seed, shoe=shoe, rules_source=rules_id)
        bots = dict(bots or {})
        positions = layout.table_positions(seats)
        infos = [
            SeatInfo(
                name=name,
                person=i not in bots,
                position=positions[i],
                color=PALETTE[positions[i] % len(PALETTE)] if i not in bots else BOT_COLOR,
                bot="" if i not in bots else "scripted",
            )
            for i, name in enumerate(names)
        ]
        return cls(table=table, rules_id=rules_id, seats_info=infos, bots=bots, buy_in=bankroll)

    @classmethod
    def seated(
        cls,
        rules_id: str,
        infos: list[SeatInfo],
        bankrolls: list[Money],
        *,
        seed: int | None = None,
        shoe: CardSource | None = None,
        buy_in: Money = START_BANKROLL,
        mode: Mode = "table",
        label: str | None = None,
    ) -> Session:
        """A table for the chosen seats with their bankrolls (bots are added by the caller)."""
        rules = load_rules(rules_id)
        for seat, name in _bot_names(infos).items():
            infos[seat].name = name
        table = Table(
            rules,
            [(info.name, money) for info, money in zip(infos, bankrolls, strict=True)],
            seed=seed,
            shoe=shoe,
            rules_source=rules_id,
        )
        return cls(table=table, rules_id=rules_id, seats_info=infos, buy_in=buy_in, mode=mode, label=label)

    @property
    def rules(self) -> Rules:
        """The rules in play."""
        return self.table.rules

    @property
    def round(self) -> Round:
        """The current round (one is started when there is none)."""
        if self.table.round is None:
            return self.new_round()
        return self.table.round

    @property
    def seats(self) -> int:
        """How many seats the table has."""
        return len(self.table.seat_names)

    @property
    def positions(self) -> list[int]:
        """Each seat's place on the arc."""
        return [info.position for info in self.seats_info]

    @property
    def people(self) -> list[int]:
        """The seats people own (whoever plays them), in seat order."""
        return [i for i, info in enumerate(self.seats_info) if info.person]

    @property
    def human_seats(self) -> frozenset[int]:
        """The seats the mouse plays: people's seats no bot plays for them, who have not left."""
        return frozenset(
            i
            for i, info in enumerate(self.seats_info)
            if info.person and not info.left and i not in self.bots
        )

    def new_round(self) -> Round:
        """Start the next round, noting the table's state first so the round can be journaled."""
        try:
            self.start_state = round_start_state(self.table)
        except ShoeStateError:
            self.start_state = None
        return self.table.start_round()

    def is_bot(self, seat: int) -> bool:
        """Whether a bot plays this seat."""
        return seat in self.bots

    def broke(self, seat: int) -> bool:
        """Whether the seat cannot make the table minimum."""
        return self.table.bankroll(seat) < self.rules.min_bet

    def rebuy(self, seat: int, amount: Money | None = None) -> Money:
        """Buy back in between rounds or before the seat has bet; returns the new bankroll."""
        amount = amount if amount is not None else self.buy_in
        self.table.rebuy(seat, amount)
        self.brought[seat] = self.brought.get(seat, 0) + amount
        return self.table.bankroll(seat)

    def leave(self, seat: int) -> None:
        """A person leaves the seat: it sits out for the rest of the sitting."""
        self.seats_info[seat].left = True
        self.bots.pop(seat, None)

    def profiles(self) -> list[Any]:
        """Each seat's profile for saving a round: None for bots, people who left, and tournaments.

        A tournament's chips are not the person's bankroll, so its rounds are saved without
        the profile and the result is saved on its own at the end.
        """
        if self.mode == "tournament":
            return [None] * self.seats
        return [None if info.left or not info.person else info.profile for info in self.seats_info]

    def tournament_owners(self) -> list[Any] | None:
        """Whom each seat's tournament result is saved for (its person's profile); None at a plain table."""
        if self.mode != "tournament":
            return None
        return [info.profile if info.person and not info.left else None for info in self.seats_info]

    def kept(self) -> dict[str, Any]:
        """What the journal keeps to open this table again: rules, mode, label, buy-in and every seat."""
        return {
            "rules": self.rules_id,
            "mode": self.mode,
            "label": self.label,
            "buy_in": self.buy_in,
            "seats": [
                {
                    "name": info.name, "person": info.person, "position": info.position,
                    "color": list(info.color), "bot": info.bot, "coach": info.coach, "left": info.left,
                }
                for info in self.seats_info
            ],
            "brought": [self.brought.get(seat, 0) for seat in range(self.seats)],
            "last_bets": [self.last_bets.get(seat, 0) for seat in range(self.seats)],
        }

    @classmethod
    def reopened(cls, table: Table, kept: Mapping[str, Any], profiles: Sequence[Any]) -> Session:
        """The sitting a journaled round was played in, around its rebuilt table (the caller adds bots).

        `kept` is what `kept()` gave the journal; `profiles` each seat's profile (None for bots).
        Raises KeyError, TypeError or ValueError when `kept` is not what `kept()` writes.
        """
        infos = [
            SeatInfo(
                name=str(seat["name"]),
                person=bool(seat["person"]),
                position=int(seat["position"]),
                color=(int(seat["color"][0]), int(seat["color"][1]), int(seat["color"][2])),
                bot=str(seat["bot"]),
                coach=int(seat["coach"]),
                profile=profile,
                left=bool(seat["left"]),
            )
            for seat, profile in zip(kept["seats"], profiles, strict=True)
        ]
        mode: Mode = "tournament" if kept["mode"] == "tournament" else "table"
        return cls(
            table=table,
            rules_id=str(kept["rules"]),
            seats_info=infos,
            last_bets={seat: int(bet) for seat, bet in enumerate(kept["last_bets"]) if bet},
            buy_in=int(kept["buy_in"]),
            mode=mode,
            label=kept["label"],
            brought={seat: int(money) for seat, money in enumerate(kept["brought"])},
        )

    def name_bots(self) -> None:
        """Name each bot seat after the bot now in it (after bots came and went at a shuffle), at the
        table and in the engine's seat names, so the records, history and replays say what the plate says."""
        names = _bot_names(self.seats_info)
        for seat, name in names.items():
            self.seats_info[seat].name = name
        engine_names = self.table.seat_names
        self.table.seat_names = tuple(names.get(seat, name) for seat, name in enumerate(engine_names))

    def change_rules(self, rules_id: str) -> None:
        """Open a fresh table with other rules, keeping every seat's bankroll (between rounds)."""
        rules = load_rules(rules_id)
        names = list(self.table.seat_names)
        bankrolls = self.table.bankrolls()
        self.table = Table(rules, list(zip(names, bankrolls, strict=True)), rules_source=rules_id)
        self.rules_id = rules_id
        for policy in self.bots.values():
            retarget = getattr(policy, "retarget", None)
            if retarget is not None:
                retarget(rules)


def _bot_names(infos: list[SeatInfo]) -> dict[int, str]:
    """The names of the seats bots of a known kind play (`game.seats.bot_names`)."""
    return bot_names({
        seat: info.bot
        for seat, info in enumerate(infos)
        if not info.person and not info.left and info.bot in BOT_LABELS
    })
