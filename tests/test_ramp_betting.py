"""Bets judged against a person's bet ramp at the count, betting errors saved, and wonging: a seat sits
a round out at its exit count, its money unchanged, the round saved and replayed without it.

Each test opens a real App on a data folder of its own, on a stacked single deck whose first
round leaves a known count, and clicks and presses keys as a person would.
"""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pygame
import pytest

from engine import StackedShoe
from engine import events as ev
from engine.record import replay_record
from engine.store import get_or_create_profile, open_store, ramp_bet_stats
from game.app import App
from game.counter_settings import RAMP_KEY
from game.seats import parse_seats
from game.settings import Settings
from tests.test_game_helpers import button, chip, click, finish_round, press, run_until, scene_name, top

RAMP = "1:1,2:2,3:4,4:8,leave:-2"
"""A Hi-Lo 1-8 ramp leaving at -2; the single deck's unit is its $25 minimum."""
FILLER = "7 8 9 7 8 9 7 8 9 7 8 9 7 8 9 7 8 9 7 8 9 7 8 9 7 8 9 7 8 9 7 8 9 7 8 9 7 8 9 7 8 9 7 8 9"


def deck(*rounds: str) -> StackedShoe:
    """The rounds' cards, then neutral cards up to one deck (so the count reads as a single deck's)."""
    cards = " ".join(rounds).split()
    return StackedShoe(cards + FILLER.split()[: 52 - len(cards)])


@pytest.fixture
def table(tmp_path: Path):
    made: list[App] = []

    def open_table(seats: str, shoe: StackedShoe, ramps: dict[str, str]) -> App:
        with open_store(tmp_path) as store:
            for name, ramp in ramps.items():
                settings = {RAMP_KEY: ramp} if ramp else {}
                get_or_create_profile(store, name, bankroll=100_000, settings=settings)
        settings = Settings(speed="instant", sound=False, rules="single-deck")
        app = App(data_dir=tmp_path, settings_dir=tmp_path, seat_specs=parse_seats(seats), settings=settings,
                  shoe_factory=lambda: shoe)
        made.append(app)
        run_until(app, lambda: scene_name(app) == "BettingScene" and top(app).turn is not None)
        return app

    yield open_table
    for app in made:
        app.close()


def bet(app: App, value: int) -> None:
    click(app, chip(value))
    click(app, button(app, "deal").center)


def next_bet(app: App) -> None:
    finish_round(app)
    run_until(app, lambda: scene_name(app) == "BettingScene" and top(app).turn is not None)


def test_a_bet_under_the_ramp_at_a_high_count_is_named_and_counted(table, tmp_path):
    # Round 1: Ann 2 4 stands on 6; the dealer's 3 5 draws 6 2 3 to 19. Seven low cards: Hi-Lo +7
    # with 45 cards (about a deck) left, so true +7, where the ramp bets 8 units of $25.
    app = table("Ann", deck("2 3 4 5 6 2 3", "T T T T"), {"Ann": RAMP})
    bet(app, 25)
    assert app.ctx.note == "", "one unit at a true count of 0 is the ramp's bet"
    next_bet(app)
    bet(app, 25)
    assert app.ctx.note == "The ramp bets 8 units ($200) at true +7; you bet $25."
    assert app.ctx.records is not None and app.ctx.records.flush()
    with open_store(tmp_path) as store:
        stats = ramp_bet_stats(store, "Ann")
    assert (stats.judged, stats.off_ramp) == (2, 1), "both bets judged, one off the ramp, saved"
    job = app.ctx.records.stats("Ann")
    assert job.result(10).ramp_bets == stats, "the Statistics screen reads the same counts"


def test_the_ramps_bet_draws_no_warning(table, tmp_path):
    app = table("Ann", deck("2 3 4 5 6 2 3", "T T T T"), {"Ann": RAMP})
    bet(app, 25)
    next_bet(app)
    for _ in range(8):
        click(app, chip(25))
    click(app, button(app, "deal").center)
    assert app.ctx.note == "" and app.ctx.round.bet(0) == 20_000
    assert app.ctx.records is not None and app.ctx.records.flush()
    with open_store(tmp_path) as store:
        assert ramp_bet_stats(store, "Ann").off_ramp == 0


def test_a_person_without_a_ramp_is_not_judged(table):
    app = table("Ann", deck("2 3 4 5 6 2 3", "T T T T"), {"Ann": ""})
    bet(app, 25)
    next_bet(app)
    bet(app, 25)
    assert app.ctx.note == ""


def test_at_the_exit_count_a_seat_sits_out_and_its_money_and_the_saved_round_stay_right(table, tmp_path):
    # Round 1: Ann, Bob and the dealer each get two tens (all push): Hi-Lo -6 with 46 cards left,
    # true -6, at or under Ann's exit (-2). Round 2 is Bob's alone: T 7 against the dealer's 9 8.
    app = table("Ann,Bob", deck("T T T T T T", "T 9 7 8"), {"Ann": RAMP})
    bet(app, 25)
    bet(app, 25)
    next_bet(app)
    session = app.ctx.session
    assert top(app).turn == 0
    assert app.ctx.note == "The count is \u22126, at your exit: sit out or leave the shoe."
    before = session.table.bankroll(0)
    press(app, pygame.K_w)
    assert top(app).turn == 1, "the hot-seat turn skips the seat that sat out"
    bet(app, 25)
    run_until(app, lambda: app.ctx.round.is_over or app.ctx.round.decision is not None)
    rnd = app.ctx.round
    assert rnd.bet(0) == 0 and rnd.hands(0) == () and rnd.bet(1) == 2500
    finish_round(app)
    assert session.table.bankroll(0) == before, "sitting out moves no money"
    assert app.ctx.records is not None and app.ctx.records.flush()
    db = sqlite3.connect(tmp_path / "blackjack.sqlite3")
    record, round_id = db.execute("SELECT record, id FROM rounds ORDER BY id DESC LIMIT 1").fetchone()
    seats = db.execute(
        "SELECT seat, bet, net, bankroll_after FROM round_seats WHERE round_id = ? ORDER BY seat", (round_id,)
    ).fetchall()
    ended = next(e.bankrolls for e in rnd.events if isinstance(e, ev.RoundEnded))
    assert seats[0] == (0, 0, 0, before) and tuple(s[3] for s in seats) == ended
    assert replay_record(json.loads(record)).table.bankrolls() == ended, "the saved round replays"
    assert db.execute("SELECT bankroll FROM profiles WHERE name = 'Ann'").fetchone()[0] == before


def test_a_person_alone_is_told_to_leave_the_shoe_and_a_stacked_shoe_refuses(table):
    app = table("Ann", deck("T T T T", "T T T T"), {"Ann": RAMP})
    bet(app, 25)
    next_bet(app)
    assert app.ctx.note == "The count is \u22124, at your exit: leave the shoe (W)."
    assert top(app).buttons.by_name("sitout").label == "Leave shoe"
    press(app, pygame.K_w)  # stacked cards are no shoe to leave
    assert app.ctx.note == "This table's cards come from no shoe that can be left."
    assert top(app).turn == 0


def button_visible(app: App, name: str) -> bool:
    return top(app).buttons.by_name(name).visible


def test_a_round_a_seat_sat_out_is_journaled_and_resumes_without_it(tmp_path):
    # Ann sits out; Bob's T 3 against an 8 (a 9 in the hole) is asked, then the game quits.
    def open_game(seats: str | None) -> App:
        specs = parse_seats(seats) if seats else None
        settings = Settings(speed="instant", sound=False)
        return App(data_dir=tmp_path, settings_dir=tmp_path, seat_specs=specs, settings=settings,
                   shoe_factory=lambda: StackedShoe("T 8 3 9 5 2"))

    app = open_game("Ann,Bob")
    try:
        run_until(app, lambda: scene_name(app) == "BettingScene" and top(app).turn == 0)
        ann, bob = app.ctx.session.table.bankrolls()
        press(app, pygame.K_w)
        bet(app, 25)
        run_until(app, lambda: app.ctx.round.decision is not None and app.ctx.presenter.idle)
        assert app.ctx.records is not None and app.ctx.records.flush()
    finally:
        app.close()  # as a kill or a quit leaves it: the round unfinished, journaled
    again = open_game(None)
    try:
        run_until(again, lambda: scene_name(again) == "PlayerTurnScene" and again.ctx.presenter.idle)
        rnd = again.ctx.round
        assert rnd.bet(0) == 0 and rnd.hands(0) == ()
        assert [c.code for c in rnd.hands(1)[0].cards] == ["T", "3"]
        press(again, pygame.K_s)
        run_until(again, lambda: scene_name(again) == "PayoutScene" and again.ctx.presenter.idle)
        assert again.ctx.session.table.bankroll(0) == ann, "the seat that sat out keeps its money"
        assert again.ctx.records is not None and again.ctx.records.flush()
    finally:
        again.close()
    db = sqlite3.connect(tmp_path / "blackjack.sqlite3")
    [(record, unfinished)] = db.execute("SELECT record, unfinished FROM rounds").fetchall()
    assert unfinished == 0
    replayed = replay_record(json.loads(record))
    assert replayed.table.bankrolls() == (ann, bob - 2500), "17 beats Bob's 13; Ann's money is as it was"
    assert db.execute("SELECT bankroll FROM profiles WHERE name = 'Ann'").fetchone()[0] == ann
