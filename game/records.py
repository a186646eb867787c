"""Profiles and saved history for the game: `engine.store` on its own worker thread.

The database is opened after the first frame is on screen, and every call into the store
runs on one worker thread (SQLite connections stay on the thread that made them), in the
order the game asked. A round is journaled as it is played (`engine.store.journal`): begun
once its bets are taken and its cards dealt, a step after each decision, finished when the
engine settles it; a quit or a kill leaves it unfinished, and `unfinished` rebuilds it on
the next launch. The scenes poll the returned jobs.

When the journal cannot be kept (another game plays in the same folder, the disk fails,
or an unfinished round cannot be rebuilt) the game stops saving and `problem` says why;
what is saved stays as it is, so nothing is refunded or paid twice.

When the file has a newer schema than this game knows, the store refuses it: `problem`
holds the message, nothing is saved, and the file is never touched.
"""

from __future__ import annotations

import secrets
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from engine import Money, Round
from engine.errors import as_sentence
from engine.i18n import _, pgettext
from game.background import Job, Worker

if TYPE_CHECKING:
    from engine.audit import ShoeSeal
    from engine.store import (
        BankrollPoint,
        CountDrillStats,
        DrillStats,
        LeaderboardRow,
        MissedDecision,
        PlayerStats,
        Profile,
        RampBetStats,
        ShoeRecord,
        Store,
        UnfinishedRound,
    )
    from engine.store.history import RoundLine

FLUSH_TIMEOUT = 15.0
"""Seconds the game waits at exit for queued saves."""


@dataclass(frozen=True, slots=True)
class PersonRequest:
    """A person sitting down: the name, the bankroll a new profile starts with, color and coach level."""

    name: str
    bankroll: Money
    color: str = ""
    coach: int = 0
    update_looks: bool = True
    """Whether an existing profile takes this color and coach level (the setup screen chose them)."""


@dataclass(frozen=True, slots=True)
class StatsData:
    """What the stats screen shows for one player."""

    stats: PlayerStats
    series: list[BankrollPoint]
    tournaments: list[Any]
    ramp_bets: RampBetStats | None = None
    """The bets judged against the person's ramp and how many were off it."""


@dataclass(frozen=True, slots=True)
class HistoryPage:
    """What the history browser shows: who and which sittings it can filter by, and the rounds that pass."""

    players: list[str]
    sessions: list[str]
    """The sittings' labels, newest first."""
    rounds: list[RoundLine]
    """The rounds that pass the filters, newest first."""


@dataclass(frozen=True, slots=True)
class SittingData:
    """What the session review reads from the store: each person's figures for the sitting, and its rounds."""

    stats: list[PlayerStats]
    rounds: list[RoundLine]


@dataclass(frozen=True, slots=True)
class Resumable:
    """A round a quit or crash left unfinished, as journaled, and rebuilt live to play on."""

    found: UnfinishedRound
    round: Round
    """The live round (`round.table` is the table to keep playing on)."""


def session_label() -> str:
    """A label for one sitting at the table: the local start time and a few random letters."""
    return time.strftime("%Y-%m-%d %H:%M:%S") + f" #{secrets.token_hex(2)}"


class Records:
    """The history database behind a worker; every method returns at once."""

    def __init__(self, data_dir: str | Path) -> None:
        self.data_dir = Path(data_dir)
        self.worker = Worker("store")
        self._store: Store | None = None
        """Touched only on the worker thread."""
        self.open_job: Job[str | None] | None = None
        self.notice: str | None = None
        """Set when a bad file was moved aside at opening (shown on the title and setup screens)."""
        self.problem: str | None = None
        """Set when the database cannot be used (a newer schema): the game plays without saving."""
        self.saved_rounds = 0
        self._failures: list[str] = []

    # ---- opening ----------------------------------------------------------------------

    def start(self) -> None:
        """Open the database in the background (called once the first frame is shown)."""
        if self.open_job is None:
            self.open_job = self.worker.submit(self._open, "opening the history")

    def _open(self) -> str | None:
        from engine.store import StoreError, open_store

        try:
            self._store = open_store(self.data_dir)
        except StoreError as error:
            self.problem = _("{reason} The game will play without saving.").format(reason=as_sentence(error))
            return None
        self.notice = self._store.notice
        return self.notice

    @property
    def ready(self) -> bool:
        """Whether opening has finished (well or not)."""
        return self.open_job is not None and self.open_job.done()

    @property
    def saving(self) -> bool:
        """Whether rounds are being saved (the database opened)."""
        return self.ready and self.problem is None and self.open_job is not None and self.open_job.ok

    def messages(self) -> list[str]:
        """Failures reported by the worker since the last call (for the table's message bar)."""
        out, self._failures = self._failures, []
        return out

    def stop_saving(self, reason: str) -> None:
        """Save nothing more in this run (what is saved stays as it is); `problem` gives the reason."""
        self.problem = reason
        self.worker.submit(self._shut, "closing the history")

    def _shut(self) -> None:
        """Close the database (on the worker)."""
        if self._store is not None:
            self._store.close()
            self._store = None

    def _guard(self, work: Any, what: str, *, stops_saving: bool = False) -> Any:
        """Run store work on the worker, turning a StoreError into a message instead of a crash.

        A refused step of the round journal (`stops_saving`) also stops all saving: a round
        whose journal fell behind must not be finished from this game.
        """

        def run() -> Any:
            from engine.store import StoreError

            if self._store is None:
                return None
            try:
                return work(self._store)
            except StoreError as error:
                if stops_saving:
                    reason = as_sentence(error)
                    # TRANSLATORS: {what} is what the game tried to do, e.g. "save Ann's rebuy"
                    self.stop_saving(_("Could not {what}: {reason} The game plays on without saving.").format(
                        what=what, reason=reason))
                    self._failures.append(self.problem or "")
                else:
                    # TRANSLATORS: {what} is what the game tried to do, e.g. "save Ann's rebuy"
                    self._failures.append(_("Could not {what}: {error}.").format(what=what, error=error))
                raise

        return run

    # ---- people -----------------------------------------------------------------------

    def seat_people(self, people: Sequence[PersonRequest]) -> Job[list[Profile | None]]:
        """Each person's profile (made if new, reused if known); None for each when nothing is saved."""
        wanted = tuple(people)

        def run() -> list[Profile | None]:
            from engine.store import get_or_create_profile, update_profile

            store = self._store
            if store is None:
                return [None] * len(wanted)
            out: list[Profile | None] = []
            for person in wanted:
                profile = get_or_create_profile(
                    store, person.name, bankroll=person.bankroll, color=person.color, coach_level=person.coach
                )
                if person.update_looks and (profile.color, profile.coach_level) != (
                    person.color,
                    person.coach,
                ):
                    profile = update_profile(
                        store, profile.name, color=person.color, coach_level=person.coach
                    )
                out.append(profile)
            return out

        return self.worker.submit(run, "seating the players")

    def profiles(self) -> Job[list[Profile]]:
        """Every saved profile, by name."""

        def run() -> list[Profile]:
            from engine.store import list_profiles

            return list_profiles(self._store) if self._store is not None else []

        return self.worker.submit(run, "listing the players")

    def update_bankroll(self, name: str, bankroll: Money) -> Job[Any]:
        """Save a rebuy at once."""

        def work(store: Store) -> Any:
            from engine.store import update_profile

            return update_profile(store, name, bankroll=bankroll)

        what = pgettext("could not", "save {name}'s rebuy").format(name=name)
        return self.worker.submit(self._guard(work, what), "saving a rebuy")

    def update_setting(self, name: str, key: str, value: Any) -> Job[Any]:
        """Save one of a person's settings at once, the others kept as they are."""

        def work(store: Store) -> Any:
            from engine.store import profile_named, update_profile

            kept = dict(profile_named(store, name).settings)
            kept[key] = value
            return update_profile(store, name, settings=kept)

        what = pgettext("could not", "save {name}'s {key}").format(name=name, key=key)
        return self.worker.submit(self._guard(work, what), f"saving a {key}")

    def find_person(self, name: str) -> Job[Profile | None]:
        """A person's saved profile (None when nobody of that name is saved, or nothing is)."""

        def work(store: Store) -> Profile | None:
            from engine.store import find_profile

            return find_profile(store, name)

        what = pgettext("could not", "read {name}'s profile").format(name=name)
        return self.worker.submit(self._guard(work, what), "reading a profile")

    def save_settings(self, person: PersonRequest, values: Mapping[str, Any]) -> Job[Profile | None]:
        """Save several of a person's settings, the others kept (a new person's profile is made first)."""
        changes = dict(values)

        def work(store: Store) -> Profile:
            from engine.store import get_or_create_profile, update_profile

            profile = get_or_create_profile(
                store, person.name, bankroll=person.bankroll, color=person.color, coach_level=person.coach
            )
            return update_profile(store, profile.name, settings={**profile.settings, **changes})

        what = pgettext("could not", "save {name}'s settings").format(name=person.name)
        return self.worker.submit(self._guard(work, what), "saving settings")

    def ramp_bet(self, name: str, *, off_ramp: bool) -> Job[RampBetStats | None]:
        """Count one bet judged against a person's ramp; the new totals."""

        def work(store: Store) -> RampBetStats:
            from engine.store import record_ramp_bet

            return record_ramp_bet(store, name, off_ramp=off_ramp)

        what = pgettext("could not", "save {name}'s bet against the ramp").format(name=name)
        return self.worker.submit(self._guard(work, what), "saving a bet")

    # ---- rounds -----------------------------------------------------------------------

    def begin_round(
        self,
        played: Round,
        profiles: Sequence[Profile | None],
        start: dict[str, Any],
        *,
        owners: Sequence[Profile | None] | None,
        session: str | None,
        kept: dict[str, Any],
    ) -> Job[int | None]:
        """Queue the first journal step of a round (bets taken, first cards out); the job gives its id."""
        seats, tournament = list(profiles), None if owners is None else list(owners)

        def work(store: Store) -> int:
            from engine.store import begin_round

            return begin_round(
                store, played, seats, start, tournament_owners=tournament, session=session, extra=kept
            )

        what = pgettext("could not", "journal round {number}").format(number=played.number)
        guarded = self._guard(work, what, stops_saving=True)
        return self.worker.submit(guarded, "journaling a round")

    def record_step(self, round_id: Job[int | None], played: Round) -> Job[bool | None]:
        """Queue a step of a journaled round: its record so far and the bankrolls it leaves."""

        def work(store: Store) -> bool | None:
            from engine.store import record_step

            if round_id.value is None:  # its beginning was refused: nothing is journaled since
                return None
            return record_step(store, round_id.value, played)

        what = pgettext("could not", "journal a step of round {number}").format(number=played.number)
        guarded = self._guard(work, what, stops_saving=True)
        return self.worker.submit(guarded, "a step")

    def commit_shoe(self, seal: ShoeSeal, *, burned: int, session: str | None) -> Job[int | None]:
        """Queue a shoe's commitment (before its first round is journaled); the job gives its id."""

        def work(store: Store) -> int:
            from engine.store import commit_shoe

            return commit_shoe(store, seal, burned=burned, session=session)

        what = pgettext("could not", "save the shoe's fingerprint")
        return self.worker.submit(self._guard(work, what), "sealing the shoe")

    def reveal_shoes(self) -> Job[int | None]:
        """Queue the reveal of every shoe no table deals from any more (the table closed)."""

        def work(store: Store) -> int:
            from engine.store import reveal_shoes

            return reveal_shoes(store)

        what = pgettext("could not", "reveal the shoes played")
        return self.worker.submit(self._guard(work, what), "revealing the shoes")

    def shoes(self) -> Job[list[ShoeRecord] | None]:
        """The shoes' commitments, newest first, with their rounds (the order only once revealed)."""

        def work(store: Store) -> list[ShoeRecord]:
            from engine.store import shoe_records

            return shoe_records(store)

        what = pgettext("could not", "read the shoes")
        return self.worker.submit(self._guard(work, what), "reading the shoes")

    def unfinished(self) -> Job[Resumable | None]:
        """The round a quit or crash left unfinished, rebuilt to play on; None when there is none.

        When it cannot be rebuilt (its rules file is gone, say) its journal is left as it is
        and the game stops saving, with `problem` saying why.
        """

        def work(store: Store) -> Resumable | None:
            from engine import BlackjackError
            from engine.store import unfinished_round

            found = unfinished_round(store)
            if found is None:
                return None
            try:
                return Resumable(found, found.resume())
            except BlackjackError as error:
                self.stop_saving(
                    _("Round {number} was left unfinished and cannot be resumed: {reason}"
                      " It is kept as it stopped, and this game plays on without saving.").format(
                        number=found.number, reason=as_sentence(error))
                )
                return None

        what = pgettext("could not", "read the unfinished round")
        return self.worker.submit(self._guard(work, what), "finding the round")

    def save_round(
        self,
        played: Round,
        profiles: Sequence[Profile | None],
        *,
        judged: Job[tuple[list[Any], float]] | None = None,
        session: str | None = None,
        round_id: Job[int | None] | None = None,
        tournament_owners: Sequence[Profile | None] | None = None,
    ) -> Job[int | None]:
        """Queue the save of a settled round (after its decisions are judged, when they are).

        With `round_id` (the job of its `begin_round`) the journaled round is finished; a
        tournament it ended is saved with it, for `tournament_owners` (the journaled ones by default).
        """
        seats, tournament = list(profiles), None if tournament_owners is None else list(tournament_owners)

        def work(store: Store) -> int | None:
            from engine.store import save_round

            decisions: list[Any] = []
            player_ev: float | None = None
            if judged is not None:
                try:
                    decisions, player_ev = judged.result(timeout=120)
                except Exception:  # the round is saved even if its judging failed
                    decisions, player_ev = [], None
            journaled = None
            if round_id is not None:
                journaled = round_id.value
                if journaled is None:  # its beginning was refused: nothing is saved since
                    return None
            saved = save_round(
                store, played, seats, decisions=decisions, player_ev=player_ev, session=session,
                round_id=journaled, tournament_owners=tournament,
            )
            self.saved_rounds += 1
            return saved

        what = pgettext("could not", "save round {number}").format(number=played.number)
        guarded = self._guard(work, what, stops_saving=True)
        return self.worker.submit(guarded, "saving a round")

    # ---- reading ----------------------------------------------------------------------

    def stats(self, name: str) -> Job[StatsData | None]:
        """One player's statistics, bankroll series and tournaments."""

        def work(store: Store) -> StatsData:
            from engine.store import bankroll_series, player_stats, ramp_bet_stats, tournament_results

            return StatsData(
                player_stats(store, name), bankroll_series(store, name), tournament_results(store, name),
                ramp_bet_stats(store, name),
            )

        what = pgettext("could not", "read {name}'s statistics").format(name=name)
        return self.worker.submit(self._guard(work, what), "reading statistics")

    def leaderboard(self, names: Sequence[str], session: str | None) -> Job[list[LeaderboardRow] | None]:
        """The session's leaderboard of these players."""
        wanted = list(names)

        def work(store: Store) -> list[LeaderboardRow]:
            from engine.store import find_profile, leaderboard

            known = [name for name in wanted if find_profile(store, name) is not None]
            return leaderboard(store, known, session=session)

        what = pgettext("could not", "read the leaderboard")
        return self.worker.submit(self._guard(work, what), "reading the leaderboard")

    def history(
        self,
        *,
        player: str | None = None,
        session: str | None = None,
        result: str | None = None,
        with_mistake: bool = False,
    ) -> Job[HistoryPage | None]:
        """The history browser's players, sittings and rounds (`engine.store.history.round_lines`)."""

        def work(store: Store) -> HistoryPage:
            from engine.store import list_profiles
            from engine.store.history import round_lines, sessions

            return HistoryPage(
                [profile.name for profile in list_profiles(store)],
                sessions(store),
                round_lines(store, player=player, session=session, result=result, with_mistake=with_mistake),
            )

        what = pgettext("could not", "read the history")
        return self.worker.submit(self._guard(work, what), "reading the history")

    def sitting(self, session: str, names: Sequence[str] = ()) -> Job[SittingData | None]:
        """One sitting's figures (as the stats screen computes them) for these people, else for every
        person who bet in it, and its rounds."""
        wanted = list(names)

        def work(store: Store) -> SittingData:
            from engine.store import find_profile, player_stats
            from engine.store.history import round_lines

            rounds = round_lines(store, session=session)
            seated = {seat.player for line in rounds for seat in line.seats if seat.person}
            people = wanted or sorted(seated, key=str.casefold)
            known = [name for name in people if find_profile(store, name) is not None]
            return SittingData([player_stats(store, name, session=session) for name in known], rounds)

        what = pgettext("could not", "read the sitting")
        return self.worker.submit(self._guard(work, what), "reading the sitting")

    def best_tournaments(self, limit: int = 5, rules: str | None = None) -> Job[list[Any] | None]:
        """The best tournament results of everyone: at one rules id (as the table was opened), or at any."""

        def work(store: Store) -> list[Any]:
            from engine.store import best_tournaments

            return best_tournaments(store, rules=rules, limit=limit)

        what = pgettext("could not", "read the tournament results")
        return self.worker.submit(self._guard(work, what), "reading tournaments")

    # ---- drills -----------------------------------------------------------------------

    def drill_answer(self, name: str, family: str, correct: bool) -> Job[DrillStats | None]:
        """Count one answered drill spot for a person; the family's new totals."""

        def work(store: Store) -> DrillStats:
            from engine.store import record_drill_answer

            return record_drill_answer(store, name, family, correct)

        what = pgettext("could not", "save {name}'s drill answer").format(name=name)
        return self.worker.submit(self._guard(work, what), "saving a drill answer")

    def drill_stats(self, name: str) -> Job[dict[str, DrillStats] | None]:
        """A person's drill results by family word."""

        def work(store: Store) -> dict[str, DrillStats]:
            from engine.store import drill_stats

            return drill_stats(store, name)

        what = pgettext("could not", "read {name}'s drill results").format(name=name)
        return self.worker.submit(self._guard(work, what), "reading drill results")

    def count_drill(self, name: str, running_right: bool, true_right: bool) -> Job[CountDrillStats | None]:
        """Count one count-drill attempt for a person; the new totals."""

        def work(store: Store) -> CountDrillStats:
            from engine.store import record_count_drill

            return record_count_drill(store, name, running_right=running_right, true_right=true_right)

        what = pgettext("could not", "save {name}'s count drill").format(name=name)
        return self.worker.submit(self._guard(work, what), "saving a count drill")

    def count_drill_stats(self, name: str) -> Job[CountDrillStats | None]:
        """A person's count drill totals."""

        def work(store: Store) -> CountDrillStats:
            from engine.store import count_drill_stats

            return count_drill_stats(store, name)

        what = pgettext("could not", "read {name}'s count drills").format(name=name)
        return self.worker.submit(self._guard(work, what), "reading count drills")

    def speed_time(self, name: str, per_flash: int, seconds: float) -> Job[float | None]:
        """Keep a speed-drill deck's time if it is the person's best at this many cards a flash; the best."""

        def work(store: Store) -> float:
            from engine.store.drills import record_speed_time

            return record_speed_time(store, name, per_flash, seconds)

        what = pgettext("could not", "save {name}'s deck time").format(name=name)
        return self.worker.submit(self._guard(work, what), "saving a deck time")

    def speed_best_times(self, name: str) -> Job[dict[int, float] | None]:
        """A person's best speed-drill deck times by cards a flash."""

        def work(store: Store) -> dict[int, float]:
            from engine.store.drills import speed_best_times

            return speed_best_times(store, name)

        what = pgettext("could not", "read {name}'s deck times").format(name=name)
        return self.worker.submit(self._guard(work, what), "reading deck times")

    def mistakes(self, name: str) -> Job[list[MissedDecision] | None]:
        """The decisions a person got wrong in play, newest first, with their cards."""

        def work(store: Store) -> list[MissedDecision]:
            from engine.store import missed_decisions

            return missed_decisions(store, name)

        what = pgettext("could not", "read {name}'s mistakes").format(name=name)
        return self.worker.submit(self._guard(work, what), "reading mistakes")

    # ---- shutting down ----------------------------------------------------------------

    @property
    def busy(self) -> bool:
        """Whether saves or reads are queued."""
        return self.worker.busy

    def flush(self, timeout: float = FLUSH_TIMEOUT) -> bool:
        """Wait for queued saves (tests, and the game at exit)."""
        return self.worker.flush(timeout)

    def close(self) -> None:
        """Finish the queued saves and close the database."""
        if self.open_job is None:
            return
        self.flush()
        self.worker.submit(self._shut, "closing the history")
        self.worker.flush(5.0)
        self.worker.stop()

    # ---- changing people ------------------------------------------------------------------

    def rename_profile(self, old: str, new: str) -> Job[Profile | None]:
        """Rename a saved person; a refusal is the job's StoreError, for the scene to show in place."""

        def run() -> Profile | None:
            from engine.store import rename_profile

            return rename_profile(self._store, old, new) if self._store is not None else None

        return self.worker.submit(run, "renaming a player")

    def delete_profile(self, name: str) -> Job[Profile | None]:
        """Delete a saved person (their rounds stay); a refusal is the job's StoreError, shown in place."""

        def run() -> Profile | None:
            from engine.store import delete_profile

            return delete_profile(self._store, name) if self._store is not None else None

        return self.worker.submit(run, "deleting a player")

