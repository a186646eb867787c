"""Hot-seat play: people bet and decide seat by seat with one mouse, bots play by themselves, and
every settled round is saved with the bankrolls the engine reached.

Each test opens a real App on a data folder of its own, clicks with posted mouse events,
and then reads the SQLite file the way another program would.
"""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pygame
import pytest

from engine import DecisionKind, Money, Round, StackedShoe
from engine import events as ev
from engine.record import replay_record
from engine.store import get_or_create_profile, open_store
from game.app import App
from game.seats import parse_seats
from game.settings import Settings
from tests.test_game_helpers import button, chip, click, press, run, run_until, scene_name, step, top

MIN_BET = 1000
BUY_IN = 100_000


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    return tmp_path / "data"


@pytest.fixture
def apps():
    made: list[App] = []

    def factory(folder: Path, seats: str, **kwargs: object) -> App:
        settings = kwargs.pop("settings", Settings(speed="instant", sound=False))
        app = App(
            data_dir=folder, settings_dir=folder, seat_specs=parse_seats(seats), settings=settings, **kwargs
        )  # type: ignore[arg-type]
        made.append(app)
        run_until(app, lambda: scene_name(app) in ("BettingScene", "BrokeScene"))
        return app

    yield factory
    for app in made:
        app.close()


def database(folder: Path) -> sqlite3.Connection:
    connection = sqlite3.connect(folder / "blackjack.sqlite3")
    connection.row_factory = sqlite3.Row
    return connection


def bet_in_turn(app: App, chips: dict[str, list[int]]) -> list[str]:
    """Each person bets in seat order, as the turn banner calls them; returns who was called, in order."""
    called = []
    while scene_name(app) == "BettingScene" and top(app).turn is not None:
        seat = top(app).turn
        name = app.ctx.session.seats_info[seat].name
        assert app.ctx.presenter.turn == seat, "the name plate and pointer follow the turn"
        who, color, _ = app.ctx.banner()
        assert who == f"{name} — your turn" and color == app.ctx.session.seats_info[seat].color
        assert app.ctx.panel_seat() == seat, "the bankroll panel shows whose turn it is"
        called.append(name)
        for value in chips[name]:
            click(app, chip(value))
        click(app, button(app, "deal").center)
    return called


def play_out(app: App) -> list[tuple[str, str]]:
    """Click each person's decisions (hit below 13, else stand; decline offers) until the payout."""
    made = []
    for _ in range(60 * 60):
        if scene_name(app) == "PayoutScene" and app.ctx.presenter.idle:
            return made
        rnd = app.ctx.round
        decision = rnd.decision
        if (
            scene_name(app) == "PlayerTurnScene"
            and decision is not None
            and app.ctx.presenter.idle
            and decision.seat in app.ctx.session.human_seats
        ):
            name = app.ctx.session.seats_info[decision.seat].name
            assert app.ctx.banner()[0] == f"{name} — your turn"
            if decision.kind is DecisionKind.PLAY:
                total = rnd.hands(decision.seat)[decision.hand].value.total
                which = "hit" if total < 13 else "stand"
            else:
                which = "no"
            made.append((name, which))
            click(app, button(app, which).center)
            continue
        step(app)
    raise AssertionError("the round never reached the payout")


def next_round(app: App) -> None:
    click(app, button(app, "next").center)
    run_until(app, lambda: scene_name(app) in ("BettingScene", "BrokeScene", "LeaderboardScene"))


def ended_bankrolls(rnd: Round) -> tuple[Money, ...]:
    return next(e.bankrolls for e in rnd.events if isinstance(e, ev.RoundEnded))


def test_three_people_and_a_bot_play_by_clicks_and_the_saved_history_matches_the_engine(apps, folder):
    app = apps(folder, "Ann,Bob,bot:basic,Cy", seed=2024)
    session = app.ctx.session
    assert [info.label for info in session.seats_info] == ["Ann", "Bob", "Basic bot", "Cy"]
    assert session.human_seats == {0, 1, 3} and 2 in session.bots
    chips = {"Ann": [25], "Bob": [5, 5], "Cy": [100]}
    rounds: list[Round] = []
    clicked = 0
    for _ in range(4):
        assert bet_in_turn(app, chips) == ["Ann", "Bob", "Cy"]
        rnd = app.ctx.round
        assert [rnd.bet(s) for s in range(4)] == [2500, 1000, MIN_BET, 10_000], "the bot bet by itself"
        clicked += len(play_out(app))
        rounds.append(rnd)
        next_round(app)
    assert app.ctx.records is not None and app.ctx.records.flush()
    db = database(folder)
    saved = db.execute("SELECT id, number, record, session FROM rounds ORDER BY id").fetchall()
    assert len(saved) == 4, "every settled round is saved"
    assert len({row["session"] for row in saved}) == 1
    for row, rnd in zip(saved, rounds, strict=True):
        seats = db.execute(
            "SELECT seat, profile_id, name, bet, bankroll_after FROM round_seats"
            " WHERE round_id = ? ORDER BY seat",
            (row["id"],),
        ).fetchall()
        assert tuple(s["bankroll_after"] for s in seats) == ended_bankrolls(rnd)
        assert [s["profile_id"] is None for s in seats] == [False, False, True, False], "bots own no profile"
        replayed = replay_record(json.loads(row["record"]))
        assert replayed.table.bankrolls() == ended_bankrolls(rnd), (
            "the saved record replays to the same money"
        )
    profiles = {r["name"]: r["bankroll"] for r in db.execute("SELECT name, bankroll FROM profiles")}
    assert profiles == {
        "Ann": session.table.bankroll(0),
        "Bob": session.table.bankroll(1),
        "Cy": session.table.bankroll(3),
    }
    judged = db.execute("SELECT COUNT(*) FROM decisions").fetchone()[0]
    assert judged == clicked, "every decision a person clicked is judged against basic strategy"
    assert db.execute("SELECT COUNT(*) FROM rounds WHERE player_ev IS NOT NULL").fetchone()[0] == 4


def test_rebet_memory_belongs_to_each_person(apps, folder):
    app = apps(folder, "Ann,Bob", seed=5)
    bet_in_turn(app, {"Ann": [25, 5], "Bob": [100]})
    play_out(app)
    next_round(app)
    assert top(app).turn == 0
    click(app, button(app, "rebet").center)
    assert top(app).amount == 3000
    click(app, button(app, "deal").center)
    assert top(app).turn == 1
    click(app, button(app, "rebet").center)
    assert top(app).amount == 10_000


def test_a_bot_waits_a_visible_moment_before_betting_and_deciding(apps, folder):
    app = apps(folder, "Ann,bot:novice", seed=8, settings=Settings(speed="normal", sound=False))
    rnd = app.ctx.round
    assert rnd.bet(1) == 0, "the bot has not bet the instant the round opened"
    run(app, 2.5)
    assert rnd.bet(1) == MIN_BET
    click(app, chip(25))
    click(app, button(app, "deal").center)
    seen_thinking = False
    for _ in range(60 * 30):
        decision = app.ctx.round.decision
        if decision is not None and decision.seat == 1 and app.ctx.presenter.turn == 1:
            who, _, doing = app.ctx.banner()
            seen_thinking = who == "Novice bot" and doing == "is thinking…"
            break
        if decision is not None and decision.seat == 0 and app.ctx.presenter.idle:
            click(app, button(app, "stand" if decision.kind is DecisionKind.PLAY else "no").center)
            continue
        step(app)
    assert seen_thinking or app.ctx.round.is_over


def make_broke_bob(folder: Path) -> None:
    with open_store(folder) as store:
        get_or_create_profile(store, "Bob", bankroll=500)


def test_a_broke_person_rebuys_and_the_rebuy_is_saved_at_once(apps, folder):
    make_broke_bob(folder)
    app = apps(folder, "Ann,Bob", seed=3)
    assert app.ctx.session.table.bankroll(1) == 500, "a known profile sits down with its saved bankroll"
    click(app, chip(25))
    click(app, button(app, "deal").center)
    run_until(app, lambda: scene_name(app) == "BrokeScene")
    assert top(app).seat == 1
    click(app, button(app, "rebuy").center)
    run(app, 0.05)
    assert scene_name(app) == "BettingScene" and top(app).turn == 1
    assert app.ctx.session.table.bankroll(1) == 500 + BUY_IN
    app.ctx.records.flush()
    assert (
        database(folder).execute("SELECT bankroll FROM profiles WHERE name = 'Bob'").fetchone()[0] == 100_500
    )
    click(app, chip(25))
    click(app, button(app, "deal").center)
    rnd = app.ctx.round
    assert rnd.bet(1) == 2500
    play_out(app)
    app.ctx.records.flush()
    row = (
        database(folder)
        .execute(
            "SELECT bankroll_before, bankroll_after FROM round_seats WHERE seat = 1 ORDER BY round_id DESC"
        )
        .fetchone()
    )
    assert (row[0], row[1]) == (100_500, ended_bankrolls(rnd)[1]), (
        "the round starts from the money after the rebuy"
    )


def test_a_broke_person_may_leave_the_seat_instead(apps, folder):
    make_broke_bob(folder)
    app = apps(folder, "Ann,Bob", seed=3)
    click(app, chip(25))
    click(app, button(app, "deal").center)
    run_until(app, lambda: scene_name(app) == "BrokeScene")
    click(app, button(app, "leave").center)
    run(app, 0.1)
    assert app.ctx.session.seats_info[1].left and app.ctx.presenter.plates[1].left
    assert app.ctx.session.human_seats == {0}
    rnd = app.ctx.round
    assert rnd.playing_seats() == [0], "the cards were dealt to Ann alone"
    play_out(app)
    next_round(app)
    assert scene_name(app) == "BettingScene" and top(app).turn == 0, "Bob is not asked again"
    app.ctx.records.flush()
    db = database(folder)
    assert db.execute("SELECT bankroll FROM profiles WHERE name = 'Bob'").fetchone()[0] == 500
    bob = db.execute("SELECT profile_id, bet FROM round_seats WHERE seat = 1").fetchall()
    assert [(r[0], r[1]) for r in bob] == [(None, 0)]


def test_when_every_person_has_left_the_sitting_ends_on_the_leaderboard(apps, folder):
    make_broke_bob(folder)
    app = apps(folder, "Bob,bot:basic", seed=3)
    run_until(app, lambda: scene_name(app) == "BrokeScene")
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_n, mod=0, unicode="", scancode=0))
    run_until(app, lambda: scene_name(app) == "LeaderboardScene")
    run_until(app, lambda: top(app).rows is not None)
    rows = top(app).rows
    assert [(row.player, row.net) for row in rows] == [("Basic bot", 0), ("Bob", 0)], (
        "both even: the bot's bet was never dealt, so it is not lost; the bot has more chips"
    )


def test_a_stacked_shoe_deals_what_the_test_says(apps, folder):
    # player T 6 vs dealer 9 (hole T): Ann stands on 16 and loses 25 to the dealer's 19
    app = apps(folder, "Ann", shoe_factory=lambda: StackedShoe("T 9 6 T"))
    bet_in_turn(app, {"Ann": [25]})
    play_out(app)
    assert app.ctx.session.table.bankroll(0) == BUY_IN - 2500


def test_each_person_gets_their_own_coach(apps, folder):
    with open_store(folder) as store:
        get_or_create_profile(store, "Ann", coach_level=2)  # block: a wrong play is asked about first
        get_or_create_profile(store, "Bob", coach_level=1)  # warn: a toast names what a wrong play cost
    # Ann T 6 and Bob T 6 against a dealer 6 (hole T): standing is best on both
    app = apps(folder, "Ann,Bob", shoe_factory=lambda: StackedShoe("T T 6 6 6 T 5 9"))
    bet_in_turn(app, {"Ann": [25], "Bob": [25]})
    run_until(app, lambda: app.ctx.round.decision is not None and app.ctx.presenter.idle
              and scene_name(app) == "PlayerTurnScene")
    run(app, 0.05)
    assert app.ctx.round.decision.seat == 0
    click(app, button(app, "hit").center)
    run_until(app, lambda: app.ctx.trainer.confirm is not None)
    assert "do it anyway?" in app.ctx.trainer.confirm_text(), "Ann's coach asks before a wrong play"
    press(app, pygame.K_n)
    assert app.ctx.round.decision.seat == 0 and len(app.ctx.round.hands(0)[0].cards) == 2
    click(app, button(app, "stand").center)
    run_until(app, lambda: app.ctx.round.decision is not None and app.ctx.round.decision.seat == 1
              and app.ctx.presenter.idle)
    run(app, 0.05)
    assert app.ctx.trainer.confirm is None
    click(app, button(app, "hit").center)
    assert app.ctx.trainer.confirm is None, "Bob's coach does not ask"
    run_until(app, lambda: bool(app.ctx.trainer.toast))
    assert app.ctx.trainer.toast.startswith("Hitting on 16 against a 6 cost")
