"""The game at tables that deal a first card before the bet: the title saves nothing, leaving keeps saving."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pygame

from engine import StackedShoe
from engine.store import DATABASE_NAME, get_or_create_profile, open_store
from game.app import App
from game.seats import parse_seats
from game.settings import Settings
from tests.record_checks import assert_saved_rounds_replay
from tests.test_game_helpers import bet_and_deal, finish_round, press, run, run_until, scene_name

SETTINGS = Settings(speed="instant", sound=False)


def rows(folder: Path, sql: str) -> list[tuple[object, ...]]:
    with sqlite3.connect(folder / DATABASE_NAME) as connection:
        return connection.execute(sql).fetchall()


def first_card_rules(folder: Path) -> Path:
    """Vegas Strip with the first card dealt before the bet, at a plain table (no tournament)."""
    path = folder / "first-card.toml"
    path.write_text('base = "vegas-strip"\nname = "First Card"\nfirst_card_before_bet = true\n')
    return path


def test_the_title_over_a_double_up_table_journals_nothing_and_the_next_seats_are_the_ones_asked(tmp_path):
    app = App(data_dir=tmp_path, settings_dir=tmp_path, settings=SETTINGS, rules="double-up")
    try:
        run_until(app, lambda: app.ctx.records is not None and app.ctx.records.ready)
        run(app, 1.0)
        assert scene_name(app) == "TitleScene"
        assert app.ctx.session.table.round is None, "the title's table deals nothing"
        assert app.ctx.records.flush()
    finally:
        app.close()
    assert rows(tmp_path, "SELECT COUNT(*) FROM rounds") == [(0,)]
    app = App(data_dir=tmp_path, settings_dir=tmp_path, settings=SETTINGS, seat_specs=parse_seats("Ann,Bob"))
    try:
        run_until(app, lambda: scene_name(app) == "BettingScene")
        assert [info.name for info in app.ctx.session.seats_info] == ["Ann", "Bob"]
    finally:
        app.close()


def test_a_broke_person_who_leaves_after_the_first_cards_are_out_keeps_the_history_saving(tmp_path):
    with open_store(tmp_path) as store:
        get_or_create_profile(store, "Ann", bankroll=50_000)
        get_or_create_profile(store, "Bob", bankroll=500)  # under the minimum of 10: no first card
    rules = first_card_rules(tmp_path)
    app = App(
        data_dir=tmp_path, settings_dir=tmp_path, settings=SETTINGS, rules=str(rules),
        seat_specs=parse_seats("Ann,Bob"), shoe_factory=lambda: StackedShoe("T 7 9 T 2 2 2 2"),
    )
    try:
        run_until(app, lambda: scene_name(app) == "BettingScene" and app.ctx.presenter.idle)
        rnd = app.ctx.round
        assert rnd.first_card_seats == (0,)
        bet_and_deal(app, 25)
        run_until(app, lambda: scene_name(app) == "BrokeScene")
        press(app, pygame.K_n)  # Bob leaves the seat
        run_until(app, lambda: scene_name(app) in ("PlayerTurnScene", "PayoutScene"))
        finish_round(app)
        records = app.ctx.records
        assert records is not None and records.flush()
        assert records.saving and records.problem is None
        table = app.ctx.session.table
        assert records.messages() == [], "no save was refused"
    finally:
        app.close()
    unfinished = rows(tmp_path, "SELECT unfinished FROM rounds ORDER BY id")
    assert unfinished == [(0,), (1,)], "round 2's first card is out"
    bankrolls = dict(rows(tmp_path, "SELECT name, bankroll FROM profiles"))  # type: ignore[arg-type]
    assert bankrolls == {"Ann": table.bankroll(0), "Bob": table.bankroll(1)}
    assert assert_saved_rounds_replay(tmp_path) == 1


def relaunch(folder: Path) -> App:
    """The game started again on the folder with `--rules double-up`, at the round it resumed."""
    app = App(data_dir=folder, settings_dir=folder, settings=SETTINGS, rules="double-up",
              shoe_factory=lambda: StackedShoe("8 8 8 8"))
    run_until(app, lambda: app.ctx.records is not None and app.ctx.records.ready)
    run_until(app, lambda: scene_name(app) == "BettingScene")
    return app


def test_a_double_up_cut_at_its_first_card_resumes_and_saves_on_when_launched_with_its_rules(tmp_path):
    from tests.test_game_tournament import tournament_app

    with open_store(tmp_path) as store:
        get_or_create_profile(store, "Zoe", bankroll=77_700)
    app = tournament_app(tmp_path, ["T 9 T 7 5 8 8 8 8 8"])
    try:
        bet_and_deal(app, 5, 5)
        finish_round(app)  # 19 against 17: round 2 deals its first card, a 5, and the game is cut there
        run_until(app, lambda: scene_name(app) == "BettingScene" and app.ctx.round.number == 2)
        assert app.ctx.records is not None and app.ctx.records.flush()
    finally:
        app.close()
    app = relaunch(tmp_path)
    try:
        assert [c.code for c in app.ctx.round.hands(0)[0].cards] == ["5"]
        bet_and_deal(app, 5, 5)
        finish_round(app)
        assert app.ctx.records is not None and app.ctx.records.flush() and app.ctx.records.saving
    finally:
        app.close()
    app = relaunch(tmp_path)  # round 3's first card opens again
    try:
        assert app.ctx.records is not None and app.ctx.records.flush() and app.ctx.records.saving
    finally:
        app.close()
    assert rows(tmp_path, "SELECT number, unfinished FROM rounds ORDER BY id") == [(1, 0), (2, 0), (3, 1)]
    assert assert_saved_rounds_replay(tmp_path) == 2


def test_seats_at_a_tournament_s_rules_play_the_real_tournament_for_one_person(tmp_path):
    with open_store(tmp_path) as store:
        get_or_create_profile(store, "Ann", bankroll=77_700)
    app = App(data_dir=tmp_path, settings_dir=tmp_path, settings=SETTINGS, rules="double-up",
              seat_specs=parse_seats("Ann"), shoe_factory=lambda: StackedShoe("T 7 9 T 2 2"))
    try:
        run_until(app, lambda: scene_name(app) == "BettingScene")
        session = app.ctx.session
        assert session.mode == "tournament" and session.table.bankroll(0) == 10_000
        bet_and_deal(app, 5, 5)
        finish_round(app)
        assert app.ctx.records is not None and app.ctx.records.flush()
    finally:
        app.close()
    assert rows(tmp_path, "SELECT bankroll FROM profiles WHERE name = 'Ann'") == [(77_700,)], (
        "a tournament's chips are not the person's bankroll"
    )


def test_seats_for_several_players_at_a_tournament_s_rules_are_refused_in_one_line(tmp_path, capsys):
    from blackjack.cli import main

    args = ["--data-dir", str(tmp_path), "--rules", "double-up", "--seats", "Ann,Bob", "--frames", "1"]
    status = main(args)
    err = capsys.readouterr().err
    assert status == 2
    assert err.splitlines()[-1].startswith("blackjack: a tournament is played by one person alone")
    assert "Traceback" not in err


def test_a_game_cut_during_the_dealer_s_draw_reopens_the_round_and_shows_how_it_ended(tmp_path):
    from tests.test_game_resume import open_app

    cards = "T 6 9 T 2 2 2 2"  # Ann 19 against a 6 up; the dealer turns a 10 and draws 2s to 20
    app = App(data_dir=tmp_path, settings_dir=tmp_path, settings=Settings(speed="normal", sound=False),
              seat_specs=parse_seats("Ann"), shoe_factory=lambda: StackedShoe(cards))
    try:
        run_until(app, lambda: scene_name(app) == "BettingScene" and app.ctx.presenter.idle)
        bet_and_deal(app, 25)
        run_until(app, lambda: app.ctx.round.decision is not None and app.ctx.presenter.idle)
        press(app, pygame.K_s)
        run_until(app, lambda: app.ctx.round.is_over and not app.ctx.journal.holding)
        assert not app.ctx.presenter.has_shown(app.ctx.round), "the dealer's draw is still being shown"
        bankroll_after = app.ctx.session.table.bankroll(0)
        assert app.ctx.records is not None and app.ctx.records.flush()
    finally:
        app.close()  # cut here, as a kill would
    assert rows(tmp_path, "SELECT unfinished FROM rounds") == [(1,)], "not settled out of the player's sight"
    app = open_app(tmp_path, "2 2 2 2")
    try:
        run_until(app, lambda: scene_name(app) == "PayoutScene" and app.ctx.presenter.idle)
        run(app, 0.1)
        assert app.ctx.session.table.bankroll(0) == bankroll_after
        assert app.ctx.records is not None and app.ctx.records.flush()
    finally:
        app.close()
    assert rows(tmp_path, "SELECT unfinished FROM rounds") == [(0,)]
    assert rows(tmp_path, "SELECT bankroll FROM profiles WHERE name = 'Ann'") == [(bankroll_after,)]
    assert assert_saved_rounds_replay(tmp_path) == 1
