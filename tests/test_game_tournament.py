"""The double-up tournament as a game mode: entered from the title, won or lost with stacked shoes,
a result screen, and the best results remembered (without touching the player's own bankroll)."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from engine import StackedShoe
from engine.store import DATABASE_NAME, get_or_create_profile, open_store
from game.app import App
from game.settings import Settings
from tests.test_game_helpers import (
    button,
    chip,
    click,
    finish_round,
    press,
    run,
    run_until,
    scene_name,
    top,
    type_text,
)


def tournament_app(folder: Path, shoes: list[str]) -> App:
    stacked: Iterator[str] = iter(shoes)
    app = App(
        data_dir=folder,
        settings_dir=folder,
        settings=Settings(speed="instant", sound=False),
        shoe_factory=lambda: StackedShoe(next(stacked)),
    )
    run(app, 0.05)
    click(app, button(app, "tournament").center)
    run(app, 0.05)
    assert scene_name(app) == "TournamentScene"
    type_text(app, "Zoe")
    press(app, pygame.K_RETURN)
    run_until(app, lambda: scene_name(app) == "BettingScene")
    return app


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    with open_store(tmp_path) as store:
        get_or_create_profile(store, "Zoe", bankroll=77_700)
    return tmp_path


def test_a_blackjack_on_an_all_in_bet_doubles_up_and_wins(folder):
    app = tournament_app(folder, ["T A"])
    try:
        session = app.ctx.session
        assert session.mode == "tournament" and session.rules_id == "double-up"
        assert session.table.bankroll(0) == 10_000, "the tournament starts at 100 whatever the profile holds"
        hand = app.ctx.round.hands(0)
        assert [c.code for c in hand[0].cards] == ["T"], "the first card is shown before the bet"
        run(app, 0.1)
        assert app.ctx.presenter.seats[0].hands[0].codes[0].code == "T"
        for _ in range(4):
            click(app, chip(25))
        assert "maximum" not in app.ctx.note
        assert top(app).amount == 10_000
        click(app, button(app, "deal").center)
        finish_round(app)
        assert scene_name(app) == "TournamentResultScene"
        result = top(app)
        assert result.won and result.bankroll == 25_000 and result.rounds == 1
        run_until(app, lambda: result.best is not None and result.best.done())
        assert result.this_result() is not None, "the result screen finds this result among the best"
        app.ctx.records.flush()
    finally:
        app.close()
    with sqlite3.connect(folder / DATABASE_NAME) as db:
        assert db.execute("SELECT won, final_bankroll, rounds, rules FROM tournaments").fetchall() == [
            (1, 25_000, 1, "double-up")
        ]
        assert db.execute("SELECT bankroll FROM profiles WHERE name = 'Zoe'").fetchone()[0] == 77_700
        assert db.execute("SELECT COUNT(*) FROM rounds").fetchone()[0] == 1


def test_falling_below_the_minimum_bet_loses_and_play_again_starts_over(folder):
    # first card T; bet 95; then 6: stand on 16; the dealer draws T 7 = 17; 5 left, under the minimum of 10
    app = tournament_app(folder, ["T 6 T 7", "9 9 T 8"])
    try:
        for value in (25, 25, 25, 5, 5, 5, 5):
            click(app, chip(value))
        assert top(app).amount == 9_500
        click(app, button(app, "deal").center)
        finish_round(app)
        assert scene_name(app) == "TournamentResultScene"
        result = top(app)
        assert not result.won and result.bankroll == 500
        run_until(app, lambda: result.best is not None and result.best.done())
        best = result.best.value
        assert best and best[0].player == "Zoe" and not best[0].won
        click(app, button(app, "again").center)
        run_until(app, lambda: scene_name(app) == "BettingScene")
        assert app.ctx.session.table.bankroll(0) == 10_000 and app.ctx.session.table.rounds_played == 1
    finally:
        app.close()


def test_a_round_that_keeps_the_player_in_goes_on_to_the_next_bet(folder):
    app = tournament_app(folder, ["T 9 T 7 5"])  # 19 against 17: win 10, bankroll 110; next first card 5
    try:
        click(app, chip(5))
        click(app, chip(5))
        click(app, button(app, "deal").center)
        finish_round(app)
        run(app, 0.1)
        assert scene_name(app) == "BettingScene" and app.ctx.round.number == 2
        assert app.ctx.session.table.bankroll(0) == 11_000
        assert [c.code for c in app.ctx.round.hands(0)[0].cards] == ["5"]
    finally:
        app.close()


def test_a_saved_tournament_table_is_chosen_at_the_double_up_entry_and_played_by_its_own_rules(folder):
    from engine import Tournament, load_rules
    from engine.store import save_tournament
    from engine.tables import save_table, tables_folder
    from game.scene import SceneName
    from game.scenes.tournament import TournamentScene, _seat_for_tournament, verdict_text

    cup = load_rules("double-up").with_changes(
        tournament=Tournament(bankroll=10_000, goal=25_000), first_card_before_bet=False, min_bet=500
    )
    path = str(save_table(tables_folder(folder), "Cup", cup))
    with open_store(folder) as store:
        amy = get_or_create_profile(store, "Amy")
        save_tournament(store, amy, won=False, final_bankroll=300, rounds=8, rules=path)
        save_tournament(store, amy, won=True, final_bankroll=40_000, rounds=3, rules="double-up")
    app = App(
        data_dir=folder, settings_dir=folder, settings=Settings(speed="instant", sound=False),
        shoe_factory=lambda: StackedShoe("A T"),
    )
    try:
        run(app, 0.05)
        click(app, button(app, "tournament").center)
        run(app, 0.05)
        entry = top(app)
        assert entry.rules_id == "double-up"
        assert entry.lines[1] == ("Your first card is dealt before you bet.", False)
        run_until(app, lambda: entry.best is not None and entry.best.done())
        assert [(r.player, r.rules) for r in entry.best.value] == [("Amy", "double-up")]
        press(app, pygame.K_RIGHT)  # the name field has the focus; the arrows still choose
        assert entry.rules_id == path
        click(app, button(app, "choice-").center)
        click(app, button(app, "choice+").center)
        assert entry.rules_id == path
        assert [line for line, _ in entry.lines] == [
            "You start with $100.",
            "The minimum bet is $5; you may bet everything.",
            "Reach $250 and you win.",
            "Fall below $5 and you are out.",
        ]
        run_until(app, lambda: entry.best is not None and entry.best.done())
        assert [(r.player, r.final_bankroll) for r in entry.best.value] == [("Amy", 300)], "Cup's only"
        seat = _seat_for_tournament(app.ctx, "Zoe", path)
        assert seat.args["rules_id"] == path and seat.args["back"].name is SceneName.TOURNAMENT
        again = TournamentScene(app.ctx, **seat.args["back"].args)
        assert (again.field.text, again.rules_id) == ("Zoe", path), "Back from the opening keeps the table"
        type_text(app, "Zoe")
        press(app, pygame.K_RETURN)
        run_until(app, lambda: scene_name(app) == "BettingScene")
        session = app.ctx.session
        assert session.mode == "tournament" and session.rules_id == path and session.rules == load_rules(path)
        assert session.table.bankroll(0) == 10_000 and app.ctx.round.hands(0) == ()
        for _ in range(4):
            click(app, chip(25))
        click(app, button(app, "deal").center)
        run_until(app, lambda: scene_name(app) == "PayoutScene" and app.ctx.presenter.idle)
        click(app, button(app, "next").center)
        run_until(app, lambda: scene_name(app) == "TournamentResultScene")
        result = top(app)
        assert result.won and result.bankroll == 25_000
        assert verdict_text(session.rules, True) == "GOAL REACHED!", "100 to 250 is not doubling up"
        assert verdict_text(load_rules("double-up"), True) == "DOUBLED UP!"
        run_until(app, lambda: result.best is not None and result.best.done())
        assert [(r.player, r.rules) for r in result.best.value] == [("Zoe", path), ("Amy", path)]
        assert result.this_result() == result.best.value[0].id
        click(app, button(app, "title").center)
        run_until(app, lambda: scene_name(app) == "TitleScene")
        click(app, button(app, "play").center)
        run_until(app, lambda: scene_name(app) == "SetupScene")
        assert path not in top(app).presets, "the setup does not list a table it cannot open"
        app.ctx.records.flush()
    finally:
        app.close()
    with sqlite3.connect(folder / DATABASE_NAME) as db:
        won = db.execute("SELECT rules FROM tournaments WHERE won = 1 ORDER BY id DESC").fetchone()
        assert won == (path,), "the result is saved with the rules id the entry chose and queries by"
