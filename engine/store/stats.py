"""Statistics for the stats screen and the leaderboard, read from the saved rounds.

Every query takes an optional `session` (the label `save_round` was given) to look at one
sitting instead of the whole history. Luck is the net result minus the expected net of
the plays actually made: the bets' expected result (initial bets times the rules' player
EV) less what the judged mistakes gave up, over the rounds saved with a player EV; it is
an estimate, rounded to the cent. The mistakes' cost is a figure of its own, so a player's
own mistakes never show as bad luck.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engine.money import Money
from engine.store.database import Store
from engine.store.profiles import list_profiles, profile_named


@dataclass(frozen=True, slots=True)
class BankrollPoint:
    """A player's bankroll around one saved round (a rebuy shows as `before` above the last `after`)."""

    round_id: int
    played_at: str
    before: Money
    after: Money


@dataclass(frozen=True, slots=True)
class PlayerStats:
    """A player's counts, rates, money and decision accuracy over the saved rounds.

    Hand counts split every hand by its result: `won` excludes blackjacks, `lost` is
    beaten by the dealer (busts and surrenders are counted apart).
    """

    player: str
    bankroll: Money
    """The profile's bankroll now."""
    rounds: int
    """Rounds in which the player had a bet."""
    hands: int
    won: int
    blackjacks: int
    pushed: int
    lost: int
    busted: int
    surrendered: int
    net: Money
    """Everything won minus everything lost, insurance included."""
    wagered: Money
    """The sum of the initial bets."""
    expected: Money | None
    """The expected net of the bets of the rounds saved with a player EV, played perfectly (None when
    there are none)."""
    luck: Money | None
    """The net of those rounds minus the expected net of the plays made (`expected` less the cost of
    their mistakes): above zero is good luck."""
    decisions: int
    """Decisions judged (against basic strategy, or a counter's index plays)."""
    correct: int
    ev_lost: float
    """Expected cents lost to decisions that were not the best play (where the game knew it)."""
    index_plays: int = 0
    """Decisions at which the player's count called for an index play."""
    index_made: int = 0
    """Of those, the index plays made (the rest were missed)."""

    def _rate(self, count: int) -> float:
        return count / self.hands if self.hands else 0.0

    @property
    def win_rate(self) -> float:
        """Share of hands won, blackjacks included (0.0 with no hands)."""
        return self._rate(self.won + self.blackjacks)

    @property
    def push_rate(self) -> float:
        """Share of hands pushed."""
        return self._rate(self.pushed)

    @property
    def loss_rate(self) -> float:
        """Share of hands lost, busts and surrenders included."""
        return self._rate(self.lost + self.busted + self.surrendered)

    @property
    def blackjack_rate(self) -> float:
        """Share of hands that were blackjacks."""
        return self._rate(self.blackjacks)

    @property
    def bust_rate(self) -> float:
        """Share of hands that busted."""
        return self._rate(self.busted)

    @property
    def accuracy(self) -> float | None:
        """Share of judged decisions that matched the coach's standard (basic strategy or the index plays at
        the count; None when none were judged)."""
        return self.correct / self.decisions if self.decisions else None


@dataclass(frozen=True, slots=True)
class LeaderboardRow:
    """One player's line on a leaderboard."""

    player: str
    rounds: int
    net: Money
    bankroll: Money
    luck: Money | None
    accuracy: float | None


def bankroll_series(store: Store, player: str, *, session: str | None = None) -> list[BankrollPoint]:
    """The player's bankroll before and after each round they bet in, oldest first.

    Raises StoreError for an unknown player.
    """
    profile = profile_named(store, player)
    where, parameters = _session_filter(session)
    rows = store.rows(
        "SELECT r.id, r.played_at, rs.bankroll_before, rs.bankroll_after"
        " FROM round_seats rs JOIN rounds r ON r.id = rs.round_id"
        f" WHERE rs.profile_id = ? AND rs.bet > 0{where} ORDER BY r.id",
        (profile.id, *parameters),
    )
    return [BankrollPoint(row[0], row[1], row[2], row[3]) for row in rows]


def player_stats(store: Store, player: str, *, session: str | None = None) -> PlayerStats:
    """Counts, rates, net, luck and decision accuracy of one player.

    Raises StoreError for an unknown player.
    """
    profile = profile_named(store, player)
    where, parameters = _session_filter(session)
    joined = "FROM round_seats rs JOIN rounds r ON r.id = rs.round_id"
    money = store.rows(
        "SELECT COUNT(*), COALESCE(SUM(rs.net), 0), COALESCE(SUM(rs.bet), 0),"
        " SUM(CASE WHEN r.player_ev IS NOT NULL THEN rs.net END),"
        " SUM(CASE WHEN r.player_ev IS NOT NULL THEN rs.bet * r.player_ev END)"
        f" {joined} WHERE rs.profile_id = ? AND rs.bet > 0{where}",
        (profile.id, *parameters),
    )[0]
    results = {
        row[0]: int(row[1])
        for row in store.rows(
            f"SELECT h.result, COUNT(*) FROM hands h JOIN round_seats rs USING (round_id, seat)"
            f" JOIN rounds r ON r.id = rs.round_id WHERE rs.profile_id = ?{where} GROUP BY h.result",
            (profile.id, *parameters),
        )
    }
    judged = store.rows(
        "SELECT COUNT(*), COALESCE(SUM(d.correct), 0), COALESCE(SUM(d.ev_lost), 0.0),"
        " COALESCE(SUM(CASE WHEN r.player_ev IS NOT NULL THEN d.ev_lost END), 0.0)"
        f" FROM decisions d JOIN round_seats rs USING (round_id, seat) JOIN rounds r ON r.id = rs.round_id"
        f" WHERE rs.profile_id = ?{where}",
        (profile.id, *parameters),
    )[0]
    made, missed = index_plays(store, profile.id, session)
    expected = None if money[4] is None else round(money[4])
    played_expected = None if money[4] is None else round(money[4] - float(judged[3]))
    return PlayerStats(
        player=profile.name,
        bankroll=profile.bankroll,
        rounds=int(money[0]),
        hands=sum(results.values()),
        won=results.get("win", 0),
        blackjacks=results.get("blackjack", 0),
        pushed=results.get("push", 0) + results.get("refunded", 0),
        lost=results.get("lose", 0),
        busted=results.get("bust", 0),
        surrendered=results.get("surrender", 0),
        net=int(money[1]),
        wagered=int(money[2]),
        expected=expected,
        luck=None if played_expected is None else int(money[3]) - played_expected,
        decisions=int(judged[0]),
        correct=int(judged[1]),
        ev_lost=float(judged[2]),
        index_plays=made + missed,
        index_made=made,
    )


def index_plays(store: Store, profile_id: int, session: str | None = None) -> tuple[int, int]:
    """The index plays a profile made and missed: the `index_plays` its rounds' records hold for its seat.

    A record that is not valid JSON (a damaged row) adds nothing.
    """
    where, parameters = _session_filter(session)
    row = store.rows(
        "SELECT COALESCE(SUM(json_extract(j.value, '$.made') = 1), 0),"
        " COALESCE(SUM(json_extract(j.value, '$.made') = 0), 0)"
        " FROM round_seats rs JOIN rounds r ON r.id = rs.round_id,"
        " json_each(CASE WHEN json_valid(r.record) THEN r.record ELSE '{}' END, '$.index_plays') j"
        f" WHERE rs.profile_id = ? AND json_extract(j.value, '$.seat') = rs.seat{where}",
        (profile_id, *parameters),
    )[0]
    return int(row[0]), int(row[1])


def leaderboard(
    store: Store, players: Sequence[str] | None = None, *, session: str | None = None
) -> list[LeaderboardRow]:
    """The players ranked by net result (then bankroll, then name), best first.

    Without `players`, everyone who bet in the session (or ever) is ranked. Raises
    StoreError for an unknown player.
    """
    if players is None:
        where, parameters = _session_filter(session)
        playing = {
            row[0]
            for row in store.rows(
                "SELECT DISTINCT rs.profile_id FROM round_seats rs JOIN rounds r ON r.id = rs.round_id"
                f" WHERE rs.bet > 0{where}",
                parameters,
            )
        }
        players = [profile.name for profile in list_profiles(store) if profile.id in playing]
    rows = []
    for name in players:
        stats = player_stats(store, name, session=session)
        rows.append(LeaderboardRow(
            player=stats.player, rounds=stats.rounds, net=stats.net, bankroll=stats.bankroll,
            luck=stats.luck, accuracy=stats.accuracy,
        ))
    rows.sort(key=lambda row: (-row.net, -row.bankroll, row.player.casefold()))
    return rows


def _session_filter(session: str | None) -> tuple[str, tuple[str, ...]]:
    if session is None:
        return "", ()
    return " AND r.session = ?", (session,)
