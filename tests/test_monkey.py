"""A seeded monkey plays the real game: random clicks, keys, typing and window resizes, with relaunches.

The game runs as `blackjack` runs it (SDL dummy drivers, `App.step`) on one data folder;
every so often, or when the monkey clicks Quit, the game is closed and opened again on
the same folder. Clicks go to a random point, or (more often) to a button of the scene on
top, so the monkey gets past the title into every scene. After every frame it checks:

- no exception escapes the game;
- the table's money is conserved: the seats' bankrolls plus what the round in play holds
  of them, less what they brought (buy-ins and rebuys), moves only by what settled rounds
  paid or took (the house's take), to the cent;
- and at checkpoints, once the saves have landed, each saved person's bankroll in the
  database is the table's (plus a bet placed but not yet dealt, which the database never
  took), and a relaunch finds the money where the last game left it.

The monkey never waits for background work (odds, saves), as a person does not, so input
also lands while a scene is loading. Each seed plays in a child process: a failure, even a
crash that kills the process, names the seed, the launch, the frame and the last inputs, and
`python bench/monkey.py --seed N` plays the same seed again (the long version plays many).
The background threads make a seed's run close to, not exactly, the same each time.
"""

from __future__ import annotations

import json
import random
import subprocess
import sys
import traceback
from collections import Counter, deque
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pygame
import pytest

from engine import Money, Phase, Round
from engine import events as ev
from engine.store import get_or_create_profile, list_profiles, open_store
from game import layout
from game.app import App
from game.journal import progress
from game.scenes.leaderboard import held_in_round
from game.seats import parse_seats
from game.settings import Settings, save_settings, settings_path

KEYS = (
    pygame.K_h, pygame.K_s, pygame.K_d, pygame.K_p, pygame.K_r, pygame.K_i, pygame.K_y, pygame.K_n,
    pygame.K_RETURN, pygame.K_SPACE, pygame.K_BACKSPACE, pygame.K_b, pygame.K_1, pygame.K_2, pygame.K_3,
    pygame.K_4, pygame.K_5, pygame.K_o, pygame.K_ESCAPE, pygame.K_TAB, pygame.K_SLASH, pygame.K_c,
    pygame.K_t, pygame.K_q, pygame.K_m, pygame.K_u, pygame.K_RIGHT, pygame.K_LEFT, pygame.K_UP,
    pygame.K_DOWN, pygame.K_PAGEUP, pygame.K_PAGEDOWN, pygame.K_RIGHTBRACKET, pygame.K_LEFTBRACKET,
    pygame.K_PLUS, pygame.K_MINUS, pygame.K_a, pygame.K_z, pygame.K_0, pygame.K_9, pygame.K_DELETE,
)
"""Every key the game maps to an intent, and a few it does not."""

TEXT = ("a", "Z", "7", "0", " ", ",", ";", "vs", "16 vs T", "A7", "é", "—", "Ann", "bot:x", "\t", "..")
"""What the monkey types: letters, digits, separators, a custom drill item, names good and bad."""

PEOPLE = {"Ann": 100_000, "Bob": 500}
"""The saved people the data folder starts with (Bob under the minimum bet, for the rebuy question)."""

LAUNCHES: tuple[dict[str, str], ...] = (
    {},
    {"seats": "Ann,bot:basic"},
    {"seats": "Ann,Bob,bot:novice"},
    {"start": "demo"},
)
"""How each launch opens, in turn: the title, a --seats table (one person and a bot, two people and a
bot: a round left unfinished by the last launch opens instead), the demo."""


class MonkeyFailure(AssertionError):
    """The game raised, or lost or made money, under the monkey's input: where, and how to replay it."""


@dataclass
class Report:
    """What a monkey run did: frames, launches, scenes seen, rounds settled, checks made."""

    seed: int
    frames: int = 0
    launches: int = 0
    scenes: Counter[str] = field(default_factory=Counter)
    rounds: int = 0
    saved_checks: int = 0
    unflushed: int = 0
    """Checkpoints skipped because the saves were still waiting (on judging) after the flush timeout."""

    def summary(self) -> str:
        """One line: the seed, the counts, and every scene visited."""
        return (f"seed {self.seed}: {self.frames} frames, {self.launches} launches, "
                f"{self.rounds} rounds settled, {self.saved_checks} database checks "
                f"({self.unflushed} put off: saves still queued), "
                f"{len(self.scenes)} scenes: {', '.join(sorted(self.scenes))}")


@dataclass
class _Ledger:
    """One table's money as first seen, and the rounds settled since (to check conservation)."""

    table: object
    start: Money
    counted: set[int] = field(default_factory=set)
    """The numbers of the rounds settled and counted (not their ids: a freed round's id comes back)."""
    settled: Money = 0
    last: Round | None = None


def table_money(app: App) -> Money:
    """The seats' bankrolls plus what the round in play holds of them, less what they brought."""
    session = app.ctx.session
    rnd = session.table.round
    return sum(session.table.bankroll(s) + held_in_round(rnd, s) - session.brought.get(s, 0)
               for s in range(session.seats))


def round_net(rnd: Round) -> Money:
    """What a settled round paid the seats (negative: the house's take), from its events."""
    return sum(e.net for e in rnd.events if isinstance(e, ev.HandSettled | ev.InsuranceSettled))


def saved_bankrolls(folder: Path) -> dict[str, Money]:
    """Every saved person's bankroll in the database."""
    with open_store(folder) as store:
        return {p.name: p.bankroll for p in list_profiles(store)}


class Monkey:
    """Plays one seed on one data folder: `run()` returns a Report or raises MonkeyFailure."""

    def __init__(self, seed: int, folder: Path, *, frames: int = 1500, launches: int = 3,
                 check_every: int = 150, trail: Path | None = None) -> None:
        self.seed = seed
        self.folder = folder
        self.frames = frames
        self.launches = launches
        self.check_every = check_every
        self.rng = random.Random(seed)
        self.report = Report(seed)
        self.recent: deque[str] = deque(maxlen=12)
        self.trail = trail
        """A file rewritten before each frame with where the monkey is, for a crash that kills the process."""
        self.launch = 0
        self.frame = 0
        self.ledger: _Ledger | None = None

    # ---- the run ---------------------------------------------------------------------

    def run(self) -> Report:
        """Launch after launch until the frames are played: a new game every `frames / launches` frames,
        and whenever the monkey quits one; each opens as `blackjack` can (see `LAUNCHES`)."""
        with open_store(self.folder) as store:
            for name, bankroll in PEOPLE.items():
                get_or_create_profile(store, name, bankroll=bankroll)
        save_settings(Settings(speed="instant", sound=False), settings_path(self.folder))
        closed: dict[str, Money] | None = None
        per_launch = max(1, self.frames // self.launches)
        while self.frame < self.frames:
            app = self._guarded("opening the game", self._open)
            self.report.launches += 1
            self.ledger = None
            try:
                if closed is not None:
                    self._expect(saved_bankrolls(self.folder) == closed,
                                 f"the relaunch found other bankrolls than the last game left: {closed}")
                for _ in range(min(per_launch, self.frames - self.frame)):
                    if not app.running:
                        break  # the monkey clicked Quit: open the game again
                    self._frame(app)
                self._check_saved(app, final=True)
            finally:
                self._guarded("closing the game", app.close)
            closed = saved_bankrolls(self.folder)
            self.launch += 1
        return self.report

    def _open(self) -> App:
        """The game as this launch opens it (`LAUNCHES`, in turn) on the monkey's data folder."""
        options = LAUNCHES[self.launch % len(LAUNCHES)]
        self.recent.append(f"launch {self.launch + 1}: {options or 'the title'}")
        return App(data_dir=self.folder, settings_dir=self.folder, seed=self.seed + self.launch,
                   seat_specs=parse_seats(options["seats"]) if "seats" in options else None,
                   start=options.get("start", "title"))

    def _frame(self, app: App) -> None:
        self.frame += 1
        self.report.frames += 1
        for _ in range(self.rng.choice((0, 0, 1, 1, 1, 2, 3))):
            self._post(app)
        if self.trail is not None:
            self.trail.write_text(self._where("the process died in this frame"), encoding="utf-8")
        self._guarded("a frame", app.step)  # no waiting for background work: a person does not wait either
        top = app.stack.top
        if top is not None:
            self.report.scenes[type(top).__name__] += 1
        self._check_money(app)
        if self.frame % self.check_every == 0:
            self._check_saved(app)

    # ---- input -----------------------------------------------------------------------

    def _post(self, app: App) -> None:
        """One random input, as SDL would report it."""
        roll = self.rng.random()
        if roll < 0.45:
            self._click(app, self._target(app), 1 if self.rng.random() < 0.9 else 3)
        elif roll < 0.75:
            key = self.rng.choice(KEYS)
            self._event(f"key {pygame.key.name(key)}", pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0)
        elif roll < 0.87:
            text = self.rng.choice(TEXT)
            for ch in text:
                self._event(f"text {ch!r}", pygame.TEXTINPUT, text=ch)
        elif roll < 0.93:
            pos = self._random_point()
            self._event(f"wheel at {pos}", pygame.MOUSEWHEEL, x=0, y=self.rng.choice((-1, 1)), flipped=False)
        elif roll < 0.97:
            self._event(f"move to {self._random_point()}", pygame.MOUSEMOTION, pos=self._random_point(),
                        rel=(0, 0), buttons=(0, 0, 0))
        else:
            w, h = self.rng.randint(200, 2000), self.rng.randint(150, 1200)
            self._event(f"resize {w}x{h}", pygame.VIDEORESIZE, w=w, h=h, size=(w, h))

    def _target(self, app: App) -> tuple[int, int]:
        """Where to click: mostly a button (or a chip) of the scene on top, else anywhere."""
        top = app.stack.top
        targets: list[pygame.Rect] = []
        row = getattr(top, "buttons", None)
        for button in getattr(row, "buttons", []):
            if button.visible and button.enabled and (button.name != "quit" or self.rng.random() < 0.2):
                targets.append(button.rect)  # (Quit less often: a relaunch comes round anyway)
        rack = getattr(top, "rack", None)
        if rack is not None and getattr(top, "turn", None) is not None:
            targets += [pygame.Rect(rack.center(v), (1, 1)) for v in rack.values]
        if targets and self.rng.random() < 0.7:
            rect = self.rng.choice(targets)
            return (self.rng.randint(rect.left, rect.right - 1), self.rng.randint(rect.top, rect.bottom - 1))
        return self._random_point()

    def _random_point(self) -> tuple[int, int]:
        return (self.rng.randrange(layout.CANVAS_SIZE[0]), self.rng.randrange(layout.CANVAS_SIZE[1]))

    def _click(self, app: App, pos: tuple[int, int], button: int) -> None:
        self._event(f"move to {pos}", pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
        self._event(f"click {button} at {pos}", pygame.MOUSEBUTTONDOWN, pos=pos, button=button)

    def _event(self, what: str, kind: int, **attributes: Any) -> None:
        self.recent.append(f"frame {self.frame}: {what}")
        pygame.event.post(pygame.event.Event(kind, **attributes))

    # ---- the checks ------------------------------------------------------------------

    def _check_money(self, app: App) -> None:
        """The table's money moves only by what settled rounds paid or took."""
        session = app.ctx.session
        table = session.table
        if self.ledger is None or self.ledger.table is not table:
            self.ledger = _Ledger(table, table_money(app))  # a new table (a new sitting, or new rules)
            if table.round is not None and table.round.is_over:
                # a round reopened already settled (cut before its payout was shown) is in `start`
                self.ledger.counted.add(table.round.number)
        ledger = self.ledger
        for rnd in (ledger.last, table.round):
            if rnd is not None and rnd.is_over and rnd.number not in ledger.counted:
                ledger.counted.add(rnd.number)
                ledger.settled += round_net(rnd)
                self.report.rounds += 1
        ledger.last = table.round
        now = table_money(app)
        stray = now - ledger.start - ledger.settled
        self._expect(stray == 0, f"the table's money is {now} cents, but it began at {ledger.start} and the "
                                 f"settled rounds moved {ledger.settled}: {stray} cents from nowhere")

    def _check_saved(self, app: App, *, final: bool = False) -> None:
        """Once the saves land, each saved person's bankroll is the table's (plus a bet not yet dealt)."""
        ctx = app.ctx
        records = ctx.records
        session = ctx.session
        if records is None or not records.saving or session.mode != "table":
            return
        if not records.flush():
            # Saves wait on judging, which waits on the odds worker: the monkey changes rules often and
            # never waits, so pricing can queue past the flush timeout. Checked again at the next checkpoint.
            self.report.unflushed += 1
            return
        rnd = session.table.round
        journal = ctx.journal
        journaled = rnd is not None and journal.round is rnd and journal.round_id is not None
        if rnd is not None and journaled and not rnd.is_over and journal.written != progress(rnd):
            return  # a decision made this very frame is journaled on the next one
        if rnd is not None and rnd.is_over and ctx.saved_round is not rnd:
            return  # settled this frame: it is saved on the next one
        if not records.saving:
            return
        saved = saved_bankrolls(self.folder)
        for seat, info in enumerate(session.seats_info):
            if not info.person or info.left or info.profile is None or info.name not in saved:
                continue
            expected = session.table.bankroll(seat)
            if rnd is not None and rnd.phase is Phase.BETTING:
                # placed with the engine, not yet taken from the profile: the journal takes the bets with
                # the deal (a first-card round is journaled from its first card, before any bet)
                expected += held_in_round(rnd, seat)
            self._expect(saved[info.name] == expected,
                         f"{info.name}'s saved bankroll is {saved[info.name]} but the table has {expected}"
                         + (" (at the close)" if final else ""))
        self.report.saved_checks += 1

    def _expect(self, ok: bool, what: str) -> None:
        if not ok:
            raise MonkeyFailure(self._where(what))

    def _guarded(self, what: str, work: Callable[[], Any]) -> Any:
        try:
            return work()
        except MonkeyFailure:
            raise
        except Exception as error:
            raise MonkeyFailure(self._where(f"{what} raised {error!r}\n{traceback.format_exc()}")) from error

    def _where(self, what: str) -> str:
        inputs = "\n  ".join(self.recent)
        return (f"monkey seed {self.seed}, launch {self.launch + 1}, frame {self.frame}: {what}\n"
                f"last inputs:\n  {inputs}\nreplay: python bench/monkey.py --seed {self.seed} "
                f"--frames {self.frames} --launches {self.launches}")


SEEDS = (1, 2)
"""The seeds the suite plays (fixed, so a failure replays)."""

CHILD = """
import json, sys
from pathlib import Path
from tests.test_monkey import Monkey
seed, frames, launches = int(sys.argv[1]), int(sys.argv[4]), int(sys.argv[5])
report = Monkey(seed, Path(sys.argv[2]), frames=frames, launches=launches, trail=Path(sys.argv[3])).run()
print(json.dumps({"summary": report.summary(), "scenes": dict(report.scenes), "frames": report.frames,
                  "rounds": report.rounds}))
"""


@dataclass(frozen=True)
class Played:
    """One seed played in a child process: its report as JSON (None when it failed) or why it failed."""

    report: dict[str, Any] | None
    failure: str


def play_in_child(seed: int, folder: Path, *, frames: int, launches: int) -> Played:
    """Play a seed in a child process, so a crash that kills the process (a segfault in SDL) still
    tells the seed, the launch, the frame and the last inputs (from the trail it rewrites each frame)."""
    folder.mkdir(parents=True, exist_ok=True)
    trail = folder / "monkey-trail.txt"
    command = [sys.executable, "-X", "faulthandler", "-c", CHILD, str(seed), str(folder), str(trail),
               str(frames), str(launches)]
    done = subprocess.run(command, capture_output=True, text=True, timeout=1800,
                          cwd=Path(__file__).resolve().parent.parent)
    if done.returncode == 0:
        return Played(json.loads(done.stdout.strip().splitlines()[-1]), "")
    where = trail.read_text(encoding="utf-8") if trail.exists() else "before the first frame"
    return Played(None, f"monkey seed {seed} ended with exit status {done.returncode}\n{where}\n"
                        f"{done.stderr[-4000:]}")


def test_the_monkey_finds_no_crash_and_no_money_made_or_lost(tmp_path: Path) -> None:
    seen: set[str] = set()
    for seed in SEEDS:
        played = play_in_child(seed, tmp_path / f"seed{seed}", frames=3000, launches=6)
        if played.report is None:
            pytest.fail(played.failure, pytrace=False)
        print(played.report["summary"])
        seen |= set(played.report["scenes"])
    assert {"TitleScene", "BettingScene", "PlayerTurnScene", "SettingsScene"} <= seen, (
        f"the monkey stayed near the door: {sorted(seen)}")
