"""The statistics screen and the end-of-sitting leaderboard show what the store computes."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from engine.store import bankroll_series, leaderboard, open_store, player_stats, tournament_results
from game import layout
from game.app import App
from game.records import StatsData
from game.scenes.leaderboard import held_in_round
from game.scenes.stats import LINE, stat_lines
from game.scenes.text import money_text, percent
from game.seats import parse_seats
from game.settings import Settings
from tests.test_game_helpers import button, click, press, run, run_until, scene_name, top
from tests.test_game_hotseat import bet_in_turn, next_round, play_out


@pytest.fixture
def played(tmp_path: Path):
    app = App(
        data_dir=tmp_path,
        settings_dir=tmp_path,
        settings=Settings(speed="instant", sound=False),
        seat_specs=parse_seats("Ann,Bob,bot:novice"),
        seed=12,
    )
    run_until(app, lambda: scene_name(app) == "BettingScene")
    for _ in range(5):
        bet_in_turn(app, {"Ann": [25], "Bob": [5, 5]})
        play_out(app)
        next_round(app)
    app.ctx.records.flush()
    yield app, tmp_path
    app.close()


def test_the_stats_screen_shows_the_numbers_player_stats_computes(played):
    app, folder = played
    press(app, pygame.K_o)
    click(app, button(app, "stats").center)
    run_until(app, lambda: scene_name(app) == "StatsScene" and top(app).data is not None)
    scene = top(app)
    assert scene.name == "Ann"
    with open_store(folder) as store:
        stats = player_stats(store, "Ann")
        expected = stat_lines(
            StatsData(stats, bankroll_series(store, "Ann"), tournament_results(store, "Ann"))
        )
    shown = dict(scene.lines())
    assert scene.lines() == expected
    assert shown["Rounds played"] == "5" == str(stats.rounds)
    assert shown["Net result"] == money_text(stats.net, sign=True)
    assert shown["Won"] == percent(stats.win_rate) and shown["Busted"] == percent(stats.bust_rate)
    assert shown["Luck"] == money_text(stats.luck, sign=True) and stats.luck is not None
    assert shown["Play accuracy"] == percent(stats.accuracy) and stats.decisions > 0
    run(app, 0.05)
    chart = layout.stats_rects()["chart"]
    line_pixels = sum(
        1
        for x in range(chart.x, chart.right, 3)
        for y in range(chart.y, chart.bottom, 3)
        if tuple(app.screen.get_at((x, y)))[:3] == LINE
    )
    assert line_pixels > 20, "the bankroll line is drawn in the chart"
    click(app, button(app, "next").center)
    run_until(app, lambda: top(app).data is not None)
    assert top(app).name == "Bob"
    click(app, button(app, "back").center)
    run(app, 0.05)
    assert scene_name(app) == "BettingScene", "Back returns to the table"


def test_leaving_the_table_shows_the_session_leaderboard(played):
    app, folder = played
    press(app, pygame.K_o)
    click(app, button(app, "leave").center)
    run_until(app, lambda: scene_name(app) == "LeaderboardScene" and top(app).rows is not None)
    board = top(app)
    with open_store(folder) as store:
        expected = leaderboard(store, ["Ann", "Bob"], session=app.ctx.session.label)
    people = [row for row in board.rows if row.player != "Novice bot"]
    assert [(r.player, r.rounds, r.net, r.bankroll, r.luck, r.accuracy) for r in people] == [
        (r.player, r.rounds, r.net, r.bankroll, r.luck, r.accuracy) for r in expected
    ]
    bot = next(row for row in board.rows if row.player == "Novice bot")
    session = app.ctx.session
    held = held_in_round(session.table.round, 2)  # a bet placed before the deal is not lost
    assert bot.net == session.table.bankroll(2) + held - session.brought[2] and bot.rounds is None
    table = layout.leaderboard_rects()["table"]
    first = next(i for i, row in enumerate(board.rows) if row.player == expected[0].player)
    click(app, (table.x + 200, table.y + 52 * (first + 1) + 26))
    run_until(app, lambda: scene_name(app) == "StatsScene" and top(app).data is not None)
    assert top(app).name == expected[0].player
    click(app, button(app, "back").center)
    run(app, 0.05)
    assert scene_name(app) == "LeaderboardScene"


def test_statistics_from_the_title_page_through_every_saved_player(played):
    app, _ = played
    from game.scenes.title import TitleScene

    app.stack.replace(TitleScene(app.ctx))
    run(app, 0.05)
    click(app, button(app, "stats").center)
    run_until(app, lambda: scene_name(app) == "StatsScene" and top(app).data is not None)
    assert top(app).names == ["Ann", "Bob"] and top(app).name == "Ann"
    press(app, pygame.K_ESCAPE)
    run(app, 0.05)
    assert scene_name(app) == "TitleScene"
