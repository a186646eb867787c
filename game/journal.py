"""The game's side of the round journal: which round the history holds as unfinished, and how far.

Each frame, before the presenter shows anything new, the table's round is compared with
what was last journaled: a round whose bets are taken and cards dealt is begun (with the
double-up's first card before the bets, as soon as that card is out), each decision since
is a step, and the settled round is finished. Until the last begin or step has committed,
`holding` is True: the presenter shows nothing new and nobody plays on, so a kill never
resumes a round before a card its player has already seen.

A round that opens a freshly shuffled shoe first saves the shoe's commitment (`engine.audit`),
and the table holds until it is saved (as for a journal step): no card of the shoe is
shown, nor its round journaled, before the fingerprint the shoe's tooltip shows is in the
history (the double-up's first card is drawn with the shuffle, and shown after it). When the
table closes, `close` reveals its shoe.
"""

from __future__ import annotations

from typing import Any

from engine import Phase, Round
from engine.audit import ShoeSeal
from engine.i18n import _
from engine.shoe import Shoe, shoe_seal, unsealed_reason
from game.background import Job
from game.records import Records
from game.session import Session


def progress(rnd: Round) -> tuple[bool, int]:
    """How far a round has gone, as the journal counts steps: still betting, and decisions made."""
    return rnd.phase is Phase.BETTING, len(rnd.decisions)


class RoundJournal:
    """Begins, steps and finishes the table's rounds in the history, in the order they are played."""

    def __init__(self) -> None:
        self.round: Round | None = None
        """The round journaled last (None before the first)."""
        self.round_id: Job[int | None] | None = None
        """The job that began it (its value is the round's id in the history)."""
        self.written: tuple[bool, int] = (True, 0)
        self.last: Job[Any] | None = None
        """The last begin or step asked for; the table waits until it has committed."""
        self.finished = False
        self.seated: tuple[list[Any], list[Any] | None] = ([], None)
        """The seats' profiles and tournament owners the round was begun with; it is finished with the
        same, even when a person leaves the seat while it is played."""
        self.shoe: ShoeSeal | None = None
        """The seal of the shoe whose commitment was asked for last (the table's, while it deals)."""
        self.looked: Round | None = None
        """The last round whose shoe was looked at for a new shuffle."""

    @property
    def holding(self) -> bool:
        """Whether the table must wait: a begin or step of its round has not committed yet."""
        return self.last is not None and not self.last.done()

    @property
    def in_progress(self) -> bool:
        """Whether a round of this table is journaled and not yet finished (a quit keeps it for next time)."""
        return self.round_id is not None and not self.finished and self.round is not None

    def adopt(self, rnd: Round, round_id: int, session: Session) -> None:
        """Go on journaling a round resumed from the history, at the sitting reopened around it."""
        job: Job[int | None] = Job(lambda: round_id)
        job.run()
        self.round, self.round_id, self.last = rnd, job, None
        self.written = progress(rnd)
        self.finished = False
        self.seated = (session.profiles(), session.tournament_owners())
        self.shoe, self.looked = shoe_seal(session.table.shoe), rnd  # committed before the round was begun

    def follow(self, records: Records, session: Session, rnd: Round) -> None:
        """Journal what the round did since the last frame: its beginning, or the decisions made since."""
        if not records.saving or (rnd is self.round and (self.finished or self.round_id is None)):
            return
        if rnd is not self.looked:
            self.looked = rnd
            self.commit_shoe(records, session, rnd)
        now = progress(rnd)
        if rnd is self.round:
            if now != self.written and self.round_id is not None:
                self.written = now
                self.last = records.record_step(self.round_id, rnd)
            return
        dealt = not now[0] or (session.rules.first_card_before_bet and bool(rnd.drawn))
        start = session.start_state
        if not dealt or start is None or start.get("number") != rnd.number:
            return  # not begun yet (or a shoe that cannot be saved: the round is saved once over)
        self.round, self.written, self.finished = rnd, now, False
        self.seated = (session.profiles(), session.tournament_owners())
        self.round_id = records.begin_round(
            rnd,
            self.seated[0],
            start,
            owners=self.seated[1],
            session=session.label,
            kept=session.kept(),
        )
        self.last = self.round_id

    def commit_shoe(self, records: Records, session: Session, rnd: Round) -> None:
        """Save the commitment of a shoe shuffled for this round, and hold the table until it is saved."""
        shoe = session.table.shoe
        seal = shoe_seal(shoe)
        if seal is None or seal is self.shoe or not isinstance(shoe, Shoe):
            return
        self.shoe = seal
        burned = shoe.dealt - len(rnd.drawn)  # cards burned face down since the shuffle, before this round
        self.last = records.commit_shoe(seal, burned=burned, session=session.label)

    def close(self, records: Records | None) -> None:
        """The table closes: its shoe deals no more and is revealed (an unfinished round keeps its own)."""
        if records is not None and records.saving and self.shoe is not None:
            records.reveal_shoes()
        self.shoe = None

    def shoe_tip(self, source: object) -> str:
        """The shoe's tooltip: its fingerprint and where it was saved, or why it has none."""
        seal = shoe_seal(source)
        if seal is None:
            return unsealed_reason(source)
        if seal is self.shoe:
            return _("Shoe fingerprint {fingerprint} (SHA-256 of its order and a secret salt; saved before"
                     " its first card). History shows the order once the shoe is done.").format(
                fingerprint=seal.fingerprint)
        return _("Shoe fingerprint {fingerprint} (SHA-256 of its order and a secret salt; not saved: this run"
                 " saves nothing). History shows the order once the shoe is done.").format(
            fingerprint=seal.fingerprint)

    def finish(self, rnd: Round) -> Job[int | None] | None:
        """Mark a settled round finished; the job that began it when it is journaled (None: save it whole)."""
        if rnd is not self.round:
            return None
        self.finished = True
        return self.round_id
